"""docs/ui.md names only functions that exist: each ``module.name`` and ``Class.method(`` it quotes in a
code span is looked up in game/ (a page that names a function removed long ago misleads whoever reads it)."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = ("docs/ui.md",)


def definitions():
    """module stem -> top-level names; class name -> its attributes; every name assigned anywhere."""
    modules, classes, anywhere = {}, {}, set()
    for path in (ROOT / "game").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        stem = path.parent.name if path.name == "__init__.py" else path.stem
        top = modules.setdefault(stem, set())
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                top.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    top.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
            elif isinstance(node, ast.ImportFrom):
                top.update(alias.asname or alias.name for alias in node.names)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, set()).update(
                    n.name if isinstance(n, (ast.FunctionDef, ast.ClassDef)) else
                    n.attr if isinstance(n, ast.Attribute) else n.id
                    for n in ast.walk(node) if isinstance(n, (ast.FunctionDef, ast.ClassDef, ast.Name, ast.Attribute)))
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                anywhere.add(node.name)
            elif isinstance(node, ast.Attribute):
                anywhere.add(node.attr)
            elif isinstance(node, ast.Name):
                anywhere.add(node.id)
        # a lazy package face names its functions as strings: {"save_game": "saves", ...}
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                top.update(k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str))
    return modules, classes, anywhere


def missing_names(text, modules, classes, anywhere):
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for span in re.findall(r"`([^`]+)`", line):
            for match in re.finditer(r"\b([A-Za-z_]\w*)\.([A-Za-z_]\w*)(\()?", span):
                owner, name, called = match.groups()
                if name in ("py", "md", "toml", "pdn", "json") or owner == "game":
                    continue  # a file's name, or a package's path
                # ``app.push`` and ``match.game_id`` are an App's and a Match's: a module or its class
                instances = set().union(*(members for cls, members in classes.items()
                                          if cls.lower() == owner.lower()))
                if owner in modules and name not in modules[owner] and name not in instances:
                    found.append(f"line {number}: {owner}.{name} (no {name} in a module {owner})")
                elif owner in classes and name not in classes[owner]:
                    found.append(f"line {number}: {owner}.{name} (no {name} in class {owner})")
                elif called and name not in anywhere and owner not in modules and owner not in classes:
                    found.append(f"line {number}: {owner}.{name}() (no {name} anywhere in game/)")
    return found


def test_the_pages_name_only_functions_that_exist():
    modules, classes, anywhere = definitions()
    problems = [f"{page} {p}" for page in PAGES
                for p in missing_names((ROOT / page).read_text(encoding="utf-8"), modules, classes, anywhere)]
    assert not problems, "\n".join(problems)


def test_the_check_sees_a_removed_function():
    modules, classes, anywhere = definitions()
    assert missing_names("opens `store.resume_everything` here", modules, classes, anywhere)
    assert missing_names("`TimeControl.parse(\"3+2\")`", modules, classes, anywhere)
    assert missing_names("`match.nothing_like_this()`", modules, classes, anywhere)
    assert not missing_names("`store.save_unfinished` and `Match.continue_from(game)`", modules, classes, anywhere)
