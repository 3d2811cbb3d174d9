"""How much of 2-player block against a random opponent is winnable, and where a bot falls short.

    python benchmarks/block_ceiling.py --deals 2000              # the cheating ceiling
    python benchmarks/block_ceiling.py --deals 150 --bot hard    # and a bot's regret per decision

The *oracle* is shown the opponent's hand and plays the exact best reply to a
uniformly random opponent (domine.bots.exact.world_value, winning probability only):
no bot that sees only its own observation can do better, so its win rate
against ``random`` bounds every honest bot's. Deals are played twice with the
seats swapped, as in ``domine arena``; a tie counts half.

With ``--bot``, the bot plays the same deals against ``random`` and every one of
its decisions is scored by the oracle: the *regret* is how much winning
probability the chosen move gives up against the best move for the real hands,
summed per hand and split by the tiles the bot held. Regret that an exact
information-set search cannot remove (``hard`` searches endgames exactly) is
the price of not seeing the other hand.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from domine.bots import exact  # noqa: E402
from domine.sim.arena import deal_for  # noqa: E402
from domine.bots import make_bot  # noqa: E402
from domine.games import make_game  # noqa: E402
from domine.engine.hand import Deal, HandContext  # noqa: E402
from domine.sim.simulate import wilson_interval  # noqa: E402


def move_value(state, move: int, seat: int, utility, memo) -> float:
    """The oracle's winning chance after ``move`` (the hands as they really are)."""
    after = state.clone()
    after.apply_unchecked(move)
    if after.over:
        winners = after.result.winners
        return 0.5 if not winners else float(seat in winners)
    left, right = after.layout.values[0], after.layout.values[1]
    return exact.world_value(after.hands[seat], after.hands[1 - seat], left, right,
                             after.to_act == seat, utility, memo)


def play(game, deal: Deal, seat_of_a: int, choose, seed: int) -> tuple[float, dict[int, float]]:
    """Play one deal, ``choose(state, obs)`` for seat ``seat_of_a``, random for the other."""
    state = game.new_hand(Deal([h[:] for h in deal.hands], deal.stock[:], deal.aside[:]),
                          HandContext(hand_number=1, scores=[0, 0], target=game.target))
    opponent = make_bot("random", seed)
    utility, memo = exact.Utility(1.0, margin=0.0), {}
    regret: dict[int, float] = {}
    while not state.over:
        moves = state.legal_moves()
        seat = state.acting_seat()
        if len(moves) == 1:
            move = moves[0]
        elif seat == seat_of_a:
            move = choose(state, state.observation(seat))
            if state.layout.lead >= 0:
                values = {m: move_value(state, m, seat, utility, memo) for m in moves}
                held = state.hands[seat].bit_count()
                regret[held] = regret.get(held, 0.0) + max(values.values()) - values[move]
        else:
            move = opponent.choose(state.observation(seat))
        state.apply(move)
    winners = state.result.winners
    return (0.5 if not winners else float(seat_of_a in winners)), regret


def oracle_chooser():
    utility, memo = exact.Utility(1.0, margin=0.0), {}

    def choose(state, obs):
        seat = obs.seat
        return max(obs.legal_moves, key=lambda m: move_value(state, m, seat, utility, memo))
    return choose


def bot_chooser(name: str, seed: int):
    bot = make_bot(name, seed)
    return lambda state, obs: bot.choose(obs)


def measure(label: str, deals: int, seed: int, make_chooser) -> None:
    game = make_game("block", 2)
    score, plays, regret = 0.0, 0, {}
    for i in range(deals):
        deal = deal_for(game, seed, i)
        for seat in (0, 1):
            result, r = play(game, deal, seat, make_chooser(i * 2 + seat), seed * 7919 + i)
            score += result
            plays += 1
            for k, v in r.items():
                regret[k] = regret.get(k, 0.0) + v
    low, high = wilson_interval(score, plays)
    print(f"{label}: wins {score / plays:.1%} of {plays} hands against random (95% CI {low:.1%}-{high:.1%})")
    if any(regret.values()):
        print("  winning chance given up per hand, by tiles held when deciding:")
        for k in sorted(regret, reverse=True):
            print(f"    {k} tiles: {regret[k] / plays:.3f}")
        print(f"    total: {sum(regret.values()) / plays:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", help="also measure this bot (e.g. hard) and its regret per decision")
    args = parser.parse_args()
    oracle = oracle_chooser()
    measure("oracle (sees the other hand)", args.deals, args.seed, lambda s: oracle)
    if args.bot:
        measure(args.bot, args.deals, args.seed, lambda s: bot_chooser(args.bot, s))


if __name__ == "__main__":
    main()
