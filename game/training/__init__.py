"""Training: puzzles mined from games, the player's puzzle rating, exercises made of
their own mistakes, and their record against the levels.

No pygame: everything here is tested without a window; the screens in ``game/ui``
draw it.
"""
