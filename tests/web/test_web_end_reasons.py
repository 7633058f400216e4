"""The game-over banner says why the game ended, in every game (panels.js gameOverSummary
over each board module's `endReason`; Viktory II's is tested with its turn limit in
test_web_hotseat_replay.py). Each game is ended here by the engine's own function.
The page reads the server's `finish_reason` (the rules' own words, State.end_reason,
as server/newgames.py `rules_reason` stores it: the last tests); for a record made
before the server kept them ("the game is over") or one cut to its column, each board
module rebuilds the reason from the view (its log, its board): Hitler's Global War's
Victory Conditions (Barbarossa's capitals, The Fall of Germany's Berlin, Campaign Game
III's victory levels, Three Players 4), Victory's 10.0 and 10.6, Virtuti Militari's
decisive victory. Before, the banner said only "Reason: the game is over".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page
from webkit import serving_rulesets

from grognard.games.hgw import RULESET as HGW
from grognard.games.hgw.board import check_victory as hgw_check_victory
from grognard.games.hgw.campaign_victory import controlled_production, level
from grognard.games.hgw.scenario import load_scenario
from grognard.games.hgw.victory import berlin_falls, last_turn_over
from grognard.games.victory import RULESET as VICTORY
from grognard.games.victory.victory import check_victory as victory_check_victory
from grognard.games.virtuti import RULESET as VIRTUTI
from grognard.games.virtuti.victory import finish
from grognard.server.newgames import REASON_LENGTH, rules_reason


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-end-reasons", HGW, VICTORY, VIRTUTI) as address:
        yield address


def _banner_reason(page: Page, module: str, view: dict[str, Any], told: str = "the game is over") -> str:
    """The banner's reason line for a finished game's view, as game-frame.js builds it,
    the server's finish reason being `told` (by default a record's from before the
    server kept the rules' reason)."""
    page.goto("/")
    text: str = page.evaluate(
        """async ([module, view, told]) => {
            const mod = (await import(module)).default;
            if (module.endsWith('hgw.js')) await (await import('/games/hgw-world.js')).loadMap();
            const { gameOverSummary } = await import('/panels.js');
            const header = { result: view.result, finish_reason: told };
            const parts = gameOverSummary(view, header, mod, () => '#777').filter(Boolean);
            const reason = parts.find((el) => el.classList.contains('banner-reason'));
            return reason ? reason.textContent : '';
        }""",
        [module, view, told],
    )
    return text


@pytest.mark.rules("B1.2", "F7.4", "G27.1", "G27.4")
def test_hgw_names_the_capitals_berlin_and_the_victory_levels(page: Page) -> None:
    barbarossa = HGW.new_game(seed=1, scenario="barbarossa")
    capitals = load_scenario("barbarossa").capitals["axis"]
    for hex_id in capitals:
        barbarossa.data["owner"][hex_id] = "axis"
    hgw_check_victory(barbarossa)
    reason = _banner_reason(page, "/games/hgw.js", barbarossa.view(None))
    assert reason.startswith("Reason: the axis side holds "), reason
    assert all(f"{hex_id} " in reason for hex_id in capitals), reason  # with their names
    assert reason.endswith("every capital it needed (Victory Conditions)"), reason

    fall = HGW.new_game(seed=1, scenario="fall_of_germany")
    fall.data["owner"]["1237"] = "soviet"
    berlin_falls(fall)
    reason = _banner_reason(page, "/games/hgw.js", fall.view(None))
    assert reason == "Reason: Berlin fell to the soviet side: the game ends at once (Victory Conditions 1)"

    campaign = HGW.new_game(seed=1, scenario="campaign_3")
    last_turn_over(campaign)
    reason = _banner_reason(page, "/games/hgw.js", campaign.view(None))
    assert reason.startswith(
        "Reason: the last turn ended with Berlin still in Axis hands (Victory Conditions 1-2)"
    )
    data = campaign.data
    levels = ", ".join(
        f"{side} {level(data, side)} ({controlled_production(data, side)} production points held)"
        for side in ("axis", "soviet", "allied")
    )
    assert f"; victory levels: {levels} " in reason, reason
    assert reason.endswith("(Three Players 4)"), reason


@pytest.mark.rules("10.0", "10.6")
def test_victory_names_the_target_pp_or_the_time_limit(page: Page) -> None:
    target = VICTORY.new_game(seed=1)
    target.data["phase"] = "supply"  # the end of a game turn (the view counts PP after deployment)
    target.data["target_pp"] = {"blue": 1, "red": 99}
    assert victory_check_victory(target)
    pp = target.data["pp"]["blue"]
    reason = _banner_reason(page, "/games/victory.js", target.view(None))
    rule = "(10.0: the target PP at the end of a game turn wins)"
    assert reason == f"Reason: blue controls {pp} PP, its target being 1 {rule}"

    limit = VICTORY.new_game(seed=1)
    limit.data["phase"] = "supply"
    limit.data["turn"] = limit.data["turn_limit"]
    assert victory_check_victory(limit)
    reason = _banner_reason(page, "/games/victory.js", limit.view(None))
    pp = limit.data["pp"]
    said = f"blue {pp['blue']} PP, red {pp['red']} PP"
    assert reason == f"Reason: the time limit is reached and the most PP wins (10.6): {said}"


@pytest.mark.rules("P10.6")
def test_virtuti_names_the_decisive_victory_and_the_vp(page: Page) -> None:
    state = VIRTUTI.new_game(seed=1)
    finish(state, "axis", "decisive victory")
    vp = state.data["outcome"]["vp"]
    reason = _banner_reason(page, "/games/virtuti.js", state.view(None))
    assert reason == (
        "Reason: decisive victory for the Axis: the Axis reached 18 VP "
        f"(VP: Axis {vp['axis']}, Allies {vp['allies']})"
    )


@pytest.mark.rules("B1.2")
def test_hgw_prompt_line_after_the_end_names_berlin_not_the_bare_game_over(page: Page) -> None:
    """The prompt card of a finished game (panels.js gameOverLine) gives the reason the
    banner gives: The Fall of Germany lost in its first turn said only "Allied wins (the
    game is over)." (the new-player sessions of issue 26)."""
    fall = HGW.new_game(seed=1, scenario="fall_of_germany")
    fall.data["owner"]["1237"] = "allied"
    berlin_falls(fall)
    page.goto("/")
    line: str = page.evaluate(
        """async (view) => {
            const mod = (await import('/games/hgw.js')).default;
            await (await import('/games/hgw-world.js')).loadMap();
            const { gameOverLine } = await import('/panels.js');
            const header = { result: view.result, finish_reason: 'the game is over' };
            return gameOverLine(view, header, mod, view.result);
        }""",
        fall.view(None),
    )
    reason = "Berlin fell to the allied side: the game ends at once (Victory Conditions 1)"
    assert line == f"Allied wins. {reason}."


@pytest.mark.rules("B1.2", "F7.4", "10.0", "P10.6")
def test_the_banner_gives_the_servers_reason_in_the_rules_words(page: Page) -> None:
    """The page reads the reason the server stored (rules_reason: State.end_reason), not
    its own rebuilding from the log (issue 26): the words differ, so the banner shows
    which it read. Hitler's Global War's hex numbers are named as on the map."""
    barbarossa = HGW.new_game(seed=1, scenario="barbarossa")
    capitals = load_scenario("barbarossa").capitals["axis"]
    for hex_id in capitals:
        barbarossa.data["owner"][hex_id] = "axis"
    hgw_check_victory(barbarossa)
    told = rules_reason(barbarossa)
    assert told.startswith("axis wins: it holds ")  # the log's line, with bare hex numbers
    reason = _banner_reason(page, "/games/hgw.js", barbarossa.view(None), told)
    assert reason.startswith("Reason: axis wins: it holds "), reason
    assert "Leningrad" in reason and all(f"{hex_id} " in reason for hex_id in capitals), reason

    fall = HGW.new_game(seed=1, scenario="fall_of_germany")
    fall.data["owner"]["1237"] = "soviet"
    berlin_falls(fall)
    told = rules_reason(fall)
    assert _banner_reason(page, "/games/hgw.js", fall.view(None), told) == f"Reason: {told}"

    target = VICTORY.new_game(seed=1)
    target.data["phase"] = "supply"
    target.data["target_pp"] = {"blue": 1, "red": 99}
    assert victory_check_victory(target)
    told = rules_reason(target)
    assert _banner_reason(page, "/games/victory.js", target.view(None), told) == f"Reason: {told}"

    state = VIRTUTI.new_game(seed=1)
    finish(state, "axis", "decisive victory")
    told = rules_reason(state)
    assert _banner_reason(page, "/games/virtuti.js", state.view(None), told) == f"Reason: {told}"

    # a resignation is the server's alone: the module finds nothing in the log either way
    assert _banner_reason(page, "/games/virtuti.js", state.view(None), "axis resigned") == (
        "Reason: axis resigned"
    )


@pytest.mark.rules("G27.4")
def test_a_reason_cut_to_the_servers_column_is_rebuilt_from_the_log(page: Page) -> None:
    """Campaign Game III's reason with its victory levels is longer than the 120
    characters the server keeps (State.end_reason whole, rules_reason cut with "…"):
    the page rebuilds it whole from the log instead of showing it cut."""
    campaign = HGW.new_game(seed=1, scenario="campaign_3")
    last_turn_over(campaign)
    whole = campaign.end_reason()
    assert whole is not None and "; victory levels: " in whole
    told = rules_reason(campaign)
    assert told.endswith("…") and len(told) == REASON_LENGTH
    reason = _banner_reason(page, "/games/hgw.js", campaign.view(None), told)
    assert "…" not in reason
    assert reason.startswith("Reason: the last turn ended with Berlin still in Axis hands"), reason
    assert reason.endswith("(Three Players 4)"), reason
