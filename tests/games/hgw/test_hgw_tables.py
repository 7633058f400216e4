"""Hitler's Global War tables (data/tables.json) against the rulebook's worked examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.games.hgw.tables import DATA_PATH, Tables, TablesError, load_tables, load_tables_from


@pytest.fixture(scope="module")
def t() -> Tables:
    return load_tables()


def test_smolensk_defensive_assault_six_strength_rolling_four_kills_one(t: Tables) -> None:
    """Example of Initial Attack (Smolensk): firepower six, a roll of 4, one loss."""
    assert t.firepower_losses(6, 4) == 1


def test_assault_example_five_strength_rolling_three_kills_one(t: Tables) -> None:
    """Example of an Assault: five strength points, a three, one loss."""
    assert t.firepower_losses(5, 3) == 1


def test_firing_strength_is_capped_at_ten(t: Tables) -> None:
    """Assault Resolution 3: one hex never fires more than ten."""
    assert t.firepower_losses(14, 1) == t.firepower_losses(10, 1) == 4


def test_modified_rolls_beyond_the_table_use_its_end_rows(t: Tables) -> None:
    """Russian winter can push a roll past 7: the printed row 7 applies."""
    assert t.firepower_losses(10, 11) == t.firepower_losses(10, 7) == 1
    assert t.firepower_losses(1, 0) == t.firepower_losses(1, 1) == 1
    assert t.firepower_losses(6, 6) == 1
    assert t.firepower_losses(6, 7) == 0


def test_smolensk_advance_eight_mech_against_three_needs_five_or_less(t: Tables) -> None:
    """Example of Initial Attack: eight mechanized against three, range 1-5; a 6 fails."""
    assert t.advance_limit(8, 3) == 5
    assert t.advances(8, 3, 5)
    assert not t.advances(8, 3, 6)


def test_exploitation_example_ten_mech_ranges(t: Tables) -> None:
    """Example of Exploitation Attack: ten mechanized against zero or one, range 1-8,
    so even +1 for the earlier advance cannot fail on a six."""
    assert t.advance_limit(10, 0) == 8
    assert t.advance_limit(10, 1) == 8
    assert t.advances(10, 1, 6 + 1)


def test_no_advance_succeeds_against_ten(t: Tables) -> None:
    """Advance Resolution 9: ten or more defending strength stops every advance."""
    for mech in range(11):
        assert t.advance_limit(mech, 10) == 0
        assert t.advance_limit(mech, 15) == 0


def test_armies_without_mech_advance_only_into_empty_or_friendly_hexes(t: Tables) -> None:
    """Advance Resolution 8."""
    assert t.advance_limit(0, 0) == 4
    assert t.advance_limit(0, 1) == 0
    assert t.advance_limit(0, 5, friendly=True) == 4


def test_terrain_effects_follow_the_combat_rules(t: Tables) -> None:
    """Mountain, Swamp, Desert and Jungle Combat."""
    assert t.terrain["mountain"].advance_into == 2
    assert t.terrain["mountain"].mech_assault == "none"
    assert t.terrain["swamp"].advance_into == 1
    assert t.terrain["swamp"].mech_advancing_out == "none"
    assert t.terrain["desert"].advance_into == -1
    assert t.terrain["jungle"].mech_assault == "half"
    assert t.hexsides["crossing"].attack and not t.hexsides["all_sea"].attack


def test_basic_costs_reproduce_the_fifteen_point_example(t: Tables) -> None:
    """Building Strength Points 2: 15 points buy 3 mech, or 7 infantry with 1 left, or 5 + 1."""
    c = t.costs
    assert 3 * c.mechanized == 15
    assert 7 * c.infantry == 14
    assert 5 * c.infantry + c.mechanized == 15
    assert c.repair == 3


def test_russian_winter_modifiers(t: Tables) -> None:
    """Russian Winter Combat 2: +4, then +2, then +1."""
    assert t.russian_winter.modifiers == (4, 2, 1)


def test_time_record_has_three_turns_a_year(t: Tables) -> None:
    """Barbarossa runs Summer 1941 to Winter 1943 and its second turn is Winter 1941; the
    track runs from Campaign Game I's Winter 1939 to the Fall of Germany's Winter 1945."""
    turns = t.turns()
    assert turns[0] == "Winter 1939" and turns[-1] == "Winter 1945"
    barbarossa = turns[turns.index("Summer 1941") : turns.index("Winter 1943") + 1]
    assert barbarossa[1] == "Winter 1941"
    assert len(barbarossa) == 8
    assert {e.turn for e in t.time_record.events} <= set(turns)


def test_loader_rejects_a_short_firepower_row(tmp_path: Path) -> None:
    doc = json.loads(DATA_PATH.read_text())
    doc["firepower"]["rows"][0] = [1, 1]
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(TablesError, match="firepower row"):
        load_tables_from(path)


@pytest.mark.rules("G27.4")
def test_the_three_player_scales_are_the_rulebooks(t: Tables) -> None:
    """Three Players 4: the Axis wins at 1:1 decisively, above 1:3 substantially and at
    any ratio marginally (while it holds Berlin); the Soviets at 3:2, 1:1 and 1:2; the
    Allies at 2:1, 3:2 and 1:1."""
    lines = {
        side: [(s.level, s.at_least or f">{s.more_than}") for s in scale]
        for side, scale in t.three_player_scales.items()
    }
    assert lines == {
        "axis": [(3, "1"), (2, ">1/3"), (1, "0")],
        "soviet": [(3, "3/2"), (2, "1"), (1, "1/2")],
        "allied": [(3, "2"), (2, "3/2"), (1, "1")],
    }


def test_loader_rejects_a_scale_whose_ratios_rise(tmp_path: Path) -> None:
    doc = json.loads(DATA_PATH.read_text())
    doc["three_player_scales"]["soviet"][2]["at_least"] = "2"
    path = tmp_path / "tables.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(TablesError, match="'soviet': ratios must fall"):
        load_tables_from(path)
