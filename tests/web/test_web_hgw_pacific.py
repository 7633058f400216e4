"""Hitler's Global War's Pacific in the browser (issue 23, section 4): a Pacific turn as
Japan against the AI, an island invasion and a carrier battle, each played through the
page as a player plays them, in The Pacific War (`pacific_war`, the designed scenario).

The turn is played by clicks from the game's start (Winter 1941, Japan first), with the
heuristic agent choosing each move from the seat's view as test_web_hgw_cg2_turn.py does.
The invasion and the battle are reached as a saved game (POST /api/games with its moves):
seed 1's first 86 moves, the two heuristics playing, to Japan's announcement step of its
second turn, when the Eastern Army in Tokyo has its amphibious points. There Japan
invades Guam (2879, a circular island of the U.S.) with the Kido Butai's six carriers as
its escort, and the Allies intercept with the U.S. Pacific Fleet (eight battleships,
three carriers): a battle of carrier fleets (Fleet Naval Fire 2-3), played once with the
Allies as the AI and Japan the page, once the other way round.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_hgw_cg2_turn import play_by_clicks, raw_words
from webkit import (
    button,
    modal,
    open_saved_game,
    prompt,
    serving_rulesets,
    start_game,
    until_alone_to_act,
    until_the_server_has_it,
)

from grognard.agents import make_agent
from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.map import load_map
from grognard.games.hgw.odds import battle_at, odds


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-pacific", HGW) as address:
        yield address


SCENARIO, SEED = "pacific_war", 1
JAPAN = {"axis": "me", "allied": "ai:heuristic"}
ALLIES = {"axis": "ai:heuristic", "allied": "me"}
GUAM = "2879"


def _saved_game(plies: int, then: list[list[Any]] | None = None) -> tuple[list[list[Any]], Any]:
    """Seed 1's first `plies` moves of the two heuristics, then the moves `then` (with the
    heuristics playing on between them whatever is not the named side's), and the game."""
    state = HGW.new_game(seed=SEED, scenario=SCENARIO)
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    for _ in range(plies):
        role = state.active_roles()[0]
        action = agents[role].act(state.view(role), state.legal_actions(role))
        state.apply(role, action)
        moves.append([role, list(action)])
    for role, action in then or []:
        state.apply(role, tuple(action))
        moves.append([role, list(action)])
    return moves, state


def test_a_pacific_turn_as_japan_by_clicks(page: Page) -> None:
    """Japan's first player turn of The Pacific War (Winter 1941), every step made by
    clicks on the page (a counter and its button, a lit hex, a button under the prompt),
    every prompt in words; the Allies' turn begins after it."""
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(page, ruleset="hgw", scenario=SCENARIO, seats=JAPAN, seed=SEED)
    agent = make_heuristic(11)
    steps: list[str] = []
    made: dict[str, set[str]] = {}
    unreadable: dict[str, list[str]] = {}
    after: dict[str, Any] = {}
    for _ in range(200):
        game = until_alone_to_act(page, game_id, "axis")
        view = game["views"]["axis"]
        board = view["board"]
        if not steps or steps[-1] != board["step"]:
            steps.append(board["step"])
        text = prompt(page).inner_text()
        if bad := raw_words(text, view):
            unreadable[text] = bad
        action = list(agent.act(view, [tuple(a) for a in view["legal"]]))
        how = play_by_clicks(page, game_id, int(game["version"]), view, action)
        made.setdefault(action[0], set()).add(how)
        after = until_the_server_has_it(page, game_id, int(game["version"]), f"{action} made by {how}")
        if after["views"]["axis"]["board"]["player"] != "axis":
            break  # the Allies' turn has begun: the AI plays it (not waited for)
    else:
        raise AssertionError(f"Japan's turn never ended: {steps}")
    assert not unreadable, unreadable
    phases = ["naval_movement", "movement", "announce", "production"]
    played = [s for s in steps if s in phases]
    assert [s for i, s in enumerate(played) if s not in played[:i]] == phases, steps
    assert made.get("move") == {"counter+button"}, made  # Japan's armies moved by their counters
    assert made.get("end_production") == {"button"}, made
    # the Allies' turn has begun (read from the server: the AI plays it on meanwhile)
    log = [str(line) for line in after["views"]["axis"]["log"]]
    assert "Winter 1941: allied player turn" in log, log[-5:]


@pytest.mark.rules("F3.4", "F3.5", "F3.6")
def test_an_island_invasion_of_guam_by_clicks(page: Page) -> None:
    """Japan's Eastern Army invades Guam, a circular island, from Tokyo: its counter
    selected and Guam's lit hex clicked; the invasion launched and the Kido Butai sent as its
    escort by buttons; the AI's fleets intercept it and Japan takes its losses on the page;
    Guam is Japan's once its turn's combat is over."""
    moves, _ = _saved_game(86)
    assert load_map().data.hexes[GUAM].terrain == "island"
    body = {"ruleset": "hgw", "scenario": SCENARIO, "seats": JAPAN, "seed": SEED, "moves": moves}
    game_id, game = open_saved_game(page, body, "axis")
    view = game["views"]["axis"]
    assert view["board"]["step"] == "announce"
    invade = ["invade", "eastern", GUAM]
    assert invade in view["legal"]
    # Guam lights up as a target of the Eastern Army's invasion once its counter is chosen
    assert play_by_clicks(page, game_id, int(game["version"]), view, invade) == "map"
    game = until_the_server_has_it(page, game_id, int(game["version"]), invade)
    lines = page.locator(".log-card .log-lines")
    expect(lines).to_contain_text(f"axis announces Eastern Army's invasion of {GUAM}")
    # the rest of the combat phase by the page's buttons, as the heuristic would choose
    agent = make_heuristic(11)
    made: dict[str, set[str]] = {}
    for _ in range(60):
        game = until_alone_to_act(page, game_id, "axis")
        view = game["views"]["axis"]
        if view["board"]["step"] not in ("announce", "invasions", "invasion_attack", "losses"):
            break
        action = list(agent.act(view, [tuple(a) for a in view["legal"]]))
        if action[0] == "escort":
            action = ["escort", "kido_butai"]  # the carriers sail with it
            expect(button(page, "escort").filter(has_text="Kido Butai")).to_be_visible()
        how = play_by_clicks(page, game_id, int(game["version"]), view, action)
        made.setdefault(action[0], set()).add(how)
        until_the_server_has_it(page, game_id, int(game["version"]), f"{action} made by {how}")
    else:
        raise AssertionError("the invasion of Guam never came to its end")
    assert made.get("escort") == {"button"}, made
    assert made.get("invasion") == {"counter+button"}, made
    expect(lines).to_contain_text("Kido Butai sail with Eastern Army")
    # the AI's carriers meet the Kido Butai's: the battle and its losses in the log
    expect(lines).to_contain_text(
        re.compile(rf"U\.S\. Pacific Fleet \(11 points\) intercepts the invasion fleet bound for {GUAM}")
    )
    fire = re.compile(r"the invasion fleet loses \d+ points?, U\.S\. Pacific Fleet \d+ points?")
    expect(lines).to_contain_text(fire)
    assert made.get("lose", {"counter+button"}) == {"counter+button"}, made
    owner = game["views"]["axis"]["board"]["owner"][GUAM]
    if owner == "axis":
        expect(lines).to_contain_text(f"axis captures {GUAM}")
    else:  # the intercepting fleets sank every amphibious point: nobody lands
        expect(lines).not_to_contain_text(f"axis captures {GUAM}")
    # on the map, Guam in Japan's colour when taken, its name and number written
    expect(page.locator(f'.hgw-name[data-name-hex="{GUAM}"]')).to_have_text("Guam")
    expect(page.locator(f'.hgw-hexnum[data-num="{GUAM}"]')).to_have_count(1)


@pytest.mark.rules("F3.6")
def test_a_carrier_battle_the_allies_fight_from_the_page(page: Page) -> None:
    """The Allies' page is asked to intercept Japan's invasion of Guam: its U.S. Pacific
    Fleet (three carriers) offered by a button against the Kido Butai (six carriers); the
    battle's fire and losses in the log, the fleets' losses on the record sheets."""
    then = [
        ["axis", ["invade", "eastern", GUAM]],
        ["axis", ["end_announce"]],
        ["axis", ["invasion", "eastern"]],
        ["axis", ["escort", "kido_butai"]],
    ]
    moves, state = _saved_game(86, then)
    assert state.active_roles() == ["allied"] and state.view("allied")["board"]["step"] == "interception"
    body = {"ruleset": "hgw", "scenario": SCENARIO, "seats": ALLIES, "seed": SEED, "moves": moves}
    game_id, game = open_saved_game(page, body, "allied")
    board = game["views"]["allied"]["board"]
    ours, theirs = board["fleets"]["pacific_fleet"], board["fleets"]["kido_butai"]
    assert ours["ships"]["carrier"] == 3 and theirs["ships"]["carrier"] == 6
    expect(prompt(page)).to_have_text(f"allied: intercept the invasion of {GUAM} Guam with a fleet?")
    sheet = page.locator(".hgw-record table.hgw-fleets")
    expect(sheet.locator('tr[data-fleet="kido_butai"] td.hgw-fleet-ships')).to_contain_text("6 carrier")
    expect(sheet.locator('tr[data-fleet="pacific_fleet"] td.total')).to_have_text("11")
    intercept = page.locator(
        '.prompt-card .action-buttons button[data-verb="intercept"]', has_text="U.S. Pacific Fleet"
    )
    expect(intercept).to_be_visible()
    before = int(game["version"])
    intercept.click()
    # asked first, with the odds of the fire both fleets exchange (Fleet Naval Fire 2-5)
    dialog = modal(page)
    expected = odds(battle_at(state, "allied", GUAM, ("intercept", "pacific_fleet")) or {})
    expect(dialog.locator(".battle-summary")).to_contain_text("11 naval points")
    expect(dialog.locator(".battle-summary")).to_contain_text("16 naval points")
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    expect(dialog.locator(".odds-how")).to_contain_text("Fleet Naval Fire 2-3")
    dialog.locator("button.primary").click()
    until_the_server_has_it(page, game_id, before, "the Pacific Fleet's interception")
    after = until_alone_to_act(page, game_id, "allied")
    lines = page.locator(".log-card .log-lines")
    met = f"U.S. Pacific Fleet (11 points) intercepts the invasion fleet bound for {GUAM}"
    expect(lines).to_contain_text(met)
    fire = re.compile(r"the invasion fleet loses (\d+) points?, U\.S\. Pacific Fleet (\d+) points?")
    expect(lines).to_contain_text(fire)
    found = fire.search(lines.inner_text())
    assert found is not None
    # the record sheets carry what the fleet has left (none: it is sunk, its row gone)
    left = after["views"]["allied"]["board"]["fleets"].get("pacific_fleet", {}).get("sp", 0)
    assert left == max(0, 11 - int(found.group(2)))
    if left:
        expect(sheet.locator('tr[data-fleet="pacific_fleet"] td.total')).to_have_text(str(left))
