"""tools/database_entries.py: where a match's games reached the endgame database."""

import importlib.util
from pathlib import Path

import pytest

from game.rules import Position
from game.rules.position import WHITE

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("database_entries_under_test", ROOT / "tools" / "database_entries.py")
entries = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(entries)

FOUR_KINGS = "B:WK14:BK31,K26,K8,K5"   # black's four kings against one: won for black, to move
TWO_KINGS = "B:WK30:BK6,K17"           # two kings against one: won for black
TAKING = "B:W18:B14,K32"               # black takes 14x23 first: not an entry


def _game(black, white, result, fen, moves):
    head = f'[Black "{black}"]\n[White "{white}"]\n[Result "{result}"]\n'
    if fen:
        head += f'[SetUp "1"]\n[FEN "{fen}"]\n'
    return f"{head}\n{moves} {result}\n\n"


def _pdn(tmp_path):
    path = tmp_path / "games.pdn"
    path.write_text(
        _game("me", "other", "1-0", FOUR_KINGS, "1. 5-9")           # ahead, won, scored 1
        + _game("other", "me", "1-0", TWO_KINGS, "1. 6-10")       # behind, lost, scored 0
        + _game("me", "other", "1/2-1/2", "", "1. 11-15")         # 24 pieces: never reached
        + _game("x", "y", "1-0", TWO_KINGS, "1. 6-10"))           # not the player's game
    return path


def test_the_entry_is_the_first_quiet_position_the_database_holds():
    db = entries.eg.default()
    positions = [Position.from_fen(f) for f in ("B:W18,19,20:B1,2,3", TAKING, FOUR_KINGS)]
    assert entries.entry(positions, 5, db) == (2, entries.eg.WIN)   # (six pieces, then a capture to make)
    assert entries.entry(positions[:2], 5, db) is None
    assert entries.entry([Position.from_fen(FOUR_KINGS)], 4, db) is None   # five pieces: past --pieces 4
    assert entries.side(Position.from_fen(TWO_KINGS), WHITE) == "behind"


def test_the_summary_counts_the_players_games_by_material_and_verdict(tmp_path, capsys):
    entries.main([str(_pdn(tmp_path)), "--player", "me", "--list"])
    out = capsys.readouterr().out
    assert "3 games of me" in out
    assert "game 1: ply 0, 0m 4k v 0m 1k, won for the player, scored 1" in out
    assert "game 2: ply 0, 0m 1k v 0m 2k, lost for the player, scored 0" in out
    lines = {line.split("  ")[1].strip(): line for line in out.splitlines() if line.startswith("  ")}
    assert lines["ahead, won for the player"].endswith("1 games, scored 100.0%")
    assert lines["behind, lost for the player"].endswith("1 games, scored   0.0%")
    assert lines["never reached"].endswith("1 games, scored  50.0%")
    assert lines["all"].endswith("3 games, scored  50.0%")


def test_bad_input_is_a_message(tmp_path):
    with pytest.raises(SystemExit) as e:
        entries.main([str(tmp_path / "none.pdn"), "--player", "me"])
    assert "database_entries:" in str(e.value)
    with pytest.raises(SystemExit) as e:
        entries.main([str(_pdn(tmp_path)), "--player", "nobody"])
    assert "no finished game of 'nobody'" in str(e.value)
