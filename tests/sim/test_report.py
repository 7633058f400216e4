"""`grognard report`: a self-contained HTML page with the balance figures."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest

import grognard.games
from grognard.cli import run
from grognard.sim import GameConfig, simulate
from grognard.sim.report import headline, rates, score_curves, turn_position, write_report
from grognard.sim.runner import ResultsFileError, read_results
from grognard.sim.tournament import tournament

sys.path.insert(0, str(Path(__file__).resolve().parent))
import tinyrules

TINY = "tinyrules:RULESET"


def test_report_embeds_its_plots_and_matches_the_simulation(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    summary = simulate(GameConfig(TINY, seats=("random", "random")), 30, master_seed=3, rotate=True, out=out)
    page = tmp_path / "report.html"
    (head,) = write_report(out, page)
    text = page.read_text()
    assert text.startswith("<!doctype html>")
    assert len(re.findall(r'src="data:image/png;base64,[A-Za-z0-9+/=]{100,}"', text)) >= 3
    assert "http://" not in text and "https://" not in text  # nothing to fetch
    assert head["games"] == 30
    north = next(r for r in summary["per_role"] if r["role"] == "north")
    # the pile game has no turn order in its view: north, first in seating order, starts
    assert head["first_player_win_rate"] == pytest.approx(north["win_rate"])
    assert head["fair_share"] == 0.5


def test_several_files_are_grouped_by_set_up(tmp_path: Path) -> None:
    two, three = tmp_path / "two.jsonl", tmp_path / "three.jsonl"
    simulate(GameConfig(TINY, seats=("random",) * 2), 4, out=two)
    simulate(GameConfig(TINY, seats=("random",) * 3, options={"players": 3}), 4, out=three)
    heads = write_report([two, three], tmp_path / "r.html")
    assert sorted(h["players"] for h in heads) == [2, 3]


def test_rates_count_only_sole_wins() -> None:
    games = [
        {"seats": ["a", "b"], "roles": ["n", "s"], "winners": [0], "draw": False, "unfinished": False},
        {"seats": ["a", "b"], "roles": ["s", "n"], "winners": [0, 1], "draw": True, "unfinished": False},
        {"seats": ["a", "b"], "roles": ["n", "s"], "winners": [1], "draw": False, "unfinished": False},
    ]
    by_role = {r["name"]: r for r in rates(games, "role")}
    assert (by_role["n"]["wins"], by_role["n"]["games"]) == (1, 3)
    assert (by_role["s"]["wins"], by_role["s"]["games"]) == (1, 3)
    by_agent = {r["name"]: r["wins"] for r in rates(games, "agent")}
    assert by_agent == {"a": 1, "b": 1}
    head = headline("x", [dict(g, actions=10, turns=None, game=i) for i, g in enumerate(games)])
    assert head["draws"] == 1 and head["mean_actions"] == 10


def test_turn_position_follows_the_recorded_order_else_undoes_the_rotation() -> None:
    game = {"roles": ["s", "n"], "rotation": 1, "seats": ["a", "b"]}
    assert turn_position(game, "n") == 1 and turn_position(game, "s") == 2
    assert turn_position({**game, "order": ["s", "n"]}, "s") == 1
    games = [
        {**game, "order": ["s", "n"], "winners": [0], "draw": False, "unfinished": False},
        {**game, "order": ["n", "s"], "winners": [1], "draw": False, "unfinished": False},
    ]
    first = rates(games, "position")[0]
    assert (first["name"], first["wins"], first["games"]) == ("turn 1", 2, 2)


def test_score_curves_average_the_timelines() -> None:
    games = [
        {"timeline": [[0, None, {"n": 0, "s": 0}], [25, None, {"n": 2, "s": 4}]]},
        {"timeline": [[0, None, {"n": 0, "s": 0}], [25, None, {"n": 4, "s": 0}]]},
    ]
    curves = score_curves(games)
    assert curves["n"] == [(0, 0.0, 2), (25, 3.0, 2)]  # (actions, mean score, games counted)
    assert curves["s"] == [(0, 0.0, 2), (25, 2.0, 2)]


def test_viktory2_games_carry_a_score_timeline(tmp_path: Path) -> None:
    out = tmp_path / "v.jsonl"
    simulate(GameConfig("viktory2", seats=("random", "random")), 2, out=out)
    page = tmp_path / "v.html"
    write_report(out, page)
    assert "mean score per role" in page.read_text()


def test_tournament_files_add_the_elo_table(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    tournament(TINY, ["random", "mcts:10"], 4, master_seed=1, out=out)
    page = tmp_path / "t.html"
    write_report(out, page)
    assert "Tournament (round-robin)" in page.read_text()


def test_a_missing_or_empty_results_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ResultsFileError, match="does not exist"):
        write_report(tmp_path / "nothing.jsonl", tmp_path / "r.html")


def test_position_rows_are_one_per_turn_position() -> None:
    games = [
        {"roles": ["n", "s"], "rotation": 0, "seats": ["a", "b"], "winners": [0], "draw": False,
         "unfinished": False},
    ] * 3
    assert [r["name"] for r in rates(games, "position")] == ["turn 1", "turn 2"]


def test_every_plot_has_alt_text_with_its_title_and_numbers(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate(GameConfig(TINY, seats=("random", "random")), 30, master_seed=3, rotate=True, out=out)
    page = tmp_path / "report.html"
    (head,) = write_report(out, page)
    text = page.read_text()
    images = re.findall(r"<img [^>]*>", text)
    alts = [html.unescape(a) for a in re.findall(r'<img alt="([^"]*)" src="data:image/png', text)]
    assert len(alts) == len(images) >= 4 and "plot" not in alts
    _, games = read_results(out)
    position = next(a for a in alts if "by turn position" in a)
    # the figure's title, and every bar's share, n and interval (issue 26 item 20)
    title = "share of games won by turn position (first-player advantage), 30 games"
    assert position.startswith(f"Bar chart, {title}: ")
    for row in rates(games, "position"):
        lo, hi = row["ci95"]
        assert (f"{row['name']}: {100 * row['rate']:.1f} % of {row['games']} games "
                f"(95 %: {100 * lo:.1f} % to {100 * hi:.1f} %), against 50.0 %") in position  # fmt: skip
    actions = [g["actions"] for g in games]
    length = next(a for a in alts if a.startswith("Histograms, game length"))
    assert f"30 games: actions per game from {min(actions)} to {max(actions)}" in length
    # one agent in every seat: like is compared with like, nothing to warn of
    assert head["compares"] == "mirror matches (one agent in every seat)" and head["agents"] == ["random"]
    assert 'class="warning"' not in text
    (first,) = head["first_player"]
    assert first["share_won"] == head["first_player_win_rate"] and first["games"] == 30
    assert "The player who took the first turn won " in text and "% of its 30 games" in text


def test_tables_give_n_and_the_holm_corrected_verdict_on_every_row(tmp_path: Path) -> None:
    out = tmp_path / "run.jsonl"
    simulate(GameConfig(TINY, seats=("random", "random")), 12, master_seed=5, rotate=True, out=out)
    write_report(out, tmp_path / "r.html")
    text = (tmp_path / "r.html").read_text()
    assert "<th>games</th><th>wins</th><th>share won</th>" in text and "win rate" not in text
    assert text.count("<th>p, Holm-corrected over the rows</th>") == 3  # turn position, role, seat


def test_the_report_command_warns_when_agents_differ(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(grognard.games, "REGISTRY", tinyrules.registry_with_tiny())
    mixed, mirror = tmp_path / "mixed.jsonl", tmp_path / "mirror.jsonl"
    simulate(GameConfig(TINY, seats=("random", "mcts:5")), 4, rotate=True, out=mixed)
    simulate(GameConfig(TINY, seats=("random", "random")), 4, rotate=True, out=mirror)
    assert run(["report", str(mirror)]) == 0
    assert "Warning" not in capsys.readouterr().out
    assert run(["report", str(mixed)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"Warning: agents differ in {TINY} · 2 players (mcts:5, random): its figures are split" in out


def test_score_curves_split_by_the_agent_that_held_the_role() -> None:
    games = [
        {"roles": ["n", "s"], "seats": ["h", "r"], "timeline": [[25, None, {"n": 6, "s": 1}]]},
        {"roles": ["s", "n"], "seats": ["h", "r"], "timeline": [[25, None, {"n": 2, "s": 4}]]},
    ]
    assert score_curves(games)["n"] == [(25, 4.0, 2)]  # pooled: the two agents' scores mixed
    split = score_curves(games, by_agent=True)
    assert split == {"n · h": [(25, 6.0, 1)], "s · r": [(25, 1.0, 1)], "n · r": [(25, 2.0, 1)],
                     "s · h": [(25, 4.0, 1)]}  # fmt: skip
