"""One source per rule (issue 21): the heuristic AI and the odds read only a view,
yet must give the engine's own answers. Over positions reached by seeded random play
of every scenario, each seat's board (seen.py) answers the questions of defence,
advance, garrison and Russian winter as the engine does on the full state."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.advance import advance_limit
from grognard.games.hgw.ai import Board, make_heuristic
from grognard.games.hgw.board import defence, has_garrison, winter_modifier
from grognard.games.hgw.geography import geography
from grognard.games.hgw.odds import battle_at, odds
from grognard.games.hgw.seen import data_from_view

SCENARIOS = ("barbarossa", "fall_of_germany", "campaign_1")
EVERY = 50  # actions between two sampled positions
POSITIONS = 20  # positions per game at most


def positions(scenario: str, seed: int) -> Iterator[HgwState]:
    """Positions every EVERY actions of two seeded games: one of random moves only, one
    where the first side plays the heuristic (random armies seldom go far: this one
    carries the war into the Soviet Union for its winters)."""
    for first in (None, make_heuristic(seed)):
        state = RULESET.new_game(scenario, seed=seed)
        assert isinstance(state, HgwState)
        state.keep_undo = False
        pick = random.Random(seed)
        done = 0
        while not state.is_over() and done < EVERY * POSITIONS:
            role = state.active_roles()[0]
            legal = state.legal_actions(role)
            if first is not None and role == state.roles[0]:
                state.apply(role, first.act(state.view(role), legal))
            else:
                state.apply(role, legal[pick.randrange(len(legal))])
            done += 1
            if done % EVERY == 0:
                yield state
        yield state


def attacks(state: HgwState) -> Iterator[tuple[str, str, str]]:
    """(side, army, place next to it) for every army on the board."""
    links = geography(state.data["scenario"]).links
    for army_id, army in sorted(state.data["armies"].items()):
        if army["at"] is not None:
            for place in links[army["at"]]:
                yield army["side"], army_id, place


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.rules("C5.3", "C5.6", "C5.10", "C7.3", "C8.3", "C8.4", "C9.1", "C12.1", "C12.2")
def test_the_ai_and_the_odds_answer_as_the_engine_does(scenario: str) -> None:
    seen: Counter[str] = Counter()
    for state in positions(scenario, seed=7):
        data = state.data
        for role in state.roles:
            view = state.view(role)
            b = Board(view)
            assert data_from_view(view["board"], scenario)["armies"] == data["armies"]
            for side, army_id, place in attacks(state):
                assert b.defence(place) == defence(data, place), place
                if side != role:
                    continue
                army = b.armies[army_id]
                assert b.advance_limit(army, place) == advance_limit(data, army_id, place), (army_id, place)
                seen["advance"] += 1
                battle = battle_at(state, role, place, ("advance", army_id))
                assert battle is not None
                assert battle["winter"] == winter_modifier(data, army_id)
                seen["winter"] += bool(battle["winter"])
                assert battle["garrison"] == (has_garrison(data, place) and data["owner"].get(place) != side)
                if not sum(battle["attacker"].values()):
                    continue  # amphibious points only: no land attack for the odds to weigh
                # with no assault either way, the odds are the Advance Table's own
                quiet = {**battle, "defensive_assault": False, "assault": False}
                limit = max(0, min(6, advance_limit(data, army_id, place)))
                assert odds(quiet).attacker_wins == pytest.approx(limit / 6), (army_id, place)
    assert seen["advance"] > 100
    if scenario == "barbarossa":
        assert seen["winter"] > 0  # the play reached a Russian winter


def test_the_board_from_a_search_view_holds_the_games_open_records_unaliased() -> None:
    """A search reads the game's board uncopied (`State.search_view`), and the heuristic
    builds its data from it at every decision: the open records (research, the politics,
    Naval Action's ports and ship track, shipping) come out equal to the game's, and
    emptying them empties neither the game's nor the next board's."""
    state = RULESET.new_game("campaign_4", seed=3)
    assert isinstance(state, HgwState)
    pick = random.Random(3)
    for _ in range(120):
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        state.apply(role, legal[pick.randrange(len(legal))])
    keys = ("research", "politics", "ship_track", "ports", "shipping")
    game: dict[str, Any] = state.data  # type: ignore[assignment]
    before = json.dumps({k: game[k] for k in keys}, sort_keys=True)
    assert all(game[k] for k in keys)
    seen: dict[str, Any] = data_from_view(state.search_view("axis")["board"], "campaign_4")  # type: ignore[assignment]
    assert {k: seen[k] for k in keys} == {k: game[k] for k in keys}
    for key in keys:
        seen[key].clear()
    assert json.dumps({k: game[k] for k in keys}, sort_keys=True) == before
    again: dict[str, Any] = data_from_view(state.search_view("axis")["board"], "campaign_4")  # type: ignore[assignment]
    assert {k: again[k] for k in keys} == {k: game[k] for k in keys}
