"""Issue 9, section 3 on Hitler's Global War's board: the legend, and stepping through
the Soviet AI's turn ("since your last move"), the hexes each action names outlined
on the painted map (games/hgw.js draws them on demand: the map has no hex elements)."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from webkit import (
    prompt,
    reload_and_settle,
    serving,
    start_game,
    step_to_the_end,
    until_the_other_side_has_moved,
)

#: A hex id named after a preposition in HGW's log ("attack on 1043"), not a year.
PLACE = re.compile(r"\b(?:on|in|at|to|from|into) (\d{4,5})\b")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's own app with Hitler's Global War registered (conftest.py's keeps
    its rulesets, so that its lobby's default game does not change), fresh SQLite."""
    from grognard.core.registry import Registry
    from grognard.games.hgw import RULESET as HGW
    from grognard.server import create_app

    registry = Registry()
    registry.register(HGW)
    database = tmp_path_factory.mktemp("web-hgw-seeing") / "grognard.db"
    app = create_app(f"sqlite:///{database}", registry=registry, ai_move_budget=30.0)
    with serving(app, "grognard-web-hgw-seeing") as address:
        yield address


def _start(page: Page) -> str:
    page.set_viewport_size({"width": 1600, "height": 1000})
    return start_game(page, ruleset="hgw", seats={"axis": "me", "soviet": "ai:heuristic"}, seed=5)


def test_the_legend_explains_the_map_and_the_last_moves_outline(page: Page) -> None:
    _start(page)
    expect(prompt(page)).to_be_visible()
    legend = page.locator("details.legend")
    legend.locator("summary").click()
    items = legend.locator(".legend-items li")
    expect(items.first).to_be_visible()
    texts = items.all_inner_texts()
    for wanted in (
        "Germany",
        "Soviet Union",
        "Capital",
        "Production points",
        "Occupation marker",
        "Army: id",
    ):
        assert any(wanted in text for text in texts), (wanted, texts)
    assert any(text.startswith("Dashed outline") for text in texts), texts
    # every item has its picture
    expect(legend.locator(".legend-items li svg")).to_have_count(len(texts))


def test_step_through_the_soviet_turn_outlines_its_hexes(page: Page) -> None:
    game_id = _start(page)
    expect(prompt(page)).to_be_visible()
    game = until_the_other_side_has_moved(
        page, game_id, "axis", wanted=lambda lines: any(PLACE.search(line) for line in lines)
    )
    reload_and_settle(page, game_id)
    expect(prompt(page)).to_be_visible()
    since = page.locator(".since-card")
    expect(since.locator("summary")).to_contain_text("Since your last move")
    total, seen = step_to_the_end(page, game["plies"] - game["last_acted"]["axis"])
    # the last action that names hexes: go back to it, its hexes (and only they) outlined
    step = max(i for i, lines in enumerate(seen) if any(PLACE.search(line) for line in lines))
    named = {m.group(1) for line in seen[step] for m in PLACE.finditer(line)}
    stepper = page.locator(".stepper")
    for _ in range(total - 1 - step):
        stepper.get_by_role("button", name="Previous").click()
    expect(stepper.locator(".stepper-counter")).to_have_text(f"Action {step + 1} of {total}")
    for place in named:
        expect(page.locator(f'.board-svg .hgw-recent[data-recent="{place}"]')).to_have_count(1)
    expect(page.locator(".board-svg .hgw-recent")).to_have_count(len(named))
    stepper.get_by_role("button", name="Done").click()
    expect(stepper).to_be_hidden()
