"""One name for each thing (issue 34 items 14 and 15): every word drawn on every screen, collected.

The screens are opened as a player would reach them and drawn; every string that reaches the
font renderer is recorded (all text goes through ``theme.text``).  Then each thing the game
names must be named one way, in a player's words: the technical name stays on the How-to-play
pages that explain it.
"""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import re

import pygame
import pytest
from helpers import app_with_fake_engines, frames, key, play

from game.engine.levels import parse_level
from game.engine.process import Info
from game.rules import BLACK, WHITE, Game, Outcome, Position
from game.ui import theme

# (what it names, a pattern that must not be drawn, the one name used instead)
SYNONYMS = [
    ("starting over with the same players", r"\bRematch\b|\bPlay again\b", "New game"),
    ("the first player", r"\bBlack (won|wins)\b|\bBlack to move\b", "Red"),
    ("an evaluation of nothing either way", r"\beven\b(?! if)", "level"),
    ("the draw rule's count", r"\bNo progress\b", "Draw rule"),
    ("a person playing", r"\bHuman\b", "You / Player 1 / Player 2"),
    ("the list of games", r"\bLoad game\b", "Game library"),
    ("a search's depth", r"\bplies\b|\bply\b(?! each)", "moves ahead"),
    ("a win the endgame database knows", r"\bdatabase (win|loss)\b|\+10\.00", "Red wins (known ending)"),
    ("the short draw rule", r"CSCI|course's rule", "Short (25 moves)"),
    ("the animation's speeds", r"slowest first", "Slow, Normal, Fast, Off"),
    ("an evaluation of 0.00", r"level, neither side is\b", "0.00 means level"),
    ("setting up a position", r"\bSet up a position\b", "Set up position"),
    ("playing against the computer", r"\bPlay vs computer\b", "1 Player"),
    ("the engine's look at a whole game", r"\bAnaly[sz]e game\b|\bAnalysis of the game\b", "Game report"),
    ("a date", r"\b\d{4}\.\d{2}\.\d{2}\b", "2026-11-28"),
    ("what a bad move gives away", r"\bcosts [0-9.]+ men\b", "gives away about a man"),
]
# the How-to-play pages explain the technical names: there they may be said
EXPLAINED_ON = "how_to_play"
# two things with a word each, told apart by the screen (issue 46 item 22): a position of the puzzle
# set is a puzzle, one made from your own mistake an exercise; (screen, pattern that must not be drawn
# there, the word used instead)
ONE_WORD_ON = [
    ("practise your mistakes", r"\b[Pp]uzzles?\b", "exercise"),
    ("puzzles", r"\b[Ee]xercises?\b", "puzzle"),
]


@pytest.fixture
def seen(home, monkeypatch):
    drawn = []
    real = theme.text

    def recording(string, *args, **kwargs):
        drawn.append((current[0], theme.clean(string)))
        return real(string, *args, **kwargs)

    current = ["?"]
    monkeypatch.setattr(theme, "text", recording)
    app = app_with_fake_engines((1280, 800))
    try:
        visit_every_screen(app, current)
    finally:
        app.close()
    return drawn


def show(app, current, name, n=2):
    """Run ``n`` frames and draw the screen once more under ``name`` (an idle screen skips frames)."""
    frames(app, n)
    current[0] = name
    app.draw(app.screen)


def visit_every_screen(app, current):
    from game.store import save_game

    app.switch("menu")
    show(app, current, "menu")
    for mode in ("1p", "2p", "watch"):
        app.push("new_game", mode=mode)
        scene = app.stack.top
        show(app, current, f"new_game {mode}")
        if mode == "1p":
            for _ in scene.difficulty.options:
                scene.difficulty.step(1, wrap=True)
                scene._refresh()
                show(app, current, "new_game 1p", 1)
        app.pop()
    app.push("settings")
    scene = app.stack.top
    for row in scene.rows:
        scene.focus.focus_on(row)
        for _ in row.options:
            row.step(1, wrap=True)
            show(app, current, "settings", 1)
    app.pop()
    app.push("how_to_play")
    for _ in range(12):
        show(app, current, "how_to_play", 1)
        key(app, pygame.K_RIGHT, n=1)
    app.pop()
    for players in ({BLACK: None, WHITE: parse_level("Hard")}, {BLACK: None, WHITE: None},
                    {BLACK: parse_level("Easy"), WHITE: parse_level("Master")}):
        app.push("who_plays", players=players)
        show(app, current, "who_plays")
        app.pop()
    # a game against the computer: your move, its thinking with an evaluation, its last search
    app.settings["allow_analysis"] = True
    app.switch("play", players={BLACK: None, WHITE: parse_level("Hard")})
    scene = app.stack.top
    show(app, current, "play 1p")
    move = scene.game.legal_moves()[0]
    scene.play_move(move)
    frames(app, 40)
    engine = next(e for e in app.engines if e.gos)
    engine.inbox.append(Info(engine.current, 8, 120, (), 1000, 0.2))
    show(app, current, "play 1p thinking")
    engine.answer(scene.game.legal_moves()[0], engine.current, depth=8, score=120)
    frames(app, 60)
    show(app, current, "play 1p last search")
    key(app, pygame.K_a)
    show(app, current, "play 1p analysis")
    # two people: a long game, the draw offer, an agreed draw
    app.switch("play", players={BLACK: None, WHITE: None}, game=play(Game(), 30, seed=3))
    scene = app.stack.top
    show(app, current, "play 2p")
    key(app, pygame.K_d)
    show(app, current, "draw offer")
    app.stack.top.confirm()
    frames(app, 10)
    show(app, current, "game over: draw")
    # Computer vs Computer, and a game won
    app.switch("play", players={BLACK: parse_level("Easy"), WHITE: parse_level("Hard")})
    show(app, current, "watch")
    app.switch("menu")
    app.push("game_over", outcome=Outcome(BLACK, "no_moves", "White has no legal move"),
             players={BLACK: None, WHITE: None}, play_again=lambda: None, save=lambda: None, review=lambda: None)
    show(app, current, "game over: won")
    # the library with a game of ours and an imported one, then review of it
    save_game(play(Game(), 12, seed=5), {"Black": "Human", "White": "Computer (Master)", "Result": "2-0"})
    save_game(play(Game(), 20, seed=6), {"Black": "Tinsley", "White": "Chinook", "Result": "2-0"})
    won = Game(Position.from_fen("B:W23:B18,K6,1,2"))
    won.push(next(m for m in won.legal_moves() if m.is_capture))  # White has no piece left: Red won
    save_game(won, {"Black": "Human", "White": "Human"})
    app.switch("menu")
    show(app, current, "menu with games")
    app.push("load")
    for _ in range(200):
        frames(app, 1)
        scene = app.stack.top
        if getattr(scene, "view", None) and len(scene.view) >= 2:
            break
    show(app, current, "library")
    key(app, pygame.K_RETURN)
    show(app, current, "review")
    app.switch("menu")
    app.push("review", game=play(Game(), 12, seed=5), tags={"Black": "Human", "White": "Computer (Master)"},
             players={BLACK: None, WHITE: parse_level("Master")})
    show(app, current, "review of a game against the computer")
    app.switch("menu")
    app.push("setup")
    show(app, current, "setup")
    app.switch("menu")
    app.push("training")
    show(app, current, "training")
    app.push("puzzles", exercises=True)
    show(app, current, "practise your mistakes", 0)  # while the exercises load
    for _ in range(200):
        frames(app, 1)
        if not getattr(app.stack.top, "loading", False):
            break
    show(app, current, "practise your mistakes")
    app.pop()
    app.push("puzzles")
    show(app, current, "puzzles", 0)  # while the puzzles load
    for _ in range(200):
        frames(app, 1)
        if not getattr(app.stack.top, "loading", False):
            break
    show(app, current, "puzzles")
    key(app, pygame.K_h)  # a hint
    show(app, current, "puzzles")


def test_every_screen_names_each_thing_one_way(seen):
    texts = {t for _, t in seen}
    assert len(texts) > 150  # the screens were really drawn
    found = []
    for thing, pattern, instead in SYNONYMS:
        for where, text in seen:
            if where == EXPLAINED_ON and instead in ("moves ahead", "Red wins (known ending)"):
                continue
            if re.search(pattern, text):
                found.append(f"{where}: {text!r} names {thing} otherwise than {instead!r}")
    assert not found, "\n".join(sorted(set(found)))


def test_puzzles_and_exercises_each_have_their_word(seen):
    screens = {where for where, _ in seen}
    assert {"practise your mistakes", "puzzles"} <= screens
    found = [f"{where}: {text!r} says {pattern!r}, not {instead!r}"
             for name, pattern, instead in ONE_WORD_ON for where, text in seen
             if where == name and re.search(pattern, text)]
    assert not found, "\n".join(sorted(set(found)))


def test_the_one_names_are_the_ones_shown(seen):
    texts = " | ".join(t for _, t in seen)
    for name in ("New game", "Draw rule:", "Game library", "Moves ahead", "Short (25 moves)",
                 "Computer vs Computer pace", "Draw agreed"):
        assert name in texts, name


def test_dates_are_shown_one_way():
    from game.library.scan import display_date

    assert display_date("2026.11.28") == "2026-11-28"
    assert display_date("2026.11.??") == "2026-11" and display_date("1992.??.??") == "1992"
    assert display_date("????.??.??") == "" and display_date("spring 1992") == "spring 1992"


# -- issue 46 item 22: "You" on screen and "Human" in files were two words for one thing ----------------

@pytest.mark.parametrize("players, words", [
    ({BLACK: None, WHITE: parse_level("Hard")}, ("You", "Computer (Hard)")),
    ({BLACK: None, WHITE: None}, ("Player 1", "Player 2")),
])
def test_a_person_is_named_one_way_on_screen_and_in_files(home, players, words):
    from game.notation.pdn import read_pdn
    from game.store.paths import archive_dir, games_dir

    app = app_with_fake_engines((1280, 800))
    try:
        app.switch("play", players=players)
        frames(app)
        scene = app.stack.top
        shown = [scene.panel._player_label(c) for c in (BLACK, WHITE)]
        scene.play_move(scene.game.legal_moves()[0])
        frames(app, 40)
        key(app, pygame.K_s, mod=pygame.KMOD_CTRL)  # saved to the games folder
        scene.match.resign(scene.match.resigner())  # and archived, finished
        frames(app, 3)
    finally:
        app.close()
    files = list(games_dir().glob("*.pdn")) + list(archive_dir().glob("*.pdn"))
    assert len(files) == 2
    for path in files:
        text = path.read_text()
        assert "Human" not in path.name and "Human" not in text, (path.name, text)
        assert f"{words[0]} vs {words[1]}" in path.name
        [game] = read_pdn(text)
        assert (game.tags["Black"], game.tags["White"]) == words
        # the panel says of a person what the files say
        for colour, label in zip((BLACK, WHITE), shown):
            if players[colour] is None:
                assert label == words[colour]
