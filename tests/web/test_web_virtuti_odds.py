"""Virtuti's battle odds in the browser (issue 9 section 1 over games/virtuti/odds.py):
a unit a Move order may send into an enemy area lists the odds of that attack; the
battle being fought shows its odds while the cards and air tokens are chosen in
secret (the opponent's unknown card by the prior); the calculator works out a
hypothetical battle (B1.1 rivers, frozen rivers; B1.4 ties)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, axe_problems, reload_and_settle, shot, start_game

from grognard.games.virtuti import RULESET
from grognard.games.virtuti.board import new_unit


def _position(app: Any, game_id: str) -> tuple[Any, list[str]]:
    """Axis Army and Armored Corps in Breslau under a Move +1 order, a Polish Army in
    Warsaw behind a level-3 fortification; the Operations Phase's moves, no secret
    window open (set on the server's live state, as the server tests do)."""
    state = app.state.server.games.cached_state(game_id)
    assert state is not None
    data = state.data
    data["units"], data["orders"], data["secret"] = {}, {}, None
    sent = [new_unit(data, "axis", kind, 1, "breslau")["id"] for kind in ("army", "armored_corps")]
    new_unit(data, "western_allies", "army", 1, "warsaw")
    data["orders"]["breslau"] = {"f": "axis", "o": "move_plus_1"}
    data["weather"]["warsaw"] = data["weather"]["breslau"] = "clear"
    data["forts"]["warsaw"] = 3  # so that the cards decide
    data["factions"]["axis"]["hand"] = ["axis_total_war", "axis_blitzkrieg"]
    data["factions"]["western_allies"]["hand"] = ["wa_lend_lease", "wa_charles_de_gaulle", "wa_radar"]
    data["flow"] = [{"state": "turn", "phase": 8}, {"state": "ops", "sub": 1, "next": 0}]
    data["phase"] = "operations"
    state._after_change(None, None)
    return state, sent


def _post(driver: ApiDriver, game_id: str, seat: str, action: list[Any]) -> None:
    version = driver.get(f"/api/games/{game_id}")["version"]
    driver.post(
        f"/api/games/{game_id}/actions", {"seat": seat, "action": action, "expected_version": version}
    )


@pytest.mark.rules("B1.1", "B1.2", "B1.4")
def test_virtuti_attacks_and_battles_show_their_odds(page: Page, web_app: tuple[str, Any]) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page, ruleset="virtuti", scenario="full_campaign", seats={"axis": "me", "allies": "hotseat"}, seed=5
    )
    driver = ApiDriver(page)
    state, sent = _position(web_app[1], game_id)
    _post(driver, game_id, "axis", ["execute", "breslau"])
    # hot seat: nothing moves meanwhile; settled, so that no redraw takes the focus away
    reload_and_settle(page, game_id)
    # the Army selected: its attack on Warsaw is listed with the odds of that attack
    page.locator(f".vm-unit[data-uid={sent[0]}]").focus()
    page.keyboard.press("Enter")
    line = page.locator(".selection-card .attack-odds li[data-hex=warsaw]")
    expect(line).to_contain_text(re.compile(r"axis wins \d+% · expected losses axis [\d.]+ units"))
    battle = RULESET.battle_at(state, "axis", "warsaw", ("send", sent[0], "warsaw"))
    assert (
        battle is not None
        and battle["attacker"]["army_1"] == 1
        and "armored_corps_1" not in battle["attacker"]
    )
    expect(line).to_contain_text(f"axis wins {round(RULESET.odds(battle).attacker_wins * 100)}%")
    shot(page, "virtuti-attack-odds")

    # both units sent and the order carried out: the battle's odds beside the board while
    # both sides choose their cards (the Allied card unknown to the Axis: its whole hand)
    for uid in sent:
        _post(driver, game_id, "axis", ["send", uid, "warsaw"])
    _post(driver, game_id, "axis", ["go"])
    _post(driver, game_id, "allies", ["card", "western_allies", "wa_charles_de_gaulle"])
    reload_and_settle(page, game_id)
    page.get_by_role("button", name="I am axis: show my view").click()  # the hot-seat curtain
    block = page.locator(".battle-odds .odds-block")
    fought = RULESET.battle_at(state, "axis", "warsaw")
    assert fought is not None and fought["cards"]["defender"] == sorted(
        state.data["factions"]["western_allies"]["hand"]
    )
    expect(block).to_have_attribute("data-win", f"{RULESET.odds(fought).attacker_wins:.4f}")
    expect(block).to_contain_text("Expected losses")
    expect(block).to_contain_text("any card of the hand")
    expect(block).to_contain_text("Attacker wins with your card: Blitzkrieg")  # the Axis chooses next
    assert 0 < RULESET.odds(fought).attacker_wins < 1
    block.scroll_into_view_if_needed()
    shot(page, "virtuti-battle-odds")

    # the calculator: two Armies across a river tie a Corps (1 against 1): the tie goes to
    # the defender; a frozen river does not halve (2 against 1)
    calc = page.locator("details.odds-calc")
    calc.locator("summary").click()
    for field in calc.locator("input[type=number]").all():
        field.fill("0")
    calc.locator("input[name='attacker-army_1']").fill("2")
    calc.locator("input[name='defender-corps_1']").fill("1")
    calc.locator("select[name=terrain]").select_option("river")
    calc.get_by_role("button", name="Work out the odds").click()
    result = calc.locator(".calc-result .odds-block")
    expect(result).to_have_attribute("data-win", "0.0000")
    calc.locator("input[name=frozen]").check()
    calc.get_by_role("button", name="Work out the odds").click()
    expect(result).to_have_attribute("data-win", "1.0000")
    expect(result).to_contain_text("100% attacker wins")
    # B1.2 a battle card, chosen per side in the calculator: back across the thawed
    # river (a tie the defender wins), the attacker's Blitzkrieg card turns it
    calc.locator("input[name=frozen]").uncheck()
    calc.get_by_role("button", name="Work out the odds").click()
    expect(result).to_have_attribute("data-win", "0.0000")
    card = calc.locator("select[data-choice=cards][data-side=attacker]")
    expect(card.locator("option")).to_have_count(1 + len(RULESET.odds_form()["choices"]["cards"]["options"]))
    card.select_option("axis_blitzkrieg")
    calc.get_by_role("button", name="Work out the odds").click()
    with_card = {"attacker": {"army_1": 2}, "defender": {"corps_1": 1}, "terrain": "river"}
    expected = RULESET.odds({**with_card, "cards": {"attacker": "axis_blitzkrieg"}}).attacker_wins
    assert expected > 0
    expect(result).to_have_attribute("data-win", f"{expected:.4f}")
    assert axe_problems(page) == []
