"""Write a PDN collection of N varied legal games, for reading-speed and library tests.

    python tools/make_collection.py 20000 /tmp/collection.pdn [--seed 1] [--quirks 0.1]

Each game starts from one of the 156 three-move ballots (``game.notation.openings``;
``--ballots FILE`` reads a file) and goes on with a random-but-plausible playout: a
move that leaves a piece to be taken for nothing is avoided when another move exists,
advancing and central moves are preferred.  Tags name players, event, site, date and
round; the result is the game's outcome, else a material adjudication, else ``*``.

A fraction of the games (``--quirks``) is written the way other programs and people
write PDN: annotation symbols glued to moves, comments glued to moves, no move
numbers, hyphens for captures, short multi-jumps, indented tags, ``{1/2-1/2}`` in the
Result tag, ``1-0``-style results, algebraic squares, free text after the last move.
All of them are legal games that a forgiving reader reads completely.
"""

import argparse
import random
from pathlib import Path

from _common import ballots

from game.notation.pdn import wrap_movetext, write_pdn
from game.notation.squares import square_name
from game.rules import BLACK, Game
from game.rules.position import WHITE

FIRST = ["Ann", "Bob", "Carla", "Derek", "Eilidh", "Fergus", "Grace", "Hamish", "Isla", "James", "Kirsty",
         "Lachlan", "Morag", "Niall", "Orla", "Peter", "Rhona", "Struan", "Tam", "Una", "Willie", "Yvonne"]
LAST = ["Anderson", "Baird", "Campbell", "Drummond", "Ferguson", "Gillies", "Hughes", "Jardine", "Kerr",
        "Lindsay", "MacLeod", "Munro", "Nicol", "Paterson", "Ross", "Sinclair", "Thomson", "Wylie"]
EVENTS = ["Club Night", "Scottish Open", "County League", "Summer Cup", "Correspondence", "Friendly",
          "National Championship", "Junior Trophy", "Online Blitz"]
SITES = ["Glasgow", "Edinburgh", "Dundee", "Kilmarnock", "Perth", "Leeds", "Newcastle", "?", "Online"]


def read_ballots(path=None):
    """``[(number, [move texts])]`` of the ballots (of a file, with ``path``)."""
    try:
        out = [(number, ["-".join(str(int(s)) for s in m.split("-")) for m in moves.split()])
               for number, moves, _ in ballots(path)]
    except (OSError, ValueError) as e:
        raise SystemExit(f"cannot read the ballots file {path}: {e}") from None
    if not out:
        raise SystemExit(f"no ballots in {path}")
    return out


def _hangs(position, move):
    """Does the move let the opponent capture at once?"""
    return position.play(move).has_capture()


def _choose(rng, position):
    legal = position.legal_moves()
    if len(legal) == 1:
        return legal[0]
    safe = [m for m in legal if not _hangs(position, m)]
    pool = safe if safe and rng.random() < 0.9 else legal
    weights = []
    for m in pool:
        w = 1.0 + 3.0 * len(m.captures)
        col = (m.end - 1) % 4
        w += 0.5 if col in (1, 2) else 0.0
        weights.append(w)
    return rng.choices(pool, weights)[0]


def play_game(rng, ballot_moves):
    game = Game()
    for text in ballot_moves:
        a, b = (int(s) for s in text.split("-"))
        move = next(m for m in game.legal_moves() if m.start == a and m.end == b)
        game.push(move)
    limit = rng.randint(50, 170)
    while game.outcome is None and game.ply < limit:
        game.push(_choose(rng, game.position))
    return game


def _result(game):
    if game.outcome is not None:
        return game.outcome.result()
    pos = game.position
    diff = (pos.count(BLACK) + len(pos.black_kings)) - (pos.count(WHITE) + len(pos.white_kings))
    if diff >= 3:
        return "2-0"
    if diff <= -3:
        return "0-2"
    return "1-1" if abs(diff) <= 1 else "*"


def _tags(rng, i, result):
    def name():
        return f"{rng.choice(LAST)}, {rng.choice(FIRST)}"
    year = rng.randint(1890, 2026)
    return {"Event": rng.choice(EVENTS), "Site": rng.choice(SITES),
            "Date": f"{year}.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}",
            "Round": str(rng.randint(1, 9)), "Black": name(), "White": name(), "Result": result}


def _quirky_text(rng, game, tags, result):
    """The game written the way a less careful program or person would write it."""
    kinds = rng.sample(["annot", "comment", "nonumbers", "hyphen", "short", "indent", "resulttag",
                        "oldresult", "algebraic", "freetext", "dots"], k=rng.randint(1, 3))
    lines = []
    for name, value in tags.items():
        if name == "Result" and "resulttag" in kinds:
            value = "{" + {"1-1": "1/2-1/2", "2-0": "1-0", "0-2": "0-1"}.get(value, value) + "}"
        lines.append(("   " if "indent" in kinds else "") + f'[{name} "{value}"]')
    words = []
    for ply, move in enumerate(game.moves):
        path = list(move.path)
        if "short" in kinds and len(path) > 2:
            path = [path[0], path[-1]]
        sep = "-" if ("hyphen" in kinds or not move.captures) else "x"
        if "algebraic" in kinds:
            text = sep.join(square_name(s) for s in path)
        else:
            text = sep.join(str(s) for s in path)
        if "annot" in kinds and rng.random() < 0.15:
            text += rng.choice(["!", "?", "!?", "?!", "!!", "*"])
        if "comment" in kinds and rng.random() < 0.1:
            text += "{" + rng.choice(["best", "a slip", "the only move", "forced"]) + "}"
        if "nonumbers" in kinds:
            words.append(text)
        elif ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.{'' if 'dots' in kinds else ' '}{text}")
        elif "dots" in kinds:
            words.append(f"{ply // 2 + 1}...{text}")
        else:
            words.append(text)
    if "freetext" in kinds and words:
        words[-1] += rng.choice(["Black resigned.", "White resigns.", "Drawn."])
    if "oldresult" in kinds:
        result = {"2-0": "1-0", "0-2": "0-1", "1-1": "1/2-1/2"}.get(result, result)
    words.append(result)
    return "\n".join(lines) + "\n\n" + "\n".join(wrap_movetext(words)) + "\n"


def _short_is_safe(game):
    """Short multi-jumps are written only where start and end name one legal move."""
    g = Game(game.start)
    for m in game.moves:
        if len(m.path) > 2:
            fits = [o for o in g.legal_moves() if o.start == m.start and o.end == m.end]
            if len(fits) != 1:
                return False
        g._push(m)
    return True


def make_collection(n, seed=1, quirks=0.1, ballots_file=None):
    rng = random.Random(seed)
    openings = read_ballots(ballots_file)
    out = []
    for i in range(n):
        number, moves = rng.choice(openings)
        game = play_game(rng, moves)
        result = _result(game)
        tags = _tags(rng, i, result)
        tags["Opening"] = f"Ballot {number}"
        if rng.random() < quirks and _short_is_safe(game):
            out.append(_quirky_text(rng, game, tags, result))
        else:
            text = write_pdn(game, tags)
            if result != "*" and game.outcome is None:  # an adjudicated result: not the game's own
                head, _, last = text.rstrip("\n").rpartition("\n")
                text = head.replace('[Result "*"]', f'[Result "{result}"]') + "\n" + last[:-1] + result + "\n"
            out.append(text)
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="number of games")
    ap.add_argument("out", help="PDN file to write (refused if it exists)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--quirks", type=float, default=0.1, help="fraction of games written with quirks")
    ap.add_argument("--force", action="store_true", help="overwrite OUT if it exists")
    ap.add_argument("--ballots", default=None, metavar="FILE",
                    help="ballots from this file (as tools/match.py reads it) instead of the 156 ballots")
    args = ap.parse_args(argv)
    out = Path(args.out)
    if out.exists() and not args.force:
        raise SystemExit(f"{out} exists; use --force to overwrite it")
    text = make_collection(args.n, args.seed, args.quirks, args.ballots)
    out.write_text(text, encoding="utf-8")
    print(f"{args.n} games, {len(text.encode()) / 1e6:.1f} MB -> {out}")


if __name__ == "__main__":
    main()
