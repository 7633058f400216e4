"""Campaign Game II's paratroops (paratroops.py): the paradrop's doubled points on the
Advance Table and their loss on a failure, each point once a turn, paradrops across the
water, and the rulebook's example of Operation Market Garden with forced dice. Paratroops
are not played in a game yet (Campaign Game II's combat phase is later work), so the
tests call the rules with the armies' points."""

from __future__ import annotations

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.firepower import fire
from grognard.games.hgw.paratroops import (
    across_water,
    across_water_assault,
    drop_mech,
    paradrop_limit,
    resolve_paradrop,
    why_not_across_water,
    why_not_mix,
    why_not_paradrop,
)


def army(**points: int) -> dict[str, dict[str, int]]:
    kinds = ("infantry", "mechanized", "tac_air", "paratroop", "amphibious")
    return {"sp": {k: points.get(k, 0) for k in kinds}}


@pytest.mark.rules("K13.6", "K13.2")
def test_example_operation_market_garden() -> None:
    state = new_game()
    second = army(infantry=2, mechanized=2, tac_air=2, paratroop=3)
    group_b = army(infantry=2, mechanized=2)
    # Army Group B's defensive assault, firepower four: the rulebook gives no roll; a 1
    # takes two, off the British infantry (never the tac air, Air Attacks 4)
    state.rng.force([1])
    assert fire(state, "axis", 4, "defensive assault").losses == 2
    second["sp"]["infantry"] -= 2
    # no Axis tac air: no air attack, the two tac air join the assault: seven fire, a 6
    state.rng.force([6])
    assert fire(state, "allied", sum(second["sp"].values()), "assault").losses == 1
    group_b["sp"]["infantry"] -= 1
    defence = sum(group_b["sp"].values())
    assert defence == 3
    # all three paratroop points drop: six, with two mechanized, eight: a 1-5 range
    assert drop_mech(2, 3) == 8 and paradrop_limit(2, 3, defence) == 5
    assert paradrop_limit(2, 0, defence) == 0  # without the drop, no range at all
    state.rng.force([5])
    drop = resolve_paradrop(state, "allied", second, 3, mech=2, defence=defence)
    assert drop.success and drop.lost == 0 and drop.limit == 5


@pytest.mark.rules("K13.2", "K13.3", "K13.4")
def test_a_failed_paradrop_loses_every_dropped_point_and_ten_is_the_cap() -> None:
    state = new_game()
    assert drop_mech(6, 4) == 10  # fourteen counts as ten
    paras = army(mechanized=6, paratroop=4)
    state.rng.force([6])
    drop = resolve_paradrop(state, "allied", paras, 4, mech=6, defence=9)
    assert not drop.success and drop.lost == 4 and drop.mech == 10


@pytest.mark.rules("K13.1", "K13.5")
def test_each_paratroop_point_drops_once_a_turn() -> None:
    paras = army(infantry=1, paratroop=3)
    assert why_not_paradrop(paras, 2) is None
    assert why_not_paradrop(paras, 2, dropped_before=2) == (
        "the army has 1 paratroop points that have not dropped this turn, not 2"
    )
    assert why_not_paradrop(paras, 0) == "a paradrop drops one paratroop point at least"
    with pytest.raises(IllegalAction, match="not dropped this turn"):
        resolve_paradrop(new_game(), "allied", paras, 4, mech=0, defence=1)


@pytest.mark.rules("K14.1")
def test_paratroops_and_tac_air_cross_the_channel_as_over_land() -> None:
    london, calais = "1333", "1434"  # the Channel is all sea between them
    assert across_water(london, calais) and not across_water(london, "1233")
    airborne = army(tac_air=2, paratroop=3)
    assert why_not_across_water(airborne, london, calais, "advance", dropping=3) is None
    assert why_not_across_water(airborne, london, calais, "advance") == (
        "across the water an army advances only by paradrop"
    )
    assert why_not_across_water(airborne, london, calais, "assault") is None
    assert across_water_assault(airborne) == 2  # the paratroops do not assault
    assert why_not_across_water(army(paratroop=3), london, calais, "assault") == (
        "across the water only tac air assaults; the army has none"
    )
    assert why_not_across_water(army(infantry=1, paratroop=3), london, calais, "advance", 3) == (
        "only paratroop and tac air points attack across the water; the army has infantry"
    )


@pytest.mark.rules("K14.2")
def test_paratroops_and_amphibious_points_never_share_an_army() -> None:
    assert (
        why_not_mix(army(amphibious=2), "paratroop")
        == "paratroop points may not join an army with amphibious points"
    )
    assert why_not_mix(army(paratroop=1), "amphibious") is not None
    assert why_not_mix(army(infantry=2), "paratroop") is None
