"""Viktory II's state is typed (issue 21 item 2): the rule code reads `state.data` through
the layout of layout.py, so `mypy --strict` rejects a misspelt key. The checker is run here
on small files that read the layout, once misspelt and once right, so that a failure can
only come from the key."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from pathlib import Path
from types import ModuleType
from typing import get_args, get_type_hints

import pytest
from layoutcheck import mypy_on_layout

import grognard.games.viktory2 as viktory2
from grognard.games.viktory2 import RULESET, VICTORY_CONDITIONS
from grognard.games.viktory2.layout import OptionName, Town, Unit, Viktory2Data, Viktory2Options
from grognard.games.viktory2.situation import LandMemo, Relations
from grognard.games.viktory2.state import Viktory2State

VASSAL = """
    from grognard.games.viktory2.layout import Viktory2Data

    def is_vassal(data: Viktory2Data, role: str) -> bool:
        return role in data["{key}"]  # 15.61
"""

CARGO = """
    from grognard.games.viktory2.layout import Unit

    def is_cargo(unit: Unit) -> bool:
        return unit["{key}"] is not None  # 9.4
"""

ONE_HEX = """
    from grognard.games.viktory2.layout import TurnRecord

    def dropped_at(turn: TurnRecord, frigate: str) -> str | None:
        return turn["{key}"].get(frigate)  # 9.46
"""

CITY = """
    from grognard.games.viktory2.layout import Town

    def points(town: Town) -> int:
        return 2 if town["{key}"] else 1  # 5.3
"""


@pytest.mark.parametrize(
    ("body", "right", "misspelt", "record"),
    [
        (VASSAL, "ruler", "rulers", "Viktory2Data"),
        (CARGO, "aboard", "on_board", "Unit"),
        (ONE_HEX, "dropoff", "drop_off", "TurnRecord"),
        (CITY, "city", "is_city", "Town"),
    ],
    ids=["data", "unit", "turn-record", "town"],
)
def test_mypy_rejects_a_misspelt_key_of_the_layout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, right: str, misspelt: str, record: str
) -> None:
    out, status = mypy_on_layout(tmp_path, monkeypatch, "viktory2", body.format(key=right))
    assert status == 0, out
    out, status = mypy_on_layout(tmp_path, monkeypatch, "viktory2", body.format(key=misspelt))
    assert status == 1
    assert f'TypedDict "{record}" has no key "{misspelt}"' in out


def _state_hints() -> dict[str, object]:
    # the memo types are imported by state.py for the checker only
    return get_type_hints(Viktory2State, localns={"LandMemo": LandMemo, "Relations": Relations})


def test_the_state_hands_its_data_out_typed_by_the_layout() -> None:
    assert _state_hints()["data"] is Viktory2Data


def test_the_states_helpers_hand_out_the_layouts_records() -> None:
    """The rule modules read units and towns through these helpers rather than through
    `data`: their records must be the layout's too, for the keys to be checked."""
    assert get_type_hints(Viktory2State.unit)["return"] is Unit
    assert get_type_hints(Viktory2State.town_at)["return"] == Town | None
    units = get_type_hints(Viktory2State.units.fget)["return"]  # type: ignore[attr-defined]
    assert units == dict[str, Unit]


def _modules() -> list[ModuleType]:
    return [
        importlib.import_module(f"grognard.games.viktory2.{info.name}")
        for info in pkgutil.iter_modules(viktory2.__path__)
    ]


def test_every_modules_data_alias_is_the_layout() -> None:
    """A module that names the game data `Data` means the layout, so that a function
    taking `data: Data` is checked key by key."""
    aliases = {m.__name__: vars(m)["Data"] for m in _modules() if "Data" in vars(m)}
    assert "grognard.games.viktory2.layout" in aliases
    assert {name for name, alias in aliases.items() if alias is not Viktory2Data} == set()


#: the names the rule code gives the turn record, a unit, a town and their tables
RECORD_PARAMETERS = {"turn", "unit", "town", "units", "towns"}


def test_no_function_takes_the_turn_units_or_towns_as_untyped_dicts() -> None:
    """Every function of the package that takes the turn record, a unit, a town or their
    tables by those names declares the layout's type (or, for ids, plain strings), never
    a `dict[str, Any]` whose keys the checker cannot see."""
    found: dict[str, str] = {}
    for module in _modules():
        for owner in [module, *(c for c in vars(module).values() if inspect.isclass(c))]:
            for fn in vars(owner).values():
                if not inspect.isfunction(fn) or fn.__module__ != module.__name__:
                    continue
                for param, annotation in fn.__annotations__.items():
                    if param in RECORD_PARAMETERS:
                        found[f"{fn.__module__}.{fn.__qualname__}({param})"] = str(annotation)
    # the records the layout types: boarding's turn records, why's and wording's units,
    # the action keys' unit tables (and ids elsewhere, as Iterable[str])
    layout_types = {"TurnRecord", "Unit", "Unit | None", "Mapping[str, Unit]", "dict[str, Unit]"}
    assert len([a for a in found.values() if a in layout_types]) >= 5
    assert {where: a for where, a in found.items() if "Any" in a or "dict[str, dict" in a} == {}


def test_the_options_layout_names_every_declared_option() -> None:
    """`st.option(name)` takes an `OptionName` and `st.options` is a `Viktory2Options`, so
    a misspelt option is caught by the checker: both must name exactly the options the
    ruleset declares (and the victory conditions it offers)."""
    declared = [option.id for option in RULESET.options]
    assert list(get_args(OptionName)) == declared
    hints = get_type_hints(Viktory2Options)
    assert list(hints) == declared
    assert get_args(hints["victory"]) == VICTORY_CONDITIONS
    assert get_type_hints(Viktory2State.option)["name"] == OptionName
    st = RULESET.new_game(options={"players": 2}, seed=1)
    assert sorted(st.meta["options"]) == sorted(declared)  # every option resolved to a value
