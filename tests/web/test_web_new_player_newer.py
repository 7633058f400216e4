"""A new player against the AI on the newer boards (issue 9, "Done when"), by what the
page shows only: lit places, ringed counters, buttons and the questions it asks. A
Virtuti game of one turn is played to its game-over screen, and a whole Barbarossa
game turn of Hitler's Global War (the Axis turn by clicks, the Soviet AI's reply) until
the Axis redeploys again; on a desktop and on a phone, with no JavaScript error."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from newplayer import open_page, play_by_the_page
from playwright.sync_api import expect
from webkit import prompt, serving_rulesets, start_game


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW
    from grognard.games.virtuti import RULESET as VIRTUTI

    with serving_rulesets(tmp_path_factory, "web-new-player-newer", HGW, VIRTUTI) as address:
        yield address


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_new_player_finishes_a_one_turn_virtuti_game(profiles: Any, screen: str) -> None:
    page, errors = open_page(profiles, screen)
    game_id = start_game(
        page,
        ruleset="virtuti",
        scenario="full_campaign",
        seats={"axis": "me", "allies": "ai:heuristic"},
        options={"turns": 1},
        seed=5,
    )
    expect(prompt(page)).not_to_have_text("")
    notes: list[str] = []
    banner = page.locator(".banner .banner-title")
    play_by_the_page(page, game_id, "axis", screen == "phone", notes, banner.is_visible)
    expect(banner).to_have_text(re.compile(r"You win!|You lose|You share|A draw"))
    expect(page.locator(".banner .game-charts .chart")).to_have_count(3)
    assert not errors, errors
    print(f"\nvirtuti {screen}: {len(notes)} notes", *notes, sep="\n  ")
    print("LOG", *page.locator(".log-box .log-lines li").all_inner_texts()[-80:], sep="\n  ")


@pytest.mark.parametrize("screen", ["phone", "desktop"])
def test_a_new_player_plays_a_barbarossa_game_turn(profiles: Any, screen: str) -> None:
    page, errors = open_page(profiles, screen)
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=5)
    expect(prompt(page)).to_contain_text("redeploys")
    turn = page.locator(".prompt-card .turn-line")
    expect(turn).to_contain_text(re.compile("summer 1941", re.IGNORECASE))
    notes: list[str] = []

    def next_turn() -> bool:
        axis_moves = prompt(page).inner_text().startswith("axis redeploys")
        return axis_moves and "winter 1941" in turn.inner_text().lower()

    play_by_the_page(page, game_id, "axis", screen == "phone", notes, next_turn)
    assert not errors, errors
    print(f"\nhgw {screen}: {len(notes)} notes", *notes, sep="\n  ")
    print("LOG", *page.locator(".log-box .log-lines li").all_inner_texts()[-60:], sep="\n  ")
