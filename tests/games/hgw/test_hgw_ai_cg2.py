"""The heuristic player's production in Campaign Game II (ai_production.py,
ai_strategic.py): the paratroop and tac air points a side taking ground buys, and the
research sheet's prices it reckons with. Behaviour only; the win rates are
benchmarks/bench_hgw_campaign.py's."""

from __future__ import annotations

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.ai import Board, make_heuristic
from grognard.games.hgw.ai_production import AIR_SPARE, RESEARCH_RESERVE, produce, research_reserve
from grognard.games.hgw.ai_strategic import _price
from grognard.games.hgw.capability import load_capability


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


def at_research(side: str, budget: int) -> HgwState:
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    frame = {
        "state": "research",
        "role": side,
        "budget": budget,
        "soviet_at_peace": False,
        "atomic_supply": True,
    }
    state.data["flow"][-1] = frame
    return state


def invest_all(state: HgwState, side: str) -> list[tuple[object, ...]]:
    """The research phase's invests, as the heuristic makes them, up to its first roll or end."""
    made = []
    while (action := choose(state, side))[0] == "invest":
        made.append(action)
        state.apply(side, action)
    return made


def test_the_axis_researches_missiles_beside_its_points_until_it_may_build_them() -> None:
    # Item Cost 3, Strategic Missiles: missiles are prohibited below level 4
    state = at_research("axis", 4)
    made = invest_all(state, "axis")
    # the Axis's mechanized is the cheapest of all (Research Special Cases 2: one point)
    assert made[:2] == [("invest", "mechanized", 1), ("invest", "missile", 2)]
    state = at_research("axis", 4)
    state.data["research"]["axis"]["items"]["missile"]["level"] = 4  # it may build them now
    assert ("invest", "missile", 2) not in invest_all(state, "axis")


def test_the_allies_research_the_atomic_bomb_once_the_us_entry_brought_it_to_level_two() -> None:
    # Atomic Bombs 2: bombs from level 6; the U.S. entry starts the Allies at level 2
    state = at_research("allied", 6)
    state.data["research"]["allied"]["items"]["bomber"]["level"] = 1
    assert not [a for a in invest_all(state, "allied") if a[1] == "atomic_bomb"]
    state = at_research("allied", 6)
    state.data["research"]["allied"]["items"]["bomber"]["level"] = 1
    state.data["research"]["allied"]["items"]["atomic_bomb"]["level"] = 2
    assert ("invest", "atomic_bomb", 2) in invest_all(state, "allied")


def test_production_leaves_twice_the_research_reserve_while_a_weapon_is_researched() -> None:
    board = Board(at_production("axis", 20).view("axis"))
    assert research_reserve(board) == 2 * RESEARCH_RESERVE  # missiles at level 0
    board.research["axis"]["items"]["missile"]["level"] = 4
    assert research_reserve(board) == RESEARCH_RESERVE


def test_a_build_the_rules_ask_for_is_made_even_from_the_research_reserve() -> None:
    # the optional Italian Army 2 offers only the Italian force's builds, no end_production
    state = at_production("allied", 2 * RESEARCH_RESERVE)  # an infantry point costs 3
    state.data["research"]["allied"]["items"]["atomic_bomb"]["level"] = 2  # the bomb researched
    board = Board(state.view("allied"))
    legal = [a for a in state.legal_actions("allied") if a[0] != "lend_lease"]
    assert research_reserve(board) == 2 * RESEARCH_RESERVE and produce(board, legal) == ("end_production",)
    forced = [a for a in legal if a[0] == "build"]
    assert forced and produce(board, forced) in forced


def with_atomic_bombers(carried: int) -> HgwState:
    state = at_production("allied", 12)
    research = state.data["research"]["allied"]["items"]
    research["bomber"].update(level=1, cost=load_capability().cost_at("bomber", 1))
    research["atomic_bomb"].update(level=6, cost=load_capability().cost_at("atomic_bomb", 6))
    state.data["strategic"]["bombers"]["allied"]["1333"] = {"sp": 3, "atomic": carried}
    return state


def test_an_atomic_bomb_is_built_whenever_a_bomber_may_carry_one() -> None:
    # Atomic Bombs 2: level 6, and a bomber point free to carry it
    assert choose(with_atomic_bombers(0), "allied") == ("build_atomic", "bombers", "1333")
    assert choose(with_atomic_bombers(3), "allied")[0] != "build_atomic"
