"""Access To Information (G1.1): no fog of war, but orders, cards, air support and
production are chosen in secret and revealed together. Over whole random games, no
secret choice changes what the other player (or an observer) sees before the reveal:
not the board, not the log."""

from __future__ import annotations

import random
from typing import Any

import pytest

from grognard.games.virtuti import RULESET, VirtutiState


def public_part(view: dict[str, Any]) -> tuple[Any, ...]:
    board = dict(view["board"])
    board.pop("secret")  # who is still choosing is public by design
    return board, view["log"]


@pytest.mark.rules("G1.1", "P5.0", "P6.0", "B1.2", "B1.3")
@pytest.mark.parametrize(("scenario", "seed", "turns"), [("full_campaign", 5, 3), ("barbarossa", 6, 0)])
def test_no_secret_leaks_before_its_reveal(scenario: str, seed: int, turns: int) -> None:
    """Three turns of the Full Campaign; Operation Barbarossa to its end (turns 0)."""
    g = RULESET.new_game(scenario, seed=seed, options={"turns": turns})
    assert isinstance(g, VirtutiState)
    chooser = random.Random(seed)
    secret_actions = 0
    kinds = set()
    while not g.is_over():
        role = chooser.choice([r for r in g.active_roles() if g.legal_actions(r)])
        action = chooser.choice(g.legal_actions(role))
        window = g.data["secret"]
        others = [r for r in (*g.roles, None) if r != role]
        before = {r: public_part(g.view(r)) for r in others} if window else {}
        g.apply(role, action)
        if window is None:
            continue
        kinds.add(window["kind"])
        for other in others:
            text = str(g.view(other))
            assert not [line for line in g.hidden_tokens(other) if line in text]
        if g.data["secret"] is window and action != ("done",):
            secret_actions += 1
            for other in others:
                assert public_part(g.view(other)) == before[other], (role, action, other)
    assert secret_actions > 20
    assert {"pp_card", "air_card", "production", "planning"} <= kinds


@pytest.mark.rules("G1.1", "P4.1")
def test_each_secret_window_is_a_step_named_by_its_kind() -> None:
    """The Strategic Phase's card window is the step `pp_card`, not one `secret` step
    that looks its kind up (steps.SecretWindow)."""
    g = RULESET.new_game("full_campaign", seed=0)
    assert g.data["flow"][-1]["state"] == g.data["secret"]["kind"] == "pp_card"
    for role in list(g.active_roles()):
        g.apply(role, g.legal_actions(role)[-1])
    while g.data["secret"] is not None and g.data["secret"]["kind"] == "pp_card":
        role = g.active_roles()[0]
        g.apply(role, g.legal_actions(role)[0])
    assert g.data["secret"] is None or g.data["flow"][-1]["state"] == g.data["secret"]["kind"]
