"""Settings, dialogs and the new-game screens as a new player met them (issue 34), at every window size."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from helpers import FakeEngine, click, frames, key

from game.ui import theme
from game.ui.layout_check import SIZES
from game.ui.widgets import Chooser

pytestmark = pytest.mark.app(size=(1024, 768), engine=FakeEngine)


def choosers(scene):
    """The choosers a player can reach: shown, and not stilled (the minutes of a clock that is off)."""
    if getattr(scene, "clock", None) is not None and scene.clock.value == "Off":
        scene.clock.set_value(scene.clock.options[1])   # a preset: the clock's minutes and increment too
        scene._refresh()
    return [w for w in scene.focus.widgets if isinstance(w, Chooser) and w.visible and w.enabled]


# -- item 21: the focus bar stands clear of the label; every chooser stops at its ends -------------

@pytest.mark.parametrize("name,params", [("settings", {}), ("new_game", {"mode": "1p"}),
                                         ("new_game", {"mode": "watch"})])
def test_the_focus_bar_never_touches_the_label(app, name, params):
    app.switch("menu")
    app.push(name, **params)
    frames(app)
    scene = app.stack.top
    for size in SIZES:
        scene.resize(size)
        for row in choosers(scene):
            bar = row._focus_bar()
            label = row._label_rect()
            assert label.x - bar.right >= 6, (size, row.label, bar, label)
            # and what is drawn agrees: the label's first lit pixel is right of the bar
            surface = pygame.Surface(size)
            surface.fill((0, 0, 0))
            row.draw(surface, focused=True)
            accent = [x for x in range(row.rect.x, label.x) if surface.get_at((x, bar.centery))[:3] == (232, 176, 72)]
            assert accent and max(accent) < label.x - 4, (size, row.label)
    scene.resize(app.size)


@pytest.mark.parametrize("name,params", [("settings", {}), ("new_game", {"mode": "1p"}),
                                         ("new_game", {"mode": "watch"})])
def test_every_choice_stops_at_the_ends_of_its_list(app, name, params):
    app.switch("menu")
    app.push(name, **params)
    frames(app)
    scene = app.stack.top
    for row in choosers(scene):
        scene.focus.focus_on(row)
        for _ in range(len(row.options) + 1):
            key(app, pygame.K_RIGHT, n=1)
        assert row.index == len(row.options) - 1, row.label
        for _ in range(len(row.options) + 1):
            key(app, pygame.K_LEFT, n=1)
        assert row.index == 0, row.label
        key(app, pygame.K_SPACE, n=1)  # Space (like Enter on Settings, or a click on the value) cycles on
        assert row.index == 1 % len(row.options), row.label
        if name == "new_game" and row is not getattr(scene, "clock", None):   # (the clock stays on a preset)
            row.step(-1)


# -- item 20: the buttons of a dialog (the game-over card) share one text size -------------------

def test_the_game_over_buttons_share_one_text_size_at_every_size(app):
    from game.rules import WHITE, Outcome

    app.switch("menu")
    app.push("game_over", outcome=Outcome(WHITE, "no_moves", "Red has no legal move"),
             players={0: None, 1: None}, play_again=lambda: None, review=lambda: None, save=lambda: None)
    frames(app)
    card = app.stack.top
    assert [b.text for b in card.widgets] == ["New game", "Review", "Save", "Menu"]
    for size in SIZES:
        card.resize(size)
        sizes = {b.label_size() for b in card.widgets}
        assert len(sizes) == 1, (size, [(b.text, b.label_size()) for b in card.widgets])
        # ... as large as the longest label allows, never the smallest of what each could take alone,
        # and no larger than the play panel's buttons aim at (theme.button_text_size, issue 46 item 17)
        assert sizes == {min(min(b.fitted_size() for b in card.widgets), theme.button_text_size(size[1]))}


# -- item 19: going on from a position asks who plays, the last choice preselected ---------------

def open_who_plays(app, **params):
    chosen = []
    app.switch("menu")
    app.push("who_plays", on_start=chosen.append, turn=params.pop("turn", 0), **params)
    frames(app)
    return app.stack.top, chosen


def test_who_plays_starts_from_the_last_choice_and_plays_what_is_shown(app):
    from game.engine.levels import parse_level
    from game.rules import BLACK, WHITE
    from game.ui.store_hooks import remember_choice

    remember_choice(app, {BLACK: parse_level("Expert"), WHITE: None})  # last time: White against Expert
    scene, chosen = open_who_plays(app)
    assert scene.mode.value == "1 Player" and scene.side.value == "White" and scene.level.value == "Expert"
    assert [r.name for r in scene.rows if r.visible] == ["row:mode", "row:side", "row:level", "row:clock"]
    # by mouse: the mode's right arrow to 2 Players, then Play
    click(app, (scene.mode.rect.right - 5, scene.mode.rect.centery), n=2)
    assert scene.mode.value == "2 Players" and not scene.level.visible
    click(app, scene.play_button.rect.center, n=2)
    assert chosen == [{BLACK: None, WHITE: None}] and app.stack.top.name == "menu"
    # the next question starts from that answer
    scene, chosen = open_who_plays(app)
    assert scene.mode.value == "2 Players"


def test_who_plays_by_keyboard_computer_vs_computer(app):
    from game.rules import BLACK, WHITE

    scene, chosen = open_who_plays(app, players={BLACK: None, WHITE: None})
    assert scene.focus.focused is scene.mode
    key(app, pygame.K_RIGHT)  # 2 Players -> Computer vs Computer
    assert scene.chosen_mode() == "watch" and scene.black_level.visible and scene.white_level.visible
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # Red one level weaker
    red = scene.black_level.value
    key(app, pygame.K_RETURN)  # Enter on a choice plays
    assert chosen and chosen[0][BLACK].name == red and chosen[0][WHITE] is not None


def test_who_plays_preselects_the_callers_suggestion_and_esc_goes_back(app):
    from game.engine.levels import parse_level
    from game.rules import BLACK, WHITE

    scene, chosen = open_who_plays(app, players={BLACK: parse_level("depth:7"), WHITE: None})
    assert scene.side.value == "White" and scene.level.value == "depth:7"  # a custom level stays on offer
    key(app, pygame.K_ESCAPE)
    assert app.stack.top.name == "menu" and chosen == []


@pytest.mark.parametrize("mode", ["1p", "2p", "watch"])
def test_who_plays_fits_every_size(app, mode):
    from game.engine.levels import parse_level
    from game.rules import BLACK, WHITE
    from game.ui.layout_check import check_scene

    players = {"1p": {BLACK: None, WHITE: parse_level("Master")}, "2p": {BLACK: None, WHITE: None},
               "watch": {BLACK: parse_level("Beginner"), WHITE: parse_level("Master")}}[mode]
    scene, _ = open_who_plays(app, players=players, subtitle="Play on from move 23: White to move")
    assert check_scene(scene) == []


# -- items 14 and 15: the pages that say the game's words fit, every one of them ------------------

def test_every_how_to_play_page_fits_every_size(app):
    from game.ui.layout_check import check_scene

    app.switch("menu")
    app.push("how_to_play")
    frames(app)
    scene = app.stack.top
    titles = [title for title, _, _ in scene.pages]
    assert "Levels and draws" in titles and "Analysis words" in titles
    for page in range(len(scene.pages)):
        scene.page = page
        scene._update_buttons()
        scene.resize(scene.size)
        assert check_scene(scene) == [], titles[page]


def test_no_how_to_play_page_is_cut_short():
    from game.ui import theme
    from game.ui.scenes.how_to_play import pages

    for title, text, _ in pages():
        assert theme.clean(text) == text, f"{title}: {len(text)} characters, cut at {theme.MAX_TEXT}"
