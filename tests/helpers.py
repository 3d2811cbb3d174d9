"""Helpers shared by the test files: tiles, hands and moves written as text, deals, the command line.

Test files import them with ``from helpers import ...``: pytest's default (prepend) import mode
puts this folder, which has no ``__init__.py``, on sys.path. Two notations are in use:

- one tile per string, ``T("5-3")``, with ``names(*texts)`` for tile lists (block, draw, blitz, ...);
- several tiles in one string, ``tiles("5-3 6-6")``, with ``move_names(st)`` for the legal moves
  (bergen, cross, matador, ordinary; those files import them as ``T`` and ``names``, and ``hand``
  as ``held``).
"""

from __future__ import annotations

from typer.testing import CliRunner

from domine.cli import app
from domine.engine.hand import Deal, HandContext
from domine.engine.results import HandResult
from domine.engine.tiles import parse_tile, set_size, tile_str, tiles_of

runner = CliRunner()


# -- tiles ----------------------------------------------------------------------------------
def T(s: str) -> int:
    """One tile: ``T("5-3")``."""
    return parse_tile(s)


def tiles(text: str) -> list[int]:
    """Several tiles in one string: ``tiles("5-3 6-6")``."""
    return [parse_tile(x) for x in text.split()]


def names(*texts: str) -> list[str]:
    """Tiles in their normal notation, sorted: compares with ``hand``."""
    return sorted(tile_str(T(t)) for t in texts)


# -- the log ------------------------------------------------------------------------------------
def play_events(history: list) -> list:
    """A hand's events of play: its log without the closing ``end`` event (domine.engine.events)."""
    from domine.engine.moves import END, KIND_MASK
    return [(s, e) for s, e in history if e & KIND_MASK != END]


def moves_made(state) -> int:
    """The seats' moves in a hand's log (the events of the rules aside): what a record holds."""
    from domine.engine.moves import KINDS, KIND_MASK
    return sum(1 for s, e in state.history if s >= 0 and not KINDS[e & KIND_MASK].forced)


def step_randomly(state, steps, count: int) -> None:
    """Up to ``count`` moves of the step API, each ``steps.randrange`` among the legal ones
    (``steps`` a ``random.Random``): a hand taken to the middle of its play."""
    for _ in range(count):
        if state.over:
            break
        moves = state.legal_moves()
        state.apply(moves[steps.randrange(len(moves))])


# -- whole matches ---------------------------------------------------------------------------
def bots_play(match, bots, hands=None):
    """Play ``match`` to its end (or ``hands`` hands) with bots that see only their observation."""
    while not match.over and (hands is None or match.hands_played < hands):
        state = match.start_hand()
        while not state.over:
            seat = state.acting_seat()
            state.apply(bots[seat].choose(state.observation(seat)))
        match.finish_hand()
    return match


# -- a match's end ---------------------------------------------------------------------------
def match_after(game, scores, hands_played, results=()):
    """The game's verdict on a match with these totals after ``hands_played`` hands (None: it goes on)."""
    from domine.engine.match import Match

    match = Match(game, seed=0, context=HandContext(hand_number=hands_played + 1, scores=list(scores)))
    match.results = list(results)
    return game.match_result(match)


# -- a hand's state -------------------------------------------------------------------------
def hand(st, seat: int) -> list[str]:
    """The tiles ``seat`` holds, sorted."""
    return sorted(tile_str(t) for t in tiles_of(st.hands[seat]))


def moves(st) -> set[str]:
    """The legal moves in notation, as a set."""
    return {st.move_str(m) for m in st.legal_moves()}


def move_names(st) -> list[str]:
    """The legal moves in notation, sorted."""
    return sorted(st.move_str(m) for m in st.legal_moves())


def play(st, text: str) -> None:
    st.apply(st.parse_move(text))


def play_out(st) -> None:
    """Play the first legal move until the hand is over."""
    while not st.over:
        st.apply(st.legal_moves()[0])


# -- deals ----------------------------------------------------------------------------------
def _undealt(game, hands: list[list[int]], *placed: list[int]) -> list[int]:
    """Every tile of the game's set not in ``hands`` or ``placed``, by id; no tile given twice."""
    used = {t for h in hands for t in h}.union(*placed)
    assert len(used) == sum(len(h) for h in hands) + sum(len(p) for p in placed)
    return [t for t in range(set_size(game.max_pip)) if t not in used]


def make_deal(game, hands: list[list[str]], rest: str = "aside") -> Deal:
    """Hands as lists of tiles (``["5-3", "6-6"]``); every other tile of the set goes
    ``rest="aside"`` (out of play) or ``rest="stock"`` (drawable), by id."""
    hs = [[T(x) for x in h] for h in hands]
    others = _undealt(game, hs)
    if rest == "aside":
        return Deal(hs, aside=others)
    assert rest == "stock", rest
    return Deal(hs, stock=others)


def full_deal(game, hands: list[str], stock_first: str = "", stock_last: str = "") -> Deal:
    """Hands as strings (``"5-3 6-6"``); the stock is ``stock_first``, then every other tile of
    the set by id, then ``stock_last``."""
    hs = [tiles(h) for h in hands]
    first, last = tiles(stock_first), tiles(stock_last)
    return Deal(hs, stock=first + _undealt(game, hs, first, last) + last)


def previous(ranking: list[int]) -> HandResult:
    """A blocked previous hand whose ranking is ``ranking``."""
    n = len(ranking)
    return HandResult(reason="blocked", out_seat=None, hand_values=[0] * n, tiles_left=[1] * n,
                      points=[0] * n, winners=[ranking[0]], ranking=ranking)


def later_hand(game, hands: list[str], stock_first: str = "", stock_last: str = "", loser: int = 0):
    """Hand 2 of a match (scores 0) dealt as ``full_deal``; ``loser`` (ordinary: the weakest)
    ranked last in the previous hand."""
    n = len(hands)
    ranking = [s for s in range(n) if s != loser] + [loser]
    ctx = HandContext(hand_number=2, scores=[0] * n, previous=previous(ranking))
    return game.new_hand(full_deal(game, hands, stock_first, stock_last), ctx)


# -- the command line -----------------------------------------------------------------------
def run(*args: str, input: str | None = None):
    """Invoke the command line in-process; no exception other than SystemExit, no traceback."""
    result = runner.invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def assert_deal_sizes(game_id, n, k, stock, seed):
    """A deal of ``game_id`` for n players: k tiles each, ``stock`` left, the set once over."""
    import random

    from domine.games import make_game
    g = make_game(game_id, players=n)
    d = g.deal(random.Random(seed))
    assert [len(h) for h in d.hands] == [k] * n
    assert len(d.stock) == stock
    assert d.aside == []
    assert sorted([t for h in d.hands for t in h] + d.stock) == list(range(28))


def assert_lowest_wins_at(g, target):
    """3 players: nothing ends below ``target``; at it the lowest total wins; a tie plays on."""
    assert match_after(g, [target - 1, 20, 30], 2) is None
    assert match_after(g, [target, 20, 30], 2).winners == [1]
    assert match_after(g, [target, 20, 20], 2) is None


def random_positions(game, seed: int, hands: int = 2, share: float = 1.0):
    """(state, seat to act) at the positions of a few hands of random play from a seeded match:
    every position, or (``share`` < 1) each with that chance. The states are live: read them
    before the next one comes."""
    import random
    from domine.engine.match import Match
    match = Match(game, seed=seed)
    rng = random.Random(seed)
    for _ in range(hands):
        if match.over:
            return
        state = match.start_hand()
        while not state.over:
            if share >= 1 or rng.random() < share:
                yield state, state.acting_seat()
            state.apply(rng.choice(state.legal_moves()))
        match.finish_hand()
