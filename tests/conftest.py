"""Every test runs with its own user data folder: a match played at the table without --record
is autosaved there (cli/autosave.py), never in the real home of whoever runs the tests. And in
English, whatever the locale of whoever runs them (DOMINE_LANG; tests/test_i18n.py sets its own)."""

from __future__ import annotations

import os

import pytest

# Before any test module is collected: a module that imports the app builds its help texts, in
# the language the environment says (cli/commands.py), so English whatever the locale.
os.environ["DOMINE_LANG"] = "en"


@pytest.fixture(autouse=True, scope="session")
def _own_data_folder(tmp_path_factory):
    before = os.environ.get("XDG_DATA_HOME")
    lang = os.environ.get("DOMINE_LANG")
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))   # subprocesses inherit it
    os.environ["DOMINE_LANG"] = "en"
    yield
    for name, value in (("XDG_DATA_HOME", before), ("DOMINE_LANG", lang)):
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@pytest.fixture(scope="session")
def pg_server():
    """A PostgreSQL server of this test session (tests/pg_server.py), started on first use;
    skipped with one line where PostgreSQL is not installed (never in CI: .ci/run installs it)."""
    from pg_server import PgServer, missing

    why = missing()
    if why:
        pytest.skip(why)
    server = PgServer().start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def pg_url(pg_server):
    """The SQLAlchemy URL (postgresql+psycopg://…) of a database made for this test session."""
    return pg_server.database()
