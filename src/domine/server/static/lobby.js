// The lobby: every game, a table created with its options and seats, the open tables and the
// finished matches (docs/server.md, "HTTP routes").
import { api, chooseLanguage, el, languageMenu, loadStrings, t } from "./common.js";

const LEVELS = ["random", "greedy", "easy", "medium", "hard"];
let games = [];

function absolute(link) {
  return /^https?:/.test(link) ? link : new URL(link, location.origin).href;
}

function header() {
  return el("header", { class: "top" },
    el("h1", {}, "domine"), el("span", { class: "tagline" }, t("app.tagline")), el("span", { class: "spacer" }),
    el("a", { href: "/replay", "data-testid": "replay-link" }, t("lobby.replay_record")),
    languageMenu(render));
}

function gameCard(g) {
  const players = g.min_players === g.max_players ? `${g.min_players}` : `${g.min_players}–${g.max_players}`;
  return el("li", { class: "game", "data-testid": `game-${g.id}` },
    el("img", { src: `/api/games/${g.id}/picture.svg`, alt: "", loading: "lazy", width: 260, height: 120 }),
    el("h3", {}, g.name),
    g.original.length ? el("div", { class: "muted" }, t("lobby.also", { names: g.original.join(", ") })) : null,
    el("div", {}, t("lobby.players", { players }), " · ", g.family),
    el("p", { class: "summary" }, g.summary),
    el("button", { class: "primary", "data-testid": `create-${g.id}`, onclick: () => createDialog(g) },
      t("lobby.create")));
}

function optionField(o) {
  const id = `opt-${o.name}`;
  let input;
  if (o.choices && o.choices.length) {
    input = el("select", { id, name: o.name, "data-testid": id },
      o.choices.map((c) => el("option", { value: c, selected: c === o.default }, c)));
  } else if (o.type === "bool") {
    input = el("input", { id, name: o.name, type: "checkbox", checked: !!o.default, "data-testid": id });
  } else if (o.type === "int") {
    input = el("input", { id, name: o.name, type: "number", inputmode: "numeric", min: 1,
      placeholder: o.default === null ? t("lobby.default") : String(o.default), "data-testid": id });
  } else {
    input = el("input", { id, name: o.name, type: "text", placeholder: o.default ?? t("lobby.default"), "data-testid": id });
  }
  return el("label", { for: id }, el("span", {}, `${o.name}: ${o.help} `), input);
}

function seatRows(box, count) {
  box.replaceChildren();
  for (let s = 0; s < count; s++) {
    const kind = el("select", { name: `seat-${s}`, "data-testid": `seat-kind-${s}`, "aria-label": t("lobby.seat", { seat: s }) },
      el("option", { value: "human", selected: s === 0 }, t("lobby.human")),
      el("option", { value: "bot", selected: s !== 0 }, t("lobby.bot")));
    const level = el("select", { name: `level-${s}`, "data-testid": `seat-level-${s}`,
      "aria-label": `${t("lobby.seat", { seat: s })}: ${t("lobby.level")}` },
      LEVELS.map((l) => el("option", { value: l, selected: l === "medium" }, l)));
    const sync = () => { level.disabled = kind.value !== "bot"; };
    kind.addEventListener("change", sync);
    sync();
    box.append(el("div", { class: "seat-row" }, el("span", {}, t("lobby.seat", { seat: s })), kind, level));
  }
}

function createDialog(g) {
  const dialog = el("dialog", { "data-testid": "create-dialog", "aria-labelledby": "create-title" });
  const players = el("select", { name: "players", id: "players", "data-testid": "players" });
  for (let n = g.min_players; n <= g.max_players; n++) players.append(el("option", { value: n }, String(n)));
  const seats = el("div", { class: "seats-box" });
  players.addEventListener("change", () => seatRows(seats, Number(players.value)));
  seatRows(seats, g.min_players);
  const error = el("p", { class: "error", role: "alert" });
  const form = el("form", { class: "create", method: "dialog", "data-testid": "create-form" },
    el("h2", { id: "create-title" }, t("lobby.new_table", { game: g.name })),
    el("label", { for: "table-name" }, t("lobby.table_name"), " ",
      el("input", { id: "table-name", name: "name", type: "text", maxlength: 60, "data-testid": "table-name" })),
    el("label", { for: "players" }, t("lobby.players", { players: "" }), " ", players),
    g.options.length ? el("fieldset", {}, el("legend", {}, t("lobby.options")), g.options.map(optionField)) : null,
    el("fieldset", {}, el("legend", {}, t("lobby.seat", { seat: "" }).trim()), seats),
    el("label", {}, el("input", { type: "checkbox", name: "public", checked: true, "data-testid": "public" }), " ",
      t("lobby.public")),
    error,
    el("div", { class: "seat-row" },
      el("button", { type: "submit", class: "primary", "data-testid": "create-submit" }, t("lobby.create")),
      el("button", { type: "button", "data-testid": "create-cancel", onclick: () => dialog.close() }, t("lobby.cancel"))));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const n = Number(players.value);
    const options = {};
    for (const o of g.options) {
      if (o.type === "bool") { if (data.get(o.name) !== null) options[o.name] = true; continue; }
      const v = data.get(o.name);
      if (v === null || v === "" || v === o.default) continue;
      options[o.name] = o.type === "int" ? Number(v) : v;
    }
    const seatList = [];
    for (let s = 0; s < n; s++) {
      seatList.push(data.get(`seat-${s}`) === "bot" ? { kind: "bot", level: data.get(`level-${s}`) } : { kind: "human" });
    }
    try {
      const made = await api("/api/tables", { method: "POST", body: { game: g.id, players: n, options, seats: seatList,
        public: data.get("public") !== null, name: data.get("name") || "" } });
      showLinks(dialog, made);
      refreshTables();
    } catch (e) {
      error.textContent = t("lobby.error", { error: e.message });
    }
  });
  dialog.append(form);
  document.body.append(dialog);
  dialog.addEventListener("close", () => dialog.remove());
  dialog.showModal();
}

function linkRow(label, link, testid) {
  const input = el("input", { type: "text", readonly: true, value: absolute(link), "aria-label": label, "data-testid": `${testid}-link` });
  const copy = el("button", { type: "button", "data-testid": `copy-${testid}` }, t("lobby.copy"));
  copy.addEventListener("click", async () => {
    try { await navigator.clipboard.writeText(input.value); } catch { input.select(); document.execCommand("copy"); }
    copy.textContent = t("lobby.copied");
  });
  return el("li", {}, el("span", {}, label), input, copy,
    el("a", { class: "button", href: absolute(link), "data-testid": `open-${testid}` }, t("lobby.open")));
}

function showLinks(dialog, made) {
  const list = el("ul", { class: "links", "data-testid": "links" },
    (made.seats || []).map((s) => linkRow(t("lobby.seat_link", { seat: s.seat }), s.link, `seat-${s.seat}`)),
    made.spectator ? linkRow(t("lobby.spectator_link"), made.spectator, "spectator") : null);
  dialog.replaceChildren(el("h2", {}, t("lobby.created")), list,
    el("button", { type: "button", onclick: () => dialog.close(), "data-testid": "links-close" }, t("lobby.cancel")));
}

function tableItem(item, finished) {
  const id = item.table || item.id;
  const game = games.find((g) => g.id === item.game);
  const name = [item.name, game ? game.name : item.game].filter(Boolean).join(" · ");
  const watch = item.spectator || `/t/${id}`;
  return el("li", { "data-testid": `table-${id}` }, el("span", {}, name),
    item.players ? el("span", { class: "muted" }, t("lobby.players", { players: item.players })) : null,
    finished ? el("a", { class: "button", href: `/replay?table=${encodeURIComponent(id)}` }, t("lobby.replay"))
      : el("a", { class: "button", href: absolute(watch) }, t("lobby.watch")));
}

async function fillTables(list, finished) {
  try {
    const data = await api(finished ? "/api/tables?finished=1" : "/api/tables");
    const items = Array.isArray(data) ? data : (data && data.tables) || [];
    list.replaceChildren(...(items.length ? items.map((i) => tableItem(i, finished)) : [el("li", { class: "muted" }, t("lobby.none"))]));
  } catch {
    list.replaceChildren(el("li", { class: "muted" }, t("lobby.none")));
  }
}

function refreshTables() {
  const open = document.querySelector("[data-testid=open-tables]");
  const done = document.querySelector("[data-testid=finished-tables]");
  if (open) fillTables(open, false);
  if (done) fillTables(done, true);
}

async function render() {
  games = await api(`/api/games?lang=${encodeURIComponent(document.documentElement.lang)}`);
  document.title = `domine · ${t("app.lobby")}`;
  const app = document.getElementById("app");
  app.replaceChildren(header(), el("main", {},
    el("section", { "aria-labelledby": "open-title" }, el("h2", { id: "open-title" }, t("lobby.open_tables")),
      el("ul", { class: "tables", "data-testid": "open-tables" })),
    el("section", { "aria-labelledby": "games-title" }, el("h2", { id: "games-title" }, t("lobby.games")),
      el("ul", { class: "games", "data-testid": "games" }, games.map(gameCard))),
    el("section", { "aria-labelledby": "done-title" }, el("h2", { id: "done-title" }, t("lobby.finished")),
      el("ul", { class: "tables", "data-testid": "finished-tables" })),
    el("p", { class: "muted" }, t("app.no_tracking"))));
  refreshTables();
}

await loadStrings(chooseLanguage());
await render();
setInterval(refreshTables, 15000);
