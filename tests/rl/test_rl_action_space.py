"""The fixed action index (issue 11, "a fixed, documented action index space per
scenario with action masks"; grognard/rl/action_space.py).

The generic test plays a random game of every ruleset and scenario that declares its
action space (found at run time: the registry's rulesets with an action_space module,
every player count of a "players" option, and the core's test games) and checks, for
every legal action of every active role at every step, that it has a slot, that the
slot decodes back to it (to its key where the ruleset keys), that no two legal actions
share a slot, and that the slots do not depend on the game (the same action or key
has one slot in two games and in two builds of the space)."""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest

from grognard.core.game import Action, Ruleset
from grognard.games import REGISTRY
from grognard.rl import ActionIndexError, env, parallel_env
from grognard.rl.action_space import ActionSpace, declaration_module, declares

HERE = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(HERE / "core"))
sys.path.insert(0, str(HERE / "sim"))
import blockgame  # noqa: E402
import tinygame  # noqa: E402
import tinyrules  # noqa: E402

#: Random actions per game of the generic test (cheap: a few seconds a case).
ACTIONS = 300
TEST_GAMES: list[Ruleset] = [blockgame.BLOCKSKIRMISH, tinygame.TINY, tinyrules.RULESET]


def declared_cases() -> list[tuple[Ruleset, str, dict[str, Any]]]:
    """(ruleset, scenario, options) for every declared scenario and player count."""
    cases: list[tuple[Ruleset, str, dict[str, Any]]] = []
    for ruleset in [*REGISTRY, *TEST_GAMES]:
        module = declaration_module(ruleset)
        if module is None:
            continue
        has_players = any(o.id == "players" for o in ruleset.options)
        for scenario in ruleset.scenarios:
            if not declares(module, scenario.id):
                continue  # left to the legal-action index (hgw's campaign_4: past the budget)
            counts = scenario.players if has_players else (None,)
            for n in counts:
                cases.append((ruleset, scenario.id, {"players": n} if n is not None else {}))
    return cases


CASES = declared_cases()
IDS = [f"{r.id}-{s}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for r, s, o in CASES]


def test_the_declared_cases_include_viktory2_and_the_test_games() -> None:
    ids = {(r.id, o.get("players")) for r, _, o in CASES}
    assert {("viktory2", n) for n in range(2, 7)} <= ids
    assert {"blockskirmish", "tiny"} <= {r.id for r, _, _ in CASES}


@pytest.mark.parametrize(("ruleset", "scenario", "options"), CASES, ids=IDS)
def test_every_legal_action_has_its_own_fixed_slot(
    ruleset: Ruleset, scenario: str, options: dict[str, Any]
) -> None:
    space = ActionSpace.for_ruleset(ruleset, scenario, options)
    again = ActionSpace.for_ruleset(ruleset, scenario, options)  # a second build: the same numbering
    assert space is not None and again is not None
    assert space.describe() == again.describe()
    assert 0 < space.size <= 2**22
    seen: dict[Action, int] = {}
    for seed in (1, 2):  # two games: an action (or key) seen in both keeps its slot
        state = ruleset.new_game(scenario, options, seed)
        rng = random.Random(seed)
        for _ in range(ACTIONS // 2):
            if state.is_over():
                break
            movers = []
            for role in state.active_roles():
                legal = state.legal_actions(role)
                if not legal:
                    continue
                movers.append((role, legal))
                slots = space.legal_slots(state, role, legal)  # raises outside the space or on a clash
                keys = space.keys(state, role, legal) if space.keys is not None else legal
                assert len(set(slots.slots.tolist())) == len(legal)
                for action, key, slot in zip(legal, keys, slots.slots.tolist(), strict=True):
                    assert space.decode(slot) == key and again.encode(key) == slot
                    assert slots.action(slot) == action
                    assert seen.setdefault(key, slot) == slot
            role, legal = rng.choice(movers)
            state.apply(role, rng.choice(legal))
    assert len(seen) >= 3  # the pile game has three actions in all


# ----- the numbering ----------------------------------------------------------------------


def test_slots_are_numbered_mixed_radix_in_declared_order() -> None:
    space = ActionSpace(
        [("pass", []), ("move", [["a", "b"], [1, 2, 3]]), ("shift", [[("x", 1), ("y", 2)], [True, False]])],
        name="demo",
    )
    assert space.size == 1 + 6 + 4
    assert space.encode(("pass",)) == 0
    assert space.encode(("move", "a", 1)) == 1 and space.encode(("move", "a", 3)) == 3
    assert space.encode(("move", "b", 1)) == 4  # the first domain is the most significant
    assert space.encode(("shift", "y", 2, False)) == 7 + 2 + 1  # a joint domain covers two elements
    assert [space.decode(i) for i in range(space.size)][-1] == ("shift", "y", 2, False)
    assert space.describe()[2] == {
        "kind": "shift",
        "offset": 7,
        "count": 4,
        "domains": [2, 2],
        "widths": [2, 1],
    }
    assert space.names()[4] == "move b 1"
    assert "shift" in space.text()


@pytest.mark.parametrize(
    ("action", "problem"),
    [
        (("jump", 1), "no declared kind"),
        (("move", "c", 1), "outside its domain"),
        (("move", "a"), "has 1 elements"),
        (("move", "a", 1, 9), "has 3 elements"),
        (("shift", "x", 2, True), "outside its domain"),  # not one of the joint pairs
    ],
)
def test_an_action_outside_the_space_is_a_clear_error(action: Action, problem: str) -> None:
    space = ActionSpace(
        [("move", [["a", "b"], [1, 2]]), ("shift", [[("x", 1), ("y", 2)], [True]])], name="demo"
    )
    with pytest.raises(ActionIndexError, match=problem):
        space.encode(action)
    with pytest.raises(ActionIndexError, match="outside"):
        space.decode(space.size)


def test_bad_declarations_are_refused() -> None:
    with pytest.raises(ValueError, match="declared twice"):
        ActionSpace([("a", []), ("a", [])])
    with pytest.raises(ValueError, match="mixes"):
        ActionSpace([("a", [[("x", 1), "y"]])])
    with pytest.raises(ValueError, match="repeats"):
        ActionSpace([("a", [[1, 1]])])
    with pytest.raises(ValueError, match="more than"):
        ActionSpace([("a", [list(range(2**11))] * 2), ("b", [list(range(2**11))] * 2)])


def test_two_legal_actions_in_one_slot_are_an_error_of_the_declaration() -> None:
    state = tinyrules.RULESET.new_game(None, {}, 0)

    def same_key(_state: Any, _role: str, actions: Any) -> list[Action]:
        return [("roll",) for _ in actions]

    space = ActionSpace([("take", [[1, 2]]), ("roll", [])], keys=same_key, name="clash")
    with pytest.raises(ActionIndexError, match="share slot"):
        space.legal_slots(state, "north", state.legal_actions("north"))


# ----- in the environments ------------------------------------------------------------------


class Undeclared(tinyrules.Tiny):
    """The pile game, declaring no action space (grognard/seams.py)."""

    id: ClassVar[str] = "undeclared"
    seams: ClassVar[Mapping[str, str]] = {}


UNDECLARED = Undeclared()


def test_the_fixed_index_is_the_default_where_declared() -> None:
    aec = env("tinyrules:RULESET")
    aec.reset(seed=3)
    agent = aec.agent_selection
    assert aec.index == "fixed" and aec.action_space(agent).n == 3
    assert aec.actions(agent) == [("roll",), ("take", 1), ("take", 2)]
    assert aec.slots(agent) == [2, 0, 1]  # take 1, take 2, roll: the declared order
    assert aec.observe(agent)["action_mask"].tolist() == [1, 1, 1]
    pile = aec.game.view(None)["board"]["pile"]
    aec.step(1)  # slot 1 is ("take", 2) in every position
    assert aec.game.view(None)["board"]["pile"] == pile - 2
    described = aec.describe_action_space()
    assert described["index"] == "fixed" and described["size"] == 3
    assert [f["kind"] for f in described["families"]] == ["take", "roll"]


def test_a_masked_out_slot_is_refused_and_a_parallel_one_wraps() -> None:
    aec = env("tinyrules:RULESET", options={"pile": 1})
    aec.reset(seed=0)
    agent = aec.agent_selection
    assert aec.observe(agent)["action_mask"].tolist() == [1, 0, 1]  # no ("take", 2) from a pile of 1
    with pytest.raises(ActionIndexError, match="not legal"):
        aec.step(1)
    assert aec.game.view(None)["board"]["pile"] == 1  # nothing happened
    par = parallel_env("tinyrules:RULESET", options={"pile": 1})
    par.reset(seed=0)
    par.step({"north": 1, "south": 0})  # slot 1 is not legal: the legal action at 1 mod 2 is played
    assert par.game.is_over()


def test_a_ruleset_without_a_declaration_keeps_the_legal_index() -> None:
    aec = env("test_rl_action_space:UNDECLARED")
    aec.reset(seed=0)
    assert aec.index == "legal" and aec.describe_action_space()["index"] == "legal"
    assert aec.slots(aec.agent_selection) == [0, 1, 2]
    with pytest.raises(ValueError, match="declares no action space"):
        env("test_rl_action_space:UNDECLARED", index="fixed")
    with pytest.raises(ValueError, match="index is one of"):
        env("tinyrules:RULESET", index="sorted")


def test_a_scenario_the_declaration_leaves_out_keeps_the_legal_index() -> None:
    """hgw's Campaign Game IV: two record sheets a side put its index past the budget."""
    assert ActionSpace.for_game("hgw", "campaign_4") is None
    assert ActionSpace.for_game("hgw", "barbarossa") is not None
    assert env("hgw", scenario="campaign_4").index == "legal"
    with pytest.raises(ValueError, match="declares no action space"):
        env("hgw", scenario="campaign_4", index="fixed")


def test_viktory2_moves_are_keyed_by_unit_type_and_age() -> None:
    aec = env("viktory2", options={"players": 2})
    aec.reset(seed=5)
    space = ActionSpace.for_game("viktory2", None, {"players": 2})
    assert space is not None and space.keys is not None
    assert aec.action_space(aec.agent_selection).n == space.size
    rng = np.random.default_rng(5)
    while not any(a[0] == "move" for a in aec.actions(aec.agent_selection)):
        agent = aec.agent_selection
        aec.step(int(rng.choice(np.flatnonzero(aec.observe(agent)["action_mask"]))))
    agent = aec.agent_selection
    units = aec.game.data["units"]
    for action, slot in zip(aec.actions(agent), aec.slots(agent), strict=True):
        if action[0] != "move":
            continue
        uid = action[1]
        mine = sorted(
            (int(u.split("-")[1][1:]), u)
            for u, v in units.items()
            if v["owner"] == agent and v["type"] == units[uid]["type"]
        )
        rank = [u for _, u in mine].index(uid)
        assert space.decode(slot) == ("move", units[uid]["type"], rank, action[2])
    mask = aec.observe(agent)["action_mask"]
    assert mask.shape == (space.size,) and int(mask.sum()) == len(aec.actions(agent))


#: Viktory II with every optional rule that adds a kind of action (15.3 to 15.6).
OPTIONAL_RULES = {
    "players": 3,
    "exploration_balancing": True,
    "luck_averaging": True,
    "relocation": True,
    "subjugation": True,
}


def test_viktory2_keys_hold_through_a_long_game_with_the_optional_rules() -> None:
    """Past the opening the generic test covers: battles, hits, losses, boarding and
    15.3-15.6's own actions, every legal action keyed into its own slot."""
    ruleset = REGISTRY.get("viktory2")
    space = ActionSpace.for_ruleset(ruleset, None, OPTIONAL_RULES)
    assert space is not None
    kinds: set[str] = set()
    for seed in (3, 4):
        state = ruleset.new_game(None, OPTIONAL_RULES, seed)
        rng = random.Random(seed)
        for _ in range(1500):
            if state.is_over():
                break
            role = state.active_roles()[0]
            legal = state.legal_actions(role)
            slots = space.legal_slots(state, role, legal)
            assert [slots.action(s) for s in slots.slots.tolist()] == legal
            kinds.update(a[0] for a in legal)
            state.apply(role, rng.choice(legal))
    assert {"move", "bombard", "embark", "disembark", "battle", "eliminate", "average", "relocate"} <= kinds


def test_viktory2_bounds_follow_the_tile_stock() -> None:
    from grognard.games.viktory2 import action_space

    # 2 players: 31 land tiles (9 of them plains), 8 grassland, 7 mountain, 7 forest
    assert action_space.most_units(2) == {"infantry": 40, "cavalry": 8, "artillery": 7, "frigate": 7}
    sizes = {n: ActionSpace.for_game("viktory2", None, {"players": n}).size for n in (2, 6)}
    assert sizes[2] < 30_000 and sizes[6] < 2**18
    # the worked example of docs/simlab.md: slot 623 + 61 r + h moves unit key r to hex h
    space = ActionSpace.for_game("viktory2", None, {"players": 2})
    assert space is not None
    hexes = sorted(space.decode(67 + h)[1] for h in range(61))  # build_town's hexes, in slot order
    assert space.decode(623 + 61 * 41 + 5) == ("move", "cavalry", 1, hexes[5])  # keys 40.. are cavalry
    assert space.encode(("move", "infantry", 0, hexes[0])) == 623



def test_viktory2_refuses_to_key_another_players_unit_in_a_move() -> None:
    from grognard.games.viktory2 import action_space

    state = REGISTRY.get("viktory2").new_game(None, {"players": 2}, 1)
    rng = random.Random(1)
    while len({v["owner"] for v in state.data["units"].values()}) < 2:
        role = state.active_roles()[0]
        state.apply(role, rng.choice(state.legal_actions(role)))
    other = next(u for u, v in state.data["units"].items() if v["owner"] != state.roles[0])
    with pytest.raises(ValueError, match="not red's"):
        action_space.action_keys(state, "red", [("move", other, "0,0")])
