"""Headless play and local batch simulation."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest

from grognard.agents import UnknownAgent
from grognard.core.errors import BadOptions, UnknownRuleset
from grognard.core.replay import verify_replay
from grognard.sim import (
    GameConfig,
    game_seeds,
    get_ruleset,
    play,
    runner,
    simulate,
    summarize,
    wilson,
    winners_of,
)
from grognard.sim.play import seat_roles

TINY = "tinyrules:RULESET"
RANDOMS = ("random", "random")


def test_game_seeds_are_reproducible_distinct_and_depend_on_the_master_seed() -> None:
    seeds = game_seeds(42, 100)
    assert seeds == game_seeds(42, 100)
    assert len(set(seeds)) == 100
    assert all(0 <= s < 2**53 for s in seeds)
    assert game_seeds(43, 100) != seeds
    assert game_seeds(42, 10) == seeds[:10]  # a prefix of a longer batch


def test_wilson_interval_matches_known_values() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4)
    assert hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 20)[0] == 0.0
    assert wilson(20, 20)[1] == pytest.approx(1.0)
    assert wilson(0, 0) == (0.0, 1.0)


def test_winners_of_a_result() -> None:
    assert winners_of({"a": 1.0, "b": 0.0}) == ["a"]
    assert winners_of({"a": 0.5, "b": 0.5}) == ["a", "b"]
    assert winners_of(None) == []


def test_get_ruleset_by_id_and_by_reference() -> None:
    assert get_ruleset("viktory2").id == "viktory2"
    assert get_ruleset(TINY).id == "tiny"
    with pytest.raises(UnknownRuleset, match=r"known: .*viktory2"):
        get_ruleset("chess")
    with pytest.raises(UnknownRuleset):
        get_ruleset("no_such_module_xyz:RULESET")
    with pytest.raises(UnknownRuleset, match="does not name a Ruleset"):
        get_ruleset("grognard.sim.local:Z95")


def test_play_is_a_pure_function_of_config_and_seed() -> None:
    config = GameConfig(TINY, seats=RANDOMS)
    first = [play(config, s) for s in range(20)]
    assert first == [play(config, s) for s in range(20)]
    assert len({(g["actions"], tuple(g["winners"])) for g in first}) > 1


def test_play_reports_the_winner_consistently_with_the_result() -> None:
    for seed in range(10):
        game = play(GameConfig(TINY, seats=RANDOMS), seed)
        assert game["unfinished"] is False
        assert game["draw"] is False
        (winner,) = game["winners"]
        role = game["roles"][winner]
        assert game["result"][role] == 1.0
        assert game["turns"] == game["actions"]  # the tiny view exposes board.turns


def test_rotation_moves_seats_over_roles() -> None:
    assert seat_roles(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert seat_roles(["a", "b", "c"], 1) == ["b", "c", "a"]
    game = play(GameConfig(TINY, seats=RANDOMS, rotation=1), 3)
    assert game["roles"] == ["south", "north"]


def test_play_keeps_a_verifiable_replay_when_asked() -> None:
    game = play(GameConfig(TINY, seats=RANDOMS, keep_replay=True), 5)
    replay = game["replay"]
    assert len(replay["actions"]) == game["actions"]
    assert verify_replay(replay, get_ruleset(TINY)) == []
    assert "replay" not in play(GameConfig(TINY, seats=RANDOMS), 5)


def test_a_game_cut_off_at_the_action_limit_is_unfinished() -> None:
    game = play(GameConfig(TINY, seats=RANDOMS, options={"pile": 50}, max_actions=3), 1)
    assert game["unfinished"] is True
    assert game["result"] is None
    assert game["actions"] == 3


def test_wrong_seat_count_and_unknown_agent_fail_before_any_game() -> None:
    with pytest.raises(BadOptions, match="2 roles"):
        simulate(GameConfig(TINY, seats=("random",)), 5)
    with pytest.raises(BadOptions, match="3 roles"):
        play(GameConfig(TINY, seats=RANDOMS, options={"players": 3}), 1)
    with pytest.raises(UnknownAgent):
        simulate(GameConfig(TINY, seats=("random", "genius")), 5)
    with pytest.raises(BadOptions, match="unknown option"):
        simulate(GameConfig(TINY, seats=RANDOMS, options={"speed": 3}), 5)


def test_simulate_is_the_same_whatever_the_worker_count() -> None:
    config = GameConfig(TINY, seats=RANDOMS)
    one = simulate(config, 60, master_seed=9, workers=1, rotate=True)
    two = simulate(config, 60, master_seed=9, workers=2, rotate=True)
    assert one == two
    assert one["games"] == 60
    assert simulate(config, 60, master_seed=10, workers=1, rotate=True)["outcomes"] != one["outcomes"]


def test_the_local_pool_is_given_one_game_a_task(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each record reaches the results file as its game ends: a run cut short keeps every
    finished game (chunks of several games lost the finished games of a chunk)."""
    sizes: list[int] = []

    class InlinePool:  # the pool's interface, its tasks run here and counted
        def __init__(self, **_: object) -> None:
            pass

        def __enter__(self) -> InlinePool:
            return self

        def __exit__(self, *_: object) -> None:
            return None

        def submit(self, fn: Callable[[list[Any]], Any], jobs: list[Any]) -> Future[Any]:
            sizes.append(len(jobs))
            done: Future[Any] = Future()
            done.set_result(fn(jobs))
            return done

    monkeypatch.setattr(runner, "ProcessPoolExecutor", InlinePool)
    summary = simulate(GameConfig(TINY, seats=RANDOMS), 40, master_seed=3, workers=2)
    assert summary["games"] == 40
    assert sizes == [1] * 40


def test_simulate_reports_progress_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate(GameConfig(TINY, seats=RANDOMS), 7, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (7, 7)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_rotate_seats_each_seat_in_every_role() -> None:
    config = GameConfig(TINY, seats=("random", "random", "random"), options={"players": 3})
    summary = simulate(config, 9, master_seed=1, rotate=True)
    seat0_roles = [g["roles"][0] for g in summary["outcomes"]]
    assert seat0_roles == ["north", "south", "east"] * 3
    fixed = simulate(config, 9, master_seed=1, rotate=False)
    assert {g["roles"][0] for g in fixed["outcomes"]} == {"north"}


def test_summary_counts_wins_draws_and_lengths() -> None:
    summary = simulate(GameConfig(TINY, seats=RANDOMS), 40, master_seed=3)
    wins = sum(row["wins"] for row in summary["per_seat"])
    assert wins + summary["draws"] + summary["unfinished"] == 40
    assert sum(row["wins"] for row in summary["per_role"]) == wins
    for row in summary["per_seat"]:
        lo, hi = row["ci95"]
        assert lo <= row["win_rate"] <= hi
    assert 1 <= summary["length"]["actions"]["median"] <= 9  # a pile of 9, one or more per action
    drawn = simulate(GameConfig(TINY, seats=RANDOMS, options={"draw_after": 2}), 10)
    assert drawn["draws"] == 10
    assert all(row["wins"] == 0 for row in drawn["per_seat"])


def test_summarize_handles_unfinished_games() -> None:
    results = [
        {"unfinished": True, "draw": False, "winners": [], "roles": ["a", "b"], "actions": 5, "turns": None,
         "seed": 1},
        {"unfinished": False, "draw": False, "winners": [1], "roles": ["b", "a"], "actions": 3, "turns": 2,
         "seed": 2},
    ]
    summary = summarize(results, ["x", "y"], ["a", "b"])
    assert summary["unfinished"] == 1
    assert [row["wins"] for row in summary["per_seat"]] == [0, 1]
    assert [row["wins"] for row in summary["per_role"]] == [1, 0]  # seat 1 played role "a"
    assert summary["length"]["turns"]["mean"] == 2


def test_game_config_json_round_trip() -> None:
    config = GameConfig("viktory2", seats=("heuristic", "random"), options={"players": 2}, rotation=1)
    assert GameConfig.from_json(config.to_json()) == config


def test_simulate_rejects_nonsense_counts() -> None:
    with pytest.raises(ValueError):
        simulate(GameConfig(TINY, seats=RANDOMS), 0)
    with pytest.raises(ValueError):
        simulate(GameConfig(TINY, seats=RANDOMS), 3, workers=0)


def test_viktory2_simulation_is_the_same_with_one_or_two_workers() -> None:
    config = GameConfig("viktory2", seats=("heuristic", "random"))
    one = simulate(config, 6, master_seed=77, workers=1, rotate=True)
    two = simulate(config, 6, master_seed=77, workers=2, rotate=True)
    assert one == two
    assert one["length"]["turns"] is not None  # Viktory II's view exposes board.turns
