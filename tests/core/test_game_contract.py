"""The Game/State contract of grognard.core.game, exercised through the tiny ruleset."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tinygame import CARDS, TINY, TinyState, pick_round, pick_token, to_north_turn

from grognard.core.errors import BadOptions, BadSaveFile, IllegalAction
from grognard.core.game import LOG_VERSION, action_key, as_action
from grognard.core.rng import Rng
from grognard.testing import random_playout

ROLES = ["north", "east", "south"]


def new(seed: int = 0, scenario: str = "standard") -> TinyState:
    state = TINY.new_game(scenario, None, seed)
    assert isinstance(state, TinyState)
    return state


def walk(state: TinyState, steps: int, seed: int) -> TinyState:
    """Up to `steps` random actions."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        role = rng.choice(state.active_roles())
        state.apply(role, rng.choice(state.legal_actions(role)))
    return state


def text_of(state: TinyState, role: str | None) -> str:
    return json.dumps(state.view(role))


# ----- a new game ------------------------------------------------------------------------
def test_new_game() -> None:
    state = new(seed=4)
    assert state.roles == ROLES
    assert state.active_roles() == ROLES  # secret picks: everyone at once
    assert state.result() is None and not state.is_over()
    assert state.meta == {
        "ruleset": "tiny", "ruleset_version": 1, "rng_version": 2, "log_version": 2,
        "scenario": "standard",
        "options": {"swap": True, "sides": 6, "bonus": 0}, "seed": 4,
    }
    hands = state.data["hands"]
    assert len(set(hands.values())) == 3 and set(hands.values()) <= set(CARDS)
    assert sorted([*hands.values(), *state.data["deck"]]) == sorted(CARDS)


def test_same_seed_same_deal_and_other_seeds_deal_otherwise() -> None:
    assert new(seed=7).data == new(seed=7).data
    deals = {tuple(new(seed=s).data["deck"]) for s in range(10)}
    assert len(deals) > 1


# ----- legal lists -------------------------------------------------------------------------
@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=60))
def test_legal_lists_sorted_unique_and_only_for_active_roles(seed: int, steps: int) -> None:
    state = walk(new(seed), steps, seed)
    for role in ROLES:
        legal = state.legal_actions(role)
        assert legal == sorted(legal, key=action_key)
        assert len(legal) == len(set(legal))
        assert bool(legal) == (role in state.active_roles())
        assert all(state.is_legal(role, a) for a in legal)


def test_legal_actions_of_north_turn() -> None:
    state = to_north_turn()
    assert state.legal_actions("north") == [("done",), ("gamble",), ("stake", 1), ("stake", 2), ("swap",)]
    assert state.legal_actions("east") == []


def test_action_key_orders_ints_before_text() -> None:
    actions = [("move", "b"), ("move", 10), ("move", 2), ("end",)]
    assert sorted(actions, key=action_key) == [("end",), ("move", 2), ("move", 10), ("move", "b")]


def test_apply_accepts_the_json_list_form() -> None:
    state = new()
    state.apply("east", ["pick", 2])
    assert state.history == [("east", ("pick", 2))]
    assert as_action(["a", ["b", 1]]) == ("a", ("b", 1))


# ----- illegal actions ---------------------------------------------------------------------
ILLEGAL: list[tuple[str, Callable[[TinyState], None], str]] = [
    ("unknown role", lambda s: s.apply("west", ("pick", 1)), "unknown role 'west'"),
    ("inactive role", lambda s: s.apply("east", ("stake", 1)), "east is not to act now"),
    ("made-up action", lambda s: s.apply("north", ("__nope__",)), "not a legal action for north"),
    ("wrong argument", lambda s: s.apply("north", ("stake", 7)), "not a legal action"),
    ("not a list", lambda s: s.apply("north", "done"), "an action is a list"),  # type: ignore[arg-type]
    ("once a round", lambda s: s.apply("north", ("swap",)), r"\['swap'\] is not a legal action"),
]


@pytest.mark.parametrize(("case", "attempt", "reason"), ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_action_raises_with_a_reason_and_changes_nothing(
    case: str, attempt: Callable[[TinyState], None], reason: str
) -> None:
    state = to_north_turn(seed=3)
    if case == "once a round":
        state.apply("north", ("swap",))
    before = state.clone()
    with pytest.raises(IllegalAction, match=reason):
        attempt(state)
    assert state.same_as(before)
    assert state.history == before.history
    assert state.legal_actions("north") == before.legal_actions("north")


def test_illegal_after_the_game_is_over() -> None:
    state = random_playout(new(seed=5), random.Random(5))
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply("north", ("done",))


def test_the_prompt_explains_a_refusal() -> None:
    state = new()
    state.apply("north", ("pick", 1))
    with pytest.raises(IllegalAction, match=r"north is not to act now \(waiting for east, south\)"):
        state.apply("north", ("pick", 2))
    reason = r"\['pick', 4\] is not a legal action for east now: Pick 1, 2 or 3"
    with pytest.raises(IllegalAction, match=reason):
        state.apply("east", ("pick", 4))


# ----- "why can't I?" (State.why_illegal, Ruleset.explain_illegal) -------------------------
def test_why_illegal_answers_as_apply_would_and_changes_nothing() -> None:
    state = to_north_turn(seed=3)
    before = state.clone()
    assert state.why_illegal("north", ("done",)) is None  # legal: nothing to explain
    assert state.why_illegal("west", ("done",)) == "unknown role 'west'; roles: north, east, south"
    assert state.why_illegal("east", ("stake", 1)).startswith("east is not to act now")  # type: ignore[union-attr]
    # tiny has no reasons of its own: the generic one, the same text apply raises
    reason = state.why_illegal("north", ["stake", 7])
    assert reason is not None and reason.startswith("['stake', 7] is not a legal action for north now: ")
    with pytest.raises(IllegalAction) as refused:
        state.apply("north", ("stake", 7))
    assert str(refused.value) == reason
    assert state.same_as(before) and state.history == before.history


def test_the_rulesets_reason_comes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    state = to_north_turn(seed=3)
    seen: list[tuple[str, tuple[object, ...]]] = []

    def explain(st: object, role: str, action: tuple[object, ...]) -> str:
        seen.append((role, action))
        return "stakes go up to 3 (T1.2)"

    monkeypatch.setattr(TINY, "explain_illegal", explain)
    assert state.why_illegal("north", ("stake", 7)) == "stakes go up to 3 (T1.2)"
    assert state.why_illegal("north", ("done",)) is None  # never asked about a legal action
    assert seen == [("north", ("stake", 7))]


# ----- hidden information ------------------------------------------------------------------
def test_secret_picks_hidden_from_others_until_all_have_chosen() -> None:
    state = new(seed=1)
    state.apply("north", ("pick", 3))
    secret = pick_token(1, "north", 3)
    assert secret in text_of(state, "north")
    assert state.view("north")["board"]["my_pick"] == secret
    for other in ("east", "south", None):
        assert secret not in text_of(state, other)
        assert "north picks" not in " ".join(state.view(other)["log"])
    assert state.view("east")["board"]["picked"] == ["north"]  # that north chose is public
    state.apply("east", ("pick", 1))
    assert secret not in text_of(state, "south")
    state.apply("south", ("pick", 2))
    for seat in (*ROLES, None):
        view = state.view(seat)
        assert view["board"]["revealed"]["north"] == secret
        assert "round 1 picks: north 3, east 1, south 2" in view["log"]


def test_hands_private_until_the_end() -> None:
    state = new(seed=2)
    hands = dict(state.data["hands"])
    for role in ROLES:
        text = text_of(state, role)
        assert state.view(role)["board"]["hand"] == hands[role]
        assert f"you are dealt {hands[role]}" in state.view(role)["log"]
        assert all(hands[other] not in text for other in ROLES if other != role)
    assert not any(card in text_of(state, None) for card in hands.values())
    random_playout(state, random.Random(2))
    for seat in (*ROLES, None):
        assert state.view(seat)["board"]["hands"] == state.data["hands"]


def test_a_swap_is_seen_and_logged_by_north_only() -> None:
    state = to_north_turn(seed=6)
    old, top_card = state.data["hands"]["north"], state.data["deck"][0]
    state.apply("north", ("swap",))
    assert state.data["hands"]["north"] == top_card
    assert f"you swap {old} for {top_card}" in state.view("north")["log"]
    assert state.view("north")["board"]["discard"] == [old]
    for other in ("east", "south", None):
        assert top_card not in text_of(state, other) and old not in text_of(state, other)
        assert state.view(other)["board"]["discard"] == 1
        assert "north swaps its card with the top of the deck" in state.view(other)["log"]


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=60))
def test_no_hidden_token_in_any_view(seed: int, steps: int) -> None:
    state = walk(new(seed), steps, seed)
    for seat in (*ROLES, None):
        text = text_of(state, seat)
        assert not [token for token in state.hidden_tokens(seat) if token in text]


def test_hidden_tokens_name_the_real_secrets() -> None:
    state = new(seed=1)
    state.apply("north", ("pick", 2))
    hands = state.data["hands"]
    assert pick_token(1, "north", 2) in state.hidden_tokens("east")
    assert pick_token(1, "north", 2) not in state.hidden_tokens("north")
    assert hands["north"] in state.hidden_tokens("east")
    assert hands["east"] not in state.hidden_tokens("east")
    assert set(hands.values()) <= state.hidden_tokens(None)


def _log_filtered_afresh(state: TinyState, role: str | None) -> list[str]:
    def reads(to: object) -> bool:
        if isinstance(to, dict):  # everyone but some roles (the spectator included)
            return role not in to["all_but"]
        return to is None or (role is not None and role in to)  # type: ignore[operator]

    return [text for text, to in state.data["log"] if reads(to)]


def test_each_roles_log_follows_the_game_through_undo_and_copies() -> None:
    """log_for keeps each role's lines between views (the log only grows until undo
    or loading replaces it): after every action, an undo and a clone, every role
    still reads exactly the lines a fresh filter of the whole log gives."""
    state = new(seed=3)
    rng = random.Random(3)
    undone = False
    for _ in range(120):
        if state.is_over():
            break
        for seat in (*ROLES, None):
            assert state.view(seat)["log"] == _log_filtered_afresh(state, seat)
        role = rng.choice(state.active_roles())
        lines_before = len(state.data["log"])
        state.apply(role, rng.choice(state.legal_actions(role)))
        if state.can_undo(role) and len(state.data["log"]) > lines_before:
            state.view(role)  # the longer log is now kept for `role`...
            state.undo(role)  # ...and undo must drop the withdrawn lines
            undone = True
            assert state.view(role)["log"] == _log_filtered_afresh(state, role)
            assert len(state.view(role)["log"]) <= lines_before
    frozen = state.freeze()  # a copy starts from the lines the game has filtered so far
    state.log("a line for east only", to=["east"])
    state.log("a line for all but east", all_but=["east"])
    twin = frozen.thaw()
    twin.log("a line for north only", to=["north"])
    assert twin.view("north")["log"][-1] == "a line for north only"
    assert "a line for north only" not in state.view("north")["log"]
    for seat in (*ROLES, None):  # the copy's lines are its own log's, not the game's
        assert twin.view(seat)["log"] == _log_filtered_afresh(twin, seat)
        assert state.view(seat)["log"] == _log_filtered_afresh(state, seat)
    assert undone


def test_a_frozen_position_thaws_as_it_was_when_frozen() -> None:
    """State.freeze keeps the position (data, history, undo window) as bytes; the game
    moving on changes nothing in it, and every thaw gives the one same copy."""
    state = to_north_turn(seed=1)
    state.apply("north", ("stake", 1))
    then = state.clone()
    frozen = state.freeze()
    state.apply("north", ("stake", 2))
    state.data["scores"] = {"north": 99}  # even a change made behind the rules' back
    assert frozen.plies == len(then.history) == len(state.history) - 1
    thawed = frozen.thaw()
    assert thawed.same_as(then) and thawed.history == then.history
    assert thawed.can_undo("north") and thawed.view("north") == then.view("north")
    assert frozen.thaw() is thawed
    thawed.undo("north")  # its undo window is its own: the live game keeps its own
    assert state.can_undo("north") and len(state.history) == len(then.history) + 1


# ----- undo: back to the last roll, reveal or change of active role, no further ----------
def test_undo_restores_the_previous_data_and_history() -> None:
    state = to_north_turn(seed=1)
    before = state.clone()
    state.apply("north", ("stake", 2))
    assert state.can_undo("north") and not state.can_undo("east")
    assert state.view("north")["can_undo"] is True
    state.undo("north")
    assert state.same_as(before)
    assert state.history == before.history
    assert state.legal_actions("north") == before.legal_actions("north")


def test_undo_steps_back_one_decision_at_a_time() -> None:
    state = to_north_turn(seed=1)
    start = state.clone()
    state.apply("north", ("stake", 1))
    middle = state.clone()
    state.apply("north", ("stake", 2))
    state.undo("north")
    assert state.same_as(middle)
    state.undo("north")
    assert state.same_as(start)
    assert not state.can_undo("north")


def test_redo_after_undo_gives_the_same_state() -> None:
    state = to_north_turn(seed=1)
    state.apply("north", ("stake", 2))
    first = state.clone()
    state.undo("north")
    state.apply("north", ("stake", 2))
    assert state.same_as(first) and state.history == first.history


def test_undo_stops_at_a_roll() -> None:
    state = to_north_turn(seed=1)
    state.apply("north", ("stake", 1))
    assert state.can_undo("north")
    state.apply("north", ("gamble",))  # a die: same active role, no reveal
    assert state.active_roles() == ["north"]
    assert not state.can_undo("north")
    after_roll = state.clone()
    state.apply("north", ("stake", 2))
    state.undo("north")
    assert state.same_as(after_roll)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo("north")
    assert state.same_as(after_roll)


def test_undo_stops_at_a_hidden_reveal() -> None:
    state = to_north_turn(seed=1)
    state.apply("north", ("stake", 1))
    draws = state.rng.draws
    state.apply("north", ("swap",))  # no die, same active role: only mark_irreversible
    assert state.rng.draws == draws and state.active_roles() == ["north"]
    assert not state.can_undo("north")
    after_swap = state.clone()
    state.apply("north", ("stake", 2))
    state.undo("north")
    assert state.same_as(after_swap)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo("north")


def test_undo_stops_at_a_change_of_active_role() -> None:
    state = to_north_turn(seed=1)
    state.apply("north", ("stake", 1))
    draws = state.rng.draws
    state.apply("north", ("done",))  # no die, no reveal: the next round's picks begin
    assert state.rng.draws == draws
    assert state.active_roles() == ROLES
    assert not any(state.can_undo(role) for role in ROLES)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo("north")


def test_undo_only_takes_back_ones_own_decision() -> None:
    state = to_north_turn(seed=1)
    state.apply("north", ("stake", 1))
    with pytest.raises(IllegalAction, match="east has nothing to undo"):
        state.undo("east")
    assert state.data["stake"] == 1


def test_undo_survives_a_save_and_a_clone() -> None:
    state = to_north_turn(seed=1)
    before = state.clone()
    state.apply("north", ("stake", 1))
    for copy in (state.clone(), TinyState.from_json(TINY, json.loads(json.dumps(state.to_json())))):
        copy.undo("north")
        assert copy.same_as(before)


def another_stake(state: TinyState) -> tuple[str, int]:
    """North's first legal stake (never the one standing: stakes are undoable)."""
    return next(a for a in state.legal_actions("north") if a[0] == "stake")


def test_a_long_undo_window_is_saved_as_one_copy_of_the_data() -> None:
    """The saved window is the data before its first action, whatever its length: a
    copy per action once made long movement phases megabytes per save."""
    sizes = []
    for stakes in (1, 12):
        state = to_north_turn(seed=1)
        for _ in range(stakes):
            state.apply("north", another_stake(state))
        window = state.to_json()["undo"]
        assert window["from"] == len(state.history) - stakes
        sizes.append(len(json.dumps(window)))
    assert sizes[0] == sizes[1]


def test_undo_walks_back_a_saved_window_one_decision_at_a_time() -> None:
    state = to_north_turn(seed=1)
    befores = []
    for _ in range(6):
        befores.append(state.clone())
        state.apply("north", another_stake(state))
    restored = TinyState.from_json(TINY, json.loads(json.dumps(state.to_json())))
    for before in reversed(befores):
        restored.undo("north")
        assert restored.same_as(before) and restored.history == before.history
    assert not restored.can_undo("north")
    assert restored.to_json()["undo"] is None


def test_snapshots_saved_with_a_copy_per_undoable_action_still_load() -> None:
    """The window's first form: `[role, ply, encoded data]` per undoable action."""
    state = to_north_turn(seed=1)
    start = state.clone()
    state.apply("north", ("stake", 1))
    middle = state.clone()
    state.apply("north", ("stake", 2))
    blob = state.to_json()
    plies = len(start.history)
    blob["undo"] = [
        ["north", plies, json.dumps(start.data)],
        ["north", plies + 1, json.dumps(middle.data)],
    ]
    old = TinyState.from_json(TINY, json.loads(json.dumps(blob)))
    old.undo("north")
    assert old.same_as(middle)
    old.undo("north")
    assert old.same_as(start) and not old.can_undo("north")


def test_a_saved_window_that_does_not_fit_the_history_is_refused() -> None:
    state = to_north_turn(seed=1)
    state.apply("north", ("stake", 1))
    blob = state.to_json()
    blob["undo"]["from"] = len(state.history) + 3
    with pytest.raises(BadSaveFile, match="undo window"):
        TinyState.from_json(TINY, blob)


def test_no_undo_kept_in_headless_play() -> None:
    state = to_north_turn(seed=1)
    state.keep_undo = False
    state.apply("north", ("stake", 1))
    assert not state.can_undo("north")


# ----- copies and JSON -----------------------------------------------------------------------
@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=0, max_value=60))
def test_json_round_trip_keeps_data_history_legal_and_views(seed: int, steps: int) -> None:
    state = walk(new(seed), steps, seed)
    restored = TinyState.from_json(TINY, json.loads(json.dumps(state.to_json())))
    assert restored.same_as(state)
    assert restored.history == state.history
    for seat in (*ROLES, None):
        assert restored.view(seat) == state.view(seat)
    assert restored.to_json() == state.to_json()
    assert json.loads(state.encode_json()) == state.to_json()


def test_encode_json_is_to_json_encoded_with_an_open_undo_window() -> None:
    state = to_north_turn(seed=1)
    state.apply("north", another_stake(state))
    state.apply("north", another_stake(state))
    assert state.to_json()["undo"] is not None
    assert json.loads(state.encode_json()) == state.to_json()
    restored = TinyState.from_json(TINY, json.loads(state.encode_json()))
    restored.undo("north")
    restored.undo("north")
    assert restored.same_as(to_north_turn(seed=1))


def test_clone_is_independent() -> None:
    state = to_north_turn(seed=2)
    twin = state.clone()
    twin.apply("north", ("swap",))
    twin.data["scores"]["east"] = 99
    assert state.data["hands"] != twin.data["hands"]
    assert state.data["scores"]["east"] != 99
    assert len(state.history) == len(twin.history) - 1
    assert state.legal_actions("north") != twin.legal_actions("north")


def test_from_json_refuses_other_games_and_garbage() -> None:
    blob = new().to_json()
    with pytest.raises(BadSaveFile, match="this is a viktory2 game, not tiny"):
        TinyState.from_json(TINY, {**blob, "meta": {**blob["meta"], "ruleset": "viktory2"}})
    with pytest.raises(BadSaveFile, match="not a saved tiny game"):
        TinyState.from_json(TINY, {"meta": blob["meta"]})


def test_view_of_an_unknown_role_is_refused() -> None:
    with pytest.raises(IllegalAction, match="unknown role"):
        new().view("west")
    assert new().view(None)["legal"] == []
    assert new().view(None)["can_undo"] is False


# ----- result --------------------------------------------------------------------------------
def finish_with(state: TinyState, hands: dict[str, str], scores: dict[str, int]) -> None:
    """Set hands and scores, then end the game (north says done in the last round)."""
    state.data["round"] = state.data["rounds"]
    state.data["hands"] = hands
    state.data["scores"] = scores
    state.apply("north", ("done",))


def test_result_the_winner_takes_all() -> None:
    state = to_north_turn(seed=1)
    finish_with(state, {"north": "card:Raven", "east": "card:Falcon", "south": "card:Wolf"},
                {"north": 5, "east": 2, "south": 2})
    assert state.data["scores"] == {"north": 5, "east": 6, "south": 5}
    assert state.result() == {"north": 0.0, "east": 1.0, "south": 0.0}
    assert state.is_over() and state.active_roles() == []


@pytest.mark.parametrize(
    ("scores", "expected"),
    [({"north": 10, "east": 10, "south": 0}, {"north": 0.5, "east": 0.5, "south": 0.0}),
     ({"north": 7, "east": 7, "south": 8}, {"north": 1 / 3, "east": 1 / 3, "south": 1 / 3})],
)
def test_result_ties_are_split(scores: dict[str, int], expected: dict[str, float]) -> None:
    state = to_north_turn(seed=1)
    finish_with(state, {"north": "card:Wolf", "east": "card:Bear", "south": "card:Otter"}, scores)
    assert state.result() == pytest.approx(expected)


@settings(max_examples=20, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_every_game_ends_with_a_normalised_result(seed: int) -> None:
    state = random_playout(new(seed), random.Random(seed))
    result = state.result()
    assert result is not None and set(result) == set(ROLES)
    assert sum(result.values()) == pytest.approx(1.0)
    best = max(state.data["scores"].values())
    assert all((result[r] > 0) == (state.data["scores"][r] == best) for r in ROLES)


def test_stake_is_settled_at_the_next_reveal() -> None:
    state = to_north_turn(seed=1)
    state.apply("north", ("stake", 2))
    state.apply("north", ("done",))
    score = state.data["scores"]["north"]
    pick_round(state, north=1, east=3, south=1)
    assert state.data["scores"]["north"] == score - 2
    assert state.data["stake"] == 0
    assert "north loses a stake of 2" in state.view("south")["log"]


# ----- sample_consistent -----------------------------------------------------------------------
def mid_game() -> TinyState:
    state = to_north_turn(seed=11)
    state.apply("north", ("swap",))
    state.apply("north", ("done",))
    state.apply("east", ("pick", 2))  # an unrevealed pick
    return state


@pytest.mark.parametrize("role", ROLES)
def test_sample_keeps_what_the_role_knows(role: str) -> None:
    state = mid_game()
    for seed in range(8):
        sample = state.sample_consistent(role, Rng(Rng.new_state(seed)))
        assert sample.data["hands"][role] == state.data["hands"][role]
        assert sample.data["scores"] == state.data["scores"]
        assert sample.data["revealed"] == state.data["revealed"]
        assert sorted(sample.data["picks"]) == sorted(state.data["picks"])
        if role in state.data["picks"]:
            assert sample.data["picks"][role] == state.data["picks"][role]
        if role == "north":
            assert sample.data["discard"] == state.data["discard"]
        cards = [*sample.data["hands"].values(), *sample.data["deck"], *sample.data["discard"]]
        assert sorted(cards) == sorted(CARDS)
        assert sample.view(role)["board"] == state.view(role)["board"]
        assert sample.view(role)["log"] == state.view(role)["log"]
        assert sample.legal_actions(role) == state.legal_actions(role)


@pytest.mark.parametrize("role", ROLES)
def test_sample_changes_what_the_role_does_not_know(role: str) -> None:
    state = mid_game()
    samples = [state.sample_consistent(role, Rng(Rng.new_state(seed))) for seed in range(12)]
    others = [r for r in ROLES if r != role]
    assert any(s.data["hands"][r] != state.data["hands"][r] for s in samples for r in others)
    assert any(s.data["deck"] != state.data["deck"] for s in samples)
    assert any(s.data["rng"] != state.data["rng"] for s in samples)
    if role != "east":
        assert any(s.data["picks"]["east"] != state.data["picks"]["east"] for s in samples)


def test_sample_never_changes_the_real_state() -> None:
    state = mid_game()
    before = state.clone()
    for role in ROLES:
        sample = state.sample_consistent(role, Rng(Rng.new_state(3)))
        random_playout(sample, random.Random(3))
        assert sample.is_over()
    assert state.same_as(before) and state.history == before.history


def test_sample_after_the_end_keeps_the_shown_hands() -> None:
    state = random_playout(new(seed=9), random.Random(9))
    sample = state.sample_consistent("east", Rng(Rng.new_state(1)))
    assert sample.data["hands"] == state.data["hands"]


# ----- log lines for everyone but some roles (log version 2) -----------------------------
def test_a_line_for_all_but_some_roles_reaches_everyone_else_and_spectators() -> None:
    """A mover's public words hidden from the mover, who reads its private line: each
    seat reads one line of the move, and nobody reads the other's words."""
    state = new(seed=2)
    state.log("north moves a card", all_but=["north"])
    state.log("you move the 3 of cups", to=["north"])
    assert state.view("north")["log"][-1:] == ["you move the 3 of cups"]
    assert state.view("north")["log"].count("north moves a card") == 0
    for seat in ("east", "south", None):
        assert state.view(seat)["log"][-1] == "north moves a card"
        assert "you move the 3 of cups" not in state.view(seat)["log"]
    assert state.data["log"][-2] == ["north moves a card", {"all_but": ["north"]}]
    twin = type(state).from_json(TINY, json.loads(json.dumps(state.to_json())))
    assert twin.view("north")["log"] == state.view("north")["log"]
    assert twin.view("east")["log"] == state.view("east")["log"]


def test_a_line_is_for_some_roles_or_for_all_but_some_never_both() -> None:
    state = new(seed=2)
    before = list(state.data["log"])
    with pytest.raises(ValueError, match="either for some roles"):
        state.log("muddled", to=["north"], all_but=["east"])
    assert state.data["log"] == before


def test_new_games_record_the_current_log_version_and_old_records_read_as_version_1() -> None:
    state = new(seed=2)
    assert state.meta["log_version"] == LOG_VERSION == 2 and state.log_version == 2
    blob = json.loads(json.dumps(state.to_json()))
    del blob["meta"]["log_version"]  # a game saved before the log had versions
    assert TinyState.from_json(TINY, blob).log_version == 1
    with pytest.raises(BadOptions, match="unknown log version 9"):
        TINY.new_game("standard", None, 8, log_version=9)
