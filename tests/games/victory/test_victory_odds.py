"""Battle odds (odds.py) against battles played by the rules engine: the engine's
outcome frequencies must fall inside the odds' sampling interval widened by the
engine sample's own."""

from __future__ import annotations

import json
import math

import pytest
from victory_positions import BLUE, RED, act, battle, empty_game, hexes, neighbours, put, side, start_combat

from grognard.cli import run
from grognard.games.victory.battle_sim import PRECISION_BATCH, Unit, battle_odds
from grognard.games.victory.control import gmap

PLAIN = {"river", "alpine", "road", "canal", "bridge", "shoal"}
ENGINE_BATTLES = 160


def _engine_outcome(seed: int, attack: list[Unit], defend: list[Unit], terrain: str) -> str:
    state = empty_game(seed=seed)
    the_map = gmap(state.data)
    a, b = next(
        (x, y)
        for y in hexes(state, lambda i: i.land_terrain == terrain and not i.city and not i.town)
        for x in neighbours(state, y)
        if the_map.hexes[x].terrain == "clear" and not side(state, x, y) & PLAIN
    )
    for u in attack:
        put(state, BLUE, u.type, b, u.steps, moved=True, entered=a)
    for u in defend:
        put(state, RED, u.type, b, u.steps)
    start_combat(state, b, BLUE, RED)
    while b in state.data["battles"]:
        top = state.data["flow"][-1]
        role = state.active_roles()[0]
        legal = state.legal_actions(role)
        if top["state"] == "battle":
            fires = [x for x in legal if x[0] == "fire"]
            act(state, *(fires[0] if fires else ("pass", battle(state)["current"])))
        else:  # hits: the first listed of the tied; withdraw: the first hex
            state.apply(role, legal[0])
    # read the outcome from the log: supply attrition follows the battle at once
    log = state.log_for(BLUE)
    if f"{BLUE} wins the battle at {b}" in log:
        return "win"
    return "draw" if any(line.startswith(f"a {BLUE} block retreats") for line in log) else "lose"


@pytest.mark.parametrize(
    ("attack", "defend", "terrain"),
    [
        ([Unit("IN", 4), Unit("IN", 4)], [Unit("IN", 3), Unit("IN", 2)], "clear"),
        ([Unit("AR", 4), Unit("IN", 4)], [Unit("IN", 4)], "marsh"),
    ],
    ids=["infantry-clear", "armor-marsh"],
)
def test_odds_match_battles_played_by_the_engine(
    attack: list[Unit], defend: list[Unit], terrain: str
) -> None:
    odds = battle_odds(attack, defend, terrain=terrain, samples=20_000, seed=4)
    counts = {"win": 0, "draw": 0, "lose": 0}
    for seed in range(ENGINE_BATTLES):
        counts[_engine_outcome(seed, attack, defend, terrain)] += 1
    for outcome, p in (("win", odds.win), ("draw", odds.draw), ("lose", odds.lose)):
        seen = counts[outcome] / ENGINE_BATTLES
        spread = 3.3 * math.sqrt(max(p * (1 - p), 0.01) / ENGINE_BATTLES)  # about 99.9 %
        low, high = odds.intervals[outcome]
        assert low - spread <= seen <= high + spread, (outcome, seen, p)


def test_odds_are_reproducible_and_add_up() -> None:
    one = battle_odds([Unit("IN", 4)], [Unit("IN", 4)], samples=5000, seed=9)
    two = battle_odds([Unit("IN", 4)], [Unit("IN", 4)], samples=5000, seed=9)
    assert one == two
    assert one.win + one.draw + one.lose == pytest.approx(1.0)
    assert 0 < one.attacker_steps_lost < 4 and 0 < one.defender_steps_lost < 4


def test_a_precision_plays_only_as_many_battles_as_it_needs() -> None:
    """With a precision the battle is played in batches until every outcome's 95 %
    interval is that narrow: a lopsided battle (four armor against one infantry) stops
    after the first batch, an even duel needs more; the cap still holds, and the same
    seed gives the same answer."""
    lopsided = battle_odds([Unit("AR", 4)] * 4, [Unit("IN", 1)], samples=40_000, seed=3, precision=0.01)
    assert lopsided.samples == PRECISION_BATCH and lopsided.win > 0.99
    even = battle_odds([Unit("IN", 4)], [Unit("IN", 4)], samples=40_000, seed=3, precision=0.01)
    assert PRECISION_BATCH < even.samples < 40_000
    assert all((high - low) / 2 <= 0.01 for low, high in even.intervals.values())
    assert even == battle_odds([Unit("IN", 4)], [Unit("IN", 4)], samples=40_000, seed=3, precision=0.01)
    capped = battle_odds([Unit("IN", 4)], [Unit("IN", 4)], samples=6_000, seed=3, precision=0.001)
    assert capped.samples == 6_000


def test_a_bad_description_is_refused() -> None:
    with pytest.raises(ValueError, match="steps"):
        battle_odds([Unit("IN", 5)], [Unit("IN", 1)])
    with pytest.raises(ValueError, match="unknown"):
        battle_odds([Unit("ZZ", 1)], [Unit("IN", 1)])


def test_the_command_line_prints_the_odds(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["odds", "victory", "--attacker", "IN:4,IN", "--defender", "IN:3", "-s", "samples=2000"])
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert report["samples"] == 2000
    assert report["win"] + report["draw"] + report["lose"] == pytest.approx(1.0)


@pytest.mark.parametrize(
    "args",
    [
        ["--attacker", "ZZ:4", "--defender", "IN"],
        ["--attacker", "IN:9", "--defender", "IN"],
        ["--attacker", "IN", "--defender", "IN", "-s", "terrain=lava"],
        ["--attacker", "IN", "--defender", "IN", "-s", "speed=3"],
        ["--attacker", "IN", "--defender", "IN", "-s", "precision=wide"],
        ["--attacker", "IN", "--defender", "IN", "-s", "precision=0.7"],
    ],
)
def test_bad_battle_descriptions_are_refused_with_a_reason(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["odds", "victory", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("grognard: error:") and "Traceback" not in err
