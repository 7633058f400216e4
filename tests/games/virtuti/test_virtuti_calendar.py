"""Virtuti Militari's calendar events (phase 2, "2.0"): the two events the rulebook
names fall on its turns, and the checks refuse broken events."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from grognard.games.virtuti.calendar_events import (
    CALENDAR_FILE,
    RANDOM_FILE,
    events_on,
    load_calendar,
    load_random_events,
    parse_calendar,
    parse_random_events,
    turn_index,
)
from grognard.games.virtuti.content import ContentError, load_content
from grognard.games.virtuti.scenarios import Turn


def _parse(edit: Callable[[Any], None]) -> None:
    path = resources.files("grognard.games.virtuti").joinpath("data", CALENDAR_FILE)
    doc = json.loads(path.read_bytes())
    edit(doc)
    parse_calendar(json.dumps(doc).encode(), load_content())


@pytest.mark.rules("S2.1", "P2.0")
def test_ussr_activates_early_summer_1941_and_declares_war_spring_1942_2_0() -> None:
    kinds = [e.kind for ev in events_on(Turn("early_summer", 1941)) for e in ev.effects]
    assert "activate_ussr" in kinds
    kinds = [e.kind for ev in events_on(Turn("spring", 1942)) for e in ev.effects]
    assert "ussr_declares_war" in kinds
    every = [e.kind for ev in load_calendar() for e in ev.effects]
    assert every.count("activate_ussr") == every.count("ussr_declares_war") == 1


@pytest.mark.rules("P2.0")
def test_the_calendar_is_in_turn_order_and_changes_orders_and_cards_2_0() -> None:
    indices = [turn_index(e.turn) for e in load_calendar()]
    assert indices == sorted(indices)
    kinds = {e.kind for ev in load_calendar() for e in ev.effects}
    assert {"gain_orders", "lose_orders", "gain_card"} <= kinds


def test_turns_count_five_a_year() -> None:
    assert turn_index(Turn("spring", 1940)) - turn_index(Turn("winter", 1939)) == 1
    assert turn_index(Turn("autumn", 1945)) - turn_index(Turn("late_summer", 1939)) == 31


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["events"].append(d["events"][0]), "defined twice"),
        (lambda d: d["events"][0].update(turn={"season": "spring", "year": 1939}), "turn outside"),
        (lambda d: d["events"][0]["effects"][0].update(order="teleport"), "unknown order"),
        (lambda d: d["events"][0]["effects"][0].update(count=0), "needs count"),
        (lambda d: d["events"][3]["effects"][0].update(card="axis_stuka"), "not in the western_allies deck"),
        (lambda d: d["events"][2]["effects"][0].update(country="germany"), "not a neutral country"),
        (lambda d: d["events"][0].update(effects=[]), "has no effect"),
        (lambda d: d["events"][0]["effects"][0].update(kind="nuke"), "schema"),
    ],
)
def test_broken_events_are_rejected(edit: Callable[[Any], None], message: str) -> None:
    with pytest.raises(ContentError, match=message):
        _parse(edit)


def _parse_random(edit: Callable[[Any], None]) -> None:
    path = resources.files("grognard.games.virtuti").joinpath("data", RANDOM_FILE)
    doc = json.loads(path.read_bytes())
    edit(doc)
    parse_random_events(json.dumps(doc).encode(), load_content())


@pytest.mark.rules("P3.0")
def test_random_events_can_lower_war_economy_and_never_touch_the_ussr_timeline_3_0() -> None:
    deck = load_random_events()
    effects = [e for ev in deck for e in ev.effects]
    # War Economy can drop through special events (Key Game Concepts).
    assert any(e.kind == "war_economy" and e.count < 0 for e in effects)
    assert not {"activate_ussr", "ussr_declares_war"} & {e.kind for e in effects}
    # One card a turn after the first: 30 draws in the Full Campaign; the deck is a
    # third of that, so each card comes round about three times.
    assert 8 <= sum(ev.copies for ev in deck) <= 30


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["random_events"][0].update(copies=0), "at least one copy"),
        (
            lambda d: d["random_events"][0]["effects"].append({"kind": "activate_ussr"}),
            "belongs to the calendar",
        ),
        (
            lambda d: d["random_events"][8]["effects"][0].update(country="atlantis"),
            "not a neutral country",
        ),
        (lambda d: d["random_events"][0]["effects"][0].update(faction=None), "needs faction"),
        (lambda d: d["random_events"].append(d["random_events"][1]), "defined twice"),
    ],
)
def test_broken_random_events_are_rejected(edit: Callable[[Any], None], message: str) -> None:
    with pytest.raises(ContentError, match=message):
        _parse_random(edit)
