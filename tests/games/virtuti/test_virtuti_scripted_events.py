"""Virtuti Militari's scripted events (checked in the Diplomatic Phase, "9.0"): the
shipped list loads, and the checks refuse broken triggers and effects."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from grognard.games.virtuti.content import ContentError, load_content
from grognard.games.virtuti.map import load_map
from grognard.games.virtuti.scripted_events import SCRIPTED_FILE, load_scripted, parse_scripted


def _parse(edit: Callable[[Any], None]) -> None:
    path = resources.files("grognard.games.virtuti").joinpath("data", SCRIPTED_FILE)
    doc = json.loads(path.read_bytes())
    edit(doc)
    parse_scripted(json.dumps(doc).encode(), load_content(), load_map())


@pytest.mark.rules("G1.6", "P9.2")
def test_the_pact_partition_needs_poland_fallen_and_the_ussr_at_peace_9_0() -> None:
    event = next(e for e in load_scripted() if e.id == "partition_of_poland")
    kinds = {(c.kind, c.holds) for c in event.conditions}
    assert kinds == {("country_surrendered", True), ("ussr_at_war", False)}
    vmap = load_map()
    areas = [a for e in event.effects for a in e.areas]
    assert areas
    assert all(vmap.land(a).owner == "poland" for a in areas)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["scripted_events"][0].update(conditions=[]), "needs a trigger"),
        (
            lambda d: d["scripted_events"][0]["conditions"].append({"kind": "area_controlled_by"}),
            "area_controlled_by needs area",
        ),
        (
            lambda d: d["scripted_events"][0]["conditions"][0].update(country="atlantis"),
            "unknown country 'atlantis'",
        ),
        (
            lambda d: d["scripted_events"][0]["effects"][0]["areas"].append("narnia"),
            "unknown area 'narnia'",
        ),
        (
            lambda d: d["scripted_events"][0]["effects"][0].update(areas=[]),
            "take_control needs areas",
        ),
        (
            lambda d: d["scripted_events"][4]["conditions"][0].update(
                turn={"season": "spring", "year": 1950}
            ),
            "turn outside the campaign",
        ),
        (lambda d: d["scripted_events"].append(d["scripted_events"][1]), "defined twice"),
        (lambda d: d["scripted_events"][0]["conditions"][0].update(kind="rain"), "schema"),
    ],
)
def test_broken_scripted_events_are_rejected(edit: Callable[[Any], None], message: str) -> None:
    with pytest.raises(ContentError, match=message):
        _parse(edit)
