"""The heuristic Allies of Campaign Games II and III closing the war (ai_board.py,
ai_movement.py, ai_production.py, ai_strategic.py): points in the boxes and in Britain
cross the seas their shipping serves to the front, and France's own purse is spent.
Behaviour only; the win rates are benchmarks/bench_hgw_campaign.py's."""

from __future__ import annotations

from typing import Any

from cg2kit import new_game, to_step

from grognard.games.hgw import HgwState
from grognard.games.hgw.ai import Board, make_heuristic
from grognard.games.hgw.ai_production import produce
from grognard.games.hgw.ai_strategic import reserve

CANADA, LONDON, WARSAW, US_BOX = "1614", "1333", "1339", "1909"
LANE = "U.S. and Canada"


def play_step(state: HgwState, role: str, steps: tuple[str, ...], limit: int = 60) -> list[tuple[Any, ...]]:
    """The heuristic's choices while the flow stays in `steps`."""
    agent, chosen = make_heuristic(1), list[tuple[Any, ...]]()
    while state.flow[-1]["state"] in steps and len(chosen) < limit:
        action = tuple(agent.act(state.view(role), state.legal_actions(role)))
        chosen.append(action)
        state.apply(role, action)
    return chosen


def test_points_in_the_canada_box_sail_to_the_front_as_many_as_the_lane_carries() -> None:
    state = new_game("campaign_3")
    state.data["armies"]["1can"].update(at=CANADA)
    state.data["armies"]["1can"]["sp"].update(infantry=5, mechanized=4)
    to_step(state, "movement", role="allied")
    board = Board(state.view("allied"))
    assert board.sea_room(CANADA, "1435") == 3  # the lane's three points a turn (Atlantic 1)
    assert "1435" in board.reachable(CANADA)  # by sea: the land alone reaches nothing
    play_step(state, "allied", ("movement", "move_to"))
    # three mechanized points (the lane's limit) left the box, for a hex facing Germany
    assert state.data["armies"]["1can"]["sp"]["mechanized"] == 1
    assert state.data["sea_moves"][LANE] == 3
    board = Board(state.view("allied"))
    front = [
        a for a in board.armies.values() if a["side"] == "allied" and a["at"] and board.is_front(a["at"])
    ]
    assert sum(int(a["sp"]["mechanized"]) for a in front) >= 3


def test_the_british_army_crosses_the_channel_to_the_front() -> None:
    state = new_game("campaign_3")
    to_step(state, "movement", role="allied")
    before = dict(state.data["armies"]["brit"]["sp"])
    play_step(state, "allied", ("movement", "move_to"))
    after = state.data["armies"]["brit"]["sp"]
    assert after["mechanized"] < before["mechanized"]  # sent over the Atlantic to France
    assert state.data["armies"]["brit"]["at"] == LONDON
    assert after["amphibious"] == before["amphibious"]  # an invader keeps its landing craft


def test_frances_purse_is_spent_though_the_allied_budget_is_kept_for_partisans() -> None:
    # Activity Limitations 1: France builds from its own purse, which the phase's end
    # forfeits (Production Points 4); the Allied budget's last points wait for the
    # partisans (Partisan Attacks 2) and research, France's do not
    state = new_game("campaign_3")
    state.data["owner"][WARSAW] = "axis"  # an occupied production hex: a partisan target
    to_step(state, "production", role="allied", budget=2, french=8)
    assert reserve(Board(state.view("allied")), state.legal_actions("allied")) == 2
    agent, chosen = make_heuristic(1), list[tuple[Any, ...]]()
    while state.flow[-1]["state"] == "production" and len(chosen) < 20:
        purse = int(state.flow[-1]["french"])
        chosen.append(tuple(agent.act(state.view("allied"), state.legal_actions("allied"))))
        state.apply("allied", chosen[-1])
    assert ("build", "mechanized", "french", "1435") in chosen  # to the Maginot Line's front
    assert chosen[-1] == ("end_production",)
    assert purse < 3  # ended only when France could not buy another point (infantry: 3)


def test_points_off_the_land_are_built_in_britain_not_in_the_lane_bound_us_box() -> None:
    # Strength Point Movement Across Seas 1: three points a turn leave the U.S. box by its
    # lane, any number leave Britain over the Atlantic (its shipping's room)
    state = new_game("campaign_3")
    state.data["owner"][US_BOX] = "allied"  # the United States at war
    state.data["armies"]["bef"].update(at=US_BOX)
    state.data["armies"]["bef"]["sp"]["infantry"] = 3
    to_step(state, "production", role="allied", budget=9, french=0)
    board = Board(state.view("allied"))
    off_land = [  # France's places lie on the land road to Berlin and would come first
        a for a in state.legal_actions("allied") if a[0] == "build" and board.g.country.get(a[3]) != "france"
    ]
    assert ("build", "mechanized", "army", "bef") in off_land
    assert produce(board, off_land) == ("build", "mechanized", "army", "brit")
