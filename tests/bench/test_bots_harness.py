"""`make bench-bots` in miniature: one game per match-up of Chicken Run, in this process."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _harness():
    spec = importlib.util.spec_from_file_location("bench_bots", ROOT / "bench" / "bots.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_harness_prints_a_table_per_game(capsys):
    bots = _harness()
    assert bots.main(["--game", "chickenrun", "--bots", "sensible,random", "--games", "2", "--baseline-games", "1",
                      "--processes", "1", "--budget", "0", "--playouts", "4", "--horizon", "4"]) == 0
    out = capsys.readouterr().out
    assert "Chicken Run" in out
    rows = [line.split() for line in out.splitlines()]
    assert ["sensible", "random", "2", "2"] in [r[:4] for r in rows]
    assert ["sensible", "baseline", "2", "1"] in [r[:4] for r in rows]
    assert any(r[:1] == ["baseline"] for r in rows)  # its think time


def test_the_wilson_interval_holds_the_rate():
    bots = _harness()
    lo, hi = bots.wilson(200, 400)
    assert lo < 0.5 < hi and hi - lo < 0.1
    assert bots.wilson(0, 10)[0] == 0.0 and bots.wilson(10, 10)[1] == 1.0


def test_a_run_written_to_a_file_resumes_and_reports_without_playing(capsys, tmp_path, monkeypatch):
    bots = _harness()
    out = tmp_path / "games.jsonl"
    args = ["--game", "chickenrun", "--bots", "sensible,random", "--baseline-games", "1", "--processes", "1",
            "--budget", "0", "--playouts", "4", "--horizon", "4", "--out", str(out)]
    assert bots.main([*args, "--games", "2"]) == 0
    first = capsys.readouterr().out
    assert len(out.read_text().splitlines()) == 4  # 2 + 1 + 1 games, each written as it ended
    played = []
    real = bots.play
    monkeypatch.setattr(bots, "play", lambda task: played.append(task["seed"]) or real(task))
    assert bots.main([*args, "--games", "3"]) == 0  # one game more per pair: only that one is played
    assert played == [2] and len(out.read_text().splitlines()) == 5
    capsys.readouterr()
    assert bots.main([*args, "--games", "2", "--report"]) == 0
    assert played == [2]
    table = [line for line in capsys.readouterr().out.splitlines()[1:]]
    assert table == first.splitlines()[1:len(table) + 1]


def test_the_warlord_report_gives_its_wins_by_seat(tmp_path, monkeypatch):
    """bench/search_wfci.py: the rounds of the decided games, and the warlord's wins by the seat
    it played beside every seat's (four-player games put it in seat g mod 4)."""
    monkeypatch.syspath_prepend(str(ROOT / "bench"))  # as when it runs: `from bots import wilson`
    spec = importlib.util.spec_from_file_location("bench_search_wfci", ROOT / "bench" / "search_wfci.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "games.jsonl"
    rows = [{"matchup": "4p-flag", "game": g, "won": g % 4 == w, "finished": True, "winners": [w],
             "rounds": 5 + g, "times": [0.4]} for g, w in ((0, 0), (1, 2), (2, 2), (3, 1), (4, 3))]
    out.write_text("".join(json.dumps(r) + "\n" for r in rows))
    report = module.report(str(out))
    assert "warlord won 2/5" in report and "round 5-9" in report
    assert "1 of 2 in seat 0, 0 of 1 in seat 1, 1 of 1 in seat 2, 0 of 1 in seat 3" in report
    assert "seat 0 1, seat 1 1, seat 2 2, seat 3 1" in report
