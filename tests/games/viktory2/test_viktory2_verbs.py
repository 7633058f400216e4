"""Each Viktory II action's shape declared once (issue 21; games/viktory2/verbs.py):
every legal action met in seeded random play has its verb's declared shape, each
argument of its declared kind; every declared verb is met or its absence explained; a
misshapen action is refused naming the verb's arguments and changes nothing; the RL
index keys the declared unit arguments; the browser gets the table with the board data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grognard.games.viktory2 import RULESET
from grognard.games.viktory2.tables import BOMBARDERS, LAND_UNITS, geometry
from grognard.games.viktory2.verbs import REGISTRY, VERBS, args

OPTIONS = {
    "exploration_balancing": True,
    "luck_averaging": True,
    "relocation": True,
    "subjugation": True,
    "victory": "subjugation",
}
# verbs a few hundred random actions do not reach, and the tests that play them
NOT_MET = {
    "relocate_unit": "15.62: only once a capital falls (test_alliance.py)",
    "done": "15.62: only once a capital falls (test_alliance.py)",
}


def _type(state: Any, uid: Any) -> str | None:
    unit = state.data["units"].get(uid)
    return None if unit is None else str(unit["type"])


KINDS = {
    "hex": lambda state, h: h in geometry(state.data["board"]["radius"]).ids,
    "unit": lambda state, uid: _type(state, uid) is not None,
    "land_unit": lambda state, uid: _type(state, uid) in LAND_UNITS,
    "frigate": lambda state, uid: _type(state, uid) == "frigate",
    "bombarder": lambda state, uid: _type(state, uid) in BOMBARDERS,
    "pairs": lambda state, n: isinstance(n, int) and n >= 0,
}


def test_every_legal_action_has_its_declared_shape(verb_check: Any) -> None:
    seen = verb_check.play(RULESET.new_game("standard", OPTIONS, 2), KINDS, seed=2, steps=800)
    assert seen | set(NOT_MET) == {v.name for v in VERBS}
    assert {v.kinds for v in VERBS} and set().union(*(v.kinds for v in VERBS)) == set(KINDS)


def test_a_misshapen_action_is_refused_naming_its_arguments(verb_check: Any) -> None:
    state = RULESET.new_game("standard", {}, 1)
    role = state.active_roles()[0]
    for verb in ("move", "disembark", "battle", "hit"):
        verb_check.refuses_misshapen(state, role, verb)
    with pytest.raises(Exception, match=r"move takes \(unit, to\), not \['red-i1'\]"):
        state.apply(role, ["move", "red-i1"])


def test_arguments_are_read_by_name() -> None:
    assert args(("disembark", "red-f1", "red-i2", "0,1")) == {
        "frigate": "red-f1",
        "unit": "red-i2",
        "to": "0,1",
    }
    assert args(("end_turn",)) == {}


def test_the_browser_gets_the_declarations() -> None:
    data = RULESET.board_data()
    assert data is not None and data["verbs"] == REGISTRY.declarations()
    assert data["verbs"]["bombard"] == {
        "args": [["unit", "bombarder"], ["target", "hex"]],
        "many": False,
        "rule": "11.0",
    }
    json.dumps(data)


def test_the_rl_index_keys_the_declared_unit_arguments() -> None:
    """action_space.py reads which arguments are units from the declarations: every
    verb with one has a key plan, every unit argument of it is keyed as (type, rank)
    (the hit's with its owner, 10.1), and only the disembarking unit's frigate (9.46)
    is left out."""
    from grognard.games.viktory2.action_space import PLANS, UNIT_KINDS, action_keys

    assert set(PLANS) == {v.name for v in VERBS if UNIT_KINDS & set(v.kinds)}
    assert PLANS["disembark"] == ((2, "own"), (3, "plain"))
    assert PLANS["hit"] == ((1, "any"),)
    state = RULESET.new_game("standard", {}, 1)
    old, young = state.add_unit("red", "infantry"), state.add_unit("red", "infantry")
    frigate, blue = state.add_unit("red", "frigate"), state.add_unit("blue", "cavalry")
    actions = [
        ("move", young, "0,0"),
        ("hit", blue),
        ("embark", frigate, old),
        ("disembark", frigate, young, "0,1"),
        ("end_turn",),
    ]
    keyed = action_keys(state, "red", actions)
    assert keyed == [
        ("move", "infantry", 1, "0,0"),
        ("hit", "blue", "cavalry", 0),
        ("embark", "frigate", 0, "infantry", 0),
        ("disembark", "infantry", 1, "0,1"),
        ("end_turn",),
    ]
