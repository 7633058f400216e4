"""The route search's memo (route_memo.py): a search answered from it is the search
found afresh, after places change hands and as a sea's transport room runs out
(Movement 2; Strength Point Movement Across Seas 1-2)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hgw_positions import cleared, own, place, put

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw import movement as mv
from grognard.games.hgw.board import on_board, strength
from grognard.games.hgw.route_memo import NO_ROOM, ROOM, UNLIMITED, RouteMemo, room_class


@pytest.fixture(autouse=True)
def _empty_memo() -> Iterator[None]:
    mv._MEMO.clear()
    yield
    mv._MEMO.clear()


def _fresh(state: HgwState, start: str, side: str, count: int) -> mv.Found:
    """The search with nothing remembered."""
    mv._MEMO.clear()
    found = mv._search(state.data, start, side, count)
    mv._MEMO.clear()
    return found


def _memo(state: HgwState, start: str, side: str, count: int) -> tuple[mv.Found, bool]:
    """The search as the rules call it, and whether the memo answered it."""
    hits = mv._MEMO.hits
    found = mv._search(state.data, start, side, count)
    return found, mv._MEMO.hits > hits


def _fall_of_germany() -> HgwState:
    state = RULESET.new_game("fall_of_germany", seed=1)
    assert isinstance(state, HgwState)
    return state


@pytest.mark.rules("M1.2")
def test_a_repeated_search_is_answered_from_the_memo_while_no_place_changes_hands() -> None:
    state = cleared()
    place(state, "agn", "1237", infantry=3)
    first, _ = _memo(state, "1237", "axis", 1)
    place(state, "okw", "1240", infantry=2)  # armies do not change where points may go
    again, hit = _memo(state, "1237", "axis", 3)
    assert hit and again is first and "1240" in again


@pytest.mark.rules("M1.2")
def test_a_place_changing_hands_is_searched_afresh() -> None:
    state = cleared()
    _memo(state, "1237", "axis", 1)
    own(state, "soviet", "1240")  # East Prussia lost: no longer a friendly place
    found, hit = _memo(state, "1237", "axis", 1)
    assert not hit and "1240" not in found
    assert found == _fresh(state, "1237", "axis", 1)


@pytest.mark.rules("F2.2")
def test_more_points_than_a_sea_has_room_for_are_searched_afresh() -> None:
    """The Baltic carries one Axis point a turn: one point from Finland reaches Kiel
    over it, two cannot cross it, and neither can one once the point has crossed."""
    state = _fall_of_germany()
    put(state, "agnor", "0741", infantry=4)
    one, _ = _memo(state, "0741", "axis", 1)
    two, hit = _memo(state, "0741", "axis", 2)
    assert not hit and "Baltic" in one["1236"][0]
    again, hit = _memo(state, "0741", "axis", 1)  # both answers are kept
    assert hit and again is one
    assert two == _fresh(state, "0741", "axis", 2)
    assert not any("Baltic" in seas for seas, _ in two.values())
    _memo(state, "0741", "axis", 1)
    state.data["sea_moves"] = {"Baltic": 1}
    spent, hit = _memo(state, "0741", "axis", 1)
    assert not hit and spent == _fresh(state, "0741", "axis", 1) == two


@pytest.mark.rules("M1.2", "F2.2")
def test_every_army_and_count_finds_what_a_fresh_search_finds() -> None:
    """Each side's every army with one, two and three of its points, in the order the
    moves are listed (the Atlantic has room for one more Axis point, the Baltic for one,
    other seas for none or any number): the memo's answers, some of them reused, are
    the fresh searches'."""
    state = _fall_of_germany()
    state.data["sea_moves"] = {"Atlantic": 1}  # one of the two Axis Atlantic points spent
    reused = 0
    for side in ("axis", "allied", "soviet"):
        for a in on_board(state.data, side):
            start = state.data["armies"][a]["at"]
            for count in range(1, min(strength(state.data["armies"][a]), 3) + 1):
                found, hit = _memo(state, start, side, count)
                reused += hit
                assert found == _fresh(state, start, side, count), (a, count)
                mv._search(state.data, start, side, count)  # remembered again for the next
    assert reused > 0


def test_the_memo_keeps_a_bounded_number_of_searches() -> None:
    memo: RouteMemo[int] = RouteMemo(size=2)
    for n, start in enumerate(("a", "b", "c")):
        memo.put(("s", "axis", start, False), {}, (), n)
    assert memo.get(("s", "axis", "c", False), {}, lambda sea: UNLIMITED) == 2
    assert memo.get(("s", "axis", "a", False), {}, lambda sea: UNLIMITED) is None


def test_a_sea_is_asked_only_whether_it_is_unlimited_or_has_room_for_the_points() -> None:
    assert room_class(None, 5) == UNLIMITED
    assert room_class(2, 2) == room_class(3, 0) == ROOM
    assert room_class(1, 2) == room_class(0, 1) == NO_ROOM
