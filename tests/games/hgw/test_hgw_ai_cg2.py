"""The heuristic player's production in Campaign Game II (ai_production.py,
ai_strategic.py): the paratroop and tac air points a side taking ground buys, and the
research sheet's prices it reckons with. Behaviour only; the win rates are
benchmarks/bench_hgw_campaign.py's."""

from __future__ import annotations

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import Board, make_heuristic
from grognard.games.hgw.ai_production import AIR_SPARE
from grognard.games.hgw.ai_strategic import _price


def at_production(side: str, budget: int) -> HgwState:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["flow"][-1] = {"state": "production", "role": side, "budget": budget}
    return state


def front_armies(state: HgwState, side: str) -> list[dict[str, object]]:
    board = Board(state.view(side))
    return [a for a in board.armies.values() if a["side"] == side and a["at"] and board.is_front(a["at"])]


def choose(state: HgwState, side: str) -> tuple[object, ...]:
    return tuple(make_heuristic(1).act(state.view(side), state.legal_actions(side)))


def test_a_side_at_the_front_buys_a_paratroop_point_while_its_budget_is_large() -> None:
    state = at_production("soviet", AIR_SPARE + 2)
    action = choose(state, "soviet")
    assert action[:3] == ("build", "paratroop", "army")
    # below the spare, the points it buys are the ground forces it wants
    state = at_production("soviet", AIR_SPARE - 1)
    assert choose(state, "soviet")[:2] != ("build", "paratroop")


def test_no_more_paratroop_points_than_armies_at_the_front() -> None:
    state = at_production("soviet", AIR_SPARE + 2)
    front = front_armies(state, "soviet")
    assert front  # the Soviets touch Poland
    state.data["armies"][front[0]["id"]]["sp"]["paratroop"] = len(front)
    assert choose(state, "soviet")[:2] != ("build", "paratroop")


def test_a_full_front_army_gets_tac_air_which_stacks_above_ten() -> None:
    state = at_production("soviet", AIR_SPARE + 2)
    front = front_armies(state, "soviet")[0]
    army = state.data["armies"][front["id"]]
    army["sp"].update({"infantry": 4, "mechanized": 4, "paratroop": 2, "tac_air": 0})
    for army_id, other in state.data["armies"].items():
        if other["side"] == "soviet" and army_id != front["id"]:
            other["sp"]["tac_air"] = 0
    action = choose(state, "soviet")
    assert action[:2] == ("build", "tac_air")


def test_a_build_is_priced_from_the_sides_research_sheet() -> None:
    # Campaign Game II's level 0 (Item Cost 1): Soviet infantry 3, paratroops 6; the
    # basic chart (2, and no paratroop price at all) would misjudge the partisans' rest
    state = at_production("soviet", 20)
    board = Board(state.view("soviet"))
    assert _price(board, ("build", "infantry", "place", "0942")) == 3
    assert _price(board, ("build", "paratroop", "place", "0942")) == 6


def test_the_allies_research_bombers_until_they_may_build_them() -> None:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    frame = {
        "state": "research",
        "role": "allied",
        "budget": 2,
        "soviet_at_peace": False,
        "atomic_supply": False,
    }
    state.data["flow"][-1] = frame
    assert choose(state, "allied") == ("invest", "bomber", 2)
    state.data["research"]["allied"]["items"]["bomber"]["level"] = 1  # Research 6: a success
    assert choose(state, "allied")[:2] != ("invest", "bomber")
    state.data["flow"][-1] = {**frame, "role": "axis"}
    assert choose(state, "axis")[:2] != ("invest", "bomber")  # the Axis fights on land first
