"""Hitler's Global War: the Fight dialog's odds start from the battle as it stands
(issue 26, item 2). After the defenders' defensive assault, made right after the
announcements (Initial Attack 4), the assault's question showed odds that counted that
defensive assault again (the issue saw 56 % where the engine's answer was 67 %).

The position is reached as a saved game (POST /api/games with its moves): Barbarossa,
seed 2, Army Group South announced against the Soviet army at 1442, every Soviet army
there firing its defensive assault, the Axis taking its losses infantry first; the
page's seat is the Axis, alone to act at the assaults step (the AI seats have nothing to
do there, so nothing changes under the page). tests/games/hgw/test_hgw_odds_midturn.py
checks the same odds against the engine playing the attack on.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import modal, open_saved_game, serving_rulesets, target

from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw import HgwState


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-midturn-odds", HGW) as address:
        yield address


SEATS = {"axis": "me", "soviet": "ai:heuristic"}
SEED, ARMY, WHERE = 2, "ags", "1442"


def _after_the_defensive_assault() -> tuple[HgwState, list[list[Any]]]:
    """The position, played by the engine, and its moves as the API takes them."""
    state = HGW.new_game("barbarossa", seed=SEED)
    assert isinstance(state, HgwState)
    moves: list[list[Any]] = []

    def play(role: str, action: tuple[Any, ...]) -> None:
        state.apply(role, action)
        moves.append([role, list(action)])

    play("axis", ("end_movement",))
    play("axis", ("attack", ARMY, WHERE))
    play("axis", ("end_announce",))
    while state.flow[-1]["state"] != "assaults":
        role = state.active_roles()[0]
        legal = [tuple(a) for a in state.legal_actions(role)]
        if state.flow[-1]["state"] == "def_assault":
            play(role, max(legal, key=len))  # every army there fires
        elif role == "axis":
            losses = [a for k in ("infantry", "mechanized") for a in legal if a[0] == "lose" and a[2] == k]
            play(role, losses[0])
        else:
            play(role, legal[0])
    return state, moves


@pytest.mark.rules("C2.4", "C5.3")
def test_the_fight_dialog_after_the_defensive_assault_leaves_it_out(page: Page) -> None:
    state, moves = _after_the_defensive_assault()
    fresh = HGW.new_game("barbarossa", seed=SEED).data["armies"][ARMY]["sp"]
    assert sum(state.data["armies"][ARMY]["sp"].values()) < sum(fresh.values())  # the assault hit it
    described = HGW.battle_at(state, "axis", WHERE)
    assert described is not None and described["defensive_assault"] is False
    now = HGW.odds(described).attacker_wins
    counted_again = HGW.odds({**described, "defensive_assault": True}).attacker_wins
    assert abs(now - counted_again) > 0.02  # the figure before the fix was another
    body = {"ruleset": "hgw", "scenario": "barbarossa", "seats": SEATS, "seed": SEED, "moves": moves}
    open_saved_game(page, body, "axis")
    target(page, WHERE).click(force=True)
    dialog = modal(page)
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{now:.4f}")
    expect(dialog.locator(".odds-block")).to_contain_text(f"{round(now * 100)}")
    dialog.get_by_role("button", name="Not now").click()
