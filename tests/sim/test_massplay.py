"""Mass play: results files that resume, backends that agree, tournaments and Elo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.core.errors import BadOptions
from grognard.sim import GameConfig, simulate
from grognard.sim.runner import Job, ResultsFileError, read_results, run_jobs
from grognard.sim.tournament import elo, game_scores, pairings, standings, tournament, tournament_jobs

TINY = "tinyrules:RULESET"
RANDOMS = ("random", "random")


def test_results_stream_to_json_lines_and_match_the_summary(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    summary = simulate(GameConfig(TINY, seats=RANDOMS), 12, master_seed=4, out=out)
    header, games = read_results(out)
    assert header is not None and header["run"]["command"] == "simulate"
    assert sorted(g["game"] for g in games) == list(range(12))
    assert [g["seed"] for g in sorted(games, key=lambda g: g["game"])] == [
        o["seed"] for o in summary["outcomes"]
    ]


def test_an_interrupted_run_resumes_without_replaying_finished_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = GameConfig(TINY, seats=RANDOMS)
    whole = simulate(config, 10, master_seed=2)
    out = tmp_path / "run.jsonl"
    simulate(config, 10, master_seed=2, out=out)
    lines = out.read_text().splitlines()
    # keep the header and four games, and half of a fifth line, as a crash would
    out.write_text("\n".join(lines[:5]) + "\n" + lines[5][: len(lines[5]) // 2])
    played: list[int] = []
    import grognard.sim.runner as runner

    real = runner.run_job

    def counting(job: Job) -> dict[str, object]:
        played.append(job.index)
        return real(job)

    monkeypatch.setattr(runner, "run_job", counting)
    resumed = simulate(config, 10, master_seed=2, out=out)
    done_before = {json.loads(line)["game"] for line in lines[1:5]}
    assert sorted(played) == sorted(set(range(10)) - done_before)
    assert resumed == whole
    assert len(read_results(out)[1]) == 10


def test_a_longer_run_of_the_same_seeds_extends_a_shorter_one(tmp_path: Path) -> None:
    config = GameConfig(TINY, seats=RANDOMS)
    out = tmp_path / "run.jsonl"
    simulate(config, 5, master_seed=7, out=out)
    assert simulate(config, 9, master_seed=7, out=out) == simulate(config, 9, master_seed=7)


def test_a_results_file_of_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate(GameConfig(TINY, seats=RANDOMS), 3, master_seed=1, out=out)
    with pytest.raises(ResultsFileError, match="another run"):
        simulate(GameConfig(TINY, seats=RANDOMS), 3, master_seed=2, out=out)
    garbage = tmp_path / "notes.jsonl"
    garbage.write_text("hello\nworld\n")
    with pytest.raises(ResultsFileError):
        simulate(GameConfig(TINY, seats=RANDOMS), 3, out=garbage)


def test_unknown_backend_is_refused() -> None:
    with pytest.raises(ValueError, match="backend"):
        run_jobs([], {}, backend="carrier-pigeon")


def test_replays_are_kept_in_the_results_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate(GameConfig(TINY, seats=RANDOMS, keep_replay=True), 2, out=out)
    assert all("replay" in g for g in read_results(out)[1])


def test_pairings() -> None:
    assert pairings(["a", "b", "c"], "round-robin") == [(0, 1), (0, 2), (1, 2)]
    assert pairings(["a", "b", "c"], "gauntlet") == [(0, 1), (0, 2)]
    for bad in (["a"], ["a", "a"]):
        with pytest.raises(ValueError):
            pairings(bad, "round-robin")
    with pytest.raises(ValueError, match="format"):
        pairings(["a", "b"], "swiss")


def test_tournament_jobs_alternate_sides_and_need_two_players() -> None:
    jobs = tournament_jobs(TINY, ["random", "mcts:5"], 4, master_seed=3)
    assert [j.config.rotation for j in jobs] == [0, 1, 0, 1]
    assert len({j.seed for j in jobs}) == 4
    with pytest.raises(BadOptions, match="two-player"):
        tournament_jobs(TINY, ["random", "mcts:5"], 2, 0, options={"players": 3})


def test_elo_orders_agents_by_results_and_is_centred() -> None:
    results = [("a", "b", 1.0)] * 8 + [("a", "b", 0.0)] * 2 + [("b", "c", 1.0)] * 8 + [("b", "c", 0.0)] * 2
    ratings = elo(results, ["a", "b", "c"])
    assert ratings["a"] > ratings["b"] > ratings["c"]
    assert abs(sum(ratings.values())) < 1e-6
    even = elo([("a", "b", 1.0), ("a", "b", 0.0)], ["a", "b"])
    assert abs(even["a"] - even["b"]) < 1e-6
    sweep = elo([("a", "b", 1.0)] * 5, ["a", "b"])  # finite, thanks to the prior
    assert 0 < sweep["a"] < 1000


def test_game_scores_count_draws_half_and_skip_unfinished() -> None:
    base = {"seats": ["x", "y"], "unfinished": False, "draw": False}
    assert game_scores({**base, "winners": [0]}) == ("x", "y", 1.0)
    assert game_scores({**base, "winners": [1]}) == ("x", "y", 0.0)
    assert game_scores({**base, "draw": True, "winners": [0, 1]}) == ("x", "y", 0.5)
    assert game_scores({**base, "unfinished": True, "winners": []}) is None


def test_search_beats_random_in_a_small_tournament_with_reproducible_standings() -> None:
    report = tournament(TINY, ["random", "mcts:40"], 16, master_seed=5, options={"pile": 7})
    top = report["ratings"][0]
    assert top["agent"] == "mcts:40"
    match = report["matches"][0]
    assert match["agent"] == "random" and match["games"] == 16
    assert match["wins"] + match["draws"] + match["losses"] == 16
    again = tournament(TINY, ["random", "mcts:40"], 16, master_seed=5, options={"pile": 7})
    assert again == report
    lo, hi = top["ci95"]
    assert lo <= top["elo"] <= hi


def test_standings_table_per_pair_sees_both_sides() -> None:
    records = [
        {"seats": ["a", "b"], "winners": [0], "draw": False, "unfinished": False},
        {"seats": ["b", "a"], "winners": [0], "draw": False, "unfinished": False},
        {"seats": ["b", "a"], "winners": [1], "draw": False, "unfinished": False},
    ]
    report = standings(records, ["a", "b"], 0)
    (match,) = report["matches"]
    assert (match["agent"], match["wins"], match["losses"]) == ("a", 2, 1)
