"""The measured difficulty ladder file (agents/ladder.py, issue 25): it is validated
when read, and the lobby's view of it orders the levels by their measured Elo and
says when a level was not measured rather than guessing."""

from __future__ import annotations

import json

import pytest

from grognard.agents import AGENT_NAMES, ladder
from grognard.agents.ladder import BadLadder, Ladder, LevelStrength, Record, RulesetLadder


def _entry(levels: list[LevelStrength]) -> RulesetLadder:
    return RulesetLadder(
        scenario="standard", options={}, games_per_pair=10, games=30, unfinished=0, seed=25,
        date="2026-11-29", commit="abc1234", budgets={lv.level: "x" for lv in levels}, levels=levels,
    )


FAKE = Ladder(version=1, rulesets={"viktory2": _entry([
    LevelStrength(level="heuristic", elo=40.0, elo95=(10.0, 70.0), games=20),
    LevelStrength(level="search-strong", elo=160.0, elo95=(100.0, 230.0), games=20,
                  vs_heuristic=Record(games=10, wins=8, draws=1, losses=1, share=0.8, wilson95=(0.49, 0.94))),
    LevelStrength(level="random", elo=-200.0, elo95=(-300.0, -150.0), games=20,
                  vs_heuristic=Record(games=10, wins=0, draws=0, losses=10, share=0.0, wilson95=(0.0, 0.28))),
])})


def test_the_shipped_ladder_parses_and_covers_only_known_levels() -> None:
    shipped = ladder.load()
    for ruleset_id, entry in shipped.rulesets.items():
        names = [lv.level for lv in entry.levels]
        assert set(names) <= set(AGENT_NAMES), ruleset_id
        assert [lv.elo for lv in entry.levels] == sorted((lv.elo for lv in entry.levels), reverse=True)
        for lv in entry.levels:
            assert lv.elo95[0] <= lv.elo95[1], (ruleset_id, lv.level)
            if lv.vs_heuristic is not None:
                record = lv.vs_heuristic
                assert record.wins + record.draws + record.losses <= record.games
                assert record.wilson95[0] <= record.share <= record.wilson95[1]


def test_a_broken_ladder_file_is_refused_with_the_field_named() -> None:
    good = json.loads(ladder.encode(FAKE))
    del good["rulesets"]["viktory2"]["levels"][0]["elo"]
    with pytest.raises(BadLadder, match="elo"):
        ladder.parse(json.dumps(good))
    with pytest.raises(BadLadder, match="not JSON"):
        ladder.parse("{")
    assert ladder.parse(ladder.encode(FAKE)) == FAKE


def test_the_lobby_orders_measured_levels_by_elo_and_flags_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladder, "load", lambda: FAKE)
    shown = ladder.lobby_strength("viktory2", ["heuristic", "search-fast", "search-strong", "random"])
    assert [lv["level"] for lv in shown["levels"]] == ["search-strong", "heuristic", "random", "search-fast"]
    strong, heuristic, _, fast = shown["levels"]
    assert strong["text"] == "beats the heuristic 80 % of 10 games, draws 10 %, Elo +160"
    assert strong["vs_heuristic"]["wins"] == 8 and strong["elo95"] == [100, 230]
    assert heuristic["vs_heuristic"] is None and "yardstick" in heuristic["text"]
    assert "draws" not in shown["levels"][2]["text"]  # random: no draw, none said
    assert fast == {"level": "search-fast", "measured": False, "text": ladder.NOT_MEASURED}
    assert ladder.NOT_MEASURED == "strength not measured on this game yet"
    assert shown["run"] == {"games": 30, "games_per_pair": 10, "date": "2026-11-29", "commit": "abc1234",
                            "scenario": "standard"}


def test_a_game_the_ladder_does_not_cover_is_reported_unmeasured(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladder, "load", lambda: FAKE)
    shown = ladder.lobby_strength("hgw", ["heuristic", "random"])
    assert shown["run"] is None
    assert [lv["measured"] for lv in shown["levels"]] == [False, False]


def test_a_level_is_called_strongest_only_when_clearly_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladder, "load", lambda: FAKE)
    # search-strong's lower bound (100) is above the heuristic's Elo (40)
    assert ladder.strongest("viktory2") == "search-strong"
    assert ladder.strongest("hgw") is None  # not measured: no claim
    close = [
        LevelStrength(level="heuristic", elo=140.0, elo95=(-10.0, 280.0), games=20),
        LevelStrength(level="search-strong", elo=142.0, elo95=(0.0, 320.0), games=20),
    ]
    monkeypatch.setattr(ladder, "load", lambda: Ladder(version=1, rulesets={"victory": _entry(close)}))
    assert ladder.strongest("victory") is None  # a tie within the interval: no claim
