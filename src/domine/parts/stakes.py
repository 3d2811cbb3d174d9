"""Playing for tokens (general rule 20): the ledger of a hand, its events, and decisions.

A game for stakes (``Game.stakes = True``) keeps a ``Ledger`` in its hand's rules
state (``state.rules["ledger"]``): each seat's token balance, the pot, the seats
sitting out and, once a hand has decided the match, its winners. It starts from
the balances the match carried into the hand (``HandContext.tokens``: the
balances, then the pot; ``HandContext.absent``) and the match carries it on
(``domine.engine.match.Match``).

Every transfer is an event of the history, seen by every seat: kind ``TOKENS``,
forced (the rules make it, it is no move), its actor the payer (a seat, or
``NOBODY`` for the pot), the payee in the end bits (``POT`` = 31 for the pot) and
the amount from bit 24. Records leave such events out like every forced event;
the replay makes them again. Balances plus the pot never change but by a
transfer: that sum stays what it was when the match began (0).

Decisions that are not tiles are moves of kind ``DECIDE``: a bid (``bid 3``),
an auction pass (``pass``), buying back in (``buy back``) and dropping out
(``drop out``). They go through ``legal_moves``/``apply`` like any other move
(``Game.filter_moves`` or ``Game.decisions`` offers them, ``Game.apply_move``
makes them), so records, replay, observations and bots need no special path.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.moves import DECIDE, TOKENS, IllegalMove, MalformedMove
from ..engine.notation import _parse_draw, register_format, register_notation, why_illegal
from ..engine.reasons import Reason, because
from ..engine.serial import register
from ..engine.moves import end_of, kind

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.hand import HandState

POT = 31
NOBODY = -1
AMOUNT_SHIFT = 24

# what a DECIDE move decides (bits 7-11); a bid carries its amount from bit 24
BID, NO_BID, BUY_BACK, DROP_OUT = 0, 1, 2, 3
_DECISION_WORDS = {NO_BID: "pass", BUY_BACK: "buy back", DROP_OUT: "drop out"}


def transfer(payer: int, payee: int, amount: int) -> tuple[int, int]:
    """The history entry of ``amount`` tokens from ``payer`` to ``payee`` (seats, or ``NOBODY``/``POT``)."""
    return payer, TOKENS | ((POT if payee < 0 else payee) << 7) | (amount << AMOUNT_SHIFT)


def decision(what: int, amount: int = 0) -> int:
    return DECIDE | (what << 7) | (amount << AMOUNT_SHIFT)


def bid(amount: int) -> int:
    return decision(BID, amount)


NO_BID_MOVE = decision(NO_BID)
BUY_BACK_MOVE = decision(BUY_BACK)
DROP_OUT_MOVE = decision(DROP_OUT)


def what_of(move: int) -> int:
    return end_of(move)


def amount_of(move: int) -> int:
    return move >> AMOUNT_SHIFT


def payee_of(event: int) -> int:
    p = end_of(event)
    return NOBODY if p == POT else p


def is_decision(move: int) -> bool:
    return kind(move) == DECIDE


class Ledger:
    """Balances per seat and the pot of one hand, kept up to date by ``pay``."""

    __slots__ = ("balances", "pot", "absent", "winners", "start")

    def __init__(self, balances: list[int], pot: int = 0, absent: int = 0):
        self.balances = balances
        self.pot = pot
        self.absent = absent
        self.winners: list[int] = []   # seats that won the match in this hand (the pot paid out)
        self.start = balances[:]       # the balances as the hand began

    @classmethod
    def for_hand(cls, state: "HandState") -> "Ledger":
        ctx = state.context
        tokens = ctx.tokens
        if tokens is None:
            return cls([0] * state.n, 0, ctx.absent)
        return cls(list(tokens[:-1]), tokens[-1], ctx.absent)

    def copy(self) -> "Ledger":
        other = Ledger.__new__(Ledger)
        other.balances, other.pot, other.absent = self.balances[:], self.pot, self.absent
        other.winners, other.start = self.winners[:], self.start
        return other

    def tokens(self) -> list[int]:
        """The balances, then the pot (what ``HandContext.tokens`` holds)."""
        return self.balances + [self.pot]

    def won(self) -> list[int]:
        """Each seat's tokens won (lost, if negative) in this hand."""
        return [b - s for b, s in zip(self.balances, self.start)]

    def active(self, n: int) -> list[int]:
        return [s for s in range(n) if not self.absent >> s & 1]

    def pay(self, state: "HandState", payer: int, payee: int, amount: int) -> None:
        """Move ``amount`` tokens from ``payer`` to ``payee`` (a seat, or ``NOBODY`` for the pot)
        and write the transfer into the history."""
        if amount <= 0:
            return
        if payer < 0:
            self.pot -= amount
        else:
            self.balances[payer] -= amount
        if payee < 0:
            self.pot += amount
        else:
            self.balances[payee] += amount
        state.emit(*transfer(payer, payee, amount))

    def ante(self, state: "HandState", amount: int) -> None:
        """Every seat in the hand pays ``amount`` into the pot, in seat order."""
        for s in self.active(state.n):
            self.pay(state, s, NOBODY, amount)

    def pay_out(self, state: "HandState", seats: list[int], ranking: list[int] | None = None) -> None:
        """Share the pot among ``seats``; tokens that do not divide go to the best of them in
        ``ranking`` (in seat order without one)."""
        if not seats or self.pot <= 0:
            return
        share, rest = divmod(self.pot, len(seats))
        order = [s for s in (ranking or seats) if s in seats]
        for s in seats:
            self.pay(state, NOBODY, s, share + (rest if s == order[0] else 0))


register(Ledger)


def ledger(state: "HandState") -> Ledger:
    return state.rules["ledger"]


def tokens_won(state: "HandState") -> list[int] | None:
    """Tokens each seat won in a hand of a game for stakes (None for other games)."""
    if not state.game.stakes or not state.rules:
        return None
    return state.rules["ledger"].won()


def transfers(history) -> list[tuple[int, int, int]]:
    """(payer, payee, amount) of every transfer in a history (``NOBODY`` is the pot)."""
    return [(seat, payee_of(e), amount_of(e)) for seat, e in history if kind(e) == TOKENS]


def balances_after(context_tokens: list[int] | None, n: int, history) -> list[int]:
    """Balances then pot after the transfers of ``history``, from the context's tokens: what
    any seat can work out from its observation."""
    tokens = list(context_tokens) if context_tokens is not None else [0] * (n + 1)
    for payer, payee, amount in transfers(history):
        tokens[payer if payer >= 0 else n] -= amount
        tokens[payee if payee >= 0 else n] += amount
    return tokens


def party(seat: int) -> str:
    return "the pot" if seat < 0 else f"seat {seat}"


def transfer_str(seat: int, event: int) -> str:
    """``seat 2 pays 3 to the pot`` / ``the pot pays 9 to seat 0``."""
    return f"{party(seat)} pays {amount_of(event)} to {party(payee_of(event))}"


# -- notation -------------------------------------------------------------------------------
def _format(state, move: int) -> str:
    what = what_of(move)
    if what == BID:
        return f"bid {amount_of(move)}"
    return _DECISION_WORDS.get(what, "decide")


def _format_tokens(state, event: int) -> str:
    return f"tokens {amount_of(event)} to {'pot' if payee_of(event) < 0 else payee_of(event)}"


def _explain(state, move: int, label: str) -> Reason:
    """Why a decision is refused: the game's own reason (``StakesGame.why_not``), else the
    decisions open now."""
    why = getattr(state.game, "why_not", None)
    reason = why(state, move, label) if why is not None else None
    if reason is not None:
        return reason
    from ..engine.notation import move_str
    options = [move_str(state, m) for m in state.legal_moves() if is_decision(m)]
    if not options:
        return because("nothing-to-decide", move=label)
    return because("decision-not-allowed", move=label, options=options)


def _parse_bid(state, words, legal):
    if len(words) != 2 or not words[1].isdigit():
        raise MalformedMove("bid-names-number")
    move = bid(int(words[1]))
    if move not in legal:
        raise IllegalMove(why_illegal(state, move, text=" ".join(words)))
    return move


def _parse_buy(state, words, legal):
    if len(words) == 2 and words[1] == "back":
        if BUY_BACK_MOVE not in legal:
            raise IllegalMove(why_illegal(state, BUY_BACK_MOVE, text="buy back"))
        return BUY_BACK_MOVE
    return _parse_draw(state, words, legal)   # "buy" is also a draw (a tile bought)


def _parse_drop(state, words, legal):
    if words != ["drop", "out"]:
        raise MalformedMove("drop-out-written")
    if DROP_OUT_MOVE not in legal:
        raise IllegalMove(why_illegal(state, DROP_OUT_MOVE, text="drop out"))
    return DROP_OUT_MOVE


register_format(DECIDE, _format, _explain)
register_format(TOKENS, _format_tokens)
register_notation(("bid",), _parse_bid)
register_notation(("buy",), _parse_buy)
register_notation(("drop",), _parse_drop)


def top_seats(values: list[int], seats: list[int], high: bool = True) -> list[int]:
    """The seats of ``seats`` with the best value (all of them where it is shared)."""
    best = (max if high else min)(values[s] for s in seats)
    return [s for s in seats if values[s] == best]
