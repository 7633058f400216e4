"""Hitler's Global War, Campaign Game II in the browser: a naval interception (Fleets 7-9;
U-Boat Attack 5; Anti-Submarine Warfare 4). The Axis moves a fleet; the Allied page
offers the interception as a button, asks first with its odds (odds_sea.py: the
interception roll and the fleets' battle, the engine's own functions), and the log
shows the battle's result.

The position is reached as a saved game (POST /api/games with its moves): seed 3's
first 66 moves, the three heuristics playing, until the Axis U-boat Arm sails home in
Spring 1940 within reach of the Home Fleet; the Allies are then the page's seat and the
server's AI plays the Axis and the Soviets.
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
    until_the_page_is_mine,
)

from grognard.agents import make_agent
from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.odds import battle_at, odds


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-cg2-sea", HGW) as address:
        yield address


SEED, PLIES = 3, 66
SEATS = {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"}


def _saved_game(plies: int = PLIES) -> tuple[list[list[Any]], Any]:
    """The moves of the three heuristics until the interception is offered (or `plies`
    moves), and the game."""
    state = HGW.new_game(seed=SEED, scenario="campaign_2")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    for _ in range(plies):
        role = state.active_roles()[0]
        action = agents[role].act(state.view(role), state.legal_actions(role))
        state.apply(role, action)
        moves.append([role, list(action)])
    return moves, state


def _open_saved(page: Page, moves: list[list[Any]]) -> str:
    """The saved game created through the API and opened on the page, settled with the
    Allies alone to act; its id."""
    body = {"ruleset": "hgw", "scenario": "campaign_2", "seats": SEATS, "seed": SEED, "moves": moves}
    return open_saved_game(page, body, "allied")[0]


@pytest.mark.rules("K9.8", "K16.3")
def test_the_record_sheets_list_every_fleet_its_ships_base_and_patrol(page: Page) -> None:
    """Winter 1939, the Allied naval movement (seed 3's first 44 moves): the U-boat Arm
    patrols the Atlantic; every fleet of the view is a row of the record sheets."""
    moves, state = _saved_game(44)
    _open_saved(page, moves)
    board = state.view("allied")["board"]
    sheet = page.locator(".hgw-record table.hgw-fleets")
    levels = ", ".join(f"{side} {n}" for side, n in board.get("asw_level", {}).items() if n)
    expect(sheet.locator("caption")).to_have_text(f"Fleets (A.S.W. level: {levels})" if levels else "Fleets")
    for fid, fleet in board["fleets"].items():
        row = sheet.locator(f'tr[data-fleet="{fid}"]')
        expect(row.locator("th")).to_have_text(fleet["name"])
        expect(row.locator("td.total")).to_have_text(str(fleet["sp"]))
        patrol = row.locator("td.hgw-fleet-patrol")
        if fleet.get("patrol"):
            expect(patrol).to_contain_text(fleet["patrol"])
        else:
            expect(patrol).to_have_text("")
    expect(sheet.locator('tr[data-fleet="home"] td.hgw-fleet-ships')).to_have_text(
        f"{board['fleets']['home']['ships']['capital']} capital"
    )
    uboats = board["fleets"]["uboats"]
    assert uboats["patrol"] == "1433"
    expect(sheet.locator('tr[data-fleet="uboats"] td.hgw-fleet-ships')).to_have_text(f"{uboats['sp']} U-boat")
    # on the map, in its patrol hex
    drawn = page.locator('.board-svg .hgw-fleet.on-patrol[data-fleet="uboats"] title')
    expect(drawn).to_have_text(re.compile(r"^U-boat Arm \(axis fleet\) on patrol in 1433.* from 1236"))


@pytest.mark.rules("K9.7", "K9.9")
def test_an_interception_is_offered_with_its_odds_and_its_battle_shown(page: Page) -> None:
    moves, state = _saved_game()
    game_id = _open_saved(page, moves)
    expect(prompt(page)).to_have_text("allied: intercept U-boat Arm at sea with one of your fleets?")
    intercept = page.locator('.prompt-card .action-buttons button[data-verb="intercept"]')
    expect(intercept).to_have_text("Intercept U-boat Arm at sea with Home Fleet")
    # the Allies' A.S.W. level (1 since their sea routes were declared) on the sheets
    caption = page.locator(".hgw-record table.hgw-fleets caption")
    expect(caption).to_have_text("Fleets (A.S.W. level: allied 1)")
    intercept.click()
    # asked first: who fights, and the odds the engine's functions give
    dialog = modal(page)
    expected = odds(battle_at(state, "allied", "1236", ("intercept", "home")) or {})
    expect(dialog.locator(".battle-summary")).to_contain_text(re.compile(r"\d+ U-boat points?"))
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    expect(dialog.locator(".odds-how")).to_contain_text("The interception succeeds")
    dialog.locator("button.primary").click()
    # the battle's result, in the log, once the Allies are to act again
    assert until_the_page_is_mine(page, game_id, "allied") is not None
    lines = page.locator(".log-card .log-lines")
    tried = re.compile(r"Home Fleet tries to intercept U-boat Arm \d+ hexes away: a \d")
    expect(lines).to_contain_text(tried)
    expect(lines).to_contain_text(re.compile(r"A\.S\.W\. battle: Home Fleet .* sinks \d+ points? of U-boats"))
