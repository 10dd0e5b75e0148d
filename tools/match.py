"""Engine-vs-engine matches from the 3-move ballot openings.

    python tools/match.py Master Expert --openings 20 --jobs 2
    python tools/match.py depth:6 time:0.5 --games 10
    python tools/match.py Master minimax:4 --openings 20 --pdn /tmp/m.pdn

An engine is a level name (Beginner ... Master), ``depth:N`` (full search to
N plies), ``time:S`` (S seconds a move) or ``minimax:N`` (plain depth-N
minimax on material alone: the classic baseline).

``+book`` after a spec (``time:0.2+book``) plays from the opening book
(``game.engine.book``) while the position is in it.

``git:REV/SPEC`` is the engine of an earlier commit playing SPEC (a level,
``depth:N`` or ``time:S`` as that commit understood them); a bare ``git:REV``
plays the other engine's SPEC.  The commit is unpacked into a temporary
worktree (``git archive``: nothing is registered in the repository, so a
killed match leaves no stale worktree behind) and each of its games runs in
a worker process of its own, with that tree alone on its ``sys.path``,
talking JSON lines over a pipe; the worktree is removed at the end:

    python tools/match.py time:0.2+book git:a686cb9 --jobs 2

Each opening is played twice, colours swapped, under the official draw
rules, which end every game (40 moves each without a capture or a man
moving, or a repetition).  A game longer than ``--max-ply`` plies is
adjudicated drawn: a safety net that the rules keep out of reach in
practice.  (Until stop 28 the default was 200 plies, and it cut off won king
endings still being played out: in the stop-25 run of the command above, 36
games ended at 200 plies, five of them won for the database.)  With
``--adjudicate`` a game also ends as soon as the endgame database knows its
result (4 pieces or fewer: the database's win, loss or draw, as a tablebase
adjudication; the engines would only play it out).  The five-piece balances
the database also holds are played out: the engines must convert them, and
the figures stay comparable with those measured before the database had
them.  Prints one line per game and a summary for the first engine: W/D/L,
score %, Elo difference with its 95% error margin, and the peak resident
memory of the worker processes.
"""

import argparse
import math
import random
import sys
import time
from pathlib import Path

from _common import ROOT, ballots

from game.rules import BLACK, Game, Position
from game.rules import bitboard as bb


# -- the material-only minimax baseline ------------------------------------------

def _material(bm, bk, wm, wk, black):
    s = 100 * (bm.bit_count() - wm.bit_count()) + 130 * (bk.bit_count() - wk.bit_count())
    return s if black else -s


def _minimax(state, depth, ply):
    moves = bb.moves(*state)
    if not moves:
        return ply - 30000
    if depth == 0:
        return _material(*state)
    return max(-_minimax(bb.play(*state, m), depth - 1, ply + 1) for m in moves)


def minimax_move(position, depth):
    """Plain minimax (no pruning, no quiescence), first of the best moves."""
    from game.rules import Move

    state = position.state
    best, best_m = None, None
    for m in bb.moves(*state):
        s = -_minimax(bb.play(*state, m), depth - 1, 1)
        if best is None or s > best:
            best, best_m = s, m
    return Move.from_raw(best_m) if best_m is not None else None


# -- engines -----------------------------------------------------------------------

def parse_engine(spec):
    """A validated engine spec: ('level', Level), ('minimax', depth) or ('git', (rev, spec))."""
    from game.engine.levels import Level, custom_time, level_by_name

    spec, plus, option = spec.partition("+")
    if plus and option != "book":
        raise ValueError(f"unknown option +{option} (only +book: play from the opening book)")
    if spec.lower().startswith("git:"):
        if plus:
            raise ValueError("an earlier commit plays as it did then: no +book")
        rev, _, inner = spec[4:].partition("/")
        if not rev:
            raise ValueError(f"no commit in {spec!r}: git:REV or git:REV/SPEC")
        if inner:
            kind = parse_engine(inner)[0]
            if kind != "level":
                raise ValueError(f"an earlier commit plays a level, depth:N or time:S, not {inner!r}")
        return ("git", (rev, inner))
    kind, _, arg = spec.partition(":")
    kind = kind.lower()
    if kind == "depth" and arg:
        n = int(arg)
        return ("level", Level(f"depth:{n}", "", n, None, 0, 0))
    if kind == "time" and arg:
        return ("level", custom_time(float(arg)))
    if kind == "minimax" and arg:
        return ("minimax", int(arg))
    return ("level", level_by_name(spec))


_DEFAULTS = {}


_EVAL_DEFAULTS = {}


def _apply_overrides(overrides):
    """Set tuning constants for one player (A/B tests), before each of its
    moves: ``time:0.2@EXTEND_SINGLE=True;RFP_MARGIN=80`` (search module) or
    ``time:0.1@KING=150;GUARD=0`` (evaluation weights, see
    evaluate.WEIGHT_NAMES; the tables are rebaked only when they change).
    Everything not named goes back to its default, so the other player in
    the same worker process is unaffected."""
    import game.engine.evaluate  # noqa: F401  (the package's names are the functions)
    import game.engine.search  # noqa: F401

    S = sys.modules["game.engine.search"]
    E = sys.modules["game.engine.evaluate"]
    if not _EVAL_DEFAULTS:
        _EVAL_DEFAULTS.update(E.weights())
    eval_over = {k: v for k, v in overrides.items() if k in _EVAL_DEFAULTS}
    for name, value in _DEFAULTS.items():
        setattr(S, name, value)
    for name, value in overrides.items():
        if name in eval_over:
            continue
        if not hasattr(S, name):
            raise ValueError(f"{name} is neither a search constant nor an evaluation weight")
        _DEFAULTS.setdefault(name, getattr(S, name))
        setattr(S, name, value)
    E.set_weights(**{**_EVAL_DEFAULTS, **eval_over})


def _parse_overrides(text):
    import ast

    out = {}
    for item in filter(None, text.split(";")):
        name, _, value = item.partition("=")
        out[name.strip()] = ast.literal_eval(value.strip())
    return out


class _Player:
    def __init__(self, spec, seed):
        from game.engine.search import Searcher

        spec, _, over = spec.partition("@")
        self.overrides = _parse_overrides(over)
        _apply_overrides(self.overrides)  # fail early on an unknown name
        self.kind, self.arg = parse_engine(spec)
        self.book = spec.endswith("+book")
        self.searcher = Searcher()
        self.rng = random.Random(seed)

    def move(self, game):
        if self.book:
            from game.engine import book

            m = book.choose(game.position, rng=self.rng)
            if m is not None:
                return m
        if self.kind == "minimax":
            return minimax_move(game.position, self.arg)
        from game.engine.levels import choose_move

        _apply_overrides(self.overrides)
        history = game.reversible_history()[:-1]
        move, _ = choose_move(game.position, history, self.arg, rng=self.rng, searcher=self.searcher)
        return move


# -- the engine of an earlier commit, in a process of its own --------------------------
#
# The worker imports nothing from this checkout: it runs with -I (no script
# directory, no PYTHON* variables) and the commit's tree first on sys.path,
# checks that ``game`` really comes from there, and then answers one JSON
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
say({"ready": game.__file__})
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


class _GitPlayer:
    """The engine of an earlier commit, in its own process (see _GIT_WORKER)."""

    def __init__(self, tree, spec, seed):
        import subprocess

        self.proc = subprocess.Popen([sys.executable, "-I", "-c", _GIT_WORKER, str(tree), spec, str(seed)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=str(tree))
        hello = self._answer()
        if "ready" not in hello:
            self.close()
            raise GitEngineError(f"the engine in {tree} did not start: {hello}")

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


def _make_player(spec, other, seed, trees):
    if spec.lower().startswith("git:"):
        rev, _, inner = spec[4:].partition("/")
        return _GitPlayer(trees[rev], inner or other.partition("@")[0].partition("+")[0], seed)
    return _Player(spec, seed)


class GitTrees:
    """Temporary worktrees of earlier commits, by the revision as written:
    ``with GitTrees(["a686cb9"]) as trees: trees["a686cb9"]`` is a directory
    holding that commit's files.  Removed on leaving the block."""

    def __init__(self, revs, repo=ROOT):
        self.revs, self.repo, self.trees, self._tmp = list(dict.fromkeys(revs)), Path(repo), {}, None

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


def play_game(job):
    """One game; returns a dict (picklable) for the parent."""
    import resource

    index, opening, black_spec, white_spec, max_ply, seed, trees, use_database = job
    number, moves_text, fen = opening
    game = Game(Position.from_fen(fen))
    players = {}
    known = None
    try:
        players[BLACK] = _make_player(black_spec, white_spec, seed, trees)
        players[1 - BLACK] = _make_player(white_spec, black_spec, seed + 1, trees)
        t0 = time.perf_counter()
        adjudicated = False
        while game.outcome is None:
            if game.ply >= max_ply:
                adjudicated = True
                break
            if use_database:
                known = _database_result(game.position)
                if known is not None:
                    break
            game.push(players[game.turn].move(game))
    finally:
        for p in players.values():
            if isinstance(p, _GitPlayer):
                p.close()
    outcome = game.outcome
    if adjudicated:
        winner, why = None, f"adjudicated draw after {max_ply} plies"
    elif known is not None:
        winner, why = known
    else:
        winner, why = outcome.winner, outcome.termination
    return {
        "index": index, "opening": number, "moves": moves_text, "black": black_spec, "white": white_spec,
        "winner": winner, "why": why, "plies": game.ply, "seconds": time.perf_counter() - t0,
        "game": game, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def _database_result(position):
    """(winner or None, reason) once the endgame database knows the position
    (and a side could still move), else None.  Four pieces or fewer only:
    see the module's docstring for the five-piece balances."""
    from game.engine import endgame

    pieces = position.bm | position.bk | position.wm | position.wk
    if pieces.bit_count() > endgame.MAX_PIECES or not position.legal_moves():
        return None
    result = endgame.probe(position)
    if result is None:
        return None
    if result == 0:
        return None, "database draw"
    winner = position.turn if result > 0 else 1 - position.turn
    return winner, "database win"


def elo(score, n, scores):
    """Elo difference and its 95% margin from per-game scores (1, 0.5, 0)."""
    def to_elo(p):
        p = min(max(p, 1e-6), 1 - 1e-6)
        return -400 * math.log10(1 / p - 1)
    if n < 2:
        return to_elo(score), float("inf")
    var = sum((s - score) ** 2 for s in scores) / (n - 1)
    se = math.sqrt(var / n)
    lo, hi = to_elo(score - 1.96 * se), to_elo(score + 1.96 * se)
    return to_elo(score), (hi - lo) / 2


def _write_pdn(path, results):
    tags_of = []
    for r in results:
        tags = {"Event": "tools/match.py", "Black": r["black"], "White": r["white"],
                "Round": str(r["index"] + 1), "Opening": f'{r["opening"]} {r["moves"]}'}
        # an adjudicated game is not over on the board: its result is recorded
        result = "1-1" if r["winner"] is None else ("2-0" if r["winner"] == BLACK else "0-2")
        if r["game"].outcome is None:
            tags["Termination"] = r["why"]
        tags_of.append((r["game"], tags, result))
    try:
        from game.notation.pdn import write_pdn_games
    except ImportError:
        write_pdn_games = None
    if write_pdn_games is not None:
        text = write_pdn_games(tags_of)
    else:  # minimal PDN of our own
        chunks = []
        for game, tags, recorded in tags_of:
            res = game.outcome.result() if game.outcome else recorded
            head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
            head += f'[Result "{res}"]\n[FEN "{game.start.fen()}"]\n\n'
            body = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else str(m) for i, m in enumerate(game.moves))
            chunks.append(head + body + f" {res}\n")
        text = "\n".join(chunks)
    Path(path).write_text(text)


def _terminated(signum, frame):
    raise SystemExit(128 + signum)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine1")
    ap.add_argument("engine2")
    ap.add_argument("--openings", type=int, default=None, help="number of openings (each played twice)")
    ap.add_argument("--games", type=int, default=None, help="number of games (overrides --openings)")
    ap.add_argument("--first", type=int, default=0, help="index of the first opening used")
    ap.add_argument("--jobs", type=int, default=1, help="parallel games (processes)")
    ap.add_argument("--max-ply", type=int, default=1000,
                    help="adjudicate a draw after this many plies (a safety net: the draw rules end games first)")
    ap.add_argument("--adjudicate", action="store_true",
                    help="end a game as soon as the endgame database knows its result (4 pieces or fewer)")
    ap.add_argument("--pdn", default=None, help="save all games to this PDN file")
    ap.add_argument("--ballots", default=None, metavar="FILE",
                    help="openings from this file (NUMBER MOVE MOVE MOVE FEN a line) instead of the "
                         "156 ballots of game.notation.openings")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    # A kill (SIGTERM, as timeout(1) sends) ends the match like Ctrl+C: the
    # worker processes are stopped and the earlier commits' trees removed.
    import signal

    signal.signal(signal.SIGTERM, _terminated)
    revs = []
    for spec in (args.engine1, args.engine2):
        try:
            kind, arg = parse_engine(spec.partition("@")[0])
            if kind == "git":
                revs.append(arg[0])
                if "@" in spec:
                    raise ValueError(f"an earlier commit plays with its own weights: {spec!r}")
            else:
                _apply_overrides(_parse_overrides(spec.partition("@")[2]))
        except (ValueError, SyntaxError) as e:
            ap.error(str(e))
    if all(s.lower().startswith("git:") and "/" not in s for s in (args.engine1, args.engine2)):
        ap.error("say what an earlier commit plays: git:REV/SPEC (e.g. git:a686cb9/time:0.2)")
    _apply_overrides({})
    try:
        openings = ballots(args.ballots)[args.first:]
    except (OSError, ValueError) as e:
        ap.error(f"cannot read the ballots file {args.ballots}: {e}")
    if not openings:
        ap.error(f"no openings in {args.ballots or 'the ballots'} from --first {args.first}")
    if args.games is not None:
        n_games = args.games
    else:
        n_games = 2 * (args.openings if args.openings is not None else len(openings))
    t0 = time.perf_counter()
    results = []
    stopped = None
    try:
        with GitTrees(revs) as trees:
            _play_all(args, openings, n_games, trees, results)
    except ValueError as e:  # a revision that is not a commit
        ap.error(str(e))
    except (KeyboardInterrupt, SystemExit) as e:
        # Ctrl+C or a kill: the games finished so far still count; the
        # summary says the match is partial
        stopped = e
        print(f"match stopped after {len(results)} of {n_games} games", flush=True)
    results.sort(key=lambda r: r["index"])
    w = sum(1 for r in results if r["winner"] is not None and _engine1_color(r, args.engine1) == r["winner"])
    losses = sum(1 for r in results if r["winner"] is not None and _engine1_color(r, args.engine1) != r["winner"])
    d = len(results) - w - losses
    n = len(results)
    scores = [1.0 if r["winner"] is not None and _engine1_color(r, args.engine1) == r["winner"]
              else 0.5 if r["winner"] is None else 0.0 for r in results]
    score = sum(scores) / n if n else 0.0
    e, margin = elo(score, n, scores)
    e = 0.0 if abs(e) < 0.5 else e  # no "-0"
    rss = max((r["rss_mb"] for r in results), default=0)
    if n:
        print(f"{args.engine1} vs {args.engine2}: +{w} ={d} -{losses}  score {100 * score:.1f}%  "
              f"Elo {e:+.0f} ± {margin:.0f}  ({n} games, {time.perf_counter() - t0:.0f} s, "
              f"max worker RSS {rss:.0f} MB)")
    else:
        print(f"{args.engine1} vs {args.engine2}: no game finished")
    if args.pdn:
        _write_pdn(args.pdn, results)
        print(f"games saved to {args.pdn}")
    if stopped is not None:
        raise SystemExit(stopped.code if isinstance(stopped, SystemExit) else 130)


def _play_all(args, openings, n_games, trees, results):
    """Play the games, appending each result to ``results`` as it ends."""
    jobs = []
    for i in range(n_games):
        op = openings[(i // 2) % len(openings)]
        if i % 2 == 0:
            jobs.append((i, op, args.engine1, args.engine2, args.max_ply, args.seed * 1000 + i, trees,
                         args.adjudicate))
        else:
            jobs.append((i, op, args.engine2, args.engine1, args.max_ply, args.seed * 1000 + i, trees,
                         args.adjudicate))
    if args.jobs > 1:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(args.jobs) as pool:
            for r in pool.imap_unordered(play_game, jobs):
                results.append(r)  # (before the report: a kill may come at any line)
                _report(r, args.engine1)
    else:
        for job in jobs:
            r = play_game(job)
            results.append(r)
            _report(r, args.engine1)


def _engine1_color(r, engine1):
    # game i even: engine1 plays black (first) in that game
    return BLACK if r["index"] % 2 == 0 else 1 - BLACK


def _report(r, engine1):
    res = "1-1" if r["winner"] is None else ("2-0" if r["winner"] == BLACK else "0-2")
    print(f"game {r['index'] + 1:3d}  opening {r['opening']} ({r['moves']})  {r['black']} (B) vs {r['white']} (W)"
          f"  {res}  {r['why']}  {r['plies']} plies  {r['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
