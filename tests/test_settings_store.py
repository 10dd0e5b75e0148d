"""Settings: round trip, and every kind of bad file gives defaults, a warning and a kept copy."""

import json
import logging

import pytest

from game.store import paths
from game.store.settings import SETTINGS_VERSION, SettingError, Settings, cycle, load_settings, save_settings


@pytest.fixture(autouse=True)
def _own_home(home):
    """Every test here gets its own CHECKERS_HOME (the ``home`` fixture of conftest)."""


def bad_files(home):
    return sorted(p.name for p in (home / "config").glob("settings.json.bad-*"))


def test_paths_follow_checkers_home(home):
    assert paths.config_dir() == home / "config"
    assert paths.data_dir() == home / "data"
    assert paths.settings_path() == home / "config" / "settings.json"
    assert paths.games_dir() == home / "data" / "games"


def test_paths_default_to_platformdirs(monkeypatch):
    import platformdirs

    monkeypatch.delenv("CHECKERS_HOME")
    assert paths.config_dir() == paths.Path(platformdirs.user_config_dir("checkers"))
    assert paths.data_dir() == paths.Path(platformdirs.user_data_dir("checkers"))


def test_missing_file_gives_defaults_quietly(caplog):
    with caplog.at_level(logging.WARNING):
        assert load_settings() == Settings()
    assert not caplog.records


def test_round_trip(home, caplog):
    s = Settings(sound=False, animation="slow", show_movable=False, show_destinations=False,
                 square_numbers=True, orientation="white", draw_rule="csci561", mode="watch",
                 level="Master", black_level="Beginner", white_level="Club", side="white")
    assert save_settings(s)
    data = json.loads((home / "config" / "settings.json").read_text())
    assert data["version"] == SETTINGS_VERSION
    with caplog.at_level(logging.WARNING):
        assert load_settings() == s
    assert not caplog.records
    assert not [p.name for p in (home / "config").iterdir() if p.name.startswith(".")]  # no temporary left


def test_a_file_saved_with_a_byte_order_mark_is_read(home, caplog):
    """Windows Notepad saves UTF-8 with a byte-order mark; the json module refuses one, the store skips it."""
    s = Settings(sound=False, level="Master")
    assert save_settings(s)
    path = home / "config" / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    with caplog.at_level(logging.WARNING):
        assert load_settings() == s
    assert not caplog.records and bad_files(home) == []


def test_cycle():
    s = Settings()
    assert cycle(s, "sound").sound is False
    assert cycle(s, "animation").animation == "slow"
    assert cycle(s, "animation", -1).animation == "fast"
    assert cycle(cycle(s, "draw_rule"), "draw_rule").draw_rule == s.draw_rule


@pytest.mark.parametrize("content", [
    b"\x00\xff\xfe garbage \x80",
    b"{\"sound\": tru",
    b"",
    b"[1, 2, 3]",
    b"\"just a string\"",
    b"null",
])
def test_corrupt_file(home, caplog, content):
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="checkers.store"):
        assert load_settings() == Settings()
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1 and "\n" not in warnings[0].getMessage()
    bad = bad_files(home)
    assert len(bad) == 1
    assert (home / "config" / bad[0]).read_bytes() == content
    assert not (home / "config" / "settings.json").exists()
    # the next save writes a fresh file and leaves the bad one alone
    save_settings(Settings(sound=False))
    assert load_settings().sound is False
    assert bad_files(home) == bad


def test_wrong_types_keep_the_valid_keys(home, caplog):
    (home / "config").mkdir()
    data = {"version": SETTINGS_VERSION, "sound": "yes", "animation": "fast", "square_numbers": 1,
            "orientation": 42, "draw_rule": "csci561", "level": ["x"], "side": "white"}
    (home / "config" / "settings.json").write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING, logger="checkers.store"):
        s = load_settings()
    assert s.animation == "fast" and s.draw_rule == "csci561" and s.side == "white"
    assert s.sound is True and s.square_numbers is Settings().square_numbers and s.orientation == "auto"
    assert s.level == Settings().level
    assert len(caplog.records) == 1
    assert "sound" in caplog.records[0].getMessage()
    assert len(bad_files(home)) == 1


def test_old_version_keeps_valid_keys(home, caplog):
    (home / "config").mkdir()
    data = {"version": 0, "sound": False, "animation": "off", "colour_scheme": "green"}
    (home / "config" / "settings.json").write_text(json.dumps(data))
    with caplog.at_level(logging.WARNING, logger="checkers.store"):
        s = load_settings()
    assert s == Settings(sound=False, animation="off")
    assert len(caplog.records) == 1
    assert "version" in caplog.records[0].getMessage()
    assert len(bad_files(home)) == 1


def test_missing_keys_are_the_defaults_quietly(home, caplog):
    # an older version's file lacks the newer keys: nothing is wrong with it
    (home / "config").mkdir()
    (home / "config" / "settings.json").write_text(json.dumps({"version": SETTINGS_VERSION, "sound": False}))
    with caplog.at_level(logging.WARNING, logger="checkers.store"):
        s = load_settings()
    assert s == Settings(sound=False)
    assert s.problems() == [] and caplog.records == []
    assert bad_files(home) == []  # nothing was lost: no copy needed


def test_new_settings_are_kept_and_checked(home):
    s = Settings(reply_pause="long", watch_speed="fast", allow_analysis=True)
    assert save_settings(s)
    assert load_settings() == s
    with pytest.raises(SettingError, match="reply_pause"):
        s["reply_pause"] = "forever"


def test_save_failure_is_reported_not_raised(home, caplog):
    (home / "config").write_text("a file where the folder should be")
    with caplog.at_level(logging.WARNING, logger="checkers.store"):
        assert save_settings(Settings()) is False
    assert caplog.records


def test_mapping_access_for_scenes():
    s = Settings()
    assert s.get("show_movable", False) is True and s["sound"] is True
    assert s.get("new_game") == {"level": "Medium", "side": "Black"}
    s["new_game"] = {"level": "Master", "side": "White"}
    assert s.level == "Master" and s.side == "white"
    s["square_numbers"] = True
    assert s.square_numbers is True
    with pytest.raises(ValueError):
        s["animation"] = "warp"
    s["scratch"] = 5  # kept for the session only
    assert s.get("scratch") == 5 and "scratch" in s
    assert "scratch" not in s.to_json()
    assert s == Settings(level="Master", side="white", square_numbers=True)
