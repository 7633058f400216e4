"""benchmarks/bench_strong_ai.py over runs of hours: a stopped run resumes from its
`--stream` (a streamed game is played again only if no line of the same settings holds
it: a run cut at game 90 of 100 keeps its 90), and the progress bar tallies the
results so far."""

from __future__ import annotations

import json
from pathlib import Path

from repo_scripts import load_script

bench = load_script("benchmarks/bench_strong_ai.py")


def jobs(agent: str = "search-strong", baseline: bool = True) -> list[tuple]:
    return [("hgw", "pacific_war", {}, agent, "heuristic", 1 + g, g, baseline) for g in range(4)]


def line(job: tuple, outcome: str = "win") -> str:
    return json.dumps({"seed": job[5], "outcome": outcome, "settings": bench.settings(job)})


def test_only_the_games_of_the_same_settings_are_resumed(tmp_path: Path) -> None:
    stream = tmp_path / "run.jsonl"
    ours = jobs()
    other_agent = jobs(agent="search-fast")
    no_baseline = jobs(baseline=False)
    stream.write_text(
        "\n".join(
            [
                line(ours[0]),
                line(ours[2], "loss"),
                line(other_agent[1]),
                line(no_baseline[3]),
                json.dumps({"seed": 2, "outcome": "win"}),  # written before lines carried settings
            ]
        )
        + "\n"
    )
    held = bench.resumed(stream, ours)
    assert sorted(held) == [0, 2]
    assert held[2]["outcome"] == "loss"


def test_a_seed_in_another_seat_is_another_game(tmp_path: Path) -> None:
    stream = tmp_path / "run.jsonl"
    job = jobs()[1]
    moved = (*job[:6], job[6] + 1, job[7])  # the same seed, the level in the other seat
    stream.write_text(line(moved) + "\n")
    assert bench.resumed(stream, [job]) == {}


def test_no_stream_yet_resumes_nothing(tmp_path: Path) -> None:
    assert bench.resumed(tmp_path / "absent.jsonl", jobs()) == {}


def test_the_progress_bar_tallies_wins_and_the_baseline() -> None:
    games = [
        {"role": "axis", "outcome": "win", "baseline_outcome": "loss"},
        {"role": "allied", "outcome": "loss", "baseline_outcome": "win"},
        {"role": "axis", "outcome": "win", "baseline_outcome": "win"},
    ]
    assert bench.so_far(games) == "2/3 won, better / worse than the opponent's seat: 1 / 1"
    assert bench.so_far([{"role": "axis", "outcome": "draw"}]) == "0/1 won"


def test_a_line_cut_short_by_a_killed_run_is_played_again(tmp_path: Path) -> None:
    stream = tmp_path / "run.jsonl"
    ours = jobs()
    stream.write_text(line(ours[0]) + "\n" + line(ours[1])[:40])  # killed mid-write
    assert sorted(bench.resumed(stream, ours)) == [0]
    bench.end_cut_line(stream)
    with stream.open("a") as out:
        out.write(line(ours[1]) + "\n")  # the game played again, as run() appends it
    assert sorted(bench.resumed(stream, ours)) == [0, 1]
    assert [g["seed"] for g in bench.combined([stream])] == [1, 2]
    bench.end_cut_line(stream)  # a whole last line is left alone
    assert stream.read_text().endswith("}\n")
