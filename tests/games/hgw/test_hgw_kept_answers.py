"""Answers the engine and the heuristic keep instead of searching again (a search
asks them thousands of times a turn) are the answers a fresh search gives: the places
that may produce, the Pacific heuristic's reach to the front, the sea routes, the
victory counts' Pacific half, a nation's places."""

from __future__ import annotations

import pickle
import random
from collections.abc import Iterator

import pytest

from grognard.games.hgw import RULESET, HgwState, campaign_victory
from grognard.games.hgw.ai import Board, make_heuristic
from grognard.games.hgw.board import production_of
from grognard.games.hgw.geography import geography
from grognard.games.hgw.japan import west_coast_ports
from grognard.games.hgw.map import load_map
from grognard.games.hgw.neutrality import nation_at, places_of
from grognard.games.hgw.pacific_economy import australian_ports
from grognard.games.hgw.theater import in_pacific

EVERY = 40  # actions between two sampled positions


def positions(scenario: str, seed: int, count: int) -> Iterator[HgwState]:
    """`count` positions of a game where the first side plays the heuristic and the
    other picks at random (so that places change hands and production is devastated)."""
    state = RULESET.new_game(scenario, seed=seed)
    assert isinstance(state, HgwState)
    state.keep_undo = False
    first, pick = make_heuristic(seed), random.Random(seed)
    for _ in range(count):
        for _ in range(EVERY):
            if state.is_over():
                return
            role = state.active_roles()[0]
            legal = state.legal_actions(role)
            choice = first.act(state.view(role), legal) if role == state.roles[0] else pick.choice(legal)
            state.apply(role, choice)
        yield state


@pytest.mark.parametrize("scenario", ["pacific_war", "campaign_1"])
@pytest.mark.rules("P2.3", "L1.1", "L1.2", "L1.3")
def test_every_place_that_produces_is_among_those_that_may(scenario: str) -> None:
    """Supply sources and build places look only at `Geography.may_produce`: a place
    that produces anywhere else would be missed. Over positions where places changed
    hands, every held place with undevastated points, and every box, is among them."""
    g = geography(scenario)
    producing = 0
    for state in positions(scenario, seed=3, count=6):
        data = state.data
        held = {p for p, side in data["owner"].items() if side is not None}
        found = {p for p in held if production_of(data, p) > 0 or g.is_box(p)}
        assert found <= g.may_produce, sorted(found - g.may_produce)
        producing += len(found)
    assert producing > 0
    assert len(g.may_produce) < len(g.places)  # it does leave places out


@pytest.mark.rules("M1.2")
def test_the_pacific_heuristics_reach_to_the_front_is_a_fresh_searchs() -> None:
    """`Board.reaches_front` answers a whole joined group of places from one search;
    asked in turn for every place of the side, each answer is the one a search from
    that place gives."""
    answers: set[bool] = set()
    for state in positions("pacific_war", seed=5, count=5):
        for role in state.roles:
            b = Board(state.view(role))
            for place in sorted(p for p, side in b.owner.items() if side == b.me):
                fresh = any(b.is_front(q) for q in b.reachable(place))
                assert b.reaches_front(place) == fresh, (role, place)
                answers.add(fresh)
    assert answers == {True, False}


def test_a_kept_sea_route_is_handed_out_as_a_new_list() -> None:
    """The map keeps the routes it found; a caller that changes its list changes no
    later answer."""
    hmap = load_map()
    opening = RULESET.new_game("pacific_war", seed=1)
    assert isinstance(opening, HgwState)
    start, end = australian_ports(opening.data)[0], west_coast_ports()[0]
    route = hmap.sea_route(start, end)
    assert route is not None and route[0] == start and route[-1] == end
    route.append("0000")
    again = hmap.sea_route(start, end)
    assert again == route[:-1] and again is not route
    # the map still pickles (a worker process may be sent one) and its copy answers alike
    copy = pickle.loads(pickle.dumps(hmap))
    assert copy.sea_route(start, end) == again



@pytest.mark.rules("G27.2", "G27.4")
def test_the_victory_counts_set_the_pacific_half_apart_place_by_place() -> None:
    """`end_counts` sums every side's places in one pass, with the Pacific half kept
    once a map (`Geography.in_pacific_half`): over positions of Campaign Game IV where
    places changed hands, each side's Europe count is its whole count less the points
    of its own hexes east of Europe's play area, counted place by place."""
    g = geography("campaign_4")
    pacific_seen = 0
    for state in positions("campaign_4", seed=3, count=4):
        data = state.data
        for side, (total, europe) in campaign_victory.end_counts(data).items():
            held = [p for p, o in data["owner"].items() if o == side and p.isdigit() and in_pacific(p)]
            pacific = sum(g.production[p] for p in held)
            assert total == campaign_victory.controlled_production(data, side)
            assert europe == (total - pacific if total else 0)
            assert europe == campaign_victory.europe_production(data, side)
            pacific_seen += pacific
    assert pacific_seen > 0


def test_a_kept_list_of_a_nations_places_is_handed_out_as_a_new_list() -> None:
    """`places_of` keeps each nation's places once a scenario; a caller that changes
    its list changes no later answer, and the answer is the nation's places, sorted."""
    state = RULESET.new_game("campaign_1", seed=1)
    assert isinstance(state, HgwState)
    g = geography("campaign_1")
    places = places_of(state.data, "italy")
    assert places == sorted(p for p in g.places if nation_at(state.data, p) == "italy") and places
    places.clear()
    assert places_of(state.data, "italy") == sorted(p for p in g.places if g.nation[p] == "italy")
