"""Virtuti's screens as the game's own (issue 26 items 12 and 14): the Supply map mode
tells four kinds of area apart (P8: your areas and the enemy's, each in supply or out of
it), the Political mode colours each country its own, the discard piles are listed by
name (open information), the diplomacy table fits its panel on a 1400 px screen, and a
selected unit is named in words ("Army 12", not its id "a12"), its targets called areas."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_virtuti_odds import _position, _post
from webkit import ApiDriver, reload_and_settle, start_game

from grognard.games.virtuti.board_data import board_data

#: The supply mode's fills (web/games/virtuti.js SUPPLY).
OWN, OWN_OUT, ENEMY, ENEMY_OUT = "#8cc56f", "#f3a93b", "#b3b0cf", "#c9483c"


def _fill(page: Page, area: str) -> str | None:
    value: str | None = page.locator(f".vm-area[data-area={area}] .tile").get_attribute("fill")
    return value


def _tip(page: Page, area: str) -> str:
    return page.locator(f".vm-area[data-area={area}] > title").text_content() or ""


def _card(card: str) -> str:
    return str(board_data()["cards"][card]["name"])


@pytest.mark.rules("P8.0")
def test_supply_political_discards_and_diplomacy_read_as_the_game(
    page: Page, web_app: tuple[str, Any]
) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    game_id = start_game(
        page, ruleset="virtuti", scenario="full_campaign", seats={"axis": "me", "allies": "hotseat"}, seed=5
    )
    state, sent = _position(web_app[1], game_id)
    state.data["oos"] = ["munich", "paris"]  # an Axis area and an Allied one out of supply
    state.data["factions"]["axis"]["discard"] = ["axis_hedgehog", "axis_luftwaffe"]
    state._after_change(None, None)
    reload_and_settle(page, game_id)
    expect(page.locator(".vm-area[data-area=berlin]")).to_have_count(1)

    # Supply: the seat's (Axis) areas and the enemy's, in supply or not: four colours
    page.locator(".vm-mode[data-mode=supply]").click()
    expect(page.locator(".board-svg[data-mode=supply]")).to_have_count(1)
    assert [_fill(page, a) for a in ("berlin", "munich", "london", "paris")] == [
        OWN,
        OWN_OUT,
        ENEMY,
        ENEMY_OUT,
    ]
    assert "yours, in supply" in _tip(page, "berlin")
    assert "yours, out of supply" in _tip(page, "munich")
    assert "the enemy's, in supply" in _tip(page, "london")
    assert "the enemy's, out of supply" in _tip(page, "paris")
    legend = page.locator(".legend")
    legend.locator("summary").click()
    expect(legend).to_contain_text("Your area, out of supply")
    expect(legend).to_contain_text("The enemy's area, out of supply")

    # Political: a colour per country (France and Britain fight on one side, yet differ)
    page.locator(".vm-mode[data-mode=political]").click()
    expect(page.locator(".board-svg[data-mode=political]")).to_have_count(1)
    fills = {a: _fill(page, a) for a in ("paris", "lyon", "london", "berlin", "warsaw")}
    assert fills["paris"] == fills["lyon"]
    assert len({fills[a] for a in ("paris", "london", "berlin", "warsaw")}) == 4, fills
    assert _tip(page, "paris").startswith("Paris · France: active (Western Allies)")

    # the discard piles by name: open information, in the view
    hand = page.locator(".vm-hand[data-faction=axis]")
    expect(hand.locator(".vm-discard")).to_have_text(
        f"Discarded: {_card('axis_hedgehog')}, {_card('axis_luftwaffe')}"
    )

    # the diplomacy table within its panel at 1400 px
    section = page.locator(".vm-section[data-section=diplomacy]")
    section.locator("summary").click()
    table = section.locator("table.vm-diplomacy")
    expect(table).to_be_visible()
    widths = table.evaluate(
        "(t) => { const box = t.closest('.vm-section');"
        " return {table: t.scrollWidth, box: box.clientWidth,"
        " right: t.getBoundingClientRect().right, edge: box.getBoundingClientRect().right}; }"
    )
    assert widths["table"] <= widths["box"] and widths["right"] <= widths["edge"], widths

    # a selected unit in words, its targets called areas (not "army_1", not "hex")
    _post(ApiDriver(page), game_id, "axis", ["execute", "breslau"])
    reload_and_settle(page, game_id)
    page.locator(f".vm-unit[data-uid={sent[0]}]").focus()
    page.keyboard.press("Enter")
    card = page.locator(".selection-card")
    number = sent[0].lstrip("a")  # the Axis's units are "a<n>"
    expect(card).to_contain_text(f"Army {number} (level 1, Breslau)")
    expect(card).to_contain_text("Click a highlighted area")
    expect(card).not_to_contain_text(sent[0])
    expect(card).not_to_contain_text("hex")
