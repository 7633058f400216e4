"""Sea routes (Sea Route 1-4, 7) on invasion routes: a route may not pass through a
control hex (here East Denmark, 1136, the Sound) unless the invader's side holds it, nor
cross a grey side or a crossing arrow without both its hexes; hexes above row 12 count
half a step. Invasion Procedure 3 lifts only the transport limits, not the Sea Route
conditions."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hgw_positions import act, own, pass_turn, put, sp, step
from hgw_positions import fog_game as new_game
from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.games.hgw import HgwState
from grognard.games.hgw.fleets import may_intercept
from grognard.games.hgw.invasion_routes import (
    barred_crossings,
    closed_narrows,
    invasion_targets,
    route_length,
)
from grognard.games.hgw.map import SEAS, half_steps, load_map, route_steps, side_key
from grognard.games.hgw.mapcheck import validate

SOUND = "1136"  # East Denmark, the control hex of the Baltic's entrance
BERLIN = "1237"


def allied_announce(state: HgwState) -> None:
    pass_turn(state, "axis")
    pass_turn(state, "soviet")
    act(state, "allied", "end_movement")
    assert step(state) == "announce"


@pytest.mark.rules("F2.1")
def test_a_route_ends_in_a_closed_control_hex_but_never_passes_it() -> None:
    """Sea Route 4 and 7: the route from 1132 to Berlin runs through the Sound in five
    hexes, three steps because the hexes above row 12 count half; with the Sound closed
    there is no other way into the Baltic; the control hex itself may still be entered."""
    m = load_map()
    open_route = m.sea_route("1132", BERLIN)
    assert open_route is not None and SOUND in open_route and len(open_route) - 1 == 5
    assert route_steps(open_route) == 3
    assert m.sea_route("1132", BERLIN, closed=frozenset({SOUND})) is None
    into = m.sea_route("1132", SOUND, closed=frozenset({SOUND}))
    assert into is not None and into[-1] == SOUND  # invading the control hex itself


@pytest.mark.rules("F2.1")
def test_the_sound_closes_the_baltic_and_gibraltar_the_mediterranean() -> None:
    """The map flaw once noticed: a route went from the North Sea (1135) straight into
    the Kattegat (1036, Baltic by Sea Movement) past East Denmark. The grey sides of
    Jutland's and Sweden's coasts (Sea Route 3) now close it, and the Bay of Biscay is
    Atlantic, so each narrow is the only way in: the Sound to the Baltic, Gibraltar to
    the Mediterranean from the ocean's side, Istanbul to the Black Sea."""
    m = load_map()
    assert "barrier" in m.hexside_features("1135", "1036")
    assert m.sea_route("1135", "1036") == ["1135", SOUND, "1036"]
    assert m.sea_route("1131", "1036", closed=frozenset({SOUND})) is None
    assert set(m.seas_of("0936")) == {"Atlantic"}  # Sweden's west-coast port
    assert set(m.seas_of("1632")) == {"Atlantic"}  # Biscay
    assert set(m.seas_of("1532")) == {"Atlantic"}  # Saint-Nazaire
    # from the Channel to Malta with Gibraltar and Suez closed: no way
    assert m.sea_route("1333", "2038", closed=frozenset({"2031", "2243"})) is None
    assert m.sea_route("2038", "1542", closed=frozenset({"1842"})) is None
    assert not validate(m)


@pytest.mark.rules("F2.1")
def test_hexes_above_row_twelve_count_half_a_step() -> None:
    """Sea Route 7: entering a hex of rows 00-11 costs half a step, any other a whole
    one; a fraction counts as a whole step (Invasion Procedure 3's "or fraction")."""
    assert half_steps("1135") == 1 and half_steps("1236") == 2
    # Kiel to 1233: three hexes of row 11 (three halves) and 1233 (two): five halves
    assert route_steps(["1236", "1135", "1134", "1133", "1233"]) == 3
    assert route_steps(["1133", "1134"]) == 1  # half a step rounds up
    m = load_map()
    reach = m.sea_reach("1132", 2)
    assert reach["1134"] == 1 and reach["1135"] == 2  # three hexes of row 11: 1.5 steps
    assert reach["1233"] == 2 and "1335" not in reach  # 1133 and 1233: 1.5 steps; 1335 is 3


@pytest.mark.rules("F2.1")
def test_a_crossing_arrow_over_sea_needs_both_hexes_friendly() -> None:
    """Sea Route 2: the Strait of Messina (1937-2037) carries a crossing arrow; an Allied
    route may take it only while both Calabria and Sicily are Allied."""
    state = new_game()
    messina = ("1937", "2037")
    assert messina in load_map().crossing_sides()
    own(state, "allied", "1937")
    own(state, "axis", "2037")
    assert messina in barred_crossings(state.data, "allied")
    assert messina in barred_crossings(state.data, "axis")
    own(state, "allied", "2037")
    assert messina not in barred_crossings(state.data, "allied")
    assert messina in barred_crossings(state.data, "axis")
    m = load_map()
    barred = frozenset({messina})
    assert m.sea_route("1937", "2037", barred=barred) != ["1937", "2037"]
    assert m.sea_route("1937", "2037") == ["1937", "2037"]


@pytest.mark.rules("F2.1", "F3.4")
def test_an_invasion_passes_the_sound_only_while_the_invader_holds_it() -> None:
    """The Second British Army (one amphibious point of two, none to spare on an
    extension) in the port 1132: Berlin is three steps away through the Sound, out of
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
    assert route_length(state.data, "2br", BERLIN) == 3  # five hexes, four of them in row 11


@pytest.mark.rules("F2.1", "F3.4")
def test_berlin_is_out_of_reach_by_sea_while_the_sound_is_axis() -> None:
    """With the Sound Axis no extension takes the First US Army from London to Berlin
    (there is no way round into the Baltic); with the Sound Allied, Berlin is four steps
    away and nothing is spent."""
    state = new_game()
    allied_announce(state)
    put(state, "1us", "1333", mechanized=4, amphibious=5)
    assert BERLIN not in invasion_targets(state.data, "1us")
    assert ("invade", "1us", BERLIN) not in state.legal_actions("allied")

    state = new_game()
    allied_announce(state)
    own(state, "allied", SOUND)
    put(state, "1us", "1333", mechanized=4, amphibious=5)
    assert route_length(state.data, "1us", BERLIN) == 4
    act(state, "allied", "invade", "1us", BERLIN)
    assert sp(state, "1us") == {"mechanized": 4, "amphibious": 5}


@pytest.mark.rules("F2.1", "F3.6")
def test_interception_follows_the_route_the_invasion_may_take() -> None:
    """Fleet Naval Fire 2 reads the seas of the route the invader may sail: from the
    Clyde (1131) to the Dutch coast at 1235 the route stays in the Atlantic, so a
    fleet based only on the Baltic cannot intercept it; a route to the Pomeranian coast
    (1238) enters the Baltic by the Sound."""
    state = new_game()
    fleet = state.data["fleets"]["kriegsmarine"]
    fleet["at"] = "1040"  # a Baltic-only base
    assert set(load_map().seas_of("1040")) == {"Baltic"}
    assert not may_intercept(state.data, "kriegsmarine", "1131", "1235")
    # through the Sound (open) to 1238 past Berlin, the route enters the Baltic's water
    assert may_intercept(state.data, "kriegsmarine", "1131", "1238")
    # with the Sound closed there is no route into the Baltic at all, so nothing to meet
    assert not may_intercept(state.data, "kriegsmarine", "1131", "1238", frozenset({SOUND}))


@pytest.mark.rules("F2.1", "F3.8")
def test_the_sound_taken_by_invasion_opens_the_baltic_to_the_amphibious_advance() -> None:
    """A player's report: in The Fall of Germany the heuristic's First Canadian Army was
    on Berlin's coast by sea in the first turn, the Sound being Axis at the start. The
    rules allow it: from the Clyde the army may name East Denmark (the control hex
    itself), never the Baltic beyond it; the advance that takes 1136 makes it friendly
    at once (Basic Combat: a captured hex is converted immediately), so the Sound no
    longer closes the sea (Sea Route 4), and the amphibious advance, which follows the
    invasion's rules (the transport limits of the Baltic do not bind an invasion,
    Invasion Procedure 3), may sail on into the Baltic, Berlin's hex included."""
    state = new_game()
    allied_announce(state)
    state.data["fleets"]["kriegsmarine"]["at"] = None  # no interception on the way
    put(state, "1can", "1131", mechanized=4, amphibious=5)
    targets = invasion_targets(state.data, "1can")
    assert SOUND in targets and BERLIN not in targets and "1238" not in targets
    act(state, "allied", "invade", "1can", SOUND)
    act(state, "allied", "end_announce")
    state.rng.force([1, 1])  # the Home Fleet's supporting fire, then the advance
    act(state, "allied", "invasion", "1can")
    act(state, "allied", "escort", "home")
    act(state, "allied", "no_support")
    assert state.data["owner"][SOUND] == "allied"
    assert state.data["armies"]["1can"]["at"] == SOUND
    act(state, "allied", "to_advances")
    act(state, "allied", "to_exploitation")
    advances = {a[2] for a in state.legal_actions("allied") if a[:2] == ("amphibious_advance", "1can")}
    assert {BERLIN, "1238"} <= advances


_WORLD = load_map()
#: every hex a sea route may run through, in a fixed order for the draws below
_SEA = sorted(h for h in _WORLD.hexes if _WORLD.is_navigable(h) or _WORLD.is_coastal(h))
_ARROWS = sorted(_WORLD.crossing_sides())


def _searched_to_goal(
    a: str, b: str, allowed: frozenset[str] | None, closed: frozenset[str], barred: frozenset[tuple[str, str]]
) -> list[str] | None:
    """The route as one search stopped at its goal finds it, with nothing kept."""
    if allowed is not None and not (allowed & set(_WORLD.hex(b).seas)):
        return None
    _, parent = _WORLD.sea_search(a, goal=b, allowed=allowed, closed=closed, barred=barred)
    if b not in parent:
        return None
    path = [b]
    while (step := parent[path[-1]]) is not None:
        path.append(step)
    return path[::-1]


@pytest.mark.rules("F2.1")
@settings(max_examples=80, deadline=None)
@given(st.data())
def test_a_route_kept_without_closed_hexes_is_the_route_a_full_search_finds(data: st.DataObject) -> None:
    """Sea Route 2 and 4: `sea_route` answers from the route with nothing closed or
    barred where that route passes none of the question's closed hexes and barred
    sides, and reads routes from a kept search tree per start. It must be the very
    route one search stopped at the goal finds, tie for tie (which hexes a route passes
    decides the patrols it meets): closed hexes and barred sides are drawn mostly from
    the open route itself, so that both answers are checked."""
    a, b = data.draw(st.sampled_from(_SEA)), data.draw(st.sampled_from(_SEA))
    seas = data.draw(st.none() | st.sets(st.sampled_from(sorted(SEAS)), min_size=1, max_size=3))
    allowed = None if seas is None else frozenset(seas)
    open_route = _searched_to_goal(a, b, allowed, frozenset(), frozenset())
    near = sorted({a, b, *(open_route or ())} | set(data.draw(st.lists(st.sampled_from(_SEA), max_size=4))))
    closed = frozenset(data.draw(st.lists(st.sampled_from(near), max_size=3)))
    sides = sorted({side_key(x, y) for x, y in pairwise(open_route or ())} | set(_ARROWS[:40]))
    barred = frozenset(data.draw(st.lists(st.sampled_from(sides), max_size=4)))
    assert _WORLD.sea_route(a, b, seas, closed=closed, barred=barred) == _searched_to_goal(
        a, b, allowed, closed, barred
    )
