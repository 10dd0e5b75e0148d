"""Engine-vs-engine matches from the 3-move ballot openings.

    python tools/match.py Master Expert --openings 20 --jobs 2
    python tools/match.py depth:6 time:0.5 --games 10
    python tools/match.py Master minimax:4 --openings 20 --pdn /tmp/m.pdn

An engine is a level name (Beginner ... Master), ``depth:N`` (full search to
N plies), ``time:S`` (S seconds a move) or ``minimax:N`` (plain depth-N
minimax on material alone: the classic baseline).  Each opening is played
twice, colours swapped, under the official draw rules, with games longer
than ``--max-ply`` plies adjudicated drawn.  Prints one line per game and a
summary for the first engine: W/D/L, score %, Elo difference with its 95%
error margin, and the peak resident memory of the worker processes.
"""

import argparse
import math
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.rules import BLACK, Game, Position  # noqa: E402
from game.rules import bitboard as bb  # noqa: E402

BALLOTS = ROOT.parent / "shared" / "ballots-3move.txt"


def load_openings(path=BALLOTS):
    out = []
    for line in Path(path).read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split()
        out.append((parts[0], " ".join(parts[1:4]), parts[-1]))
    return out


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
    """A validated engine spec: ('level', Level) or ('minimax', depth)."""
    from game.engine.levels import Level, custom_time, level_by_name

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
        self.searcher = Searcher()
        self.rng = random.Random(seed)

    def move(self, game):
        if self.kind == "minimax":
            return minimax_move(game.position, self.arg)
        from game.engine.levels import choose_move

        _apply_overrides(self.overrides)
        history = game.reversible_history()[:-1]
        move, _ = choose_move(game.position, history, self.arg, rng=self.rng, searcher=self.searcher)
        return move


def play_game(job):
    """One game; returns a dict (picklable) for the parent."""
    import resource

    index, opening, black_spec, white_spec, max_ply, seed = job
    number, moves_text, fen = opening
    game = Game(Position.from_fen(fen))
    players = {BLACK: _Player(black_spec, seed), 1 - BLACK: _Player(white_spec, seed + 1)}
    t0 = time.perf_counter()
    adjudicated = False
    while game.outcome is None:
        if game.ply >= max_ply:
            adjudicated = True
            break
        game.push(players[game.turn].move(game))
    outcome = game.outcome
    if adjudicated:
        winner, why = None, f"adjudicated draw after {max_ply} plies"
    else:
        winner, why = outcome.winner, outcome.termination
    return {
        "index": index, "opening": number, "moves": moves_text, "black": black_spec, "white": white_spec,
        "winner": winner, "why": why, "plies": game.ply, "seconds": time.perf_counter() - t0,
        "game": game, "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


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
        tags_of.append((r["game"], tags))
    try:
        from game.notation.pdn import write_pdn_games
    except ImportError:
        write_pdn_games = None
    if write_pdn_games is not None:
        text = write_pdn_games(tags_of)
    else:  # minimal PDN of our own
        chunks = []
        for game, tags in tags_of:
            res = game.outcome.result() if game.outcome else "*"
            head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
            head += f'[Result "{res}"]\n[FEN "{game.start.fen()}"]\n\n'
            body = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else str(m) for i, m in enumerate(game.moves))
            chunks.append(head + body + f" {res}\n")
        text = "\n".join(chunks)
    Path(path).write_text(text)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine1")
    ap.add_argument("engine2")
    ap.add_argument("--openings", type=int, default=None, help="number of openings (each played twice)")
    ap.add_argument("--games", type=int, default=None, help="number of games (overrides --openings)")
    ap.add_argument("--first", type=int, default=0, help="index of the first opening used")
    ap.add_argument("--jobs", type=int, default=1, help="parallel games (processes)")
    ap.add_argument("--max-ply", type=int, default=200, help="adjudicate a draw after this many plies")
    ap.add_argument("--pdn", default=None, help="save all games to this PDN file")
    ap.add_argument("--ballots", default=str(BALLOTS))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    for spec in (args.engine1, args.engine2):
        try:
            parse_engine(spec.partition("@")[0])
            _apply_overrides(_parse_overrides(spec.partition("@")[2]))
        except (ValueError, SyntaxError) as e:
            ap.error(str(e))
    _apply_overrides({})
    try:
        openings = load_openings(args.ballots)[args.first:]
    except (OSError, IndexError) as e:
        ap.error(f"cannot read the ballots file {args.ballots}: {e}")
    if not openings:
        ap.error(f"no openings in {args.ballots} from --first {args.first}")
    if args.games is not None:
        n_games = args.games
    else:
        n_games = 2 * (args.openings if args.openings is not None else len(openings))
    jobs = []
    for i in range(n_games):
        op = openings[(i // 2) % len(openings)]
        if i % 2 == 0:
            jobs.append((i, op, args.engine1, args.engine2, args.max_ply, args.seed * 1000 + i))
        else:
            jobs.append((i, op, args.engine2, args.engine1, args.max_ply, args.seed * 1000 + i))
    t0 = time.perf_counter()
    results = []
    if args.jobs > 1:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(args.jobs) as pool:
            for r in pool.imap_unordered(play_game, jobs):
                _report(r, args.engine1)
                results.append(r)
    else:
        for job in jobs:
            r = play_game(job)
            _report(r, args.engine1)
            results.append(r)
    results.sort(key=lambda r: r["index"])
    w = sum(1 for r in results if r["winner"] is not None and _engine1_color(r, args.engine1) == r["winner"])
    losses = sum(1 for r in results if r["winner"] is not None and _engine1_color(r, args.engine1) != r["winner"])
    d = len(results) - w - losses
    n = len(results)
    scores = [1.0 if r["winner"] is not None and _engine1_color(r, args.engine1) == r["winner"]
              else 0.5 if r["winner"] is None else 0.0 for r in results]
    score = sum(scores) / n if n else 0.0
    e, margin = elo(score, n, scores)
    rss = max((r["rss_mb"] for r in results), default=0)
    print(f"{args.engine1} vs {args.engine2}: +{w} ={d} -{losses}  score {100 * score:.1f}%  "
          f"Elo {e:+.0f} ± {margin:.0f}  ({n} games, {time.perf_counter() - t0:.0f} s, "
          f"max worker RSS {rss:.0f} MB)")
    if args.pdn:
        _write_pdn(args.pdn, results)
        print(f"games saved to {args.pdn}")


def _engine1_color(r, engine1):
    # game i even: engine1 plays black (first) in that game
    return BLACK if r["index"] % 2 == 0 else 1 - BLACK


def _report(r, engine1):
    res = "1-1" if r["winner"] is None else ("2-0" if r["winner"] == BLACK else "0-2")
    print(f"game {r['index'] + 1:3d}  opening {r['opening']} ({r['moves']})  {r['black']} (B) vs {r['white']} (W)"
          f"  {res}  {r['why']}  {r['plies']} plies  {r['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
