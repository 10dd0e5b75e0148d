"""tools/fell_behind.py: where a lost game fell behind for good, with the material."""

import importlib.util
from pathlib import Path

import pytest

from game.rules import Position
from game.rules.position import BLACK

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("fell_behind_under_test", ROOT / "tools" / "fell_behind.py")
fell = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fell)

LEVEL = "B:W29,30:B1,2"          # 2 men each, nothing to take
BEHIND = "B:W29,30:B1"           # black a man down
TAKING = "B:W18,30:B14"          # black a man down but about to take back (14x23): not counted


def test_the_fall_is_after_the_last_level_quiet_position():
    positions = [Position.from_fen(f) for f in (LEVEL, BEHIND, LEVEL, TAKING, BEHIND, BEHIND)]
    assert fell.fell_behind(positions, BLACK) == (2, 4)
    assert fell.fell_behind([Position.from_fen(f) for f in (LEVEL, TAKING, LEVEL)], BLACK) is None
    assert fell.describe_material(Position.from_fen("B:W29,K30:B1,K2,K3"), BLACK) == "1m 2k v 1m 1k"


def _pdn(tmp_path, loser="time:0.2", result="0-1"):
    path = tmp_path / "g.pdn"
    path.write_text(f'[Black "{loser}"]\n[White "git:x"]\n[Result "{result}"]\n[SetUp "1"]\n'
                    f'[FEN "B:W23,K3:B14,K32"]\n\n1. 14-18 23x14 {result}\n')
    return path


def test_a_lost_game_is_printed_with_the_material_and_the_moves(tmp_path, capsys):
    fell.main([str(_pdn(tmp_path))])
    out = capsys.readouterr().out
    assert ("time:0.2 lost as Black, 2 plies; level at ply 0 (1m 1k v 1m 1k), behind for good at ply 2 "
            "(0m 1k v 1m 1k)") in out
    assert ": 14-18 23x14" in out
    assert "1 lost games" in out
    fell.main([str(_pdn(tmp_path)), "--player", "git:x"])   # (git:x won it)
    assert "0 lost games" in capsys.readouterr().out


def test_a_missing_file_is_a_message(tmp_path):
    with pytest.raises(SystemExit) as e:
        fell.main([str(tmp_path / "none.pdn")])
    assert "fell_behind:" in str(e.value)
