"""Victory with four players in the browser (issue 10; 2.0 [3], 10.1 on four maps): the
lobby's new-game form offers the four seats the ruleset's Quick Start has for four
players, the board draws each player's blank blocks in his own colour (yellow too),
no other player's block id reaches the page, and an alliance offer is a button of the
move phase (2.0 [3])."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, reload_and_settle, start_game, until_legal

import grognard
from grognard.games.victory import RULESET as VICTORY

SEED = 5
POLLS = 240
OTHERS = ("red", "green", "yellow")


def victory_role_colors() -> dict[str, str]:
    """ROLE_COLORS as games/victory-view.js defines them."""
    source = (Path(grognard.__file__).parent / "web" / "games" / "victory-view.js").read_text()
    line = re.search(r"ROLE_COLORS = \{([^}]*)\}", source)
    assert line is not None
    return dict(re.findall(r'(\w+): "(#[0-9a-f]{6})"', line.group(1)))


@pytest.mark.rules("2.0", "10.1")
def test_four_player_quick_start_seats_colours_and_alliance_offer(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    roles = VICTORY.roles("quick-start", {"players": 4})
    assert roles == ["blue", "red", "green", "yellow"]
    game_id = start_game(
        page,
        ruleset="victory",
        scenario="quick-start",
        options={"players": 4},
        seats={"blue": "me", **{r: "ai:heuristic" for r in OTHERS}},
        seed=SEED,
    )
    driver = ApiDriver(page)
    view = until_legal(page, game_id, "blue", "deploy")
    while view["legal"] and view["legal"][0][0] == "deploy":  # 1.4 through the API
        driver.act(game_id, "blue", view["legal"][0])
        view = driver.view(game_id, "blue")
    view = until_legal(page, game_id, "blue", "end_moves")
    reload_and_settle(page, game_id)
    board = page.locator(".board-svg")
    expect(board.locator(".hex")).to_have_count(len(view["board"]["hexes"]))  # the four maps
    colours = victory_role_colors()
    for role in OTHERS:
        blanks = board.locator(f'.block-hidden .block-wood[fill="{colours[role]}"]')
        assert blanks.count() > 0, role  # every player's blocks in his own colour
    html = page.content()
    state = VICTORY.new_game("quick-start", {"players": 4}, SEED)
    secrets = [bid for bid, b in state.data["blocks"].items() if b["owner"] != "blue"]
    assert not [bid for bid in secrets if bid in html]  # the Fog of War: no other id on the page
    # 2.0 [3]: an alliance is offered openly in the move phase
    assert ["ally", "green"] in view["legal"]
    offer = page.get_by_role("button", name="Offer an alliance to green")
    expect(offer).to_be_visible()
    offer.click()
    for _ in range(POLLS):
        if driver.view(game_id, "blue")["board"]["offers"].get("blue") == ["green"]:
            break
        page.wait_for_timeout(250)
    assert driver.view(game_id, "blue")["board"]["offers"]["blue"] == ["green"]
