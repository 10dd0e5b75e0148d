"""Every text on screen goes through theme.clean: hostile strings render, never crash."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ui import theme


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    theme.reset()
    yield
    theme.reset()


# (what, text): each is a way a file name, a PDN tag or a message can be hostile
HOSTILE = [
    ("NUL byte", "game\x00.pdn"),
    ("only NULs", "\x00" * 50),
    ("lone high surrogate", "caf\ud800.pdn"),
    ("lone low surrogate", "\udcff\udcfe.pdn"),
    ("undecodable file name bytes", os.fsdecode(b"caf\xe9 \xff\xfe.pdn")),
    ("paired surrogates as two code points", "smile \ud83d\ude00"),
    ("raw bytes, not UTF-8", b"Event \xff\xfe\x00 tag"),
    ("bidi override", "evil\u202etxt.pdn"),
    ("zero-width joiner and BOM", "a\u200db\ufeffc"),
    ("escape sequence", "\x1b[31mred\x1b[0m"),
    ("line breaks and tabs", "one\ntwo\r\nthree\tfour"),
    ("DEL and C1 controls", "a\x7fb\x85c\x9bd"),
    ("private use and unassigned", "x\ue000y\U0010ffffz\u0378"),
    ("astral characters", "\U0001F600 \U00010348"),
    ("huge", "1" * 5_000_000),
    ("huge with controls", "\x00\x01" * 1_000_000),
    ("empty", ""),
    ("None", None),
    ("a number", 12345),
]


@pytest.mark.parametrize("what,string", HOSTILE, ids=[w for w, _ in HOSTILE])
def test_clean_leaves_only_printable_text_of_bounded_length(what, string):
    out = theme.clean(string)
    assert isinstance(out, str)
    assert len(out) <= theme.MAX_TEXT
    assert "\x00" not in out
    for ch in out:
        assert not ("\ud800" <= ch <= "\udfff"), (what, out)
        assert ch == " " or ch.isprintable(), (what, repr(ch))
    out.encode("utf-8")  # what the font renderer needs


@pytest.mark.parametrize("what,string", HOSTILE, ids=[w for w, _ in HOSTILE])
@pytest.mark.parametrize("bold", [False, True])
def test_every_drawing_call_survives_hostile_text(what, string, bold):
    surface = pygame.Surface((400, 200))
    theme.blit_text(surface, string, 24, theme.TEXT, (10, 10), bold=bold)
    theme.blit_text(surface, string, 24, theme.TEXT, (10, 10), bold=bold, tabular=True)
    theme.fit_text(string, 24, 300, bold=bold)
    theme.elide(string, 24, 300, bold=bold)
    theme.blit_wrapped(surface, string, pygame.Rect(0, 0, 300, 200), 20, theme.TEXT)
    f = theme.font(24, bold)
    f.size(string)
    f.render(string, True, theme.TEXT)


def test_clean_keeps_ordinary_text_and_marks_what_it_could_not_decode():
    assert theme.clean("Black wins · 12-16 … Zoë Ωмега") == "Black wins · 12-16 … Zoë Ωмега"
    assert theme.clean("game\x00.pdn") == "game.pdn"
    assert theme.clean(os.fsdecode(b"caf\xe9.pdn")) == "caf\ufffd.pdn"
    assert theme.clean("smile \ud83d\ude00") == "smile \U0001F600"  # a real pair is one character
    assert theme.clean("one\ntwo\tthree") == "one two three"
    assert theme.clean("evil\u202etxt") == "eviltxt"
    long = theme.clean("x" * 1000)
    assert len(long) == theme.MAX_TEXT and long.endswith(theme.ELLIPSIS)


def test_elide_fits_a_long_name_in_its_box():
    name = "a very long file name that goes on and on " * 5 + ".pdn"
    short = theme.elide(name, 24, 200)
    assert short.endswith(theme.ELLIPSIS) and theme.font(24).size(short)[0] <= 200
    assert theme.elide("short", 24, 200) == "short"


def test_wrap_breaks_a_word_wider_than_the_line():
    lines = theme.wrap("x" * 400, 20, 150)
    assert len(lines) > 1
    assert all(theme.font(20).size(ln)[0] <= 150 for ln in lines)
    assert "".join(lines) == theme.clean("x" * 400)  # nothing lost but the cap


def test_the_shipped_typeface_is_used_with_a_real_bold():
    regular, bold = theme.font(40), theme.font(40, True)
    assert theme.asset_font_loaded()
    # the bold face is its own file, wider than the regular one (not a thickened regular)
    assert bold.size("Checkers")[0] > regular.size("Checkers")[0]
    assert str(theme.font_file(True)).endswith("NotoSans-Bold.ttf")
    assert str(theme.font_file(False)).endswith("NotoSans-Regular.ttf")


def test_tabular_digits_line_up_in_a_column():
    widths = {theme.text(s, 24, tabular=True).get_width() for s in ("11", "14", "17", "20", "41", "88")}
    assert len(widths) == 1, widths
    # a column of right-aligned move numbers: the ones digits share one x range
    assert theme.digit_width(24) * 2 in widths


def test_wrap_keeps_words_joined_by_a_no_break_space_on_one_line():
    f = theme.font(20)
    width = max(f.size("alpha beta")[0], f.size("beta gamma")[0]) + 4
    assert width < f.size("alpha beta gamma")[0]
    assert theme.wrap("alpha beta gamma", 20, width) == ["alpha beta", "gamma"]
    assert theme.wrap("alpha beta\u00a0gamma", 20, width) == ["alpha", "beta\u00a0gamma"]
    assert theme.wrap("  one\ttwo\n ", 20, 1000) == ["one two"]


def test_the_library_footer_breaks_between_its_items_only():
    from game.ui.library_view import FOOTER

    items = FOOTER.split(" · ")
    assert "Esc\u00a0back" in items
    for width in (680, 900, 1240, 1880, 2520):  # its width at the sizes of the layout check
        for line in theme.wrap(FOOTER, 16, width):
            assert all(part.strip(" ·") in items for part in line.split(" · ")), line
