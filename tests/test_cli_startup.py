"""The command line starts light: what each command imports, the catalog behind ``list`` and
``rules``, and the quick path that runs them without Typer. No timings here: the CPU seconds
are benchmarks/startup.py's to measure."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[1] / "src")

#: Modules that only playing, simulating, replaying or drawing needs.
ENGINE = ("domine.engine", "domine.games", "domine.parts", "domine.bots", "domine.sim", "domine.records",
          "domine.render", "domine.terminal", "domine.cli.terminal_match")
MARKDOWN = ("markdown_it", "rich.markdown")

#: Run a command line in this process as the ``domine`` script does, then list sys.modules on stderr.
PROBE = """
import sys
sys.argv = ["domine", *sys.argv[1:]]
from domine.cli import main
try:
    main(prog_name="domine")
except SystemExit:
    pass
sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)))
"""


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=SRC, COLUMNS="80")


def _modules_after(*args: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=_env(),
                          timeout=120)
    assert "MODULES " in done.stderr, done.stderr
    return set(done.stderr.rpartition("MODULES ")[2].split())


def _loaded(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


def test_importing_the_command_line_loads_no_command():
    done = subprocess.run([sys.executable, "-c", "import sys, domine.cli; print(' '.join(sys.modules))"],
                          capture_output=True, text=True, env=_env(), timeout=120)
    modules = set(done.stdout.split())
    assert "domine.cli" in modules
    assert _loaded(modules, ENGINE + MARKDOWN + ("rich", "typer", "pydantic", "domine.cli.commands")) == []


@pytest.mark.parametrize("args", [["--help"], ["play", "--help"], ["simulate", "--help"], ["arena", "--help"],
                                  ["study", "--help"], ["replay", "--help"], ["render", "--help"], ["rules", "--help"]])
def test_help_loads_no_engine_and_no_rich(args):
    modules = _modules_after(*args)
    assert "domine.cli.commands" in modules   # the app itself did run
    assert _loaded(modules, ENGINE + MARKDOWN + ("rich",)) == []


#: What only another language than English needs: the catalogs (gettext) and CLDR's data (Babel).
LANGUAGE = ("gettext", "babel")


@pytest.mark.parametrize("args, also_absent", [
    (["list"], MARKDOWN + LANGUAGE),
    (["list", "--json"], MARKDOWN + ("rich",) + LANGUAGE),
    (["rules", "block"], LANGUAGE),
    (["rules", "Blic"], LANGUAGE),
    (["--lang", "pl", "list"], MARKDOWN),
    (["--lang=sr-Cyrl", "rules", "Блиц"], ()),
])
def test_list_and_rules_load_no_engine_and_no_typer(args, also_absent):
    modules = _modules_after(*args)
    assert "domine.cli.catalog_data" in modules
    assert _loaded(modules, ENGINE + also_absent + ("typer", "pydantic")) == []


def test_the_catalog_says_what_the_registry_says():
    from domine.cli import catalog, catalog_data
    games, names = catalog.from_registry()
    assert (catalog_data.GAMES, catalog_data.NAMES) == (games, names), \
        "src/domine/cli/catalog_data.py is stale: run python -m domine.cli.catalog"


def test_the_catalog_finds_what_the_registry_finds():
    from domine.cli import catalog
    from domine.games import GAMES, GameError, game_class

    def found(find, name: str) -> str:
        try:
            return find(name)
        except GameError as e:
            return str(e)

    for name in ("block", "Blic", "BLIC", "blyskawica", "Porodična varijanta", "Russian", "nosuch", ""):
        assert found(lambda n: catalog.find(n)["id"], name) == found(lambda n: game_class(n).id, name)
    assert [g["id"] for g in catalog.games()] == list(GAMES)


# The quick path (main without Typer) against the app, as whole processes: the same output and
# exit code, also when the reader of the output has gone before the first line.
APP = "import sys; from domine.cli import app; sys.argv[0] = 'domine'; app(prog_name='domine')"
QUICK = "import sys; from domine.cli import main; sys.argv[0] = 'domine'; main(prog_name='domine')"
CLOSED = "import os; r, w = os.pipe(); os.close(r); os.dup2(w, 1); "


@pytest.mark.parametrize("args", [["list"], ["list", "--json"], ["rules", "block"], ["rules", "blic"],
                                  ["rules", "nosuch"], ["rules", ""], ["rules", "two-hander"],
                                  ["--lang", "pl", "list"], ["--lang=sr-Cyrl", "rules", "chiva"],
                                  ["--lang", "sr-Latn", "rules", "nosuch"], ["--lang", "xx", "list"]])
@pytest.mark.parametrize("closed", [False, True])
def test_quick_path_is_the_app(args, closed):
    def run(code: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", (CLOSED if closed else "") + code, *args],
                              capture_output=True, text=True, env=_env(), timeout=120)

    quick, slow = run(QUICK), run(APP)
    assert (quick.returncode, quick.stdout, quick.stderr) == (slow.returncode, slow.stdout, slow.stderr)
