"""Hitler's Global War's fixed action index (issue 11): every legal action of random and
heuristic games, in every scenario with and without two_player and own_setup, has a key
in exactly one slot of the declared space (grognard.rl's ActionSpace; the games:
tests/games/conftest.py); the space is fixed data."""

from __future__ import annotations

from typing import Any

import pytest
from hgw_positions import act, fog_game, pass_turn
from test_hgw_campaign import at_turn, end_combat, place, pol
from test_hgw_campaign import new_game as campaign_game

from grognard.games.hgw import RULESET, HgwState, politics
from grognard.games.hgw.action_space import action_keys, action_space
from grognard.games.hgw.arrivals import ask_arrivals
from grognard.games.hgw.combat import strike
from grognard.rl.action_space import ActionSpace

SIZES = {"barbarossa": 76_290, "fall_of_germany": 126_583, "campaign_1": 155_290}
GAMES = [
    ("barbarossa", {}),
    ("fall_of_germany", {}),
    ("fall_of_germany", {"two_player": True, "own_setup": True}),  # special rule 5
    ("campaign_1", {}),
    ("campaign_1", {"two_player": True}),
]


@pytest.mark.parametrize("scenario", sorted(SIZES))
def test_the_space_is_fixed_data(scenario: str) -> None:
    first = action_space(scenario, {})
    assert first == action_space(scenario, {"two_player": True, "own_setup": True})
    assert ActionSpace(first).size == SIZES[scenario]


@pytest.mark.parametrize(("scenario", "options"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_stay_inside_the_space(
    scenario: str, options: dict[str, Any], seed: int, index_check: Any
) -> None:
    space = action_space(scenario, options)
    kinds = index_check.play(RULESET, scenario, options, space, action_keys, seed=seed, steps=400)
    assert {"move", "end_movement"} <= kinds


@pytest.mark.parametrize("scenario", sorted(SIZES))
def test_heuristic_games_stay_inside_the_space(scenario: str, index_check: Any) -> None:
    kinds = index_check.play(
        RULESET, scenario, {}, action_space(scenario, {}), action_keys, seed=4, steps=400, agent="heuristic"
    )
    assert {"attack", "assault"} <= kinds


def test_army_sets_are_keyed_by_a_mask_of_their_sides_roster() -> None:
    state = RULESET.new_game("barbarossa", {}, 1)
    legal = [("assault",), ("assault", "1240", "1241", "4a", "agn"), ("defensive_assault", "len")]
    legal.append(("cancel",))
    # agn and 4a are the axis's first two armies, len the soviets' second
    assert action_keys(state, "axis", legal) == [
        ("assault", "", 0),
        ("assault", "axis", 0b11),
        ("defensive_assault", "soviet", 0b10),
        ("cancel",),
    ]


def _rare_positions() -> list[tuple[HgwState, str, str]]:
    """Positions with actions random play seldom meets: (state, role, kind)."""
    italy = campaign_game()  # Italy's surrender 2: the Axis player picks the lost points
    pol(italy)["unaligned"].remove("italy")
    pol(italy)["joined"]["italy"] = "axis"
    for p in ("1636", "1637", "1736", "1737", "1837", "1838", "1839", "1937", "1938", "2037"):
        italy.data["owner"][p] = "axis"
    place(italy, "it", "1636", infantry=4, mechanized=1)
    for p in ("1937", "1938", "1838"):
        italy.data["owner"][p] = "allied"
    end_combat(italy, "allied")
    terms = campaign_game()  # the Soviet surrender offered to the Axis
    for p in ("0942", "1144", "1446"):
        terms.data["owner"][p] = "axis"
    end_combat(terms, "axis")
    fort = fog_game()  # Effect Of Forts On Combat 2: fort points taken as losses
    pass_turn(fort, "axis")
    pass_turn(fort, "soviet")
    act(fort, "allied", "end_movement")
    strike(fort, "1736", "allied", 4)
    arrivals = campaign_game()  # Nations Inclined toward Axis 3-5: the player places the points
    at_turn(arrivals, "Summer 1941")
    politics.turn_start(arrivals, "axis")
    ask_arrivals(arrivals)
    return [
        (italy, "axis", "italy_loss"),
        (terms, "axis", "accept_surrender"),
        (fort, "axis", "lose_fort"),
        (arrivals, "axis", "place"),
    ]


def test_the_seldom_met_actions_have_slots_too() -> None:
    for state, role, kind in _rare_positions():
        space = ActionSpace(action_space(state.data["scenario"], state.meta["options"]), action_keys)
        legal = state.legal_actions(role)
        assert kind in {a[0] for a in legal}
        assert len(set(space.legal_slots(state, role, legal).ids)) == len(legal)  # raises on a clash
