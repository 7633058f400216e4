"""Rule cases of issue 12 played late: the voluntary removal of occupation markers
(Garrisons 6, H2.6), the Axis repair cap on captured Siberian points (Siberian
Industry 2, G19.2) and the declaration of war on Spain to attack Gibraltar from
Portugal (Violation of Neutrality 6, G2.6)."""

from __future__ import annotations

from collections import deque
from typing import Any

import pytest
from hgw_positions import act, own, put

from grognard.games.hgw import RULESET, HgwState, politics
from grognard.games.hgw.board import capture, has_garrison
from grognard.games.hgw.geography import geography
from grognard.games.hgw.limitations import siberia_held
from grognard.games.hgw.production import budget
from grognard.games.hgw.scenario import BOX
from grognard.games.hgw.supply import supplied_places

CG1 = "campaign_1"


def new_game(scenario: str, seed: int = 1, **options: Any) -> HgwState:
    state = RULESET.new_game(scenario, options, seed=seed)
    assert isinstance(state, HgwState)
    return state


# ----- Garrisons 6: lifting occupation markers


@pytest.mark.rules("H2.6")
def test_a_marker_lifted_in_the_movement_phase_gives_the_hex_back() -> None:
    """Garrisons 6: a side may lift its occupation markers in its movement phase where
    none of its armies stands; our reading gives a captured hex back to the side that
    held it at the start, with its devastation, and the remover's supply no longer
    reaches it."""
    state = new_game("barbarossa")
    capture(state, "1243", "axis", by_advance=True)
    capture(state, "1143", "axis", by_advance=True)
    put(state, "agc", "1243", infantry=2)
    legal = state.legal_actions("axis")
    assert ("remove_marker", "1143") in legal
    assert ("remove_marker", "1243") not in legal  # an Axis army stands there
    act(state, "axis", "remove_marker", "1143")
    assert state.data["owner"]["1143"] == "soviet"
    assert "1143" not in state.data["markers"]
    assert state.data["devastated"]["1143"] == 1  # Smolensk's point stays devastated
    assert "1143" not in supplied_places(state.data, "axis", home_only=False)
    assert ("remove_marker", "1143") not in state.legal_actions("axis")


@pytest.mark.rules("H2.6", "H2.3")
def test_a_marker_lifted_in_the_sides_own_desert_leaves_it_without_a_garrison() -> None:
    """Garrisons 3 and 6: in the side's own desert hex the marker stands for the
    garrison; lifting it keeps the hex the side's but empty of any garrison."""
    state = new_game("barbarossa")
    g = geography("barbarossa")
    desert = next(p for p in sorted(g.places) if g.terrain[p] == "desert" and g.start_owner.get(p) == "axis")
    assert not any(x["at"] == desert for x in state.data["armies"].values())
    state.data["markers"][desert] = "axis"
    assert has_garrison(state.data, desert)
    act(state, "axis", "remove_marker", desert)
    assert state.data["owner"][desert] == "axis"
    assert not has_garrison(state.data, desert)


# ----- Siberian Industry 2


def _path(scenario: str, start: str, goal: str) -> list[str]:
    g = geography(scenario)
    links = g.links
    back: dict[str, str] = {start: start}
    queue = deque([start])
    while queue:
        p = queue.popleft()
        for n in links[p]:
            if n not in back and (g.terrain[n] in ("clear", "swamp") or n == goal):
                back[n] = p
                queue.append(n)
    path = [goal]
    while path[-1] != start:
        path.append(back[path[-1]])
    return path


@pytest.mark.rules("G19.2", "C13.2")
def test_the_axis_repairs_at_most_eight_captured_siberian_points() -> None:
    """Off-Map Combat 2 and Siberian Industry 2: the Axis advance into Siberia
    devastates all twelve points; the Axis may repair eight of them, which its budget
    then counts while it holds the box in supply; the other four stay devastated."""
    state = new_game(CG1)
    own(state, "axis", *_path(CG1, "1237", BOX))
    state.data["owner"][BOX] = "soviet"
    capture(state, BOX, "axis", by_advance=True)
    assert state.data["devastated"][BOX] == 12
    assert state.data["permanent"][BOX] == 4
    assert BOX in supplied_places(state.data, "axis", home_only=True)
    before = budget(state.data, "axis")
    state.data["flow"][-1] = {"state": "production", "role": "axis", "budget": 40}
    for _ in range(8):
        assert ("repair", BOX) in state.legal_actions("axis")
        act(state, "axis", "repair", BOX)
    assert state.data["devastated"][BOX] == 4
    assert ("repair", BOX) not in state.legal_actions("axis")
    assert siberia_held(state.data, "axis", {BOX}) == 8
    assert budget(state.data, "axis") == before + 8


# ----- Violation of Neutrality 6


def _axis_in_lisbon(state: HgwState) -> None:
    own(state, "axis", "1830")
    put(state, "afk", "1830", amphibious=2, infantry=1)
    act(state, "axis", "end_movement")


@pytest.mark.rules("G2.6")
def test_gibraltar_from_portugal_needs_a_declaration_of_war_on_spain() -> None:
    """Violation of Neutrality 6: an Axis army in Lisbon (1830) may not invade
    Gibraltar (2031) while Spain is unaligned until the Axis declares war on Spain."""
    state = new_game(CG1)
    _axis_in_lisbon(state)
    legal = state.legal_actions("axis")
    assert ("invade", "afk", "2031") not in legal
    assert ("declare_war", "spain") in legal
    act(state, "axis", "declare_war", "spain")
    legal = state.legal_actions("axis")
    assert ("invade", "afk", "2031") in legal
    assert ("declare_war", "spain") not in legal


@pytest.mark.rules("G2.6", "G2.2", "G2.4")
def test_the_declaration_is_an_attack_spain_joins_the_allies_unless_conquered() -> None:
    """Violation of Neutrality 2, 4, 6: the declaration counts as an Axis attack on
    Spain; not conquered in that combat phase, Spain joins the Allied side."""
    state = new_game(CG1)
    _axis_in_lisbon(state)
    act(state, "axis", "declare_war", "spain")
    assert "spain" in state.data["politics"]["unaligned"]
    politics.end_of_combat(state, "axis")
    assert "spain" not in state.data["politics"]["unaligned"]
    assert state.data["politics"]["joined"]["spain"] == "allied"
    assert state.data["owner"]["1931"] == "allied"
    assert state.data["politics"]["war_on"] == {}
