"""Campaign Game II's research phase played in a game (research_phase.py over research.py)
and production priced by the research sheet (production.py): K3-K7 through the real
steps of a campaign_2 game, dice forced through its RNG."""

from __future__ import annotations

from typing import Any

import pytest

from grognard.core.errors import IllegalAction
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.action_space import action_keys, action_space
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.geography import geography
from grognard.games.hgw.research_phase import nuclear_places
from grognard.rl.action_space import ActionSpace

COMBAT = ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat")


def new_game(scenario: str = "campaign_2", seed: int = 1) -> HgwState:
    state = RULESET.new_game(scenario, {}, seed=seed)
    assert isinstance(state, HgwState)
    return state


def step(state: HgwState) -> str:
    return str(state.flow[-1]["state"])


def act(state: HgwState, role: str, *action: Any) -> None:
    state.apply(role, tuple(action))


def to_production(state: HgwState, side: str) -> None:
    """The side's movement and combat pass with nothing done (a point over the stacking
    limit at the start is eliminated, as the movement phase asks); naval movement, where
    the scenario plays it, passes with nothing moved."""
    if ("end_naval_movement",) in state.legal_actions(side):
        act(state, side, "end_naval_movement")
    while ("end_movement",) not in state.legal_actions(side):
        act(state, side, *next(a for a in state.legal_actions(side) if a[0] == "eliminate"))
    for action in COMBAT:
        act(state, side, action)
    assert step(state) == "production" and state.flow[-1]["role"] == side


def to_research(state: HgwState, side: str, keep: int) -> None:
    """Production spends nothing but leaves `keep` points: the rest is taken from the
    frame as if spent, so that the research phase opens with `keep`."""
    to_production(state, side)
    state.flow[-1]["budget"] = keep
    act(state, side, "end_production")
    assert step(state) == "research"


def changed(state: HgwState) -> None:
    """A position edited by hand: the cached legal lists go."""
    state._after_change(None, None)


def open_research(state: HgwState, side: str, budget: int) -> None:
    """A research phase opened for `side` with `budget` (as production hands it on)."""
    state.data["flow"][-1] = {"state": "research", "player": side, "budget": budget}
    state.advance()
    changed(state)


def sheet(state: HgwState, side: str, item: str) -> dict[str, Any]:
    return dict(state.data["research"][side]["items"][item])


def log(state: HgwState) -> list[str]:
    return [line for line, _ in state.data["log"]]


# ----- production priced by the sheet (Item Cost 1-6) ----------------------------------------
@pytest.mark.rules("K3.1", "K3.5")
def test_campaign_game_ii_prices_points_by_each_sides_sheet_the_others_by_the_chart() -> None:
    state = new_game()
    to_production(state, "axis")
    budget = state.flow[-1]["budget"]
    build = next(a for a in state.legal_actions("axis") if a[:2] == ("build", "mechanized"))
    act(state, "axis", *build)
    assert state.flow[-1]["budget"] == budget - 5  # the Axis start: mechanized cut to 5
    infantry = next(a for a in state.legal_actions("axis") if a[:2] == ("build", "infantry"))
    act(state, "axis", *infantry)
    assert state.flow[-1]["budget"] == budget - 5 - 2  # Axis infantry at level 1: 2
    assert "mechanized 5" in state.view("axis")["prompt"] and "infantry 2" in state.view("axis")["prompt"]
    act(state, "axis", "end_production")
    while step(state) != "production" or state.flow[-1]["role"] != "soviet":
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        act(state, role, *next((a for a in legal if len(a) == 1 and a[0].startswith("end")), legal[0]))
    budget = state.flow[-1]["budget"]
    infantry = next(a for a in state.legal_actions("soviet") if a[:2] == ("build", "infantry"))
    act(state, "soviet", *infantry)
    assert state.flow[-1]["budget"] == budget - 3  # the Soviets at level 0: 3


@pytest.mark.rules("K3.1")
def test_an_improved_level_lowers_the_price_at_once() -> None:
    state = new_game()
    items = state.data["research"]["axis"]["items"]
    items["mechanized"].update(level=1, cost=8)  # tech level 1: 4 points
    to_production(state, "axis")
    budget = state.flow[-1]["budget"]
    act(state, "axis", *next(a for a in state.legal_actions("axis") if a[:2] == ("build", "mechanized")))
    assert state.flow[-1]["budget"] == budget - 4


def test_the_earlier_scenarios_keep_the_basic_chart() -> None:
    state = new_game("campaign_1")
    assert "research" not in state.data and "research" not in state.view(None)["board"]
    to_production(state, "axis")
    budget = state.flow[-1]["budget"]
    kinds = {a[1] for a in state.legal_actions("axis") if a[0] == "build"}
    assert kinds == {"infantry", "mechanized", "amphibious"}
    act(state, "axis", *next(a for a in state.legal_actions("axis") if a[:2] == ("build", "mechanized")))
    assert state.flow[-1]["budget"] == budget - 5
    act(state, "axis", "end_production")
    assert any(line.endswith("of production unspent (lost)") for line in log(state)[-3:])
    assert step(state) != "research"


@pytest.mark.rules("K3.3")
def test_tac_air_and_paratroops_are_built_once_the_sheet_prices_them() -> None:
    state = new_game()
    to_production(state, "axis")
    kinds = {a[1] for a in state.legal_actions("axis") if a[0] == "build"}
    assert kinds == {"infantry", "mechanized", "amphibious", "tac_air", "paratroop"}
    state.data["research"]["axis"]["items"]["paratroop"]["cost"] = None  # as a prohibited level
    changed(state)
    kinds = {a[1] for a in state.legal_actions("axis") if a[0] == "build"}
    assert "paratroop" not in kinds
    why = state.why_illegal("axis", ("build", "paratroop", "place", "1237"))
    assert why is not None and "kinds this scenario builds" in why


@pytest.mark.rules("K3.6")
def test_a_half_point_cost_keeps_the_other_half_for_the_next_point() -> None:
    state = new_game()
    state.data["research"]["axis"]["items"]["infantry"]["cost"] = 3  # 1½ (a B result)
    to_production(state, "axis")
    state.flow[-1]["budget"] = 3
    build = next(a for a in state.legal_actions("axis") if a[:2] == ("build", "infantry"))
    act(state, "axis", *build)
    assert state.flow[-1]["budget"] == 1 and state.flow[-1]["half"] == {"budget": 1}
    assert "1½ production points left" in state.view("axis")["prompt"]
    act(state, "axis", *build)  # the half left and one point pay the second
    assert state.flow[-1]["budget"] == 0 and "half" not in state.flow[-1]
    assert not [a for a in state.legal_actions("axis") if a[0] == "build"]


# ----- the research phase (Research 3-9) ----------------------------------------------------
@pytest.mark.rules("K4.2", "K4.3", "K5.2")
def test_what_production_leaves_goes_on_to_research_one_or_two_points_an_item() -> None:
    state = new_game()
    assert all(i["marker"] == 0 for s in state.data["research"].values() for i in s["items"].values())
    to_research(state, "axis", 5)
    assert "axis keeps 5 points of production for partisan attacks and research" in log(state)
    assert state.flow[-1]["budget"] == 5 and state.data["phase"] == "research"
    legal = state.legal_actions("axis")
    assert ("invest", "tac_air", 2) in legal and ("invest", "tac_air", 3) not in legal
    assert ("invest", "mechanized", 2) not in legal  # K5.2: the Axis has the best mechanized
    assert ("invest", "infantry", 1) in legal and ("invest", "infantry", 2) not in legal  # the example
    act(state, "axis", "invest", "tac_air", 2)
    assert sheet(state, "axis", "tac_air")["marker"] == 2 and state.flow[-1]["budget"] == 3
    before = state.to_json()
    with pytest.raises(IllegalAction):
        act(state, "axis", "invest", "tac_air", 1)  # two a turn at most
    assert state.to_json() == before
    why = state.why_illegal("axis", ("invest", "tac_air", 1))
    assert why is not None and "Research 3" in why
    act(state, "axis", "end_research")
    assert "axis leaves 3 points of production unspent (lost)" in log(state)
    assert step(state) != "research" and state.data["player"] == "soviet"


@pytest.mark.rules("K4.4", "K4.5", "K3.1")
def test_an_a_result_reaches_the_next_level_and_production_pays_its_cost() -> None:
    state = new_game()
    to_research(state, "axis", 2)
    act(state, "axis", "invest", "tac_air", 2)  # space 2: A on a 1
    state.rng.force([1])
    act(state, "axis", "roll_research", "tac_air")
    assert sheet(state, "axis", "tac_air") == {"level": 1, "cost": 6, "marker": 0}
    assert "axis research on tac air (space 2): A; tech level 1, cost 3" in log(state)
    assert ("roll_research", "tac_air") not in state.legal_actions("axis")  # once a phase
    act(state, "axis", "end_research")
    state.data["flow"][-1] = {"state": "turn_start", "player": "axis"}  # the Axis's next turn
    state.advance()
    changed(state)
    to_production(state, "axis")
    budget = state.flow[-1]["budget"]
    act(state, "axis", *next(a for a in state.legal_actions("axis") if a[:2] == ("build", "tac_air")))
    assert state.flow[-1]["budget"] == budget - 3


@pytest.mark.rules("K4.6")
def test_a_b_result_takes_a_point_off_and_the_marker_back() -> None:
    state = new_game()
    to_research(state, "axis", 2)
    act(state, "axis", "invest", "amphibious", 2)  # space 2: B on a 2 or 3
    state.rng.force([2])
    act(state, "axis", "roll_research", "amphibious")
    assert sheet(state, "axis", "amphibious") == {"level": 0, "cost": 10, "marker": 0}  # 6 -> 5


@pytest.mark.rules("K4.7")
def test_a_c_result_rolls_the_efficiency_table() -> None:
    state = new_game()
    to_research(state, "axis", 2)
    act(state, "axis", "invest", "amphibious", 2)
    state.rng.force([6, 2])  # C, then efficiency 2: one space back
    act(state, "axis", "roll_research", "amphibious")
    assert sheet(state, "axis", "amphibious") == {"level": 0, "cost": 12, "marker": 1}
    assert "efficiency roll 2, marker on space 1" in log(state)[-1]


@pytest.mark.rules("K3.2")
def test_an_item_at_its_last_level_takes_no_more_research_and_keeps_its_cost() -> None:
    state = new_game()
    state.data["research"]["allied"]["items"]["infantry"].update(level=2, cost=2)  # 1, the last
    open_research(state, "allied", 4)
    assert not [a for a in state.legal_actions("allied") if a[1:2] == ("infantry",)]
    why = state.why_illegal("allied", ("invest", "infantry", 1))
    assert why is not None and "Item Cost 2" in why


@pytest.mark.rules("K4.8", "K4.9")
def test_rolling_may_wait_and_later_points_push_the_marker_on_to_research_complete() -> None:
    state = new_game()
    to_research(state, "axis", 2)
    act(state, "axis", "invest", "amphibious", 2)
    act(state, "axis", "end_research")
    assert sheet(state, "axis", "amphibious")["marker"] == 2
    state.data["research"]["axis"]["items"]["amphibious"]["marker"] = 4
    while not (step(state) == "production" and state.flow[-1]["role"] == "axis"):
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        act(state, role, *next((a for a in legal if len(a) == 1 and a[0].startswith("end")), legal[0]))
    state.flow[-1]["budget"] = 2
    act(state, "axis", "end_production")
    assert ("invest", "amphibious", 1) in state.legal_actions("axis")
    assert ("invest", "amphibious", 2) not in state.legal_actions("axis")  # space 5 is the last
    act(state, "axis", "invest", "amphibious", 1)
    assert sheet(state, "axis", "amphibious")["marker"] == 5


def test_a_side_with_nothing_to_invest_or_roll_passes_the_phase() -> None:
    state = new_game()
    to_research(state, "axis", 2)
    act(state, "axis", "end_research")
    to_production(state, "soviet")
    state.flow[-1]["budget"] = 0
    act(state, "soviet", "end_production")
    assert step(state) != "research" and state.data["player"] == "allied"


# ----- special cases (Research Special Cases 1-4) ------------------------------------------
@pytest.mark.rules("K5.1")
def test_the_soviets_at_peace_with_the_axis_put_one_point_an_item() -> None:
    state = new_game()
    open_research(state, "soviet", 4)
    assert state.flow[-1]["soviet_at_peace"] is True
    legal = state.legal_actions("soviet")
    assert ("invest", "mechanized", 1) in legal and ("invest", "mechanized", 2) not in legal
    why = state.why_illegal("soviet", ("invest", "mechanized", 2))
    assert why is not None and "Research Special Cases 1" in why
    state.data["politics"]["soviet_war"] = True
    open_research(state, "soviet", 4)
    assert ("invest", "mechanized", 2) in state.legal_actions("soviet")


@pytest.mark.rules("K5.2", "K5.3")
def test_soviet_mechanized_b_counts_as_an_a_while_the_axis_pays_less() -> None:
    state = new_game()
    state.data["politics"]["soviet_war"] = True
    open_research(state, "soviet", 4)
    act(state, "soviet", "invest", "mechanized", 2)  # space 2: B on a 2
    state.rng.force([2])
    act(state, "soviet", "roll_research", "mechanized")
    assert sheet(state, "soviet", "mechanized") == {"level": 1, "cost": 8, "marker": 0}
    assert "read as A" in log(state)[-1]


@pytest.mark.rules("K5.4")
def test_a_prohibited_item_takes_two_points_even_when_another_side_lags() -> None:
    state = new_game()
    state.data["research"]["soviet"]["items"]["missile"]["level"] = 1  # still prohibited
    state.data["politics"]["soviet_war"] = True
    open_research(state, "soviet", 4)
    assert ("invest", "missile", 2) in state.legal_actions("soviet")


@pytest.mark.rules("K22.1")
def test_atomic_research_needs_a_supply_route_to_two_nuclear_materials_hexes() -> None:
    state = new_game()
    assert nuclear_places(state.data) == ("0836", "1337", "1909", "3740")  # Colorado: the U.S. box
    open_research(state, "axis", 2)
    assert not state.flow[-1]["atomic_supply"]
    assert not [a for a in state.legal_actions("axis") if a[1:2] == ("atomic_bomb",)]
    why = state.why_illegal("axis", ("invest", "atomic_bomb", 1))
    assert why is not None and "nuclear materials" in why
    geo = geography("campaign_2")  # Norway's heavy water, by land from Germany
    for place in geo.places:
        if geo.country.get(place) in ("norway", "denmark", "sweden"):
            state.data["owner"][place] = "axis"
    open_research(state, "axis", 2)
    assert state.flow[-1]["atomic_supply"]
    assert ("invest", "atomic_bomb", 2) in state.legal_actions("axis")


# ----- United States Technology -----------------------------------------------------------
@pytest.mark.rules("K7.1")
def test_the_united_states_entry_raises_the_allied_sheet() -> None:
    state = new_game()
    data = state.data
    data["turn"] = data["turns"].index("Spring 1942")
    data["flow"][-1] = {"state": "turn_start", "player": "allied"}
    state.advance()
    changed(state)
    assert data["politics"]["us_since"] == data["turn"]
    assert sheet(state, "allied", "capital_ship") == {"level": 1, "cost": 18, "marker": 0}
    assert sheet(state, "allied", "atomic_bomb")["level"] == 2
    assert "the United States brings the Allies capital ship tech level 1 (cost 9)" in log(state)
    assert sheet(state, "axis", "capital_ship")["level"] == 0


# ----- the view and the heuristic ------------------------------------------------------------
def test_every_side_sees_every_research_sheet() -> None:
    state = new_game()
    for role in (None, "axis", "soviet"):
        assert state.view(role)["board"]["research"] == state.data["research"]


def test_the_heuristic_keeps_points_for_research_and_researches_what_it_buys() -> None:
    state = new_game()
    agent = make_heuristic(1)
    to_production(state, "axis")
    while step(state) == "production":
        act(state, "axis", *agent.act(state.view("axis"), state.legal_actions("axis")))
    assert step(state) == "research" and 1 <= state.flow[-1]["budget"] <= 2
    act(state, "axis", *agent.act(state.view("axis"), state.legal_actions("axis")))
    assert state.data["research"]["axis"]["spent"] == {"mechanized": 1}  # the best: one a turn
    state.data["research"]["axis"]["items"]["mechanized"]["marker"] = 4
    state.data["research"]["axis"]["resolved"] = []
    choice = agent.act(state.view("axis"), state.legal_actions("axis"))
    assert choice in (("invest", "infantry", 1), ("roll_research", "mechanized"))


def test_research_actions_have_slots_in_campaign_2s_action_index_only() -> None:
    state = new_game()
    open_research(state, "axis", 4)
    space = ActionSpace(action_space("campaign_2", {}))
    legal = state.legal_actions("axis")
    slots = {space.encode(key) for key in action_keys(state, "axis", legal)}
    assert len(slots) == len(legal)
    assert all(space.decode(space.encode(a)) == a for a in legal)
    assert "invest" not in {name for name, _ in action_space("campaign_1", {})}
