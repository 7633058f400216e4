"""Issue 22's odds on the page, the kinds no browser test had played yet (issue 22: odds
before every kind of attack; a leader face down to the opponent, by name once revealed):

- a carrier morale strike (K24.5, N8.5; odds_base.py): the Home Fleet's carriers on
  Germany's coast at Kiel, asked first with the odds of the engine's own rolls;
- an attack with tac air (K10.2, K11.1; odds_air.py): an Axis army with tac air in
  Campaign Game II's first announcement, its attacks listed with the engine's odds;
- a revealed fleet leader (O1.7, O1.1): the name on the fleet's counter and its row, to
  both seats (hgw-forces.js; before it turns over, test_web_hgw_sea_picture.py shows the
  face-down marker).

Positions: the morale strike is test_web_hgw_sea_picture.py's saved game (Campaign Game
III, seed 3, the Allied naval movement of Winter 1939); the attack is seed 3's first
moves of Campaign Game II, to the Axis announcement; the leader is drawn from the
engine's view after leaders.assign and leaders.reveal.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_hgw_sea_picture import _open as open_sea_picture
from test_web_hgw_sea_picture import _saved_game as sea_picture_game
from test_web_hgw_sea_picture import fleet_as_drawn
from webkit import (
    ApiDriver,
    counter,
    modal,
    open_saved_game,
    serving_rulesets,
    until_the_page_is_mine,
    which_one_if_asked,
)

from grognard.agents import make_agent
from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw import leaders
from grognard.games.hgw.odds import battle_at, odds


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-cg2-odds", HGW) as address:
        yield address


KIEL = "1236"


def _click_lit(page: Page, place: str) -> None:
    """Bring the hex into sight by the "go to" box, then click it where it is lit."""
    page.locator("input.hgw-goto-input").fill(place)
    page.locator("button.hgw-goto-button").click()
    expect(page.locator(".hgw-goto-said")).to_contain_text(place)
    lit = page.locator(f'.board-svg .hex.target[data-hex="{place}"]')
    box = lit.bounding_box()
    assert box is not None
    lit.click(position={"x": box["width"] / 2, "y": box["height"] * 0.12}, force=True)


@pytest.mark.rules("K24.5", "N8.5")
def test_a_carrier_morale_strike_is_asked_with_its_odds(page: Page) -> None:
    """A click on Kiel offers the Home Fleet's carrier strikes there; the morale strike,
    chosen from the menu, is asked first with the odds of the engine's rolls on Germany's
    morale, and made once confirmed."""
    state = sea_picture_game()[2]
    action = ("morale_strike", "home", KIEL)
    assert action in state.legal_actions("allied")
    game_id = open_sea_picture(page)
    version = int(ApiDriver(page).get(f"/api/games/{game_id}")["version"])
    _click_lit(page, KIEL)
    which_one_if_asked(page, game_id, version, "morale_strike")
    dialog = modal(page)
    description = battle_at(state, "allied", KIEL, action) or {}
    assert description.get("aim") == "morale" and description.get("mission") == "carriers"
    expected = odds(description)
    expect(dialog.locator(".odds-block")).to_have_attribute("data-win", f"{expected.attacker_wins:.4f}")
    carriers = state.data["fleets"]["home"]["ships"]["carrier"]
    strike = f"{3 * carriers} strike points (carrier points, tripled)"
    expect(dialog.locator(".battle-summary")).to_contain_text(strike)
    dialog.locator("button.primary").click()
    expect(dialog).to_have_count(0)
    assert until_the_page_is_mine(page, game_id, "allied") is not None
    expect(page.locator(".log-card .log-lines")).to_contain_text("Home Fleet")


def _attack_game() -> tuple[Any, list[list[Any]], tuple[str, str, str]]:
    """Campaign Game II, seed 3, the heuristics' moves up to the Axis's announcement of
    its first attacks; the game then, its moves, and the attack of an army with tac air
    whose odds are the nearest to even (a question worth asking)."""
    state = HGW.new_game(seed=3, scenario="campaign_2")
    agents = {role: make_agent("heuristic", "hgw", i) for i, role in enumerate(state.roles)}
    moves: list[list[Any]] = []
    for _ in range(40):
        role = state.active_roles()[0]
        view = state.view(role)
        legal = state.legal_actions(role)
        if role == "axis" and view["board"]["step"] == "announce":
            air = {a["id"] for a in view["board"]["armies"] if a["side"] == "axis" and a["sp"].get("tac_air")}
            attacks = [a for a in legal if a[0] == "attack" and a[1] in air]
            assert attacks, "no Axis army with tac air may attack"

            def doubt(action: Any) -> float:
                return abs(odds(battle_at(state, "axis", action[2], action) or {}).attacker_wins - 0.5)

            return state, moves, min(attacks, key=lambda a: (doubt(a), a))
        action = agents[role].act(view, legal)
        state.apply(role, action)
        moves.append([role, list(action)])
    raise AssertionError("the Axis never came to announce its attacks")


@pytest.mark.rules("K10.2", "K11.1")
def test_an_attack_with_tac_air_shows_its_odds(page: Page) -> None:
    """An Axis army with tac air chosen by its counter: the selection lists its attacks,
    each with the odds the engine gives (odds_air.py, the tac air counted), before any is
    announced; the one announced by a click on its lit target."""
    state, moves, action = _attack_game()
    _, army, target = action
    points = next(a for a in state.view("axis")["board"]["armies"] if a["id"] == army)["sp"]
    description = battle_at(state, "axis", target, action) or {}
    assert description["attacker"]["tac_air"] == points["tac_air"] > 0
    expected = odds(description)
    seats = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}
    body = {"ruleset": "hgw", "scenario": "campaign_2", "seats": seats, "seed": 3, "moves": moves}
    game_id, game = open_saved_game(page, body, "axis")
    counter(page, army).click(force=True)
    expect(counter(page, army)).to_have_attribute("aria-pressed", "true")
    line = page.locator(f'.attack-odds li[data-hex="{target}"]')
    expect(line).to_contain_text(f"axis wins {round(expected.attacker_wins * 100)}% · expected losses")
    _click_lit(page, target)
    which_one_if_asked(page, game_id, int(game["version"]), "attack")
    assert until_the_page_is_mine(page, game_id, "axis") is not None
    expect(page.locator(".log-card .log-lines")).to_contain_text("announces")


@pytest.mark.rules("O1.1", "O1.7")
def test_a_revealed_fleet_leader_is_drawn_by_name_to_both_seats(page: Page) -> None:
    """Campaign Game II with Leaders: Halsey's marker (the Allies' once the U.S. is in,
    Leaders 3) on the Home Fleet, turned over as it attacks (leaders.reveal: a fleet of the
    basic naval rules has no nation, so he commands it): a gold disc on the counter and
    "leader: Halsey" in its title and sheet row, for the Axis as for the Allies."""
    state: Any = HGW.new_game(seed=3, scenario="campaign_2", options={"leaders": True})
    leaders.assign(state, "allied", "naval", "home")
    state.data["leaders"]["fleets"]["home"]["leader"] = "halsey"  # the marker drawn
    leaders.reveal(state, fleets=("home",))
    assert state.data["leaders"]["fleets"]["home"]["up"]
    page.goto("/")
    for seat in ("axis", "allied"):
        shown = fleet_as_drawn(page, state.view(seat)["board"], "home")
        assert shown["title"].endswith("; leader: Halsey"), shown
        assert shown["disc"] and not shown["mark"]
        assert shown["note"] == "leader: Halsey"
