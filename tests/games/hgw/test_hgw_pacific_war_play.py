"""The Pacific rules The Pacific War plays (issue 23, part 3), each through the real steps of
a pacific_war game with forced dice: Japanese infantry in jungle (C10.4), Chinese units stay
in China (G17.11) and no U.S. interceptions on the turn Japan brought the U.S. in (G17.3)."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.advance import advance_odds
from grognard.games.hgw.fleets import may_intercept
from grognard.games.hgw.geography import geography
from grognard.games.hgw.scenario import KINDS

THAI, BURMA, CHINA_BORDER, BURMA_B = "2664", "2663", "2563", "2562"  # jungle, either side of the borders


def pacific_war(seed: int = 1) -> HgwState:
    """The scenario's first turn, the Axis at its land movement (its fleets still in port)."""
    state = RULESET.new_game("pacific_war", seed=seed)
    assert isinstance(state, HgwState)
    act(state, "axis", "end_naval_movement")
    assert state.data["flow"][-1]["state"] == "movement"
    return state


def act(state: HgwState, role: str, *action: Any) -> None:
    state.apply(role, tuple(action))


def put(state: HgwState, army: str, at: str, **points: int) -> None:
    entry = state.data["armies"][army]
    entry["at"] = at
    entry["sp"] = {k: points.get(k, 0) for k in KINDS}
    state._after_change(None, None)


def log_lines(state: HgwState) -> list[str]:
    return [line[0] for line in state.data["log"]]


@pytest.mark.rules("C10.4")
def test_japanese_infantry_advances_into_an_empty_jungle_hex_at_minus_one() -> None:
    state = pacific_war()
    put(state, "15a", THAI, infantry=1)
    put(state, "burma", BURMA_B, infantry=1)  # 2663 stays Allied and empty: no garrison in jungle
    assert state.data["owner"][BURMA] == "allied"
    assert advance_odds(state.data, "15a", BURMA)[2] == -1  # the jungle's +1 and Japan's -2
    state.data["armies"]["15a"].pop("nation")
    assert advance_odds(state.data, "15a", BURMA)[2] == 1  # any other army: the +1 alone
    state.data["armies"]["15a"]["nation"] = "japan"
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "15a", BURMA)
    act(state, "axis", "end_announce")
    state.rng.force([2])
    while state.data["flow"][-1]["state"] != "advances":
        act(state, "axis", "to_advances")
    act(state, "axis", "advance", "15a")
    assert "0 mechanized vs 0, roll 2-1: advances" in log_lines(state)
    assert state.data["owner"][BURMA] == "axis"


def to_allied_movement(state: HgwState) -> None:
    """On through the Axis player turn, every step ended, to the Allied land movement."""
    act(state, "axis", "end_movement")
    while state.active_roles() != ["allied"] or state.data["flow"][-1]["state"] != "movement":
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        ends = [a for a in legal if a[0].startswith(("end_", "no_", "to_"))]
        act(state, role, *(ends[0] if ends else legal[0]))


@pytest.mark.rules("G17.11")
def test_chinese_armies_never_move_or_attack_out_of_china() -> None:
    state = pacific_war()
    to_allied_movement(state)
    put(state, "war_area_9", CHINA_BORDER, infantry=2)
    put(state, "burma", BURMA, infantry=1)
    act(state, "allied", "move", "war_area_9", "army", 2)
    places = {a[1] for a in state.legal_actions("allied") if a[0] == "to_place"}
    assert "2464" in places and not places & {BURMA_B, "2662"}  # China's, never Burma's
    assert state.why_illegal("allied", ("to_place", "2662")) == (
        "Chinese units stay in China and Manchukuo; Ninth War Area may not enter 2662 (G17.11)"
    )
    act(state, "allied", "cancel")
    act(state, "allied", "move", "burma", "army", 1)  # a Commonwealth army may go into China
    assert ("to_place", "2463") in state.legal_actions("allied")
    act(state, "allied", "cancel")
    state.data["owner"][BURMA_B] = "axis"  # Rangoon taken: an Axis hex next door, outside China
    state._after_change(None, None)
    act(state, "allied", "end_movement")
    legal = state.legal_actions("allied")
    assert ("attack", "burma", BURMA_B) in legal and ("attack", "war_area_9", BURMA_B) not in legal
    assert state.why_illegal("allied", ("attack", "war_area_9", BURMA_B)) == (
        f"Chinese units stay in China and Manchukuo; Ninth War Area may not enter {BURMA_B} (G17.11)"
    )


@pytest.mark.rules("G17.3")
def test_no_us_fleet_intercepts_on_the_japanese_turn_of_pearl_harbor() -> None:
    state = pacific_war()
    data = state.data
    assert data["pacific"]["us_entry"] == {"turn": 0, "by": "japan"}
    assert data["fleets"]["pacific_fleet"]["nation"] == "united_states"
    # a Japanese invasion from Tokyo towards Midway crosses the U.S. Pacific Fleet's sea
    assert not may_intercept(data, "pacific_fleet", "2077", "2280")
    assert may_intercept(data, "force_z", "2077", "2280")  # the British may
    data["player"] = "allied"  # the Allied player turn of that game turn: the U.S. acts again
    assert may_intercept(data, "pacific_fleet", "2077", "2280")
    data["player"], data["turn"] = "axis", 1  # and on the next Japanese turn
    assert may_intercept(data, "pacific_fleet", "2077", "2280")


@pytest.mark.rules("C7.3")
def test_japanese_and_chinese_armies_advance_into_mountains_without_the_plus_two() -> None:
    state = pacific_war()
    data = state.data
    mountain, beside = "2162", "2163"  # Szechwan's mountains, in Allied China
    assert geography("pacific_war").terrain[mountain] == "mountain"
    put(state, "war_area_5", beside, infantry=2)
    data["owner"][mountain] = "axis"  # a hex to advance into, held by the other side
    assert advance_odds(data, "war_area_5", mountain, strength=0)[2] == 0  # Chinese: no plus two
    data["armies"]["war_area_5"]["nation"] = "chinese_communist"
    assert advance_odds(data, "war_area_5", mountain, strength=0)[2] == 0  # the Communists too
    data["armies"]["war_area_5"]["nation"] = "united_states"
    assert advance_odds(data, "war_area_5", mountain, strength=0)[2] == 2  # anyone else: plus two
    put(state, "11a", beside, infantry=2)
    data["owner"][beside], data["owner"][mountain] = "axis", "allied"
    assert advance_odds(data, "11a", mountain, strength=0)[2] == 0  # Japanese: none


@pytest.mark.rules("L1.8")
def test_australia_is_desert_for_supply_but_its_eastern_coast() -> None:
    state = pacific_war()
    g = geography("pacific_war")
    assert g.terrain["4479"] == "clear" and g.supply_terrain["4479"] == "desert"  # inland of Sydney
    assert "4580" not in g.supply_terrain and "4380" not in g.supply_terrain  # the coast keeps its own
    put(state, "aif", "4478", infantry=1)  # two steps inland: the route enters 4479 and stops there
    put(state, "eastern_india", "4379", infantry=1)  # one step in from Brisbane: supplied
    to_allied_movement(state)
    assert "aif" in state.data["frozen"] and "eastern_india" not in state.data["frozen"]
    legal = state.legal_actions("allied")
    assert not any(a[:2] == ("move", "aif") for a in legal)
    assert any(a[:2] == ("move", "eastern_india") for a in legal)


@pytest.mark.rules("G17.12")
def test_chinese_armies_strike_like_partisans_instead_of_attacking() -> None:
    state = pacific_war()
    to_allied_movement(state)
    data = state.data
    shanghai, nanchang = "2169", "2368"
    put(state, "13a", "2069", infantry=1)  # Shanghai left empty
    data["owner"]["2168"] = "allied"
    put(state, "war_area_5", "2168", infantry=2)  # beside Shanghai
    put(state, "usaffe", "2366", infantry=1)  # an American beside Changsha's Ninth War Area
    act(state, "allied", "end_movement")
    legal = state.legal_actions("allied")
    assert ("chinese_partisans", "war_area_5", shanghai) in legal
    assert ("chinese_partisans", "war_area_9", nanchang) in legal
    assert ("chinese_partisans", "war_area_9", "2268") not in legal  # the Eleventh Army holds Wuhan
    assert not any(a[0] == "chinese_partisans" and a[1] == "usaffe" for a in legal)
    assert state.why_illegal("allied", ("chinese_partisans", "war_area_9", "2268")) == (
        "partisan attacks strike only hexes no army occupies; 2268 holds 11a"
    )
    state.rng.force([2])
    act(state, "allied", "chinese_partisans", "war_area_5", shanghai)
    assert data["owner"][shanghai] == "allied" and data["devastated"][shanghai] == 2  # Shanghai's two points
    assert data["armies"]["war_area_5"]["at"] == "2168"  # nobody advances (G17.12)
    taken = "Fifth War Area's partisan attack takes 2169 (a 2; G17.12): 2 production devastated"
    assert taken in log_lines(state)
    legal = state.legal_actions("allied")
    assert not any(a[1:2] == ("war_area_5",) for a in legal if a[0] in ("attack", "chinese_partisans"))
    state.rng.force([3])
    act(state, "allied", "chinese_partisans", "war_area_9", nanchang)
    assert data["owner"][nanchang] == "axis"
    assert "Ninth War Area's partisan attack on 2368 fails (a 3; G17.12)" in log_lines(state)
