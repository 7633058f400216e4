"""Issue 26, item 8: Hitler's Global War's production is readable: a panel with the
points left, every purchase's cost, the forces pool and the Time Record's coming
events; every build names its cost; and where an army already stands, a build
reinforces it and a new army (a new counter) is offered only when asked for
(Production Points 1-4; Building Strength Points 1-6; games/hgw-production.js)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect
from webkit import (
    ApiDriver,
    counter,
    open_saved_game,
    play_until,
    post_saved_game,
    prompt,
    serving_rulesets,
    start_game,
    target,
)

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


#: A saved Barbarossa game whose Axis has moved one infantry point of Fourth Army into
#: the Rumanian Army: its log line names two places ("from 1340 to Rumanian Army in 1642")
MOVED_A_POINT: dict[str, Any] = {
    "ruleset": "hgw",
    "scenario": "barbarossa",
    "seats": {"axis": "me", "soviet": "hotseat"},
    "seed": 6,
    "moves": [["axis", ["move", "4a", "infantry", 1]], ["axis", ["to_army", "rum"]]],
}


def test_a_page_drawn_before_the_world_map_is_drawn_again_when_it_comes(page: Page) -> None:
    """The place names of the log and the prompt's buttons, the production panel's costs
    and the Time Record come from the world map (hgw-map.json). A page drawn before it
    has loaded is drawn again, whole, once it comes (the module's `wordsPending`,
    game.js): the map's request is held here until the page has drawn the game without
    it. (Found as a prompt that said "the invasion of 2879" for "2879 Guam".)"""
    held: list[Route] = []
    page.route("**/games/hgw-map.json", lambda route: held.append(route))
    # the next point's "where to?": the prompt's buttons name places
    body = {**MOVED_A_POINT, "moves": [*MOVED_A_POINT["moves"], MOVED_A_POINT["moves"][0]]}
    open_saved_game(page, body, "axis")
    expect(prompt(page)).to_have_text("axis: where do 1 infantry point of Fourth Army go?")
    moved = page.locator(".log-box li").filter(has_text="moves 1 infantry point")
    buttons = page.locator("button[data-action]")
    panel = page.locator("details.hgw-production")
    # drawn without the map: bare numbers, no costs
    assert len(held) == 1
    expect(moved).to_have_text("axis moves 1 infantry point from 1340 to Rumanian Army in 1642")
    expect(buttons.filter(has_text="1136")).not_to_have_count(0)
    expect(panel.locator(".hgw-costs")).to_have_count(0)
    held[0].continue_()
    expect(moved).to_have_text(re.compile(r"from 1340 Lublin to Rumanian Army in 1642 Galati"))
    expect(buttons.filter(has_text=re.compile(r"\b1136\b(?! [A-Z])"))).to_have_count(0)
    expect(buttons.filter(has_text=re.compile(r"\b1136 [A-Z]"))).not_to_have_count(0)
    expect(panel.locator(".hgw-costs")).to_contain_text("an infantry point 2 · a mechanized point 5")
    expect(panel.locator('.hgw-events li[data-turn="Winter 1941"]')).to_contain_text("Siberia: 8")
    expect(counter(page, "4a")).to_have_accessible_name(re.compile(r"at 1340 Lublin: 4 points"))


def test_a_replay_step_drawn_before_the_world_map_is_drawn_again_when_it_comes(page: Page) -> None:
    """The replay page draws the step on screen again once the world map has come
    (`wordsPending`, replay.js), as the game page does."""
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()  # a guest session
    game_id = post_saved_game(page, MOVED_A_POINT)
    driver = ApiDriver(page)
    version = driver.get(f"/api/games/{game_id}")["version"]
    driver.post(f"/api/games/{game_id}/resign", {"seat": "axis", "expected_version": version})
    held: list[Route] = []
    page.route("**/games/hgw-map.json", lambda route: held.append(route))
    page.goto(f"/#/replay/{game_id}?step=2")
    page.reload()  # fresh modules: no world map loaded yet
    expect(page.locator(".step-counter")).to_have_text(re.compile(r"Step 2 / \d+"))
    moved = page.locator("li").filter(has_text="moves 1 infantry point")
    expect(moved).to_have_text("axis moves 1 infantry point from 1340 to Rumanian Army in 1642")
    assert len(held) == 1
    held[0].continue_()
    expect(moved).to_have_text(re.compile(r"from 1340 Lublin to Rumanian Army in 1642 Galati"))
