"""Issue 26, items 5 and 9 in Campaign Game I's first turn (Winter 1939): the Polish
opening has its odds (an attack on an unaligned nation: odds.py `battle_at` takes its
places), and the Axis player told to remove losses is told from which army, why, how
many are left, and offered each choice as a button (Assault Resolution 4-6)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, counter, prompt, serving_rulesets, start_game, until_alone_to_act, until_legal


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-campaign", HGW) as address:
        yield address


SEATS = {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"}


def _start(page: Page) -> str:
    page.set_viewport_size({"width": 1500, "height": 950})
    # the Axis moves first: nothing changes until the test acts
    game_id = start_game(page, ruleset="hgw", scenario="campaign_1", seats=SEATS, seed=4)
    expect(prompt(page)).to_contain_text("redeploys")
    return game_id


@pytest.mark.rules("G2.1")
def test_the_polish_opening_has_its_odds(page: Page) -> None:
    game_id = _start(page)
    driver = ApiDriver(page)
    driver.act(game_id, "axis", ["end_movement"])
    until_legal(page, game_id, "axis", "attack")
    page.reload()
    counter(page, "ags").click(force=True)
    poland = page.locator(".attack-odds li", has_text="1339 Poland")
    expect(poland).to_contain_text(re.compile(r"Army Group South will attack 1339 Poland: axis wins \d+%"))


@pytest.mark.rules("C4.5")
def test_losses_name_the_army_the_cause_and_offer_buttons(page: Page) -> None:
    game_id = _start(page)
    driver = ApiDriver(page)
    driver.act(game_id, "axis", ["end_movement"])
    driver.act(game_id, "axis", ["attack", "agw", "1435"])
    driver.act(game_id, "axis", ["end_announce"])
    # the Maginot line's fort (Fort No. 3, seven points) fires in the Allied defensive assault
    game = until_alone_to_act(page, game_id, "axis")
    view = game["views"]["axis"]
    assert view["board"]["step"] == "losses", view["prompt"]
    count = view["board"]["frame"]["count"]
    points = f"{count} point{'s' if count > 1 else ''}"
    page.reload()
    expect(prompt(page)).to_have_text(
        re.compile(
            rf"^Axis: remove {points} from Army Group West\. The allied defensive assault from 1435 Metz hit "
            rf"{points}\. Choose each point with the buttons below\.$"
        )
    )
    expect(prompt(page)).not_to_contain_text("more")  # the first loss is no "more"
    lose = page.locator('.prompt-card .action-buttons button[data-verb="lose"]')
    expect(lose.first).to_be_visible()
    expect(lose.first).to_contain_text("from Army Group West")
    if count > 1:
        lose.first.click()
        expect(prompt(page)).to_contain_text(
            f"remove {count - 1} point{'s' if count > 2 else ''} more (1 of {count} removed)"
        )
