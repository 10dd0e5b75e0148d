"""``checkers`` / ``python -m game``: the game window."""

import sys


def main(argv=None):
    print("The game window is not built yet: see the README for what works today.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
