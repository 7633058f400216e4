"""Virtuti Militari's scenario set-ups: both the rulebook names load, and the checks
refuse illegal set-ups (rule numbers as in test_virtuti_content.py; "0.0" holds the
general rules: stacking, factions' war status, sequence of play)."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from grognard.games.virtuti.content import ContentError, load_content
from grognard.games.virtuti.map import load_map
from grognard.games.virtuti.scenarios import (
    SCENARIOS_FILE,
    Turn,
    controlled_areas,
    fits_logistics,
    load_scenarios,
    parse_scenarios,
)


def _raw() -> Any:
    path = resources.files("grognard.games.virtuti").joinpath("data", SCENARIOS_FILE)
    return json.loads(path.read_bytes())


def _parse(edit: Callable[[Any], None]) -> None:
    doc = _raw()
    edit(doc)
    parse_scenarios(json.dumps(doc).encode(), load_content(), load_map())


def _faction(doc: Any, scenario: int, faction: str) -> Any:
    return next(f for f in doc["scenarios"][scenario]["factions"] if f["faction"] == faction)


@pytest.mark.rules("S1.1", "S1.2")
def test_the_two_named_scenarios_start_and_end_where_the_rulebook_says_0_0() -> None:
    s = load_scenarios()
    assert s["full_campaign"].start == Turn("late_summer", 1939)
    assert s["barbarossa"].start == Turn("early_summer", 1941)
    assert s["full_campaign"].end == s["barbarossa"].end == Turn("autumn", 1945)
    # The Full Campaign begins with the USSR inactive and not at war.
    assert not s["full_campaign"].ussr_active
    assert not s["full_campaign"].ussr_at_war


@pytest.mark.rules("S1.1", "G1.5")
def test_full_campaign_control_follows_the_1939_sides_0_0() -> None:
    s = load_scenarios()["full_campaign"]
    control = controlled_areas(s, load_content(), load_map())
    assert control["paris"] == control["warsaw"] == control["london"] == "western_allies"
    assert control["berlin"] == "axis"
    assert control["moscow"] == "ussr"
    assert "rome" not in control  # Italy is neutral in 1939
    assert "cairo" not in control


def test_barbarossa_moves_eastern_poland_to_the_ussr_and_france_to_the_axis() -> None:
    s = load_scenarios()["barbarossa"]
    control = controlled_areas(s, load_content(), load_map())
    assert control["lwow"] == control["kaunas"] == "ussr"
    assert control["warsaw"] == control["paris"] == control["rome"] == "axis"
    assert control["cairo"] == "western_allies"


@pytest.mark.rules("G1.3")
def test_stacks_must_fit_the_logistics_track_0_0() -> None:
    position_4 = [2, 2, 2, 3]
    assert fits_logistics([3, 2, 2, 2, 1, 1, 1], position_4)  # singles are not stacks
    assert not fits_logistics([3, 3], position_4)
    assert not fits_logistics([2, 2, 2, 2, 2], position_4)
    assert not fits_logistics([4], position_4)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: _faction(d, 0, "axis")["units"].append({"area": "paris", "type": "army"}),
            "paris is not controlled by axis",
        ),
        (
            lambda d: _faction(d, 0, "axis")["units"].append({"area": "berlin", "type": "army", "count": 3}),
            "break logistics 5",
        ),
        (
            lambda d: _faction(d, 0, "western_allies")["hand"].append("wa_charles_de_gaulle"),
            "more often than its deck",
        ),
        (
            lambda d: _faction(d, 0, "ussr")["hand"].append("axis_stuka"),
            "more often than its deck",
        ),
        (
            lambda d: _faction(d, 0, "ussr")["units"].append({"area": "moscow", "type": "army", "level": 3}),
            "beyond its infantry technology",
        ),
        (
            lambda d: _faction(d, 0, "ussr")["units"].append({"area": "gorky", "type": "fleet"}),
            "fleets start in ports",
        ),
        (
            lambda d: _faction(d, 0, "ussr")["submarines"].append("north_sea"),
            "submarine in 'north_sea' not allowed",
        ),
        (
            lambda d: d["scenarios"][0].update(ussr_at_war=True),
            "cannot be at war while inactive",
        ),
        (
            lambda d: d["scenarios"][1]["control"]["ussr"].append("atlantis"),
            "unknown area 'atlantis'",
        ),
        (
            lambda d: d["scenarios"][1]["countries"].update(narnia={"status": "active", "faction": "axis"}),
            "unknown country 'narnia'",
        ),
        (lambda d: d["scenarios"][0].update(start={"season": "summer", "year": 1939}), "schema"),
        (lambda d: d["scenarios"].append(d["scenarios"][0]), "defined twice"),
    ],
)
def test_illegal_set_ups_are_rejected(edit: Callable[[Any], None], message: str) -> None:
    with pytest.raises(ContentError, match=message):
        _parse(edit)
