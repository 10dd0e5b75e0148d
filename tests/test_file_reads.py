"""Every file read in game/ and tools/ goes through game/textfile.py (issue 45 item 3).

The README promises that every file the game reads is capped in size and must be a
regular file: a FIFO must not hang a read, /dev/zero must not fill the memory.  This test
reads the source of every module of ``game/`` and ``tools/`` and lists each call that opens
or reads a file by other means: ``open(``, ``os.open``, ``os.fdopen``, ``io.open``,
``Path.open``/``read_text``/``read_bytes``, ``json.load`` and the other ``load``s of a file,
``pygame.image.load`` of a path, ``pygame.font.Font`` of a path, ``sqlite3.connect``,
``shutil.copy``.  Each must be in ALLOWED below, with the reason it is safe; a write-mode
``open()`` (``w``, ``a``, ``x``, no ``+``) is not a read and is allowed as such.  An entry
of ALLOWED that no longer matches anything fails too, so the list stays true and short.

``python -m pytest tests/test_file_reads.py -s`` prints the whole listing.
"""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (file, enclosing function, what is called) -> why it is not a read a user can turn into a hang
ALLOWED = {
    ("game/textfile.py", "_open_checked", "os.open"): "the helper itself: O_NONBLOCK, then fstat before a byte",
    ("game/textfile.py", "_read_resource", "resource.open"): "the helper itself: a member of a zip, read capped",
    ("game/textfile.py", "open_binary", "os.fdopen"): "the helper itself: the checked descriptor, handed over",
    ("game/store/paths.py", "atomic_write", "os.fdopen"): "writes the temporary mkstemp just made (ours, new)",
    ("game/store/paths.py", "write_new", "os.fdopen"): "writes the temporary mkstemp just made (ours, new)",
    ("game/store/paths.py", "_fsync_dir", "os.open"): "opens a folder the game just wrote in, to fsync it",
    ("game/store/paths.py", "note_temporary", "os.open"): "appends, O_NONBLOCK|O_NOFOLLOW, then fstat: a "
                                                          "regular file only",
    ("game/library/jobs.py", "write_exclusive", "os.fdopen"): "writes the temporary mkstemp just made",
    ("game/engine/corebuild.py", "source_digest", ".read_bytes"): "the engine's own sources; setup.py loads this "
                                                                  "file alone, with no package to import from",
    ("game/agent/state.py", "save", "os.open"): "writes its temporary (O_WRONLY|O_CREAT|O_EXCL in `flags`)",
    ("game/store/lock.py", "open_lock_file", "os.open"): "a lock file (the store's and the library's): "
                                                         "O_NOFOLLOW|O_NONBLOCK, fstat-checked, never read",
    ("game/store/training.py", "_open_journal", "os.open"): "the attempts journal: O_NOFOLLOW|O_NONBLOCK, "
                                                            "fstat-checked, read to its cap",
    ("game/library/index.py", "_open", "sqlite3.connect"): "the index: every file SQLite opens there is checked "
                                                           "a regular file first (_check_files), nofollow URI",
    ("game/library/index.py", "_our_schema", "sqlite3.connect"): "an in-memory database (':memory:')",
    ("game/net/keep.py", "__init__", "sqlite3.connect"): "the server's own database in its own folder",
    ("game/net/keep.py", "checkpoint", "sqlite3.connect"): "the same database, a second connection for checkpoints",
    ("game/net/writer.py", "_run", "sqlite3.connect"): "the same database, the writer thread's own connection",
    ("tools/library_bench.py", "two_windows", "sqlite3.connect"): "the bench's own scratch index",
    ("tools/fuzz_store.py", "measure", "os.fdopen"): "the read end of a pipe to its own child",
    ("tools/make_assets.py", "encode_wav", "wave.open"): "writes a WAV into a BytesIO in memory",
    ("tools/git_engine.py", "__enter__", "tarfile.open"): "a stream from `git archive` (a pipe of its own child)",
    ("tools/mutants.py", "copy_checkout", "shutil.copy2"): "copies the checkout's own sources into a scratch folder",
    ("tools/screenshots.py", "main", "shutil.copyfile"): "copies its own screenshots into docs/",
}

FILE_MODULES = {"os", "io", "codecs", "tarfile", "wave", "gzip", "bz2", "lzma", "zipfile"}
LOADERS = {"json", "pickle", "marshal", "tomllib", "np", "numpy"}
NOT_FILES = {"self", "library", "lib", "practice"}  # receivers whose .open() is no file (Library.open, ...)


def _name(node):
    """``a.b.c`` of an expression, as far as it is names and attributes."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _name(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    if isinstance(node, ast.Call):
        return _name(node.func)
    return ""


def _mode(call):
    for arg in call.args[1:2]:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return arg.value
    for kw in call.keywords:
        if kw.arg == "mode" and isinstance(kw.value, ast.Constant):
            return kw.value.value
    return "r"


def _is_write(mode):
    return any(c in mode for c in "wax") and "+" not in mode


def _from_memory(call):
    return bool(call.args) and "BytesIO" in _name(call.args[0])


def opened(call):
    """What ``call`` is, when it opens or reads a file by other means than game/textfile.py; else None."""
    func = call.func
    if isinstance(func, ast.Name):
        if func.id == "open":
            return None if _is_write(_mode(call)) else "open"
        return None
    if not isinstance(func, ast.Attribute):
        return None
    receiver = _name(func.value)
    last = receiver.rsplit(".", 1)[-1]
    attr = func.attr
    if attr == "open":
        if receiver == "os" and len(call.args) > 1 and "O_WRONLY" in ast.unparse(call.args[1]):
            return None  # a write
        if receiver in ("io", "codecs") and _is_write(_mode(call)):
            return None
        if last in NOT_FILES or receiver == "webbrowser":
            return None
        if receiver in FILE_MODULES or receiver not in ("",):
            return f"{receiver.split('.')[0] if receiver in FILE_MODULES else last}.open"
    if attr == "fdopen":
        return "os.fdopen"
    if attr in ("read_text", "read_bytes") and receiver != "textfile":
        return f"{last}.{attr}"
    if attr == "load" and (receiver in LOADERS or receiver.endswith("image")) and not _from_memory(call):
        return f"{receiver}.load"
    if attr == "Font" and receiver.endswith("font") and call.args and not _from_memory(call) \
            and not (isinstance(call.args[0], ast.Constant) and call.args[0].value is None):
        if isinstance(call.args[0], ast.IfExp):
            return None if _from_memory(ast.Call(args=[call.args[0].body])) and \
                _from_memory(ast.Call(args=[call.args[0].orelse])) else "font.Font"
        return "font.Font"
    if attr == "connect" and last == "sqlite3":
        return "sqlite3.connect"
    if last == "shutil" and attr.startswith(("copy", "move")):
        return f"shutil.{attr}"
    return None


def _walk(node, function, rel, found):
    for child in ast.iter_child_nodes(node):
        inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
        if isinstance(child, ast.Call):
            what = opened(child)
            if what is not None:
                found.append((rel, function, what, child.lineno))
        _walk(child, inner, rel, found)


def file_reads():
    """``[(file, function, what, line)]`` of every call in game/ and tools/ that opens or reads a file
    by other means than game/textfile.py."""
    found = []
    files = sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "tools").rglob("*.py"))
    for path in files:
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), rel)

        _walk(tree, "<module>", rel, found)
    return found


def test_every_file_read_goes_through_textfile():
    found = file_reads()
    for rel, function, what, line in found:
        print(f"{rel}:{line}: {what} in {function}: {ALLOWED.get((rel, function, what), 'NOT ALLOWED')}")
    loose = [f"{rel}:{line}: {what} in {function}()" for rel, function, what, line in found
             if (rel, function, what) not in ALLOWED]
    assert not loose, ("reads that do not go through game/textfile.py (read_text, read_bytes, open_binary):\n"
                       + "\n".join(loose))


def test_every_allowed_read_is_still_there():
    seen = {(rel, function, what) for rel, function, what, _ in file_reads()}
    assert not [key for key in ALLOWED if key not in seen], [key for key in ALLOWED if key not in seen]


def test_the_listing_finds_each_kind_of_read():
    """The listing itself, on made-up code: a read it missed would make the two tests above pass wrongly."""
    code = ("def f(p):\n"
            "    open(p)\n    open(p, 'rb')\n    open(p, 'w+')\n    open(p, 'w')\n"
            "    p.read_text()\n    p.read_bytes()\n    textfile.read_text(p)\n    read_text(p)\n"
            "    os.open(p, 0)\n    os.open(p, os.O_WRONLY)\n    os.fdopen(3)\n"
            "    io.open(p)\n    p.open('rb')\n    self.library.open()\n"
            "    json.load(f)\n    pygame.image.load(str(p))\n    pygame.image.load(io.BytesIO(b))\n"
            "    pygame.font.Font(p, 12)\n    pygame.font.Font(None, 12)\n    sqlite3.connect(p)\n"
            "    shutil.copyfile(p, q)\n")
    calls = [node for node in ast.walk(ast.parse(code)) if isinstance(node, ast.Call)]
    calls.sort(key=lambda c: (c.lineno, c.col_offset))
    kinds = [opened(c) for c in calls if c.lineno > 1]
    kinds = [k for k in kinds if k is not None]
    assert kinds == ["open", "open", "open", "p.read_text", "p.read_bytes", "os.open", "os.fdopen", "io.open",
                     "p.open", "json.load", "pygame.image.load", "font.Font", "sqlite3.connect",
                     "shutil.copyfile"]
