"""grognard.testing: the conformance check passes on tiny and fails on broken variants."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterable
from typing import Any

import pytest
from tinygame import TINY, TinyRuleset, TinyState

from grognard.core.game import Action, Result, Role
from grognard.core.rng import Rng
from grognard.testing import CheckReport, check_ruleset, random_playout


# ----- the tiny game passes --------------------------------------------------------------
def test_tiny_passes() -> None:
    report = check_ruleset(TinyRuleset(), games=20)
    assert isinstance(report, CheckReport)
    assert report.games == 40  # 20 per scenario
    assert report.actions >= 40 * 12  # at least 3 picks and a roll per round
    assert 0 < report.longest <= report.actions


def test_tiny_passes_thoroughly_with_every_option() -> None:
    options = [{}, {"swap": False}, {"sides": "4", "bonus": 3}, {"sides": 8}]
    report = check_ruleset(TINY, scenarios=["sprint"], games=4, options_list=options, thorough=True, seed=50)
    assert report.games == 16


def test_the_checker_leaves_the_global_random_alone() -> None:
    random.seed(1234)
    before = random.getstate()
    check_ruleset(TINY, games=2)
    assert random.getstate() == before


def test_the_checker_is_deterministic() -> None:
    assert check_ruleset(TINY, games=3, seed=7) == check_ruleset(TINY, games=3, seed=7)


# ----- broken variants: the checker must fail ---------------------------------------------
class LeakyView(TinyState):
    """Shows every hand to everyone."""

    def _view(self, role: Role | None) -> dict[str, Any]:
        return {**super()._view(role), "all_hands": dict(self.data["hands"])}


class LeakyLog(TinyState):
    """Logs every secret line to everyone."""

    def log(self, text: str, to: Iterable[Role] | None = None) -> None:
        super().log(text, None)


class Exploding(TinyState):
    """Offers an action whose rules crash."""

    def _legal_actions(self, role: Role) -> Iterable[Action]:
        extra = [("explode",)] if self.frame()["state"] == "north_turn" else []
        return [*super()._legal_actions(role), *extra]

    def _apply(self, role: Role, action: Action) -> None:
        if action == ("explode",):
            raise KeyError("boom")
        super()._apply(role, action)


class DeadEnd(TinyState):
    """North is asked in round 2 but may do nothing."""

    def _legal_actions(self, role: Role) -> Iterable[Action]:
        if self.frame()["state"] == "north_turn" and self.data["round"] == 2:
            return []
        return super()._legal_actions(role)


class NobodyActs(TinyState):
    """In round 2 nobody is asked, yet the game is not over."""

    def _active_roles(self) -> list[Role]:
        if self.frame()["state"] == "north_turn" and self.data["round"] == 2:
            return []
        return super()._active_roles()


class Runaway(TinyState):
    """Every "done" adds a round: the game never ends."""

    def _apply(self, role: Role, action: Action) -> None:
        if action == ("done",):
            self.data["rounds"] += 1
        super()._apply(role, action)


class NotJsonSafe(TinyState):
    def _legal_actions(self, role: Role) -> Iterable[Action]:
        extra = [("stake", frozenset({1}))] if self.frame()["state"] == "north_turn" else []
        return [*super()._legal_actions(role), *extra]


COUNTER = itertools.count()


class RewritesTheLog(TinyState):
    """Each roll rewrites the first log line (browsers are sent only new lines)."""

    def _apply(self, role: Role, action: Action) -> None:
        super()._apply(role, action)
        if action[0] == "roll":
            self.data["log"][0] = ["the story so far, retold", None]


class Nondeterministic(TinyState):
    """Rolls record a number from outside the state: replays differ."""

    def _apply(self, role: Role, action: Action) -> None:
        super()._apply(role, action)
        if action[0] == "roll":
            self.data["ticket"] = next(COUNTER)


class NondeterministicUndoable(TinyState):
    """Stakes (undoable) record a number from outside the state: a redo differs."""

    def _apply(self, role: Role, action: Action) -> None:
        super()._apply(role, action)
        if action[0] == "stake":
            self.data["ticket"] = next(COUNTER)


class OutsideData(TinyState):
    """Keeps a counter outside `data` and shows it: saves lose it."""

    moves = 0

    def _apply(self, role: Role, action: Action) -> None:
        self.moves += 1
        super()._apply(role, action)

    def _view(self, role: Role | None) -> dict[str, Any]:
        return {**super()._view(role), "moves": self.moves}


class SampleSeesTooMuch(TinyState):
    """Re-deals the role's own card too."""

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        hands = self.data["hands"]
        pool = [*hands.values(), *self.data["deck"]]
        rng.shuffle(pool)
        for r in self.roles:
            hands[r] = pool.pop()
        self.data["deck"] = pool


class SloppyRefusal(TinyState):
    """Writes to the log before checking that an action is legal."""

    def apply(self, role: Role, action: Action | list[Any]) -> None:
        self.data["log"].append([f"{role} tries {action}", None])
        super().apply(role, action)


class SetInView(TinyState):
    def _view(self, role: Role | None) -> dict[str, Any]:
        return {**super()._view(role), "picked": set(self.data["picks"])}


class SetInData(TinyState):
    """A set in the data: msgspec copies it (as a list), a save file cannot hold it."""

    def _apply(self, role: Role, action: Action) -> None:
        super()._apply(role, action)
        self.data["seen"] = {role}


class Unsorted(TinyState):
    def legal_actions(self, role: Role) -> list[Action]:
        return list(reversed(super().legal_actions(role)))


class ViewWithoutLegal(TinyState):
    def view(self, role: Role | None) -> dict[str, Any]:
        return {**super().view(role), "legal": []}


class HalfResult(TinyState):
    def _result(self) -> Result | None:
        result = super()._result()
        return None if result is None else {"north": result["north"], "east": result["east"]}


class UndoForgets(TinyState):
    """Undo that does not restore the data."""

    def undo(self, role: Role) -> None:
        super().undo(role)
        self.data["stake"] = (self.data["stake"] + 1) % 3


BROKEN: list[tuple[type[TinyState], str]] = [
    (LeakyView, r"step 0 \(the initial state\): view\('north'\) leaks hidden information: \['card:"),
    (LeakyLog, r"leaks hidden information"),
    (Exploding, r"north \['explode'\]\): KeyError: 'boom'"),
    (DeadEnd, r"dead end: active roles \['north'\] all have empty legal lists"),
    (NobodyActs, r"dead end: the game is not over but no role is active"),
    (Runaway, r"runaway game: not over after 400 actions"),
    (NotJsonSafe, r"legal action \('stake', frozenset\(\{1\}\)\) of north is not JSON-safe"),
    (RewritesTheLog, r"changed earlier log lines: a log may only grow"),
    (Nondeterministic, r"the replay does not reproduce the game: state after action \d+ differs"),
    (NondeterministicUndoable, r"north \['stake', \d\] applied again after undo gives another state"),
    (OutsideData, r"to_json/from_json changes view"),
    (SampleSeesTooMuch, r"sample_consistent\('\w+'\) changes what \w+ sees"),
    (SetInView, r"view\('north'\) is not JSON-safe: Object of type set"),
    (SetInData, r"the game data is not JSON-safe: Object of type set"),
    (SloppyRefusal, r"a refused action changed the state"),
    (Unsorted, r"legal list of \w+ is not sorted by action_key"),
    (ViewWithoutLegal, r"view\('north'\) does not carry its legal actions"),
    (HalfResult, r"result .* does not score exactly the roles"),
    (UndoForgets, r"undo of north \['stake', \d\] does not restore the previous data"),
]


def variant(state_class: type[TinyState]) -> TinyRuleset:
    class Broken(TinyRuleset):
        pass

    Broken.state_class = state_class
    return Broken()


@pytest.mark.parametrize(("state_class", "message"), BROKEN, ids=[b[0].__name__ for b in BROKEN])
def test_the_checker_fails_on_a_broken_variant(state_class: type[TinyState], message: str) -> None:
    with pytest.raises(AssertionError, match=message) as failure:
        check_ruleset(variant(state_class), games=20, max_actions=400)
    text = str(failure.value)
    assert text.startswith("check_ruleset tiny, scenario 'standard', options {}, seed ")
    assert "reproduce with check_ruleset(ruleset, scenarios=['standard'], options_list=[{}], seed=" in text


def test_a_failure_reproduces_from_its_message() -> None:
    broken = variant(Exploding)
    with pytest.raises(AssertionError) as first:
        check_ruleset(broken, games=30, seed=100)
    found = re.search(r"seed (\d+), step (\d+)", str(first.value))
    assert found is not None
    seed, step = int(found[1]), int(found[2])
    with pytest.raises(AssertionError) as again:
        check_ruleset(broken, games=1, seed=seed)
    assert f"seed {seed}, step {step} " in str(again.value)


def test_a_crash_is_chained_to_the_assertion() -> None:
    with pytest.raises(AssertionError) as failure:
        check_ruleset(variant(Exploding), games=5)
    assert isinstance(failure.value.__cause__, KeyError)


def test_leaks_are_caught_on_cheap_runs_too() -> None:
    with pytest.raises(AssertionError, match="leaks hidden information"):
        check_ruleset(variant(LeakyView), games=1, every=50)  # the first state is always checked


class LateLeak(TinyState):
    """Shows the deck once the game is over: only the last state leaks."""

    def _view(self, role: Role | None) -> dict[str, Any]:
        view = super()._view(role)
        if self.data["shown"]:
            view["deck_cards"] = list(self.data["deck"])
        return view


@pytest.mark.parametrize("thorough", [False, True])
def test_a_late_leak_is_caught(thorough: bool) -> None:
    with pytest.raises(AssertionError, match="leaks hidden information"):
        check_ruleset(variant(LateLeak), games=3, thorough=thorough, every=1000)


# ----- random_playout ------------------------------------------------------------------------
def test_random_playout_plays_the_state_itself_to_the_end() -> None:
    state = TINY.new_game(seed=3)
    out = random_playout(state, random.Random(3))
    assert out is state
    assert state.is_over() and state.result() is not None


def test_random_playout_is_reproducible_and_accepts_the_core_rng() -> None:
    one = random_playout(TINY.new_game(seed=3), random.Random(8))
    two = random_playout(TINY.new_game(seed=3), random.Random(8))
    assert one.same_as(two) and one.history == two.history
    three = random_playout(TINY.new_game(seed=3), Rng(Rng.new_state(8)))
    assert three.is_over()


def test_random_playout_reports_dead_ends_and_runaways() -> None:
    with pytest.raises(RuntimeError, match="dead end"):
        for seed in range(20):
            random_playout(variant(DeadEnd).new_game(seed=seed), random.Random(seed))
    with pytest.raises(RuntimeError, match="not over after 300 actions"):
        random_playout(variant(Runaway).new_game(seed=1), random.Random(1), max_actions=300)

