"""The lab's commands: simulate --out, tournament, report; one-line usage errors."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import grognard.games
from grognard.cli import run

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tinyrules


@pytest.fixture(autouse=True)
def with_tiny(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grognard.games, "REGISTRY", tinyrules.registry_with_tiny())


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(err: str, fragment: str) -> bool:
    lines = err.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith("grognard: error: ") and fragment in lines[0]


def test_tournament_prints_elo_and_head_to_head(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    standings = tmp_path / "standings.json"
    code, out, _ = cli(
        capsys, "tournament", "tiny", "--agents", "random,mcts:20", "--games", "6", "--seed", "2",
        "--json", str(standings),
    )
    assert code == 0
    assert "Elo" in out and "Head to head" in out
    report = json.loads(standings.read_text())
    assert report["games"] == 6
    assert {row["agent"] for row in report["ratings"]} == {"random", "mcts:20"}


def test_simulate_out_then_report(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    results = tmp_path / "run.jsonl"
    assert cli(capsys, "simulate", "tiny", "--games", "8", "--out", str(results))[0] == 0
    assert len(results.read_text().splitlines()) == 9  # header and eight games
    code, out, _ = cli(capsys, "report", str(results))
    assert code == 0
    assert "Report written" in out
    assert results.with_suffix(".html").read_text().startswith("<!doctype html>")


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["simulate", "tiny", "--backend", "slurm"], "unknown backend 'slurm'"),
        (["simulate", "tiny", "--address", "10.0.0.1:6379"], "--backend ray"),
        (["tournament", "tiny", "--agents", "random"], "at least two agents"),
        (["tournament", "tiny", "--agents", "random,,mcts"], "empty agent name"),
        (["tournament", "tiny", "--agents", "random,mcts", "--format", "swiss"], "unknown format"),
        (["tournament", "tiny", "--agents", "random,deepblue"], "unknown agent 'deepblue'"),
        (["tournament", "tiny", "--agents", "random,mcts", "-o", "players=3"], "two-player"),
    ],
)
def test_lab_usage_errors_are_one_line_with_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], fragment: str
) -> None:
    code, _, err = cli(capsys, *args)
    assert code == 2
    assert one_line_error(err, fragment), err


def test_report_of_a_missing_file_is_a_runtime_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = cli(capsys, "report", str(tmp_path / "none.jsonl"))
    assert code == 1
    assert one_line_error(err, "does not exist"), err
