"""The player's record: their archived games against the levels, per level and over time."""

import datetime
import os

from helpers import play

from game.rules import Game
from game.store.archive import archive_game
from game.store.unfinished import new_game_id
from game.training import record as rec
from game.training.strength import LEVEL_ELO


def _tags(black="Human", white="Computer (Hard)", result="2-0", date="2026.11.25", **more):
    tags = {"Black": black, "White": white, "Result": result, "Date": date, "Time": "10:00:00"}
    if white.startswith("Computer"):
        tags["WhiteLevel"] = white[10:-1]
    if black.startswith("Computer"):
        tags["BlackLevel"] = black[10:-1]
    tags.update(more)
    return tags


def test_the_players_side_and_result():
    assert rec.result_of(_tags()).score == rec.WON
    assert rec.result_of(_tags(result="0-2")).score == rec.LOST
    assert rec.result_of(_tags(result="1/2-1/2")).score == rec.DRAWN
    as_white = rec.result_of(_tags(black="Computer (Easy)", white="Human", result="2-0"))
    assert (as_white.level, as_white.score) == ("Easy", rec.LOST)
    assert rec.result_of(_tags(result="*")) is None                           # unfinished
    assert rec.result_of(_tags(white="Human")) is None                        # two people
    assert rec.result_of(_tags(black="Computer (Easy)")) is None              # two computers
    assert rec.result_of({"Black": "Tinsley", "White": "Chinook", "Result": "1-0"}) is None
    assert rec.result_of(_tags(date="????.??.??")).day is None


def test_by_level_totals_and_ladder_order():
    games = [rec.result_of(_tags(white=f"Computer ({lv})", result=r))
             for lv, r in [("Hard", "2-0"), ("Easy", "0-2"), ("Hard", "1-1"), ("depth:6", "2-0"), ("Hard", "0-2")]]
    record = rec.Record(games)
    rows = record.by_level()
    assert [(r.level, r.won, r.drawn, r.lost) for r in rows] == [
        ("Easy", 0, 0, 1), ("Hard", 1, 1, 1), ("depth:6", 1, 0, 0)]
    assert rows[0].elo == LEVEL_ELO["Easy"] and rows[2].elo is None
    assert record.totals() == (2, 1, 2)
    assert record.estimate().games == 4  # depth:6 has no Elo


def test_the_timeline_by_day_then_week():
    day = datetime.date(2026, 1, 1)
    games = [rec.GameResult("Medium", rec.WON if i % 3 else rec.LOST, day + datetime.timedelta(days=i))
             for i in range(30)]
    record = rec.Record(reversed(games))  # sorted by date whatever the order read
    points = record.timeline()
    assert record.period() == "day" and len(points) == 30
    assert points[0].day == day and (points[0].won, points[0].lost) == (0, 1)
    assert [p.estimate.games for p in points] == list(range(1, 31))
    long = rec.Record(rec.GameResult("Medium", rec.WON, day + datetime.timedelta(days=3 * i)) for i in range(100))
    assert long.period() == "week" and len(long.timeline()) <= rec.MAX_POINTS
    assert all(p.day.weekday() == 0 for p in long.timeline())
    assert rec.Record([]).timeline() == [] and rec.Record([]).estimate() is None


def test_read_record_from_the_archive(home):
    for players, result_side in (({"white": "Hard"}, ["black"]), ({"black": "Easy"}, ["white"]), ({}, None)):
        g = play(Game(), 400, seed=3)
        assert g.outcome is not None
        archive_game(g, game_id=new_game_id(), levels=players, humans=result_side or ["black", "white"],
                     mode="1p" if players else "2p")
    folder = home / "data" / "archive"
    (folder / "junk.pdn").write_bytes(b"\x00\xff not pdn [[[")
    (folder / "huge.pdn").write_bytes(b" " * (rec.MAX_FILE_BYTES + 1))
    os.mkfifo(folder / "fifo.pdn")
    record = rec.read_record()
    assert sorted(r.level for r in record.by_level()) == ["Easy", "Hard"]  # the two-player game is not counted
    assert record.problems and "could not be read" in record.problems[0]
    assert rec.read_record(home / "nowhere").games == []


GOOD_GAME = ('[Event "Against the computer"]\n[Date "{date}"]\n[Black "Human"]\n[White "Computer (Hard)"]\n'
             '[WhiteLevel "Hard"]\n[Result "2-0"]\n\n1. 11-15 2-0\n')


def test_a_date_too_large_for_a_calendar_is_no_date_and_hides_nothing(tmp_path):
    for i, date in enumerate(("2026.11.20", "99999999999999999999.1.1", "2026.1.99999999999999999999",
                              "2026.13.1", "\u0662\u0660\u0662\u0666.11.20", "2026.11", "....")):
        (tmp_path / f"g{i}.pdn").write_text(GOOD_GAME.format(date=date), encoding="utf-8")
    record = rec.read_record(tmp_path)
    assert len(record) == 7 and record.problems == []
    assert [g.day for g in record.games].count(None) == 6
    assert rec._day("2026.11.20") == datetime.date(2026, 11, 20)
    assert [p.won for p in record.timeline()] == [1]


def test_one_game_that_cannot_be_read_is_skipped_and_counted(tmp_path, monkeypatch):
    for i in range(3):
        (tmp_path / f"g{i}.pdn").write_text(GOOD_GAME.format(date=f"2026.11.2{i}"), encoding="utf-8")
    real = rec.result_of

    def fussy(tags):
        if tags.get("Date") == "2026.11.21":
            raise OverflowError("a number too large")
        return real(tags)

    monkeypatch.setattr(rec, "result_of", fussy)
    record = rec.read_record(tmp_path)
    assert [g.day.day for g in record.games] == [20, 22]
    assert record.problems == ["1 archived game could not be read"]
