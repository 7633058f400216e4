"""The heuristic's army counters and build places in The Pacific War (issue 23, part 4;
ai_pacific_counters.py, ai_pacific.py): a pool of counters that cannot build frees one
by a merge (Military Record Sheet 1: twelve a side; Movement 4-5), a new army takes a
freed Chinese counter (G17.7), a full army behind the front goes to it whole, and
production that could only pile points in a dead end buys a capital ship instead."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import put
from pacific_positions import pacific_game, play_to

from grognard.games.hgw import HgwState, ai_pacific, ai_pacific_counters
from grognard.games.hgw.ai import HgwHeuristic
from grognard.games.hgw.ai_board import Board
from grognard.games.hgw.ai_movement import Movement

CHUNGKING, CHENGTU, KUNMING, CALCUTTA, SYDNEY, BRISBANE = "2265", "2264", "2465", "2560", "4580", "4680"
SAN_FRANCISCO, SEATTLE = "19107", "15107"


def _act(ai: HgwHeuristic, state: HgwState, role: str) -> Any:
    return ai.act(state.view(role), state.legal_actions(role))


def test_the_allies_merge_two_chinese_armies_to_free_a_counter_for_chungking() -> None:
    # the start: China's three counters are all on the map, none in Chungking, Chengtu or
    # Kunming, so China's production has no place to go (Building Strength Points 3-4)
    state = pacific_game()
    play_to(state, "allied", "movement")
    b = Board(state.view("allied"))
    assert ai_pacific_counters.stuck(b) == ["china"]
    ai = HgwHeuristic(0)
    # the smallest, the First War Area's two points, join the strongest army at the front
    assert _act(ai, state, "allied") == ("move", "war_area_1", "infantry", 2)
    state.apply("allied", ("move", "war_area_1", "infantry", 2))
    to = _act(ai, state, "allied")
    assert to in (("to_army", "war_area_5"), ("to_army", "war_area_9"))
    state.apply("allied", to)
    assert state.data["armies"]["war_area_1"]["at"] is None  # back on the record sheet (Movement 5)
    assert ai_pacific_counters.stuck(Board(state.view("allied"))) == []


@pytest.mark.rules("G17.7")
def test_a_freed_chinese_counter_may_take_a_new_army_in_chungking() -> None:
    state = pacific_game()
    play_to(state, "allied", "production")
    put(state, "war_area_1", None)
    b = Board(state.view("allied"))
    legal = state.legal_actions("allied")
    build = ("build", "infantry", "place", CHUNGKING)
    assert build in legal
    # a plain counter is kept for the next invader (Calcutta's staging port), a Chinese
    # one is not: China builds no invasion army
    assert build in ai_pacific.new_armies(b, legal)
    assert not ai_pacific.keep_counter(b, "china")


def test_a_full_chinese_army_behind_the_front_goes_to_it_whole() -> None:
    state = pacific_game()
    play_to(state, "allied", "movement")
    put(state, "war_area_1", CHENGTU, infantry=10)
    put(state, "war_area_5", CHUNGKING, infantry=10)
    put(state, "war_area_9", "2367", infantry=10)  # at the front, full
    b = Board(state.view("allied"))
    moves = Movement().offered(b, state.legal_actions("allied"))
    order = ai_pacific_counters.deploy(b, moves)
    # Chengtu's army goes; Chungking's stays, the depot China's next builds go to
    assert order is not None and order[:3] == ("war_area_1", "army", 10)
    dest = order[3]
    assert dest[0] == "to_place" and b.is_front(dest[1])
    state.apply("allied", ("move", "war_area_1", "army", 10))
    assert dest in state.legal_actions("allied")


def test_the_allies_buy_a_capital_ship_rather_than_points_for_a_dead_end() -> None:
    state = pacific_game()
    play_to(state, "allied", "production")
    for army, place in (("war_area_1", CHENGTU), ("war_area_5", CHUNGKING), ("war_area_9", KUNMING)):
        put(state, army, place, infantry=10)
    put(state, "eastern_india", CALCUTTA, infantry=10)
    put(state, "aif", SYDNEY, amphibious=5, infantry=5)  # its invasion army, full
    put(state, "4a_us", SAN_FRANCISCO, amphibious=5, infantry=5)
    put(state, "knil", BRISBANE, infantry=1)  # Brisbane: no land route to any front
    state.data["fleets"]["pacific_fleet"]["at"] = SAN_FRANCISCO  # a naval yard (Fleets 5)
    state._after_change(None, None)
    legal = state.legal_actions("allied")
    assert ("build", "infantry", "army", "knil") in legal
    ship = ("build_ship", "capital", "pacific_fleet", SAN_FRANCISCO)
    assert ship in legal
    # the Allies' 15 surface points fall short of Japan's 16
    assert HgwHeuristic(0).act(state.view("allied"), legal) == ship
