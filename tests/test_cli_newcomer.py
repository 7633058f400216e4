"""What a newcomer needs from the command line (issue 24): `rulesets` names each
scenario's roles in the order --seats takes them, the help of play and simulate lists
every agent, simulate's table names the roles, a missing Ray is one line, and replay's
exit status tells a file it cannot read from a game that does not verify."""

from __future__ import annotations

import builtins
import json
import re
from pathlib import Path
from typing import Any

import pytest

from grognard import games
from grognard.agents.registry import AGENT_NAMES, DIFFICULTIES, OPENSPIEL_AGENTS, SEARCH_AGENT
from grognard.cli import run


def cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # rich wraps tables at the terminal's width


def test_rulesets_names_every_scenarios_roles_in_seat_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _wide(monkeypatch)
    code, out, _ = cli(capsys, "rulesets")
    assert code == 0
    assert "Roles, in seat order" in out
    for ruleset in games.REGISTRY:
        for scenario in ruleset.scenarios:
            roles = ruleset.roles(scenario.id, ruleset.resolve(scenario.id, {})[1])
            assert ", ".join(roles) in out, (ruleset.id, scenario.id)


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_help_lists_every_agent(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _wide(monkeypatch)
    code, out, _ = cli(capsys, command, "--help")
    assert code == 0
    text = " ".join(re.sub(r"-\n\s+", "-", out).split())  # the help wraps after hyphens
    for name in (*AGENT_NAMES, *DIFFICULTIES, SEARCH_AGENT, f"{SEARCH_AGENT}:1s", *OPENSPIEL_AGENTS):
        assert name in text, name
    assert "role order" in text


def test_simulate_table_names_the_roles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _wide(monkeypatch)
    summary = tmp_path / "summary.json"
    code, out, _ = cli(
        capsys, "simulate", "viktory2", "--games", "2", "--seats", "heuristic,random", "--json", str(summary)
    )
    assert code == 0
    roles = [row["role"] for row in json.loads(summary.read_text())["per_role"]]
    lines = out.splitlines()
    assert any(roles[0] in line and "heuristic" in line for line in lines), out
    assert any(roles[1] in line and "random" in line for line in lines), out
    assert "Role" in out and "Seat" not in out


def test_rotated_simulate_table_gives_seats_and_roles(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _wide(monkeypatch)
    code, out, _ = cli(capsys, "simulate", "viktory2", "--games", "2", "--rotate")
    assert code == 0
    assert "seat 1" in out and "seat 2" in out
    for role in games.REGISTRY.get("viktory2").roles():
        assert role in out


def test_ray_backend_without_ray_is_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_import = builtins.__import__

    def no_ray(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "ray" or name.startswith("ray."):
            raise ModuleNotFoundError("No module named 'ray'", name="ray")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_ray)
    commands = (
        ["simulate", "viktory2", "--games", "2"],
        ["tournament", "viktory2", "--agents", "random,random"],
    )
    for command in commands:
        code, out, err = cli(capsys, *command, "--backend", "ray")
        assert code == 2
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("grognard: error: "), err
        assert "pip install 'grognard[ray]'" in lines[0]
        assert "Traceback" not in out + err


def test_replay_help_gives_its_exit_statuses(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _wide(monkeypatch)
    code, out, _ = cli(capsys, "replay", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "1 the file cannot be read" in text and "3 it does not replay" in text


def test_replay_exit_status_tells_a_missing_file_from_a_failed_verification(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    assert cli(capsys, "play", "viktory2", "--seed", "3", "--save", str(save))[0] == 0
    assert cli(capsys, "replay", str(save), "--verify")[0] == 0
    missing = cli(capsys, "replay", str(tmp_path / "none.json"), "--verify")
    replay = json.loads(save.read_text())
    replay["digests"][5] = "0" * 24
    save.write_text(json.dumps(replay))
    differs = cli(capsys, "replay", str(save), "--verify")
    assert (missing[0], differs[0]) == (1, 3)
    assert "cannot read" in missing[2] and "does not verify" in differs[2]
