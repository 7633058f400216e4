"""Victory-style blocks and the battle panel, drawn by the generic board from the view
conventions (docs/client-view-conventions.md), with the blockskirmish test ruleset
played hot-seat: own blocks turned to their steps, enemy blocks blank with nothing of
their identity in the page, a battle fought by clicking the action buttons."""

from __future__ import annotations

from typing import Any

from blockgame import BLOCKS, BLOCKSKIRMISH, BlockState
from playwright.sync_api import Locator, Page, expect
from webkit import button, prompt, shot, start_game

#: With this seed the red hussars' first fire at the wood (3 dice) scores two hits.
SEED = 5
#: The attribute names of a blank block, its own <svg> and everything in it.
ATTRIBUTE_NAMES = (
    "g => [g.closest('svg'), g, ...g.querySelectorAll('*')].flatMap(n => [...n.attributes].map(a => a.name))"
)
ATTACK = [("move", "red-hussars", "wood"), ("move", "red-grenadiers", "wood"), ("end_moves",)]


def _action(page: Page, action: tuple[Any, ...]) -> Locator:
    data = "[" + ",".join(f'"{part}"' for part in action) + "]"
    return page.locator(f".prompt-card .action-buttons button[data-action='{data}']")


def _hand_over(page: Page, role: str) -> None:
    curtain = page.locator(".curtain")
    expect(curtain.locator("h2")).to_have_text(f"Pass the screen to {role}")
    expect(page.locator(".block-svg")).to_have_count(0)  # nothing of the next seat's view
    curtain.locator("button").click()
    expect(curtain).to_be_hidden()
    expect(page.locator(".seat-tab.current")).to_have_text(role)


def _secrets_of(side: str, state: BlockState | None = None) -> list[str]:
    """Ids and kinds of `side`'s blocks (those `state` has not shown yet)."""
    seen = set(state.data["seen"]) if state else set()
    return [t for bid, b in BLOCKS.items() if b.side == side and bid not in seen for t in (bid, b.kind)]


def _assert_blank(page: Page, where: Locator, hidden: list[str]) -> None:
    """Blank blocks carry no text and no data attribute; the page names no secret."""
    blanks = where.locator(".block-hidden")
    assert blanks.count() > 0
    for i in range(blanks.count()):
        blank = blanks.nth(i)
        assert blank.text_content() == ""
        names = blank.evaluate(ATTRIBUTE_NAMES)
        assert not [name for name in names if name.startswith("data-")], names
        assert blank.locator("text, title").count() == 0
    html = page.content()
    assert not [token for token in hidden if token in html or token.lower() in html.lower()]


def test_blocks_turn_to_their_steps_and_the_enemy_stays_blank(page: Page) -> None:
    page.set_viewport_size({"width": 1366, "height": 820})
    start_game(page, ruleset="blockskirmish", seats={"red": "me", "blue": "hotseat"}, seed=SEED)
    _hand_over(page, "red")
    expect(prompt(page)).to_contain_text("Move your blocks")
    board = page.locator(".data-board .block-map")
    expect(board.locator(".place")).to_have_count(6)

    # red's own blocks: turned a quarter counter-clockwise per lost step (blocks.js)
    for bid, block in BLOCKS.items():
        if block.side != "red":
            continue
        shown = board.locator(f'.place[data-place="{block.start}"] .block[data-block="{bid}"]')
        expect(shown).to_have_attribute("data-steps", str(block.steps))
        expect(shown).to_have_attribute("data-max-steps", str(block.max_steps))
        turn = (block.steps - block.max_steps) * 90
        expect(shown.locator(".block-steps")).to_have_attribute("transform", f"rotate({turn})")
        expect(shown.locator(".block-step.now")).to_have_text(str(block.steps))
        expect(shown.locator(".block-kind")).to_have_text(block.kind[:3].upper())
        expect(shown.locator("title")).to_have_text(
            f"{block.kind} {block.letter}{block.firepower} ({bid}), {block.steps} of {block.max_steps} steps"
        )
        # on screen, the current strength is the number nearest the top edge
        tops = {
            step.text_content(): step.bounding_box()["y"]  # type: ignore[index]
            for step in shown.locator(".block-step").all()
        }
        assert min(tops, key=lambda k: tops[k]) == str(block.steps), (bid, tops)

    # blue's blocks: one blank block per block, in the right places, nothing more
    expect(board.locator(".block-hidden")).to_have_count(4)
    expect(board.locator('.place[data-place="wood"] .block-hidden')).to_have_count(2)
    expect(board.locator('.place[data-place="mill"] .block-hidden')).to_have_count(1)
    _assert_blank(page, board, _secrets_of("blue"))

    # into a battle, by the buttons: two blocks attack the wood
    for action in ATTACK:
        _action(page, action).click()
    panel = page.locator(".side .block-battle")
    expect(panel).to_be_visible()
    expect(panel.locator("h3")).to_contain_text("Battle at Wood")
    expect(panel.locator(".battle-round")).to_contain_text("Round 1 of 3")
    expect(panel.locator(".battle-round")).to_contain_text("red's combat turn")
    # the hussars (letter A) fire first; the defenders are blank until their turn
    expect(panel.locator('.battle-now .block[data-block="red-hussars"]')).to_be_visible()
    expect(panel.locator('.battle-block.firing .block[data-block="red-hussars"]')).to_have_count(1)
    expect(panel.locator('[data-side="blue"] .block-hidden')).to_have_count(2)
    expect(panel.locator('[data-side="red"] .block-shown')).to_have_count(2)
    expect(page.locator(".place.battle-place")).to_have_attribute("data-place", "wood")
    _assert_blank(page, panel, _secrets_of("blue"))

    # the same game kept locally, to know the dice
    state = BLOCKSKIRMISH.new_game(None, {}, SEED)
    assert isinstance(state, BlockState)
    for action in [*ATTACK, ("fire", "red-hussars")]:
        state.apply("red", action)
    fire = state.frame()["fires"][0]
    assert fire["hits"] == 2
    button(page, "fire").click()

    # the defenders' turn: blue takes the screen, the jaegers (B) fire next
    _hand_over(page, "blue")
    panel = page.locator(".side .block-battle")
    expect(panel.locator('.battle-now .block[data-block="blue-jaegers"]')).to_be_visible()
    expect(panel.locator(".battle-round")).to_contain_text("blue's combat turn")
    fires = panel.locator(".battle-fires li")
    expect(fires).to_have_count(1)
    expect(fires.first.locator('.block[data-block="red-hussars"]')).to_have_count(1)
    faces = fires.first.locator(".die")
    expect(faces).to_have_count(3)
    assert [int(faces.nth(i).get_attribute("title") or 0) for i in range(3)] == fire["dice"]
    expect(fires.first.locator(".die-hit")).to_have_count(fire["hits"])
    expect(fires.first.locator(".fire-hits")).to_have_text("2 hits")
    # both hits on the strongest block, blue's own musketeers, now turned two quarters
    expect(panel.locator(".battle-losses")).to_contain_text("Musketeers")
    musketeers = page.locator('.block-map .block[data-block="blue-musketeers"]')
    expect(musketeers).to_have_attribute("data-steps", "2")
    expect(musketeers.locator(".block-steps")).to_have_attribute("transform", "rotate(-180)")
    # red: the hussars are shown (they fired), the grenadiers still blank
    expect(panel.locator('[data-side="red"] .block[data-block="red-hussars"]')).to_have_count(1)
    expect(panel.locator('[data-side="red"] .block-hidden')).to_have_count(1)
    _assert_blank(page, panel, _secrets_of("red", state))
    expect(page.locator(".log-card .log-lines li.dice").last).to_contain_text("red rolls")
    shot(page, "blocks-battle")
