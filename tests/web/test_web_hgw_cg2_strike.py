"""Hitler's Global War, Campaign Game II in the browser: a bombing raid (Strategic
Bombing 3-4; K20.3, K20.4). In the strategic warfare phase the Axis page lights the
targets in range; a click on one asks first with the raid's odds (odds_strike.py: the
engine's bombing.raid over every roll), the air defence and the bombs roll, and the
player chooses the production hex the devastation falls on.

The position is reached as a saved game (POST /api/games with its moves): seed 3, the
heuristics playing, except that the Axis spends its production on research into bombers
(everything left to research, each turn) and then on three bomber points in Kiel; in
Summer 1940 its bombers may raid. No escort flies: the Axis has no escort points yet
(escorts wait for their own tech level), so the escort question (Strategic Bombing 6)
is not asked here; test_hgw_cg2_strategic.py plays it through the engine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_hgw_log_places import said
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
    with serving_rulesets(tmp_path_factory, "web-hgw-cg2-strike", HGW) as address:
        yield address


SEATS = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}
BASE, TARGET = "1236", "1534"  # Kiel's bombers; an Allied production hex with one air defence point


def raid_game() -> tuple[Any, list[list[Any]]]:
    """The game stopped where the Axis may first raid, and its moves."""
    state = HGW.new_game(seed=3, scenario="campaign_2")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    for _ in range(400):
        role = state.active_roles()[0]
        view, legal = state.view(role), state.legal_actions(role)
        if role == "axis" and any(a[0] == "raid" for a in legal):
            return state, moves
        chosen = None
        if role == "axis" and view["board"]["step"] == "research":
            invest = [a for a in legal if a[:2] == ("invest", "bomber")]
            roll = [a for a in legal if a == ("roll_research", "bomber")]
            chosen = max(invest, key=lambda a: a[2]) if invest else (roll[0] if roll else None)
        if role == "axis" and view["board"]["step"] == "production":
            bombers = [a for a in legal if a[:2] == ("build_strategic", "bombers")]
            chosen = bombers[0] if bombers else ("end_production",)
        action = chosen if chosen in legal else agents[role].act(view, legal)
        state.apply(role, action)
        moves.append([role, list(action)])
    raise AssertionError("the Axis bombers never could raid")


def _click_lit(page: Page, place: str) -> None:
    """Bring the hex into sight by the "go to" box, then click it where it is lit."""
    page.locator("input.hgw-goto-input").fill(place)
    page.locator("button.hgw-goto-button").click()
    expect(page.locator(".hgw-goto-said")).to_contain_text(place)
    lit = page.locator(f'.board-svg .hex.target[data-hex="{place}"]')
    box = lit.bounding_box()
    assert box is not None
    lit.click(position={"x": box["width"] / 2, "y": box["height"] * 0.12}, force=True)


@pytest.mark.rules("K20.3", "K20.4")
def test_a_bombing_raid_is_asked_with_its_odds_and_its_devastation_chosen(page: Page) -> None:
    state, moves = raid_game()
    body = {"ruleset": "hgw", "scenario": "campaign_2", "seats": SEATS, "seed": 3, "moves": moves}
    game_id, _ = open_saved_game(page, body, "axis")
    expect(prompt(page)).to_contain_text("axis: strategic warfare")
    _click_lit(page, TARGET)
    # asked first: the bombers, the air defence and the odds of the engine's raid
    dialog = modal(page)
    expected = odds(battle_at(state, "axis", TARGET, ("raid", BASE, TARGET)) or {})
    expect(dialog.locator(".battle-summary")).to_contain_text("3 bomber points")
    expect(dialog.locator(".battle-summary")).to_contain_text("1 air defence point")
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    dialog.locator("button.primary").click()
    # the bombs hit: the player picks the production hex of the devastated point
    game = until_the_page_is_mine(page, game_id, "axis")
    assert game is not None and game["views"]["axis"]["board"]["step"] == "devastate"
    the_page_has_settled(page, game)
    expect(prompt(page)).to_have_text(
        re.compile(r"^axis: pick the production hex of the next devastated point")
    )
    page.locator(
        '.prompt-card .action-buttons button[data-verb="devastate"]', has_text=re.compile(rf"at {TARGET}\b")
    ).click()
    assert until_the_page_is_mine(page, game_id, "axis") is not None
    lines = page.locator(".log-card .log-lines")
    expect(lines).to_contain_text(f"axis bombers from {said(BASE)} raid {said(TARGET)}")
    expect(lines).to_contain_text(re.compile(rf"axis devastates 1 production point\(s\) in {TARGET}"))
