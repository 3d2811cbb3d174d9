"""``domine serve``: the browser server (docs/server.md) on one address, with its database.

Everything is checked before the server starts, each failure one line and exit code 2: the
web extra installed, the database opened and brought to the newest schema, the port free.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import _
from .common import fail

HELP = _("Start the browser server: tables for every game, friends by link, bots in empty seats.")


def serve_cmd(
    host: Annotated[str, typer.Option("--host", help=_("The address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help=_("The port to listen on."))] = 8000,
    database: Annotated[str | None, typer.Option(
        "--database", metavar="URL",
        help=_("The database: sqlite:///PATH or postgresql://USER@HOST/NAME (default: a SQLite file in "
               "the user's data folder)."))] = None,
    grace: Annotated[float, typer.Option(
        "--grace", metavar="SECONDS", min=0, max=86400,
        help=_("How long a player who leaves keeps the seat before a bot plays it."))] = 60.0,
    bot_processes: Annotated[int, typer.Option(
        "--bot-processes", min=1, max=64, help=_("Processes that think for the bots."))] = 2,
) -> None:
    """``domine serve``."""
    try:
        import alembic  # noqa: F401
        import fastapi  # noqa: F401
        import sqlalchemy  # noqa: F401
        import uvicorn
    except ImportError:
        fail(_("the server needs the web extra: pip install 'domine[web]'"))
    import logging
    import socket

    from ..server.settings import Settings, database_url, default_database
    from ..server.store import Store

    url = database_url(database) if database else default_database()
    try:
        store = Store(url)
        store.upgrade()
        store.close()
    except Exception as e:   # a URL SQLAlchemy cannot read, a driver, a file, a server that says no
        why = str(getattr(e, "orig", None) or e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        fail(_("the database {url} cannot be opened: {why}").format(url=_shown(url), why=why))
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError as e:
        fail(_("cannot listen on {host}:{port}: {why}").format(host=host, port=port, why=e.strerror or e))
    from ..server.app import create_app

    settings = Settings(database=url, host=host, port=port, grace=grace, bot_workers=bot_processes)
    shown = f"[{host}]" if ":" in host else host
    typer.echo(_("domine serves at http://{host}:{port}/ (Ctrl+C stops it)").format(host=shown, port=port),
               )
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    config = uvicorn.Config(create_app(settings), log_level="warning", ws_max_size=64 * 1024,
                            proxy_headers=True, lifespan="on")
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass


def _shown(url: str) -> str:
    """A database URL without its password."""
    try:
        from sqlalchemy.engine import make_url
        return make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url
