"""The rulebook's movement and battle examples (the attack on Hope), step by step
with forced dice.

Our boards are not the rulebook's, so the places are chosen on our map by what the
example needs (blue takes board B, where Bressa fits): Hope is one of blue's coastal
cities; red holds two airbases near it (Barcastle, Port Alex: blue towns or cities
that red infantry occupy); Garby is a coast within invasion range, Granton a sea
hex within the battleship's move, Ordal a blue airbase within a fighter's reach.
Red is Player 1 and the attacker.

One deviation, on purpose: in round 2 the example puts both hits of red's fighter on
blue's fighter, while blue's dive bomber has the same strength (3). Rule 6.46 sends
each hit to the strongest unit, so we give one hit to each; in round 3 the same
fighter's two hits again fall one on each, and the battle ends exactly as the
example's does (blue FA-1 and DB-1 retreat to Ordal, red's fighter lands at Hope).
"""

from __future__ import annotations

import pytest
from victory_positions import BLUE, RED, act, battle, empty_game, hexes, put, start_moves

from grognard.games.victory import VictoryState
from grognard.games.victory.control import gmap, hex_distance


def _places(state: VictoryState) -> dict[str, str]:
    the_map = gmap(state.data)
    bases = hexes(state, lambda i: (i.city > 0 or i.town) and i.board == "B")
    for hope in hexes(state, lambda i: i.city > 0 and i.port and i.board == "B"):
        near = [b for b in bases if b != hope and hex_distance(b, hope) <= 3]
        reach4 = [b for b in bases if b != hope and hex_distance(b, hope) <= 4]
        coast = [
            h
            for h in hexes(state, lambda i: i.terrain == "coastal" and not i.city and not i.town)
            if 1 <= hex_distance(h, hope) <= 2
        ]
        seas = [h for h in hexes(state, lambda i: i.terrain == "sea") if hex_distance(h, hope) == 2]
        if len(near) >= 2 and len(set(reach4)) >= 3 and coast and seas:
            ordal = near[0]
            barcastle = near[1]
            port_alex = next(b for b in reach4 if b not in (ordal, barcastle))
            return {
                "hope": hope,
                "ordal": ordal,
                "barcastle": barcastle,
                "port_alex": port_alex,
                "coast": ";".join(coast),
                "seas": ";".join(seas),
            }
    raise AssertionError(f"no place for the example on {the_map.key}")


def _move_phase() -> tuple[VictoryState, dict[str, str]]:
    state = empty_game(seed=0)
    state.data["order"] = [RED, BLUE]
    state.data["homes"] = {"A": RED, "B": BLUE}  # blue defends the board with a fitting Hope
    where = _places(state)
    hope = where["hope"]
    units = {
        "b_in": put(state, BLUE, "IN", hope, 4),
        "b_db": put(state, BLUE, "DB", hope, 3),
        "b_fa": put(state, BLUE, "FA", where["ordal"], 3),
        "r_fa": put(state, RED, "FA", where["barcastle"], 4),
        "r_ab": put(state, RED, "AB", where["port_alex"], 3),
    }
    put(state, RED, "IN", where["barcastle"], 1, moved=True)  # red's hold on the two airbases
    put(state, RED, "IN", where["port_alex"], 1, moved=True)
    start_moves(state, RED)
    legal = state.legal_actions(RED)
    for coast in where["coast"].split(";"):
        marine = put(state, RED, "MA", coast, 4)
        state._after_change(None, None)
        invasions = [a for a in state.legal_actions(RED) if a[:3] == ("invade", marine, hope)]
        if invasions:
            units["r_ma"], where["invasion"] = marine, invasions[0][3]
            break
        del state.data["blocks"][marine]
    else:
        raise AssertionError("no coast in invasion range of Hope")
    for sea in where["seas"].split(";"):
        ship = put(state, RED, "BB", sea, 3)
        state._after_change(None, None)
        attacks = [  # not across the marine's hexside: a coastal hexside takes one ship (5.3)
            a
            for a in state.legal_actions(RED)
            if a[:3] == ("attack", ship, hope) and a[3] != where["invasion"]
        ]
        if attacks:
            units["r_bb"], where["bb_via"] = ship, attacks[0][3]
            break
        del state.data["blocks"][ship]
    else:
        raise AssertionError("no sea hex within the battleship's move")
    assert legal  # the position is a legal move phase
    return state, {**where, **units}


@pytest.mark.rules("5.5", "5.8", "6.6", "6.7", "5.3")
def test_movement_example_the_attack_on_hope() -> None:
    state, u = _move_phase()
    hope = u["hope"]
    state.apply(RED, ("attack", u["r_fa"], hope, "air"))  # the fighter flies 3 from Barcastle
    state.apply(RED, ("paradrop", u["r_ab"], hope))  # the airborne drops from Port Alex
    state.apply(RED, ("invade", u["r_ma"], hope, u["invasion"]))  # the marine invades from Garby
    state.apply(RED, ("attack", u["r_bb"], hope, u["bb_via"]))  # the battleship from Granton
    state.apply(RED, ("end_moves",))
    record = state.data["battles"][hope]
    assert (record["attacker"], record["defender"]) == (RED, BLUE)
    assert set(record["hexsides"].values()) == {RED}  # 5.41: the hexsides red entered by are red's
    state.apply(BLUE, ("attack", u["b_fa"], hope, "air"))  # the response from Ordal
    assert state.data["blocks"][u["b_fa"]]["reserve"] is True  # 5.8: it arrives in round 2
    assert state.data["blocks"][u["r_ab"]]["landing"] == "air"
    assert state.data["blocks"][u["r_ma"]]["landing"] == "sea"


def _step(state: VictoryState, dice: list[int], *action: object) -> None:
    state.rng.force(dice)
    act(state, *action)


@pytest.mark.rules(
    "6.3", "6.31", "6.42", "6.43", "6.44", "6.45", "6.46", "6.6", "6.7", "5.8", "5.51", "6.5", "6.54"
)
def test_battle_example_the_attack_on_hope() -> None:
    state, u = _move_phase()
    hope = u["hope"]
    for action in (
        ("attack", u["r_fa"], hope, "air"),
        ("paradrop", u["r_ab"], hope),
        ("invade", u["r_ma"], hope, u["invasion"]),
        ("attack", u["r_bb"], hope, u["bb_via"]),
        ("end_moves",),
    ):
        state.apply(RED, action)
    state.apply(BLUE, ("attack", u["b_fa"], hope, "air"))
    state.apply(BLUE, ("end_moves",))
    steps = state.data["blocks"]

    def strength(key: str) -> int:
        return int(steps[u[key]]["steps"]) if u[key] in steps else 0

    # Round 1. Blue's responding fighter waits for round 2.
    assert battle(state)["round"] == 1 and battle(state)["current"] == u["r_fa"]
    _step(state, [2, 3, 4, 5], "fire", u["r_fa"], "G")  # FA-4 at G1: misses
    assert strength("b_in") == 4
    _step(state, [1, 2, 5], "fire", u["b_db"], "N")  # DB-3 at N2: two hits on the naval group
    assert strength("r_ma") == 3  # the strongest, the marine still at sea, takes the first
    assert sorted(state.legal_actions(RED)) == sorted([("take_hit", u["r_bb"]), ("take_hit", u["r_ma"])])
    act(state, "take_hit", u["r_bb"])  # red chooses the battleship among the tied
    assert strength("r_bb") == 2
    _step(state, [2, 4], "fire", u["r_bb"], "G")  # no blue ship: shore bombardment, one hit
    assert strength("b_in") == 3
    assert battle(state)["current"] == u["r_ab"]
    assert not any(a[0] == "fire" for a in state.legal_actions(RED))  # it drops, cannot fire
    assert ("pass", u["r_ab"]) not in state.legal_actions(RED)  # 6.6: drop now or abort
    act(state, "land", u["r_ab"])
    _step(state, [3, 4, 5], "fire", u["b_in"], "G")  # IN-3 at G3 defending the city
    assert strength("r_ab") == 2
    act(state, "land", u["r_ma"])  # no blue ship left: the marines land

    # Round 2. The responding fighter is revealed and fires first (defender, A).
    assert battle(state)["round"] == 2 and battle(state)["current"] == u["b_fa"]
    assert u["b_fa"] in battle(state)["shown"]
    _step(state, [2, 3, 4], "fire", u["b_fa"], "A")
    assert strength("r_fa") == 3
    _step(state, [1, 2, 5], "fire", u["r_fa"], "A")  # two hits on blue's air group
    act(state, "take_hit", u["b_fa"])  # FA-3 and DB-3 tie: blue picks the fighter ...
    assert (strength("b_fa"), strength("b_db")) == (2, 2)  # ... the next hit finds the bomber (6.46)
    _step(state, [2, 5], "fire", u["b_db"], "G")
    assert strength("r_ma") == 2  # the strongest ground unit
    _step(state, [1, 3], "fire", u["r_bb"], "G")
    assert strength("b_in") == 2
    _step(state, [3, 4], "fire", u["r_ab"], "G")  # misses
    _step(state, [1, 5], "fire", u["b_in"], "G")  # AB-2 and MA-2 tie: red chooses
    act(state, "take_hit", u["r_ma"])
    assert strength("r_ma") == 1
    _step(state, [2], "fire", u["r_ma"], "G")
    assert strength("b_in") == 1

    # Round 3.
    assert battle(state)["round"] == 3
    _step(state, [4, 5], "fire", u["b_fa"], "G")  # misses
    _step(state, [1, 2, 6], "fire", u["r_fa"], "A")
    act(state, "take_hit", u["b_fa"])
    assert (strength("b_fa"), strength("b_db")) == (1, 1)
    _step(state, [1], "fire", u["b_db"], "G")  # MA-1 is immune to air: the hit goes on AB-2
    assert (strength("r_ab"), strength("r_ma")) == (1, 1)
    # the battleship: infantry at 1 is immune to it and no aircraft struck at sea, so no fire
    assert battle(state)["current"] == u["r_bb"]
    assert not any(a[0] == "fire" for a in state.legal_actions(RED))
    act(state, "pass", u["r_bb"])
    _step(state, [5], "fire", u["r_ab"], "G")
    _step(state, [4], "fire", u["b_in"], "G")
    _step(state, [1], "fire", u["r_ma"], "G")  # eliminates the infantry
    assert u["b_in"] not in steps

    # The end: blue has no ground unit left, so its aircraft must leave (6.5) to Ordal.
    assert state.data["flow"][-1]["state"] == "withdraw"
    for _ in range(2):
        options = [a for a in state.legal_actions(BLUE) if a[0] == "retreat"]
        assert ("retreat", options[0][1], u["ordal"]) in options
        act(state, "retreat", options[0][1], u["ordal"])
    assert steps[u["b_fa"]]["at"] == steps[u["b_db"]]["at"] == u["ordal"]
    assert steps[u["r_fa"]]["at"] == hope  # the fighter lands in the captured city (5.51)
    assert hope not in state.data["battles"]
