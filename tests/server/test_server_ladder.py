"""The rulesets payload carries the measured difficulty ladder (issue 25): each
offered level with its figures from the shipped data file (benchmarks/ladder.py),
strongest first, and a level or a game not measured marked so."""

from __future__ import annotations

from fastapi.testclient import TestClient

from grognard.agents import ladder


def test_the_rulesets_payload_carries_each_levels_measured_strength(client: TestClient) -> None:
    [viktory] = [r for r in client.get("/api/rulesets").json() if r["id"] == "viktory2"]
    shown = viktory["ladder"]
    assert sorted(lv["level"] for lv in shown["levels"]) == sorted(viktory["agents"])
    entry = ladder.load().rulesets.get("viktory2")
    assert entry is not None, "the shipped ladder has no Viktory II figures"
    assert shown["run"]["games"] == entry.games and shown["run"]["date"] == entry.date
    measured = [lv for lv in shown["levels"] if lv["measured"]]
    offered = viktory["agents"]
    assert [lv["level"] for lv in measured] == [lv.level for lv in entry.levels if lv.level in offered]
    for lv, row in zip(measured, entry.levels, strict=False):
        assert lv["elo"] == round(row.elo)
        assert lv["text"] == ladder.summary(row)
        if row.vs_heuristic is not None:
            assert lv["vs_heuristic"]["games"] == row.vs_heuristic.games
            assert f"of {row.vs_heuristic.games} games" in lv["text"]


def test_a_game_without_measured_figures_says_so_in_the_payload(client: TestClient) -> None:
    listed = {r["id"]: r for r in client.get("/api/rulesets").json()}
    shipped = ladder.load().rulesets
    for ruleset_id, described in listed.items():
        levels = described["ladder"]["levels"]
        assert [lv["level"] for lv in levels if not lv["measured"]] == [
            name for name in described["agents"]
            if ruleset_id not in shipped or name not in {lv.level for lv in shipped[ruleset_id].levels}
        ], ruleset_id
        for lv in levels:
            if not lv["measured"]:
                assert lv["text"] == "strength not measured on this game yet"
                assert "elo" not in lv


def test_a_label_says_strongest_only_where_the_ladder_shows_it(client: TestClient) -> None:
    for described in client.get("/api/rulesets").json():
        claimed = [n for n, label in described["agent_labels"].items() if "strongest" in label]
        top = ladder.strongest(described["id"])
        assert claimed == ([top] if top in described["agents"] else []), described["id"]
        if top is not None:
            assert described["agent_labels"][top].endswith(ladder.STRONGEST)
