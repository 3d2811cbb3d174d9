// What every page of the client shares: its words (GET /api/i18n/{lang}), the language menu,
// small DOM helpers, and drawing tiles and layouts in SVG from the view's geometry
// (docs/layouts.md: x grows right, y down, a tile is 2 x 1 cells, an arm's axis runs through
// the middle of its tiles). No build step, no library: plain ES modules.

export const NS = "http://www.w3.org/2000/svg";
let STRINGS = {};
export let LANG = "en";
export let LANGUAGES = { en: "English" };

export function t(key, params = {}) {
  const text = STRINGS[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function svgEl(tag, attrs = {}, ...children) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c) node.append(c);
  return node;
}

// The language: the one chosen in the menu before (kept on this device), else the browser's.
export function chooseLanguage() {
  const saved = localStorage.getItem("domine.lang");
  if (saved) return saved;
  for (const raw of navigator.languages || [navigator.language || "en"]) {
    const l = raw.toLowerCase();
    if (l.startsWith("pl")) return "pl";
    if (l.startsWith("sr")) return l.includes("latn") ? "sr-Latn" : "sr-Cyrl";
    if (l.startsWith("hr") || l.startsWith("bs") || l.startsWith("sh")) return "sr-Latn";
    if (l.startsWith("en")) return "en";
  }
  return "en";
}

export async function loadStrings(lang) {
  const reply = await fetch(`/api/i18n/${encodeURIComponent(lang)}`);
  const data = reply.ok ? await reply.json() : await (await fetch("/api/i18n/en")).json();
  STRINGS = data.strings;
  LANG = data.lang;
  LANGUAGES = data.languages;
  document.documentElement.lang = LANG;
  return data;
}

// A <select> of the languages; choosing one keeps it and redraws the page (``onChange``).
export function languageMenu(onChange) {
  const select = el("select", { "data-testid": "language", "aria-label": t("app.language") },
    Object.entries(LANGUAGES).map(([code, name]) => el("option", { value: code, selected: code === LANG }, name)));
  select.addEventListener("change", async () => {
    localStorage.setItem("domine.lang", select.value);
    await loadStrings(select.value);
    onChange();
  });
  return el("label", { class: "lang" }, el("span", { class: "visually-hidden" }, t("app.language")), select);
}

export async function api(path, options = {}) {
  const reply = await fetch(path, {
    headers: options.body ? { "Content-Type": "application/json" } : {},
    ...options,
    body: options.body && typeof options.body !== "string" ? JSON.stringify(options.body) : options.body,
  });
  const text = await reply.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!reply.ok) {
    const detail = data && (data.text || data.detail || data.reason);
    throw new Error(typeof detail === "string" ? detail : `${reply.status} ${reply.statusText}`);
  }
  return data;
}

// A live region that a screen reader reads out (events, refusals).
export function announce(region, text) {
  if (!region || !text) return;
  const line = el("p", {}, text);
  region.append(line);
  while (region.childNodes.length > 5) region.firstChild.remove();
}

// -- tiles ------------------------------------------------------------------------------------
// Pips of a half of 1 x 1 cell, on a 3 x 3 grid (0.25, 0.5, 0.75); 10 to 12 as a numeral.
const G = [0.25, 0.5, 0.75];
const PIPS = {
  0: [], 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]], 5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  7: [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [2, 2]],
  8: [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
  9: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
};

function half(group, pips, x, y) {
  if (pips < 0) return;
  if (pips > 9) {
    group.append(svgEl("text", { x: x + 0.5, y: y + 0.68, class: "pipnum", "text-anchor": "middle" },
      document.createTextNode(String(pips))));
    return;
  }
  for (const [i, j] of PIPS[pips]) group.append(svgEl("circle", { cx: x + G[i], cy: y + G[j], r: 0.09, class: "pip" }));
}

// One tile at (x, y), w x h cells (2 x 1 lying, 1 x 2 standing); pips [first, second] (-1: face down).
export function drawTile(parent, x, y, w, h, pips, opts = {}) {
  const g = svgEl("g", { class: "tile" + (opts.faceDown || pips[0] < 0 ? " face-down" : "") + (opts.last ? " last" : "")
    + (opts.wild ? " wild" : "") + (opts.cls ? " " + opts.cls : "") });
  const inset = 0.04;
  g.append(svgEl("rect", { x: x + inset, y: y + inset, width: w - 2 * inset, height: h - 2 * inset, rx: 0.12, class: "face" }));
  if (opts.faceDown || pips[0] < 0) {
    g.append(svgEl("rect", { x: x + 0.2, y: y + 0.2, width: w - 0.4, height: h - 0.4, rx: 0.08, class: "back" }));
  } else if (w >= h) {
    g.append(svgEl("line", { x1: x + w / 2, y1: y + 0.15, x2: x + w / 2, y2: y + h - 0.15, class: "divider" }));
    half(g, pips[0], x, y);
    half(g, pips[1], x + 1, y);
  } else {
    g.append(svgEl("line", { x1: x + 0.15, y1: y + h / 2, x2: x + w - 0.15, y2: y + h / 2, class: "divider" }));
    half(g, pips[0], x, y);
    half(g, pips[1], x, y + 1);
  }
  if (opts.label) g.append(svgEl("title", {}, document.createTextNode(opts.label)));
  parent.append(g);
  return g;
}

// A tile alone, for a hand or a list: standing (1 x 2) unless ``lying``.
export function tileSvg(pips, { lying = false, label = "", cls = "" } = {}) {
  const [w, h] = lying ? [2, 1] : [1, 2];
  const svg = svgEl("svg", { viewBox: `0 0 ${w} ${h}`, class: "tile-svg " + cls, "aria-hidden": "true", focusable: "false" });
  drawTile(svg, 0, 0, w, h, pips, { label });
  return svg;
}

// -- layouts ----------------------------------------------------------------------------------
// The rectangle where a tile laid on an open end would lie.
export function placeRect(end) {
  const [dx, dy] = end.direction;
  if (dx !== 0) return { x: dx > 0 ? end.x : end.x - 2, y: end.y - 0.5, w: 2, h: 1 };
  return { x: end.x - 0.5, y: dy > 0 ? end.y : end.y - 2, w: 1, h: 2 };
}

// The geometry to draw at a width of ``px`` pixels: the plain one, or a line laid as a snake
// (the widest of the view's snakes that still gives a cell ``minCell`` pixels).
export function fitGeometry(geo, px, minCell = 22) {
  if (!geo) return geo;
  const cells = (g) => { const b = bounds(g); return b.x1 - b.x0 + 1; };
  if (px / cells(geo) >= minCell || !geo.snakes) return geo;
  const widths = Object.keys(geo.snakes).map(Number).sort((a, b) => b - a);
  for (const w of widths) if (px / cells(geo.snakes[w]) >= minCell) return { ...geo.snakes[w], snakes: geo.snakes };
  return widths.length ? { ...geo.snakes[widths[widths.length - 1]], snakes: geo.snakes } : geo;
}

export function bounds(geo) {
  let x0 = 0, y0 = 0, x1 = 0, y1 = 0, first = true;
  const take = (x, y, w, h) => {
    if (first) { x0 = x; y0 = y; x1 = x + w; y1 = y + h; first = false; return; }
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x + w); y1 = Math.max(y1, y + h);
  };
  for (const p of geo.pieces || []) take(p.x, p.y, p.w, p.h);
  for (const e of geo.ends || []) if (!e.closed) { const r = placeRect(e); take(r.x, r.y, r.w, r.h); }
  for (const region of geo.regions || []) for (const [x, y] of region) take(x, y, 1, 1);
  if (first) take(-1, -1, 2, 2);
  return { x0, y0, x1, y1 };
}

// The layout as an SVG element. ``places``: [{move, end, label}] highlighted as buttons calling
// ``onPlace(move)``; ``title`` is the picture's accessible name.
export function drawLayout(geo, { places = [], onPlace = null, title = "", minCell = 22, width = 0 } = {}) {
  const b = bounds(geo);
  const vx = b.x0 - 0.5, vy = b.y0 - 0.5, vw = b.x1 - b.x0 + 1, vh = b.y1 - b.y0 + 1;
  const svg = svgEl("svg", { viewBox: `${vx} ${vy} ${vw} ${vh}`, class: "layout", role: "img",
    "aria-label": title, "data-testid": "layout", "data-kind": geo.kind });
  // wide enough that a cell is at least ``minCell`` pixels: a scroll, never a clipped or tiny tile
  const need = vw * minCell;
  if (width && need > width) svg.style.width = `${need}px`;
  else svg.style.maxWidth = `${vw * 44}px`;   // a short line is not blown up to the table's width
  svg.style.aspectRatio = `${vw} / ${vh}`;
  for (const region of geo.regions || []) {   // a network's closed rings, shaded
    for (const [x, y] of region) svg.append(svgEl("rect", { x, y, width: 1, height: 1, class: "ring" }));
  }
  for (const p of geo.pieces || []) {
    drawTile(svg, p.x, p.y, p.w, p.h, p.pips, { faceDown: p.face_down, last: p.last, wild: p.wild,
      label: p.face_down ? "" : `${p.pips[0]}-${p.pips[1]}` });
  }
  const markers = new Set(geo.markers || []);
  for (const e of geo.ends || []) {
    const r = placeRect(e);
    const state = e.state || (e.closed ? "closed" : e.open_now ? "open" : "waiting");
    const lx = r.x + r.w / 2, ly = r.y + r.h / 2;
    if (!e.closed) svg.append(svgEl("rect", { x: r.x + 0.08, y: r.y + 0.08, width: r.w - 0.16, height: r.h - 0.16, rx: 0.1,
      class: `end ${state}` }));
    const text = svgEl("text", { x: lx, y: ly + 0.15, class: `end-label ${state}`, "text-anchor": "middle" },
      document.createTextNode(e.closed ? "×" : `${e.name}:${e.value}`));
    svg.append(text);
    if (e.marker || (e.owner >= 0 && markers.has(e.owner) && geo.kind === "trains")) {
      svg.append(svgEl("circle", { cx: r.x + r.w - 0.2, cy: r.y + 0.2, r: 0.18, class: "marker" },
        svgEl("title", {}, document.createTextNode("marker"))));
    }
  }
  for (const p of places) {
    const e = (geo.ends || []).find((x) => x.end === p.end);
    const r = e ? placeRect(e) : { x: -1, y: -0.5, w: 2, h: 1 };
    const g = svgEl("g", { class: "place", role: "button", tabindex: "0", "aria-label": p.label,
      "data-testid": `place-${p.move}`, "data-move": p.move });
    // the target to tap: the tile's place grown to two cells each way
    g.append(svgEl("rect", { x: r.x + r.w / 2 - 1, y: r.y + r.h / 2 - 1, width: 2, height: 2, class: "hit" }));
    g.append(svgEl("rect", { x: r.x, y: r.y, width: r.w, height: r.h, rx: 0.12, class: "spot" }));
    const go = (ev) => { ev.preventDefault(); onPlace && onPlace(p.move); };
    g.addEventListener("click", go);
    g.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") go(ev); });
    svg.append(g);
  }
  return svg;
}

// Rows of the blind games: one row of tiles per seat, face down where the reader has not seen them.
export function drawRows(rows, seatName) {
  const box = el("div", { class: "rows", "data-testid": "rows" });
  rows.forEach((row, s) => {
    box.append(el("div", { class: "row" }, el("span", { class: "row-name" }, seatName(s)),
      row.map((tile) => el("span", { class: "row-tile", role: "img", "aria-label": tile.label },
        tileSvg(tile.pips, { label: tile.label })))));
  });
  return box;
}

export function seatName(view, s) {
  const seats = (view && view.table && view.table.seats) || [];
  const named = seats[s] && seats[s].name;
  const label = t("table.seat", { seat: s });
  const base = named && named.toLowerCase() !== label.toLowerCase() && named !== `seat ${s}` ? `${named} (${label})` : label;
  return view && view.table && view.table.you === s ? t("table.you", { name: base }) : base;
}
