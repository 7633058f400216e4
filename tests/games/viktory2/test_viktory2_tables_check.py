"""data/units.json is checked against its layout (tables.Tables) when loaded (issue 21
item 6: it was read without a schema): a wrong or missing value is refused by name rather
than read as something else by the rules."""

from __future__ import annotations

import copy
import json
from importlib import resources
from typing import Any

import pytest

from grognard.games.viktory2 import tables as tables_module
from grognard.games.viktory2.tables import BOMBARDERS, CITY_TERRAIN, LAND_UNITS, UNIT_TYPES, check_tables


def _raw() -> dict[str, Any]:
    text = resources.files(tables_module.__package__).joinpath("data/units.json").read_text()
    raw: dict[str, Any] = json.loads(text)
    return raw


def test_the_shipped_tables_pass_and_the_names_the_rules_use_come_from_them() -> None:
    raw = _raw()
    checked = check_tables(copy.deepcopy(raw))
    assert checked == raw  # the check changes nothing
    assert tuple(raw["units"]) == UNIT_TYPES
    assert tuple(k for k, row in raw["units"].items() if row["domain"] == "land") == LAND_UNITS
    assert tuple(k for k, row in raw["units"].items() if row["bombards"]) == BOMBARDERS
    assert {row["city_unit"]: t for t, row in raw["terrain"].items() if row["city_unit"]} == CITY_TERRAIN


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (lambda t: t["units"]["cavalry"].update(move="3"), "'move' must be a whole number, not '3'"),
        (lambda t: t["units"]["frigate"].update(bombards=1), "'bombards' must be true or false, not 1"),
        (lambda t: t["units"]["infantry"].update(domain="air"), "'domain' must be \"land\" or \"naval\""),
        (lambda t: t["units"]["infantry"].update(moves=2), "units 'infantry' has unknown keys moves"),
        (lambda t: t["terrain"]["forest"].pop("slow"), "terrain 'forest' has no 'slow'"),
        (lambda t: t["terrain"]["plains"].update(city_unit="knight"), "city_unit names no unit type: knight"),
        (lambda t: t["settlement"].update(city=[]), "settlement 'city' must be an object"),
        (lambda t: t.update(hit_on_or_below=7), "'hit_on_or_below' must be a die face 1-6"),
        (lambda t: t.pop("terrain"), "needs a 'terrain' object of rows"),
    ],
    ids=["int", "bool", "domain", "unknown", "missing", "city-unit", "row", "face", "section"],
)
def test_a_spoilt_table_is_refused_by_name(spoil: Any, message: str) -> None:
    raw = _raw()
    spoil(raw)
    with pytest.raises(ValueError, match=r"data/units\.json") as err:
        check_tables(raw)
    assert message in str(err.value)


def test_a_rows_optional_keys_may_be_left_out() -> None:
    """pre_battle_fire (12.3) and cargo (9.41) are written only on the units that have them."""
    raw = _raw()
    assert "cargo" not in raw["units"]["infantry"] and "pre_battle_fire" not in raw["units"]["frigate"]
    del raw["units"]["artillery"]["pre_battle_fire"]
    check_tables(raw)
