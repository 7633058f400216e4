"""The README's table of `search-strong` against the heuristic is the kept runs' (issue
25: every scenario of every game listed, its figures measured by bench_strong_ai.py and
written by strong_ai_table.py, not quoted by hand)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parents[1]
table = load_script("benchmarks/strong_ai_table.py")


def test_the_readme_table_is_written_from_the_kept_runs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start, end = readme.index(table.BEGIN), readme.index(table.END)
    assert readme[start + len(table.BEGIN) : end] == "\n" + table.markdown(table.load())


def test_every_scenario_has_a_row_measured_or_not() -> None:
    text = table.markdown({})
    for ruleset_id, scenario in table.scenarios():
        assert f"| {ruleset_id} ({scenario}) | not measured |" in text


def run(**changes: Any) -> dict[str, Any]:
    base = {"ruleset": "viktory2", "scenario": None, "options": {}, "finished": 200, "wins": 160, "draws": 0,
            "losses": 40, "win_rate": 0.8, "wilson95": [0.74, 0.85],
            "level_turn_cpu_s": {"median": 1.5, "p95": 4.0}, "level_decision_cpu_s": {"mean": 0.2}}
    return base | changes


def test_the_goal_needs_all_its_parts() -> None:
    assert table.verdict(run()) == "met"
    assert table.verdict(run(finished=40)) == "not yet: 160 more games"
    assert table.verdict(run(win_rate=0.72, wilson95=[0.59, 0.8])) == "not yet: the win rate"
    assert table.verdict(run(level_turn_cpu_s={"median": 2.4, "p95": 5.0})) == "not yet: the turn time"


def test_a_run_without_a_scenario_is_the_rulesets_default(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps(run()))
    three = run(ruleset="victory", scenario="two-front", options={"players": 3})
    (tmp_path / "b.json").write_text(json.dumps(three))
    runs = table.load(tmp_path)
    assert set(runs) == {("viktory2", "standard"), ("victory", "two-front")}
    row = "| victory (two-front) players=3 | 160–0–40 of 200 | 80.0 % (74.0–85.0 %) |"
    assert row in table.markdown(runs)


def test_a_run_with_a_baseline_shows_the_heuristics_own_record_from_its_seats() -> None:
    measured = run(baseline={"wins": 5, "draws": 0, "losses": 5, "win_rate": 0.5, "games": 10},
                   versus_baseline={"better": 2, "same": 6, "worse": 2})
    assert table.baseline(measured) == "5–0–5 (50 %); level better / same / worse: 2 / 6 / 2"
    assert table.baseline(run()) == "—"  # a run without one
    row = table._row("viktory2", "standard", measured)
    assert "| 5–0–5 (50 %); level better / same / worse: 2 / 6 / 2 |" in row


bench = load_script("benchmarks/bench_strong_ai.py")


def test_the_baseline_is_counted_seed_by_seed_and_by_role() -> None:
    games = [
        {"role": "axis", "outcome": "win", "baseline_outcome": "loss"},
        {"role": "allied", "outcome": "loss", "baseline_outcome": "loss"},
        {"role": "axis", "outcome": "draw", "baseline_outcome": "win"},
        {"role": "allied", "outcome": "loss"},  # no baseline played for this one
    ]
    found = bench.baseline_summary(games)
    assert found["versus_baseline"] == {"better": 1, "same": 1, "worse": 1}
    assert found["baseline"] == {"wins": 1, "draws": 0, "losses": 2, "win_rate": 1 / 3, "games": 3}
    assert found["baseline_by_role"]["axis"] == {"wins": 1, "draws": 0, "losses": 1, "win_rate": 0.5}
    assert bench.by_role(games, "outcome")["allied"] == {"wins": 0, "draws": 0, "losses": 2, "win_rate": 0.0}
    assert bench.baseline_summary(games[3:]) == {}


def test_the_benchmark_refuses_a_wrong_name_before_it_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A wrong agent, ruleset or scenario is a usage error (exit 2) naming what is known,
    raised before any worker starts, and nothing is written."""
    out = tmp_path / "run.json"
    cases = [
        (["victory", "--agent", "search-strong:1800"], "known agents"),
        (["victory", "--opponent", "nobody"], "unknown agent 'nobody'"),
        (["nope"], "unknown ruleset 'nope'"),
        (["victory", "--scenario", "nope"], "no scenario 'nope'"),
    ]
    for argv, message in cases:
        with pytest.raises(SystemExit) as exited:
            bench.main([*argv, "--games", "1", "--out", str(out)])
        assert exited.value.code == 2
        assert message in capsys.readouterr().err
        assert not out.exists()


def test_a_run_shows_the_reference_work_beside_its_turn_time() -> None:
    plain = table._row("viktory2", "standard", run())
    assert "| 1.50 / 4.00 |" in plain
    measured = table._row("viktory2", "standard", run(reference_cpu_s={"games": 3, "median": 1.04}))
    assert "| 1.50 / 4.00 (reference 1.04) |" in measured


def test_the_reference_work_is_the_same_search_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its budget is work, so two plays make the same moves: only the machine's speed
    changes its CPU (the figure's whole point)."""
    ruleset_id, _seed, count = bench.REFERENCE
    assert ruleset_id == "viktory2" and count > 0
    moves: list[object] = []
    real = bench.decide

    def recorded(*args: Any) -> Any:
        moves.append(real(*args))
        return moves[-1]

    monkeypatch.setattr(bench, "decide", recorded)
    assert bench.reference_cpu() > 0
    first = list(moves)
    moves.clear()
    bench.reference_cpu()
    assert len(first) == count and moves == first


def test_the_summary_keeps_the_reference_median() -> None:
    game = {"outcome": "win", "role": "red", "level_turn_cpu": [1.0], "opponent_turn_cpu": [0.1],
            "level_decision_cpu": [0.5], "level_turn_work": [100], "seed": 1}
    games = [game | {"reference_cpu_s": v, "seed": i} for i, v in enumerate([1.0, 3.0, 1.2])]
    summary = bench.summarize(games, {})
    assert summary["reference_cpu_s"] == {"games": 3, "median": 1.2}
    assert "reference_cpu_s" not in bench.summarize([game], {})


def test_the_plot_draws_each_measured_run_with_its_interval_and_baseline(tmp_path: Path) -> None:
    measured = run(baseline={"wins": 5, "draws": 0, "losses": 5, "win_rate": 0.5, "games": 10},
                   versus_baseline={"better": 2, "same": 6, "worse": 2})
    small = run(ruleset="victory", scenario="two-front", finished=6, win_rate=0.5, wilson95=[0.19, 0.81])
    runs = {("viktory2", "standard"): [measured], ("victory", "two-front"): [small]}
    rows = table.points(runs)
    # in the table's order (the registry's: Victory before Viktory II), rates in percent
    assert [r.label for r in rows] == ["victory (two-front), 6 games", "viktory2 (standard), 200 games"]
    assert rows[1] == table.Point("viktory2 (standard), 200 games", 80.0, 74.0, 85.0, 50.0, True)
    assert rows[0].baseline is None and not rows[0].met
    out = tmp_path / "plot.png"
    figure = table.plot(runs, out)
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # drawn top to bottom in that order
    axis = figure.axes[0]
    ticks = {t.get_text(): y for t, y in zip(axis.get_yticklabels(), axis.get_yticks(), strict=True)}
    assert ticks[rows[0].label] > ticks[rows[1].label]


def test_the_readme_shows_the_plot() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"]({table.PLOT.relative_to(ROOT).as_posix()})" in readme
    assert table.PLOT.exists()
