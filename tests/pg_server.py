"""A throwaway PostgreSQL server for the tests, from Debian's packages (issue 21, "Tests").

The server tests run over SQLite and over a real PostgreSQL; this module starts the latter:
``initdb`` and ``pg_ctl`` from ``/usr/lib/postgresql/<version>/bin`` in a temporary folder,
listening on 127.0.0.1 and a free port, its unix sockets in that folder. ``initdb`` refuses to
run as root, and CI runs as root: then every command runs as the ``postgres`` user that the
package creates (``runuser -u postgres --``), in a folder that user owns.

``.ci/run`` installs the package, so in CI nothing skips; elsewhere ``missing()`` names what
is missing and the fixture skips with that one line.
"""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

RUN_AS = "postgres"


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None."""
    def version(initdb: str) -> int:
        name = Path(initdb).parent.parent.name
        return int(name) if name.isdigit() else 0

    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=version)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def missing() -> str | None:
    """Why no PostgreSQL can be started here (one line), or None when it can."""
    if binaries() is None:
        return "PostgreSQL is not installed (initdb, pg_ctl); `apt-get install postgresql`, as .ci/run does"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam(RUN_AS)
        except KeyError:
            return f"running as root and there is no '{RUN_AS}' user to run PostgreSQL as"
        if shutil.which("runuser") is None:
            return "running as root and there is no runuser to run PostgreSQL as 'postgres'"
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PgServer:
    """One PostgreSQL server in a temporary folder; ``start()``, ``database()``, ``stop()``."""

    def __init__(self) -> None:
        self.bin = binaries()
        self.root = Path(tempfile.mkdtemp(prefix="domine-pg-"))
        self.data = self.root / "data"
        self.port = 0
        self.user = "domine"
        self._as_root = os.geteuid() == 0
        if self._as_root:          # the folder must be the postgres user's own
            account = pwd.getpwnam(RUN_AS)
            os.chown(self.root, account.pw_uid, account.pw_gid)

    def _run(self, *command: str, check: bool = True) -> subprocess.CompletedProcess:
        argv = [str(self.bin / command[0]), *command[1:]]
        if self._as_root:
            argv = ["runuser", "-u", RUN_AS, "--", *argv]
        return subprocess.run(argv, cwd=self.root, check=check, capture_output=True, text=True,
                              env={**os.environ, "LC_ALL": "C", "PGTZ": "UTC"})

    def start(self) -> "PgServer":
        self._run("initdb", "-D", str(self.data), "-U", self.user, "-A", "trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        self.port = free_port()
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.root} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=200")
        try:
            self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-o", options,
                      "-w", "-t", "60", "start")
        except subprocess.CalledProcessError as error:
            log = self.root / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            self.stop()
            raise RuntimeError(f"PostgreSQL did not start: {error.stderr.strip()}\n{tail}") from error
        return self

    def url(self, database: str = "postgres", driver: str = "postgresql+psycopg") -> str:
        """The SQLAlchemy URL of ``database`` (``driver="postgresql"`` for libpq/psycopg)."""
        return f"{driver}://{self.user}@127.0.0.1:{self.port}/{database}"

    def database(self, prefix: str = "domine") -> str:
        """A new empty database; its SQLAlchemy URL."""
        import psycopg

        name = f"{prefix}_{secrets.token_hex(4)}"
        with psycopg.connect(self.url("postgres", "postgresql"), autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if self.data.exists() and (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.root, ignore_errors=True)
