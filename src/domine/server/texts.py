"""The browser client's words (``GET /api/i18n/{lang}``), through the same gettext catalogs as the
command line: each is a ``_()`` call here so that ``pybabel extract`` finds it. Keys are stable
names the JavaScript reads (``t("lobby.create")``); a ``{name}`` is filled in by the page."""

from __future__ import annotations

from ..i18n import LANGUAGES, gettext as _, pgettext


def strings(lang: str) -> dict[str, str]:
    """Every string of the client in ``lang`` (one of ``i18n.LANGUAGES``)."""
    return {
        # the lobby
        "app.tagline": _("Domino games of the Balkans, Central Europe and the world, for friends and bots", lang),
        "app.language": _("Language", lang),
        "app.lobby": _("Lobby", lang),
        "app.no_tracking": _("No ads, no tracking, no account: your name stays in a cookie on this device.", lang),
        "lobby.games": _("Games", lang),
        "lobby.players": _("Players: {players}", lang),
        "lobby.also": _("Also called: {names}", lang),
        "lobby.create": _("Create a table", lang),
        "lobby.new_table": _("New table: {game}", lang),
        "lobby.your_name": _("Your name", lang),
        "lobby.table_name": _("Table name", lang),
        "lobby.options": _("Options", lang),
        "lobby.default": _("default", lang),
        "lobby.seat": _("Seat {seat}", lang),
        "lobby.human": pgettext("player", "human", lang),
        "lobby.bot": _("bot", lang),
        "lobby.level": _("Level", lang),
        "lobby.public": _("Public table (listed in the lobby)", lang),
        "lobby.rated": _("Rated (no undo)", lang),
        "lobby.variant": _("Variant file (optional)", lang),
        # TRANSLATORS: the create dialog: a variant file is a TOML file of house rules (docs/variants.md)
        "lobby.variant_help": _("house rules as a TOML file, as domine play --variant takes", lang),
        "lobby.cancel": _("Cancel", lang),
        "lobby.created": _("Table created. Send each player the link of his seat; keep your own.", lang),
        "lobby.seat_link": _("Seat {seat}", lang),
        "lobby.spectator_link": _("Spectators", lang),
        "lobby.copy": _("Copy", lang),
        "lobby.copied": _("Copied", lang),
        "lobby.open": _("Open", lang),
        "lobby.open_tables": _("Open tables", lang),
        "lobby.finished": _("Finished matches", lang),
        "lobby.none": _("None yet.", lang),
        "lobby.watch": _("Watch", lang),
        # TRANSLATORS: the lobby: take a free seat at an open table
        "lobby.join": pgettext("table", "Join", lang),
        "lobby.replay": _("Replay", lang),
        "lobby.replay_record": _("Replay a record", lang),
        "lobby.error": _("Something went wrong: {error}", lang),
        # the table
        "table.connecting": _("Connecting…", lang),
        "table.connected": _("Connected", lang),
        "table.reconnecting": _("Connection lost; trying again in {seconds} s", lang),
        "table.no_token": _("This link holds no seat: you are watching.", lang),
        "table.spectator": _("You are watching this table.", lang),
        "table.hand": _("Hand {number}", lang),
        "table.your_turn": _("Your turn", lang),
        "table.turn_of": _("{seat} to play", lang),
        "table.seat": _("Seat {seat}", lang),
        "table.you": _("{name} (you)", lang),
        "table.team": _("team {letter}", lang),
        "table.bot": _("bot", lang),
        "table.replaced": _("played by a bot until he returns", lang),
        "table.away": _("disconnected", lang),
        "table.tiles_in_hand": _("{count} in hand", lang),
        "table.stock": _("Stock: {count}", lang),
        "table.scores": _("Scores", lang),
        "table.this_hand": _("this hand {points}", lang),
        "table.tokens": _("Tokens", lang),
        "table.pot": _("Pot: {count}", lang),
        "table.status": _("Status", lang),
        "table.last": _("Last move: {seat}: {move}", lang),
        "table.your_tiles": _("Your tiles", lang),
        "table.your_row": _("Your row (face-down tiles you have not seen)", lang),
        "table.layout": _("The table", lang),
        "table.empty": _("Nothing laid yet: the next tile is the lead.", lang),
        "table.choose_place": _("Choose where {tile} goes", lang),
        "table.place": _("Place", lang),
        "table.moves": _("Other moves", lang),
        "table.notation": _("Type a move (as in domine play: 5-3 L, draw, pass)", lang),
        "table.play": _("Play", lang),
        "table.hint": _("Hint", lang),
        "table.hint_is": _("Hint: {move}", lang),
        "table.undo": _("Undo", lang),
        "table.counter": _("Tile counter", lang),
        "table.unseen": _("Unseen tiles ({count}): {tiles}", lang),
        "table.lacks": _("{seat} has no {numbers}", lang),
        "table.nothing_known": _("{seat}: nothing known yet", lang),
        "table.history": _("History of the hand", lang),
        "table.rules": _("Rules of the game", lang),
        "table.refused": _("Refused: {text}", lang),
        "table.hand_over": _("The hand is over", lang),
        "table.every_hand": _("Every hand", lang),
        # TRANSLATORS: the end-of-hand table's columns: the seat, the tiles it still holds, their count
        "table.col_seat": pgettext("result column", "Seat", lang),
        "table.col_left": pgettext("result column", "Tiles left", lang),
        "table.col_count": pgettext("result column", "Count", lang),
        # TRANSLATORS: in the end-of-hand table, a seat that holds no tile any more
        "table.out": _("none (went out)", lang),
        "table.points": _("Points", lang),
        "table.totals": _("Totals", lang),
        "table.ready": _("Ready for the next hand", lang),
        "table.waiting": _("Waiting for the others…", lang),
        "table.match_over": _("The match is over", lang),
        "table.winners": _("Won by {seats}", lang),
        "table.record": _("Download the record", lang),
        "table.fair": _("Fair deal", lang),
        "table.fair_pending": _("Fair deal: committed, checked after the hand", lang),
        "table.fair_checking": _("Fair deal: checking…", lang),
        "table.fair_ok": _("Fair deal: verified", lang),
        "table.fair_bad": _("Fair deal: not verified ({why})", lang),
        "table.scored": _("{seat} scores {points}", lang),
        "table.played": _("{seat}: {move}", lang),
        "table.map": _("Layout: {count} tiles laid", lang),
        # TRANSLATORS: a button on a phone: draw the layout at full size (to scroll across), and back
        "table.zoom_in": _("Full size", lang),
        "table.zoom_out": _("Fit the screen", lang),
        # TRANSLATORS: a long train drawn shortened on a small screen: the first tiles stand as a stack
        "table.elided": _("{count} more tiles of this train", lang),
        # TRANSLATORS: Mexican Train: a marker on a player's train, open to everyone
        "table.marker": _("marker: open to everyone", lang),
        # the replay
        "replay.title": _("Replay", lang),
        "replay.upload": _("Open a record file", lang),
        "replay.first": _("Start", lang),
        "replay.back": _("Back", lang),
        "replay.forward": _("Forward", lang),
        "replay.last": _("End", lang),
        "replay.seat": _("Seen by", lang),
        "replay.open": _("all hands open", lang),
        "replay.step": _("Hand {hand}, move {move} ({index} of {total})", lang),
        "replay.error": _("Not a record this page can replay: {error}", lang),
        "replay.hands": _("Hands", lang),
    }


def languages() -> dict[str, str]:
    """The languages a page may choose, each by its name in itself."""
    return dict(LANGUAGES)
