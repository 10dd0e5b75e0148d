"""``checkers`` / ``python -m game``: the game window.

    checkers [--fen FEN | --board FILE] [--mode 1p|2p|watch] [--level NAME|depth:N|time:S]
             [--side black|white]
    checkers --pdn FILE      # open a PDN file in Review (choose a game if it holds several)

With a start position or a mode, the game starts straight away; otherwise
the menu opens.  A bad FEN, board file or level is reported in one line and
exits with status 2.
"""

import argparse
import sys

from .store.settings import MODES  # the modes the store keeps and the play screen knows


def build_parser():
    p = argparse.ArgumentParser(prog="checkers", description="English checkers against the computer or a friend.")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--fen", metavar="FEN", help="start from this position, e.g. 'B:W18,24,K10:B12,16'")
    start.add_argument("--board", metavar="FILE", help="start from a board file (digits board or CSCI-561 input.txt)")
    start.add_argument("--pdn", metavar="FILE", help="open a PDN file to review its games")
    p.add_argument("--mode", choices=MODES, help="1p: you against the computer (default with a position); "
                                                 "2p: two players; watch: computer against computer")
    p.add_argument("--level", metavar="NAME", help="computer level: Beginner, Easy, Medium, Hard, Expert, Master, "
                   "or depth:N (N plies, 1-12) or time:S (S seconds a move)")
    p.add_argument("--side", choices=("black", "white"), help="your side in a 1-player game (default black)")
    p.add_argument("--size", metavar="WxH", help="window size in pixels, e.g. 1280x800")
    return p


class UsageError(Exception):
    """A bad argument: reported in one line, exit status 2."""


def start_position(args):
    """The position given by --fen or --board (None without either), checked
    to be one a game could reach and not already over."""
    from .rules import setup_problem

    position = _read_start(args)
    if position is not None:
        problem = setup_problem(position)
        if problem is not None:
            source = f"FEN {args.fen!r}" if args.fen is not None else f"board file {args.board!r}"
            raise UsageError(f"cannot start from {source}: {problem}")
    return position


def _read_start(args):
    from .notation import NotationError

    if args.fen is not None:
        from .notation import parse_fen

        try:
            return parse_fen(args.fen)
        except (NotationError, ValueError) as e:
            raise UsageError(f"bad FEN: {e}") from None
    if args.board is not None:
        from .notation.boards import read_board_file

        try:
            with open(args.board, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise UsageError(f"cannot read board file {args.board!r}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise UsageError(f"board file {args.board!r} is not a text file") from None
        try:
            return read_board_file(text)
        except (NotationError, ValueError) as e:
            raise UsageError(f"bad board file {args.board!r}: {e}") from None
    return None


def chosen_level(args):
    from .controller import DEFAULT_LEVEL
    from .engine.levels import LevelError, parse_level

    try:
        return parse_level(DEFAULT_LEVEL if args.level is None else args.level)
    except LevelError as e:
        raise UsageError(f"bad --level: {e}") from None


def pdn_games(args):
    """The games of the --pdn file, or None without --pdn."""
    if getattr(args, "pdn", None) is None:
        return None
    from .store import StoreError, read_games_file

    try:
        return read_games_file(args.pdn)
    except StoreError as e:
        raise UsageError(str(e)) from None


def window_size(args):
    if args.size is None:
        return None
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise UsageError(f"bad --size {args.size!r}: expected WIDTHxHEIGHT such as 1280x800") from None
    return (w, h)


def first_scene(args, position):
    """(scene name, params) to open with: the menu, or play when a position, a mode,
    a level or a side is given."""
    from .controller import players_for
    from .rules import BLACK, WHITE

    level = chosen_level(args)  # checked even when the menu opens: a bad level is an error
    if position is None and args.mode is None and args.level is None and args.side is None:
        return "menu", {}
    mode = args.mode or "1p"  # a level or a side asked for means a game against the computer
    players = players_for(mode, WHITE if args.side == "white" else BLACK, level)
    # ephemeral: the player's game in progress and remembered choices stay as they were
    return "play", {"players": players, "start": position, "ephemeral": True}


def main(argv=None):
    args = build_parser().parse_args(argv)
    try:
        position = start_position(args)
        scene, params = first_scene(args, position)
        games = pdn_games(args)
        size = window_size(args)
    except UsageError as e:
        print(f"checkers: {e}", file=sys.stderr)
        return 2
    from .app import DEFAULT_SIZE, App

    app = None
    try:
        app = App(size or DEFAULT_SIZE)
        if games is not None:  # --pdn opens the file in Review
            from .ui.scenes.load import open_games

            open_games(app, games, args.pdn)
        else:
            app.switch(scene, **params)
        app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        if app is not None:
            app.close()  # ends the engine process on every way out
    return 0


if __name__ == "__main__":
    sys.exit(main())
