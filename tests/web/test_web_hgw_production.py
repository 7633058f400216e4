"""Issue 26, item 8: Hitler's Global War's production is readable: a panel with the
points left, every purchase's cost, the forces pool and the Time Record's coming
events; every build names its cost; and where an army already stands, a build
reinforces it and a new army (a new counter) is offered only when asked for
(Production Points 1-4; Building Strength Points 1-6; games/hgw-production.js)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, counter, play_until, prompt, serving_rulesets, start_game, target

ENDINGS = ("end_movement", "end_announce", "to_advances", "to_exploitation", "end_combat")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-production", HGW) as address:
        yield address


def _to_production(page: Page) -> str:
    """A Barbarossa game whose Axis (the test) passes to its first production phase."""
    page.set_viewport_size({"width": 1500, "height": 950})
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=6)
    expect(prompt(page)).to_contain_text("redeploys")
    panel = page.locator("details.hgw-production")
    # before production: the pool and the Time Record, no budget yet
    expect(panel.locator(".hgw-budget")).to_contain_text("counted when a side's production phase opens")
    play_until(
        page,
        game_id,
        "axis",
        lambda game: game["active"] == ["axis"] and game["views"]["axis"]["board"]["step"] == "production",
        choose=lambda legal: next(a for verb in ENDINGS for a in legal if a[0] == verb),
    )
    page.reload()
    return game_id


def test_the_production_panel_shows_budget_costs_pool_and_time_record(page: Page) -> None:
    game_id = _to_production(page)
    view = ApiDriver(page).view(game_id, "axis")
    budget = view["board"]["frame"]["budget"]
    panel = page.locator("details.hgw-production")
    expect(panel).to_have_attribute("open", "")
    expect(panel.locator(".hgw-budget")).to_contain_text(f"Axis has {budget} production points left to spend")
    expect(panel.locator(".hgw-costs")).to_contain_text("an infantry point 2 · a mechanized point 5")
    free = [a for a in view["board"]["armies"] if a["side"] == "axis" and not a["at"]]
    expect(panel.locator('.hgw-pool li[data-side="axis"]')).to_contain_text(
        f"{len(free)} of 12 army counters free"
    )
    # Barbarossa's Summer 1941: Siberia's production arrives in Winter 1941 (special rule 4)
    expect(panel.locator('.hgw-events li[data-turn="Winter 1941"]')).to_contain_text("Siberia: 8")
    # every build names its cost: the lit hex of Berlin says so
    lit = target(page, "1237")
    expect(lit).to_have_attribute(
        "aria-label", re.compile(r"in a new army at 1237 Berlin \(2 production points\)")
    )
    expect(lit).to_have_attribute(
        "aria-label", re.compile(r"mechanized point in a new army at 1237 Berlin \(5 production")
    )


def test_a_build_where_an_army_stands_reinforces_it_first(page: Page) -> None:
    game_id = _to_production(page)
    driver = ApiDriver(page)
    driver.act(game_id, "axis", ["build", "infantry", "place", "1237"])
    army = next(a for a in driver.view(game_id, "axis")["board"]["armies"] if a["at"] == "1237")
    page.reload()
    expect(prompt(page)).to_contain_text("production points left")
    # Berlin is no longer lit as a place for a new army: the army there is selectable
    expect(target(page, "1237")).to_have_count(0)
    counter(page, army["id"]).click(force=True)
    buttons = page.locator(".selection-card .action-buttons button")
    expect(buttons.first).to_have_text(f"Build one infantry point in {army['name']} (2 production points)")
    labels = buttons.all_inner_texts()
    reinforce = labels.index(f"Build one infantry point in {army['name']} (2 production points)")
    new_army = next(i for i, text in enumerate(labels) if "in a new army at 1237 Berlin" in text)
    assert reinforce < new_army, labels
    assert f"beside {army['name']} (uses a free army counter)" in labels[new_army]


def test_the_panels_drawn_before_the_map_ask_the_page_to_draw_them_again(page: Page) -> None:
    """The production panel and record sheets name places from the world map: drawn
    before it has loaded, they ask the page (`page.redrawWhen`, the hook game.js and
    replay.js give every board module) to draw them again once it has, and once it has
    they ask nothing."""
    game_id = start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=6)
    view = ApiDriver(page).view(game_id, "axis")
    page.goto("/")
    page.reload()  # fresh modules: no world map loaded yet
    asked = page.evaluate(
        """async (view) => {
          const panels = await import('/games/hgw-panels.js');
          const world = await import('/games/hgw-world.js');
          const calls = [];
          const hook = { redrawWhen: (loading) => calls.push(loading) };
          const before = Boolean(world.currentMap());
          const first = panels.extraPanel(view, hook);
          const promised = calls.length;
          await calls[0];
          const loaded = Boolean(world.currentMap());
          panels.extraPanel(view, hook);
          return { before, drawn: Boolean(first), promised, loaded, after: calls.length - promised };
        }""",
        view,
    )
    assert asked == {"before": False, "drawn": True, "promised": 1, "loaded": True, "after": 0}
