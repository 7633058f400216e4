"""blockskirmish, the test fixture of the client's blocks and battles: it keeps the
contract, and its battles follow the Victory cases it stands in for (forced dice)."""

from __future__ import annotations

import json

from blockgame import BLOCKSKIRMISH, BlockState, new_game

from grognard.core.rng import Rng
from grognard.testing import check_ruleset


def attack(state: BlockState, *moves: tuple[str, str]) -> BlockState:
    """Red moves these blocks, ends its moves; the first battle starts."""
    for bid, area in moves:
        state.apply("red", ("move", bid, area))
    state.apply("red", ("end_moves",))
    return state


def acting(state: BlockState) -> str:
    frame = state.frame()
    assert frame["state"] == "battle"
    block: str = frame["block"]
    return block


def steps(state: BlockState) -> dict[str, int]:
    return {bid: block["steps"] for bid, block in state.data["blocks"].items()}


# ----- the contract ----------------------------------------------------------------------------
def test_random_games_keep_the_contract() -> None:
    report = check_ruleset(BLOCKSKIRMISH, games=30)
    assert report.games == 30
    assert report.longest <= 400  # bounded: a few moves and battles per turn


def test_every_option_thoroughly() -> None:
    options = [{}, {"turns": 1}, {"turns": "3"}]
    report = check_ruleset(BLOCKSKIRMISH, games=4, options_list=options, thorough=True, seed=100)
    assert report.games == 12


# ----- battles -----------------------------------------------------------------------------------
def test_6_31_combat_turns_by_letter_with_the_defender_first_on_a_tie() -> None:
    state = attack(new_game(), ("red-hussars", "wood"), ("red-grenadiers", "wood"))
    order = []
    for _ in range(4):
        order.append(acting(state))
        state.apply(state.active_roles()[0], ("pass", acting(state)))
    # A before B; the defender's B blocks before the attacker's B
    assert order == ["red-hussars", "blue-jaegers", "blue-musketeers", "red-grenadiers"]
    assert state.frame()["round"] == 2
    assert acting(state) == "red-hussars"


def test_6_4_and_6_46_a_die_per_step_hits_on_the_strongest_block() -> None:
    state = attack(new_game(), ("red-hussars", "wood"), ("red-grenadiers", "wood"))
    state.rng.force([1, 1, 6])  # hussars: 3 steps, 3 dice, firepower 1: two hits
    state.apply("red", ("fire", "red-hussars"))
    assert state.frame()["fires"] == [{"block": "red-hussars", "dice": [1, 1, 6], "hits": 2}]
    # both hits on the strongest: musketeers 4 -> 3 -> 2; jaegers (1) untouched
    assert steps(state)["blue-musketeers"] == 2
    assert steps(state)["blue-jaegers"] == 1
    assert "red rolls 1 1 6 (Hussars fire, hits on 1 or less)" in state.log_for("blue")
    # jaegers hit on 2 or less; red's two blocks tie at 3 steps: the hit goes by id
    state.rng.force([2])
    state.apply("blue", ("fire", "blue-jaegers"))
    assert steps(state)["red-grenadiers"] == 2
    assert steps(state)["red-hussars"] == 3


def test_6_3_and_6_5_the_attacker_withdraws_after_the_third_round() -> None:
    state = attack(new_game(), ("red-hussars", "wood"), ("red-grenadiers", "wood"))
    for _ in range(3 * 4):
        state.apply(state.active_roles()[0], ("pass", acting(state)))
    assert state.data["blocks"]["red-hussars"]["at"] == "hill"
    assert state.data["blocks"]["red-grenadiers"]["at"] == "hill"
    assert state.frame() == {"state": "move", "role": "blue"}
    assert "red-hussars withdraws from wood to hill" in state.log_for(None)


def test_6_51_attackers_retreat_the_way_they_came_defenders_anywhere_free() -> None:
    state = attack(new_game(), ("red-hussars", "wood"))
    assert state.legal_actions("red") == [
        ("fire", "red-hussars"),
        ("pass", "red-hussars"),
        ("retreat", "red-hussars", "hill"),
    ]
    state.apply("red", ("pass", "red-hussars"))
    assert acting(state) == "blue-jaegers"
    # not hill: red still holds it
    retreats = [a[2] for a in state.legal_actions("blue") if a[0] == "retreat"]
    assert retreats == ["eastcamp", "mill"]
    state.apply("blue", ("retreat", "blue-jaegers", "mill"))
    assert state.view("red")["board"]["battle"]["retreats"][0]["to"] == "mill"


def test_an_eliminated_defender_loses_the_battle_and_is_shown() -> None:
    state = attack(new_game(), ("red-pikemen", "mill"))
    assert acting(state) == "blue-dragoons"  # A before C
    state.rng.force([6, 6])
    state.apply("blue", ("fire", "blue-dragoons"))
    state.rng.force([1, 2, 6, 6])  # pikemen: four dice at 2: two hits, the dragoons' two steps
    state.apply("red", ("fire", "red-pikemen"))
    assert "blue-dragoons" not in state.data["blocks"]
    assert state.data["dead"] == ["blue-dragoons"]
    assert "red wins the battle at mill" in state.log_for(None)
    assert state.frame() == {"state": "move", "role": "blue"}
    assert state.view("red")["board"]["eliminated"] == ["blue-dragoons"]
    assert "blue-dragoons" not in state.hidden_tokens("red")


# ----- hidden information -------------------------------------------------------------------------
def test_the_enemy_sees_side_and_area_only_until_a_block_takes_its_turn() -> None:
    state = new_game()
    blue = state.view("blue")["board"]
    assert {"side": "red", "at": "hill", "hidden": True} in blue["blocks"]
    assert all(set(b) == {"side", "at", "hidden"} for b in blue["blocks"] if b["side"] == "red")
    text = json.dumps(state.view("blue"))
    assert not [token for token in state.hidden_tokens("blue") if token in text]
    assert {"red-hussars", "Hussars", "red-pikemen"} <= state.hidden_tokens("blue")

    attack(state, ("red-hussars", "wood"), ("red-grenadiers", "wood"))
    battle = state.view("blue")["board"]["battle"]
    assert battle["firing"]["id"] == "red-hussars" and battle["turn"] == "red"
    # the hussars are face up in the battle; the grenadiers, not yet at their turn, are blank
    assert [b.get("id") for b in battle["sides"]["red"]] == ["red-hussars", None]
    assert battle["sides"]["red"][1] == {"side": "red", "hidden": True}
    assert "red-grenadiers" not in json.dumps(state.view("blue"))
    # the observer sees both sides' blocks blank but for the one at its turn
    observer = state.view(None)["board"]["battle"]
    assert [b.get("id") for b in observer["sides"]["blue"]] == [None, None]


def test_a_sample_deals_the_unseen_enemy_blocks_again_and_keeps_the_view() -> None:
    state = attack(new_game(), ("red-hussars", "wood"))
    places = {bid: block["at"] for bid, block in state.data["blocks"].items()}
    moved = set()
    for seed in range(12):
        sample = state.sample_consistent("red", Rng(Rng.new_state(seed)))
        assert sample.view("red") == state.view("red")
        assert sample.data["blocks"]["red-grenadiers"] == state.data["blocks"]["red-grenadiers"]
        moved |= {bid for bid, block in sample.data["blocks"].items() if block["at"] != places[bid]}
    assert moved and all(bid.startswith("blue-") for bid in moved)
