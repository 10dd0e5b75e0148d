"""Every tool starts: its imports still hold (nothing the tools use has moved away) and --help answers."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Each tool run as its own __main__ with --help, one after the other in one process
# (a process each would cost a second or more of imports per tool).
DRIVER = r"""
import contextlib, io, json, os, runpy, sys
out = {}
sys.path.insert(0, os.path.dirname(sys.argv[1]))  # as for a script run by its path: its folder first
for path in sys.argv[1:]:
    sys.argv = [path, "--help"]
    text = io.StringIO()
    try:
        with contextlib.redirect_stdout(text):
            runpy.run_path(path, run_name="__main__")
        out[path] = "no exit"
    except SystemExit as e:
        ok = e.code == 0 and "usage:" in text.getvalue()
        out[path] = 0 if ok else f"exit {e.code}: {text.getvalue()[-300:]}"
    except BaseException as e:
        out[path] = f"{type(e).__name__}: {e}"
print(json.dumps(out))
"""


def tools():
    """The tools: the scripts of tools/ (the modules they share have no ``__main__``)."""
    return sorted(p for p in (ROOT / "tools").glob("*.py") if 'if __name__ == "__main__":' in p.read_text())


def test_every_tool_answers_help_from_any_folder(tmp_path):
    paths = [str(p) for p in tools()]
    assert len(paths) >= 15 and str(ROOT / "tools" / "match.py") in paths
    r = subprocess.run([sys.executable, "-c", DRIVER, *paths], capture_output=True, text=True, cwd=tmp_path,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    answers = json.loads(r.stdout.splitlines()[-1])
    assert {Path(p).name: a for p, a in answers.items() if a != 0} == {}
