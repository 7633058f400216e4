"""Designed-content figures in `grognard report`: the runner records a ruleset's content
facts, the report draws the figures its hook describes (sim/content.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grognard.core.game import State
from grognard.sim import GameConfig, content_hook, runner, simulate
from grognard.sim.content import (
    baseline,
    baselines,
    binomial_p,
    holm,
    judge,
    mean,
    reading,
    series,
    share,
    win_rate,
)  # fmt: skip
from grognard.sim.local import wilson
from grognard.sim.report import content_section, write_report
from grognard.sim.runner import Job, run_job

TINY = "tinyrules:RULESET"


def _pile_facts(initial: State, final: State) -> dict[str, Any]:
    return {"start_pile": initial.data["pile"], "end_pile": final.data["pile"],
            "over": [initial.is_over(), final.is_over()], "plies": len(final.history)}  # fmt: skip


def test_facts_are_recorded_only_when_the_ruleset_has_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    job = Job(0, GameConfig(TINY, seats=("random", "random")), seed=5)
    plain = run_job(job)
    assert "content" not in plain  # the tiny ruleset has no content_report module
    assert content_hook.facts_hook("tiny") is None

    def hook_for(ruleset_id: str) -> Any:
        return _pile_facts if ruleset_id == "tiny" else None

    monkeypatch.setattr(runner, "facts_hook", hook_for)
    record = run_job(job)
    facts = record.pop("content")
    assert record == plain  # the facts add to the record, they change nothing in it
    # the hook saw the state after set-up (untouched by the game) and the last one
    assert facts["start_pile"] > 0 and facts["end_pile"] == 0
    assert facts["over"] == [False, True]
    assert facts["plies"] == plain["actions"]
    assert run_job(job)["content"] == facts  # a pure function of (config, seed)


def test_every_wargame_has_a_hook_and_its_figures_name_facts_it_records() -> None:
    for ruleset_id in ("viktory2", "victory", "hgw", "virtuti"):
        module = content_hook.content_module(ruleset_id)
        assert module is not None and content_hook.facts_hook(ruleset_id) is not None
        figures = content_hook.figures_of(ruleset_id)
        assert figures, ruleset_id
        source = Path(module.__file__ or "").read_text()
        for figure in figures:
            assert f'"{figure["fact"]}"' in source.split("FIGURES")[0], (ruleset_id, figure["fact"])


def _game(
    roles: list[str], winner: str | None, content: dict[str, Any] | None, game: int = 0
) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": game, "seats": ["heuristic"] * len(roles), "roles": roles,
        "winners": [roles.index(winner)] if winner else [0, 1], "draw": winner is None,
        "unfinished": False, "actions": 100, "turns": 10, "rotation": 0,
    }  # fmt: skip
    if content is not None:
        record["content"] = content
    return record


ROLES = ["red", "yellow"]
# four hand-made Viktory II games: mountains around each capital, who won
HAND = [
    _game(
        ROLES, "red", {"near": {"red": {"mountain": "2"}, "yellow": {"mountain": "0"}}, "drawn": {"water": 8}}
    ),
    _game(
        ROLES, "red", {"near": {"red": {"mountain": "2"}, "yellow": {"mountain": "2"}}, "drawn": {"water": 6}}
    ),
    _game(
        ROLES,
        "yellow",
        {"near": {"red": {"mountain": "2"}, "yellow": {"mountain": "0"}}, "drawn": {"water": 7}},
    ),
    _game(
        ROLES, None, {"near": {"red": {"mountain": "0"}, "yellow": {"mountain": "0"}}, "drawn": {"water": 9}}
    ),
    _game(ROLES, "yellow", None),  # an older record: no facts, left out
]


def test_win_rate_by_a_fact_worked_by_hand() -> None:
    rows = {r["name"]: r for r in win_rate(HAND, {"kind": "win_rate", "fact": "near", "per_role": True})}
    # mountain 2: red in games 0, 1, 2 (won 0 and 1), yellow in game 1 (lost): 2 wins of 4
    assert (rows["mountain 2"]["wins"], rows["mountain 2"]["games"]) == (2, 4)
    # mountain 0: yellow in games 0, 2, 3 (won 2), red in game 3 (a draw is no win): 1 of 4
    assert (rows["mountain 0"]["wins"], rows["mountain 0"]["games"]) == (1, 4)
    # Wilson 95 % for 2 of 4: centre (0.5 + 1.92/4) / (1 + 3.84/4) = 0.5, half-width 0.35
    assert rows["mountain 2"]["ci95"] == pytest.approx((0.1500, 0.8500), abs=1e-3)
    # 1 of 4: (0.0456, 0.6994), the textbook Wilson interval
    assert rows["mountain 0"]["ci95"] == pytest.approx((0.0456, 0.6994), abs=1e-3)
    # one role's result by a per-game value: red's win rate by the water tiles drawn
    by_water = {r["name"]: (r["wins"], r["games"])
                for r in win_rate(HAND, {"kind": "win_rate", "fact": "drawn", "role": "red"})}  # fmt: skip
    assert by_water == {"water 6": (1, 1), "water 7": (0, 1), "water 8": (1, 1), "water 9": (0, 1)}


def test_share_mean_and_series_worked_by_hand() -> None:
    games = [
        _game(ROLES, "red", {"m": {"fell": True, "war": True}, "pp": {"red": 10, "yellow": 4},
                             "home": {"red": "A", "yellow": "B"}, "prod": {"red": [1, 2, 3]}}),
        _game(ROLES, "yellow", {"m": {"fell": False, "war": True}, "pp": {"red": 6, "yellow": 8},
                                "home": {"red": "B", "yellow": "A"}, "prod": {"red": [3, 4]}}),
        _game(ROLES, "red", {"m": {"fell": True, "war": False}, "pp": {"red": 12, "yellow": 2},
                             "home": {"red": "A", "yellow": "B"}, "prod": {"red": [2]}}),
    ]  # fmt: skip
    shares = {r["name"]: (r["wins"], r["games"]) for r in share(games, {"kind": "share", "fact": "m"})}
    assert shares == {"fell": (2, 3), "war": (2, 3)}
    means = {r["name"]: r for r in mean(games, {"kind": "mean", "fact": "pp", "by": "home"})}
    # board A: 10, 8, 12 -> 10; board B: 4, 6, 2 -> 4; sample sd 2 for both
    assert means["A"]["mean"] == pytest.approx(10.0) and means["B"]["mean"] == pytest.approx(4.0)
    half = 1.959964 * 2 / 3**0.5
    assert means["A"]["ci95"] == pytest.approx((10 - half, 10 + half), abs=1e-4)
    per_role = {r["name"]: r["mean"] for r in mean(games, {"kind": "mean", "fact": "pp"})}
    assert per_role == pytest.approx({"red": 28 / 3, "yellow": 14 / 3})
    # turn 1: 1, 3, 2 -> 2; turn 2: 2, 4 -> 3 (two games reached it); turn 3: 3 (one game)
    assert series(games, {"kind": "series", "fact": "prod"})["red"] == [(0, 2.0, 3), (1, 3.0, 2), (2, 3.0, 1)]


def test_the_reading_names_the_group_with_the_strongest_evidence() -> None:
    rows = [
        {"name": "water 0", "games": 1, "wins": 0, "rate": 0.0, "ci95": (0.0, 0.79)},
        {"name": "water 3+", "games": 100, "wins": 70, "rate": 0.70, "ci95": (0.604, 0.781)},
    ]
    line = reading({"kind": "win_rate"}, rows, (0.5, "fair share"))
    # 0 of 1 is further from 50 % but says nothing; 70 of 100 is 4 standard errors away
    assert line.startswith("favours water 3+ most: won 70% of 100 games (60%-78%), fair share 50%: beyond")
    assert line.endswith("1 of 2 groups beyond chance after the correction")
    assert "within chance (exact p 1)" in reading({"kind": "win_rate"}, rows[:1], (0.5, "fair share"))


def test_the_baseline_is_the_fair_share_of_decided_games_or_the_role_s_own_rate() -> None:
    per_role = {"kind": "win_rate", "fact": "near", "per_role": True}
    # HAND: four games with facts, one drawn: 3 decided games / 4 / 2 players = 3/8
    assert baseline(HAND, per_role) == (0.375, "fair share of the decided games")
    assert baseline(HAND[:3], per_role) == (0.5, "fair share")
    # red's own rate over the four games with the fact: won games 0 and 1
    assert baseline(HAND, {"kind": "win_rate", "fact": "drawn", "role": "red"}) == (
        0.5,
        "red's rate over all games",
    )
    assert baseline(HAND, {"kind": "share", "fact": "drawn"}) is None


def test_an_old_file_without_facts_still_reports(tmp_path: Path) -> None:
    out = tmp_path / "v2.jsonl"
    simulate(GameConfig("viktory2", seats=("random", "random"), options={"players": 2}), 3, out=out)
    lines = out.read_text().splitlines()
    assert all("content" in json.loads(line) for line in lines[1:])
    # an older run: the same games recorded before the hook existed
    old = tmp_path / "old.jsonl"
    stripped = [json.loads(line) for line in lines]
    for record in stripped[1:]:
        del record["content"]
    old.write_text("".join(json.dumps(r) + "\n" for r in stripped))
    (head,) = write_report(old, tmp_path / "old.html")
    assert head["games"] == 3 and "content" not in head
    assert "Designed content" not in (tmp_path / "old.html").read_text()
    # and the run resumes from the old file: the facts come only with the new games
    simulate(GameConfig("viktory2", seats=("random", "random"), options={"players": 2}), 4, out=old)
    records = [json.loads(line) for line in old.read_text().splitlines()[1:]]
    assert ["content" in r for r in records] == [False, False, False, True]
    (head,) = write_report(old, tmp_path / "mixed.html")
    assert "From the 1 of 4 games" in (tmp_path / "mixed.html").read_text()


def test_the_report_has_a_designed_content_section(tmp_path: Path) -> None:
    out = tmp_path / "v2.jsonl"
    simulate(GameConfig("viktory2", seats=("random", "random"), options={"players": 2}), 4, out=out)
    (head,) = write_report(out, tmp_path / "r.html")
    text = (tmp_path / "r.html").read_text()
    assert "<h3>Designed content</h3>" in text
    for figure in content_hook.figures_of("viktory2"):
        assert figure["title"].replace("'", "&#x27;") in text
    readings = {c["figure"]: c["reading"] for c in head["content"]}
    assert len(readings) == len(content_hook.figures_of("viktory2"))
    near = next(r for t, r in readings.items() if "around a player's capital" in t)
    assert "fair share 50%" in near
    # a ruleset without the hook gets no such section, and games without facts none either
    assert content_section(TINY, [_game(ROLES, "red", None)]) == ("", [])


# ----- many groups: verdicts corrected for their number (issue 26 item 20) -------------------------
def _rows(*counts: tuple[str, int, int]) -> list[dict[str, Any]]:
    rows = []
    for name, wins, games in counts:
        lo, hi = wilson(wins, games)
        rows.append({"name": name, "games": games, "wins": wins, "rate": wins / games, "ci95": (lo, hi)})
    return rows


def test_the_exact_binomial_test_and_holm_s_step_worked_by_hand() -> None:
    # 16 of 20 against 1/2: 2 (C(20,16) + C(20,17) + ... + C(20,20)) / 2^20 = 2 * 6196 / 1048576
    assert binomial_p(16, 20, 0.5) == pytest.approx(2 * 6196 / 2**20, rel=1e-9)
    assert binomial_p(4, 4, 0.5) == pytest.approx(0.125)  # 4 of 4: (1/2)^4, both tails
    assert binomial_p(0, 10, 0.0) == 1.0 and binomial_p(1, 10, 0.0) == 0.0
    # Holm 1979: sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04,
    # made non-decreasing: 0.02, 0.03, 0.06, 0.06, returned in the given order
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_one_extreme_group_of_four_games_among_twenty_is_not_beyond_chance() -> None:
    # 20 groups of 4 games, one won 4 times: its 95 % Wilson interval (51 %-100 %) misses the
    # fair 50 %, but an exact test gives p 0.125 before any correction, 1 after Holm's over 20
    rows = _rows(*[(f"deal {i}", 2, 4) for i in range(19)], ("deal 19", 4, 4))
    assert rows[-1]["ci95"][0] > 0.5
    line = reading({"kind": "win_rate"}, rows, (0.5, "fair share"))
    assert "favours deal 19 most: won 100% of 4 games" in line
    assert "within chance (Holm-corrected p 1 over 20 groups)" in line and "beyond" not in line.split(";")[0]
    assert line.endswith("0 of 20 groups beyond chance after the correction")
    # 16 of 20 (p 0.012 alone) is still within chance among 20 groups: 20 x 0.012 > 0.05
    rows = _rows(*[(f"deal {i}", 10, 20) for i in range(19)], ("deal 19", 16, 20))
    (extreme,) = [r for r in judge(rows, (0.5, "fair share")) if r["name"] == "deal 19"]
    assert extreme["p"] < 0.05 and not extreme["beyond"]
    assert extreme["p_holm"] == pytest.approx(20 * extreme["p"])
    assert "within chance" in reading({"kind": "win_rate"}, rows, (0.5, "fair share"))
    # a real effect survives: 75 of 100, p about 6e-7, times 20 still far below 0.05
    rows = _rows(*[(f"deal {i}", 10, 20) for i in range(19)], ("deal 19", 75, 100))
    line = reading({"kind": "win_rate"}, rows, (0.5, "fair share"))
    assert ": beyond chance (Holm-corrected p" in line
    assert line.endswith("1 of 20 groups beyond chance after the correction")


# ----- unequal agents: like with like (issue 26 item 20) ----------------------------------------
def _unequal() -> list[dict[str, Any]]:
    """60 games of heuristic (seat 0) against random (seat 1), roles alternating: the heuristic
    puts its capital on a mountain in 31 games, random in 12 (games 31-42); the heuristic wins
    54 games, as often with a mountain capital (28 of 31) as without (26 of 29), and goes first
    in 34 games (0-33). Pooled, mountains look favoured and so does the first turn."""
    games = []
    for i in range(60):
        roles = ["red", "yellow"] if i % 2 == 0 else ["yellow", "red"]
        terrain = {roles[0]: "mountain" if i < 31 else "plains",
                   roles[1]: "mountain" if 31 <= i < 43 else "plains"}  # fmt: skip
        heuristic_lost = i in (0, 1, 2, 50, 51, 52)
        record = _game(roles, roles[1] if heuristic_lost else roles[0], {"capital_terrain": terrain}, game=i)
        record["seats"] = ["heuristic", "random"]
        record["order"] = list(roles) if i < 34 else list(reversed(roles))
        games.append(record)
    return games


CAPITAL = {"kind": "win_rate", "fact": "capital_terrain", "per_role": True, "title": "by capital terrain"}


def test_with_unequal_agents_a_chosen_fact_is_judged_per_agent() -> None:
    games = _unequal()
    pooled = {r["name"]: (r["wins"], r["games"]) for r in win_rate(games, CAPITAL)}
    assert pooled["mountain"] == (28, 43)  # 65 %: the heuristic's wins, credited to the mountain
    rows = {r["name"]: r for r in win_rate(games, CAPITAL, by_agent=True)}
    assert {k: (r["wins"], r["games"]) for k, r in rows.items()} == {
        "mountain · heuristic": (28, 31), "plains · heuristic": (26, 29),
        "mountain · random": (0, 12), "plains · random": (6, 48),
    }  # fmt: skip
    assert rows["mountain · random"]["agent"] == "random"
    bases = baselines(games, CAPITAL, by_agent=True)
    assert bases == {"heuristic": (0.9, "heuristic's own rate"), "random": (0.1, "random's own rate")}
    line = reading(CAPITAL, list(rows.values()), bases)
    assert line.startswith("per agent: ") and "beyond chance (" not in line
    assert line.endswith("0 of 4 groups beyond chance after the correction")
    # the report splits a set-up's figures when its agents differ, and says so
    section, readings = content_section("viktory2", games, by_agent=True)
    assert "Each group is split by the agent that held the role." in section
    capital = next(r for r in readings if "terrain of the capital hex" in r["figure"])
    assert capital["reading"] == line  # the report reads it as above
    assert {r["name"] for r in capital["rows"]} == set(rows)


def test_the_report_of_unequal_agents_warns_and_splits_the_first_player_by_agent(tmp_path: Path) -> None:
    games = _unequal()
    run = {"command": "simulate", "config": {"ruleset": "viktory2", "seats": ["heuristic", "random"],
                                             "scenario": None, "options": {}}}  # fmt: skip
    out = tmp_path / "hr.jsonl"
    lines = [{"kind": "header", "run": run}] + [{"kind": "game", **g} for g in games]
    out.write_text("".join(json.dumps(line) + "\n" for line in lines))
    (head,) = write_report(out, tmp_path / "hr.html")
    text = (tmp_path / "hr.html").read_text()
    assert head["agents"] == ["heuristic", "random"]
    assert head["compares"] == "per agent (each figure split by the agent that held the seat)"
    # pooled, the first player "won" 56.7 % (34 of 60: the heuristic sat first in 34 games); no more
    assert head["first_player_win_rate"] is None
    first = {r["agent"]: (r["wins"], r["games"], r["compared_with"], r["beyond_chance"])
             for r in head["first_player"]}  # fmt: skip
    assert first == {"heuristic": (31, 34, 0.9, False), "random": (3, 26, 0.1, False)}
    assert '<p class="warning" role="alert"><strong>Agents differ</strong>' in text
    assert "<strong>Unequal agents.</strong> These games were played by heuristic, random" in text
    assert "turn 1 · heuristic: 91.2 % of 34 games (95 %: " in text
    assert "<th>group</th><th>player-games</th><th>wins</th><th>share won</th>" in text  # the unit counted
    capital = next(c for c in head["content"] if "terrain of the capital hex" in c["figure"])
    assert capital["reading"].startswith("per agent: ")
    assert "0 of 4 groups beyond chance" in capital["reading"]
