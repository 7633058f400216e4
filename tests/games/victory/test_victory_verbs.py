"""Each Victory action's shape declared once (issue 21; games/victory/verbs.py): every
legal action met in seeded random play has its verb's declared shape, each argument of
its declared kind (the kinds' domains are the RL index's); every declared verb is met
or its absence explained; a misshapen action is refused naming the verb's arguments
and changes nothing; the RL index keys the declared block arguments; the browser gets
the table with the board data."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import pytest
from victory_positions import deployed

from grognard.core.errors import IllegalAction
from grognard.games.victory import RULESET
from grognard.games.victory.action_space import BLOCK_KINDS, action_space
from grognard.games.victory.verbs import BLOCK_VERBS, REGISTRY, VERBS, args

SETUP = {"map_choice": True, "factories": True, "resources": True}
PLAY = {"regroups": True, "logistics": True, "stretch_units": True}
PHASE_ENDS = (
    "maps_done",
    "done",
    "default_factories",
    "end_moves",
    "end_battles",
    "end_regroup",
    "fight",
    "pass",
)
# the verbs each short random game below meets (it asserts it), and those neither
# reaches, with the tests that play them
SETUP_MET = {
    "add_step", "attack", "build", "buy", "buy_step", "default_factories", "deploy", "disband", "divide",
    "done", "end_moves", "exchange", "factory", "invade", "maps_done", "merge", "move", "paradrop",
    "pick_map", "rotate_map", "sea_move", "strategic", "swap_maps",
}  # fmt: skip
PLAY_MET = {
    "add_step", "airfield", "attack", "board", "build", "demolish", "disband", "divide", "done", "drop",
    "end_moves", "end_regroup", "fight", "fire", "invade", "move", "paradrop", "pass", "regroup", "retreat",
    "sea_move", "strategic",
}  # fmt: skip
NOT_MET = {
    "ally": "2.0 [3]: free-for-all games of three (test_alliances.py)",
    "transfer": "10.5: the Commanders scenario (test_commanders.py)",
    "vote_coup": "10.5: the Commanders scenario (test_commanders.py)",
    "blockade": "6.8: a fleet left alone in an enemy port (test_blockade.py)",
    "blockade_battle": "6.8 (test_blockade.py)",
    "end_battles": "6.8: only beside a blockade battle (test_blockade.py)",
    "take_hit": "6.46: hits the defender chooses among equals (test_victory_battle.py)",
    "ground": "5.52: too many air units at one airbase (test_grounded_air.py)",
    "land": "5.51: air units after a battle (test_grounded_air.py)",
    "rebuild": "9.5: a demolished bridge or canal (test_destruction.py)",
    "mulberry": "9.7: an engineer on a coastal hex (test_logistics.py)",
    "convert": "4.3, 9.1: a resource block in a city (test_victory_resources.py)",
}


def _kinds(scenario: str, options: Mapping[str, Any]) -> dict[str, Any]:
    families = dict(action_space(scenario, options))

    def among(values: Any) -> Any:
        domain = set(values)
        return lambda state, value: value in domain

    hexes = set(families["fight"][0])
    return {
        "block": lambda state, bid: bid in state.data["blocks"],
        "hex": among(hexes),
        "land_hex": among(families["paradrop"][1]),
        "water_hex": among(families["sea_move"][1]),
        "via": among(hexes | {"air"}),
        "hexside": among(families["demolish"][1]),
        "board": among(families["pick_map"][0]),
        "unit_type": among(families["buy"][0]),
        "factory_type": among(families["exchange"][1]),
        "pp": among(families["factory"][2]),
        "target_class": among(families["fire"][1]),
        "arm": among(families["transfer"][0]),
        "role": among(families["ally"][0]),
    }


def test_every_legal_action_of_set_up_and_production_has_its_declared_shape(verb_check: Any) -> None:
    state = RULESET.new_game("custom-forces", SETUP, 1)
    seen = verb_check.play(state, _kinds("custom-forces", SETUP), seed=1, steps=120, prefer=PHASE_ENDS)
    assert seen == SETUP_MET


def test_every_legal_action_of_moves_and_battles_has_its_declared_shape(verb_check: Any) -> None:
    state = deployed(3, "quick-start", **PLAY)
    prefer = (*PHASE_ENDS, "attack", "fire", "retreat", "regroup")
    seen = verb_check.play(state, _kinds("quick-start", PLAY), seed=3, steps=100, prefer=prefer)
    assert seen == PLAY_MET


def test_every_declared_verb_is_met_or_explained() -> None:
    assert SETUP_MET | PLAY_MET | set(NOT_MET) == {v.name for v in VERBS}
    kinds = set().union(*(v.kinds for v in VERBS))
    assert kinds == set(_kinds("quick-start", {}))


def test_the_rl_index_keys_the_declared_block_arguments() -> None:
    # the set the index listed by hand before the declarations: it must not move
    assert BLOCK_KINDS is BLOCK_VERBS
    assert {
        "buy_step", "deploy", "move", "attack", "paradrop", "invade", "strategic", "sea_move",
        "demolish", "board", "pass", "drop", "land", "fire", "retreat", "blockade", "take_hit", "ground",
        "regroup", "add_step", "exchange", "disband", "merge", "divide", "airfield", "mulberry",
        "rebuild", "convert",
    } == BLOCK_VERBS  # fmt: skip


def test_a_misshapen_action_is_refused_naming_its_arguments(verb_check: Any) -> None:
    state = deployed(1)
    role = state.active_roles()[0]
    for verb in ("move", "attack", "factory", "fire"):
        verb_check.refuses_misshapen(state, role, verb)
    with pytest.raises(IllegalAction, match=r"attack takes \(block, to, via\), not \['blue-01', '0,3'\]"):
        state.apply(role, ["attack", "blue-01", "0,3"])
    # the short forms are well-shaped: refused as not legal now, not as misshapen
    assert "not a legal action" in str(state.why_illegal(role, ["land", "blue-01"]))


def test_arguments_are_read_by_name() -> None:
    assert args(("attack", "blue-01", "3,4", "air")) == {"block": "blue-01", "to": "3,4", "via": "air"}
    assert args(("land", "blue-01")) == {"block": "blue-01"}
    assert args(("add_step", "blue-01", "2,5")) == {"block": "blue-01", "payer": "2,5"}


def test_the_browser_gets_the_declarations() -> None:
    data = RULESET.board_data()
    assert data is not None and data["verbs"] == REGISTRY.declarations()
    assert data["verbs"]["land"]["short"] == [1]
    json.dumps(data)
