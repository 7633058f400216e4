"""Victory's unit table and blocksets (4.x, UNIT DATA CHART, 6.2, 6.31, 8.3, HISTORICAL UNITS)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from grognard.games.victory import units
from grognard.games.victory.units import VictoryDataError

# The UNIT DATA CHART of the rulebook, typed in from the text: turn, move, A-N-G.
CHART = {
    "FA": ("A", 3, (2, 0, 1)),
    "DB": ("B", 3, (1, 2, 2)),
    "TB": ("B", 2, (1, 3, 0)),
    "MB": ("B", 6, (1, 2, 1)),
    "HB": ("B", 8, (1, 0, 2)),
    "SS": ("B", 2, (0, 2, 0)),
    "CV": ("C", 4, (1, 1, 0)),
    "BB": ("C", 3, (1, 3, 2)),
    "CA": ("C", 4, (1, 2, 1)),
    "CL": ("C", 4, (2, 1, 1)),
    "ART": ("C", 1, (2, 1, 3)),
    "AR": ("D", 3, (1, 0, 2)),
    "AB": ("D", 2, (0, 0, 2)),
    "IN": ("E", 2, (1, 1, 2)),
    "MA": ("E", 2, (1, 1, 2)),
    "MK": ("E", 3, (1, 0, 2)),
    "MT": ("E", 2, (1, 0, 2)),
    "EN": ("E", 2, (1, 0, 1)),
    "RE": ("F", 0, (1, 0, 1)),
}

# HISTORICAL UNITS: (count, printed ID, printed name) per set, typed in from the text.
GERMAN = [
    (4, "FA", "Me-109"), (2, "FA", "FW-190"), (4, "DB", "Stuka"), (3, "MB", "He-111"),
    (2, "HB", "FW-200 Condor"), (3, "UB", "U VII"), (1, "CV", "Graf Zeppelin"), (2, "BB", "Bismarck"),
    (2, "BC", "Graf Spee"), (2, "CA", "Cruiser"), (2, "AT", "88mm"), (2, "PZ", "PzKpfw IVf"),
    (1, "PZ", "PzKpfw V Panther"), (2, "PG", "Mech"), (7, "IN", "Infantry"), (1, "AM", "Amphib"),
    (1, "AB", "Airborne"), (1, "MT", "Mountain"), (2, "EN", "Engineer"), (1, "SS", "SS Panther"),
    (1, "SS", "SS Tiger I"), (2, "SS", "SS Infantry"), (2, "RS", "Resource"),
]  # fmt: skip
SOVIET_LABELS = {"FA": 6, "DB": 3, "MB": 4, "SS": 3, "BB": 1, "CA": 2, "TK": 6, "AB": 2, "MT": 1, "MA": 2,
                 "IN": 7, "GD": 3, "MK": 2, "EN": 2, "SK": 2, "Cav": 2, "RS": 2}  # fmt: skip
US_LABELS = {"FA": 6, "DB": 2, "TB": 1, "NB": 1, "MB": 2, "HB": 3, "SS": 3, "CV": 4, "BB": 3, "CA": 3,
             "CL": 2, "AT": 2, "TK": 4, "EN": 2, "AB": 2, "MA": 2, "IN": 6, "AM": 1, "RS": 2}  # fmt: skip


def _raw_units() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((units.DATA_DIR / "units.json").read_text())
    return data


@pytest.mark.rules("4.1", "4.2", "4.3", "4.0")
def test_every_chart_line_matches_the_unit_data_chart() -> None:
    table = units.unit_table()
    for type_id, (turn, move, (a, n, g)) in CHART.items():
        unit = table[type_id]
        assert unit.combat_turn == turn, type_id
        assert unit.move == move, type_id
        assert (unit.firepower("A"), unit.firepower("N"), unit.firepower("G")) == (a, n, g), type_id


@pytest.mark.rules("4.1", "4.2", "4.3")
def test_arms_follow_the_chart_sections() -> None:
    table = units.unit_table()
    assert all(table[t].arm == "air" for t in ("FA", "DB", "TB", "MB", "HB"))
    assert all(table[t].arm == "naval" for t in ("SS", "CV", "BB", "CA", "CL"))
    assert all(table[t].arm == "ground" for t in ("IN", "MA", "AB", "MT", "EN", "ART", "AR", "MK", "RE"))


@pytest.mark.rules("4.3", "4.0")
def test_infantry_defends_cities_at_g3_and_mountain_troops_fight_mountains_at_g3() -> None:
    table = units.unit_table()
    assert table["IN"].firepower("G") == 2
    assert table["IN"].firepower("G", "defending_city") == 3
    assert table["IN"].firepower("G", "in_mountain") == 2
    assert table["MT"].firepower("G", "in_mountain") == 3
    assert table["MT"].firepower("G", "defending_city") == 2


@pytest.mark.rules("6.6", "4.3")
def test_airborne_paradrops_four_hexes_and_moves_two_on_the_ground() -> None:
    airborne = units.unit_type("AB")
    assert (airborne.air_move, airborne.move, airborne.max_steps) == (4, 2, 3)
    assert airborne.has("airborne")


@pytest.mark.rules("6.2", "8.3")
def test_steps_and_costs_stay_in_the_printed_ranges() -> None:
    table = units.unit_table()
    assert all(1 <= u.max_steps <= 4 for u in table.values())
    assert all(0 <= u.cost <= 3 for u in table.values())
    # 6.2 "a few only 3": the three-step types are a minority, and airborne/mountain are among them.
    three = {u.id for u in table.values() if u.max_steps == 3}
    assert {"AB", "MT"} <= three
    assert len(three) < len(table) // 3
    # 8.3 "most units cost 1PP per step": the most common cost in the generic set is 1.
    costs = Counter(table[b.type].cost for b in units.blockset("generic-red"))
    assert costs.most_common(1)[0][0] == 1


@pytest.mark.rules("4.1", "4.2", "4.3", "S1.1", "S1.2", "S1.3", "S1.4", "S1.5", "S1.6")
def test_elites_light_cruiser_and_stretch_units_are_present() -> None:
    table = units.unit_table()
    # elite fighters and battleships fire harder than the base line; elite tanks have G3
    assert table["FA+"].firepower("A") > table["FA"].firepower("A")
    assert table["BB+"].firepower("G") > table["BB"].firepower("G")
    assert table["AR+"].firepower("G") == 3
    # light cruisers: better flak, lighter naval guns than a cruiser
    assert table["CL"].firepower("A") > table["CA"].firepower("A")
    assert table["CL"].firepower("N") < table["CA"].firepower("N")
    stretch = {u.id for u in table.values() if u.has("stretch")}
    assert stretch == {"ATB", "CAV", "CO", "JF", "RC", "RK"}
    assert table["JF"].combat_turn == "A+"
    assert table["ATB"].combat_turn == "B+"
    assert table["RK"].firepower("G") == 4
    assert table["CO"].firepower("G") == 3 and table["CO"].has("amphibious")
    assert table["CAV"].has("ignores_terrain_stop")


@pytest.mark.rules("6.31", "S1.4", "S1.6")
def test_combat_turn_order_puts_rocket_first_then_plus_before_plain_letters() -> None:
    ranks = [units.turn_rank(t) for t in ("R", "A+", "A", "B+", "B", "C", "D", "E", "F")]
    assert ranks == sorted(ranks)
    assert units.turn_rank("A+") < units.turn_rank("A")
    with pytest.raises(VictoryDataError, match="unknown combat turn"):
        units.turn_rank("G")


@pytest.mark.rules("H1.0")
def test_german_blockset_is_the_printed_mix() -> None:
    blocks = units.blockset("german")
    assert len(blocks) == 50
    got = Counter((b.label, b.name) for b in blocks)
    assert got == Counter({(label, name): count for count, label, name in GERMAN})
    # the SS label on the German set names Waffen-SS armour and infantry, not submarines
    assert {units.unit_type(b.type).arm for b in blocks if b.label == "SS"} == {"ground"}
    assert {b.type for b in blocks if b.label == "UB"} == {"SS"}


@pytest.mark.rules("H1.0")
def test_us_and_soviet_blocksets_are_the_printed_mixes() -> None:
    assert Counter(b.label for b in units.blockset("soviet")) == Counter(SOVIET_LABELS)
    assert len(units.blockset("soviet")) == 50
    # the printed US list adds up to 51 although its heading says 50: kept as printed
    assert Counter(b.label for b in units.blockset("us")) == Counter(US_LABELS)
    assert len(units.blockset("us")) == 51


def test_block_ids_are_unique_across_every_set() -> None:
    ids = [b.id for name in units.blockset_names() for b in units.blockset(name)]
    assert len(ids) == len(set(ids))
    for name in units.blockset_names():
        assert all(b.type in units.unit_table() for b in units.blockset(name))


def test_generic_sets_exist_per_colour_with_every_base_type() -> None:
    base = set(CHART) | {"AM"}
    for colour in units.colours():
        blocks = units.blockset(f"generic-{colour}")
        assert len(blocks) == 50
        assert {b.type for b in blocks} == base
        assert all(b.id.startswith(colour) for b in blocks)


def test_unknown_names_give_clear_errors() -> None:
    with pytest.raises(VictoryDataError, match="unknown blockset 'italian'"):
        units.blockset("italian")
    with pytest.raises(VictoryDataError, match="unknown unit type 'ZZ'"):
        units.unit_type("ZZ")


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"combat_turn": "G"}, "combat turn 'G'"),
        ({"fire": {"X": 1}}, "firepower target 'X'"),
        ({"fire": {"G": 5}}, "outside 1-4"),
        ({"max_steps": 5}, "max_steps 5"),
        ({"cost": 4}, "cost 4"),
        ({"tags": ["flying"]}, "unknown tag"),
        ({"arm": "space"}, "arm"),
        ({"speed": 3}, "speed"),
        ({"produces": "air"}, "produces"),  # 9.1: only a factory produces
        ({"produces": "space"}, "produces"),
    ],
)
def test_a_bad_unit_line_is_rejected_at_load(patch: dict[str, Any], message: str) -> None:
    data = _raw_units()
    data["units"][0].update(patch)
    with pytest.raises(VictoryDataError, match=message):
        units.decode_unit_table(json.dumps(data).encode())


def test_duplicate_ids_and_bad_json_are_rejected() -> None:
    data = _raw_units()
    data["units"].append(data["units"][0])
    with pytest.raises(VictoryDataError, match="appears twice"):
        units.decode_unit_table(json.dumps(data).encode())
    with pytest.raises(VictoryDataError, match="not valid JSON"):
        units.decode_unit_table(b"{")


def test_a_blockset_with_a_wrong_total_or_unknown_type_is_rejected() -> None:
    raw = json.loads((units.DATA_DIR / "blocksets.json").read_text())
    raw["sets"]["german"]["blocks"][0]["count"] = 5
    with pytest.raises(VictoryDataError, match="holds 51 blocks but says 50"):
        units.decode_blocksets(json.dumps(raw).encode(), units.unit_table())
    raw["sets"]["german"]["blocks"][0]["type"] = "ZZ"
    with pytest.raises(VictoryDataError, match="unknown unit type 'ZZ'"):
        units.decode_blocksets(json.dumps(raw).encode(), units.unit_table())


@pytest.mark.rules("9.1")
def test_9_1_each_factory_type_names_the_arm_it_produces_in_the_unit_data() -> None:
    table = units.unit_table()
    produced = {t: u.produces for t, u in table.items() if u.produces}
    assert produced == {"FCA": "air", "FCN": "naval", "FCG": "ground"}
    data = _raw_units()
    line = next(u for u in data["units"] if u["id"] == "FCA")
    del line["produces"]
    with pytest.raises(VictoryDataError, match="produces"):
        units.decode_unit_table(json.dumps(data).encode())
