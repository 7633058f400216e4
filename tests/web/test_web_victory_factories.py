"""Victory's Neutral Ground (N1.1) with factories (9.1) in the browser: the lobby
offers the scenario, and after deployment the side panel lists the factory set-up
as buttons, one per choice, named in words; a click places a factory and the
standing allocation fills the rest, after which the game goes on to the turn."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from webkit import (
    ApiDriver,
    button,
    prompt,
    reload_and_settle,
    start_game,
    until_legal,
    until_the_server_has_it,
)

SEED = 5
POLLS = 240
NAMES = {"FCA": "air factory", "FCN": "naval factory", "FCG": "ground factory"}


def test_neutral_ground_factory_set_up_by_buttons(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    page.goto("/")
    form = page.locator("form.new-game")
    form.locator("select[name=ruleset]").select_option("victory")
    form.locator("select[name=scenario]").select_option("neutral-ground")
    expect(page.locator("body")).to_contain_text("begin neutral")  # describe() in the lobby
    game_id = start_game(
        page,
        ruleset="victory",
        scenario="neutral-ground",
        options={"factories": True},
        seats={"blue": "me", "red": "ai:heuristic"},
        seed=SEED,
    )
    driver = ApiDriver(page)
    for i in range(POLLS):
        view = driver.view(game_id, "blue")
        verbs = {a[0] for a in view["legal"]}
        if "factory" in verbs:
            break
        deploys = [a for a in view["legal"] if a[0] == "deploy"]
        if deploys:
            driver.act(game_id, "blue", deploys[(i * 7) % len(deploys)])
        else:
            page.wait_for_timeout(250)
    else:
        raise AssertionError("blue never reached the factory set-up")
    # 9.1 is simultaneous: red (the AI) may still be allocating; read once blue alone is to act
    view = until_legal(page, game_id, "blue", "factory")
    game = reload_and_settle(page, game_id)  # the page was left behind by the deployment made through the API
    expect(prompt(page)).to_contain_text("Allocate your factories")
    placing = [a for a in view["legal"] if a[0] == "factory"]
    expect(button(page, "factory")).to_have_count(len(placing))
    city, type_id, pp = placing[-1][1:]
    name = next(h["name"] for h in view["board"]["hexes"] if h["id"] == city)
    where = f"{name} ({city})" if name else city
    article = "an" if pp in (8, 11, 18) else "a"  # "an 8 PP …" as it is said
    chosen = button(page, "factory").filter(has_text=f"Set up {article} {pp} PP {NAMES[type_id]} at {where}")
    expect(chosen).to_be_visible()
    chosen.click()
    # the prompt reads the same before and after: wait for the server to have the click
    after = until_the_server_has_it(page, game_id, int(game["version"]), "the factory button's set-up")
    expect(prompt(page)).to_contain_text("Allocate your factories")
    blocks = after["views"]["blue"]["board"]["blocks"]
    placed = [b for b in blocks if b.get("short") == type_id and b["at"] == city]
    assert placed and placed[0]["steps"] == pp + 1  # its 0 PP step below the PP it makes
    button(page, "default_factories").click()
    expect(prompt(page)).not_to_contain_text("Allocate your factories", timeout=20_000)
    assert not any(a[0] == "factory" for a in driver.view(game_id, "blue")["legal"])
