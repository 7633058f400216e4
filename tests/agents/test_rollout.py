"""One rollout (agents/rollout.py), the loop the tree search and the paired search
share: it plays a copy on for at most its depth, stops when asked, draws only from
the generator it is given, and scores an ended game by its result, a running one by
the evaluation from the searching role's view."""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

from grognard.agents.rollout import outcome, play_out, win_shares

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
import tinygame


def test_it_plays_at_most_its_depth_and_says_how_many() -> None:
    game = tinygame.to_north_turn(seed=5)
    before = len(game.data["log"])
    assert play_out(game, 3, None, 0.1, random.Random(1)) == 3
    assert len(game.data["log"]) > before  # it played on the copy it was given
    ended = tinygame.to_north_turn(seed=5)
    played = play_out(ended, 10_000, None, 0.1, random.Random(1))
    assert ended.result() is not None and 3 < played < 10_000  # stopped at the end


def test_the_same_generator_plays_the_same_rollout() -> None:
    a, b, c = (tinygame.to_north_turn(seed=5) for _ in range(3))
    play_out(a, 40, None, 0.1, random.Random(7))
    play_out(b, 40, None, 0.1, random.Random(7))
    play_out(c, 40, None, 0.1, random.Random(8))
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()


def test_stop_is_asked_every_check_and_cuts_the_rollout() -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) == 2

    game = tinygame.to_north_turn(seed=5)
    assert play_out(game, 100, None, 0.1, random.Random(1), stop, check_every=4) == 7
    assert len(asked) == 2  # after actions 3 and 7


def test_the_policy_plays_all_but_epsilon_of_the_choices() -> None:
    class Counting:
        wants_view = False
        name = "counting"

        def __init__(self) -> None:
            self.asked = 0

        def act(self, view: Any, legal: list[Any]) -> Any:
            self.asked += 1
            return legal[0]

    always, never = Counting(), Counting()
    play_out(tinygame.to_north_turn(seed=5), 30, always, 0.0, random.Random(1))
    play_out(tinygame.to_north_turn(seed=5), 30, never, 1.0, random.Random(1))
    assert always.asked > 0 and never.asked == 0


def test_an_ended_game_scores_its_result_and_a_running_one_the_evaluation() -> None:
    game = tinygame.to_north_turn(seed=5)
    roles = list(game.roles)
    seen: list[str] = []

    def evaluate(view: dict[str, Any]) -> dict[str, float]:
        seen.append(view["role"])
        return {"north": 0.5, "east": 0.25}

    assert outcome(game, roles, "east", evaluate) == {"north": 0.5, "east": 0.25, "south": 0.0}
    assert seen == ["east"]  # the searching role's view, not the spectator's
    play_out(game, 10_000, None, 0.1, random.Random(1))
    result = game.result()
    assert result is not None
    assert outcome(game, roles, "east", evaluate) == win_shares(result, roles)
    assert seen == ["east"]  # an ended game is not evaluated
