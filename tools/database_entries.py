"""Where the games of a match reached the endgame database, and what it said there.

    python tools/database_entries.py games.pdn --player time:0.2+book [--pieces 5] [--list]

For every game, the first quiet position (no capture to make: in the middle
of an exchange the count says nothing) of ``--pieces`` pieces or fewer that
the database holds: the player's material there against the opponent's, the
database's verdict for the player (won, drawn or lost with best play from
then on) and the game's result.  The summary counts the games by material
(ahead, level, behind) and verdict, with the player's score in each.

It tells whether the player's results in endings come from the database
(won entries converted, drawn ones held) or were decided before it: a lost
game that entered the database already lost fell behind earlier, which
tools/fell_behind.py then looks for.  Two matches of the same openings,
each summarised, show whether an engine change moved its entries (more
games reaching a won ending) or what it made of them.  ``--list`` prints
each game's entry too (its number, ply, material, verdict, result, FEN).

Make games with ``python tools/match.py ... --pdn games.pdn``; the player's
name is its Black or White tag, as tools/match.py writes it.
"""

import argparse
import sys
from collections import Counter

import _common  # noqa: F401  (this checkout's game first on sys.path)
from fell_behind import describe_material

from game.engine import endgame as eg
from game.notation.pdn import read_pdn
from game.rules.position import BLACK
from game.textfile import read_text

# The player's score by result tag (both spellings tools/match.py has written), from Black's side.
BLACK_SCORE = {"1-0": 1.0, "2-0": 1.0, "0-1": 0.0, "0-2": 0.0, "1/2-1/2": 0.5, "1-1": 0.5}
VERDICT = {eg.WIN: "won", eg.DRAW: "drawn", eg.LOSS: "lost"}


def pieces(position):
    return (position.bm | position.bk | position.wm | position.wk).bit_count()


def entry(positions, max_pieces, db):
    """(ply, verdict for the side to move) of the first quiet position of
    ``max_pieces`` pieces or fewer that ``db`` holds, or None."""
    for ply, p in enumerate(positions):
        if pieces(p) > max_pieces or not (p.bm | p.bk) or not (p.wm | p.wk) or p.has_capture():
            continue
        byte = db.probe_state(p.bm, p.bk, p.wm, p.wk, p.turn == BLACK)
        if byte is not None:
            return ply, eg.decode(byte)[0]
    return None


def side(position, colour):
    """'ahead', 'level' or 'behind' by pieces (a king counts as a man: in the
    database's endings a man more is most often a king to be)."""
    mine = (position.bm | position.bk) if colour == BLACK else (position.wm | position.wk)
    theirs = (position.wm | position.wk) if colour == BLACK else (position.bm | position.bk)
    d = mine.bit_count() - theirs.bit_count()
    return "ahead" if d > 0 else "behind" if d < 0 else "level"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdn")
    ap.add_argument("--player", required=True, help="the player whose games are counted (its Black/White tag)")
    ap.add_argument("--pieces", type=int, default=eg.FIVE, choices=range(2, eg.FIVE + 1),
                    help="the entry is the first position of this many pieces or fewer (default 5)")
    ap.add_argument("--list", action="store_true", help="print each game's entry too")
    args = ap.parse_args(argv)
    try:
        games = read_pdn(read_text(args.pdn, limit=32 << 20, what="PDN file"))
    except (OSError, ValueError) as e:
        sys.exit(f"database_entries: {e}")
    db = eg.default()
    count, score = Counter(), Counter()
    played = 0
    for n, pg in enumerate(games, 1):
        result = BLACK_SCORE.get(pg.tags.get("Result", pg.result))
        if pg.error or result is None:
            continue
        if pg.tags.get("Black") == args.player:
            colour, mine = BLACK, result
        elif pg.tags.get("White") == args.player:
            colour, mine = 1 - BLACK, 1 - result
        else:
            continue
        played += 1
        positions = list(pg.game().positions)
        found = entry(positions, args.pieces, db)
        if found is None:
            key = ("none", "")
        else:
            ply, verdict = found
            p = positions[ply]
            for_player = verdict if p.turn == colour else -verdict
            key = (side(p, colour), VERDICT[for_player])
            if args.list:
                print(f"game {n}: ply {ply}, {describe_material(p, colour)}, {VERDICT[for_player]} for the player, "
                      f"scored {mine:g}   {p.fen()}")
        count[key] += 1
        score[key] += mine
    if not played:
        sys.exit(f"database_entries: no finished game of {args.player!r} in {args.pdn}")
    print(f"{played} games of {args.player}: the first quiet position of {args.pieces} pieces or fewer "
          "in the database")
    order = [(s, v) for s in ("ahead", "level", "behind") for v in ("won", "drawn", "lost")] + [("none", "")]
    for key in order:
        if count[key]:
            what = "never reached" if key[0] == "none" else f"{key[0]}, {key[1]} for the player"
            print(f"  {what:32} {count[key]:4} games, scored {100 * score[key] / count[key]:5.1f}%")
    total = sum(score.values())
    print(f"  {'all':32} {played:4} games, scored {100 * total / played:5.1f}%")


if __name__ == "__main__":
    main()
