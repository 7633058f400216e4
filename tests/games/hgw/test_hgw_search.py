"""The optional Naval Action rules' search (search.py) over the Spotting Table and its
modifiers (data/naval_action.json): who may search, how far, the modifiers and the roll,
with forced dice. The rulebook prints no search example; the moves below are our own,
checked cell by cell against the tables' readings (docs/hgw-design.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.naval_tables import DATA_PATH, NavalTablesError, load_naval, load_naval_from
from grognard.games.hgw.search import (
    Conditions,
    allowance,
    best_spotter,
    modifiers,
    new_record,
    previous_spottings,
    reach,
    record_search,
    search_line,
    spot,
    to_spot,
    why_not_search,
)


@pytest.mark.rules("N14.1")
def test_the_spotting_table_read_cell_by_cell() -> None:
    # 1-4 1-2 1 0 -2 -2: the highest final roll that spots at ranges 0-5
    assert [to_spot("army_based_air", d) for d in range(6)] == [4, 2, 1, 0, -2, -2]
    assert to_spot("army_based_air", 6) is None
    assert [to_spot("coastal_air", d, level=6) for d in range(4)] == [2, 2, 2, None]
    assert [to_spot("carrier_air", d) for d in range(3)] == [2, 2, None]
    for line in ("fleet", "ss"):
        assert [to_spot(line, d) for d in range(2)] == [2, None]


@pytest.mark.rules("N5.5", "N9.2")
def test_coastal_air_reaches_as_far_as_its_tac_air_level_allows() -> None:
    # the Units Capability Table's coastal air range: 0 0 0 1 1 1 2 by level
    assert [reach("coastal_air", level) for level in range(7)] == [0, 0, 0, 1, 1, 1, 2]
    assert to_spot("coastal_air", 1, level=2) is None
    assert to_spot("coastal_air", 1, level=3) == 2
    with pytest.raises(ValueError, match="no tech level 7"):
        reach("coastal_air", 7)


@pytest.mark.rules("N5.5")
def test_the_searching_hex_picks_its_line() -> None:
    assert search_line(army=True, surface_base=False, coastal_air=0) == "army_based_air"
    assert search_line(army=False, surface_base=True, coastal_air=6) == "army_based_air"
    assert search_line(army=False, surface_base=False, coastal_air=3) == "coastal_air"
    assert search_line(army=False, surface_base=False, coastal_air=0) is None


@pytest.mark.rules("N5.2", "N5.5", "N5.6")
def test_who_may_not_search() -> None:
    assert why_not_search("army_based_air", 2, at_war=True) is None
    assert "not at war" in (why_not_search("army_based_air", 0, at_war=False) or "")
    assert "in port" in (why_not_search("fleet", 0, at_war=True, in_port=True) or "")
    assert why_not_search("fleet", 0, at_war=True) is None  # a fleet at sea searches its hex
    assert "one spotting attempt" in (why_not_search("fleet", 0, at_war=True, searched_here=True) or "")
    assert "reaches 0 hexes, not 1" in (why_not_search("coastal_air", 1, at_war=True, level=0) or "")


@pytest.mark.rules("N14.2")
def test_air_allowances_count_a_third_of_coastal_air_and_the_carrier_max_search() -> None:
    assert allowance("coastal_air", 5, total=8) == 2  # a third of eight, rounded down
    assert allowance("coastal_air", 1, total=9) == 1
    # the carrier MAX SEARCH column 2 2 3 by carrier level
    assert [allowance("carrier_air", 5, level=lvl) for lvl in range(3)] == [2, 2, 3]
    with pytest.raises(ValueError, match="search allowance"):
        allowance("fleet", 1)


@pytest.mark.rules("N14.2")
def test_the_spotting_modifiers() -> None:
    cond = Conditions(
        target="ss",
        carrier_air=4,
        carrier_level=2,
        enemy_searching=True,
        coast=True,
        friendly_coast=True,
        previous=3,
        target_points=5,
        other_fleets=2,
    )
    got = dict(modifiers("carrier_air", 1, cond))
    assert got == {
        "carrier_air": -3,
        "carrier_one_hex": 2,
        "enemy_searching": -1,
        "friendly_coast": -1,
        "coast": -1,
        "previous_spotting": -2,
        "big_fleet": -1,
        "other_fleet": -2,
        "target_ss": 3,
    }
    # the carrier-only modifiers do not touch another line
    plain = dict(modifiers("army_based_air", 1, cond))
    assert "carrier_one_hex" not in plain and "enemy_searching" not in plain and "carrier_air" not in plain
    assert dict(modifiers("fleet", 0, Conditions(target="route"))) == {"target_route": -3}
    assert dict(modifiers("fleet", 0, Conditions(target="air", target_points=4))) == {"target_air": 2}


@pytest.mark.rules("N14.2")
def test_the_advanced_modifiers_are_refused_and_bad_conditions_named() -> None:
    with pytest.raises(IllegalAction, match="advanced rules"):
        modifiers("fleet", 0, Conditions(night=True))
    with pytest.raises(ValueError, match="no 'sub' target"):
        modifiers("fleet", 0, Conditions(target="sub"))
    with pytest.raises(ValueError, match="friendly coastal"):
        modifiers("fleet", 0, Conditions(friendly_coast=True))
    assert load_naval().modifier("evade").advanced


@pytest.mark.rules("N5.1", "N5.3", "N5.4", "N14.1", "N14.2")
def test_a_fleet_searched_hex_by_hex_as_it_moves() -> None:
    state = new_game()
    # An Italian fleet of three capital points sails past Malta. Hex one (its start, three hexes
    # from Malta's British army): Army Based Air needs 0; a 2, less the coastal hex's 1, is 1
    state.rng.force([2])
    first = spot(state, "allied", "army_based_air", 3, Conditions(coast=True))
    assert (first.roll, first.total, first.needed, first.spotted) == (2, 1, 0, False)
    # hex two, two hexes out: a 2 with the same -1 is 1, at most 1: spotted; the Allies let it go on
    state.rng.force([2])
    second = spot(state, "allied", "army_based_air", 2, Conditions(coast=True))
    assert second.spotted and second.total == 1
    # hex three, four hexes out in open sea: needs -2; a 1 less the earlier spotting nearby is 0
    state.rng.force([1])
    third = spot(state, "allied", "army_based_air", 4, Conditions(previous=1))
    assert not third.spotted and third.total == 0 and third.needed == -2
    # with a friendly coastal hex too: 1 - 1 - 1 - 1 = -2, spotted at the edge of reach
    state.rng.force([1])
    fourth = spot(
        state, "allied", "army_based_air", 4, Conditions(previous=1, coast=True, friendly_coast=True)
    )
    assert fourth.spotted and fourth.total == -2


@pytest.mark.rules("N5.3")
def test_a_search_out_of_reach_is_refused_before_any_die() -> None:
    state = new_game()
    state.rng.force([1])
    with pytest.raises(IllegalAction, match="reaches 0 hexes, not 1"):
        spot(state, "allied", "fleet", 1)
    assert spot(state, "allied", "fleet", 0).roll == 1  # the forced die is still there


@pytest.mark.rules("N5.2")
def test_the_searcher_picks_the_most_advantageous_spotter() -> None:
    options = [
        ("army_based_air", 2, Conditions(), 0),  # needs 1
        ("carrier_air", 1, Conditions(carrier_air=3, carrier_level=2), 2),  # 2 - (2 - 3) = 3
        ("fleet", 1, Conditions(), 0),  # out of reach
    ]
    assert best_spotter(options)[0] == "carrier_air"
    with pytest.raises(IllegalAction, match="no spotter within reach"):
        best_spotter([("fleet", 3, Conditions(), 0)])


@pytest.mark.rules("N14.1")
def test_the_naval_action_file_is_validated(tmp_path: Path) -> None:
    raw = json.loads(DATA_PATH.read_text())
    raw["spotting"]["lines"]["fleet"]["to_spot"] = [1, 2]  # easier further out
    bad = tmp_path / "naval.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(NavalTablesError, match="cannot get easier"):
        load_naval_from(bad)
    with pytest.raises(KeyError, match="no 'radar' line"):
        load_naval().line("radar")


@pytest.mark.rules("N5.2", "N5.4")
def test_the_move_keeps_one_search_a_hex_and_its_spottings_nearby() -> None:
    record = new_record()
    record = record_search(record, "2240", spotted=True)  # the start hex: spotted, let go on
    after = record_search(record, "2241", spotted=False)
    assert record == {"searched": ["2240"], "spotted": ["2240"]}  # the old record is unchanged
    with pytest.raises(IllegalAction, match="already searched"):
        record_search(after, "2241", spotted=True)
    # 2241 is next to 2240: one earlier spotting counts there, none three hexes away
    assert previous_spottings(after, "2241") == 1
    assert previous_spottings(after, "2243") == 0
    # the modifier caps the count at two
    many = record_search(record_search(after, "2242", spotted=True), "2341", spotted=True)
    assert previous_spottings(many, "2241") == 3
    assert dict(modifiers("fleet", 0, Conditions(previous=3)))["previous_spotting"] == -2
