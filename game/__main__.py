"""``checkers`` / ``python -m game``: the game window.

    checkers [--fen FEN | --board FILE] [--mode 1p|2p|watch] [--level NAME|depth:N|time:S]
             [--side red|white] [--size WxH]
    checkers --pdn FILE      # open a PDN file in Review (choose a game if it holds several)

With a start position or a mode, the game starts straight away; otherwise
the menu opens.  A bad FEN, board file or level is reported in one line and
exits with status 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:  # (each is imported where it is used: a bad argument is reported before any loads)
    from .engine.levels import Level
    from .rules import Position
    from .store import LoadedGame

MODES = ("1p", "2p", "watch")  # the play screen's modes (the store's settings know the same three)

SIDES = {"red": "black", "black": "black", "white": "white"}  # Red is the first player's side on screen


class UsageError(Exception):
    """A bad argument: reported in one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line of our own words (no three-line usage)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (checkers --help lists the options)")


class _Version(argparse.Action):
    """--version: the installed version and which build of the engine runs (read only when asked)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from importlib.metadata import PackageNotFoundError, version

        from .engine.corebuild import choose, describe

        try:
            number = version("checkers")
        except PackageNotFoundError:
            number = "(not installed)"
        print(f"checkers {number} (engine: {describe(*choose())})")
        parser.exit()


def build_parser() -> _Parser:
    p = _Parser(prog="checkers", description="English checkers against the computer or a friend.")
    p.add_argument("--version", action=_Version, nargs=0,
                   help="print the version and the engine's build (compiled or interpreted), then exit")
    start = p.add_mutually_exclusive_group()
    start.add_argument("--fen", metavar="FEN", help="start from this position, e.g. 'B:W18,24,K10:B12,16'")
    start.add_argument("--board", metavar="FILE", help="start from a board file (digits board or CSCI-561 input.txt)")
    start.add_argument("--pdn", metavar="FILE", help="open a PDN file to review its games")
    p.add_argument("--mode", metavar="MODE", help="1p: you against the computer (default with a position); "
                                                  "2p: two players; watch: computer against computer")
    p.add_argument("--level", metavar="NAME", help="computer level: Beginner, Easy, Medium, Hard, Expert, Master, "
                   "or depth:N (N plies, 1-12) or time:S (S seconds a move)")
    p.add_argument("--side", metavar="SIDE", help="your side in a 1-player game: red (moves first, the default) "
                                                  "or white; black is another name for red")
    p.add_argument("--size", metavar="WxH", help="window size in pixels, e.g. 1280x800")
    p.add_argument("--no-book", action="store_true",
                   help="Expert and Master do not play from the opening book (this session only)")
    return p


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """The command line, checked: modes and sides in any case; a bad one is a UsageError."""
    from .textfile import excerpt

    args = build_parser().parse_args(argv)
    if args.mode is not None:
        mode = args.mode.strip().lower()
        if mode not in MODES:
            raise UsageError(f"bad --mode {excerpt(args.mode)}: choose one of {', '.join(MODES)}")
        args.mode = mode
    if args.side is not None:
        side = SIDES.get(args.side.strip().lower())
        if side is None:
            raise UsageError(f"bad --side {excerpt(args.side)}: choose red or white")
        args.side = side
    return args


def start_position(args: argparse.Namespace) -> Position | None:
    """The position given by --fen or --board (None without either), checked
    to be one a game could reach and not already over."""
    from .rules import setup_problem

    position = _read_start(args)
    if position is not None:
        problem = setup_problem(position)
        if problem is not None:
            from .textfile import excerpt

            source = f"FEN {excerpt(args.fen)}" if args.fen is not None else f"board file {excerpt(args.board)}"
            raise UsageError(f"cannot start from {source}: {problem}")
    return position


def _read_start(args: argparse.Namespace) -> Position | None:
    from .notation import NotationError
    from .textfile import FileReadError, excerpt

    if args.fen is not None:
        from .rules import Position

        try:
            return Position.from_fen(args.fen)
        except (NotationError, ValueError) as e:
            raise UsageError(f"bad FEN {excerpt(args.fen)}: {_line(e)}") from None
    if args.board is not None:
        from .notation.boards import load_board_file

        try:
            return load_board_file(args.board)  # regular files only, capped: never /dev/zero or a FIFO
        except FileReadError as e:
            raise UsageError(f"cannot read board file {excerpt(args.board)}: {_line(e)}") from None
        except (NotationError, ValueError) as e:
            raise UsageError(f"bad board file {excerpt(args.board)}: {_line(e)}") from None
    return None


def _line(e: BaseException) -> str:
    """An error's message on one line."""
    return " ".join(str(e).split()) or type(e).__name__


def chosen_level(args: argparse.Namespace) -> Level:
    from .controller import DEFAULT_LEVEL
    from .engine.levels import LevelError, parse_level

    try:
        level: Level = parse_level(DEFAULT_LEVEL if args.level is None else args.level)
        return level
    except LevelError as e:
        raise UsageError(f"bad --level: {e}") from None


def pdn_games(args: argparse.Namespace) -> list[LoadedGame] | None:
    """The games of the --pdn file, or None without --pdn."""
    if getattr(args, "pdn", None) is None:
        return None
    from .store import StoreError, read_games_file

    try:
        return read_games_file(args.pdn)
    except StoreError as e:
        raise UsageError(str(e)) from None


def window_size(args: argparse.Namespace) -> tuple[int, int] | None:
    if args.size is None:
        return None
    from .textfile import excerpt

    parts = args.size.lower().split("x")
    if len(parts) != 2 or not all(p.strip().isascii() and p.strip().isdigit() and len(p.strip()) <= 5 for p in parts) \
            or not all(int(p) > 0 for p in parts):
        raise UsageError(f"bad --size {excerpt(args.size)}: expected WIDTHxHEIGHT such as 1280x800")
    return (int(parts[0]), int(parts[1]))


def first_scene(args: argparse.Namespace, position: Position | None) -> tuple[str, dict[str, Any]]:
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


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = parse_args(argv)
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
        if args.no_book:  # for this session only: the player's saved choice stays as it was
            app.settings.ephemeral()
            app.settings["opening_book"] = False
        # tidy the store (an old autosave becomes an unfinished game) before the menu; a game from
        # the command line is a visit that leaves the player's files as they are
        notes = app.start_up(tidy=not params.get("ephemeral"))
        if games is not None:  # --pdn opens the file in Review
            from .ui.scenes.load import open_games

            open_games(app, games, args.pdn)
        else:
            app.switch(scene, **params)
        app.tell(notes)
        app.run()
    except KeyboardInterrupt:
        return 130
    finally:
        if app is not None:
            app.close()  # ends the engine process on every way out
    return 0


if __name__ == "__main__":
    sys.exit(main())
