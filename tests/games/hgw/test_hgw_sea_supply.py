"""Campaign Game II's sea supply routes for armies (K16.6; Shipping 2; U-Boat Attack 4,
6; sea_supply.py): an army whose full supply crosses a sea draws on its side's route
there; U-boats attack it doubled, the loss at most the armies it supplies; a loss of all
it carries leaves those armies out of supply at the owner's next turn start."""

from __future__ import annotations

import pytest

from grognard.games.hgw import RULESET, HgwState, sea_supply, sea_war
from grognard.games.hgw.supply import sea_chains
from grognard.games.hgw.tables import load_tables

ROUTE = "allied_supply_atlantic"
ZERO = {"infantry": 0, "mechanized": 0, "tac_air": 0, "paratroop": 0, "amphibious": 0}


def gibraltar_game(roll: int | None = None) -> HgwState:
    """Campaign Game II at the Axis's first naval movement, a British army at Gibraltar
    (2031: its supply crosses the Atlantic from 1131), the Allied routes declared again
    with it; with `roll`, the Axis U-boats' patrol on the route (1728) fired."""
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    state.data["armies"]["brit"]["at"] = "2031"
    sea_war.declare_routes(state, "allied")
    if roll is not None:
        state.rng.force([roll])
        state.apply("axis", ("patrol", "uboats", "1728"))
    return state


def allied_turn_start(state: HgwState) -> None:
    state.data["flow"][-1] = {"state": "turn_start", "player": "allied"}
    state.advance()


def _roll(losses: int) -> int:
    """The die that makes two U-boats, doubled (four points), take `losses`."""
    return next(r for r in range(1, 7) if load_tables().firepower_losses(4, r) == losses)


@pytest.mark.rules("K16.4", "K16.6", "K19.2")
def test_an_army_across_the_atlantic_draws_on_a_declared_supply_route() -> None:
    state = gibraltar_game()
    data = state.data
    assert sea_chains(data, "allied")["2031"] == (("Atlantic", "1131", "2031"),)
    route = data["sea_routes"][ROUTE]
    assert route["kind"] == "army_supply" and route["origin"] == "1131" and route["to"] == "2031"
    assert route["path"][0] == "1131" and route["path"][-1] == "2031"
    assert sea_supply.supplied_by(data, ROUTE) == ["brit"]
    assert sea_war.carried(data, ROUTE) == 1  # Shipping 2: the armies it supplies


@pytest.mark.rules("K16.6", "K19.2")
def test_a_full_loss_leaves_the_army_out_of_supply_at_its_next_turn() -> None:
    state = gibraltar_game(_roll(1))
    data = state.data
    assert data["sea_routes"][ROUTE]["lost"] == 1 and data["sea_routes"][ROUTE]["disrupted"]
    assert data["route_losses"]["allied"] >= 1  # also off the next production (U-Boat Attack 6)
    assert any("allied supply atlantic route is disrupted" in line for line in state.log_for(None))
    allied_turn_start(state)
    assert "brit" in data["frozen"] and data["supply_cut"] == {"brit": ROUTE}
    assert any("across the Atlantic" in line and "(K16.6)" in line for line in state.log_for(None))
    seen = {a["id"]: a for a in state.view("allied")["board"]["armies"]}
    assert seen["brit"]["frozen"] and seen["brit"]["supply_cut"] == ROUTE
    why = RULESET.explain_illegal(state, "allied", ("move", "brit", "infantry", 1))
    assert why is not None and "K16.6" in why


@pytest.mark.rules("K16.6")
def test_the_loss_is_capped_at_the_armies_supplied() -> None:
    big = max(range(1, 7), key=lambda r: load_tables().firepower_losses(4, r))
    assert load_tables().firepower_losses(4, big) > 1
    state = gibraltar_game(big)
    assert state.data["sea_routes"][ROUTE]["lost"] == 1  # one army supplied: one point lost


@pytest.mark.rules("K16.6", "K16.7")
def test_a_route_that_keeps_something_supplies_its_armies() -> None:
    state = gibraltar_game()
    data = state.data
    data["armies"]["ffa"]["at"] = "2031"  # two armies draw on the route now
    state.rng.force([_roll(1)])
    state.apply("axis", ("patrol", "uboats", "1728"))
    assert data["sea_routes"][ROUTE]["lost"] == 1 and not data["sea_routes"][ROUTE].get("disrupted")
    allied_turn_start(state)
    assert not {"brit", "ffa"} & set(data["frozen"]) and data["supply_cut"] == {}


@pytest.mark.rules("K16.6")
def test_campaign_game_one_declares_no_army_supply_routes() -> None:
    state = RULESET.new_game("campaign_1", {}, seed=1)
    state.data["armies"]["brit"]["at"] = "2031"
    state.data["owner"]["2031"] = "allied"
    assert sea_supply.routes(state.data, "allied") == {}
    assert sea_supply.cut_off(state.data, "allied") == {}


@pytest.mark.rules("K16.6", "K18.2")
def test_the_heuristic_escorts_the_route_with_the_most_at_stake() -> None:
    from grognard.games.hgw.ai import make_heuristic

    def escorted(places: list[str]) -> str:
        state = RULESET.new_game("campaign_2", {}, seed=1)
        data = state.data
        for army, place in zip(("brit", "bef", "8a", "2fa", "afa"), places, strict=False):
            data["armies"][army].update(at=place, sp={**ZERO, "infantry": 1})
        data["asw_level"] = {"allied": 2}  # the Home Fleet's capital ships use the box
        data["flow"][-1] = {"state": "naval_movement", "role": "allied", "open": True, "stage": "bases"}
        data["player"] = "allied"
        sea_war.declare_routes(state, "allied")
        data["sea_routes"]["britain_us"]["to"] = "1131"  # set up: both routes end at the Home Fleet's port
        legal = [a for a in state.legal_actions("allied") if a[0] == "escort_route"]
        assert {a[2] for a in legal} == {"britain_us", ROUTE}
        action = make_heuristic(1).act(state.view("allied"), legal)
        return str(action[2])

    assert escorted(["2031"]) == "britain_us"  # one army (two at stake) against Britain's eight
    assert escorted(["2031", "1230", "0833", "0932", "2031"]) == ROUTE  # five armies: ten at stake


@pytest.mark.rules("K16.6")
def test_campaign_game_four_plays_the_routes_in_its_european_half_only() -> None:
    # Campaign Game IV includes Campaign Game II's rules: a British army at Gibraltar draws on
    # the Atlantic route; the Pacific half's armies (USAFFE at Manila, supplied across the
    # Pacific-Indian Ocean from Calcutta) draw on no K16.6 route.
    state = RULESET.new_game("campaign_4", {}, seed=1)
    data = state.data
    data["armies"]["brit"]["at"] = "2031"
    assert sea_supply.in_play(data)
    assert sea_chains(data, "allied")[data["armies"]["usaffe"]["at"]]
    drawn = sea_supply.drawing(data, "allied")
    assert [a for a, _ in drawn[ROUTE]] == ["brit"]
    assert all(a != "usaffe" for armies in drawn.values() for a, _ in armies)
    assert ROUTE in sea_supply.routes(data, "allied")
