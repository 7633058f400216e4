"""Sea Route 4 on invasion routes: a route may not pass through a control hex (here
East Denmark, 1136, the Sound) unless the invader's side holds it. Invasion Procedure 3
lifts only the transport limits, not the Sea Route conditions."""

from __future__ import annotations

import pytest
from hgw_positions import act, own, pass_turn, put, sp, step
from hgw_positions import fog_game as new_game

from grognard.games.hgw import HgwState
from grognard.games.hgw.fleets import may_intercept
from grognard.games.hgw.invasion_routes import closed_narrows, invasion_targets, route_length
from grognard.games.hgw.map import load_map

SOUND = "1136"  # East Denmark, the control hex of the Baltic's entrance
BERLIN = "1237"


def allied_announce(state: HgwState) -> None:
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "end_movement")
    assert step(state) == "announce"


@pytest.mark.rules("F2.1")
def test_a_route_ends_in_a_closed_control_hex_but_never_passes_it() -> None:
    m = load_map()
    open_route = m.sea_route("1132", BERLIN)
    assert open_route is not None and SOUND in open_route and len(open_route) - 1 == 5
    around = m.sea_route("1132", BERLIN, closed=frozenset({SOUND}))
    assert around is not None and SOUND not in around
    assert len(around) - 1 > 6  # round by the Kattegat (1036): more than six steps
    into = m.sea_route("1132", SOUND, closed=frozenset({SOUND}))
    assert into is not None and into[-1] == SOUND  # invading the control hex itself


@pytest.mark.rules("F2.1", "F3.4")
def test_an_invasion_passes_the_sound_only_while_the_invader_holds_it() -> None:
    """The Second British Army (one amphibious point of two, none to spare on an
    extension) in the port 1132: Berlin is five steps away through the Sound, out of
    reach while East Denmark is Axis, in reach once it is Allied."""
    state = new_game()
    put(state, "2br", "1132", infantry=1, amphibious=1)
    assert state.data["owner"][SOUND] == "axis"
    assert closed_narrows(state.data, "allied") >= {SOUND}
    assert BERLIN not in invasion_targets(state.data, "2br")
    assert SOUND in invasion_targets(state.data, "2br")
    own(state, "allied", SOUND)
    assert SOUND not in closed_narrows(state.data, "allied")
    assert BERLIN in invasion_targets(state.data, "2br")
    assert route_length(state.data, "2br", BERLIN) == 5


@pytest.mark.rules("F2.1", "F3.4")
def test_the_longer_way_round_costs_an_amphibious_point() -> None:
    """With the Sound Axis, the First US Army in London spends one amphibious point
    (Invasion Procedure 3) to reach Berlin the long way round; nothing while the Sound
    is Allied."""
    state = new_game()
    allied_announce(state)
    put(state, "1us", "1333", mechanized=4, amphibious=5)
    assert route_length(state.data, "1us", BERLIN) > 6
    act(state, "allied", "invade", "1us", BERLIN)
    assert sp(state, "1us") == {"mechanized": 4, "amphibious": 4}

    state = new_game()
    allied_announce(state)
    own(state, "allied", SOUND)
    put(state, "1us", "1333", mechanized=4, amphibious=5)
    act(state, "allied", "invade", "1us", BERLIN)
    assert sp(state, "1us") == {"mechanized": 4, "amphibious": 5}


@pytest.mark.rules("F2.1", "F3.6")
def test_interception_follows_the_route_the_invasion_may_take() -> None:
    """Fleet Naval Fire 2 reads the seas of the route the invader may sail: from the
    Clyde (1131) to the Dutch coast at 1235 the route stays in the Atlantic, so a
    fleet based only on the Baltic cannot intercept it either way."""
    state = new_game()
    fleet = state.data["fleets"]["kriegsmarine"]
    fleet["at"] = "1040"  # a Baltic-only base
    assert set(load_map().seas_of("1040")) == {"Baltic"}
    assert not may_intercept(state.data, "kriegsmarine", "1131", "1235")
    assert may_intercept(state.data, "kriegsmarine", "1131", BERLIN, frozenset({SOUND}))
