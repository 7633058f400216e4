"""Every ruleset's terminal board (`Ruleset.render_text`, drawn by `grognard play` and
`grognard replay`) for every scenario, at the start and after a random game (issue 24:
Campaign Game I's board could not be drawn, so `grognard play hgw --scenario campaign_1`
crashed after the whole game, before its replay was saved)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from grognard import games
from grognard.cli import run
from grognard.core.game import Ruleset, State
from grognard.sim.play import GameConfig, play

#: Random actions played before the end position is drawn: enough to move and fight,
#: few enough to keep the test cheap (a game that ends sooner is drawn at its end).
ACTIONS = 400

SCENARIOS = [
    (ruleset.id, scenario.id) for ruleset in games.REGISTRY for scenario in ruleset.scenarios
]


def _check_rows(rows: list[list[tuple[str, str | None]]] | None, roles: list[str]) -> None:
    if rows is None:  # a ruleset without a terminal board
        return
    assert rows, "an empty board"
    for row in rows:
        assert row
        for chunk, role in row:
            assert isinstance(chunk, str)
            assert role is None or isinstance(role, str)


@pytest.mark.parametrize(("ruleset_id", "scenario"), SCENARIOS)
def test_board_draws_at_the_start_and_after_a_random_game(ruleset_id: str, scenario: str) -> None:
    ruleset = games.REGISTRY.get(ruleset_id)
    start = ruleset.new_game(scenario, {}, 3)
    _check_rows(ruleset.render_text(start.view(None)), start.roles)
    seen: dict[str, State] = {}

    def keep(state: State) -> None:
        seen["last"] = state

    config = GameConfig(ruleset_id, ("random",) * len(start.roles), scenario, max_actions=ACTIONS)
    play(config, 3, keep)
    end = seen["last"]
    _check_rows(ruleset.render_text(end.view(None)), end.roles)


def test_hgw_campaign_board_shows_the_neutral_countries() -> None:
    """Campaign Game I begins with neutral countries, which nobody owns: the board draws
    them as dots instead of failing on them."""
    ruleset = games.REGISTRY.get("hgw")
    state = ruleset.new_game("campaign_1", {}, 0)
    rows = ruleset.render_text(state.view(None))
    assert rows is not None
    text = "".join(chunk for row in rows for chunk, _ in row)
    assert "·" in text
    owned = {chunk[0].lower() for row in rows for chunk, role in row[1:] if role}
    assert {"a", "s"} <= owned


def test_play_saves_the_replay_before_drawing_the_board(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A board that cannot be drawn no longer costs the game: --save is written first."""
    ruleset: Ruleset = games.REGISTRY.get("viktory2")

    def broken(view: dict[str, Any]) -> None:
        raise RuntimeError("cannot draw")

    monkeypatch.setattr(ruleset, "render_text", broken)
    save = tmp_path / "game.json"
    with pytest.raises(RuntimeError, match="cannot draw"):
        run(["play", "viktory2", "--seed", "1", "--save", str(save)])
    assert save.exists() and '"grognard-replay"' in save.read_text()
