"""Engine-vs-engine matches from the 3-move ballot openings.

    python tools/match.py Master Expert --openings 20 --jobs 2
    python tools/match.py depth:6 time:0.5 --games 10
    python tools/match.py Master minimax:4 --openings 20 --pdn /tmp/m.pdn

An engine is a level name (Beginner ... Master), ``depth:N`` (full search to
N plies), ``time:S`` (S seconds a move) or ``minimax:N`` (plain depth-N
minimax on material alone: the classic baseline).

``+book`` after a spec (``time:0.2+book``) plays from the opening book
(``game.engine.book``) while the position is in it.  ``@NAME=VALUE;...`` sets
search parameters or evaluation weights for that player alone
(``depth:6@KING=128;GUARD=12``, see ``tools/overrides.py``).

``git:REV/SPEC`` is the engine of an earlier commit playing SPEC (a level,
``depth:N`` or ``time:S`` as that commit understood them); a bare ``git:REV``
plays the other engine's SPEC.  The commit is unpacked into a temporary
folder and each of its games runs in a worker process of its own, with that
tree alone on its ``sys.path`` (``tools/git_engine.py``); the folder is
removed at the end:

    python tools/match.py time:0.2+book git:a686cb9 --jobs 2

Each opening is played twice, colours swapped, under the official draw
rules, which end every game (40 moves each without a capture or a man
moving, or a repetition); ``tools/referee.py`` plays the games out.  A game
longer than ``--max-ply`` plies is adjudicated drawn: a safety net that the
rules keep out of reach in practice (a cap of a few hundred plies would cut
off won king endings still being played out).  With ``--adjudicate`` a
game also ends as soon as the endgame database knows its
result (4 pieces or fewer: the database's win, loss or draw, as a tablebase
adjudication; the engines would only play it out).  The five-piece balances
the database also holds are played out: the engines must convert them, and
the figures stay comparable with those measured before the database had
them.  Prints one line per game and a summary for the first engine: W/D/L,
score %, Elo difference with its 95% error margin, and the peak resident
memory of the worker processes.  ``--pdn`` saves the games as they finish
(the file is rewritten whole after each), so a match cut off for any reason
leaves every game it reported.
"""

import argparse
import random
import time

import overrides
from _common import ballots
from git_engine import GitPlayer, GitTrees
from referee import pairings, pdn_result, play_out, tally

from game.rules import BLACK, WHITE, Game, Position
from game.rules import bitboard as bb
from game.store.paths import atomic_write

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


class _Player:
    def __init__(self, spec, seed):
        from game.engine.search import Searcher

        spec, _, over = spec.partition("@")
        self.overrides = overrides.parse(over)
        params = overrides.apply(self.overrides)  # (fails early on an unknown name)
        self.kind, self.arg = parse_engine(spec)
        self.book = spec.endswith("+book")
        self.searcher = Searcher(params=params)
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

        overrides.apply(self.overrides)  # (the weights: the other player may have others)
        history = game.reversible_history()[:-1]
        move, _ = choose_move(game.position, history, self.arg, rng=self.rng, searcher=self.searcher)
        return move


def _make_player(spec, other, seed, trees):
    if spec.lower().startswith("git:"):
        rev, _, inner = spec[4:].partition("/")
        return GitPlayer(trees[rev], inner or other.partition("@")[0].partition("+")[0], seed)
    return _Player(spec, seed)


def play_game(job):
    """One game; returns a dict (picklable) for the parent."""
    import resource

    index, opening, black_spec, white_spec, max_ply, seed, trees, use_database = job
    number, moves_text, fen = opening
    game = Game(Position.from_fen(fen))
    players = {}
    try:
        players[BLACK] = _make_player(black_spec, white_spec, seed, trees)
        players[WHITE] = _make_player(white_spec, black_spec, seed + 1, trees)
        t0 = time.perf_counter()
        ending = play_out(game, lambda g: players[g.turn].move(g), max_ply,
                          judge=_database_result if use_database else None)
    finally:
        for p in players.values():
            if isinstance(p, GitPlayer):
                p.close()
    return {
        "index": index, "opening": number, "moves": moves_text, "black": black_spec, "white": white_spec,
        "winner": ending.winner, "why": ending.why or game.outcome.termination,
        "plies": game.ply, "seconds": time.perf_counter() - t0,
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


def _write_pdn(path, results):
    tags_of = []
    for r in results:
        tags = {"Event": "tools/match.py", "Black": r["black"], "White": r["white"],
                "Round": str(r["index"] + 1), "Opening": f'{r["opening"]} {r["moves"]}'}
        # an adjudicated game is not over on the board: its result is recorded
        result = pdn_result(r["winner"])
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
            res = {"2-0": "1-0", "0-2": "0-1", "1-1": "1/2-1/2"}.get(res, res)  # as write_pdn writes them
            head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
            head += f'[Result "{res}"]\n[FEN "{game.start.fen()}"]\n\n'
            body = " ".join(f"{i // 2 + 1}. {m}" if i % 2 == 0 else str(m) for i, m in enumerate(game.moves))
            chunks.append(head + body + f" {res}\n")
        text = "\n".join(chunks)
    atomic_write(path, text)  # (whole or not at all: it is rewritten after every game)


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
    ap.add_argument("--pdn", default=None, help="save the games to this PDN file (after each game)")
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
                overrides.apply(overrides.parse(spec.partition("@")[2]))
        except (ValueError, SyntaxError) as e:
            ap.error(str(e))
    if all(s.lower().startswith("git:") and "/" not in s for s in (args.engine1, args.engine2)):
        ap.error("say what an earlier commit plays: git:REV/SPEC (e.g. git:a686cb9/time:0.2)")
    overrides.apply({})
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
    n = len(results)
    t = tally([0.5 if r["winner"] is None else float(r["winner"] == r["engine1"]) for r in results])
    e = 0.0 if abs(t.elo) < 0.5 else t.elo  # no "-0"
    rss = max((r["rss_mb"] for r in results), default=0)
    if n:
        print(f"{args.engine1} vs {args.engine2}: +{t.wins} ={t.draws} -{t.losses}  score {100 * t.score:.1f}%  "
              f"Elo {e:+.0f} ± {t.margin:.0f}  ({n} games, {time.perf_counter() - t0:.0f} s, "
              f"max worker RSS {rss:.0f} MB)")
    else:
        print(f"{args.engine1} vs {args.engine2}: no game finished")
    if args.pdn and n:  # (written after each game: see _play_all)
        print(f"games saved to {args.pdn}")
    if stopped is not None:
        raise SystemExit(stopped.code if isinstance(stopped, SystemExit) else 130)


def _play_all(args, openings, n_games, trees, results):
    """Play the games, appending each result to ``results`` as it ends, with
    ``engine1``: the colour the first engine had in that game."""
    jobs, engine1 = [], {}
    for i, op, colour in pairings(openings, n_games):
        black, white = (args.engine1, args.engine2) if colour == BLACK else (args.engine2, args.engine1)
        jobs.append((i, op, black, white, args.max_ply, args.seed * 1000 + i, trees, args.adjudicate))
        engine1[i] = colour

    def done(r):
        r["engine1"] = engine1[r["index"]]
        results.append(r)  # (before the report: a kill may come at any line)
        if args.pdn:
            # the games so far, before the game's line is printed: a match
            # killed outright, or cut off with the session, still leaves
            # every game it reported
            _write_pdn(args.pdn, sorted(results, key=lambda g: g["index"]))
        _report(r)

    if args.jobs > 1:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        with ctx.Pool(args.jobs) as pool:
            for r in pool.imap_unordered(play_game, jobs):
                done(r)
    else:
        for job in jobs:
            done(play_game(job))


def _report(r):
    print(f"game {r['index'] + 1:3d}  opening {r['opening']} ({r['moves']})  {r['black']} (B) vs {r['white']} (W)"
          f"  {pdn_result(r['winner'])}  {r['why']}  {r['plies']} plies  {r['seconds']:.0f} s", flush=True)


if __name__ == "__main__":
    main()
