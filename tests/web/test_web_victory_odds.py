"""Victory's battle odds in the browser (issue 9 section 1, issue 10 "with odds"): a
selected block's attacks list their odds before the player attacks, from the seat's
view only (games/victory/odds.py battle_at: red's blocks counted as hidden, 6.1)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from webkit import ApiDriver, start_game, until_legal

SEED = 3


#: what blue plays when it has nothing else to do and no `verb` yet: the game goes on
#: (red, the AI, comes closer) until blue may do `verb`
GO_ON = ("end_moves", "done", "end_battles", "end_regroup")


def _until(page: Page, driver: ApiDriver, game_id: str, verb: str) -> dict[str, Any]:
    """Blue's view once it may do `verb`, deploying blue's blocks through the API
    meanwhile (red deploys on the server, as the AI) and, where blue has nothing to
    do it with yet (no enemy within reach in the first turn, say), ending blue's step:
    whether the first turn already brings an attack depends on the seed's deal."""
    for i in range(400):
        view = driver.view(game_id, "blue")
        legal = view["legal"]
        verbs = {a[0] for a in legal}
        if verb in verbs:
            # red may still be deploying or moving (simultaneous steps): the caller
            # reads the board and clicks, so only once blue alone is to act
            return until_legal(page, game_id, "blue", verb)
        deploys = [a for a in legal if a[0] == "deploy"]
        if deploys:
            driver.act(game_id, "blue", deploys[(i * 7) % len(deploys)])
            continue
        if legal:
            go_on = next((v for v in GO_ON if v in verbs), None)
            driver.act(game_id, "blue", [go_on] if go_on else legal[0])
            continue
        page.wait_for_timeout(250)
    raise AssertionError(f"blue never got to {verb}")


@pytest.mark.rules("6.1", "6.3")
def test_a_selected_blocks_attacks_show_their_odds(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    game_id = start_game(
        page,
        ruleset="victory",
        scenario="quick-start",
        seats={"blue": "me", "red": "ai:heuristic"},
        seed=SEED,
    )
    driver = ApiDriver(page)
    view = _until(page, driver, game_id, "attack")
    attack = next(a for a in view["legal"] if a[0] == "attack")
    page.locator(f'.board-svg .counter[data-uid="{attack[1]}"]').click()
    lines = page.locator(".selection-card .attack-odds li")
    targets = {a[2] for a in view["legal"] if a[0] == "attack" and a[1] == attack[1]}
    expect(lines).to_have_count(
        len({(a[2], a[3]) for a in view["legal"] if a[0] == "attack" and a[1] == attack[1]})
    )
    assert {lines.nth(i).get_attribute("data-hex") for i in range(lines.count())} == targets
    # each line gets its forecast from the server: "blue wins N% · expected losses ..."
    for i in range(lines.count()):
        expect(lines.nth(i)).to_contain_text(
            re.compile(r"blue wins \d+% · expected losses blue [\d.]+ steps")
        )
    # "why can't I?" from the ruleset (why.py): a hex beyond the block's reach, clicked
    # with the block selected, is explained by the server with the movement rule
    blocks = {b["at"] for b in view["board"]["blocks"] if b.get("at")}
    start = next(b["at"] for b in view["board"]["blocks"] if b.get("id") == attack[1])
    far = max(
        (x["id"] for x in view["board"]["hexes"] if x["id"] not in blocks),
        key=lambda h: (_distance(start, h), h),
    )
    page.locator(f'.board-svg .hex[data-hex="{far}"]').click()
    hint = page.locator(".click-hint")
    expect(hint).to_have_attribute("data-source", "server")
    expect(hint).to_contain_text(re.compile(r"moves at most \d+ hexes \(5\.[567]\)"))


def _distance(a: str, b: str) -> int:
    (q1, r1), (q2, r2) = (map(int, a.split(",")), map(int, b.split(",")))
    return (abs(q1 - q2) + abs(r1 - r2) + abs(q1 + r1 - q2 - r2)) // 2
