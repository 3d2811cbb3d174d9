"""An agent that learns 2-player block from its own hands, in a few minutes, with NumPy alone.

    PYTHONPATH=src python examples/learn_block.py            # 30,000 hands, seed 1
    PYTHONPATH=src python examples/learn_block.py --minutes 2 --eval-deals 300

The learner is one seat of the Gymnasium environment ``domine/Block-v0`` (docs/rl.md); the
other seat is a domine bot. Its policy is a small actor-critic network on the observation
tensor: one hidden layer, a masked softmax over the action space (an action the mask forbids
gets probability 0, so it is never chosen) and a value head, the baseline. It learns by PPO's
clipped policy gradient, with advantages by GAE(lambda), a few passes over each batch of hands.
Every hand is one episode; its reward, at its end, is the learner's margin (its points minus
the opponent's), so losing big costs as much as winning big pays.

It writes the learning curve as a PNG, then plays the trained agent (always its most likely
action) against ``random`` and ``greedy`` on duplicate deals, each deal from both seats, as
``domine arena`` does, and prints the result with 95% intervals. The same seed and the same
``--episodes`` give the same agent and the same numbers; ``--minutes`` stops at the first
batch past the time, and the hands it reached, printed, repeat the run with ``--episodes``.
docs/learning.md tells what came of it.
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
from domine.bots import BotError, greedy_move, make_bot
from domine.engine.hand import Deal, HandContext
from domine.games import make_game
from domine.rl.tensor import TensorCodec
from domine.sim.arena import deal_for, game_sides, margin_of_play, mean_ci, outcome_of_play, play_out
from domine.sim.simulate import derive_seed

GAME = "block"
PLAYERS = 2
POINT_SCALE = 20.0   # a margin of 20 points is a return of 1: the network's numbers stay near 1
HIDDEN = 128
LR = 1e-3           # Adam's step size at the start
EPISODES = 30000     # the default budget: about six minutes of one core (docs/learning.md)


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
                 lr: float = LR):
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

    def update(self, x: np.ndarray, mask: np.ndarray, actions: np.ndarray, old_logp: np.ndarray,
               advantages: np.ndarray, returns: np.ndarray, rng: np.random.Generator, epochs: int = 4,
               minibatch: int = 256, clip: float = 0.2, entropy: float = 0.01, value_coef: float = 0.5) -> dict:
        """PPO's clipped objective: ``epochs`` passes over the batch in shuffled minibatches, each a
        gradient step on the policy (advantages normalised), an entropy bonus and the value's
        squared error. The last minibatch's entropy, for the log."""
        adv_all = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
        n_all = len(actions)
        ent = np.zeros(1)
        for _ in range(epochs):
            order = rng.permutation(n_all)
            for lo in range(0, n_all, minibatch):
                i = order[lo:lo + minibatch]
                n = len(i)
                h, logits, value = self.forward(x[i])
                pi = masked_softmax(logits, mask[i])
                logp = np.log(np.where(pi > 0, pi, 1.0))
                ratio = np.exp(logp[np.arange(n), actions[i]] - old_logp[i])
                adv = adv_all[i]
                # the clipped objective has no gradient where the ratio is out of its band on
                # the side the advantage pushes it; elsewhere d(-ratio * adv)/dlogits = ratio * adv * (pi - onehot)
                live = np.where(adv > 0, ratio < 1 + clip, ratio > 1 - clip)
                g_logits = pi.copy()
                g_logits[np.arange(n), actions[i]] -= 1.0
                g_logits *= (ratio * adv * live)[:, None]
                ent = -(pi * logp).sum(axis=1)   # d(-entropy)/dlogits = pi * (log pi + H), legal actions only
                g_logits += entropy * pi * (logp + ent[:, None])
                g_logits /= n
                g_value = value_coef * (value - returns[i]) / n
                grads = {"Wp": h.T @ g_logits, "bp": g_logits.sum(axis=0),
                         "Wv": h.T @ g_value[:, None], "bv": np.array([g_value.sum()])}
                g_h = (g_logits @ self.p["Wp"].T + g_value[:, None] @ self.p["Wv"].T) * (1.0 - h * h)
                grads["W1"] = x[i].T @ g_h
                grads["b1"] = g_h.sum(axis=0)
                self._adam(grads)
        return {"entropy": float(ent.mean())}

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
          batch: int = 64, epochs: int = 4, lam: float = 0.95, say=print) -> tuple[ActorCritic, Curve, float]:
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
        xs, masks, acts, logps, advs, rets, margins, wins = [], [], [], [], [], [], [], []
        size = batch if episodes is None else min(batch, episodes - done)
        for e in range(size):
            slot = (done + e) % len(envs)
            env, seat, (obs, info) = envs[slot]
            values = []
            while True:
                mask = info["action_mask"]
                _, logits, value = agent.forward(obs)
                pi = masked_softmax(logits, mask)
                a = int(rng.choice(len(pi), p=pi))
                xs.append(obs)
                masks.append(mask)
                acts.append(a)
                logps.append(math.log(pi[a]))
                values.append(float(value))
                obs, _, over, _, info = env.step(a)
                if over:
                    break
            margin = margin_of(info, seat)
            # the advantages by GAE(lambda): the reward comes at the hand's end alone
            nxt, gae, hand_advs = 0.0, 0.0, []
            reward = margin / POINT_SCALE
            for t in range(len(values) - 1, -1, -1):
                delta = (reward if t == len(values) - 1 else 0.0) + nxt - values[t]
                gae = delta + lam * gae
                hand_advs.append(gae)
                nxt = values[t]
            hand_advs.reverse()
            advs.extend(hand_advs)
            rets.extend(adv + v for adv, v in zip(hand_advs, values))
            margins.append(margin)
            winners = info["hand"]["winners"]
            wins.append(1.0 if winners == [seat] else 0.5 if not winners else 0.0)
            envs[slot] = (env, seat, env.reset())
        # the step size falls linearly to nothing over the budget: the last policy settles
        spent = max(done / episodes if episodes else 0.0,
                    (time.perf_counter() - start) / (minutes * 60) if minutes else 0.0)
        agent.lr = LR * max(0.0, 1.0 - spent)
        agent.update(np.asarray(xs, dtype=np.float64), np.asarray(masks), np.asarray(acts), np.asarray(logps),
                     np.asarray(advs), np.asarray(rets), rng, epochs=epochs)
        done += size
        curve.episodes.append(done)
        curve.margin.append(float(np.mean(margins)))
        curve.win_rate.append(float(np.mean(wins)))
        now = time.perf_counter()
        if now - last_say >= 10 or (episodes is not None and done >= episodes):
            last_say = now
            k = min(len(curve.margin), 20)
            recent = done - (curve.episodes[-k - 1] if len(curve.episodes) > k else 0)
            say(f"  {done:>7} hands  {now - start:6.0f} s  last {recent} hands: "
                f"margin {np.mean(curve.margin[-k:]):+.2f}  win rate {np.mean(curve.win_rate[-k:]):.1%}")
        if episodes is not None and done >= episodes:
            break
        if minutes is not None and now - start >= minutes * 60:
            break
    return agent, curve, time.perf_counter() - start


# ---------------------------------------------------------------------------------------
# Evaluation on duplicate deals
# ---------------------------------------------------------------------------------------
@dataclass
class Agreement:
    """How often the agent's choices (those with two legal moves or more) are the ones
    ``greedy`` and ``heuristic`` would make there, and how often a random choice would be."""

    choices: int = 0
    greedy: int = 0
    heuristic: int = 0
    chance: float = 0.0

    def line(self) -> str:
        n = max(self.choices, 1)
        return (f"its {self.choices} choices: greedy's {self.greedy / n:.0%}, heuristic's "
                f"{self.heuristic / n:.0%} (a random choice: {self.chance / n:.0%})")


class AgentBot:
    """The trained agent as a domine bot: it sees its seat's Observation and nothing else, and
    plays its most likely action. With ``agreement``, its choices are compared as they are made."""

    name = "learned"

    def __init__(self, agent: ActorCritic, game, agreement: Agreement | None = None):
        self.agent = agent
        self.tensor = TensorCodec(game)
        self.codec = game.actions
        self.agreement = agreement
        self.heuristic = make_bot("heuristic", 0) if agreement is not None else None

    def choose(self, obs) -> int:
        mask = np.zeros(self.codec.size, dtype=np.int8)
        mask[[self.codec.encode(m) for m in obs.legal_moves]] = 1
        move = self.codec.decode(self.agent.act(self.tensor.encode(obs), mask))
        if self.agreement is not None:
            a = self.agreement
            a.choices += 1
            a.greedy += move == greedy_move(obs.legal_moves)
            a.heuristic += move == self.heuristic.choose(obs)
            a.chance += 1 / len(obs.legal_moves)
        return move


@dataclass
class Evaluation:
    opponent: str
    deals: int
    win_rate: tuple[float, float, float]   # (mean, lo, hi)
    margin: tuple[float, float, float]
    agreement: Agreement


def evaluate(agent: ActorCritic, opponent: str, deals: int, seed: int) -> Evaluation:
    """The agent (side A) against ``opponent`` (side B) on ``deals`` duplicate deals: each dealt
    as ``domine arena`` deals it with this seed and played twice, the seats swapped."""
    game = make_game(GAME, PLAYERS, {})
    scores, margins = [], []
    agreement = Agreement()
    for i in range(deals):
        deal = deal_for(game, seed, i)
        oc, mg = [], []
        for play in (0, 1):
            sides = game_sides(game, swapped=play == 1)
            bots = [AgentBot(agent, game, agreement) if side == "A" else make_bot(opponent, derive_seed(seed, i, play, s))
                    for s, side in enumerate(sides)]
            state = game.new_hand(Deal([h[:] for h in deal.hands], deal.stock[:], deal.aside[:]),
                                  HandContext(hand_number=1, scores=[0] * PLAYERS, target=game.target))
            play_out(state, bots, {"A": "learned", "B": opponent}, sides, [0.0, 0.0], [0, 0], f", deal {i}")
            oc.append(outcome_of_play(state.result.winners, sides))
            mg.append(margin_of_play(state.result.points, list(range(PLAYERS)), sides))
        scores.append(sum(oc) / 2)
        margins.append(sum(mg) / 2)
    return Evaluation(opponent, deals, mean_ci(scores, lo_clip=0.0, hi_clip=1.0), mean_ci(margins),
                      agreement)


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
def refuse(message: str) -> None:
    """Bad input: one line on stderr and exit code 2."""
    typer.echo(f"learn_block.py: {message}", err=True)
    raise typer.Exit(2)


app = typer.Typer(add_completion=False)


@app.command()
def main(
    episodes: int = typer.Option(EPISODES, help="Train on this many hands (0: no limit but --minutes)."),
    minutes: float = typer.Option(0.0, help="Stop after about this many minutes (at the first batch past "
                                            "them; 0: no limit but --episodes)."),
    seed: int = typer.Option(1, help="Seed of the network, the sampling and the training deals."),
    out: Path = typer.Option(Path("docs/pictures/learning-block.png"), help="The learning curve (PNG)."),
    eval_deals: int = typer.Option(2000, help="Duplicate deals against each of random and greedy."),
    opponents: str = typer.Option("greedy", help="Training opponents, comma-separated bot names."),
    batch: int = typer.Option(64, help="Hands per gradient step."),
) -> None:
    """Train an actor-critic on 2-player block, draw its learning curve, evaluate it."""
    names = [n.strip() for n in opponents.split(",") if n.strip()]
    if episodes < 0 or minutes < 0 or eval_deals < 2 or batch < 1 or not (episodes or minutes):
        refuse("--episodes and --minutes are 0 or more, one of them more; --eval-deals 2 or more, --batch 1 or more")
    if out.suffix.lower() != ".png":
        refuse(f"--out {out}: the learning curve is a .png file")
    if not names:
        refuse("--opponents names one bot at least")
    for name in names:
        try:
            make_bot(name)
        except BotError as e:
            refuse(f"--opponents: {e}")
    budget = " or ".join(([f"{episodes} hands"] if episodes else []) + ([f"{minutes:g} minutes"] if minutes else []))
    print(f"training on {GAME} ({PLAYERS} players) against {', '.join(names)} for {budget}, seed {seed}")
    cpu = time.process_time()
    agent, curve, seconds = train(names, episodes or None, minutes or None, seed, batch)
    print(f"trained on {curve.episodes[-1]} hands in {seconds:.0f} s ({time.process_time() - cpu:.0f} s of CPU) "
          f"(repeat: --episodes {curve.episodes[-1]} --seed {seed})")
    results = []
    for name in ("random", "greedy"):
        t0 = time.perf_counter()
        results.append(evaluate(agent, name, eval_deals, seed))
        print(f"evaluated against {name} on {eval_deals} duplicate deals in {time.perf_counter() - t0:.0f} s")
    draw(curve, results, out, f"An actor-critic (PPO) learning 2-player block against {', '.join(names)} "
                              f"(seed {seed}, {curve.episodes[-1]} hands, {seconds / 60:.1f} min)")
    print(f"learning curve: {out}")
    print()
    print(table(results))
    print()
    for r in results:
        print(f"against {r.opponent}, {r.agreement.line()}")


if __name__ == "__main__":
    app()
