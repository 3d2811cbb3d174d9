// The browser's own check of a provably fair deal (docs/fair.md), with Web Crypto alone.
//
// Before the hand the server sent `commitment`, SHA-256 of the hand's secret seed. After the
// hand it reveals {seed, shuffled, deal}: `shuffled[j]` is the tile that took key j of the
// deal's last shuffle (-1: a key drawn for no tile), `deal` every hand and the stock. Key k is
// the first 53 bits of SHA-256(seed || k as 8 bytes, big-endian); the tiles sorted by their
// keys, hands first, are the deal. This module checks all of that against what this browser
// saw when the hand began (its own tiles), and never trusts the server's word for any of it.

const HEX = /^[0-9a-f]*$/;
// a deal the game's lead rule refused is shuffled again from the next keys (general rule 18):
// the revealed deal may be the 2nd, 3rd... shuffle; a few are all any game needs
const MAX_SHUFFLES = 64;

function bytesOfHex(text) {
  if (typeof text !== "string" || text.length % 2 || !HEX.test(text.toLowerCase())) return null;
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function hexOf(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}

// A tile as an id: an id already, "a-b" in notation, or a view's {tile}.
export function tileId(tile) {
  if (tile !== null && typeof tile === "object") return tileId(tile.tile);
  if (typeof tile === "number") return tile;
  const m = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(String(tile));
  if (!m) return NaN;
  const [a, b] = [Number(m[1]), Number(m[2])].sort((x, y) => x - y);
  return (b * (b + 1)) / 2 + a;
}

/** SHA-256 of a seed given in hex, in lowercase hex: the commitment it answers. */
export async function commitmentOf(seedHex) {
  return hexOf(await sha256(bytesOfHex(seedHex)));
}

/** Keys `first` .. `first + count - 1` of the seed: whole numbers below 2**53 (exact in a double). */
export async function keys(seed, first, count) {
  const digests = [];
  for (let k = first; k < first + count; k++) {
    const message = new Uint8Array(seed.length + 8);
    message.set(seed);
    new DataView(message.buffer).setBigUint64(seed.length, BigInt(k), false);
    digests.push(sha256(message));
  }
  // 53 bits = the first 3 bytes (24 bits) then the top 29 bits of the next 4 bytes
  return (await Promise.all(digests)).map((d) => {
    const high = (d[0] << 16) | (d[1] << 8) | d[2];
    const low = new DataView(d.buffer).getUint32(3, false) >>> 3;
    return high * 2 ** 29 + low;
  });
}

/** The tiles of one shuffle sorted by their keys (ties, never seen, by key number). */
export function sortedByKeys(keyList, shuffled) {
  return shuffled
    .map((tile, j) => j)
    .sort((i, j) => keyList[i] - keyList[j] || i - j)
    .map((j) => shuffled[j])
    .filter((tile) => tile >= 0);
}

function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * Check a hand's revealed deal.
 * reveal: {seed, shuffled, deal: {hands, stock, aside}} as the server sends it;
 * commitment: the hex the server sent before the deal; myTiles: the tiles this seat was dealt,
 * as its browser saw them when the hand began (ids, "a-b" or the view's {tile}; -1 for a tile of
 * its own it was not shown); seat: this seat (null for a spectator: no tiles to compare).
 * Returns {ok, why, shuffles}: why is null or a code (docs/fair.md): "seed-unreadable",
 * "commitment-differs", "shuffled-not-in-order", "deal-differs", "hand-differs".
 */
export async function verifyHand(reveal, commitment, myTiles, seat) {
  const fail = (why) => ({ ok: false, why, shuffles: null });
  const seed = bytesOfHex(reveal && reveal.seed);
  if (seed === null || seed.length !== 32) return fail("seed-unreadable");
  if (typeof commitment !== "string" || hexOf(await sha256(seed)) !== commitment.toLowerCase()) {
    return fail("commitment-differs");
  }
  // the key of each tile: ascending tile ids, so the server cannot choose which tile takes which key
  const shuffled = Array.isArray(reveal.shuffled) ? reveal.shuffled.map(Number) : [];
  const placed = shuffled.filter((t) => t >= 0);
  if (!shuffled.length || !shuffled.every(Number.isInteger) || !placed.every((t, i) => i === 0 || t > placed[i - 1])) {
    return fail("shuffled-not-in-order");
  }
  const deal = reveal.deal || {};
  const hands = Array.isArray(deal.hands) ? deal.hands.map((h) => (Array.isArray(h) ? h.map(tileId) : [])) : [];
  const line = [...hands.flat(), ...(deal.stock || []).map(tileId), ...(deal.aside || []).map(tileId)];
  const keyed = new Set(placed);
  const expected = line.filter((t) => keyed.has(t));
  if (expected.length !== placed.length) return fail("deal-differs");
  let shuffles = null;
  for (let s = 0; s < MAX_SHUFFLES && shuffles === null; s++) {
    if (sameList(sortedByKeys(await keys(seed, s * shuffled.length, shuffled.length), shuffled), expected)) {
      shuffles = s + 1;
    }
  }
  if (shuffles === null) return fail("deal-differs");
  if (seat !== null && seat !== undefined) {
    const mine = hands[seat];
    const seen = (myTiles || []).map(tileId);
    const shown = seen.filter((t) => t >= 0);
    if (!mine || seen.length !== mine.length || !shown.every((t) => mine.includes(t))
        || new Set(shown).size !== shown.length) {
      return fail("hand-differs");
    }
  }
  return { ok: true, why: null, shuffles };
}
