// The replay page: a record uploaded here, or a finished table's (?table=ID), stepped through
// forwards and back, from one seat's view or with every hand open (GET /api/replays/{id}).
import { announce, api, chooseLanguage, drawLayout, drawRows, el, fitGeometry, languageMenu, loadStrings, seatName, t, tileSvg } from "./common.js";

const state = { replay: null, seat: "", views: [], index: 0, error: "", players: 0 };
let live;

async function load() {
  if (!state.replay) return;
  const lang = `lang=${encodeURIComponent(document.documentElement.lang)}`;
  const query = state.seat === "" ? `?${lang}` : `?seat=${encodeURIComponent(state.seat)}&${lang}`;
  try {
    const data = await api(`/api/replays/${encodeURIComponent(state.replay)}${query}`);
    state.views = Array.isArray(data) ? data : data.views || [];
    state.index = Math.min(state.index, Math.max(0, state.views.length - 1));
    const first = state.views[0];
    state.players = first && first.hand ? first.hand.hand_sizes.length : 0;
    state.error = "";
  } catch (e) {
    state.error = t("replay.error", { error: e.message });
  }
  render();
}

async function upload(text) {
  try {
    const made = await api("/api/records", { method: "POST", body: text });
    state.replay = made.replay;
    state.index = 0;
    await load();
  } catch (e) {
    state.error = t("replay.error", { error: e.message });
    render();
  }
}

function go(index) {
  if (!state.views.length) return;
  state.index = Math.max(0, Math.min(state.views.length - 1, index));
  render();
  const v = state.views[state.index];
  if (v && v.last) announce(live, t("table.played", { seat: seatName(v, v.last.seat), move: v.last.text }));
}

function controls() {
  const n = state.views.length;
  const seat = el("select", { "data-testid": "replay-seat", "aria-label": t("replay.seat") },
    el("option", { value: "", selected: state.seat === "" }, t("replay.open")),
    Array.from({ length: state.players }, (_, s) => el("option", { value: String(s), selected: state.seat === String(s) },
      t("table.seat", { seat: s }))));
  seat.addEventListener("change", () => { state.seat = seat.value; load(); });
  const v = state.views[state.index];
  const step = v && v.step ? t("replay.step", { hand: v.step.hand, move: v.step.move, index: state.index + 1, total: n }) : "";
  return el("div", { class: "replay-controls" },
    el("button", { type: "button", "data-testid": "replay-first", onclick: () => go(0), disabled: !n }, t("replay.first")),
    el("button", { type: "button", "data-testid": "replay-back", onclick: () => go(state.index - 1), disabled: !n }, t("replay.back")),
    el("button", { type: "button", "data-testid": "replay-forward", onclick: () => go(state.index + 1), disabled: !n }, t("replay.forward")),
    el("button", { type: "button", "data-testid": "replay-last", onclick: () => go(n - 1), disabled: !n }, t("replay.last")),
    el("label", {}, t("replay.seat"), " ", seat),
    el("span", { "data-testid": "replay-step", role: "status" }, step));
}

function viewSection(v) {
  if (!v || !v.hand) return null;
  const width = Math.max(280, document.body.clientWidth - 40);
  const box = el("section", {});
  const h = v.hand;
  box.append(el("div", { class: "status-line panel" },
    el("span", {}, t("table.hand", { number: h.number })),
    el("span", {}, t("table.stock", { count: h.stock })),
    el("span", {}, `${t("table.scores")}: ${h.scores.join(" · ")}`),
    v.last ? el("span", { "data-testid": "last" }, t("table.last", { seat: seatName(v, v.last.seat), move: v.last.text })) : null));
  const board = el("section", { class: "board", "aria-label": t("table.layout") });
  if (v.layout && v.layout.pieces && v.layout.pieces.length) {
    const geo = fitGeometry(v.layout, width);
    board.append(drawLayout(geo, { title: t("table.map", { count: geo.pieces.length }), width }));
  } else board.append(el("p", { style: "color:#fff" }, t("table.empty")));
  if (v.layout && v.layout.rows) board.append(drawRows(v.layout.rows, (s) => seatName(v, s)));
  box.append(board);
  const hands = v.hands || (v.table && v.table.you !== null && v.table.you !== undefined ? null : []);
  if (v.hands) {
    box.append(el("section", { class: "panel", "data-testid": "replay-hands" }, el("h2", {}, t("replay.hands")),
      v.hands.map((tiles, s) => el("p", { class: "small-tiles" }, el("strong", {}, seatName(v, s)), " ",
        tiles.map((x) => el("span", { role: "img", "aria-label": x.label }, tileSvg(x.pips, { label: x.label })))))));
  } else if (!hands) {
    box.append(el("section", { class: "panel", "data-testid": "replay-hands" }, el("h2", {}, t("table.your_tiles")),
      el("p", { class: "small-tiles" }, v.tiles.map((x) => el("span", { role: "img", "aria-label": x.label }, tileSvg(x.pips, { label: x.label }))))));
  }
  if (v.result) {
    box.append(el("section", { class: "panel", "data-testid": "result" }, el("h2", {}, t("table.hand_over"), ` (${v.result.reason})`),
      el("p", {}, `${t("table.points")}: ${v.result.points.join(" · ")}`),
      v.result.totals ? el("p", {}, `${t("table.totals")}: ${v.result.totals.join(" · ")}`) : null));
  }
  return box;
}

function render() {
  const app = document.getElementById("app");
  document.title = `domine · ${t("replay.title")}`;
  const file = el("input", { type: "file", accept: ".json,application/json", "data-testid": "record-file", id: "record-file" });
  file.addEventListener("change", async () => { if (file.files[0]) upload(await file.files[0].text()); });
  app.replaceChildren(
    el("header", { class: "top" }, el("a", { href: "/", "data-testid": "lobby-link" }, "domine"), el("h1", {}, t("replay.title")),
      el("span", { class: "spacer" }), languageMenu(() => load().then(render))),
    el("main", {}, el("label", { for: "record-file" }, t("replay.upload"), " ", file),
      state.error ? el("p", { class: "error", role: "alert", "data-testid": "replay-error" }, state.error) : null,
      controls(), viewSection(state.views[state.index])),
    live);
}

await loadStrings(chooseLanguage());
live = el("div", { class: "visually-hidden", "aria-live": "polite", "data-testid": "announcements" });
document.addEventListener("keydown", (ev) => {
  if (ev.target && ["INPUT", "SELECT", "TEXTAREA"].includes(ev.target.tagName)) return;
  if (ev.key === "ArrowRight") go(state.index + 1);
  else if (ev.key === "ArrowLeft") go(state.index - 1);
  else if (ev.key === "Home") go(0);
  else if (ev.key === "End") go(state.views.length - 1);
});
render();
const params = new URLSearchParams(location.search);
if (params.get("replay")) { state.replay = params.get("replay"); load(); }
else if (params.get("table")) { state.replay = params.get("table"); load(); }   // a finished table's match
