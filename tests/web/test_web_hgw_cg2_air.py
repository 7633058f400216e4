"""Hitler's Global War, Campaign Game II in the browser: a paradrop (Paradrop 2; K13.2).
At the advances step the Axis page offers the army's advance with its paratroop points
dropping, asks first with the odds (odds_air.py: the advance alone, the drop counted
double, from the battle's current state), and the log shows the result.

The position is reached as a saved game (POST /api/games with its moves): seed 3, the
heuristics playing every side, except that the Axis builds two paratroop points into
Army Group West in its first production and names it against an Allied hex in its next
initial attack; the page's seat is then the Axis, the server's AI the others.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from cg2kit import paradrop_game
from playwright.sync_api import Page, expect
from test_web_hgw_log_places import said
from webkit import (
    counter,
    modal,
    open_saved_game,
    serving_rulesets,
    until_the_page_is_mine,
)

from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.odds import battle_at, odds


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-cg2-air", HGW) as address:
        yield address


SEATS = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}
ARMY = "agw"


@pytest.mark.rules("K13.2")
def test_a_paradrop_is_offered_with_its_odds_and_its_result_shown(page: Page) -> None:
    state, moves = paradrop_game(ARMY, 2)
    target = next(a for a in state.view("axis")["board"]["armies"] if a["id"] == ARMY)["status"]["target"]
    body = {"ruleset": "hgw", "scenario": "campaign_2", "seats": SEATS, "seed": 3, "moves": moves}
    game_id, _ = open_saved_game(page, body, "axis")
    # the army, then its lit target: the page asks which advance
    counter(page, ARMY).click(force=True)
    expect(counter(page, ARMY)).to_have_attribute("aria-pressed", "true")
    lit = page.locator(f'.board-svg .hex.target[data-hex="{target}"]')
    box = lit.bounding_box()
    assert box is not None
    lit.click(position={"x": box["width"] / 2, "y": box["height"] * 0.12}, force=True)
    menu = page.locator("[role=menu]:visible, .hex-menu:visible").first
    drop = menu.locator('button[data-verb="paradrop"]', has_text="with 2 paratroop points dropping")
    expect(drop).to_have_text(
        re.compile(rf"^Army Group West advances into {target} .+ with 2 paratroop points")
    )
    drop.click()
    # asked first, with the engine's odds of this very advance
    dialog = modal(page)
    expected = odds(battle_at(state, "axis", target, ("paradrop", ARMY, 2)) or {})
    expect(dialog.locator(".battle-summary")).to_contain_text("2 paratroop points")
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    dialog.locator("button.primary").click()
    assert until_the_page_is_mine(page, game_id, "axis") is not None
    lines = page.locator(".log-card .log-lines")
    dropping = f"Army Group West advances into {said(target)} with 2 paratroop points dropping"
    expect(lines).to_contain_text(dropping)
