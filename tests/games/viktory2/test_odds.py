"""Battle odds (games/viktory2/odds.py) against hand-worked cases and against battles
played by the rules engine: 10.1, 11.0, 12.3, 12.31, 12.32, 12.33, 14.0, 15.1."""

from __future__ import annotations

import math
from typing import Any

import pytest

from grognard.core import hexgrid
from grognard.core.odds import BadBattle, wilson_halfwidth
from grognard.games.viktory2 import RULESET, position
from grognard.games.viktory2.odds import (
    EXACT_STATES,
    LAND_TYPES,
    Battle,
    battle_at,
    firer_pick,
    owner_pick,
    take_hits,
)
from grognard.games.viktory2.state import Viktory2State
from grognard.games.viktory2.tables import tables

DEFENSE = (1, 1, 1)
ATTACK = (1, 2, 1)


def land(**counts: int) -> dict[str, int]:
    return {t: counts[t] for t in LAND_TYPES if counts.get(t)}


# ----- worked by hand ----------------------------------------------------------------------------
@pytest.mark.rules("12.3", "10.1")
def test_one_infantry_each_on_plains_is_a_third_each_way_12_3() -> None:
    # each side rolls one die, a hit on 1-3 (one half): a round where both hit is a
    # mutual kill, one hit decides, no hit repeats; so win, hold and mutual are equal.
    odds = RULESET.odds({"attacker": {"infantry": 1}, "defender": {"infantry": 1}})
    assert odds.exact
    assert odds.attacker_wins == pytest.approx(1 / 3)
    assert odds.defender_wins == pytest.approx(1 / 3)
    assert odds.mutual == pytest.approx(1 / 3)
    # the attacker's unit is lost whenever the defender wins or both die
    assert odds.attacker_losses == pytest.approx(2 / 3)


@pytest.mark.rules("12.3")
def test_an_empty_town_fires_once_12_3() -> None:
    # no defending unit: the town's one die fires once; a hit leaves nobody standing
    odds = RULESET.odds({"attacker": {"cavalry": 1}, "defender": {}, "settlement": "town"})
    assert odds.attacker_wins == pytest.approx(0.5)
    assert odds.mutual == pytest.approx(0.5)


@pytest.mark.rules("12.3")
def test_mountain_city_with_support_fires_its_best_terrain_die_only_12_3() -> None:
    # terrain 2 vs city 2: the better, never both; plus one support die: 3 dice at one
    # attacking infantry; the defender's infantry adds its 1 die: 4 dice in all.
    b = Battle({"attacker": {"infantry": 1}, "defender": {"infantry": 1},
                "terrain": "mountain", "settlement": "city", "naval_support": True})
    assert b.fixed_dice((1, 0, 0)) == 3
    # round 1: the attacker survives four dice with chance 1/16; it wins when it hits
    # (1/2) and survives; a round with no hit anywhere repeats (1/2 * 1/16).
    p_win = (0.5 * (1 / 16)) / (1 - 0.5 * (1 / 16))
    assert b.odds().attacker_wins == pytest.approx(p_win)


@pytest.mark.rules("15.1")
def test_terrain_leveling_removes_terrain_dice_not_the_town_15_1() -> None:
    base = {"attacker": {"infantry": 1}, "defender": {"infantry": 1}, "terrain": "mountain"}
    assert Battle({**base, "terrain_leveling": True}).fixed_dice((1, 0, 0)) == 0
    assert Battle({**base, "terrain_leveling": True, "settlement": "town"}).fixed_dice((1, 0, 0)) == 1


@pytest.mark.rules("12.33")
def test_support_needs_a_defending_unit_or_town_12_33() -> None:
    b = Battle({"attacker": {"infantry": 1}, "defender": {"infantry": 1}, "naval_support": True})
    assert b.fixed_dice((1, 0, 0)) == 1
    assert b.fixed_dice((0, 0, 0)) == 0


@pytest.mark.rules("11.0")
def test_bombard_is_a_hit_on_half_the_dice_11_0() -> None:
    one = RULESET.odds({"kind": "bombard", "dice": 1, "defender": {"infantry": 2}})
    two = RULESET.odds({"kind": "bombard", "dice": 2, "defender": {"infantry": 2}})
    assert one.attacker_wins == pytest.approx(0.5)
    assert one.defender_losses == pytest.approx(0.5)
    assert two.attacker_wins == pytest.approx(0.75)
    assert two.defender_losses == pytest.approx(1.0)
    assert one.attacker_losses == 0


@pytest.mark.rules("10.1")
def test_casualty_policies_keep_and_break_combined_arms_10_1() -> None:
    # the owner gives up its most numerous type; the firer takes the last of a type
    assert owner_pick((3, 1, 1), DEFENSE) == 0
    assert firer_pick((3, 1, 1), ATTACK) == 1  # the lone cavalry: two attack dice
    assert take_hits((3, 1, 1), 1, 1, ATTACK) == (2, 0, 1)


def test_bad_battles_are_refused_with_a_reason() -> None:
    with pytest.raises(BadBattle, match="terrain must be one of"):
        RULESET.odds({"attacker": {"infantry": 1}, "defender": {"infantry": 1}, "terrain": "swamp"})
    with pytest.raises(BadBattle, match="cannot fight in a land battle"):
        RULESET.odds({"attacker": {"frigate": 1}, "defender": {"infantry": 1}})
    with pytest.raises(BadBattle, match="whole number"):
        RULESET.odds({"attacker": {"infantry": -1}, "defender": {"infantry": 1}})
    with pytest.raises(BadBattle, match="needs a unit"):
        RULESET.odds({"attacker": {"infantry": 1}, "defender": {}})
    with pytest.raises(BadBattle, match="unknown battle fields"):
        RULESET.odds({"attacker": {"infantry": 1}, "defender": {"infantry": 1}, "weather": "rain"})


# ----- sampled and exact agree -----------------------------------------------------------------
@pytest.mark.rules("12.3")
def test_sampling_agrees_with_the_exact_chain_12_3() -> None:
    desc = {
        "attacker": land(infantry=4, cavalry=3, artillery=3),
        "defender": land(infantry=3, cavalry=1, artillery=2),
        "terrain": "forest", "settlement": "town",
    }
    battle = Battle(desc)
    assert battle.state_count() > EXACT_STATES  # so odds() samples
    sampled = battle.odds()
    assert not sampled.exact and sampled.samples > 0
    exact = battle.exact()
    assert abs(sampled.attacker_wins - exact[0]) <= 1.5 * sampled.interval


# ----- against the rules engine -------------------------------------------------------------------
def _tiles(battle_terrain: str) -> dict[str, str]:
    tiles = {hexgrid.hex_id(h): "plains" for h in hexgrid.disk((0, 0), 3)}
    tiles["0,0"] = battle_terrain
    return tiles


def _play(seed: int, attackers: dict[str, int], defenders: dict[str, int], terrain: str,
          town: str | None) -> tuple[str, int, int]:
    """One battle at 0,0 played by the engine, casualties picked as the odds assume."""
    units: list[Any] = [("red", t, "0,0") for t, n in attackers.items() for _ in range(n)]
    units += [("yellow", t, "0,0") for t, n in defenders.items() for _ in range(n)]
    towns = {"0,0": ("yellow", town)} if town else None
    st = position.build(tiles=_tiles(terrain), units=units, towns=towns, seed=seed,
                        capitals={"yellow": "0,0"} if town else None)
    st.apply("red", ("battle", "0,0"))
    while any(f["state"] == "battle" for f in st.flow):
        role = st.active_roles()[0]
        legal = st.legal_actions(role)
        st.apply(role, _choose(st, legal))
    red = sum(1 for u in st.units.values() if u["hex"] == "0,0" and u["owner"] == "red")
    yellow = sum(1 for u in st.units.values() if u["hex"] == "0,0" and u["owner"] == "yellow")
    outcome = "win" if red and not yellow else ("hold" if yellow else "mutual")
    return outcome, sum(attackers.values()) - red, sum(defenders.values()) - yellow


def _choose(st: Viktory2State, legal: list[Any]) -> Any:
    frame = st.flow[-1]
    if frame["state"] != "casualties":
        return ("fight_on",) if ("fight_on",) in legal else legal[0]
    pool = frame["pool"]
    owner = st.units[pool[0]]["owner"]
    per_type = DEFENSE if owner == "yellow" else ATTACK
    comp = tuple(sum(1 for u in pool if st.units[u]["type"] == t) for t in LAND_TYPES)
    pick = owner_pick if frame["role"] == owner else firer_pick
    wanted = LAND_TYPES[pick(comp, per_type)]
    return next(a for a in legal if st.units[a[1]]["type"] == wanted)


@pytest.mark.rules("12.3", "12.31", "10.1")
@pytest.mark.parametrize(
    ("attackers", "defenders", "terrain", "town"),
    [
        ({"infantry": 1, "cavalry": 1, "artillery": 1}, {"infantry": 3}, "plains", "city"),
        ({"infantry": 2, "cavalry": 1}, {"infantry": 1, "artillery": 1}, "forest", "town"),
        ({"cavalry": 2, "artillery": 1}, {"infantry": 2, "cavalry": 1}, "mountain", None),
    ],
)
def test_odds_match_battles_played_by_the_engine_12_3(
    attackers: dict[str, int], defenders: dict[str, int], terrain: str, town: str | None
) -> None:
    described = {"attacker": attackers, "defender": defenders, "terrain": terrain, "settlement": town}
    odds = RULESET.odds(described)
    trials = 240
    wins = lost_a = lost_d = 0
    for seed in range(trials):
        outcome, la, ld = _play(seed, attackers, defenders, terrain, town)
        wins += outcome == "win"
        lost_a += la
        lost_d += ld
    # four standard errors of the engine's proportion: a wrong die count or a missed
    # rule moves these battles' odds by far more
    p = odds.attacker_wins
    slack = 4 * math.sqrt(p * (1 - p) / trials) + odds.interval
    assert abs(wins / trials - p) <= slack, (wins / trials, p)
    assert abs(lost_a / trials - odds.attacker_losses) <= 0.3
    assert abs(lost_d / trials - odds.defender_losses) <= 0.3


def test_wilson_interval_narrows_with_trials() -> None:
    assert wilson_halfwidth(50, 100) > wilson_halfwidth(500, 1000) > 0
    assert wilson_halfwidth(0, 100) > 0  # never a zero-width interval from a sample


# ----- a real battle, from the seat's view -----------------------------------------------------
@pytest.mark.rules("12.32", "14.0")
def test_battle_at_reads_the_board_12_32_14_0() -> None:
    tiles = _tiles("mountain")
    tiles["1,0"] = "water"
    st = position.build(
        tiles=tiles,
        units=[("red", "infantry", "0,0"), ("red", "cavalry", "0,0"), ("yellow", "artillery", "0,0"),
               ("yellow", "frigate", "1,0")],
        towns={"0,0": ("yellow", "city"), "-2,0": ("yellow", "town")},
        capitals={"yellow": "-2,0"},
    )
    found = battle_at(st, "red", "0,0")
    assert found is not None
    assert found["attacker"] == {"infantry": 1, "cavalry": 1}
    assert found["defender"] == {"artillery": 1}
    assert found["naval_support"] is True
    # 14.0: yellow holds its capital, so the city is a city
    assert found["settlement"] == "city"
    st.data["towns"]["-2,0"]["owner"] = "red"
    st._after_change(None, None)
    found = battle_at(st, "red", "0,0")
    assert found is not None and found["settlement"] == "town"
    # nothing to fight in an empty hex; an observer starts no battle
    assert battle_at(st, "red", "2,-1") is None
    assert battle_at(st, None, "0,0") is None
    assert tables()["terrain"]["mountain"]["defense_dice"] == 2


@pytest.mark.rules("12.3")
def test_odds_during_a_battle_follow_the_round_12_3() -> None:
    st = position.build(
        tiles=_tiles("plains"),
        units=[("red", "infantry", "0,0"), ("red", "infantry", "0,0"), ("yellow", "infantry", "0,0"),
               ("yellow", "infantry", "0,0"), ("yellow", "infantry", "0,0")],
    )
    st.data["turn"]["entries"]["0,0"] = ["1,0"]
    st._after_change(None, None)
    # round 1: red hits once (a 2), yellow's dice miss: the retreat question comes next
    st.rng.force([2, 6])
    st.apply("red", ("battle", "0,0"))
    assert st.flow[-1]["state"] == "retreat"
    found = battle_at(st, "yellow", "0,0")
    assert found is not None
    assert found["roles"] == {"attacker": "red", "defender": "yellow"}
    assert found["defender"] == {"infantry": 2}
    assert found["pre_fire"] is False


@pytest.mark.rules("11.0")
def test_a_legal_bombardment_is_described_and_forecast_11_0() -> None:
    st = position.build(
        tiles=_tiles("plains"),
        units=[("red", "artillery", "1,0"), ("yellow", "infantry", "0,0"), ("yellow", "cavalry", "0,0")],
    )
    action = ("bombard", "red-a1", "0,0")
    assert st.is_legal("red", action)
    found = battle_at(st, "red", "0,0", action)
    assert found is not None
    assert found["kind"] == "bombard" and found["defender"] == {"infantry": 1, "cavalry": 1}
    assert RULESET.odds(found).attacker_wins == pytest.approx(0.5)
    # an action that is not legal now describes nothing
    assert battle_at(st, "red", "0,0", ("bombard", "red-a1", "2,0")) is None
    assert battle_at(st, "yellow", "0,0", action) is None


@pytest.mark.rules("12.0", "12.1")
def test_a_move_into_a_held_hex_is_forecast_as_the_battle_it_starts_12_0() -> None:
    """Issue 26, item 18: the odds of a move into a hex another player holds are those
    of the battle as it stands once the unit is in, with the mover's units already
    there; the game itself is untouched; a move into an empty hex is no battle."""
    st = position.build(
        tiles=_tiles("plains"),
        units=[("red", "infantry", "1,0"), ("red", "cavalry", "0,0"), ("yellow", "infantry", "0,0"),
               ("yellow", "infantry", "0,0")],
    )
    into = ("move", "red-i1", "0,0")
    assert into in st.legal_actions("red")
    before = st.to_json()
    found = battle_at(st, "red", "0,0", into)
    assert st.to_json() == before
    assert found is not None
    assert found["attacker"] == {"infantry": 1, "cavalry": 1}
    assert found["defender"] == {"infantry": 2}
    assert found["roles"] == {"attacker": "red", "defender": "yellow"}
    assert found["pre_fire"] is True
    alone = RULESET.odds({**found, "attacker": {"cavalry": 1}})
    assert RULESET.odds(found).attacker_wins > alone.attacker_wins
    # a move into an empty hex starts nothing; nor does an illegal one, or the observer's
    assert battle_at(st, "red", "0,1", ("move", "red-i1", "0,1")) is None
    assert battle_at(st, "red", "0,0", ("move", "red-i1", "3,0")) is None
    assert battle_at(st, None, "0,0", into) is None
