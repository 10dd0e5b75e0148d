"""Where each lost game of a PDN file fell behind for good, with the material there.

    python tools/fell_behind.py games.pdn [--player time:0.2] [--seconds 0.3]

For every decisive game (of ``--player`` only, when given: the name in the
Black or White tag, as tools/match.py writes it), the loser's material is
followed over the quiet positions (no capture to make: in the middle of an
exchange the count says nothing).  The tool prints the last quiet position
at which the loser was not behind (men count 1, kings KING_VALUE), the ply
of the first quiet position behind after which the loser never drew level
again, the material at both, the phase (opening before ply 20, middle game
while either side has 5 men or more, else ending) and the moves between.

``--seconds S``: the engine also scores each quiet position from the
loser's side (S seconds each, this checkout's engine), and the tool prints
the first ply from which that score stayed below -LOST_SCORE for good: a game
lost with level material shows that ply before the material fell.

At the end a count by phase and how many were lost with material level when
the score fell.  Make games with ``python tools/match.py ... --pdn games.pdn``.
"""

import argparse
import sys

import _common  # noqa: F401  (this checkout's game first on sys.path)

from game.notation.pdn import read_pdn
from game.rules.position import BLACK
from game.textfile import read_text

KING_VALUE = 1.5     # a king in men, for the count only
LOST_SCORE = 60      # centi-men: the loser's score below this counts as fallen behind
OPENING_PLIES = 20   # before this ply: the opening
MIDDLE_MEN = 5       # either side with this many men or more: the middle game

# The winner's colour by result, in both spellings match.py has written.
WINNER = {"1-0": 0, "2-0": 0, "0-1": 1, "0-2": 1}


def material(position, colour):
    """(men, kings) of ``colour``."""
    if colour == BLACK:
        return position.bm.bit_count(), position.bk.bit_count()
    return position.wm.bit_count(), position.wk.bit_count()


def balance(position, colour):
    """``colour``'s material minus the other side's, in men."""
    (m, k), (om, ok) = material(position, colour), material(position, 1 - colour)
    return m - om + KING_VALUE * (k - ok)


def describe_material(position, colour):
    """``2m 4k v 3m 3k``: ``colour``'s pieces first."""
    (m, k), (om, ok) = material(position, colour), material(position, 1 - colour)
    return f"{m}m {k}k v {om}m {ok}k"


def phase(position, ply):
    if ply < OPENING_PLIES:
        return "opening"
    if max(position.bm.bit_count(), position.wm.bit_count()) >= MIDDLE_MEN:
        return "middle"
    return "ending"


def fell_behind(positions, loser):
    """(ply of the last quiet position where ``loser`` was level or ahead,
    ply of the first quiet position behind after it) or None if the loser
    was never behind at a quiet position (lost on the board with level
    material: blocked, or by the no-progress rule's end)."""
    quiet = [i for i, p in enumerate(positions) if not p.has_capture()]
    last_level = None
    for i in quiet:
        if balance(positions[i], loser) >= 0:
            last_level = i
    after = [i for i in quiet if last_level is None or i > last_level]
    if not after:
        return None
    return last_level if last_level is not None else 0, after[0]


def score_fall(positions, loser, seconds, searcher):
    """The first ply from which the loser's searched score stayed below
    -LOST_SCORE at every quiet position after it (None: never)."""
    fall = None
    for i, p in enumerate(positions):
        if p.has_capture() or not p.legal_moves():
            continue
        infos = list(searcher.search(p, time=seconds, history=tuple(positions[:i])))
        if not infos or infos[-1].score is None:
            continue
        score = infos[-1].score if p.turn == loser else -infos[-1].score
        if score < -LOST_SCORE:
            fall = i if fall is None else fall
        else:
            fall = None
    return fall


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pdn")
    ap.add_argument("--player", default=None, help="only the games this player lost (its Black/White tag)")
    ap.add_argument("--seconds", type=float, default=None, help="also score quiet positions, S seconds each")
    args = ap.parse_args(argv)
    try:
        games = read_pdn(read_text(args.pdn, limit=32 << 20, what="PDN file"))
    except (OSError, ValueError) as e:
        sys.exit(f"fell_behind: {e}")
    searcher = None
    if args.seconds:
        from game.engine.search import Searcher

        searcher = Searcher()
    phases = {"opening": 0, "middle": 0, "ending": 0, "level": 0}
    level_at_score = 0
    lost = 0
    for n, pg in enumerate(games, 1):
        winner = WINNER.get(pg.result)
        if pg.error or winner is None:
            continue
        loser = 1 - winner
        name = pg.tags.get("White" if loser else "Black", "?")
        if args.player is not None and name != args.player:
            continue
        lost += 1
        game = pg.game()
        positions = list(game.positions)
        plies = len(game.moves)
        where = fell_behind(positions, loser)
        side = "White" if loser else "Black"
        head = f"game {n} ({pg.tags.get('Opening', '?')}): {name} lost as {side}, {plies} plies"
        if where is None:
            phases["level"] += 1
            print(f"{head}; never behind at a quiet position: lost with level material "
                  f"({describe_material(positions[-1], loser)} at the end)")
        else:
            level, behind = where
            kind = phase(positions[behind], behind)
            phases[kind] += 1
            moves = " ".join(str(m) for m in game.moves[level:behind])
            print(f"{head}; level at ply {level} ({describe_material(positions[level], loser)}), behind for good "
                  f"at ply {behind} ({describe_material(positions[behind], loser)}), {kind}: {moves}")
            print(f"   FEN at ply {level}: {positions[level].fen()}")
        if args.seconds:
            fall = score_fall(positions, loser, args.seconds, searcher)
            if fall is not None:
                still_level = balance(positions[fall], loser) >= 0
                level_at_score += still_level
                print(f"   score below -{LOST_SCORE} for good from ply {fall} "
                      f"({describe_material(positions[fall], loser)}{', material level' if still_level else ''})")
    print(f"\n{lost} lost games: fell behind for good in the opening {phases['opening']}, middle game "
          f"{phases['middle']}, ending {phases['ending']}; never behind {phases['level']}")
    if args.seconds:
        print(f"score fell for good with material level in {level_at_score} of them")


if __name__ == "__main__":
    main()
