"""The main screens with a game well under way: a hot-seat game advanced through the
HTTP API by the heuristic agents (replayed locally with the same seed), then shown
in the browser. Run with GROGNARD_SCREENSHOTS=docs/screenshots to refresh the
screenshots of the documentation."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect
from webkit import ApiDriver, advance, counter, prompt, shot

from grognard.core.game import State
from grognard.games.viktory2 import RULESET as VIKTORY2

SEED = 3


def _frame(state: State) -> dict[str, Any]:
    role = state.active_roles()[0]
    frame: dict[str, Any] = state.view(role)["board"]["frame"]
    return frame


def test_main_screens(page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 820})
    page.goto("/")
    driver = ApiDriver(page)
    expect(page.locator("form.new-game button[type=submit]")).to_be_visible()
    driver.post("/api/games", {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "ai:heuristic"}})
    game = driver.post(
        "/api/games", {"ruleset": "viktory2", "seats": {"red": "me", "yellow": "hotseat"}, "seed": SEED}
    )
    state = VIKTORY2.new_game(None, {}, SEED)

    # a battle with a choice of casualties, some turns into the game
    advance(
        driver,
        game,
        state,
        lambda st: st.data["turns"] >= 14 and _frame(st).get("state") in ("casualties", "retreat"),
    )
    battle_step = len(state.history)
    page.goto(f"/#/game/{game['id']}")
    expect(page.locator(".battle-card")).to_be_visible()
    expect(page.locator(".log-card .log-lines li.dice").first).to_be_visible()
    expect(page.locator(".board-svg .hex.battle-hex")).to_have_count(1)
    shot(page, "battle-and-log")

    # the movement phase of a later turn, a unit selected and its moves lit up
    version = advance(
        driver,
        game,
        state,
        lambda st: (
            st.data["turns"] >= 17
            and _frame(st).get("state") == "move"
            and any(a[0] == "move" for a in st.legal_actions(st.active_roles()[0]))
        ),
    )
    role = state.active_roles()[0]
    mover = next(a[1] for a in state.legal_actions(role) if a[0] == "move")
    page.goto(f"/#/game/{game['id']}")
    expect(page.locator(".seat-tab.current")).to_have_text(role)
    expect(prompt(page)).to_contain_text("move a unit")
    counter(page, mover).click()
    expect(page.locator(".board-svg .hex.target").first).to_be_visible()
    expect(page.locator(".footer, .side-footer")).to_contain_text(f"v{version}")
    shot(page, "game-board")

    # a tablet, upright
    page.set_viewport_size({"width": 820, "height": 1180})
    page.goto(f"/#/game/{game['id']}")
    expect(prompt(page)).to_contain_text("move a unit")
    shot(page, "game-tablet")
    page.set_viewport_size({"width": 1366, "height": 820})

    # the game ends (a resignation); its replay, at the battle
    driver.post(f"/api/games/{game['id']}/resign", {"seat": role, "expected_version": version})
    page.goto(f"/#/replay/{game['id']}?step={battle_step}")
    expect(page.locator(".step-counter")).to_contain_text(f"Step {battle_step} /")
    expect(page.locator(".replay-page .battle-card")).to_be_visible()
    expect(page.locator(".action-list li.current")).to_have_attribute("data-step", str(battle_step))
    shot(page, "replay")

    # the lobby, with games in the list
    page.goto("/")
    expect(page.locator(".game-row")).to_have_count(2)
    expect(page.locator(".game-row.your-turn")).to_have_count(1)
    expect(page.locator(".game-row a", has_text="Replay")).to_have_count(1)
    page.locator("form.new-game details.options summary").click()
    shot(page, "lobby")
