"""Provably fair deals: a hand dealt from a secret seed the server commits to before the deal.

The server draws a 256-bit seed (``new_seed``) and publishes ``commitment(seed)``, its SHA-256,
before the hand. The hand is dealt by the game's own ``deal_for`` (and its redeal rule, general
rule 18) from ``FairRandom(seed)``, a generator whose every draw is a key of the seed's key
stream, so the deal follows from the seed alone. After the hand the seed is revealed and anyone
checks both (``check_hand``; ``domine verify``; the browser's static/fair.js). docs/fair.md
gives the scheme precisely enough to check a deal with another program.
"""

from __future__ import annotations

import hashlib
import random
import secrets

from .hand import Deal, HandContext
from .reasons import Reason, because
from .tiles import mask_of

#: a key is the first 53 bits of a digest: exactly the precision of a double in [0, 1)
KEY_BITS = 53
_KEY_SCALE = 2.0 ** -KEY_BITS
#: reshuffles tried before a deal is given up as one the seed cannot give (general rule 18 needs
#: a few at most; a game whose redeal rule no deal meets would otherwise never end)
MAX_SHUFFLES = 1000


def new_seed() -> bytes:
    """A hand's seed: 32 bytes from the operating system's secure source."""
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    """What the server publishes before the deal: SHA-256 of the seed, in lowercase hex."""
    return hashlib.sha256(seed).hexdigest()


def key(seed: bytes, k: int) -> int:
    """The k-th key (k = 0, 1, ...): the first 53 bits of SHA-256(seed || k as 8 bytes, big-endian)."""
    digest = hashlib.sha256(seed + k.to_bytes(8, "big")).digest()
    return int.from_bytes(digest[:7], "big") >> 3


class FairRandom(random.Random):
    """A ``random.Random`` whose every draw comes from the seed's key stream, in order.

    ``random()`` is the next key / 2**53. Everything else a deal may use is built on the same
    stream: ``randrange``, ``randint``, ``choice``, ``shuffle`` and ``sample`` go through
    ``_randbelow`` (below), ``uniform`` and ``choices`` through ``random()``, ``getrandbits``
    through whole keys. Nothing reaches the Mersenne Twister underneath. ``drawn`` is the
    number of keys drawn so far (the next key's number).
    """

    def __init__(self, seed: bytes, drawn: int = 0):
        self.fair_seed = bytes(seed)
        self.drawn = drawn
        super().__init__(0)   # the base class's own state, never read

    def seed(self, a=None, version=2) -> None:
        """The key stream is the seed's: reseeding the Twister underneath changes nothing drawn."""
        super().seed(0)

    def next_key(self) -> int:
        k = self.drawn
        self.drawn = k + 1
        return key(self.fair_seed, k)

    def random(self) -> float:
        return self.next_key() * _KEY_SCALE

    def _randbelow(self, n: int) -> int:
        """A uniform whole number in [0, n): the next key modulo n, drawing again while the key
        falls in the incomplete last block of 2**53 (so no number is favoured)."""
        if not 0 < n <= 1 << KEY_BITS:
            raise ValueError(f"FairRandom draws below at most 2**{KEY_BITS}, not {n}")
        limit = (1 << KEY_BITS) - (1 << KEY_BITS) % n
        x = self.next_key()
        while x >= limit:
            x = self.next_key()
        return x % n

    def getrandbits(self, k: int) -> int:
        """k bits: whole keys, most significant first, the last one's top bits."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out, have = 0, 0
        while have < k:
            take = min(KEY_BITS, k - have)
            out = out << take | self.next_key() >> (KEY_BITS - take)
            have += take
        return out

    def getstate(self):
        return ("fair", self.fair_seed.hex(), self.drawn)

    def setstate(self, state) -> None:
        tag, seed_hex, drawn = state
        if tag != "fair":
            raise ValueError("not a FairRandom state")
        self.fair_seed, self.drawn = bytes.fromhex(seed_hex), int(drawn)


def deal_order(deal: Deal) -> list[int]:
    """Every tile of a deal in one line: the hands, seat 0 first, then the stock, then aside."""
    return [t for hand in deal.hands for t in hand] + list(deal.stock) + list(deal.aside)


class _Probe(random.Random):
    """Keys chosen by ``keyed_tiles``: increasing with their number, one of them moved."""

    def __init__(self, moved: int = -1, to: float = 0.0):
        self.moved, self.to, self.drawn = moved, to, 0
        super().__init__(0)

    def random(self) -> float:
        k = self.drawn
        self.drawn = k + 1
        return self.to if k == self.moved else 0.25 + k * 2.0 ** -30


def keyed_tiles(game, context: HandContext | None) -> list[int]:
    """Which tile each key of one shuffle goes to: entry j is the tile that takes key j, -1
    for a key drawn for no tile (Mexican Train draws one per tile of the set, the round's
    engine included, and sets the engine out before the shuffle).

    Found by asking the game's own ``deal_for`` with keys it cannot tell from random ones:
    increasing keys, then one key moved first (or last) at a time; the tile that moves is the
    key's. So no game's deal is described twice, here and in the game."""
    probe = _Probe()
    before = deal_order(game.deal_for(probe, context))
    m = probe.drawn
    tiles = []
    for j in range(m):
        tile = -1
        for to, moved_first in ((0.0, True), (0.9, False)):
            after = deal_order(game.deal_for(_Probe(j, to), context))
            p = next((i for i, (a, b) in enumerate(zip(before, after)) if a != b), None)
            if p is not None:
                tile = after[p] if moved_first else before[p]
                break
        tiles.append(tile)
    return tiles


def shuffled_order(keys: list[int], tiles: list[int]) -> list[int]:
    """The tiles sorted by their keys (``tiles[j]`` takes ``keys[j]``; ties by key number)."""
    return [tiles[j] for j in sorted(range(len(keys)), key=keys.__getitem__) if tiles[j] >= 0]


def fair_deal(game, seed: bytes, context: HandContext | None) -> tuple[Deal, list[int]]:
    """The hand's deal from ``seed``, and which tile took each key of its last shuffle.

    The deal is the game's own ``deal_for`` from ``FairRandom(seed)``, shuffled again while the
    game's redeal rule asks (general rule 18), exactly as ``Match.start_hand`` does; each
    shuffle goes on drawing keys. The list (``keyed_tiles``) is what the reveal sends: with
    the keys, it shows where every tile of the last shuffle went (docs/fair.md).
    """
    rng = FairRandom(seed)
    deal = game.deal_for(rng, context)
    per_shuffle = rng.drawn
    if game.redeals:
        ctx = context if context is not None else HandContext()
        shuffles = 1
        while game.needs_redeal([mask_of(h) for h in deal.hands], ctx):
            if shuffles >= MAX_SHUFFLES:
                raise ValueError(f"{game.id}: no deal its lead rule accepts in {MAX_SHUFFLES} shuffles")
            deal = game.deal_for(rng, ctx)   # general rule 18: reshuffle, same seats
            shuffles += 1
    tiles = keyed_tiles(game, context)
    keys = [key(seed, k) for k in range(rng.drawn - per_shuffle, rng.drawn)]
    keyed = set(tiles)
    if len(tiles) != per_shuffle or shuffled_order(keys, tiles) != [t for t in deal_order(deal) if t in keyed]:
        raise ValueError(f"{game.id}: the deal is not the game's tiles sorted by their keys")
    return deal, tiles


def _hex_bytes(text: object, size: int) -> bytes | None:
    if not isinstance(text, str) or len(text) != 2 * size:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


def same_deal(a: Deal, b: Deal) -> bool:
    return ([list(h) for h in a.hands], list(a.stock), list(a.aside)) == \
        ([list(h) for h in b.hands], list(b.stock), list(b.aside))


def check_hand(game, seed_hex: str, commitment_hex: str, deal: Deal,
               context: HandContext | None) -> Reason | None:
    """Why a hand's deal is not the fair one (None: it is): the seed is 32 bytes in hex, its
    SHA-256 is the commitment published before the deal, and the deal is the one it gives."""
    seed = _hex_bytes(seed_hex, 32)
    if seed is None:
        return because("fair-seed-unreadable", value=str(seed_hex)[:80])
    if _hex_bytes(commitment_hex, 32) is None:
        return because("fair-commitment-unreadable", value=str(commitment_hex)[:80])
    if commitment(seed) != commitment_hex.lower():
        return because("fair-commitment-differs")
    try:
        fair, _ = fair_deal(game, seed, context)
    except ValueError:
        return because("fair-deal-differs")
    if not same_deal(fair, deal):
        return because("fair-deal-differs")
    return None


__all__ = [
    "KEY_BITS",
    "FairRandom",
    "check_hand",
    "commitment",
    "deal_order",
    "fair_deal",
    "key",
    "keyed_tiles",
    "new_seed",
    "same_deal",
    "shuffled_order",
]
