"""Small helpers shared by the tests (importable: pytest puts tests/ on sys.path)."""

import random


def play(game, n, seed=1):
    """Push ``n`` random legal moves (fewer if the game ends); the game, for chaining."""
    rng = random.Random(seed)
    for _ in range(n):
        moves = game.legal_moves()
        if not moves:
            break
        game.push(rng.choice(moves))
    return game
