"""Seeing the game (issue 9, sections 1, 3 and 5): the status panel, the legend, the
battle calculator, the phone layout, and axe-core's accessibility check of the main
screens (no serious or critical violation)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect
from webkit import ApiDriver, advance, axe_problems, prompt, shot

from grognard.core.game import State
from grognard.games.viktory2 import RULESET as VIKTORY2

SEED = 3


def test_axe_finds_no_serious_problem_on_the_main_screens(page: Page) -> None:
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()
    problems = axe_problems(page)
    assert not problems, "\n".join(problems)
    driver = ApiDriver(page)
    game = driver.post(
        "/api/games", {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}, "seed": SEED}
    )
    state = VIKTORY2.new_game(None, {}, SEED)
    advance(driver, game, state, lambda st: st.data["turns"] >= 6)
    page.goto(f"/#/game/{game['id']}")
    expect(prompt(page)).not_to_be_empty()
    problems = axe_problems(page)
    assert not problems, "\n".join(problems)


def _hotseat(page: Page, stop: Callable[[State], bool], seed: int = SEED) -> tuple[dict[str, Any], State]:
    page.goto("/")
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()
    driver = ApiDriver(page)
    game = driver.post(
        "/api/games", {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}, "seed": seed}
    )
    state = VIKTORY2.new_game(None, {}, seed)
    advance(driver, game, state, stop)
    page.goto(f"/#/game/{game['id']}")
    expect(prompt(page)).not_to_be_empty()
    return game, state


def test_a_bombardments_casualty_is_titled_as_a_bombardment(page: Page) -> None:
    def bombard_casualty(st: State) -> bool:
        frame = st.data["flow"][-1]
        return bool(frame["state"] == "casualties" and frame.get("remove"))

    # with seed 30 the heuristic game reaches a bombardment whose casualty is a choice
    _hotseat(page, bombard_casualty, seed=30)
    card = page.locator(".battle-card h3")
    expect(card).to_contain_text("Bombardment at")
    expect(card).not_to_contain_text("Battle")
    expect(prompt(page)).to_contain_text("Bombardment: choose the unit that is lost")
    # a bombardment is no battle: no battle odds beside it
    expect(page.locator(".battle-odds .odds-block")).to_have_count(0)


def test_the_status_panel_shows_every_players_forces(page: Page) -> None:
    _, state = _hotseat(page, lambda st: st.data["turns"] >= 8)
    board = state.view(None)["board"]
    active = state.active_roles()[0]
    for role in state.roles:
        row = page.locator(f'.status-panel .status-row[data-role="{role}"]')
        expect(row).to_be_visible()
        units = [u for u in board["units"].values() if u["owner"] == role]
        placed = sum(1 for u in units if u["hex"] or u["aboard"])
        expect(row).to_contain_text(f"On the map ({placed})")
        expect(row).to_contain_text(f"In reserve ({len(units) - placed})")
        expect(row.locator(".status-score")).to_have_text(f"Empire points: {board['scores'][role]}")
        if role == active:
            expect(row.locator(".to-play")).to_have_text("to play")
        else:
            expect(row.locator(".to-play")).to_have_count(0)
    shot(page, "status-panel")
    # the counter speaks of rounds, as the turn_limit option does
    expect(page.locator(".turn-line")).to_contain_text(f"Round {board['rounds'] + 1} of 60")


def test_the_legend_explains_the_outlines(page: Page) -> None:
    _hotseat(page, lambda st: st.data["turns"] >= 2)
    legend = page.locator("details.legend")
    legend.locator("summary").click()
    expect(legend).to_contain_text("Dashed outline")
    expect(legend).to_contain_text("Face-down tile")
    # 5 terrains, face down, town, city, capital, units, 3 outlines
    expect(legend.locator(".legend-items li")).to_have_count(13)


def test_the_battle_calculator_works_out_a_hypothetical_battle(page: Page) -> None:
    _hotseat(page, lambda st: st.data["turns"] >= 2)
    calc = page.locator("details.odds-calc")
    calc.locator("summary").click()
    for name, value in {
        "attacker-infantry": 1, "attacker-cavalry": 0, "attacker-artillery": 0,
        "defender-infantry": 1, "defender-cavalry": 0, "defender-artillery": 0,
    }.items():
        calc.locator(f"input[name='{name}']").fill(str(value))
    calc.locator("select[name=terrain]").select_option("plains")
    calc.locator("select[name=settlement]").select_option("")
    calc.get_by_role("button", name="Work out the odds").click()
    block = calc.locator(".calc-result .odds-block")
    # one die each, hits on half of them: a third each way (worked by hand in test_odds)
    expect(block).to_have_attribute("data-win", "0.3333")
    expect(block).to_contain_text("33% attacker wins")
    shot(page, "battle-calculator")
    # a mountain city defends better
    calc.locator("select[name=terrain]").select_option("mountain")
    calc.locator("select[name=settlement]").select_option("city")
    calc.get_by_role("button", name="Work out the odds").click()
    expect(block).not_to_have_attribute("data-win", "0.3333")
    assert float(str(block.get_attribute("data-win"))) < 0.3333
    # a naval battle has frigates only
    calc.locator("input[name=naval]").check()
    expect(calc.locator("input[name='attacker-frigate']")).to_be_visible()
    expect(calc.locator("input[name='attacker-infantry']")).to_have_count(0)


def test_a_phone_shows_the_prompt_and_buttons_without_scrolling(profiles: Any) -> None:
    page = profiles.new_page(390, 844, touch=True)
    _hotseat(page, lambda st: st.data["turns"] >= 3 and any(
        a[0] == "end_moves" for a in st.legal_actions(st.active_roles()[0])
    ))
    for what in (".prompt-card .prompt", ".prompt-card .action-buttons button"):
        # measured once drawn: a box is None while the element is not visible yet
        expect(page.locator(what).first).to_be_visible()
        box = page.locator(what).first.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, (what, box)
    # no sideways scrolling, and 44 px touch targets
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    shot(page, "game-phone")
    height = page.locator(".prompt-card .action-buttons button").first.bounding_box()
    assert height is not None and height["height"] >= 44
    problems = axe_problems(page)
    assert not problems, "\n".join(problems)
