"""The move phase's shared answers (strategic.Survey, strategic.reach) agree with the
questions of control.py they stand for, at every move decision of random games: a
speed measure must never change a rule (5.2 stacking, 5.4 control, 5.51 airbases,
5.9 strategic moves through friendly or neutral hexes)."""

from __future__ import annotations

from collections import deque

import pytest

from grognard.agents import RandomAgent
from grognard.games.victory import RULESET, VictoryState
from grognard.games.victory.control import (
    controller,
    friendly_airbases,
    gmap,
    has_enemy,
    has_room,
    occupancy,
    side_features,
    storm_area,
    water_links,
)
from grognard.games.victory.strategic import STRATEGIC_RANGE, Survey, within_range


def _slow_reach(state: VictoryState, role: str, start: str, net: str) -> tuple[str, ...]:
    """5.9 searched the plain way: hex by hex, asking control.py each time."""
    data, occ, the_map = state.data, occupancy(state.data), gmap(state.data)
    storm = storm_area(data)
    links = water_links(data["map"])

    def step(here: str, nxt: str) -> bool:
        if net == "water":
            return nxt in links[here]
        return "road" in side_features(data, here, nxt) and the_map.is_land(nxt)

    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in the_map.neighbors(here):
            if nxt in seen or nxt in storm or not step(here, nxt):
                continue
            if has_enemy(data, occ, nxt, role) or controller(data, occ, nxt) not in (None, role):
                continue
            seen[nxt] = seen[here] + 1
            if seen[nxt] < STRATEGIC_RANGE:
                queue.append(nxt)
    del seen[start]
    return tuple(sorted(seen))


def _check(state: VictoryState, role: str) -> int:
    data = state.data
    occ = occupancy(data)
    survey = Survey(data, occ, role)
    the_map = gmap(data)
    for hex_id in the_map.hexes:
        for kind in ("ground", "naval", "air"):
            assert survey.has_room(hex_id, kind) == has_room(data, occ, hex_id, role, kind), (hex_id, kind)
    starts = sorted({b["at"] for b in data["blocks"].values() if b["owner"] == role and b["at"]})
    for start in starts:
        assert survey.airbases(start, 4) == friendly_airbases(data, occ, role, start, 4)
        for net in ("road", "water"):
            assert within_range(survey, start, net) == _slow_reach(state, role, start, net)
    return len(starts)


@pytest.mark.rules("5.2", "5.4", "5.9")
@pytest.mark.parametrize("options", [{}, {"storms": True, "logistics": True}])
def test_5_9_survey_answers_match_control_in_random_games(options: dict[str, bool]) -> None:
    state = RULESET.new_game("quick-start", {"turn_limit": 3, **options}, 11)
    assert isinstance(state, VictoryState)
    state.keep_undo = False
    agent = RandomAgent(11)
    checked = 0
    while not state.is_over():
        role = next(r for r in state.active_roles() if state.legal_actions(r))
        frame = state.data["flow"][-1]
        if frame["state"] == "move" and len(state.history) % 7 == 0:
            checked += _check(state, frame["role"])
        state.apply(role, agent.act({}, state.legal_actions(role)))
    assert checked > 20  # the game reached many move decisions with blocks on the map
