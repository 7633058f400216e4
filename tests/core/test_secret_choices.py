"""core/secret_choices.py: a window of simultaneous secret choices, through a sealed-bid
game of three seats (each adds chips to its bid in secret, then says done; the last
done reveals every bid) and through the tiny test game's picks."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest
from tinygame import TINY

from grognard.core.errors import IllegalAction
from grognard.core.flow import Frame, Step, end
from grognard.core.flowstate import FlowState
from grognard.core.game import Action, Role, Ruleset, State
from grognard.core.replay import make_replay, verify_replay
from grognard.core.schema import Scenario
from grognard.core.secret_choices import SecretChoices
from grognard.testing import check_ruleset

SEATS = ("ann", "bob", "cid")
CAP = 5


def chip(role: Role, total: int) -> str:
    """A seat's bid spelled uniquely, so that a leak check on a view's text means something."""
    return f"bid:{role}:{total}"


class Bid(SecretChoices[Any]):
    def seats(self, game: Any, frame: Frame) -> list[Role]:
        return list(SEATS)

    def legal(self, game: Any, frame: Frame, role: Role) -> list[Action]:
        room = CAP - game.data["bids"][role]
        return [("done",)] + [("add", n) for n in (1, 2, 3) if n <= room]

    def choose(self, game: Any, frame: Frame, role: Role, action: Action) -> None:
        game.data["bids"][role] += action[1]
        game.log(f"you bid {chip(role, game.data['bids'][role])}", to=[role])

    def confirmed(self, game: Any, frame: Frame, role: Role) -> None:
        super().confirmed(game, frame, role)
        game.log(f"{role} has bid")

    def reveal(self, game: Any, frame: Frame) -> None:
        data = game.data
        data["reveals"] += 1
        data["shown"] = True
        game.log("bids: " + ", ".join(chip(r, data["bids"][r]) for r in SEATS))
        end(game.flow)


class BidState(FlowState):
    STEPS: ClassVar[dict[str, Step]] = {"bid": Bid()}

    def _view(self, role: Role | None) -> dict[str, Any]:
        data = self.data
        bids = data["bids"]
        return {
            "mine": bids[role] if role is not None else None,
            "chosen": [r for r in SEATS if r in self.frame()["done"]] if self.flow else list(SEATS),
            "bids": {r: chip(r, bids[r]) for r in SEATS} if data["shown"] else {},
        }

    def _result(self) -> dict[str, float] | None:
        if self.flow:
            return None
        best = max(self.data["bids"].values())
        return {r: float(self.data["bids"][r] == best) for r in SEATS}

    def hidden_tokens(self, role: Role | None) -> set[str]:
        if self.data["shown"]:
            return set()
        return {chip(r, n) for r in SEATS if r != role for n in range(1, CAP + 1)}


class SealedBid(Ruleset):
    id: ClassVar[str] = "sealed_bid"
    name: ClassVar[str] = "Sealed bid (test game)"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[State]] = BidState
    scenarios: ClassVar[tuple[Scenario, ...]] = (Scenario("standard", "Standard", "One bid.", players=(3,)),)
    options = ()

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[Role]:
        return list(SEATS)

    def setup(self, state: Any) -> None:
        state.data.update(bids=dict.fromkeys(SEATS, 0), reveals=0, shown=False)
        state.flow.append({"state": "bid", "done": []})


def new_game() -> BidState:
    state = SealedBid().new_game(seed=1)
    assert isinstance(state, BidState)
    return state


def test_every_seat_chooses_at_once_in_any_order() -> None:
    state = new_game()
    assert state.active_roles() == list(SEATS)
    state.apply("cid", ("add", 2))
    state.apply("ann", ("add", 1))
    state.apply("cid", ("done",))
    assert state.active_roles() == ["ann", "bob"]


def test_a_pending_choice_is_in_its_seat_view_only() -> None:
    state = new_game()
    state.apply("ann", ("add", 3))
    secret = chip("ann", 3)
    assert secret in json.dumps(state.view("ann"))
    for other in ("bob", "cid", None):
        text = json.dumps(state.view(other))
        assert secret not in text
    assert state.view("bob")["board"]["chosen"] == []


def test_the_reveal_happens_once_when_the_last_seat_finishes() -> None:
    state = new_game()
    state.apply("ann", ("add", 3))
    state.apply("ann", ("done",))
    state.apply("bob", ("done",))
    assert state.data["reveals"] == 0
    assert chip("ann", 3) not in json.dumps(state.view("bob"))
    state.apply("cid", ("add", 1))
    assert state.data["reveals"] == 0  # a choice is not a finish
    state.apply("cid", ("done",))
    assert state.data["reveals"] == 1
    assert state.is_over()
    assert state.view("bob")["board"]["bids"]["ann"] == chip("ann", 3)
    assert "bids: bid:ann:3, bid:bob:0, bid:cid:1" in state.view(None)["log"]


def test_undo_takes_back_a_pending_choice() -> None:
    state = new_game()
    before = state.to_json()["data"]
    state.apply("ann", ("add", 2))
    assert state.can_undo("ann")
    state.undo("ann")
    assert state.to_json()["data"] == before
    assert state.history == []


def test_a_seat_undoes_its_own_choice_after_others_chose() -> None:
    state = new_game()
    state.apply("ann", ("add", 2))
    state.apply("bob", ("add", 1))
    state.apply("ann", ("add", 1))
    state.apply("cid", ("add", 3))
    bob_sees = state.view("bob")
    assert state.can_undo("ann") and state.can_undo("bob") and state.can_undo("cid")
    state.undo("ann")  # ann's last choice, two plies back
    assert state.data["bids"] == {"ann": 2, "bob": 1, "cid": 3}
    assert state.history == [("ann", ("add", 2)), ("bob", ("add", 1)), ("cid", ("add", 3))]
    assert state.view("bob") == bob_sees  # the undo tells bob nothing
    state.undo("ann")
    state.undo("bob")
    assert state.data["bids"] == {"ann": 0, "bob": 0, "cid": 3}
    assert not state.can_undo("ann") and not state.can_undo("bob")


def test_whether_a_seat_may_undo_does_not_depend_on_the_others() -> None:
    state = new_game()
    assert not state.can_undo("bob")
    state.apply("ann", ("add", 1))
    assert not state.can_undo("bob")  # ann's choice does not show in bob's undo
    state.apply("bob", ("add", 1))
    state.apply("ann", ("add", 1))
    assert state.can_undo("bob")  # nor does ann choosing after bob take bob's away


def test_undo_by_seat_survives_a_save() -> None:
    state = new_game()
    state.apply("ann", ("add", 2))
    state.apply("bob", ("add", 1))
    loaded = BidState.from_json(SealedBid(), json.loads(json.dumps(state.to_json())))
    assert loaded.can_undo("ann")
    loaded.undo("ann")
    assert loaded.data["bids"] == {"ann": 0, "bob": 1, "cid": 0}


class Follow(Bid):
    """A faulty window: a seat may follow (add 1) only once another seat has bid."""

    def legal(self, game: Any, frame: Frame, role: Role) -> list[Action]:
        others = sum(n for r, n in game.data["bids"].items() if r != role)
        return [("done",), ("add", 1)] if others else [("done",), ("add", 2)]


class FollowState(BidState):
    STEPS: ClassVar[dict[str, Step]] = {"bid": Follow()}


def test_an_undo_that_another_seat_choice_needs_is_refused_and_changes_nothing() -> None:
    ruleset = SealedBid()
    state = FollowState(ruleset, *_fresh(ruleset))
    state.apply("ann", ("add", 2))
    state.apply("bob", ("add", 1))  # legal only after ann's bid
    before = state.to_json()
    with pytest.raises(IllegalAction, match="cannot be taken back: bob's"):
        state.undo("ann")
    assert state.to_json() == before


def _fresh(ruleset: SealedBid) -> tuple[dict[str, Any], dict[str, Any]]:
    game = ruleset.new_game(seed=1)
    return game.meta, game.data


def test_finishing_and_the_reveal_end_the_undo_window() -> None:
    state = new_game()
    state.apply("bob", ("add", 1))
    state.apply("ann", ("done",))  # the active seats change: undo stops here (DESIGN.md, Undo)
    assert not state.can_undo("bob") and not state.can_undo("ann")
    state.apply("bob", ("done",))
    state.apply("cid", ("add", 1))
    state.apply("cid", ("done",))
    assert not state.can_undo("cid")
    with pytest.raises(IllegalAction, match="nothing to undo"):
        state.undo("cid")


def test_an_illegal_choice_changes_nothing() -> None:
    state = new_game()
    state.apply("ann", ("add", 3))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not a legal action"):
        state.apply("ann", ("add", 3))  # over the cap
    state.apply("ann", ("done",))
    finished = state.to_json()
    with pytest.raises(IllegalAction, match="not to act now"):
        state.apply("ann", ("add", 1))  # ann has finished
    assert state.to_json() == finished
    assert before["data"]["bids"] == state.data["bids"]


def test_replay_rebuilds_the_window_and_the_reveal() -> None:
    state = new_game()
    for role, action in [("bob", ("add", 2)), ("ann", ("done",)), ("cid", ("add", 1)), ("bob", ("done",))]:
        state.apply(role, action)
    state.apply("cid", ("done",))
    assert verify_replay(make_replay(state), SealedBid()) == []


def test_the_sealed_bid_game_passes_the_conformance_check() -> None:
    report = check_ruleset(SealedBid(), games=4, thorough=True)
    assert report.games == 4


def test_the_tiny_game_reveals_its_picks_once_all_have_picked() -> None:
    state = TINY.new_game(seed=3)
    state.apply("north", ("pick", 3))
    assert "pick:r1:north:3" not in json.dumps(state.view("east"))
    state.apply("east", ("pick", 1))
    assert state.data["revealed"] == {}
    state.apply("south", ("pick", 2))
    shown = {"north": "pick:r1:north:3", "east": "pick:r1:east:1", "south": "pick:r1:south:2"}
    assert state.data["revealed"] == shown
    assert not state.can_undo("south")  # the reveal is irreversible
