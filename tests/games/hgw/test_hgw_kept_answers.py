"""Answers the engine and the heuristic keep instead of searching again (a search
asks them thousands of times a turn) are the answers a fresh search gives: the places
that may produce, the Pacific heuristic's reach to the front, the sea routes, the
victory counts' Pacific half, a nation's places, a listing's supply."""

from __future__ import annotations

import pickle
import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from grognard.games.hgw import RULESET, HgwState, campaign_victory, supply
from grognard.games.hgw.ai import Board, make_heuristic
from grognard.games.hgw.board import production_of
from grognard.games.hgw.geography import geography
from grognard.games.hgw.japan import west_coast_ports
from grognard.games.hgw.map import load_map
from grognard.games.hgw.neutrality import nation_at, places_of
from grognard.games.hgw.pacific_economy import australian_ports
from grognard.games.hgw.supply import supplied_places, traced_once
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


# ----- a listing's supply, traced once (supply.traced_once)


def _count_traces(monkeypatch: pytest.MonkeyPatch) -> Counter[tuple[Any, ...]]:
    """Each supply question that is traced, counted."""
    traced: Counter[tuple[Any, ...]] = Counter()
    trace = supply._supplied

    def counted(data: Any, *question: Any) -> set[str]:
        traced[question] += 1
        return trace(data, *question)

    monkeypatch.setattr(supply, "_supplied", counted)
    return traced


@pytest.mark.rules("L1.1", "L1.2")
def test_a_supply_question_asked_twice_in_a_block_is_traced_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Inside the block the second asking is the first's answer, handed out as a new
    set; outside, and for another state, every asking traces again."""
    state = next(positions("campaign_4", seed=3, count=1))
    data = state.data
    fresh = supplied_places(data, "axis", home_only=False)
    traced = _count_traces(monkeypatch)
    with traced_once(data):
        first = supplied_places(data, "axis", home_only=False)
        first.clear()
        with traced_once(data):  # a block inside shares the answers
            assert supplied_places(data, "axis", home_only=False) == fresh
        assert supplied_places(data, "axis", home_only=True) <= fresh
        other: Any = {**data}
        supplied_places(other, "axis", home_only=False)
    none: frozenset[str] = frozenset()
    partial, full = ("axis", False, none, False, ()), ("axis", True, none, False, ())
    assert traced == Counter({partial: 2, full: 1})  # the block's once, the other state's once
    supplied_places(data, "axis", home_only=False)
    assert traced[partial] == 3


def _to_production(state: HgwState) -> HgwState:
    """Play the heuristic for every side until a side lists its builds."""
    heuristic = make_heuristic(3)
    while state.data["flow"][-1]["state"] != "production":
        role = state.active_roles()[0]
        state.apply(role, heuristic.act(state.view(role), state.legal_actions(role)))
    return state


@pytest.mark.rules("L1.1", "N10.2", "N9.1", "K20.1")
def test_a_production_listing_traces_each_supply_question_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Campaign Game IV's production asks the side's supply in its fort and repair
    offers, its port sites, its bombing bases and its coastal air hosts: one trace for
    each question, and the same builds as when every asking traces."""
    state = RULESET.new_game("campaign_4", {"naval_action": True}, seed=3)
    assert isinstance(state, HgwState)
    state.keep_undo = False
    _to_production(state)
    role = state.active_roles()[0]

    @contextmanager
    def every_time(data: Any) -> Iterator[None]:
        yield

    traced = _count_traces(monkeypatch)
    once = list(state._legal_actions(role))  # the listing itself, not the state's kept copy
    assert traced and max(traced.values()) == 1
    assert any(a[0] in ("build_port", "build_naval_port", "fort") for a in once)
    traced.clear()
    monkeypatch.setattr(supply, "traced_once", every_time)
    monkeypatch.setattr("grognard.games.hgw.production.traced_once", every_time)
    assert list(state._legal_actions(role)) == once
    assert max(traced.values()) >= 3  # the same question, asked again and again
