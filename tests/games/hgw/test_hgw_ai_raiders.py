"""The heuristic player's raiders and carrier strikes on naval bases under Naval Action
(ai_raiders.py, ai_strikes.py): it declares raiders in production, sends a raider at an
enemy route it can raid safely, and strikes an enemy naval base with carriers when the
strike outweighs the fire that meets it. Behaviour in positions built for it, from the seat's view only;
the win rates are benchmarks/bench_hgw_campaign.py's."""

from __future__ import annotations

import pytest
from test_hgw_opt_port_attacks import KIEL, allied_naval_movement
from test_hgw_opt_raiders import axis_naval_movement, new_game

from grognard.games.hgw import HgwState
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.map import hex_distance

ENEMY_WARSHIPS = ("home", "force_raid", "escadre_med", "force_h", "red_banner")


def choose(state: HgwState, side: str) -> tuple[object, ...]:
    return tuple(make_heuristic(1).act(state.view(side), state.legal_actions(side)))


def axis_production(state: HgwState) -> None:
    state.data["raiders"] = []
    state.data["flow"][-1] = {"state": "production", "role": "axis", "budget": 10}


@pytest.mark.rules("N6.1")
def test_the_heuristic_declares_a_raider_while_the_foes_sail_a_route() -> None:
    state = new_game()
    axis_production(state)
    assert any(r["side"] == "allied" for r in state.data["sea_routes"].values())
    assert choose(state, "axis") == ("declare_raider", "kriegsmarine")  # free: first by id
    state.apply("axis", ("declare_raider", "kriegsmarine"))
    assert choose(state, "axis") == ("declare_raider", "raiders")
    # no enemy route to raid: no declaration, the budget goes on builds
    quiet = new_game()
    axis_production(quiet)
    quiet.data["sea_routes"] = {r: x for r, x in quiet.data["sea_routes"].items() if x["side"] == "axis"}
    assert choose(quiet, "axis")[0] != "declare_raider"


def raider_at_sea(allied_fleets_at_home: bool) -> HgwState:
    """The Axis naval movement with the set-up raider in Kiel, no U-boats, and the Allied
    warships (and the Soviet Red Banner Fleet) either in their ports or gone."""
    state = new_game()
    axis_naval_movement(state)
    fleets = state.data["fleets"]
    fleets["uboats"].update(at=None, sp=0)
    fleets["uboats"]["ships"]["uboat"] = 0
    if not allied_fleets_at_home:
        for f in ENEMY_WARSHIPS:
            fleets[f].update(at=None, sp=0)
            fleets[f]["ships"] = {k: 0 for k in fleets[f]["ships"]}
    return state


@pytest.mark.rules("N6.4")
def test_the_heuristic_sends_a_raider_at_the_nearest_hex_of_an_unguarded_route() -> None:
    state = raider_at_sea(allied_fleets_at_home=False)
    raids = [a for a in state.legal_actions("axis") if a[0] == "raid_route" and a[1] == "raiders"]
    assert len(raids) > 1
    chosen = choose(state, "axis")
    assert chosen in raids
    assert hex_distance(KIEL, str(chosen[3])) == min(hex_distance(KIEL, str(a[3])) for a in raids)
    # a stronger enemy fleet within reach of the route: the raider stays out of its way
    guarded = raider_at_sea(allied_fleets_at_home=True)
    assert [a for a in guarded.legal_actions("axis") if a[0] == "raid_route" and a[1] == "raiders"]
    assert choose(guarded, "axis")[0] != "raid_route"
    # an escorted route is no raider's target (N6.4: an unescorted one only)
    escorted = raider_at_sea(allied_fleets_at_home=False)
    escorted.data["route_escorts"] = {"britain_us": ["atlantic"]}
    assert choose(escorted, "axis")[0] != "raid_route"


@pytest.mark.rules("N8.5")
def test_the_heuristic_strikes_a_naval_base_when_its_carriers_outweigh_the_defence() -> None:
    # Kiel: six coastal air points and the Kriegsmarine's capital ship (the U-boats in
    # port are no target): seven points of fire meet the strike
    strong = allied_naval_movement()
    strong.data["fleets"]["home"]["ships"].update(carrier=3, capital=3)
    assert choose(strong, "allied") == ("port_attack", "home", KIEL)  # nine strike points
    weak = allied_naval_movement()
    weak.data["fleets"]["home"]["ships"].update(carrier=2, capital=4)
    assert ("port_attack", "home", KIEL) in weak.legal_actions("allied")
    assert choose(weak, "allied") != ("port_attack", "home", KIEL)  # six: not enough
