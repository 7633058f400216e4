"""Each Virtuti Militari action's shape declared once (issue 21; games/virtuti/verbs.py):
every legal action met in seeded random play has its verb's declared shape, each
argument of its declared kind (the kinds' domains are the RL index's); every declared
verb is met or its absence explained; a misshapen action is refused naming the verb's
arguments and changes nothing; the RL index keys the declared unit arguments; the
browser gets the table with the board data."""

from __future__ import annotations

import json
from typing import Any

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.virtuti import RULESET
from grognard.games.virtuti.action_space import action_keys, action_space
from grognard.games.virtuti.verbs import REGISTRY, UNIT_VERBS, VERBS, args

# verbs a few hundred random actions do not reach, and the tests that play them
NOT_MET = {
    "break_pact": "P9.3: the Axis, once Poland has surrendered (test_virtuti_turn.py)",
    "remove": "P7.2: a feint attack's target (test_virtuti_turn.py)",
    "deploy_sub": "P5.5: submarines bought first (test_virtuti_extras.py)",
}


def _kinds() -> dict[str, Any]:
    families = dict(action_space("full_campaign", {}))

    def among(values: Any) -> Any:
        domain = set(values)
        return lambda state, value: value in domain

    def unit(state: Any, uid: Any) -> bool:
        return uid in state.vdata["units"]

    return {
        "faction": among(families["submarine"][0]),
        "area": among(families["execute"][0]),
        "sea": among(sea for _, sea in families["deploy_sub"][0]),
        "unit": unit,
        "loss": lambda state, uid: uid in ("fort", "card") or unit(state, uid),
        "unit_type": among(families["buy"][1]),
        "level": among(families["buy"][2]),
        "order": among(families["order"][1]),
        "order_set": among(families["orders"][1]),
        "card": among(card for _, card in families["card"][0]),
        "token": among(families["air"][1]),
        "technology": among(families["research"][1]),
        "country": among(families["declare_war"][0]),
    }


def test_every_legal_action_has_its_declared_shape(verb_check: Any) -> None:
    seen = verb_check.play(RULESET.new_game("full_campaign", {}, 2), _kinds(), seed=2, steps=400)
    assert seen | set(NOT_MET) == {v.name for v in VERBS}
    assert set().union(*(v.kinds for v in VERBS)) == set(_kinds())


def test_the_rl_index_keys_the_declared_unit_arguments() -> None:
    state = RULESET.new_game("full_campaign", {}, 2)
    uid = next(iter(state.vdata["units"]))
    faction = state.vdata["units"][uid]["f"]
    actions = [("send", uid, "x"), ("hit", uid), ("strengthen", faction, uid), ("upgrade", faction, uid)]
    assert {a[0] for a in actions} == UNIT_VERBS
    keyed = action_keys(state, "axis", actions)
    assert all(uid not in key for key in keyed)  # every unit argument became (faction, rank)


def test_a_misshapen_action_is_refused_naming_its_arguments(verb_check: Any) -> None:
    state = RULESET.new_game("full_campaign", {}, 2)
    role = state.active_roles()[0]
    for verb in ("card", "order", "send", "deploy"):
        verb_check.refuses_misshapen(state, role, verb)
    with pytest.raises(IllegalAction, match=r"card takes \(faction, card\), not \['allies'\]"):
        state.apply(role, ["card", "allies"])


def test_arguments_are_read_by_name() -> None:
    assert args(("deploy", "germany", "infantry", 2, "berlin")) == {
        "faction": "germany",
        "type": "infantry",
        "level": 2,
        "area": "berlin",
    }
    assert args(("hit", "fort")) == {"loss": "fort"}


def test_the_browser_gets_the_declarations_with_the_board_data() -> None:
    data = RULESET.board_data()
    assert data is not None and data["verbs"] == REGISTRY.declarations()
    assert data["verbs"]["send"]["args"] == [["unit", "unit"], ["to", "area"]]
    assert "map" in data
    json.dumps(data)
