"""Issue 26, item 10: Hitler's Global War says things in a player's words: names, not
raw ids, on buttons; two armies never share a counter id; an army that cannot invade
says why; water is not called neutral; the rule help lists only the rules of the
scenario being played; an army out of supply is marked on the map and named in the
status panel (games/hgw.js)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import counter, hgw_screen_xy, prompt, serving_rulesets, start_game


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-labels", HGW) as address:
        yield address


def _start(page: Page, scenario: str, seats: dict[str, str]) -> str:
    page.set_viewport_size({"width": 1500, "height": 950})
    # the Axis (the test) moves first: nothing changes until the test acts
    game_id = start_game(page, ruleset="hgw", scenario=scenario, seats=seats, seed=2)
    expect(prompt(page)).to_contain_text("redeploys")
    return game_id


def _module_call(page: Page, script: str, arg: Any) -> Any:
    """Run `script` (an async function of (mod, arg), mod the HGW board module's
    default export, once its map is loaded) in the page."""
    return page.evaluate(
        "async (arg) => { const module = await import('/games/hgw.js'); await module.loadMap(); "
        "const mod = module.default; "
        f"return ({script})(mod, arg); }}",
        arg,
    )


@pytest.mark.rules("G17.8", "B1.3")
def test_barbarossa_names_only_its_rules_and_calls_water_water(page: Page) -> None:
    _start(page, "barbarossa", {"axis": "me", "soviet": "ai:heuristic"})
    help_ = page.locator(".prompt-card .rules-help summary")
    # Campaign Game I's French armies (G17.8) are no rule of Barbarossa
    expect(help_).to_have_text("Rules for this step: M1.1, M1.2, M1.4, M2.1, L2.3")
    # a click on the sea off Brittany (found with the "go to" box): water, not a neutral country
    goto = page.locator(".hgw-goto")
    goto.get_by_label("Go to a hex number or a place name").fill("1432")
    goto.get_by_role("button", name="Go").click()
    expect(goto.locator(".hgw-goto-said")).to_have_text("Hex 1432")
    page.mouse.click(*hgw_screen_xy(page, "1432"))
    hint = page.locator(".prompt-card .click-hint")
    expect(hint).to_contain_text("1432 is water: armies never stand there")
    expect(hint).not_to_contain_text("neutral")


def test_fall_of_germany_counters_are_never_alike_and_conversions_say_what_they_do(page: Page) -> None:
    _start(page, "fall_of_germany", {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"})
    # Army Group C (Italy) and Army Group Center: "AG C" and "AGC"
    expect(counter(page, "agC").locator(".hgw-army-id")).to_have_text("AG C")
    expect(counter(page, "agc").locator(".hgw-army-id")).to_have_text("AGC")
    # Amphibious Strength Points 3 (F3.3): the conversion names the army and is for good
    label = _module_call(
        page,
        "(mod, view) => mod.describe(['convert', '1can'], view).label",
        {"board": {"armies": [{"id": "1can", "name": "First Canadian Army", "side": "allied", "sp": {}}]}},
    )
    assert label == (
        "Convert one amphibious point of First Canadian Army to infantry "
        "(for good: it cannot invade with it again)"
    )


def test_an_army_that_cannot_invade_says_why_and_one_out_of_supply_is_marked(page: Page) -> None:
    _start(page, "fall_of_germany", {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"})
    army = {"side": "allied", "at": "1333", "frozen": False}
    view = {
        "board": {
            "player": "allied",
            "step": "announce",
            "armies": [
                {
                    **army,
                    "id": "1us",
                    "name": "First U.S. Army",
                    "strength": 8,
                    "sp": {"infantry": 5, "amphibious": 3},
                },
                {**army, "id": "7us", "name": "Seventh U.S. Army", "strength": 4, "sp": {"amphibious": 4}},
            ],
        },
        "legal": [["invade", "7us", "1434"], ["end_announce"]],
    }
    why = _module_call(
        page,
        "(mod, view) => mod.whyNot(view, {hex: '1333', uid: '1us', seat: 'allied', selected: null, "
        "model: {selectable: () => new Set(['7us'])}})",
        view,
    )
    assert why == (
        "First U.S. Army has no attack to name: it cannot invade: an invasion needs at least half "
        "of an army's points amphibious, and it has 3 of 8 (F3.4)."
    )
    # out of supply (L2.3, L2.4): the counter carries a struck-out disc, the status panel names it
    frozen = _module_call(
        page,
        """(mod, view) => {
            const host = document.createElement('div');
            document.body.append(host);
            const board = mod.createBoard(host, {});
            return new Promise((resolve) => setTimeout(() => {
                board.render(view, {});
                resolve([host.querySelectorAll('.hgw-army[data-uid="agn"] .hgw-unsupplied').length,
                         mod.status(view).find((row) => row.role === 'axis').facts]);
            }, 500));
        }""",
        {
            "roles": ["axis", "soviet"],
            "scenario": "barbarossa",
            "board": {
                "owner": {"1240": "axis"},
                "player": "axis",
                "step": "movement",
                "armies": [
                    {
                        "id": "agn",
                        "name": "Army Group North",
                        "side": "axis",
                        "at": "1240",
                        "strength": 5,
                        "sp": {"infantry": 5},
                        "frozen": True,
                    },
                ],
            },
        },
    )
    assert frozen[0] == 1
    assert ["Out of supply", "Army Group North"] in frozen[1]


@pytest.mark.rules("C3.3", "F3.4")
def test_exploitation_asks_first_and_invasions_are_buttons(page: Page) -> None:
    """An exploitation attack starts a battle at once (Exploitation Attacks 3): the page
    asks first with its odds, as for an assault (panels.js confirmBattle, for an entry
    that `startsBattleAt`). The next invasion to resolve (Invasion Procedure 5) and each
    lost point are buttons under the prompt (kind "hit"), not only behind a counter."""
    _start(page, "barbarossa", {"axis": "me", "soviet": "ai:heuristic"})
    view = {
        "board": {
            "player": "allied",
            "armies": [
                {"id": "agn", "name": "Army Group North", "side": "axis", "at": "1240", "sp": {}},
                {
                    "id": "7us",
                    "name": "Seventh U.S. Army",
                    "side": "allied",
                    "at": "1333",
                    "sp": {},
                    "status": {"target": "1434", "invasion": True},
                },
            ],
        }
    }
    described = _module_call(
        page,
        "(mod, view) => [['exploit', 'agn', '1241'], ['invasion', '7us'], ['lose', 'agn', 'infantry']]"
        ".map((action) => mod.describe(action, view))",
        view,
    )
    exploit, invasion, lose = described
    assert exploit["startsBattleAt"] == "1241" and exploit["oddsAction"] == ["exploit", "agn", "1241"]
    assert (
        invasion["kind"] == "hit"
        and invasion["label"] == "Resolve Seventh U.S. Army's invasion of 1434 Paris"
    )
    assert lose["kind"] == "hit" and lose["label"] == "Remove one infantry point from Army Group North"
