"""The search asks a ruleset's heuristic to choose among a part of the legal actions
(agents/mcts.py `_first_try`: the moves of a node not tried yet), so every heuristic
must answer any non-empty subset of the legal list with one of its members, at any
step of any game: a chooser that assumed the whole list (an "end" action, or a kind
of move, always present) crashed the search's worker in the middle of a game.

Where the ruleset scores actions for the search (the `action_scores` seam: the
search narrows its root to the best-scored few), the scores must cover every legal
action and rank the heuristic's own choice first."""

from __future__ import annotations

import random

import pytest

from grognard.agents import make_agent
from grognard.seams import seam
from grognard.sim import get_ruleset

GAMES = [
    ("viktory2", None),
    ("victory", None),
    ("hgw", "barbarossa"),
    ("hgw", "pacific_war"),
    ("virtuti", None),
]


@pytest.mark.parametrize(("ruleset_id", "scenario"), GAMES)
def test_a_heuristic_answers_any_part_of_the_legal_list(ruleset_id: str, scenario: str | None) -> None:
    state = get_ruleset(ruleset_id).new_game(scenario, {}, 11)
    player = make_agent("heuristic", ruleset_id, 5)
    scores = seam(ruleset_id, "action_scores")
    draw = random.Random(3)
    asked = 0
    for _ in range(400):
        if state.is_over():
            break
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        view = state.view(role)
        choice = player.act(view, legal)
        if len(legal) > 1:
            for size in {1, 2, draw.randrange(1, len(legal))}:
                part = draw.sample(legal, size)
                assert player.act(view, part) in part
                asked += 1
            if scores is not None:
                scored = scores.action_scores(view, legal)
                if scored is not None:  # None: a question the ruleset does not score
                    assert set(scored) == set(legal)
                    assert scored[choice] >= max(scored.values()) - 1e-9  # ties within rounding
        state.apply(role, choice)
    assert asked > 100
