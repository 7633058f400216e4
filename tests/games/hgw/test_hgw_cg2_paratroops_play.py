"""Campaign Game II's paratroops played in land combat (K13 Paradrop, its Market Garden
example), through the real steps of a campaign_2 game with forced dice."""

from __future__ import annotations

import pytest
from test_hgw_cg2_air import ALLIED_HEX, AXIS_HEX, act, cg2, log_lines, put, sp, step

from grognard.core.errors import IllegalAction
from grognard.games.hgw import HgwState
from grognard.games.hgw.tables import load_tables


def to_advances(state: HgwState, army: str = "agw", target: str = ALLIED_HEX) -> None:
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", army, target)
    act(state, "axis", "end_announce")
    if step(state) == "def_assault":
        act(state, "allied", "no_defensive_assault")
    act(state, "axis", "to_advances")


@pytest.mark.rules("K13.1", "K13.2")
def test_an_advance_may_drop_any_of_the_armys_paratroop_points() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=1, mechanized=2, paratroop=3)
    put(state, "ffa", ALLIED_HEX, infantry=3)
    to_advances(state)
    legal = state.legal_actions("axis")
    assert [a for a in legal if a[0] in ("advance", "paradrop")] == [
        ("advance", "agw"),
        ("paradrop", "agw", 1),
        ("paradrop", "agw", 2),
        ("paradrop", "agw", 3),
    ]
    state.rng.force([5])
    act(state, "axis", "paradrop", "agw", 3)
    assert "8 mechanized vs 3, roll 5+0: advances" in log_lines(state)  # 2 + 3 doubled
    assert state.data["armies"]["agw"]["at"] == ALLIED_HEX
    assert sp(state, "agw") == {"infantry": 1, "mechanized": 2, "paratroop": 3}  # they keep going


@pytest.mark.rules("K13.3")
def test_a_drop_counts_ten_mechanized_points_at_most() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, mechanized=6, paratroop=3)
    put(state, "ffa", ALLIED_HEX, infantry=3)
    to_advances(state)
    state.rng.force([6])
    act(state, "axis", "paradrop", "agw", 3)
    ok = load_tables().advances(10, 3, 6)
    assert f"10 mechanized vs 3, roll 6+0: {'advances' if ok else 'fails'}" in log_lines(state)


@pytest.mark.rules("K13.4")
def test_a_failed_advance_loses_every_dropped_point() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=2, mechanized=2, paratroop=3)
    put(state, "ffa", ALLIED_HEX, infantry=6)
    to_advances(state)
    state.rng.force([6])
    act(state, "axis", "paradrop", "agw", 2)
    assert "6 mechanized vs 6, roll 6+0: fails" in log_lines(state)
    assert sp(state, "agw") == {"infantry": 2, "mechanized": 2, "paratroop": 1}
    assert state.data["status"]["agw"]["stopped"]


@pytest.mark.rules("K13.5")
def test_each_paratroop_point_drops_once_a_turn() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, mechanized=4, paratroop=3)
    state.data["owner"]["1635"] = "allied"
    to_advances(state, target=ALLIED_HEX)
    state.rng.force([1])
    act(state, "axis", "paradrop", "agw", 2)
    act(state, "axis", "to_exploitation")
    act(state, "axis", "exploit", "agw", "1635")
    act(state, "axis", "no_assault")  # the garrison could be assaulted first
    assert step(state) == "exploit_attack"
    # the exploitation's advance: only the point that has not dropped may drop now
    assert state.legal_actions("axis") == [("advance", "agw"), ("paradrop", "agw", 1)]
    assert "how many of its 1 paratroop points drop" in state.view("axis")["prompt"]
    before = state.to_json()
    with pytest.raises(IllegalAction):
        act(state, "axis", "paradrop", "agw", 2)
    why = state.why_illegal("axis", ("paradrop", "agw", 2))
    assert state.to_json() == before  # an illegal action, and the question, change nothing
    assert why is not None and "1 paratroop points that have not dropped this turn" in why
    state.rng.force([1])
    act(state, "axis", "paradrop", "agw", 1)
    assert state.data["status"]["agw"]["dropped"] == 3


@pytest.mark.rules("K13.6", "K11.4", "K11.10")
def test_the_market_garden_example() -> None:
    """Operation Market Garden: the British Second Army (two infantry, two mechanized, two
    tac air, three paratroop) attacks Army Group B (two infantry, two mechanized)."""
    state = cg2("allied")
    put(state, "brit", ALLIED_HEX, infantry=2, mechanized=2, tac_air=2, paratroop=3)
    put(state, "agw", AXIS_HEX, infantry=2, mechanized=2)
    act(state, "allied", "end_movement")
    act(state, "allied", "attack", "brit", AXIS_HEX)
    act(state, "allied", "end_announce")
    # the defensive assault, four points firing, destroys two Allied points; no Axis air
    # attack (Army Group B has no tac air), and the losses may not come off the tac air
    state.rng.force([1])
    act(state, "axis", "defensive_assault", "agw")
    assert "firing strength 4, roll 1: 2 points lost" in log_lines(state)
    assert ("lose", "brit", "tac_air") not in state.legal_actions("allied")
    act(state, "allied", "lose", "brit", "infantry")
    act(state, "allied", "lose", "brit", "infantry")
    # the assault: no air attack, the two tac air points join: seven fire, a six, one loss
    state.rng.force([6])
    act(state, "allied", "assault", ALLIED_HEX, AXIS_HEX, "brit")
    assert step(state) != "air_attack"
    assert "firing strength 7, roll 6: 1 point lost" in log_lines(state)
    act(state, "axis", "lose", "agw", "infantry")
    act(state, "allied", "to_advances")
    # all three paratroop points drop: doubled to six, with two mechanized eight against
    # the three defending points, a 1-5 range
    assert load_tables().advance_limit(8, 3) == 5
    state.rng.force([5])
    act(state, "allied", "paradrop", "brit", 3)
    assert "8 mechanized vs 3, roll 5+0: advances" in log_lines(state)
    assert state.data["armies"]["brit"]["at"] == AXIS_HEX


@pytest.mark.rules("K14.1")
def test_paratroops_and_tac_air_attack_across_the_water_dropping_and_air_assaulting() -> None:
    state = cg2("allied")
    state.data["owner"]["1334"] = "axis"  # across the Channel from London's 1333
    put(state, "brit", "1333", paratroop=3, tac_air=2)
    put(state, "ffa", "1332", infantry=5)  # a land army beside it: no way over
    put(state, "agw", "1334", infantry=2)
    act(state, "allied", "end_movement")
    legal = state.legal_actions("allied")
    assert ("attack", "brit", "1334") in legal
    assert not any(a[0] == "attack" and a[1] == "ffa" and a[2] == "1334" for a in legal)
    act(state, "allied", "attack", "brit", "1334")
    act(state, "allied", "end_announce")
    act(state, "axis", "no_defensive_assault")
    state.rng.force([6])
    act(state, "allied", "assault", "1333", "1334", "brit")
    assert any(line.startswith("firing strength 2, roll 6") for line in log_lines(state))  # tac air alone
    act(state, "allied", "to_advances")
    advances = [a for a in state.legal_actions("allied") if a[0] in ("advance", "paradrop")]
    assert advances == [("paradrop", "brit", n) for n in (1, 2, 3)]  # only by paradrop
    state.rng.force([1])
    act(state, "allied", "paradrop", "brit", 3)
    assert "6 mechanized vs 2, roll 1+0: advances" in log_lines(state)
    assert state.data["armies"]["brit"]["at"] == "1334"


@pytest.mark.rules("K14.2")
def test_paratroop_and_amphibious_points_never_join_one_army() -> None:
    state = cg2("allied")
    put(state, "brit", "1333", paratroop=2)
    put(state, "bef", "1332", infantry=2, amphibious=2)
    act(state, "allied", "move", "brit", "paratroop", 1)
    assert ("to_army", "bef") not in state.legal_actions("allied")
    act(state, "allied", "cancel")
    act(state, "allied", "move", "bef", "amphibious", 1)
    assert ("to_army", "brit") not in state.legal_actions("allied")
    act(state, "allied", "cancel")
    act(state, "allied", "move", "bef", "infantry", 1)
    assert ("to_army", "brit") in state.legal_actions("allied")  # infantry may join either


@pytest.mark.rules("K14.1")
def test_why_a_land_army_may_not_attack_across_the_water() -> None:
    state = cg2("allied")
    state.data["owner"]["1334"] = "axis"
    put(state, "brit", "1333", infantry=2, paratroop=2)
    put(state, "agw", "1334", infantry=2)
    act(state, "allied", "end_movement")
    assert ("attack", "brit", "1334") not in state.legal_actions("allied")
    why = state.why_illegal("allied", ("attack", "brit", "1334"))
    assert why is not None and "paratroop and tac air points alone crosses the water to attack (K14.1)" in why
