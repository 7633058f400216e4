"""Hitler's Global War, Campaign Game II in the browser: a missile launch (Strategic
Missiles 3-4; K21.3, K21.4). In the strategic warfare phase the Axis page offers its
missile counter's launches; the choice asks first with the launch's odds
(odds_strike.py: the engine's missiles.launch over every roll), then the missiles fire
and the log tells what they did.

The position is reached as a saved game (POST /api/games with its moves): seed 3, the
heuristics playing, except that the Axis spends its research on missiles (everything
left, each turn) and its production on missile points as soon as it may build them; in
the eleventh game turn its counter m1 may launch. The page is read only once the Axis
alone is to act (open_saved_game, until_the_page_is_mine): nothing changes it meanwhile.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    modal,
    open_saved_game,
    prompt,
    serving_rulesets,
    the_page_has_settled,
    until_the_page_is_mine,
)

from grognard.agents import make_agent
from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.odds import battle_at, odds


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-cg2-missile", HGW) as address:
        yield address


SEATS = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}
COUNTER = "m1"


def missile_game() -> tuple[Any, list[list[Any]]]:
    """The game stopped where the Axis may first launch missiles, and its moves."""
    state = HGW.new_game(seed=3, scenario="campaign_2")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    for _ in range(1500):  # about 900 actions: Spring 1944, once the research has come
        role = state.active_roles()[0]
        view, legal = state.view(role), state.legal_actions(role)
        if role == "axis" and ("launch", COUNTER, 1) in legal:
            return state, moves
        chosen = None
        if role == "axis" and view["board"]["step"] == "research":
            invest = [a for a in legal if a[:2] == ("invest", "missile")]
            roll = [a for a in legal if a == ("roll_research", "missile")]
            chosen = max(invest, key=lambda a: a[2]) if invest else (roll[0] if roll else None)
        if role == "axis" and view["board"]["step"] == "production":
            built = [a for a in legal if a[0] == "build_missile"]
            chosen = built[0] if built else ("end_production",)
        action = chosen if chosen in legal else agents[role].act(view, legal)
        state.apply(role, action)
        moves.append([role, list(action)])
    raise AssertionError("the Axis missiles never could launch")


@pytest.mark.rules("K21.3", "K21.4")
def test_a_missile_launch_is_asked_with_its_odds_and_fires(page: Page) -> None:
    state, moves = missile_game()
    at = state.data["strategic"]["missiles"]["axis"][COUNTER]["at"]
    body = {"ruleset": "hgw", "scenario": "campaign_2", "seats": SEATS, "seed": 3, "moves": moves}
    game_id, _ = open_saved_game(page, body, "axis")
    expect(prompt(page)).to_contain_text("axis: strategic warfare")
    launch = page.locator(
        '.prompt-card .action-buttons button[data-verb="launch"]',
        has_text=re.compile(rf"^Launch 1 missile point of counter {COUNTER} at "),
    )
    expect(launch).to_have_count(1)
    launch.click()
    # asked first: the missiles fired and the odds of the engine's launch
    dialog = modal(page)
    expected = odds(battle_at(state, "axis", at, ("launch", COUNTER, 1)) or {})
    expect(dialog.locator(".battle-summary")).to_contain_text("1 missile point")
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    expect(dialog.locator(".odds-how")).to_contain_text("missiles meet no air defence")
    dialog.locator("button.primary").click()
    # fired: once the Axis alone is to act again (a hex to devastate, or the turn goes on,
    # the counter spent for the phase: Strategic Missiles 3, one launch a counter)
    game = until_the_page_is_mine(page, game_id, "axis")
    assert game is not None
    assert not any(a[0] == "launch" for a in game["views"]["axis"]["legal"])
    the_page_has_settled(page, game)
    lines = page.locator(".log-card .log-lines")
    expect(lines).to_contain_text(f"axis launches 1 missile point(s) from {at}")
    expect(lines).to_contain_text(re.compile(r"the missiles: 1 point\(s\) roll \d"))
