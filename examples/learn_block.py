"""An agent that learns 2-player block from its own hands, in a few minutes, with NumPy alone.

    PYTHONPATH=src python examples/learn_block.py --minutes 4 --seed 1

The learner is one seat of the Gymnasium environment ``domine/Block-v0`` (docs/rl.md); the
other seat is a domine bot. Its policy is a small actor-critic network on the observation
tensor: one hidden layer, a masked softmax over the action space (an action the mask forbids
gets probability 0, so it is never chosen) and a value head that serves as the baseline of
REINFORCE. Every hand is one episode; its return is the learner's margin (its points minus
the opponent's), so losing big costs as much as winning big pays.

It writes the learning curve as a PNG, then plays the trained agent (always its most likely
action) against ``random`` and ``greedy`` on duplicate deals, each deal from both seats, as
``domine arena`` does, and prints the result with 95% intervals. The same seed and the same
``--episodes`` give the same agent and the same numbers; ``--minutes`` stops at the first
batch past the time, and the episodes it reached, printed, repeat the run. docs/learning.md
tells what came of it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from pathlib import Path

import gymnasium
import numpy as np
import typer

import domine.rl  # noqa: F401  (registers domine/Block-v0)
from domine.bots import make_bot
from domine.engine.hand import Deal, HandContext
from domine.games import make_game
from domine.rl.tensor import TensorCodec
from domine.sim.arena import deal_for, game_sides, margin_of_play, mean_ci, outcome_of_play, play_out
from domine.sim.simulate import derive_seed

GAME = "block"
PLAYERS = 2
POINT_SCALE = 20.0   # a margin of 20 points is a return of 1: the network's numbers stay near 1
HIDDEN = 128


# ---------------------------------------------------------------------------------------
# The network: tensor -> hidden layer -> (action logits, value)
# ---------------------------------------------------------------------------------------
def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The policy over the legal actions: exactly 0 where ``mask`` is 0, rows summing to 1."""
    legal = mask.astype(bool)
    z = np.where(legal, logits, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.where(legal, np.exp(z), 0.0)
    return e / e.sum(axis=-1, keepdims=True)


class ActorCritic:
    """One tanh hidden layer shared by a policy head and a value head, trained with Adam."""

    def __init__(self, inputs: int, actions: int, rng: np.random.Generator, hidden: int = HIDDEN,
                 lr: float = 1e-3):
        def init(n_in: int, n_out: int, gain: float) -> np.ndarray:
            return rng.normal(0.0, gain / math.sqrt(n_in), (n_in, n_out))
        self.p = {
            "W1": init(inputs, hidden, 1.0), "b1": np.zeros(hidden),
            "Wp": init(hidden, actions, 0.01), "bp": np.zeros(actions),   # near-uniform at first
            "Wv": init(hidden, 1, 1.0), "bv": np.zeros(1),
        }
        self.lr = lr
        self.m = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.p.items()}
        self.t = 0

    def forward(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(hidden, logits, value) of a batch of tensors (or of one)."""
        h = np.tanh(x @ self.p["W1"] + self.p["b1"])
        return h, h @ self.p["Wp"] + self.p["bp"], (h @ self.p["Wv"] + self.p["bv"])[..., 0]

    def policy(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return masked_softmax(self.forward(x)[1], mask)

    def act(self, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """A legal action: sampled from the policy with ``rng``, else the most likely one."""
        pi = self.policy(x, mask)
        if rng is None:
            return int(np.argmax(pi))
        return int(rng.choice(len(pi), p=pi))

    def update(self, x: np.ndarray, mask: np.ndarray, actions: np.ndarray, returns: np.ndarray,
               entropy: float = 0.01, value_coef: float = 0.5) -> dict:
        """One gradient step of REINFORCE with the value as baseline, an entropy bonus and the
        value's squared error; the loss's parts, for the log."""
        n = len(actions)
        h, logits, value = self.forward(x)
        pi = masked_softmax(logits, mask)
        adv = returns - value
        adv_n = (adv - adv.mean()) / (adv.std() + 1e-8)
        # d(-log pi[a] * adv)/dlogits = (pi - onehot(a)) * adv
        g_logits = pi.copy()
        g_logits[np.arange(n), actions] -= 1.0
        g_logits *= adv_n[:, None]
        # d(-entropy)/dlogits = pi * (log pi + H), over the legal actions only
        logp = np.log(np.where(pi > 0, pi, 1.0))
        ent = -(pi * logp).sum(axis=1)
        g_logits += entropy * pi * (logp + ent[:, None])
        g_logits /= n
        g_value = value_coef * (value - returns) / n
        grads = {
            "Wp": h.T @ g_logits, "bp": g_logits.sum(axis=0),
            "Wv": h.T @ g_value[:, None], "bv": np.array([g_value.sum()]),
        }
        g_h = (g_logits @ self.p["Wp"].T + g_value[:, None] @ self.p["Wv"].T) * (1.0 - h * h)
        grads["W1"] = x.T @ g_h
        grads["b1"] = g_h.sum(axis=0)
        self._adam(grads)
        return {"entropy": float(ent.mean()), "value_error": float((adv * adv).mean())}

    def _adam(self, grads: dict, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            mhat = self.m[k] / (1 - b1 ** self.t)
            vhat = self.v[k] / (1 - b2 ** self.t)
            self.p[k] -= self.lr * mhat / (np.sqrt(vhat) + eps)


# ---------------------------------------------------------------------------------------
# Training
# ---------------------------------------------------------------------------------------
def margin_of(info: dict, seat: int) -> float:
    """The learner's points of the hand minus its opponent's (the hand's result in ``info``)."""
    points = info["hand"]["points"]
    return float(points[seat] - sum(p for s, p in enumerate(points) if s != seat))


@dataclass
class Curve:
    """One point per batch: episodes so far, the batch's mean margin and win rate (ties half)."""

    episodes: list[int] = field(default_factory=list)
    margin: list[float] = field(default_factory=list)
    win_rate: list[float] = field(default_factory=list)


def train(opponents: list[str], episodes: int | None, minutes: float | None, seed: int,
          batch: int = 64, say=print) -> tuple[ActorCritic, Curve, float]:
    """Train against ``opponents`` (episodes spread over them in turn, the learner at both
    seats); stop after ``episodes`` or once ``minutes`` have passed. The agent, its curve
    and the seconds it took."""
    rng = np.random.default_rng(seed)
    envs = []
    for k, name in enumerate(opponents):
        for seat in range(PLAYERS):
            env = gymnasium.make(domine.rl.env_id(GAME), players=PLAYERS, opponents=name, seat=seat)
            envs.append((env, seat, env.reset(seed=derive_seed(seed, k, seat) % (1 << 31))))
    env0 = envs[0][0]
    agent = ActorCritic(env0.observation_space.shape[0], env0.action_space.n, rng)
    curve = Curve()
    start = time.perf_counter()
    done = 0
    last_say = start
    while True:
        xs, masks, acts, rets, margins, wins = [], [], [], [], [], []
        for e in range(batch):
            slot = (done + e) % len(envs)
            env, seat, (obs, info) = envs[slot]
            steps = 0
            while True:
                mask = info["action_mask"]
                a = agent.act(obs, mask, rng)
                xs.append(obs)
                masks.append(mask)
                acts.append(a)
                steps += 1
                obs, _, over, _, info = env.step(a)
                if over:
                    break
            margin = margin_of(info, seat)
            rets.extend([margin / POINT_SCALE] * steps)
            margins.append(margin)
            winners = info["hand"]["winners"]
            wins.append(1.0 if winners == [seat] else 0.5 if not winners else 0.0)
            envs[slot] = (env, seat, env.reset())
        agent.update(np.asarray(xs, dtype=np.float64), np.asarray(masks), np.asarray(acts), np.asarray(rets))
        done += batch
        curve.episodes.append(done)
        curve.margin.append(float(np.mean(margins)))
        curve.win_rate.append(float(np.mean(wins)))
        now = time.perf_counter()
        if now - last_say >= 10 or (episodes is not None and done >= episodes):
            last_say = now
            k = min(len(curve.margin), 20)
            say(f"  {done:>7} hands  {now - start:6.0f} s  last {k * batch} hands: "
                f"margin {np.mean(curve.margin[-k:]):+.2f}  win rate {np.mean(curve.win_rate[-k:]):.1%}")
        if episodes is not None and done >= episodes:
            break
        if minutes is not None and now - start >= minutes * 60:
            break
    return agent, curve, time.perf_counter() - start


# ---------------------------------------------------------------------------------------
# Evaluation on duplicate deals
# ---------------------------------------------------------------------------------------
class AgentBot:
    """The trained agent as a domine bot: it sees its seat's Observation and nothing else."""

    name = "learned"

    def __init__(self, agent: ActorCritic, game):
        self.agent = agent
        self.tensor = TensorCodec(game)
        self.codec = game.actions

    def choose(self, obs) -> int:
        mask = np.zeros(self.codec.size, dtype=np.int8)
        mask[[self.codec.encode(m) for m in obs.legal_moves]] = 1
        return self.codec.decode(self.agent.act(self.tensor.encode(obs), mask))


@dataclass
class Evaluation:
    opponent: str
    deals: int
    win_rate: tuple[float, float, float]   # (mean, lo, hi)
    margin: tuple[float, float, float]


def evaluate(agent: ActorCritic, opponent: str, deals: int, seed: int) -> Evaluation:
    """The agent (side A) against ``opponent`` (side B) on ``deals`` duplicate deals: each dealt
    as ``domine arena`` deals it with this seed and played twice, the seats swapped."""
    game = make_game(GAME, PLAYERS, {})
    scores, margins = [], []
    for i in range(deals):
        deal = deal_for(game, seed, i)
        oc, mg = [], []
        for play in (0, 1):
            sides = game_sides(game, swapped=play == 1)
            bots = [AgentBot(agent, game) if side == "A" else make_bot(opponent, derive_seed(seed, i, play, s))
                    for s, side in enumerate(sides)]
            state = game.new_hand(Deal([h[:] for h in deal.hands], deal.stock[:], deal.aside[:]),
                                  HandContext(hand_number=1, scores=[0] * PLAYERS, target=game.target))
            play_out(state, bots, {"A": "learned", "B": opponent}, sides, [0.0, 0.0], [0, 0], f", deal {i}")
            oc.append(outcome_of_play(state.result.winners, sides))
            mg.append(margin_of_play(state.result.points, list(range(PLAYERS)), sides))
        scores.append(sum(oc) / 2)
        margins.append(sum(mg) / 2)
    return Evaluation(opponent, deals, mean_ci(scores, lo_clip=0.0, hi_clip=1.0), mean_ci(margins))


def table(results: list[Evaluation]) -> str:
    """The results as a Markdown table (it goes into docs/learning.md as printed)."""
    lines = ["| opponent | deals | win rate | 95% interval | margin (points/hand) | 95% interval |",
             "|---|---|---|---|---|---|"]
    for r in results:
        w, wl, wh = r.win_rate
        m, ml, mh = r.margin
        lines.append(f"| {r.opponent} | {r.deals} | {w:.1%} | {wl:.1%} – {wh:.1%} | {m:+.2f} | {ml:+.2f} – {mh:+.2f} |")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------------
# The picture
# ---------------------------------------------------------------------------------------
def smooth(values: list[float], width: int) -> np.ndarray:
    """The running mean over the last ``width`` values (fewer at the start)."""
    c = np.cumsum(np.insert(np.asarray(values, dtype=float), 0, 0.0))
    idx = np.arange(1, len(values) + 1)
    lo = np.maximum(idx - width, 0)
    return (c[idx] - c[lo]) / (idx - lo)


def draw(curve: Curve, results: list[Evaluation], path: Path, title: str) -> None:
    """Two panels: the training hands' win rate and margin, per batch and smoothed, with the
    evaluation's results at the end as points with their intervals."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 4.2), dpi=110, layout="constrained")
    fig.suptitle(title, fontsize=11)
    axes = fig.subplots(1, 2)
    width = max(1, len(curve.episodes) // 30)
    x = np.asarray(curve.episodes)
    for ax, ys, label, fmt in ((axes[0], curve.win_rate, "win rate (ties count half)", "{:.0%}"),
                               (axes[1], curve.margin, "margin (points per hand)", "{:+.0f}")):
        ax.plot(x, ys, color="#c0c8d8", linewidth=0.8, label="per batch")
        ax.plot(x, smooth(ys, width), color="#4c72b0", linewidth=2, label=f"mean of {width} batches")
        ax.axhline(0.5 if ax is axes[0] else 0.0, color="#888888", linewidth=0.8, linestyle="--")
        ax.set_xlabel("training hands")
        ax.set_title(label)
        ax.grid(alpha=0.3)
    for r, colour in zip(results, ("#dd8452", "#55a868", "#c44e52")):
        for ax, (m, lo, hi) in ((axes[0], r.win_rate), (axes[1], r.margin)):
            ax.errorbar([x[-1]], [m], yerr=[[m - lo], [hi - m]], fmt="o", color=colour, capsize=4,
                        label=f"evaluation vs {r.opponent}")
    axes[0].yaxis.set_major_formatter(lambda v, _: f"{v:.0%}")
    axes[0].legend(fontsize=8, loc="lower right")
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png")


# ---------------------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------------------
def main(
    minutes: float = typer.Option(4.0, help="Train for about this long (stops at the first batch past it)."),
    episodes: int = typer.Option(0, help="Train for exactly this many hands instead (0: use --minutes)."),
    seed: int = typer.Option(1, help="Seed of the network, the sampling and the training deals."),
    out: Path = typer.Option(Path("docs/pictures/learning-block.png"), help="The learning curve (PNG)."),
    eval_deals: int = typer.Option(1000, help="Duplicate deals against each of random and greedy."),
    opponents: str = typer.Option("greedy", help="Training opponents, comma-separated bot names."),
    batch: int = typer.Option(64, help="Hands per gradient step."),
) -> None:
    """Train an actor-critic on 2-player block, draw its learning curve, evaluate it."""
    names = [n.strip() for n in opponents.split(",") if n.strip()]
    if episodes < 0 or minutes <= 0 or eval_deals < 2 or batch < 1 or not names:
        raise typer.BadParameter("--episodes >= 0, --minutes > 0, --eval-deals >= 2, --batch >= 1, "
                                 "one opponent at least")
    if out.suffix.lower() != ".png":
        raise typer.BadParameter(f"--out {out}: the picture is a .png file")
    budget = f"{episodes} hands" if episodes else f"{minutes:g} minutes"
    print(f"training on {GAME} ({PLAYERS} players) against {', '.join(names)} for {budget}, seed {seed}")
    agent, curve, seconds = train(names, episodes or None, None if episodes else minutes, seed, batch)
    print(f"trained on {curve.episodes[-1]} hands in {seconds:.0f} s "
          f"(repeat: --episodes {curve.episodes[-1]} --seed {seed})")
    results = []
    for name in ("random", "greedy"):
        t0 = time.perf_counter()
        results.append(evaluate(agent, name, eval_deals, seed))
        print(f"evaluated against {name} on {eval_deals} duplicate deals in {time.perf_counter() - t0:.0f} s")
    draw(curve, results, out, f"REINFORCE with a baseline on 2-player block against {', '.join(names)} "
                              f"(seed {seed}, {curve.episodes[-1]} hands, {seconds / 60:.1f} min)")
    print(f"learning curve: {out}")
    print()
    print(table(results))


if __name__ == "__main__":
    typer.run(main)
