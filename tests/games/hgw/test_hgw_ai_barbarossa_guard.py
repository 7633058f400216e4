"""The heuristic's Barbarossa garrisons: the Axis wins by holding Moscow (1144),
Leningrad (0942) and Stalingrad (1446) together, the Soviets by taking Berlin (1237)
(Barbarossa Victory Conditions 1-2), so each side guards those of them it holds
against the enemy points within two hexes: the movement brings points from the rear
and the production buys infantry there. The win rates between heuristics are
docs/hgw-design.md's ("Guarding the cities the enemy needs")."""

from __future__ import annotations

import pytest
from hgw_positions import act, new_game, own, pass_turn, put, step

from grognard.core.game import Action
from grognard.games.hgw import HgwState
from grognard.games.hgw.ai import Board, HgwHeuristic
from grognard.games.hgw.production import placed_at

MOSCOW = "1144"


def _soviet_turn(threat_at: str | None) -> HgwState:
    """Barbarossa at the Soviets' first movement phase, Army Group Center (eight
    mechanized and two infantry points) at `threat_at` (or where it starts, 1339)."""
    state = new_game(1)
    pass_turn(state, "axis")
    if threat_at is not None:
        own(state, "axis", threat_at)
        put(state, "agc", threat_at, infantry=2, mechanized=8)
    assert state.data["player"] == "soviet" and step(state) == "movement"
    return state


def _play_soviet_turn(state: HgwState) -> list[Action]:
    agent, chosen = HgwHeuristic(1), []
    while state.data["player"] == "soviet" and not state.is_over():
        if step(state) == "announce":
            for action in ("end_announce", "to_advances", "to_exploitation", "end_combat"):
                act(state, "soviet", action)
            continue
        legal = state.legal_actions("soviet")
        action = agent.act(state.view("soviet"), legal)
        assert action in legal
        chosen.append(action)
        state.apply("soviet", action)
    return chosen


def test_each_side_guards_the_places_its_enemy_must_hold_together() -> None:
    """Victory Conditions 1-2: the Soviets hold the three cities the Axis needs, the
    Axis holds Berlin; a city the enemy took is no longer guarded by the side that lost it."""
    state = _soviet_turn(None)
    assert Board(state.view("soviet")).held_goals == ("0942", MOSCOW, "1446")
    assert Board(state.view("axis")).held_goals == ("1237",)
    own(state, "axis", MOSCOW)
    assert Board(state.view("soviet")).held_goals == ("0942", "1446")


@pytest.mark.parametrize(("threat_at", "threatened"), [("1142", True), (None, False)])
def test_the_soviets_garrison_moscow_against_an_army_two_hexes_away(
    threat_at: str | None, threatened: bool
) -> None:
    """Army Group Center's ten points two hexes from Moscow could take it next turn:
    the Soviets want half of them and one more there (6 against Moscow's 4) and get
    them there by the end of their turn, the points they build there being infantry.
    Where it starts (1339, four hexes off) it threatens nothing: no point is built in
    Moscow and its army leaves for the front (before this guard the Soviets built toward Berlin whatever stood
    beside Moscow, and the Axis won 74 of seeds 1-200 between heuristics, 26 since)."""
    state = _soviet_turn(threat_at)
    board = Board(state.view("soviet"))
    before = board.defence(MOSCOW)
    assert before == 4
    assert board.guard.get(MOSCOW) == (10 // 2 + 1 if threatened else None)
    chosen = _play_soviet_turn(state)
    builds = [a for a in chosen if a[0] == "build" and placed_at(state.data["armies"], a) == MOSCOW]
    after = Board(state.view("axis")).defence(MOSCOW)
    if threatened:
        assert after >= 6
        assert builds and all(a[1] == "infantry" for a in builds)
    else:
        assert not builds
        assert after < 6  # Moscow's own points go to the front
