"""The package's shape, held by tests: folders by job, no import circles, a pure core, and
games and rule fragments that change a hand only through the engine's effects.

Read from the source with ``ast``, so a lazy import inside a function counts as much as one
at the top of a module (an import under ``TYPE_CHECKING`` too).
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "domine"


def _modules() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The domine modules ``name`` imports, anywhere in its source."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            # ``from pkg import sub`` needs the submodule; ``from mod import name``, the module
            targets = [f"{mod}.{a.name}" if f"{mod}.{a.name}" in MODULES else mod for a in node.names]
        else:
            continue
        for t in targets:
            if t in MODULES and t != name:
                found.add(t)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _folder(name: str) -> str:
    """The room a module lives in: its folder under domine, or the module itself."""
    parts = name.split(".")
    return ".".join(parts[:2]) if len(parts) > 2 or MODULES[name].name == "__init__.py" else name


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of ``graph``, if there is one."""
    colour: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        colour[n] = 1
        stack.append(n)
        for m in sorted(graph.get(n, ())):
            if colour.get(m) == 1:
                return stack[stack.index(m):] + [m]
            if m not in colour:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        colour[n] = 2
        return None

    for n in sorted(graph):
        if n not in colour:
            found = visit(n)
            if found:
                return found
    return None


def test_no_module_imports_itself_round_a_circle():
    assert _cycle(GRAPH) is None, " -> ".join(_cycle(GRAPH))


def test_the_folders_import_each_other_in_one_direction():
    rooms: dict[str, set[str]] = {}
    for name, targets in GRAPH.items():
        rooms.setdefault(_folder(name), set()).update(_folder(t) for t in targets if _folder(t) != _folder(name))
    assert _cycle(rooms) is None, " -> ".join(_cycle(rooms))


# the layers, lowest first: a room may import only rooms of its layer or below
LAYERS = [
    {"domine.engine"},
    {"domine.parts"},
    {"domine.games"},
    {"domine.variants"},   # variant files: games composed of the parts by name (above the games they start from)
    {"domine.bots", "domine.records", "domine.render", "domine.i18n", "domine.kernel",
     "domine.rules"},   # rules: the rules pages, read by the command line and the browser
    {"domine.terminal", "domine.sim", "domine.rl", "domine.server"},   # rl: the research API; server: the browser
    {"domine.cli", "domine.__main__", "domine"},
]


def test_the_core_knows_nothing_of_the_surfaces():
    layer = {room: i for i, rooms in enumerate(LAYERS) for room in rooms}
    for name, targets in GRAPH.items():
        here = layer[_folder(name)]
        for t in targets:
            assert layer[_folder(t)] <= here, f"{name} imports {t}, a higher layer"


def test_the_engine_imports_no_library_that_touches_a_terminal_a_socket_or_a_file():
    forbidden = {"typer", "rich", "click", "socket", "sqlite3", "http", "urllib", "pathlib", "os", "shutil"}
    for name, path in MODULES.items():
        if not name.startswith(("domine.engine", "domine.parts", "domine.games", "domine.variants")):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            mods = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            for m in mods:
                assert m.split(".")[0] not in forbidden, f"{name} imports {m}"


#: the engine's fields a game or a rule fragment may not write (``HandState.__slots__``, less the
#: per-game tables): they change only through the engine's effects
def _engine_fields() -> set[str]:
    from domine.engine.hand import HandState
    return set(HandState.__slots__)


def _writes(path: Path, fields: set[str]) -> list[str]:
    """``state.<field> = ...``, ``state.<field>[...] = ...``, ``state.<field> += ...`` and
    ``state.history.append(...)`` in a module's source (``state`` or ``self`` of a hand)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def target_field(node) -> str | None:
        while isinstance(node, ast.Subscript):
            node = node.value
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "state" \
                and node.attr in fields:
            return node.attr
        return None

    for node in ast.walk(tree):
        targets = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for tgt in targets:
            for t in (tgt.elts if isinstance(tgt, ast.Tuple) else [tgt]):
                f = target_field(t)
                if f:
                    found.append(f"{path.name}:{node.lineno} writes state.{f}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                node.func.attr in ("append", "extend", "insert", "pop", "remove") and \
                target_field(node.func.value):
            found.append(f"{path.name}:{node.lineno} changes state.{target_field(node.func.value)}")
    return found


def test_games_and_fragments_change_a_hand_only_through_effects():
    fields = _engine_fields()
    writes = []
    for name, path in MODULES.items():
        if name.startswith(("domine.games", "domine.parts")):
            writes += _writes(path, fields)
    assert not writes, "\n".join(writes)
