"""A coastal air strike on the page (issue 22: odds before every kind of attack; the one
kind no browser test had played). Campaign Game III, seed 2: the heuristics play to the
Allies' naval movement of Spring 1941, when the coastal air the Allies bought in 1635
(N9.1) reaches the Axis naval base at 1736 (N9.2, the Ranges table at their tac air
level). A click on the base offers the strike at each aim (N9.4: its ships in port, its
coastal air); the one chosen is asked first with the odds of the engine's own rolls
(odds_base.py) and made once confirmed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_hgw_cg2_odds import _click_lit
from webkit import (
    ApiDriver,
    modal,
    open_saved_game,
    serving_rulesets,
    until_the_page_is_mine,
    which_one_if_asked,
)

from grognard.agents import make_agent
from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.odds import battle_at, odds

SEED = 2
MOST = 1200  # actions before the Allies may strike (707 when this was written)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-coastal-strike", HGW) as address:
        yield address


@cache
def _strike_game() -> tuple[Any, list[list[Any]], list[tuple[Any, ...]]]:
    """The heuristics' moves up to the first position where a coastal strike is legal."""
    state = HGW.new_game(seed=SEED, scenario="campaign_3")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    while len(moves) < MOST:
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        strikes = [a for a in legal if a[0] == "coastal_strike"]
        if strikes:
            return state, moves, strikes
        action = agents[role].act(state.view(role), legal)
        state.apply(role, action)
        moves.append([role, list(action)])
    raise AssertionError("no coastal strike became legal")


@pytest.mark.rules("N9.2", "N9.4")
def test_a_coastal_air_strike_is_asked_with_its_odds(page: Page) -> None:
    state, moves, strikes = _strike_game()
    assert state.active_roles() == ["allied"]
    action = next(a for a in strikes if a[3] == "air")  # at the base's own coastal air
    base = action[2]
    description = battle_at(state, "allied", base, action) or {}
    assert description, "the engine describes no strike to forecast"
    expected = odds(description)
    assert 0 < expected.attacker_wins < 1  # a question worth asking
    seats = {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"}
    body = {"ruleset": "hgw", "scenario": "campaign_3", "seats": seats, "seed": SEED, "moves": moves}
    game_id, game = open_saved_game(page, body, "allied")
    _click_lit(page, base)
    which_one_if_asked(page, game_id, int(game["version"]), "coastal_strike", hint="the coastal air")
    dialog = modal(page)
    summary = dialog.locator(".battle-summary")
    expect(summary).to_contain_text(f"{description['strike']} strike points (coastal air)")
    # what the strike meets: the ships in port fire at it, the base's coastal air is its aim
    expect(summary).to_contain_text(f"{description['air']} coastal air points")
    expect(summary).to_contain_text("aimed at the coastal air")
    # the note reads as sentences: "Exact. A strike by coastal air ... is not forecast."
    how = re.compile(r"^Exact\. A strike by coastal air .*forecast\.$")
    expect(dialog.locator(".odds-how")).to_have_text(how)
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    dialog.locator("button.primary").click()
    expect(dialog).to_have_count(0)
    assert until_the_page_is_mine(page, game_id, "allied") is not None
    after = ApiDriver(page).get(f"/api/games/{game_id}")
    assert int(after["version"]) > int(game["version"])
    expect(page.locator(".log-card .log-lines")).to_contain_text("coastal air")
