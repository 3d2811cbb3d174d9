// The table page: one WebSocket (/ws/{table}), the seat's token from the URL's fragment, the
// view the server sends drawn for every layout (docs/server.md, "The WebSocket" and "The view").
// It keeps the last (hand, seq) it saw and, after a lost connection, says it in ``hello`` and
// receives only what it missed.
import {
  announce, api, boardWidth, bounds, chooseLanguage, drawLayout, drawRows, el, fitGeometry, languageMenu, loadStrings, player, seatName,
  t, tileSvg,
} from "./common.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const token = decodeURIComponent(location.hash.slice(1)) || null;

const state = {
  view: null, welcome: null, seat: null, since: null, socket: null, tries: 0, connected: false,
  selected: null, history: [], historyHand: null, hint: null, refused: "", commitments: {}, dealt: {},
  fair: {}, ready: false, nextId: 1, rules: null, statusText: "", counterOpen: false,
};

let live;   // the aria-live region

// -- the connection ---------------------------------------------------------------------------
function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(tableId)}`);
  state.socket = socket;
  setConnection(t("table.connecting"));
  socket.addEventListener("open", () => {
    state.tries = 0;
    state.connected = true;
    setConnection(t("table.connected"));
    send({ type: "hello", token, since: state.since, lang: document.documentElement.lang, name: player().name || undefined,
      counter: state.counterOpen });   // the server works out the tile counter only for a page that shows it
  });
  socket.addEventListener("message", (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    receive(msg);
  });
  socket.addEventListener("close", () => {
    state.connected = false;
    if (state.socket !== socket) return;
    const delay = Math.min(30, 2 ** state.tries) * (0.75 + Math.random() * 0.5);   // backoff with jitter
    state.tries += 1;
    setConnection(t("table.reconnecting", { seconds: Math.round(delay) }));
    setTimeout(connect, delay * 1000);
  });
}

function send(msg) {
  if (state.socket && state.socket.readyState === WebSocket.OPEN) state.socket.send(JSON.stringify(msg));
}

function sendMove(fields) {
  state.refused = "";
  send({ type: "move", id: state.nextId++, ...fields });
}

function receive(msg) {
  switch (msg.type) {
    case "welcome":
      state.welcome = msg;
      state.seat = msg.seat ?? null;
      break;
    case "update": {
      const events = msg.events || [];
      if (state.historyHand !== msg.hand || msg.reset) {
        state.history = []; state.historyHand = msg.hand; state.ready = false;
      }
      const seen = state.since && state.since.hand === msg.hand ? state.since.seq : -1;
      for (const e of events) {
        if (e.seq <= seen && !msg.reset) continue;   // told before the connection was lost
        state.history.push(e);
        if (e.kind === "score" && e.actor >= 0) {   // points scored during play, shown as they happen
          state.scored = t("table.scored", { seat: seatName(msg.view || state.view, e.actor), points: eventText(e).replace(/^scores /, "") });
          clearTimeout(state.scoredTimer);
          state.scoredTimer = setTimeout(() => { state.scored = ""; render(); }, 5000);
        }
        const who = e.actor >= 0 ? seatName(msg.view || state.view, e.actor) : "";
        announce(live, who ? t("table.played", { seat: who, move: eventText(e) }) : eventText(e));
      }
      if (events.length) state.since = { hand: msg.hand, seq: events[events.length - 1].seq };
      if (msg.view) {
        state.view = msg.view;
        const h = msg.view.hand;
        // the tiles this seat was dealt, for the fair-deal check: taken before it has moved, and
        // kept in the tab's session storage so that a reload mid-hand still has them
        const key = `domine.dealt.${tableId}.${h ? h.number : 0}`;
        if (h && !(h.number in state.dealt)) {
          const kept = sessionStorage.getItem(key);
          const moved = state.history.some((e) => e.actor === msg.view.table.you && e.kind !== "draw");
          if (kept) state.dealt[h.number] = JSON.parse(kept);
          else if (msg.view.tiles.length && !moved && (state.history.length === 0 || state.history[0].seq === 0)) {
            state.dealt[h.number] = msg.view.tiles.map((x) => x.tile).filter((x) => x >= 0);
            sessionStorage.setItem(key, JSON.stringify(state.dealt[h.number]));
          }
        }
        if (h && h.commitment) state.commitments[h.number] = h.commitment;
      }
      state.hint = null;
      render();
      break;
    }
    case "hand":
      state.commitments[msg.hand] = msg.commitment;
      state.fair[msg.hand] = { state: "pending" };
      render();
      break;
    case "reveal":
      verify(msg);
      break;
    case "seat":
      if (state.view && state.view.table && state.view.table.seats && state.view.table.seats[msg.seat]) {
        Object.assign(state.view.table.seats[msg.seat], msg);
        render();
      }
      break;
    case "refused":
      state.refused = msg.text || msg.reason || "";
      announce(live, t("table.refused", { text: state.refused }));
      render();
      break;
    case "hint":
      state.hint = msg;
      announce(live, t("table.hint_is", { move: msg.text }));
      render();
      break;
    default:
      break;
  }
}

async function verify(msg) {
  const hand = msg.hand;
  state.fair[hand] = { state: "checking" };
  render();
  try {
    const fair = await import("./fair.js");
    const mine = state.dealt[hand] || (state.seat !== null && msg.deal && msg.deal.hands ? msg.deal.hands[state.seat] : []);
    const out = await fair.verifyHand(msg, state.commitments[hand], mine, state.seat);
    state.fair[hand] = { state: out.ok ? "ok" : "bad", why: out.why || "" };
  } catch (e) {
    state.fair[hand] = { state: "bad", why: String(e.message || e) };
  }
  render();
}

// An event's notation without the seat the server writes before it ("1: 5-3 R"): the page names the seat.
function eventText(e) {
  const text = e.text ?? e.kind;
  const prefix = `${e.actor}: `;
  return e.actor >= 0 && text.startsWith(prefix) ? text.slice(prefix.length) : text;
}

function setConnection(text) {
  state.statusText = text;
  const node = document.querySelector("[data-testid=connection]");
  if (node) node.textContent = text;
}

// -- drawing ----------------------------------------------------------------------------------
function header() {
  return el("header", { class: "top" },
    el("a", { href: "/", "data-testid": "lobby-link" }, "domine"),
    el("span", {}, state.view && state.view.table ? (state.view.table.game_name || state.view.table.game || "") : ""),
    el("span", { class: "spacer" }),
    el("span", { "data-testid": "connection", role: "status" }, state.statusText),
    languageMenu(() => { render(); if (state.socket) state.socket.close(); }));   // a new hello in the new language
}

function fairBadge(hand) {
  const f = state.fair[hand.number] || (hand.commitment ? { state: "pending" } : null);
  if (!f) return null;
  const text = { pending: t("table.fair_pending"), checking: t("table.fair_checking"), ok: t("table.fair_ok"),
    bad: t("table.fair_bad", { why: f.why || "" }) }[f.state];
  return el("span", { class: `badge ${f.state === "ok" ? "ok" : f.state === "bad" ? "bad" : ""}`, "data-testid": "fair",
    "data-state": f.state, title: state.commitments[hand.number] || "" }, text);
}

function seatsPanel(view) {
  const h = view.hand;
  const seats = (view.table && view.table.seats) || [];
  const n = h ? h.hand_sizes.length : seats.length;
  const list = el("ul", { class: "seats", "data-testid": "seats" });
  for (let s = 0; s < n; s++) {
    const info = seats[s] || {};
    const bits = [];
    if (info.kind === "bot") bits.push(`${t("table.bot")}${info.level ? " " + info.level : ""}`);
    if (info.bot && info.kind !== "bot") bits.push(t("table.replaced"));
    if (info.connected === false && info.kind !== "bot") bits.push(t("table.away"));
    if (h && h.teams && new Set(h.teams).size < h.teams.length) bits.push(t("table.team", { letter: "AB"[h.teams[s]] }));
    const toAct = h && h.to_act === s && !h.over;
    list.append(el("li", { "data-testid": `seat-${s}`, "aria-current": toAct ? "true" : null,
      class: info.connected === false && info.kind !== "bot" ? "away" : "" },
      el("strong", {}, seatName(view, s)), " ", h ? t("table.tiles_in_hand", { count: h.hand_sizes[s] }) : "",
      bits.length ? el("span", { class: "muted" }, ` · ${bits.join(" · ")}`) : null,
      h && h.tokens ? el("span", {}, ` · ${h.tokens[s]}`) : null));
  }
  return list;
}

function statusLine(view) {
  const h = view.hand;
  const you = view.table ? view.table.you : null;
  const items = [el("span", { "data-testid": "hand-number" }, t("table.hand", { number: h.number }))];
  if (!h.over && h.to_act >= 0) {
    items.push(el("span", { class: "turn", "data-testid": "turn" },
      h.to_act === you ? t("table.your_turn") : t("table.turn_of", { seat: seatName(view, h.to_act) })));
  }
  items.push(el("span", { "data-testid": "stock" }, t("table.stock", { count: h.stock })));
  items.push(el("span", { "data-testid": "scores" }, `${t("table.scores")}: ${h.scores.join(" · ")}`
    + (h.points.some((p) => p) ? ` (${t("table.this_hand", { points: h.points.join(" · ") })})` : "")));
  if (h.pot !== null && h.pot !== undefined) items.push(el("span", { "data-testid": "pot" }, t("table.pot", { count: h.pot })));
  for (const s of h.status || []) {
    if (s.key === "pot" || s.key === "balances") continue;
    items.push(el("span", { "data-testid": `status-${s.key.replace(/ /g, "-")}` },
      `${s.label}: ${Array.isArray(s.value) ? s.value.join(" · ") : s.value}`));
  }
  if (view.last) items.push(el("span", { "data-testid": "last" }, t("table.last", { seat: seatName(view, view.last.seat), move: view.last.text })));
  items.push(fairBadge(h));
  if (state.scored) items.push(el("strong", { class: "scored", "data-testid": "scored" }, state.scored));
  return el("div", { class: "status-line panel" }, items);
}

function boardSection(view) {
  const geo = view.layout;
  const movesOfTile = state.selected === null ? [] : view.moves.filter((m) => m.kind === "place" && m.tile === state.selected);
  const board = el("section", { class: "board", "aria-label": t("table.layout") });
  if (!geo || !geo.pieces || !geo.pieces.length) {
    board.append(el("p", { style: "color:#fff" }, t("table.empty")));
  }
  if (geo) {
    const width = boardWidth();
    const fitted = state.zoom ? geo : fitGeometry(geo, width);
    if (fitted.pieces && (fitted.pieces.length || movesOfTile.length)) {
      const svg = drawLayout(fitted, {
        places: movesOfTile.map((m) => ({ move: m.move, end: m.end, label: m.label })),
        onPlace: (move) => { state.selected = null; sendMove({ move }); },
        title: t("table.map", { count: geo.pieces.length }), width: state.zoom ? 0 : width,
      });
      // a layout drawn small to fit (a phone): a button draws it at full size, to scroll across
      const b = bounds(fitted);
      if (state.zoom || width / (b.x1 - b.x0 + 1) < 22) {
        if (state.zoom) { svg.style.width = `${(b.x1 - b.x0 + 1) * 30}px`; svg.style.maxWidth = "none"; svg.style.maxHeight = "none"; }
        board.append(el("button", { type: "button", class: "zoom", "data-testid": "zoom", "aria-pressed": state.zoom ? "true" : "false",
          onclick: () => { state.zoom = !state.zoom; render(); } }, state.zoom ? t("table.zoom_out") : t("table.zoom_in")));
      }
      board.append(svg);
    }
    if (geo.rows) board.append(drawRows(geo.rows, (s) => seatName(view, s)));
  }
  return board;
}

function handSection(view) {
  const you = view.table ? view.table.you : null;
  if (you === null || you === undefined) return el("p", { class: "muted", "data-testid": "spectator" }, t("table.spectator"));
  const rows = view.layout && view.layout.rows;
  const list = el("ul", { class: "hand", "data-testid": "hand", "aria-label": rows ? t("table.your_row") : t("table.your_tiles") });
  const buttons = [];
  view.tiles.forEach((tile, i) => {
    const hinted = state.hint && view.moves.some((m) => m.move === state.hint.move && m.tile === tile.tile && tile.tile >= 0);
    const b = el("button", {
      type: "button", class: `tile-button ${tile.playable ? "playable" : "unplayable"}${hinted ? " hinted" : ""}`,
      "aria-label": tile.label + (tile.playable ? " ✓" : ""), "aria-pressed": state.selected === tile.tile && tile.tile >= 0 ? "true" : "false",
      "data-testid": tile.tile >= 0 ? `tile-${tile.tile}` : `tile-back-${i}`, "data-playable": tile.playable ? "true" : "false",
      tabindex: i === 0 ? "0" : "-1",
    }, tileSvg(tile.pips, { label: tile.label }));
    b.addEventListener("click", () => {
      if (!tile.playable) return;
      state.selected = state.selected === tile.tile ? null : tile.tile;
      render();
      const first = document.querySelector("[data-testid=places] button");
      if (first) first.focus();
    });
    b.addEventListener("keydown", (ev) => {   // arrow keys move along the hand
      const k = ev.key;
      if (k !== "ArrowLeft" && k !== "ArrowRight" && k !== "Home" && k !== "End") return;
      ev.preventDefault();
      const j = k === "Home" ? 0 : k === "End" ? buttons.length - 1 : (i + (k === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length;
      buttons.forEach((x, n) => x.setAttribute("tabindex", n === j ? "0" : "-1"));
      buttons[j].focus();
    });
    buttons.push(b);
    list.append(el("li", {}, b));
  });
  const box = el("section", { "aria-label": t("table.your_tiles") }, el("h2", { class: "visually-hidden" }, t("table.your_tiles")), list);
  // the places of the chosen tile, as buttons too (a list for the keyboard and the screen reader)
  if (state.selected !== null) {
    const tile = view.tiles.find((x) => x.tile === state.selected);
    const places = view.moves.filter((m) => m.kind === "place" && m.tile === state.selected);
    box.append(el("div", { class: "places", "data-testid": "places", role: "group",
      "aria-label": t("table.choose_place", { tile: tile ? tile.label : "" }) },
    places.map((m) => el("button", { type: "button", class: "primary", "data-testid": "place", "data-move": m.move,
      "data-text": m.text, "aria-label": m.label, onclick: () => { state.selected = null; sendMove({ move: m.move }); } }, m.label))));
  }
  const others = view.moves.filter((m) => m.kind !== "place");
  if (others.length) {
    box.append(el("div", { class: "moves", role: "group", "aria-label": t("table.moves"), "data-testid": "moves" },
      others.map((m) => el("button", { type: "button", "data-testid": "move", "data-move": m.move, "data-text": m.text,
        "data-kind": m.kind, "aria-label": m.label, class: state.hint && state.hint.move === m.move ? "primary" : "",
        onclick: () => sendMove({ move: m.move }) }, m.label))));
  }
  if (view.hand.over) return box;   // the hand is over: nothing to play, the result says the rest
  const input = el("input", { type: "text", name: "move", autocomplete: "off", "data-testid": "notation-input",
    "aria-label": t("table.notation"), placeholder: t("table.notation") });
  const form = el("form", { class: "notation", "data-testid": "notation" }, input,
    el("button", { type: "submit", "data-testid": "notation-submit" }, t("table.play")));
  form.addEventListener("submit", (ev) => { ev.preventDefault(); if (input.value.trim()) sendMove({ text: input.value.trim() }); input.value = ""; });
  box.append(form);
  const tools = [el("button", { type: "button", "data-testid": "hint", onclick: () => send({ type: "hint", id: state.nextId++ }) }, t("table.hint"))];
  if (view.table && view.table.undo) tools.push(el("button", { type: "button", "data-testid": "undo", onclick: () => send({ type: "undo", id: state.nextId++ }) }, t("table.undo")));
  box.append(el("div", { class: "moves" }, tools));
  if (state.hint) box.append(el("p", { "data-testid": "hint-text" }, t("table.hint_is", { move: state.hint.text })));
  if (state.refused) box.append(el("p", { class: "error", role: "alert", "data-testid": "refused" }, t("table.refused", { text: state.refused })));
  return box;
}

// Who a score belongs to: a seat, or a team where the game scores partnerships.
function scorerName(view, i, count) {
  const teams = view.hand && view.hand.teams;
  if (teams && count < teams.length) return t("table.team", { letter: "AB"[i] || String(i) });
  return seatName(view, i);
}

function resultSection(view) {
  const r = view.result;
  if (!r) return null;
  const n = (r.hands || []).length;
  const perSeat = r.points.length === n;   // points by seat (else by team, listed under the table)
  const head = el("tr", {}, el("th", { scope: "col" }, t("table.col_seat")), el("th", { scope: "col" }, t("table.col_left")),
    el("th", { scope: "col", class: "num" }, t("table.col_count")),
    perSeat ? el("th", { scope: "col", class: "num" }, t("table.points")) : null,
    perSeat && r.totals ? el("th", { scope: "col", class: "num" }, t("table.totals")) : null);
  const rows = (r.hands || []).map((tiles, s) => el("tr", { class: (r.winners || []).includes(s) ? "winner" : "" },
    el("th", { scope: "row" }, seatName(view, s)),
    el("td", { class: "small-tiles" }, tiles.length ? tiles.map((x) => el("span", { role: "img", "aria-label": x.label }, tileSvg(x.pips, { label: x.label })))
      : el("span", { class: "muted" }, t("table.out"))),
    el("td", { class: "num" }, String((r.hand_values || [])[s] ?? "")),
    perSeat ? el("td", { class: "num" }, String(r.points[s])) : null,
    perSeat && r.totals ? el("td", { class: "num" }, String(r.totals[s])) : null));
  const line = (values) => values.map((v, i) => `${scorerName(view, i, values.length)} ${v}`).join(" · ");
  const box = el("section", { class: "panel result", "data-testid": "result", "aria-labelledby": "result-title" },
    el("h2", { id: "result-title" }, t("table.hand_over"), r.reason ? ` (${r.reason_words || r.reason})` : ""),
    el("div", { class: "table-wrap" }, el("table", {}, el("caption", { class: "visually-hidden" }, t("table.every_hand")),
      el("thead", {}, head), el("tbody", {}, rows))),
    el("p", { "data-testid": "points", class: perSeat ? "visually-hidden" : "" }, `${t("table.points")}: ${line(r.points)}`),
    r.totals ? el("p", { "data-testid": "totals", class: perSeat ? "visually-hidden" : "" }, `${t("table.totals")}: ${line(r.totals)}`) : null);
  if (view.match) {
    box.append(el("p", { "data-testid": "match-over" }, el("strong", {}, t("table.match_over")), " ",
      t("table.winners", { seats: (view.match.winners || []).map((s) => seatName(view, s)).join(", ") })));
  } else if (view.table && view.table.you !== null && view.table.you !== undefined) {
    box.append(el("button", { type: "button", class: "primary", "data-testid": "ready", disabled: state.ready,
      onclick: () => { state.ready = true; send({ type: "ready" }); render(); } }, state.ready ? t("table.waiting") : t("table.ready")));
  }
  box.append(el("a", { class: "button", href: `/api/tables/${encodeURIComponent(tableId)}/record`, download: `${tableId}.json`,
    "data-testid": "record" }, t("table.record")));
  return box;
}

function sidePanels(view) {
  const c = view.counter;
  const counter = el("details", { class: "panel", "data-testid": "counter", open: state.counterOpen },
    el("summary", {}, t("table.counter")));
  counter.addEventListener("toggle", () => {   // the server sends the counter only while it is open
    if (counter.open === state.counterOpen) return;
    state.counterOpen = counter.open;
    send({ type: "counter", open: counter.open });
  });
  if (c) {
    counter.append(el("p", {}, t("table.unseen", { count: c.count, tiles: c.unseen.map(tileText).join(" ") })));
    for (const [s, lacks] of Object.entries(c.lacks)) {
      counter.append(el("p", {}, lacks.length ? t("table.lacks", { seat: seatName(view, Number(s)), numbers: lacks.join(", ") })
        : t("table.nothing_known", { seat: seatName(view, Number(s)) })));
    }
  }
  const history = el("details", { class: "panel", "data-testid": "history", open: true }, el("summary", {}, t("table.history")),
    el("ol", { class: "history" }, state.history.map((e) => el("li", {},
      e.actor >= 0 ? t("table.played", { seat: seatName(view, e.actor), move: eventText(e) }) : eventText(e)))));
  const rules = el("details", { class: "panel", "data-testid": "rules" }, el("summary", {}, t("table.rules")));
  rules.addEventListener("toggle", async () => {
    if (!rules.open || rules.querySelector(".rules-text")) return;
    const game = view.table && view.table.game;
    try {
      const data = await api(`/api/rules/${encodeURIComponent(game)}?lang=${encodeURIComponent(document.documentElement.lang)}`);
      rules.append(el("div", { class: "rules-text" }, data.text));
    } catch (e) { rules.append(el("p", { class: "error" }, e.message)); }
  });
  return el("aside", {}, counter, history, rules);
}

function tileText(id) {
  // a tile id as "6-3": the ids run 0-0, 1-0, 1-1, 2-0 ... (domine.engine.tiles)
  let high = 0;
  while ((high + 1) * (high + 2) / 2 <= id) high++;
  return `${high}-${id - high * (high + 1) / 2}`;
}

function render() {
  const app = document.getElementById("app");
  const view = state.view;
  const active = document.activeElement && document.activeElement.getAttribute("data-testid");
  const main = el("main", {});
  if (!view || !view.hand) {
    main.append(el("p", {}, state.statusText || t("table.connecting")));
    if (view) main.append(seatsPanel(view));
  } else {
    document.title = `domine · ${view.table.game_name || view.table.game || ""}`;
    main.append(el("div", { class: "table-grid" },
      el("div", {}, statusLine(view), seatsPanel(view), boardSection(view), resultSection(view), handSection(view)),
      sidePanels(view)));
  }
  if (!token) main.prepend(el("p", { class: "muted" }, t("table.no_token")));
  app.replaceChildren(header(), main, live);
  for (const list of document.querySelectorAll("ol.history")) list.scrollTop = list.scrollHeight;   // the newest move in sight
  if (active) {   // keep the keyboard where it was across a redraw
    const again = document.querySelector(`[data-testid="${active}"]`);
    if (again) again.focus();
  }
}

await loadStrings(chooseLanguage());
live = el("div", { class: "visually-hidden live", "aria-live": "polite", role: "log", "data-testid": "announcements" });
render();
window.addEventListener("resize", () => { if (state.view) render(); });
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape" && state.selected !== null) { state.selected = null; render(); }
});
connect();
