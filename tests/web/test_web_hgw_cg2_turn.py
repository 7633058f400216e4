"""Hitler's Global War, Campaign Game II in the browser (issue 22, section 3): a whole
player turn of each side against the AI, played by clicks on what the page shows.

The heuristic agent (ai.py) chooses each move from the seat's view; the test makes it as
a player does: a counter then a lit hex, a lit hex alone (ports, patrol hexes, partisan
targets, yards), or a button under the prompt (research, naval and phase endings). The
turn runs from the seat's first step (naval movement: Campaign Game II step 3a; the
strategic warfare phase, step 2, is not asked while the side has no bombers or missiles
to fly) through land movement, combat, production, partisan attacks (the Soviets) and
research (step 7), until the next player's turn begins. The Axis's turn also plays the
strategic warfare phase: it is the Axis's turn of Summer 1940, reached as a saved game (POST
/api/games with its moves: test_web_hgw_cg2_strike.py's `raid_game`, the Axis having
researched and built bombers), where its bombers raid, by a click on the target and the
battle question, and the devastation is chosen. On every step the prompt must
name its subject in words: no army id, no hex number without its place name, no
underscored word (issue 26, item 9).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_web_hgw_cg2_strike import raid_game
from webkit import (
    confirm_if_asked,
    counter,
    hgw_screen_xy,
    modal,
    post_saved_game,
    prompt,
    serving_rulesets,
    start_game,
    until_alone_to_act,
    until_the_server_has_it,
    which_one_if_asked,
)

from grognard.games.hgw.ai import make_heuristic


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW

    with serving_rulesets(tmp_path_factory, "web-hgw-cg2-turn", HGW) as address:
        yield address


# a hex number shown without its place's name after it ("1240" rather than "1240 Warsaw")
BARE_HEX = re.compile(r"\b\d{4}\b(?! [A-Z])")


def raw_words(text: str, view: dict[str, Any]) -> list[str]:
    """What a player could not read in `text`: army ids, bare hex numbers, ids_with_underscores."""
    found = [m.group(0) for m in BARE_HEX.finditer(text)]
    found += [w for w in re.findall(r"\b\w+_\w+\b", text)]
    words = set(re.findall(r"[\w-]+", text))
    found += [a["id"] for a in view["board"]["armies"] if a["id"] in words and a["id"] != a["name"]]
    return found


def _in_sight(page: Page, place: str) -> None:
    """Bring a hex into the board's sight, as a player does: the "go to hex or place"
    box under the board (hgw-labels.js) when it is outside the board's frame."""
    frame = page.locator(".board-svg").bounding_box()
    assert frame is not None
    x, y = hgw_screen_xy(page, place)
    across = frame["x"] + 20 < x < frame["x"] + frame["width"] - 60
    if not (across and frame["y"] + 40 < y < frame["y"] + frame["height"] - 20):
        page.locator("input.hgw-goto-input").fill(place)
        page.locator("button.hgw-goto-button").click()
        expect(page.locator(".hgw-goto-said")).to_contain_text(place)
        page.wait_for_function(
            """(id) => { const f = document.querySelector('.hgw-found');
                return f && f.dataset.found === id; }""",
            arg=place,
        )


def _click_place(page: Page, place: str) -> None:
    """Click a lit hex beside the counters standing in it (a click on a counter of one's
    own selects that army instead)."""
    _in_sight(page, place)
    lit = page.locator(f'.board-svg .hex.target[data-hex="{place}"]')
    expect(lit).to_have_count(1)
    box = lit.bounding_box()
    assert box is not None
    lit.click(position={"x": box["width"] / 2, "y": box["height"] * 0.12}, force=True)


def _hint(action: list[Any], view: dict[str, Any]) -> str:
    """The words that tell `action`'s menu item from the others of its verb."""
    verb = action[0]
    fleets = view["board"].get("fleets") or {}
    armies = {a["id"]: a["name"] for a in view["board"]["armies"]}
    if verb in ("change_base", "patrol", "raid_route", "build_ship") and len(action) > 1:
        fleet = action[1] if verb != "build_ship" else action[2]
        return str(fleets.get(fleet, {}).get("name", ""))
    if verb == "to_army":
        return str(armies.get(action[1], ""))
    if verb == "build" and len(action) > 1:
        return str(action[1]).replace("_", " ")
    if verb == "build_strategic":
        return str(action[1]).replace("_", " ")
    return ""


def _click_button(page: Page, action: list[Any]) -> None:
    """The button of `action` under the prompt or in the selection, else in the full
    list of choices."""
    buttons = page.locator("button[data-action]")
    for attempt in range(2):
        for i in range(buttons.count()):
            candidate = buttons.nth(i)
            shown = json.loads(candidate.get_attribute("data-action") or "null")
            if shown == action and candidate.is_visible():
                candidate.click()
                return
        if attempt == 0:
            page.locator("details.all-choices > summary, .all-choices summary").first.click()
    raise AssertionError(f"no button for {action}")


def _select(page: Page, army_id: str, at: str | None) -> None:
    """Select an army by a click on its counter (its map hex brought into sight first)."""
    if at and re.fullmatch(r"\d{4,5}", at):
        _in_sight(page, at)
    piece = counter(page, army_id)
    if piece.get_attribute("aria-pressed") != "true":  # a second click would drop it
        piece.click(force=True)
    expect(piece).to_have_attribute("aria-pressed", "true")


#: verbs made by a click on one lit hex (the action's own place is its last argument,
#: or the named one)
HEX_VERBS = {
    "to_place": 1,
    "retreat": 1,
    "repair": 1,
    "fort": 1,
    "change_base": 2,
    "patrol": 2,
    "raid_route": 3,
    "partisans": 1,
    "build_ship": 3,
    "build_strategic": 2,
    "place": 2,
    "raid": 2,
    "raid_morale": 2,
    "devastate": 1,
}


def play_by_clicks(page: Page, game_id: str, before: int, view: dict[str, Any], action: list[Any]) -> str:
    """Make one action as a player does (`before`: the game's version before it); how
    it was made."""
    verb = action[0]
    armies = {a["id"]: a for a in view["board"]["armies"]}
    if verb in ("attack", "exploit", "invade", "amphibious_advance", "advance", "paradrop"):
        target = action[2] if verb not in ("advance", "paradrop") else armies[action[1]]["status"]["target"]
        _select(page, action[1], armies[action[1]]["at"])
        _click_place(page, target)
        which_one_if_asked(page, game_id, before, action[0], _hint(action, view))
        if verb == "exploit":
            confirm_if_asked(page, game_id, before)
        return "map"
    by_button = ("move", "eliminate", "lose", "invasion", "convert")
    if verb in by_button or (verb == "build" and action[2] == "army"):
        army = action[3] if verb == "build" else action[1]
        _select(page, army, armies[army]["at"] if army in armies else None)
        _click_button(page, action)
        return "counter+button"
    if verb == "to_army" and armies[action[1]]["at"] in _drawn(page):
        _click_place(page, armies[action[1]]["at"])
        which_one_if_asked(page, game_id, before, action[0], _hint(action, view))
        confirm_if_asked(page, game_id, before)  # a crossing enemy patrols meet: its odds first
        return "map"
    place = None
    if verb in HEX_VERBS:
        place = action[HEX_VERBS[verb]]
    elif verb == "build" and action[2] == "place":
        place = action[3]
    if place is not None and place in _drawn(page):
        _click_place(page, place)
        which_one_if_asked(page, game_id, before, action[0], _hint(action, view))
        # asked first: partisans and raids, and a redeployment across a sea crossing that
        # enemy patrols meet (N3.2: the page shows the crossing's odds, in its own words)
        if verb == "to_place" and place in (view["board"].get("met_crossings") or []):
            expect(modal(page).get_by_role("button", name=re.compile(r"^Cross to "))).to_be_visible()
            expect(modal(page)).to_contain_text("under the enemy's patrols?")
        if verb in ("partisans", "raid", "raid_morale", "to_place"):
            confirm_if_asked(page, game_id, before)
        return "map"
    if verb == "assault" and len(action) > 1:
        _click_place(page, action[2])
        which_one_if_asked(page, game_id, before, action[0], _hint(action, view))
        confirm_if_asked(page, game_id, before)
        return "map+confirm"
    _click_button(page, action)
    if verb.startswith("end_") or verb.startswith("to_"):
        confirm_if_asked(page, game_id, before)
    return "button"


def _drawn(page: Page) -> set[str]:
    """The hexes lit as targets now."""
    return set(page.locator(".board-svg .hex.target").evaluate_all("(els) => els.map((e) => e.dataset.hex)"))


SEATS = {
    "axis": {"axis": "me", "soviet": "ai:heuristic", "allied": "ai:heuristic"},
    "soviet": {"axis": "ai:heuristic", "soviet": "me", "allied": "ai:heuristic"},
    "allied": {"axis": "ai:heuristic", "soviet": "ai:heuristic", "allied": "me"},
}
#: the phases each side's turn asks for: the Soviets' and the Allies' first turns of
#: seed 3 (the Soviets have partisans in occupied Poland; nobody has bombers or missiles
#: yet), and the Axis's of Summer 1940 with its bombers
PHASES = {
    "soviet": ["naval_movement", "movement", "announce", "production", "partisans", "research"],
    "allied": ["naval_movement", "movement", "announce", "production", "research"],
    "axis-bombers": ["strategic", "naval_movement", "movement", "announce", "production", "research"],
}


@pytest.mark.rules("K1.1")
# The Axis's turn is played once, with its bombers (a plain Axis turn of Winter 1939 asks
# for the same steps but the strategic warfare phase, and cost a minute of CI more).
@pytest.mark.parametrize("case", ["soviet", "allied", "axis-bombers"])
def test_a_whole_campaign_game_ii_turn_by_clicks(page: Page, case: str) -> None:
    """Every step of a side's first player turn (Winter 1939, seed 3) made by clicks, or
    the Axis's with bombers (Summer 1940, a saved game), each prompt in words; the next
    player's turn begins after it."""
    side = case.split("-")[0]
    page.set_viewport_size({"width": 1600, "height": 1000})
    if case == "axis-bombers":
        _, moves = raid_game()
        page.goto("/")
        expect(page.locator("form.new-game button[type=submit]")).to_be_visible()  # a guest session
        body = {"ruleset": "hgw", "scenario": "campaign_2", "seats": SEATS[side], "seed": 3, "moves": moves}
        game_id = post_saved_game(page, body)
        page.goto(f"/#/game/{game_id}")
    else:
        game_id = start_game(page, ruleset="hgw", scenario="campaign_2", seats=SEATS[side], seed=3)
    agent = make_heuristic(11)
    steps: list[str] = []
    unreadable: dict[str, list[str]] = {}
    made: dict[str, set[str]] = {}
    mine: int | None = None  # the turn index of the side's turn once it begins
    for _ in range(300):
        game = until_alone_to_act(page, game_id, side)
        view = game["views"][side]
        board = view["board"]
        if board["player"] == side and mine is None:
            mine = board["turn_index"]
        elif mine is not None and (board["player"] != side or board["turn_index"] != mine):
            break  # another side's turn has begun (it may ask this side something)
        step = view["board"]["step"]
        if not steps or steps[-1] != step:
            steps.append(step)
        text = prompt(page).inner_text()
        if bad := raw_words(text, view):
            unreadable[text] = bad
        action = list(agent.act(view, [tuple(a) for a in view["legal"]]))
        how = play_by_clicks(page, game_id, int(game["version"]), view, action)
        made.setdefault(action[0], set()).add(how)
        until_the_server_has_it(page, game_id, int(game["version"]), f"{action} made by {how}")
    else:
        raise AssertionError(f"{side}'s turn never ended: {steps}")
    assert not unreadable, unreadable
    played = [s for s in steps if s in PHASES[case]]
    assert [s for i, s in enumerate(played) if s not in played[:i]] == PHASES[case], steps
    # research is made by buttons, land movement by a counter and its button
    assert made.get("end_research") == {"button"}, made
    assert made.get("move", {"counter+button"}) == {"counter+button"}, made
    assert made.get("end_naval_movement") == {"button"}, made
    if case == "axis-bombers":  # a raid: its target clicked, asked first with its odds
        assert made.get("raid", made.get("raid_morale")) == {"map"}, made
