"""Game reports for every game of a PDN file, and how well the grading holds up.

    python tools/analyse_games.py games.pdn [--seconds 0.4] [--games N] [--verbose]

For each game: its players and result, the time the analysis took, and per side
the count of each class (best, good, inaccuracy, mistake, blunder) and the
average loss.  At the end two checks of the grading on engine games:

- moves that lost material by force (the refutation, played out, leaves the
  mover at least a man down net) and how many of them are marked blunder;
- blunders charged to the winner of a decisive game (an engine beating a
  weaker level should have none).

--confirm S: every blunder by a winner is searched again for S seconds a side
(the engine's move and the move played, forced replies played first) and the
tool says whether that longer look still calls it a blunder: a short search
can see a win of material that a deeper one refutes.

Make games with ``python tools/match.py Expert Medium --openings 5 --pdn games.pdn``.
"""

import argparse
import time

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.analysis.grading import BLUNDER, KINDS, grade
from game.analysis.report import DECIDED_LOSS, DECIDED_WIN, loses_material_by_force
from game.analysis.runner import analyse
from game.engine.book import book_moves
from game.engine.endgame import probe
from game.engine.process import Done, EngineClient, Limit
from game.engine.scores import describe_score
from game.notation.pdn import read_pdn
from game.textfile import read_text


def _loses_material(m, position):
    return loses_material_by_force(position, m.move, m.refutation, m.best_line, m.best_score, m.played_score)


def _deep_score(client, position, history, seconds):
    """The mover's score of ``position`` (the side that just moved), searched ``seconds``;
    forced replies are played first (the engine answers a forced move without searching)."""
    sign = -1
    while len(position.legal_moves()) == 1:
        history = history + (position,)
        position = position.play(position.legal_moves()[0])
        sign = -sign
    if not position.legal_moves():
        return sign * -30000
    client.go(position, history, Limit(time=seconds))
    done = [m for m in client.wait(timeout=seconds * 4 + 30) if isinstance(m, Done)]
    if not done or done[0].score is None:
        return None
    return sign * done[0].score


def confirm(client, game, m, seconds):
    """(best score, played score, still a blunder) from a longer look at move ``m``."""
    before = game.positions[m.ply]
    history = tuple(game.positions[:m.ply + 1])
    best = _deep_score(client, before.play(m.best), history, seconds) if m.best is not None else None
    played = _deep_score(client, game.positions[m.ply + 1], history, seconds)
    if best is None or played is None:
        return best, played, None
    return best, played, grade(best, played).kind == BLUNDER


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdn")
    ap.add_argument("--seconds", type=float, default=0.4, help="engine time per position (default 0.4)")
    ap.add_argument("--games", type=int, default=None, help="only the first N games")
    ap.add_argument("--verbose", action="store_true", help="print every mistake and blunder")
    ap.add_argument("--confirm", type=float, default=None, metavar="S",
                    help="search each blunder by a winner again for S seconds a side")
    args = ap.parse_args(argv)
    games = read_pdn(read_text(args.pdn, limit=32 << 20, what="PDN file"))
    if args.games:
        games = games[: args.games]
    material_moves = material_blunders = material_decided = winner_blunders = decisive = 0
    confirmed = refuted = 0
    total_secs = 0.0
    with EngineClient() as client:
        for n, pg in enumerate(games, 1):
            if pg.error:
                print(f"game {n}: skipped ({pg.error})")
                continue
            game = pg.game()
            t0 = time.perf_counter()
            report, _ = analyse(game.start, game.moves, client, seconds=args.seconds, probe=probe,
                                book=lambda p: [m for m, _ in book_moves(p)])
            secs = time.perf_counter() - t0
            total_secs += secs
            tags = pg.tags
            print(f"game {n}: {tags.get('Black', '?')} v {tags.get('White', '?')} {pg.result}, "
                  f"{len(game.moves)} plies analysed in {secs:.1f} s")
            for colour, name in ((0, "Black"), (1, "White")):
                s = report.summary(colour)
                counts = " ".join(f"{k} {s.counts[k]}" for k in KINDS)
                print(f"   {name}: {counts}; average loss {s.average_loss:.0f} centi-men, accuracy {s.accuracy:.0f}%")
            winner = {"2-0": 0, "1-0": 0, "0-2": 1, "0-1": 1}.get(pg.result)
            if winner is not None:
                decisive += 1
            position = game.start
            for m in report.moves:
                if m.move != m.best and _loses_material(m, position):
                    if m.grade.before <= DECIDED_LOSS or m.grade.after >= DECIDED_WIN:
                        material_decided += 1
                    else:
                        material_moves += 1
                        material_blunders += m.kind == BLUNDER
                if winner is not None and m.colour == winner and m.kind == BLUNDER:
                    winner_blunders += 1
                    if args.confirm:
                        best, played, still = confirm(client, game, m, args.confirm)
                        confirmed += still is True
                        refuted += still is False
                        words = {True: "still a blunder", False: "NOT a blunder", None: "no answer"}[still]
                        print(f"   winner's blunder {m.ply // 2 + 1}{'.' if m.colour == 0 else '...'} {m.move}: "
                              f"{args.confirm:g} s a side: best {describe_score(best) if best is not None else '?'}, "
                              f"played {describe_score(played) if played is not None else '?'}: {words}")
                if args.verbose and m.explanation is not None:
                    print(f"   {m.ply // 2 + 1}{'.' if m.colour == 0 else '...'} {m.kind}: {m.explanation.text}"
                          f" (better {m.best})")
                position = position.play(m.move)
    print(f"\n{len(games)} games, analysis {total_secs:.1f} s in all ({args.seconds} s a position)")
    print(f"moves that lose a man or more by force in an open game: {material_moves}, marked blunder: "
          f"{material_blunders} (and {material_decided} more in games already decided, not counted)")
    print(f"blunders by the winner of a decisive game: {winner_blunders} (in {decisive} decisive games)")
    if args.confirm:
        print(f"   searched again for {args.confirm:g} s a side: {confirmed} still blunders, {refuted} not")


if __name__ == "__main__":
    main()
