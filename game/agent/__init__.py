"""The tournament agent: one move per run, through input.txt and output.txt.

    checkers-agent          (or: python -m game.agent)

A referee starts it in a directory holding ``input.txt`` (mode, colour,
CPU seconds left, the board); it writes its move to ``output.txt`` there and
remembers the game in ``agent_state.json`` for the draw rules.  See
``game.agent.__main__`` for the exit codes and ``game.agent.io`` for the
formats.  Imports neither pygame nor multiprocessing: start-up is charged to
the agent's clock.
"""
