"""Hitler's Global War's `evaluate(view)` for the search agent's cut-off rollouts
(issue 11): it ranks a winning-looking position above a losing one, follows the
scenarios' victory conditions and the clock, reads the view only (everything is open:
every role's view and the spectator's score alike), and the registry hands it to the
search agent."""

from __future__ import annotations

import pytest
from hgw_positions import cleared, fog_game, own, place

from grognard.agents import make_agent
from grognard.agents.mcts import SHORT_ROLLOUT, MctsAgent
from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw import ai as hgw_ai
from grognard.games.hgw.evaluate import evaluate, strengths
from grognard.games.hgw.geography import geography
from grognard.games.hgw.pacific_war import TOKYO

CAPITALS = ("0942", "1144", "1446")  # Barbarossa Victory Conditions 1: the Axis's goal


def _armies(state: HgwState, side: str) -> list[str]:
    return sorted(a for a, x in state.data["armies"].items() if x["side"] == side)


def _barbarossa(axis_points: int, soviet_points: int) -> HgwState:
    """Four armies a side, each with the given mechanized points, in their own hexes."""
    state = cleared()
    owner = state.data["owner"]
    for side, points in (("axis", axis_points), ("soviet", soviet_points)):
        hexes = sorted(p for p, o in owner.items() if o == side and p not in CAPITALS and p[0].isdigit())
        for army, at in zip(_armies(state, side)[:4], hexes, strict=False):
            place(state, army, at, mechanized=points)
    return state


def test_it_ranks_a_winning_position_above_a_losing_one() -> None:
    strong = _barbarossa(axis_points=20, soviet_points=1)
    own(strong, "axis", *CAPITALS[:2])  # two of the three Soviet cities taken too
    weak = _barbarossa(axis_points=1, soviet_points=20)
    ahead, behind = evaluate(strong.view("axis")), evaluate(weak.view("axis"))
    assert ahead["axis"] > 0.9 and behind["axis"] < 0.1
    assert ahead["axis"] + ahead["soviet"] == pytest.approx(1.0)


def test_holding_every_soviet_capital_all_but_wins() -> None:
    state = _barbarossa(axis_points=1, soviet_points=20)  # outnumbered...
    own(state, "axis", *CAPITALS)  # ...but holding all three cities
    assert evaluate(state.view(None))["axis"] > 0.99


def test_the_clock_favours_the_side_holding_out() -> None:
    state = _barbarossa(axis_points=10, soviet_points=10)
    early = evaluate(state.view(None))["soviet"]
    state.data["turn"] = len(state.data["turns"]) - 1  # the last turn, nothing taken
    late = evaluate(state.view(None))["soviet"]
    assert late > early + 0.2


def test_open_information_every_view_scores_alike() -> None:
    state = fog_game()
    spectator = evaluate(state.view(None))
    assert set(spectator) == {"axis", "soviet", "allied"}
    assert sum(spectator.values()) == pytest.approx(1.0)
    for role in state.roles:
        assert evaluate(state.view(role)) == spectator


def test_the_soviet_allied_race_for_production_weighs_in_the_fall_of_germany() -> None:
    # Victory Conditions 3: which of them wins when Berlin falls depends on production
    state = fog_game()
    before = strengths(state.view(None))
    production = geography("fall_of_germany").production
    allied = sorted(p for p, o in state.data["owner"].items() if o == "allied" and production.get(p))
    own(state, "soviet", *allied[:3])  # Allied places handed to the Soviets
    after = strengths(state.view(None))
    # the Soviets gain the points and the race bonus; the Allies lose the points only
    assert after["soviet"] - before["soviet"] > before["allied"] - after["allied"] > 0


def test_two_players_share_the_team_chance_evenly() -> None:
    state = RULESET.new_game("fall_of_germany", {"two_player": True}, seed=1)
    chances = evaluate(state.view("soviet"))
    assert chances["soviet"] == chances["allied"] > 0
    assert sum(chances.values()) == pytest.approx(1.0)


def test_the_search_agent_gets_it_with_short_rollouts() -> None:
    agent = make_agent("search-fast", "hgw", 3)
    assert isinstance(agent, MctsAgent)
    assert agent.evaluate is hgw_ai.evaluate
    assert agent.rollout_depth == SHORT_ROLLOUT


def _pacific(gain: int = 0, last_turn: bool = False) -> HgwState:
    """The Pacific War's opening, Japan given allied production hexes worth `gain`
    points (exactly, or the test fails), on the first or the last turn."""
    state = RULESET.new_game("pacific_war", {}, 1)
    g = geography("pacific_war")
    taken = 0
    for place_id, points in sorted(g.production.items()):
        if taken == gain:
            break
        if g.start_owner.get(place_id) == "allied" and place_id != TOKYO and taken + points <= gain:
            state.data["owner"][place_id] = "axis"
            taken += points
    assert taken == gain
    if last_turn:
        state.data["turn"] = len(state.data["turns"]) - 1
    return state


def test_the_pacific_war_turns_on_japans_margin_over_its_start() -> None:
    """The Pacific War's victory: Japan wins at the end holding Tokyo with more
    production than it began with; the Allies at once by taking Tokyo."""
    even, one_up = evaluate(_pacific().view(None)), evaluate(_pacific(gain=1).view(None))
    assert one_up["axis"] > even["axis"] + 0.1  # the point that Japan needs weighs much
    late_even = evaluate(_pacific(last_turn=True).view(None))
    late_up = evaluate(_pacific(gain=1, last_turn=True).view(None))
    assert late_even["axis"] < even["axis"] and late_up["axis"] > one_up["axis"]  # more as the clock runs
    assert late_up["axis"] > 0.9 and late_even["axis"] < 0.5
    state = _pacific(gain=1, last_turn=True)
    state.data["owner"][TOKYO] = "allied"
    assert evaluate(state.view(None))["allied"] > 0.99

