"""The engine of an earlier commit, for tools/match.py's ``git:REV`` players.

``GitTrees`` unpacks commits into temporary folders (``git archive``: nothing is
registered in the repository, so a killed match leaves no stale worktree behind)
and removes them at the end; a ``GitPlayer`` plays that commit's engine in a
worker process of its own.

A commit whose tree has setup.py has a compiled search core (issue 33); the
archive holds only its source, so ``GitTrees`` builds it in the tree
(``setup.py build_ext --inplace``), or warns that this player runs
interpreted, several times slower than a compiled engine against it.
Older trees, without setup.py, run as before.
"""

import sys
from pathlib import Path

from _common import ROOT

# The worker imports nothing from this checkout: it runs with -I (no script
# directory, no PYTHON* variables) and the commit's tree first on sys.path,
# checks that ``game`` really comes from there, takes ``game.assets`` (the
# data files) from there too, and then answers one JSON
# line per request: {"fen", "history": [fen...]} -> {"move": [path...]} or
# {"error": text}.  It keeps one Searcher for the game (its tables carry over
# as in the UI) and exits when its stdin closes, so it cannot outlive the
# match even if the match is killed.

_GIT_WORKER = r"""
import json, os, random, sys, traceback


def say(obj):
    try:
        print(json.dumps(obj), flush=True)
    except OSError:  # the match stopped meanwhile (a broken pipe): nobody to answer
        os._exit(0)


tree = sys.argv[1]
sys.path.insert(0, tree)
try:
    import game
    if not game.__file__.startswith(tree):
        raise ImportError("game imported from " + game.__file__ + ", not from " + tree)
    # the tree's own data files: an editable install maps game.assets to the
    # installed checkout's assets/ folder, whichever game comes first
    assets = os.path.join(tree, "assets", "__init__.py")
    if os.path.isfile(assets):
        import importlib.util
        found = importlib.util.spec_from_file_location("game.assets", assets,
                                                       submodule_search_locations=[os.path.dirname(assets)])
        module = importlib.util.module_from_spec(found)
        sys.modules["game.assets"] = module
        found.loader.exec_module(module)
    from game.rules import Position
    from game.engine import levels
    from game.engine.search import Searcher

    spec, seed = sys.argv[2], int(sys.argv[3])
    kind, _, arg = spec.partition(":")
    if kind.lower() == "depth" and arg:
        level = levels.Level("depth:" + arg, "", int(arg), None, 0, 0)
    elif kind.lower() == "time" and arg:
        level = levels.custom_time(float(arg))
    else:
        level = levels.level_by_name(spec)
    searcher, rng = Searcher(), random.Random(seed)
except Exception:
    say({"error": traceback.format_exc()})
    sys.exit(1)
try:
    import importlib.resources
    data = str(importlib.resources.files("game.assets"))
except Exception:  # (a tree without the package game.assets: its engine finds its files itself)
    data = None
say({"ready": game.__file__, "assets": data})
for line in sys.stdin:
    try:
        req = json.loads(line)
        pos = Position.from_fen(req["fen"])
        history = tuple(Position.from_fen(f) for f in req["history"])
        move, _ = levels.choose_move(pos, history, level, rng=rng, searcher=searcher)
        out = {"move": list(move.path) if move is not None else None}
    except Exception:
        out = {"error": traceback.format_exc()}
    say(out)
"""


class GitEngineError(RuntimeError):
    pass


class GitPlayer:
    """The engine of an earlier commit, in its own process (see _GIT_WORKER)."""

    def __init__(self, tree, spec, seed):
        import subprocess

        self.proc = subprocess.Popen([sys.executable, "-I", "-c", _GIT_WORKER, str(tree), spec, str(seed)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=str(tree))
        hello = self._answer()
        if "ready" not in hello:
            self.close()
            raise GitEngineError(f"the engine in {tree} did not start: {hello}")
        self.assets = hello.get("assets")  # the folder of the data files it reads (None: a tree without one)

    def _answer(self):
        import json

        line = self.proc.stdout.readline()
        if not line:
            raise GitEngineError(f"the engine worker ended (exit code {self.proc.wait()})")
        return json.loads(line)

    def move(self, game):
        import json

        history = [p.fen() for p in game.reversible_history()[:-1]]
        self.proc.stdin.write(json.dumps({"fen": game.position.fen(), "history": history}) + "\n")
        self.proc.stdin.flush()
        answer = self._answer()
        if "error" in answer:
            raise GitEngineError(answer["error"])
        path = tuple(answer["move"] or ())
        for m in game.position.legal_moves():
            if m.path == path:
                return m
        raise GitEngineError(f"illegal move {path} in {game.position.fen()}")

    def close(self):
        """Close its stdin (it leaves at once); kill it if it does not."""
        import subprocess

        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass



def build_core(tree):
    """Build the compiled core in an archived tree that has a setup.py; returns None when
    built (or nothing to build: no setup.py), else a warning saying why it runs interpreted."""
    import importlib.machinery
    import os
    import subprocess

    tree = Path(tree)
    if not (tree / "setup.py").exists():
        return None
    if os.environ.get("CHECKERS_ENGINE", "").strip().lower() == "python":
        return None  # every engine of this run is interpreted on purpose: nothing to build
    try:
        out = subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=str(tree),
                             capture_output=True, text=True, timeout=900)
        why = (out.stderr.strip().splitlines() or [f"exit code {out.returncode}"])[-1]
    except (OSError, subprocess.TimeoutExpired) as e:
        why = str(e)
    # (setup.py goes on without the core when it cannot build it: the built file is the proof)
    engine = tree / "game" / "engine"
    if any((engine / f"core{suffix}").exists() for suffix in importlib.machinery.EXTENSION_SUFFIXES):
        return None
    return f"the compiled core of {tree.name} was not built ({why}): that engine runs interpreted"


class GitTrees:
    """Temporary worktrees of earlier commits, by the revision as written:
    ``with GitTrees(["a686cb9"]) as trees: trees["a686cb9"]`` is a directory
    holding that commit's files, its compiled core built (see ``build_core``;
    ``build=False``: not, the tree runs interpreted).  Removed on leaving the block."""

    def __init__(self, revs, repo=ROOT, build=True):
        self.revs, self.repo, self.trees, self._tmp = list(dict.fromkeys(revs)), Path(repo), {}, None
        self.build = build

    def __enter__(self):
        import subprocess
        import tarfile
        import tempfile

        if not self.revs:
            return self.trees
        self._tmp = tempfile.mkdtemp(prefix="match-git-")
        try:
            for rev in self.revs:
                sha = subprocess.run(["git", "-C", str(self.repo), "rev-parse", "--verify", "--quiet",
                                      f"{rev}^{{commit}}"], capture_output=True, text=True)
                if sha.returncode != 0:
                    raise ValueError(f"git:{rev} is not a commit of {self.repo}")
                sha = sha.stdout.strip()
                tree = Path(self._tmp) / sha[:12]
                tree.mkdir()
                archive = subprocess.Popen(["git", "-C", str(self.repo), "archive", "--format=tar", sha],
                                           stdout=subprocess.PIPE)
                with tarfile.open(fileobj=archive.stdout, mode="r|") as tar:
                    # our own repository's archive; the "data" filter where this Python has it
                    if hasattr(tarfile, "data_filter"):
                        tar.extractall(tree, filter="data")
                    else:
                        tar.extractall(tree)
                if archive.wait() != 0:
                    raise ValueError(f"git archive {rev} failed")
                warning = build_core(tree) if self.build else None
                if warning:
                    print(f"warning: git:{rev}: {warning}", file=sys.stderr, flush=True)
                self.trees[rev] = tree.resolve()
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self.trees

    def __exit__(self, *exc):
        import shutil

        if self._tmp is not None:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None
        return False
