"""Campaign Game II strategic warfare (firepower.py, strategic_tables.py, strategic.py,
bombing.py, missiles.py, morale.py): the Firepower Table above ten, strategic bombing,
missiles, atomic bombs and national morale, with the rulebook's bombing-raid and
morale-attack examples reproduced with forced dice.

Strategic warfare is not played in a game yet (Campaign Game II's turn sequence is later
work), so these tests call the rules functions on the strategic and morale states; the dice
are a Barbarossa game's, forced through its RNG as the research tests force them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.bombing import (
    bomber_range,
    place_built,
    raid,
    why_not_build,
    why_not_ferry,
    why_not_raid,
)
from grognard.games.hgw.capability import load_capability
from grognard.games.hgw.firepower import fire, groups_of_ten, losses_in_groups
from grognard.games.hgw.map import hex_distance
from grognard.games.hgw.missiles import assign, enemy_occupies, launch, why_not_assign
from grognard.games.hgw.morale import (
    apply_event,
    atomic_hits_morale,
    attack_modifier,
    change,
    hex_events,
    morale_attack,
    new_morale,
    ss_reaches_us_coast,
    why_not_event,
    why_not_morale_attack,
)
from grognard.games.hgw.research import Conditions, Research, invest, new_research, why_not_invest
from grognard.games.hgw.strategic import Strategic, detonate, devastate, new_strategic, why_not_devastate
from grognard.games.hgw.strategic_tables import (
    DATA_PATH,
    StrategicTablesError,
    load_strategic,
    load_strategic_from,
)
from grognard.games.hgw.tables import load_tables

LONDON, BERLIN, COLOGNE, SAXONY, KIEL = "1333", "1237", "1335", "1337", "1236"


def at_level(research: Research, side: str, item: str, level: int) -> Research:
    research[side]["items"][item].update(level=level, cost=load_capability().cost_at(item, level))
    return research


def bombers(strategic: Strategic, side: str, place: str, sp: int, atomic: int = 0) -> Strategic:
    strategic["bombers"][side][place] = {"sp": sp, "atomic": atomic}
    return strategic


def allied_bombing(level: int = 1) -> Research:
    return at_level(new_research(), "allied", "bomber", level)


# ----- the Firepower Table above ten (K2) ---------------------------------------------------
@pytest.mark.rules("K2.1")
def test_twenty_five_uboats_fire_twice_on_the_ten_column_and_once_on_the_five() -> None:
    assert groups_of_ten(25) == [10, 10, 5]
    assert groups_of_ten(10) == [10] and groups_of_ten(7) == [7] and groups_of_ten(0) == []
    state = new_game()
    state.rng.force([1, 4, 2])
    volley = fire(state, "axis", 25, "U-boats at Allied shipping")
    assert volley.rolls == (1, 4, 2)
    assert volley.losses == 4 + 3 + 2  # ten on 1, ten on 4, five on 2
    assert losses_in_groups(11, [6, 1]) == 2 + 1  # the lone eleventh point fires too
    assert losses_in_groups(20, [1, 1], modifier=1) == 4 + 4  # each volley takes the modifier
    with pytest.raises(ValueError, match="2 volley"):
        losses_in_groups(20, [1])


@pytest.mark.rules("K2.1")
def test_the_earlier_scenarios_keep_their_ten_point_cap() -> None:
    """The rule is Campaign Game II's: the Firepower Table lookup the earlier scenarios use
    still reads a strength above ten on the ten column (Assault Resolution 3)."""
    assert load_tables().firepower_losses(25, 1) == 4
    assert losses_in_groups(25, [1, 1, 1]) == 10


# ----- the tables file ---------------------------------------------------------------------
@pytest.mark.rules("K23.3")
def test_the_strategic_tables_file_is_validated(tmp_path: Path) -> None:
    raw = json.loads(DATA_PATH.read_text())
    assert load_strategic().event("us_joins_axis").effect == -4
    raw["events"]["lost_hawaii"]["country"] = "france"
    bad = tmp_path / "strategic.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(StrategicTablesError, match="names no morale country"):
        load_strategic_from(bad)
    raw = json.loads(DATA_PATH.read_text())
    raw["morale"]["penalties"][1]["add"] = 1
    bad.write_text(json.dumps(raw))
    with pytest.raises(StrategicTablesError, match="must add more"):
        load_strategic_from(bad)
    with pytest.raises(KeyError, match="National Morale Chart"):
        load_strategic().event("lost_paris")


# ----- national morale (K23) ------------------------------------------------------------------
@pytest.mark.rules("K23.1", "K23.2")
def test_four_countries_start_at_morale_zero_in_two_pairs() -> None:
    morale = new_morale()
    assert morale == {"germany": 0, "britain": 0, "japan": 0, "united_states": 0}
    assert json.loads(json.dumps(morale)) == morale
    assert why_not_event("morale_bombing_hit", "italy") is not None
    with pytest.raises(IllegalAction, match="no morale"):
        change(morale, "soviet_union", 1)


@pytest.mark.rules("K23.3", "K23.4")
def test_what_raises_one_country_lowers_its_partner_within_fourteen() -> None:
    morale = change(new_morale(), "germany", 2)
    assert morale["germany"] == 2 and morale["britain"] == -2
    assert morale["japan"] == morale["united_states"] == 0
    morale = change(morale, "japan", 3)
    assert morale["united_states"] == -3 and morale["germany"] == 2
    pinned = change(morale, "britain", -20)
    assert pinned["britain"] == -14 and pinned["germany"] == 14
    assert change(pinned, "germany", 5)["germany"] == 14


CHART = [
    ("atomic_bomb_hit", "japan", -4),
    ("morale_bombing_hit", "britain", -1),
    ("lost_five_hexes", "germany", -1),
    ("gained_six_hexes", "united_states", 1),
    ("lost_suez", "britain", -1),
    ("lost_gibraltar", "britain", -1),
    ("soviet_surrender", "britain", -1),
    ("us_joins_allies", "britain", 2),
    ("us_joins_axis", "britain", -4),
    ("lost_hawaii", "united_states", -2),
    ("lost_five_carriers", "japan", -2),
]


@pytest.mark.rules("K23.3")
@pytest.mark.parametrize(("event", "country", "effect"), CHART)
def test_each_event_of_the_national_morale_chart(event: str, country: str, effect: int) -> None:
    morale = apply_event(new_morale(), event, country)
    assert morale[country] == effect
    assert sum(morale.values()) == 0  # the partner moved the other way


@pytest.mark.rules("K23.3")
def test_country_only_events_befall_only_their_country() -> None:
    for event, other in (
        ("lost_suez", "germany"),
        ("lost_hawaii", "japan"),
        ("lost_five_carriers", "britain"),
    ):
        with pytest.raises(IllegalAction, match="moves only"):
            apply_event(new_morale(), event, other)
    assert apply_event(new_morale(), "morale_bombing_hit", "germany", times=3)["germany"] == -3


@pytest.mark.rules("K23.5")
def test_hex_gains_and_losses_count_for_the_whole_side() -> None:
    lost = hex_events(new_morale(), "axis", lost=5, gained=0)
    assert lost["germany"] == lost["japan"] == -1 and lost["britain"] == lost["united_states"] == 1
    assert hex_events(new_morale(), "axis", lost=4, gained=5) == new_morale()
    gained = hex_events(new_morale(), "allied", lost=0, gained=6)
    assert gained["britain"] == gained["united_states"] == 1
    assert hex_events(new_morale(), "soviet", lost=9, gained=9) == new_morale()  # no morale


@pytest.mark.rules("K23.6", "K23.7")
def test_low_morale_adds_to_the_sides_attack_rolls_up_to_four() -> None:
    expected = {0: 0, -4: 0, -5: 1, -7: 1, -8: 2, -10: 2, -11: 3, -13: 3, -14: 4, 3: 0}
    for value, add in expected.items():
        morale = change(new_morale(), "germany", value)
        assert attack_modifier(morale, "axis") == add, value
        assert attack_modifier(morale, "allied") == 0  # Britain is at -value, never below -4
    worst = change(change(new_morale(), "germany", -5), "japan", -9)
    assert attack_modifier(worst, "axis") == 2  # the side takes its lowest country's penalty
    assert attack_modifier(worst, "soviet") == 0


# ----- morale attacks (K24) --------------------------------------------------------------------
@pytest.mark.rules("K24.7", "K24.2", "K21.5")
def test_morale_attack_example_ten_missiles_roll_four_british_morale_drops_three() -> None:
    state = new_game()
    state.rng.force([4])
    morale, attack = morale_attack(new_morale(), state, "axis", "britain", 10)
    assert attack.volley.rolls == (4,) and attack.hits == 3
    assert morale["britain"] == -3 and morale["germany"] == 3


@pytest.mark.rules("K24.1")
def test_morale_attacks_need_a_british_or_german_capital_in_range() -> None:
    assert hex_distance(COLOGNE, LONDON) == 2
    assert why_not_morale_attack("axis", "britain", COLOGNE, 2) is None
    far = why_not_morale_attack("axis", "britain", SAXONY, 3)
    assert far is not None and "out of range 3" in far
    assert why_not_morale_attack("allied", "germany", LONDON, 11) is None
    us = why_not_morale_attack("axis", "united_states", "1810", 11)
    assert us is not None and "naval base" in us
    assert why_not_morale_attack("allied", "britain", BERLIN, 11) is not None  # own side


@pytest.mark.rules("K24.5")
def test_a_coastal_morale_attack_halves_the_hits_rounded_down() -> None:
    state = new_game()
    state.rng.force([1])
    morale, attack = morale_attack(new_morale(), state, "allied", "japan", 7, coastal=True)
    assert attack.volley.losses == 3 and attack.hits == 1 and morale["japan"] == -1


@pytest.mark.rules("K24.6")
def test_an_ss_point_reaching_a_us_coast_costs_one_morale_level() -> None:
    morale = ss_reaches_us_coast(new_morale())
    assert morale["united_states"] == -1 and morale["japan"] == 1


# ----- strategic bombing (K20) -------------------------------------------------------------------
@pytest.mark.rules("K20.1")
def test_bombers_and_escorts_wait_for_their_tech_level_air_defence_does_not() -> None:
    research = new_research()
    assert why_not_build(research, "allied", "bombers") is not None
    assert why_not_build(research, "allied", "escorts") is not None
    assert why_not_build(research, "allied", "air_defence") is None
    research = at_level(at_level(research, "allied", "bomber", 1), "allied", "escort", 1)
    assert why_not_build(research, "allied", "bombers") is None
    strategic = place_built(new_strategic(), research, "allied", "bombers", LONDON, 4, production_hex=True)
    assert strategic["bombers"]["allied"][LONDON] == {"sp": 4, "atomic": 0}
    with pytest.raises(IllegalAction, match="production hex"):
        place_built(new_strategic(), research, "allied", "escorts", LONDON, 1, production_hex=False)
    with pytest.raises(IllegalAction, match="Item Cost 3"):
        place_built(new_strategic(), new_research(), "axis", "bombers", BERLIN, 1, production_hex=True)


@pytest.mark.rules("K20.1")
def test_ferry_ranges_between_airbases_are_twenty_fifteen_and_seven() -> None:
    hops = ["1416", "1924"]  # Gander to the Azores
    apart = hex_distance(*hops)
    for kind, reach in (("bombers", 20), ("escorts", 15), ("air_defence", 7)):
        why = why_not_ferry(kind, hops, friendly_route=True)
        assert (why is None) == (apart <= reach), kind
    assert why_not_ferry("bombers", [LONDON, COLOGNE], friendly_route=False) is not None


@pytest.mark.rules("K20.2", "K20.7")
def test_raid_range_follows_the_bomber_tech_level() -> None:
    assert bomber_range(allied_bombing(1), "allied") == 3
    assert bomber_range(allied_bombing(6), "allied") == 11
    strategic = bombers(new_strategic(), "allied", LONDON, 5)
    assert hex_distance(LONDON, BERLIN) == 4
    far = why_not_raid(strategic, allied_bombing(1), "allied", LONDON, BERLIN, "axis", 0, 0)
    assert far is not None and "bomber range 3" in far
    assert why_not_raid(strategic, allied_bombing(3), "allied", LONDON, BERLIN, "axis", 0, 0) is None
    # Strategic Bombing 7: never Soviet territory from Allied bombers
    assert why_not_raid(strategic, allied_bombing(6), "allied", LONDON, "1144", "soviet", 0, 0) is not None


@pytest.mark.rules("K20.8", "K20.3", "K20.4")
def test_bombing_raid_example_seven_bombers_against_three_air_defence() -> None:
    strategic = bombers(new_strategic(), "allied", LONDON, 7)
    strategic["air_defence"]["axis"][COLOGNE] = 3
    state = new_game()
    state.rng.force([2, 1])  # air defence rolls 2, the bombers 1
    after, result = raid(strategic, allied_bombing(), state, "allied", LONDON, COLOGNE, "axis")
    assert result.defence_fire is not None and result.defence_fire.losses == 1
    assert result.bomber_losses == 1 and after["bombers"]["allied"][LONDON]["sp"] == 6
    assert result.bombing is not None and result.bombing.strength == 6 and result.bombing.losses == 2
    assert strategic["bombers"]["allied"][LONDON]["sp"] == 7  # the argument is untouched
    # the attacker picks the two devastated points in range
    assert why_not_devastate({COLOGNE: 1}, 2, {COLOGNE: 3}) is not None
    assert devastate({}, {COLOGNE: 2}, 2, {COLOGNE: 3}) == {COLOGNE: 2}
    assert devastate({}, {COLOGNE: 1}, 2, {COLOGNE: 1}) == {COLOGNE: 1}  # no more to hit
    with pytest.raises(IllegalAction, match="not a production hex"):
        devastate({}, {SAXONY: 2}, 2, {COLOGNE: 3})


@pytest.mark.rules("K20.5", "K24.3")
def test_a_raid_may_strike_morale_instead_all_of_it() -> None:
    strategic = bombers(new_strategic(), "allied", LONDON, 6)
    state = new_game()
    state.rng.force([1])
    _, result = raid(strategic, allied_bombing(3), state, "allied", LONDON, BERLIN, "axis")
    assert result.bombing is not None and result.bombing.losses == 2
    morale = apply_event(new_morale(), "morale_bombing_hit", "germany", result.bombing.losses)
    assert morale["germany"] == -2 and morale["britain"] == 2


@pytest.mark.rules("K20.6")
def test_escorts_and_air_defence_exchange_fire_before_the_bombers_are_shot_at() -> None:
    research = at_level(allied_bombing(), "allied", "escort", 1)
    strategic = bombers(new_strategic(), "allied", LONDON, 5)
    strategic["escorts"]["allied"][LONDON] = 4
    strategic["air_defence"]["axis"][COLOGNE] = 3
    state = new_game()
    state.rng.force([1, 2, 6, 1])  # escorts 1 (two hit), defence 2 (one escort), defence 6, bombs 1
    after, result = raid(strategic, research, state, "allied", LONDON, COLOGNE, "axis", escorts=4)
    assert result.escort_fire is not None and result.escort_fire.losses == 2
    assert result.defence_at_escorts is not None and result.defence_at_escorts.losses == 1
    assert result.defence_fire is not None and result.defence_fire.strength == 1
    assert result.bomber_losses == 0 and result.bombing is not None and result.bombing.losses == 2
    assert after["air_defence"]["axis"][COLOGNE] == 1 and after["escorts"]["allied"][LONDON] == 3
    too_many = why_not_raid(strategic, research, "allied", LONDON, COLOGNE, "axis", 5, 0)
    assert too_many is not None and "escort" in too_many


# ----- strategic missiles (K21) -----------------------------------------------------------------
def axis_missiles() -> Research:
    return at_level(new_research(), "axis", "missile", 4)


@pytest.mark.rules("K21.1")
def test_missiles_go_to_at_most_three_counters_on_home_production() -> None:
    research = axis_missiles()
    assert why_not_assign(new_strategic(), new_research(), "axis", "m1", BERLIN, "germany", 2) is not None
    assert why_not_assign(new_strategic(), research, "axis", "m1", "1434", "france", 2) is not None
    assert why_not_assign(new_strategic(), research, "axis", "m1", BERLIN, "germany", 0) is not None
    strategic = new_strategic()
    for counter, place in (("m1", BERLIN), ("m2", COLOGNE), ("m3", SAXONY)):
        strategic = assign(strategic, research, "axis", counter, place, 2, country="germany", undevastated=1)
    fourth = why_not_assign(strategic, research, "axis", "m4", KIEL, "germany", 1)
    assert fourth is not None and "3 missile counters" in fourth
    strategic = assign(strategic, research, "axis", "m1", BERLIN, 3, country="germany", undevastated=1)
    assert strategic["missiles"]["axis"]["m1"] == {"at": BERLIN, "sp": 5, "atomic": 0}
    assert why_not_assign(strategic, research, "allied", "b1", LONDON, "britain", 1) is not None  # no tech


@pytest.mark.rules("K21.2")
def test_a_missile_counter_is_eliminated_when_an_enemy_army_enters_its_hex() -> None:
    strategic = assign(
        new_strategic(), axis_missiles(), "axis", "m1", BERLIN, 3, country="germany", undevastated=1
    )
    assert enemy_occupies(strategic, "axis", BERLIN)["missiles"]["axis"] == {}
    assert enemy_occupies(strategic, "axis", COLOGNE)["missiles"]["axis"] == strategic["missiles"]["axis"]


@pytest.mark.rules("K21.3", "K21.4")
def test_one_roll_per_counter_within_two_hexes_and_the_points_are_used_up() -> None:
    strategic = assign(
        new_strategic(), axis_missiles(), "axis", "m1", COLOGNE, 6, country="germany", undevastated=1
    )
    out_of_reach = ["1231"]
    assert hex_distance(COLOGNE, out_of_reach[0]) > 2
    with pytest.raises(IllegalAction, match="more than 2 hexes"):
        launch(strategic, new_game(), "axis", "m1", 4, out_of_reach)
    state = new_game()
    state.rng.force([1])
    after, fired = launch(strategic, state, "axis", "m1", 4, [LONDON])
    assert fired.volley.rolls == (1,) and fired.volley.losses == 2
    assert after["missiles"]["axis"]["m1"]["sp"] == 2
    state.rng.force([6])
    emptied, _ = launch(after, state, "axis", "m1", 2, [LONDON])
    assert "m1" not in emptied["missiles"]["axis"]
    with pytest.raises(IllegalAction, match="2 point"):
        launch(after, new_game(), "axis", "m1", 3, [LONDON])


# ----- atomic bombs (K22) ------------------------------------------------------------------------
@pytest.mark.rules("K22.1")
def test_atomic_research_needs_two_nuclear_materials_hexes() -> None:
    cut = Conditions(atomic_supply=False)
    why = why_not_invest(new_research(), "axis", "atomic_bomb", 1, 10, cut)
    assert why is not None and "nuclear materials" in why
    assert (
        invest(new_research(), "axis", "atomic_bomb", 1, 10, Conditions())["axis"]["items"]["atomic_bomb"][
            "marker"
        ]
        == 1
    )


@pytest.mark.rules("K22.2")
def test_atomic_bombs_need_tech_level_six_and_ride_a_missile_counter() -> None:
    research = axis_missiles()
    with pytest.raises(IllegalAction, match="tech level 6"):
        assign(
            new_strategic(), research, "axis", "m1", BERLIN, 1, country="germany", undevastated=1, atomic=1
        )
    research = at_level(research, "axis", "atomic_bomb", 6)
    strategic = assign(
        new_strategic(), research, "axis", "m1", BERLIN, 1, country="germany", undevastated=1, atomic=1
    )
    assert strategic["missiles"]["axis"]["m1"]["atomic"] == 1


@pytest.mark.rules("K22.3", "K22.4", "K22.6")
def test_air_defence_takes_the_plain_bombers_first_then_the_bombs_are_lost() -> None:
    strategic = bombers(new_strategic(), "allied", LONDON, 4, atomic=2)
    strategic["air_defence"]["axis"][COLOGNE] = 10
    state = new_game()
    state.rng.force([2])  # ten air defence on 2: four bombers hit, none left to bomb
    after, result = raid(strategic, allied_bombing(), state, "allied", LONDON, COLOGNE, "axis", atomic=2)
    assert result.bomber_losses == 4 and result.bombs_lost == 2 and result.bombs == 0
    assert result.bombing is None and LONDON not in after["bombers"]["allied"]
    strategic["air_defence"]["axis"][COLOGNE] = 3
    state.rng.force([2, 6])  # one bomber lost: a plain one, both bombs get through
    after, result = raid(strategic, allied_bombing(), state, "allied", LONDON, COLOGNE, "axis", atomic=2)
    assert result.bomber_losses == 1 and result.bombs_lost == 0 and result.bombs == 2
    assert after["bombers"]["allied"][LONDON] == {"sp": 3, "atomic": 0}  # the bombs are spent
    assert why_not_raid(strategic, allied_bombing(), "allied", LONDON, COLOGNE, "axis", 0, 3) is not None


@pytest.mark.rules("K22.5", "K22.7", "K23.4")
def test_an_atomic_bomb_devastates_for_good_fires_six_and_hits_morale() -> None:
    state = new_game()
    state.rng.force([1])
    dev, perm, bomb = detonate(
        state, "allied", SAXONY, 3, {SAXONY: 1}, {}, exposed=5, morale_country="germany"
    )
    assert dev == {SAXONY: 2} and perm == {SAXONY: 1} and bomb.devastated == 1
    assert bomb.volley.strength == 6 and bomb.volley.losses == 2 and bomb.losses == 2
    state.rng.force([1])
    _, _, bare = detonate(
        state, "allied", SAXONY, 3, {SAXONY: 3}, {SAXONY: 1}, exposed=1, morale_country=None
    )
    assert bare.devastated == 1 and bare.losses == 1  # a devastated point becomes unrepairable
    state.rng.force([6])
    dev, perm, spent = detonate(state, "allied", SAXONY, 3, {SAXONY: 3}, {SAXONY: 3}, 0, None)
    assert spent.devastated == 0 and perm == {SAXONY: 3}
    assert atomic_hits_morale("germany") == "germany" and atomic_hits_morale("france") is None
    assert apply_event(new_morale(), "atomic_bomb_hit", "germany")["germany"] == -4


@pytest.mark.rules("K22.3", "K22.6")
def test_missile_points_carry_their_bombs_and_hand_them_back_to_drop() -> None:
    research = at_level(axis_missiles(), "axis", "atomic_bomb", 6)
    strategic = assign(
        new_strategic(), research, "axis", "m1", COLOGNE, 3, country="germany", undevastated=1, atomic=2
    )
    with pytest.raises(IllegalAction, match="carry them"):
        launch(strategic, new_game(), "axis", "m1", 1, [LONDON], atomic=2)
    before = json.dumps(strategic, sort_keys=True)
    state = new_game()
    state.rng.force([6])
    after, fired = launch(strategic, state, "axis", "m1", 2, [LONDON], atomic=2)
    assert fired.bombs == 2 and fired.volley.strength == 2  # the bombs add no strength
    assert after["missiles"]["axis"]["m1"] == {"at": COLOGNE, "sp": 1, "atomic": 0}
    assert json.dumps(strategic, sort_keys=True) == before
    with pytest.raises(IllegalAction, match="no bombers"):
        raid(new_strategic(), allied_bombing(), new_game(), "allied", LONDON, COLOGNE, "axis")
