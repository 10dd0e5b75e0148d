"""The arrows between the game's parts go one way only (docs/architecture.md).

Every module under ``game/`` is read with ``ast`` (imports at the top and inside
functions alike) and each import is checked against ``ALLOWED``, the table of
docs/architecture.md, which this file also reads so the page and the test agree.
Importing the game never starts pygame or opens a window: only App does.
"""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
DOC = ROOT / "docs" / "architecture.md"

# part -> the parts (and runtime dependencies) it may import besides itself
ALLOWED = {
    "textfile": set(),
    "spawn": set(),
    "lazy": set(),
    "rules": {"textfile"},
    "notation": {"textfile", "lazy", "rules"},
    "engine": {"textfile", "spawn", "rules"},
    "store": {"textfile", "lazy", "rules", "notation", "platformdirs"},
    "agent": {"textfile", "rules", "notation", "engine"},
    "analysis": {"rules", "notation", "engine"},
    "library": {"textfile", "spawn", "notation", "store"},
    "controller": {"lazy", "rules", "engine", "store"},
    "training": {"textfile", "spawn", "rules", "notation", "engine", "store", "analysis"},
    "net": {"spawn", "rules", "controller", "store", "websockets"},
    "ui": {"textfile", "rules", "notation", "engine", "store", "analysis", "library", "controller", "training", "net",
           "pygame"},
    "app": {"textfile", "rules", "notation", "engine", "store", "controller", "ui", "pygame"},
}
RUNTIME_DEPENDENCIES = {"pygame", "platformdirs", "websockets"}
# modules that are not packages of their own but belong to a part
MODULE_PARTS = {"game.textfile": "textfile", "game.spawn": "spawn", "game.lazy": "lazy", "game.app": "app",
                "game.__main__": "app", "game": "app"}


def module_name(path):
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def part_of(module):
    """The part a ``game.*`` module belongs to, the top-level name of anything else."""
    if module in MODULE_PARTS:
        return MODULE_PARTS[module]
    names = module.split(".")
    return names[1] if names[0] == "game" and len(names) > 1 else names[0]


def imported_modules(source, module, is_package):
    """The absolute names of every module ``source`` imports, anywhere in it, with line numbers."""
    package = module if is_package else module.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.extend((alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module
            # ``from . import bitboard`` imports the submodule game.rules.bitboard
            out.extend((f"{target}.{alias.name}" if not node.module else target, node.lineno)
                       for alias in node.names)
    return out


def wrong_arrows(module, source, is_package=False):
    """``module: line N imports X (part a -> part b)`` for every import the table forbids."""
    me = part_of(module)
    if me not in ALLOWED:
        return [f"{module}: part {me!r} is not in docs/architecture.md's table"]
    problems = []
    for target, line in imported_modules(source, module, is_package):
        top = target.split(".")[0]
        if top != "game" and top not in RUNTIME_DEPENDENCIES:
            if top not in sys.stdlib_module_names:
                problems.append(f"{module}: line {line} imports {target}, which is neither the standard "
                                "library nor a runtime dependency")
            continue
        other = part_of(target)
        if other != me and other not in ALLOWED[me]:
            problems.append(f"{module}: line {line} imports {target} ({me} -> {other})")
    return problems


def test_every_import_goes_the_allowed_way():
    problems = []
    modules = 0
    for path in sorted(GAME.rglob("*.py")):
        modules += 1
        problems += wrong_arrows(module_name(path), path.read_text(encoding="utf-8"),
                                 path.name == "__init__.py")
    assert modules > 40  # the walk found the game
    assert not problems, "\n".join(problems)


def test_the_checker_catches_each_kind_of_wrong_arrow():
    # the check above can only pass because the code is right, not because it sees nothing
    assert wrong_arrows("game.rules.position", "from ..notation import squares\n")
    assert wrong_arrows("game.rules.position", "def f():\n    from game.engine import search\n")
    assert wrong_arrows("game.rules", "from .. import store\n", is_package=True)
    assert wrong_arrows("game.rules.x", "import pygame\n")
    assert wrong_arrows("game.notation.pdn", "from ..ui import theme\n")
    assert wrong_arrows("game.engine.search", "import game.app\n")
    assert wrong_arrows("game.store.settings", "from ..controller import Match\n")
    assert wrong_arrows("game.controller.match", "import pygame.display\n")
    assert wrong_arrows("game.library.index", "from ..ui.widgets import Button\n")
    assert wrong_arrows("game.agent.state", "import pygame\n")
    assert wrong_arrows("game.agent.state", "import numpy\n")
    assert wrong_arrows("game.newpart.x", "import os\n")
    # and the arrows that are allowed pass
    assert not wrong_arrows("game.rules.position", "from ..textfile import excerpt\nfrom . import bitboard\n")
    assert not wrong_arrows("game.notation", "from ..rules import Position\n", is_package=True)
    assert not wrong_arrows("game.ui.scenes.play", "import pygame\nfrom ...controller import Match\n")
    assert not wrong_arrows("game.store.paths", "import platformdirs\nimport os, json\n")


def _doc_table():
    rows = {}
    in_table = False
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("| part | may import |"):
            in_table = True
            continue
        if in_table:
            if not line.startswith("|"):
                break
            cells = [c.strip() for c in line.strip("|").split("|")]
            if set(cells[0]) <= {"-"}:
                continue
            rows[cells[0]] = {name.strip() for name in cells[1].split(",") if name.strip()}
    return rows


def test_the_table_is_the_one_in_docs_architecture():
    assert _doc_table() == ALLOWED


def _run(code):
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)


def test_rules_load_no_other_part_at_run_time():
    # catches what ast cannot see: an import_module() call or a lazy attribute
    r = _run("import sys, game.rules as r; r.Position.initial().fen(); r.Position.from_fen('B:W18:B14');\n"
             "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('game.')}))")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "['rules', 'textfile']"


def test_the_agent_never_loads_pygame():
    r = _run("import sys, game.agent.__main__; sys.exit(1 if 'pygame' in sys.modules else 0)")
    assert r.returncode == 0, r.stderr


def test_imports_start_nothing():
    code = (
        "import game.__main__, game.app, game.ui.scenes as s; s.load_all();\n"
        "import pygame, sys;\n"
        "sys.exit(0 if not pygame.display.get_init() and not pygame.mixer.get_init() else 1)\n"
    )
    r = _run(code)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ""  # not even pygame's banner


def test_every_scene_is_registered_by_name():
    from game.ui.scene import SCENES
    from game.ui.scenes import load_all

    load_all()
    assert {"menu", "new_game", "play", "confirm", "game_over"} <= set(SCENES)


def test_lazy_package_names_load_once_and_unknown_ones_say_so():
    import game.controller as controller
    import game.notation as notation
    import game.store as store

    for package in (notation, store, controller):
        assert dir(package) == sorted(package.__all__)
        with pytest.raises(AttributeError, match=f"module '{package.__name__}' has no attribute 'nope'"):
            _ = package.nope
    notation.__dict__.pop("square_name", None)
    first = notation.square_name
    assert notation.__dict__["square_name"] is first  # kept: the next use is a plain lookup


def type_checking_imports(source):
    """{name: submodule} of the ``if TYPE_CHECKING:`` block of a package face."""
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.level == 1:
                    found.update({(alias.asname or alias.name): statement.module for alias in statement.names})
    return found


@pytest.mark.parametrize("package", ["game.store", "game.notation", "game.controller"])
def test_a_lazy_face_types_each_name_as_what_it_loads(package):
    # the type checker reads the TYPE_CHECKING block (``from game.store import save_game`` is the function,
    # not ``object`` from __getattr__); the window loads _EXPORTS: the two name the same things
    import importlib

    module = importlib.import_module(package)
    source = (GAME / package.split(".")[1] / "__init__.py").read_text(encoding="utf-8")
    assert type_checking_imports(source) == module._EXPORTS
    assert not type_checking_imports("x = 1\n")  # the reader sees nothing where there is nothing


# -- no circle, between parts or inside one ------------------------------------------------------

# Circles another change is removing; each is named here with why, and the test fails once it is gone
# (so the exception cannot outlive the circle).
KNOWN_CIRCLES: set[frozenset[str]] = set()


def module_graph(sources):
    """module -> the ``game`` modules it imports, from ``{module: (source, is_package)}``.  Every import
    counts: at the top, inside a function, and under ``if TYPE_CHECKING`` (a circle the type checker
    needs is still a circle).  ``from . import name`` is an edge to the submodule when there is one,
    to the package otherwise."""
    graph = {}
    for module, (source, is_package) in sources.items():
        package = module if is_package else module.rpartition(".")[0]
        edges = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    above = package.split(".")
                    base = ".".join(above[:len(above) - (node.level - 1)] + ([node.module] if node.module else []))
                # ``from ..ui import theme`` imports the submodule game.ui.theme when there is one
                targets = [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            for target in targets:
                while target not in sources and "." in target:
                    target = target.rpartition(".")[0]
                if target in sources and target != module:
                    edges.add(target)
        graph[module] = edges
    return graph


def circles(graph):
    """The strongly connected groups of more than one module (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(frozenset(group))
    return found


def _game_sources():
    return {module_name(path): (path.read_text(encoding="utf-8"), path.name == "__init__.py")
            for path in sorted(GAME.rglob("*.py"))}


def test_no_module_imports_itself_round_a_circle():
    found = set(circles(module_graph(_game_sources())))
    new = [sorted(group) for group in found - KNOWN_CIRCLES]
    assert not new, "import circles: " + "; ".join(" <-> ".join(group) for group in new)
    gone = [sorted(group) for group in KNOWN_CIRCLES - found]
    assert not gone, f"no longer circles, take them out of KNOWN_CIRCLES: {gone}"


def test_the_circle_check_sees_circles_inside_a_part_and_between_parts():
    inside = {"game.rules.errors": ("TYPE_CHECKING = False\nif TYPE_CHECKING:\n    from .position import Position\n",
                                    False),
              "game.rules.position": ("from .fen import read\n", False),
              "game.rules.fen": ("from .errors import FenError\n", False),
              "game.rules.bitboard": ("", False)}
    assert circles(module_graph(inside)) == [frozenset({"game.rules.errors", "game.rules.position", "game.rules.fen"})]
    between = {"game.store": ("def f():\n    from ..ui import theme\n", True),
               "game.ui.theme": ("from .. import store\n", False)}
    assert circles(module_graph(between)) == [frozenset({"game.store", "game.ui.theme"})]
    # a package that imports its submodule, which takes a name from the package, is a circle too
    face = {"game.notation": ("from .pdn import read\n", True),
            "game.notation.pdn": ("from . import excerpt\n", False)}
    assert circles(module_graph(face)) == [frozenset({"game.notation", "game.notation.pdn"})]
    # and a chain that goes one way is none
    chain = {"game.a": ("from .b import x\n", True), "game.a.b": ("from .c import y\n", False),
             "game.a.c": ("import os\n", False)}
    assert circles(module_graph(chain)) == []


# -- scenes know each other by name ----------------------------------------------------------------

SCENES_PACKAGE = "game.ui.scenes"


def scene_imports(module, source, is_package=False):
    """``module: line N imports X`` for every import of one scene module by another: a scene asks
    for another by its registered name (``app.push("confirm", ...)``, game/ui/scene.py), never by
    importing it, so each can change or go without the others."""
    if not module.startswith(SCENES_PACKAGE + "."):
        return []
    # a scene split by job into a package (game/ui/scenes/review/) imports its own modules
    scene = ".".join(module.split(".")[:4])
    return [f"{module}: line {line} imports {target} (a scene names another, never imports it)"
            for target, line in imported_modules(source, module, is_package)
            if target.startswith(SCENES_PACKAGE + ".") and target != scene and not target.startswith(scene + ".")]


def test_scenes_never_import_each_other():
    problems = []
    folder = GAME / "ui" / "scenes"
    for path in sorted(folder.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        problems += scene_imports(module_name(path), source, path.name == "__init__.py")
        if path.parent == folder and path.name != "__init__.py" and "@register(" not in source:
            problems.append(f"{module_name(path)} registers no scene: helpers of scenes live in game/ui")
    for package in sorted(p for p in folder.iterdir() if (p / "__init__.py").is_file()):
        # a scene split by job into a package: some module of it registers the scene(s)
        if not any("@register(" in m.read_text(encoding="utf-8") for m in package.rglob("*.py")):
            problems.append(f"{module_name(package / '__init__.py')} registers no scene")
    assert len(list(folder.glob("*.py"))) > 10  # the walk found the scenes
    assert not problems, "\n".join(problems)


def test_the_scene_check_catches_a_scene_importing_another():
    assert scene_imports("game.ui.scenes.menu", "from . import load as _library\n")
    assert scene_imports("game.ui.scenes.menu", "def f():\n    from .load import resume_unfinished\n")
    assert scene_imports("game.ui.scenes.play", "import game.ui.scenes.review\n")
    assert scene_imports("game.ui.scenes.play", "from game.ui.scenes.review import yield_to_the_window\n")
    assert not scene_imports("game.ui.scenes.menu", "from ..scene import register\nfrom .. import store_hooks\n")
    assert not scene_imports("game.ui.panel", "from .scenes import load_all\n")  # only scenes are held to it
    # a scene package's job modules import each other, and no other scene
    assert not scene_imports("game.ui.scenes.review.drawing", "from .why import WHY_COLOURS\n")
    assert not scene_imports("game.ui.scenes.review", "from .layout import Layout\n", is_package=True)
    assert scene_imports("game.ui.scenes.review.drawing", "from ..play import PlayScene\n")
    assert scene_imports("game.ui.scenes.review.drawing", "from ..reviewer import x\n")


# -- the window reads the engine's words, not its search ----------------------------------------------

SEARCH_MODULE = "game.engine.search"
WINDOW_PARTS = ("ui", "analysis", "controller", "app")


def search_imports(module, source, is_package=False):
    """``module: line N imports game.engine.search`` where a part of the window reaches the search
    itself: it takes score words from game.engine.scores and runs searches through the engine's process."""
    if part_of(module) not in WINDOW_PARTS:
        return []
    # ``from ..engine import search`` names the module as an imported name, not as the target
    names = {alias.name for node in ast.walk(ast.parse(source)) if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    found = []
    for target, line in imported_modules(source, module, is_package):
        if target == "game.engine" and "search" in names:
            target = SEARCH_MODULE
        if target == SEARCH_MODULE or target.startswith(SEARCH_MODULE + "."):
            found.append(f"{module}: line {line} imports {target}")
    return found


def test_the_window_does_not_import_the_search():
    problems = []
    for path in sorted(GAME.rglob("*.py")):
        problems += search_imports(module_name(path), path.read_text(encoding="utf-8"), path.name == "__init__.py")
    assert not problems, "\n".join(problems)


def test_the_search_check_sees_each_spelling():
    assert search_imports("game.ui.panel", "from ..engine.search import describe_score\n")
    assert search_imports("game.ui.scenes.review", "from ...engine import search\n")
    assert search_imports("game.analysis.report", "import game.engine.search\n")
    assert not search_imports("game.ui.panel", "from ..engine.scores import describe_score\n")
    assert not search_imports("game.agent.state", "from ..engine.search import Searcher\n")
