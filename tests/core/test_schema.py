"""Options and scenarios: parsing, validation messages, and the ruleset's use of them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tinygame import TINY

from grognard.core.errors import BadOptions
from grognard.core.schema import Option, Scenario, resolve_options

FLAG = Option("fog", "bool", False, "Fog of war.")
COUNT = Option("players", "int", 2, "Players.", min=2, max=6)
SIDES = Option("sides", "choice", 6, "Die sides.", choices=(4, 6, 8))
MODE = Option("victory", "choice", "standard", "Victory.", choices=("standard", "race"))
DECLARED = (FLAG, COUNT, SIDES, MODE)


@pytest.mark.parametrize(
    ("given_", "expected"),
    [(True, True), (False, False), ("yes", True), ("no", False), ("1", True), ("0", False),
     ("TRUE", True), (" off ", False), ("on", True), (1, True), (0, False)],
)
def test_bool_parsing(given_: object, expected: bool) -> None:
    assert FLAG.validate(given_) is expected


def test_bool_rejects_other_words() -> None:
    with pytest.raises(BadOptions, match=r"option fog: 'maybe' is not a yes/no value"):
        FLAG.validate("maybe")


def test_int_parsing_and_bounds() -> None:
    assert COUNT.validate("4") == 4
    assert COUNT.validate(6) == 6
    with pytest.raises(BadOptions, match="option players: 1 is below the minimum 2"):
        COUNT.validate(1)
    with pytest.raises(BadOptions, match="option players: 7 is above the maximum 6"):
        COUNT.validate("7")
    with pytest.raises(BadOptions, match="option players: 'many' is not a whole number"):
        COUNT.validate("many")
    with pytest.raises(BadOptions, match="not a whole number"):
        COUNT.validate(True)  # a bool is not a count
    with pytest.raises(BadOptions, match="not a whole number"):
        COUNT.validate(None)


@settings(deadline=None)
@given(st.integers(min_value=2, max_value=6))
def test_int_accepts_its_text_form(n: int) -> None:
    assert COUNT.validate(str(n)) == n


@settings(deadline=None)
@given(st.integers().filter(lambda n: not 2 <= n <= 6))
def test_int_rejects_every_value_out_of_bounds(n: int) -> None:
    with pytest.raises(BadOptions, match="option players"):
        COUNT.validate(n)


def test_choice_parsing_returns_the_declared_value() -> None:
    assert SIDES.validate("8") == 8  # text from a form or the command line
    assert isinstance(SIDES.validate("8"), int)
    assert MODE.validate("race") == "race"
    with pytest.raises(BadOptions, match="option sides: '10' is not one of 4, 6, 8"):
        SIDES.validate("10")


def test_option_declarations_are_checked() -> None:
    with pytest.raises(ValueError, match="unknown type 'float'"):
        Option("speed", "float", 1.0, "Speed.")
    with pytest.raises(BadOptions, match="below the minimum"):
        Option("players", "int", 1, "Players.", min=2)
    with pytest.raises(BadOptions, match="not one of"):
        Option("mode", "choice", "x", "Mode.", choices=("a", "b"))


def test_resolve_fills_defaults_and_converts() -> None:
    assert resolve_options(DECLARED, {}) == {"fog": False, "players": 2, "sides": 6, "victory": "standard"}
    assert resolve_options(DECLARED, {"fog": "yes", "players": "3"}) == {
        "fog": True, "players": 3, "sides": 6, "victory": "standard",
    }


def test_unknown_options_rejected_with_the_known_ones() -> None:
    with pytest.raises(BadOptions, match=r"unknown option\(s\) colour, speed; known options: fog, players"):
        resolve_options(DECLARED, {"speed": 2, "colour": "red"})
    with pytest.raises(BadOptions, match="known options: none"):
        resolve_options((), {"x": 1})


def test_to_json_for_forms() -> None:
    assert COUNT.to_json() == {
        "id": "players", "type": "int", "default": 2, "description": "Players.", "min": 2, "max": 6,
    }
    assert SIDES.to_json()["choices"] == [4, 6, 8]
    assert "choices" not in FLAG.to_json() and "min" not in FLAG.to_json()
    scenario = Scenario("standard", "Standard", "A game.", players=(2, 3))
    assert scenario.to_json() == {
        "id": "standard", "name": "Standard", "description": "A game.", "players": [2, 3],
    }


# ----- through a ruleset -----------------------------------------------------------------
def test_ruleset_resolves_scenario_and_options() -> None:
    scenario, options = TINY.resolve(None, {"sides": "4", "swap": "no"})
    assert scenario.id == "standard"  # the first scenario is the default
    assert options == {"swap": False, "sides": 4, "bonus": 0}
    state = TINY.new_game("sprint", {"sides": "8", "bonus": "2"}, seed=5)
    assert state.meta["options"] == {"swap": True, "sides": 8, "bonus": 2}
    assert state.meta["scenario"] == "sprint"
    assert state.data["scores"] == {"north": 2, "east": 2, "south": 2}


def test_ruleset_rejects_bad_settings() -> None:
    with pytest.raises(BadOptions, match="tiny has no scenario 'epic'; scenarios: standard, sprint"):
        TINY.new_game("epic")
    with pytest.raises(BadOptions, match="unknown option"):
        TINY.new_game(options={"players": 4})
    with pytest.raises(BadOptions, match="seed must be a non-negative whole number"):
        TINY.new_game(seed=-1)
    with pytest.raises(BadOptions, match="above the maximum 5"):
        TINY.new_game(options={"bonus": 9})


def test_describe_lists_scenarios_and_options() -> None:
    described = TINY.describe()
    assert described["id"] == "tiny"
    assert [s["id"] for s in described["scenarios"]] == ["standard", "sprint"]
    assert [o["id"] for o in described["options"]] == ["swap", "sides", "bonus"]
