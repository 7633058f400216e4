"""Issue 9 in the browser for Victory and Hitler's Global War (docs/player-experience.md):
their replays (the action list follows the step, play speed, jumps to the previous or
next turn through each module's `isTurnEnd`), as Viktory II's and Virtuti's are tested
in test_web_hotseat_replay.py and test_web_newer_replay.py; and Victory's live odds
beside the board while a battle is fought, asked again after each round (game.js
`renderBattleOdds` with victory.js `battleAt`; the forecast is games/victory/odds.py
`battle_at`, whose rounds left shrink as the battle goes on, 6.3)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, expect
from webkit import ApiDriver, serving_rulesets, start_game, the_page_shows

POLLS = 600
# the seat the test plays through the API ends its phases as soon as it may
QUICK = ("end_moves", "end_production", "done", "pass", "end_turn", "end_phase")


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from grognard.games.hgw import RULESET as HGW
    from grognard.games.victory import RULESET as VICTORY

    with serving_rulesets(tmp_path_factory, "web-replay-more", VICTORY, HGW) as address:
        yield address


def _quick(legal: list[list[Any]]) -> list[Any]:
    for verb in QUICK:
        found = next((a for a in legal if a[0] == verb), None)
        if found is not None:
            return found
    return legal[0]


def _play(
    page: Page,
    driver: ApiDriver,
    game_id: str,
    seat: str,
    done: Callable[[dict[str, Any]], bool],
    choose: Callable[[list[list[Any]]], list[Any]] = _quick,
) -> dict[str, Any]:
    """`seat` plays `choose`'s action through the API (the other seat is the server's
    AI) until `done(game)`; returns that game. Unlike play_until, `seat` acts in
    simultaneous steps too (the odds test's seed reaches its long battle that way):
    each `done` here asks for `seat` alone to act before the test reads on."""
    for _ in range(POLLS):
        game: dict[str, Any] = driver.get(f"/api/games/{game_id}")
        if done(game):
            return game
        legal = game["views"][seat]["legal"]
        if seat in game["active"] and legal:
            body = {"seat": seat, "action": choose(legal), "expected_version": game["version"]}
            # a simultaneous step (deployment): the AI may choose between our read and
            # our move, which the server refuses as stale; read again and choose anew
            driver.post_unless_stale(f"/api/games/{game_id}/actions", body)
        else:
            page.wait_for_timeout(250)
    raise AssertionError("the game never got there")


def _finished(game: dict[str, Any]) -> bool:
    return bool(game["status"] == "finished")


def _check_replay(page: Page, driver: ApiDriver, game_id: str, turn_end: str) -> None:
    """The replay page of a finished game: the list follows the step, the turn jumps
    land where the module's isTurnEnd says a turn starts, play at speed 4 ends it."""
    actions = driver.get(f"/api/games/{game_id}/replay")["actions"]
    starts = sorted({0} | {i + 1 for i, (_, action) in enumerate(actions) if action[0] == turn_end})
    page.goto(f"/#/replay/{game_id}")
    counter = page.locator(".step-counter")
    expect(counter).to_have_text(re.compile(r"Step 0 / \d+"))
    steps = int(counter.inner_text().split("/")[1])
    assert steps == len(actions) >= 4
    middle = [s for s in starts if 0 < s < steps]
    assert middle, f"no {turn_end} inside the replay: no turn to jump to"
    current = page.locator(".action-list li.current")
    page.get_by_role("button", name="Next step").click()
    expect(counter).to_have_text(f"Step 1 / {steps}")
    expect(current).to_have_attribute("data-step", "1")
    expect(page.locator(".action-list li")).to_have_count(steps)  # a line per action
    # forward a turn at a time: each jump lands on the next turn's first step, whose
    # line in the list (the action that led to it) is the turn-ending one
    ending = re.compile(turn_end.replace("_", "."), re.I)
    page.get_by_role("button", name="First step").click()
    expect(counter).to_have_text(f"Step 0 / {steps}")
    for start in middle[:2]:
        page.get_by_role("button", name="To the start of the next turn").click()
        expect(counter).to_have_text(f"Step {start} / {steps}")
        expect(current).to_have_attribute("data-step", str(start))
        expect(current).to_contain_text(ending)
    # from the end, back to the start of this turn and then the one before
    page.get_by_role("button", name="Last step").click()
    expect(counter).to_have_text(f"Step {steps} / {steps}")
    expect(current).to_have_attribute("data-step", str(steps))
    earlier = sorted({s for s in starts if s < steps}, reverse=True)
    back = page.get_by_role("button", name="Back to the start of this turn, or the one before")
    for start in earlier[:2]:
        back.click()
        expect(counter).to_have_text(f"Step {start} / {steps}")
        if start:
            expect(current).to_have_attribute("data-step", str(start))
        else:  # the start of the game: no action done yet, no line is current
            expect(current).to_have_count(0)
    # play speed: a choice of four, and at 4x the replay plays on to its end. It
    # starts six steps before the end: a whole HGW game of a hundred steps, each one
    # drawn, took more than 45 s on a loaded machine (scripts/stress-browser)
    page.get_by_role("button", name="Last step").click()
    expect(counter).to_have_text(f"Step {steps} / {steps}")
    for step in range(steps - 1, max(0, steps - 6) - 1, -1):
        page.get_by_role("button", name="Previous step").click()
        expect(counter).to_have_text(f"Step {step} / {steps}")
    speed = page.get_by_label("Play speed")
    expect(speed.locator("option")).to_have_count(4)
    speed.select_option("4")
    page.get_by_role("button", name="Play").click()
    expect(counter).to_have_text(f"Step {steps} / {steps}", timeout=45_000)
    expect(current).to_have_attribute("data-step", str(steps))


def test_a_finished_victory_games_replay_steps_and_jumps(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    game_id = start_game(
        page,
        ruleset="victory",
        scenario="quick-start",
        seats={"blue": "me", "red": "ai:random"},
        options={"turn_limit": 1},
        seed=4,
    )
    driver = ApiDriver(page)
    _play(page, driver, game_id, "blue", _finished)
    _check_replay(page, driver, game_id, "end_moves")
    expect(page.locator(".board-svg .vi-block")).not_to_have_count(0)  # Victory's own board


def test_an_hgw_games_replay_after_two_turns_steps_and_jumps(page: Page) -> None:
    page.set_viewport_size({"width": 1400, "height": 900})
    game_id = start_game(
        page, ruleset="hgw", scenario="barbarossa", seats={"axis": "me", "soviet": "ai:random"}, seed=6
    )
    driver = ApiDriver(page)

    # into the second game turn: each player turn so far ended with its production
    # (isTurnEnd of hgw.js)
    def two_axis_turns(game: dict[str, Any]) -> bool:
        return bool(game["views"]["axis"]["board"].get("turn_index", 0) >= 1 and game["active"] == ["axis"])

    game = _play(page, driver, game_id, "axis", two_axis_turns)
    driver.post(f"/api/games/{game_id}/resign", {"seat": "axis", "expected_version": game["version"]})
    _check_replay(page, driver, game_id, "end_production")
    expect(page.locator(".board-svg .hgw-army")).not_to_have_count(0)  # HGW's own board


def _attack_then_end(legal: list[list[Any]]) -> list[Any]:
    """Blue's choice in the odds test: deploy, attack with every block that may,
    end its moves, then fight with the first choice offered."""
    for verb in ("deploy", "attack", "end_moves"):
        found = next((a for a in legal if a[0] == verb), None)
        if found is not None:
            return found
    return _quick(legal)


def _blue_fighting(game: dict[str, Any]) -> bool:
    battle = game["views"]["blue"]["board"].get("battle")
    # blue alone to act: the AI cannot change the battle while the test reads its odds
    return bool(battle and battle.get("round", 0) >= 1 and game["active"] == ["blue"])


@pytest.mark.rules("6.3")
def test_victorys_odds_beside_the_board_follow_a_battle_round_by_round(page: Page) -> None:
    page.set_viewport_size({"width": 1600, "height": 1000})
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/odds?" in r.url else None)
    game_id = start_game(
        page, ruleset="victory", scenario="quick-start", seats={"blue": "me", "red": "ai:heuristic"}, seed=3
    )
    driver = ApiDriver(page)
    block = page.locator(".battle-odds .odds-block")
    for _ in range(6):  # battles until one goes on past the round blue first fights in
        game = _play(page, driver, game_id, "blue", _blue_fighting, _attack_then_end)
        fight = game["views"]["blue"]["board"]["battle"]
        where, first_round = fight["at"], fight["round"]
        the_page_shows(page, game)  # the pushes up to this battle drawn
        before = _expect_the_servers_odds(block, driver, game_id, where)
        # 6.3: the forecast is of the rounds left, the one being fought included
        assert before["battle"]["rounds"] == fight["rounds"] - first_round + 1
        asked_before = len(asked)

        def next_round(g: dict[str, Any], where: str = where, first: int = first_round) -> bool:
            battle = g["views"]["blue"]["board"].get("battle")
            if not battle or battle["at"] != where:
                return True
            # wait for blue's turn, blue's alone, in the later round: while red (the
            # server's AI) may act, it may end the battle between our read and the odds
            return bool(battle["round"] > first and g["active"] == ["blue"])

        # blue fights on (the first choice offered) until the next round of this battle
        game = _play(page, driver, game_id, "blue", next_round, _quick)
        battle = game["views"]["blue"]["board"].get("battle")
        if battle is None or battle["at"] != where:
            continue  # over within the round: the next battle
        the_page_shows(page, game)
        after = _expect_the_servers_odds(block, driver, game_id, where)
        assert after["battle"]["rounds"] == before["battle"]["rounds"] - (battle["round"] - first_round) >= 1
        # the page asked the server again after the round (and the test once, after it)
        assert len(asked) > asked_before + 1
        return
    raise AssertionError("no battle of blue's lasted past a round")


def _expect_the_servers_odds(block: Locator, driver: ApiDriver, game_id: str, where: str) -> dict[str, Any]:
    """The odds beside the board are the server's for blue's battle at `where` now.
    Asked in the page's own queue of odds calls (odds.js gameOdds): the server works
    out one odds call of an address at a time and refuses (429) one made while the
    page's own is under way, which a loaded machine makes likely."""
    answer: dict[str, Any] | None = block.page.evaluate(
        "async ([id, hex]) => (await import('/odds.js')).gameOdds(id, 'blue', hex)", [game_id, where]
    )
    assert answer is not None, f"no odds for blue's battle at {where}"
    assert answer["battle"] is not None and answer["odds"] is not None
    expect(block).to_contain_text(f"Odds from here at {where}")
    expect(block).to_have_attribute("data-win", f"{answer['odds']['attacker_wins']:.4f}")
    return answer
