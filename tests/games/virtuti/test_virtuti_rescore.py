"""The balance benchmark's re-scoring of finished games under another VP layout
(benchmarks/bench_virtuti_balance.py --rescore; docs/virtuti-design.md, "Second tuning"):
the first filter the tuning used before playing a layout. P10.6: 15 VP at the end is a
minor victory, else a draw."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from repo_scripts import load_script


def bench() -> ModuleType:
    return load_script("benchmarks/bench_virtuti_balance.py", "bench_virtuti_balance_rescore")


def record(axis: list[str], allies: list[str]) -> dict[str, Any]:
    return {"axis_areas": axis, "allied_areas": allies}


def test_a_finished_game_is_scored_by_who_held_the_layouts_areas() -> None:
    layout = {"london": 3, "paris": 3, "berlin": 3, "moscow": 3, "leningrad": 2, "stalingrad": 2,
              "rome": 2, "brest_litovsk": 4, "warsaw": 2, "kiev": 1, "sevastopol": 1}  # fmt: skip
    axis_core = ["berlin", "paris", "rome", "warsaw"]  # 10
    soviet = ["london", "moscow", "stalingrad", "kiev", "sevastopol"]  # 10
    games = [
        record([*axis_core, "brest_litovsk", "leningrad"], soviet),  # 16-10: Axis
        record([*axis_core, "brest_litovsk"], [*soviet, "leningrad"]),  # 14-12: draw
        record(axis_core, [*soviet, "leningrad", "brest_litovsk"]),  # 10-16: Allies
    ]
    assert bench().rescore(games, layout) == {"axis": 1, "allies": 1, "draw": 1}
    # the same games when the Bug is worth one VP more and Leningrad one less
    moved = dict(layout, brest_litovsk=5, leningrad=1)
    assert bench().rescore(games, moved) == {"axis": 2, "allies": 1, "draw": 0}


def test_a_layout_must_name_real_areas_and_hold_26_vp() -> None:
    b = bench()
    assert b.parse_layout("london=13,moscow=13") == {"london": 13, "moscow": 13}
    with pytest.raises(SystemExit, match="unknown areas"):
        b.parse_layout("london=13,atlantis=13")
    with pytest.raises(SystemExit, match="not 26 VP"):
        b.parse_layout("london=3")
    with pytest.raises(SystemExit, match="area=vp"):
        b.parse_layout("london:3")
