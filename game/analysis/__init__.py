"""Analysis: the engine explains the game.

- ``grading`` — scores to expected results, moves to classes (best … blunder), thresholds.
- ``explain`` — why a move was bad, in words, read off the refutation line.
- ``report`` — a whole game graded (``build_report``, ``GameReport``), pure data.
- ``runner`` — ``GameAnalysis``: every position analysed in the engine's process, polled.
- ``live`` — ``LiveAnalysis``: the engine on the board's position until stopped.
- ``annotate`` — the graded game as PDN with marks and short comments.

Imports rules, notation and the engine's protocol; never pygame or the UI.
"""
