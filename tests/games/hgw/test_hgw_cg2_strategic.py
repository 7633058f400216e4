"""Campaign Game II's strategic warfare played (strategic_phase.py, strategic_builds.py):
the builds in the production phase, the raids, launches and atomic bombs of the strategic
warfare phase (player turn step 2), with the rulebook's bombing raid and morale attack
examples reproduced through the real steps, dice forced."""

from __future__ import annotations

import pytest
from cg2kit import act, new_game, to_step, top

from grognard.core.errors import IllegalAction
from grognard.games.hgw import HgwState
from grognard.games.hgw.capability import load_capability
from grognard.games.hgw.research import Research, new_research
from grognard.games.hgw.scenario import KINDS

LONDON, BERLIN, COLOGNE, KIEL, RUHR, PARIS = "1333", "1237", "1335", "1236", "1436", "1434"


def at_level(research: Research, side: str, item: str, level: int) -> Research:
    research[side]["items"][item].update(level=level, cost=load_capability().cost_at(item, level))
    return research


def with_research(state: HgwState, *levels: tuple[str, str, int]) -> None:
    research = new_research()
    for side, item, level in levels:
        at_level(research, side, item, level)
    state.data["research"] = research
    state._after_change(None, None)


# ----- set-up (K26.2) and builds (K20.1, K21.1, K22.2) -------------------------------------
@pytest.mark.rules("K26.2", "K23.2")
def test_campaign_2_starts_with_every_morale_at_zero_and_no_strategic_points() -> None:
    data = new_game().data
    assert data["morale"] == {"germany": 0, "britain": 0, "japan": 0, "united_states": 0}
    assert all(not places for kind in data["strategic"].values() for places in kind.values())
    assert "morale" not in new_game("campaign_1").data  # Campaign Game I plays no morale


@pytest.mark.rules("K20.1")
def test_air_defence_is_built_from_the_start_bombers_only_past_the_prohibited_level() -> None:
    state = new_game()
    to_step(state, "production", role="allied", budget=20)
    legal = state.legal_actions("allied")
    assert ("build_strategic", "air_defence", LONDON) in legal  # 8 points at level 0
    assert ("build_strategic", "air_defence", "1934") not in legal  # Algeria: not a producing country
    assert not any(a[:2] == ("build_strategic", "bombers") for a in legal)  # bomber level 0 is P
    act(state, "allied", "build_strategic", "air_defence", LONDON)
    assert top(state)["budget"] == 12
    assert state.data["strategic"]["air_defence"]["allied"] == {LONDON: 1}
    with_research(state, ("allied", "bomber", 1))
    legal = state.legal_actions("allied")
    assert ("build_strategic", "bombers", LONDON) in legal
    act(state, "allied", "build_strategic", "bombers", LONDON)
    assert top(state)["budget"] == 5  # a level 1 bomber costs 7
    assert state.data["strategic"]["bombers"]["allied"] == {LONDON: {"sp": 1, "atomic": 0}}
    assert ("build_strategic", "bombers", LONDON) not in state.legal_actions("allied")  # 5 < 7


@pytest.mark.rules("K21.1", "K22.2")
def test_missiles_on_three_counters_in_germany_and_atomic_bombs_from_level_six() -> None:
    state = new_game()
    to_step(state, "production", role="axis", budget=40)
    assert not any(a[0] == "build_missile" for a in state.legal_actions("axis"))  # P0-P3
    with_research(state, ("axis", "missile", 4))
    legal = state.legal_actions("axis")
    assert ("build_missile", "m1", BERLIN) in legal and ("build_missile", "m1", "1240") not in legal
    for counter, place in (("m1", BERLIN), ("m2", COLOGNE), ("m3", RUHR)):
        act(state, "axis", "build_missile", counter, place)
    assert top(state)["budget"] == 31
    legal = state.legal_actions("axis")
    assert ("build_missile", "m1", BERLIN) in legal  # more points on a counter already there
    assert not any(a[0] == "build_missile" and a[2] == KIEL for a in legal)  # a fourth counter
    assert not any(a[0] == "build_atomic" for a in legal)
    with_research(state, ("axis", "missile", 4), ("axis", "atomic_bomb", 6))
    act(state, "axis", "build_atomic", "missiles", "m1")
    assert state.data["strategic"]["missiles"]["axis"]["m1"] == {"at": BERLIN, "sp": 1, "atomic": 1}
    assert ("build_atomic", "missiles", "m1") not in state.legal_actions("axis")  # one carrier, one bomb


# ----- raids (K20) ---------------------------------------------------------------------------
def allied_raiders(state: HgwState, bombers: int, level: int = 1, atomic: int = 0) -> None:
    with_research(state, ("allied", "bomber", level))
    state.data["strategic"]["bombers"]["allied"][LONDON] = {"sp": bombers, "atomic": atomic}


@pytest.mark.rules("K20.8", "K20.2", "K20.3", "K20.4")
def test_the_bombing_raid_example_through_the_strategic_warfare_phase() -> None:
    state = new_game()
    allied_raiders(state, 7)
    state.data["strategic"]["air_defence"]["axis"][COLOGNE] = 3
    to_step(state, "strategic", role="allied")
    legal = state.legal_actions("allied")
    assert ("raid", LONDON, COLOGNE) in legal and ("raid", LONDON, KIEL) in legal
    assert ("raid", LONDON, BERLIN) not in legal  # four hexes: range 3 at bomber level 1
    state.rng.force([2, 1])  # the air defence rolls a two, the six bombers left a one
    act(state, "allied", "raid", LONDON, COLOGNE)
    assert state.data["strategic"]["bombers"]["allied"][LONDON]["sp"] == 6
    assert top(state)["state"] == "devastate" and top(state)["left"] == 2
    assert state.legal_actions("allied") == [("devastate", KIEL), ("devastate", COLOGNE), ("devastate", RUHR)]
    act(state, "allied", "devastate", COLOGNE)
    act(state, "allied", "devastate", COLOGNE)
    assert state.data["devastated"][COLOGNE] == 2
    # back to the phase: the marker has flown this phase
    assert top(state)["state"] == "naval_movement"  # nothing left to strike: the phase is over


@pytest.mark.rules("K20.6")
def test_escorts_are_chosen_and_exchange_fire_with_the_air_defence_first() -> None:
    state = new_game()
    allied_raiders(state, 4)
    state.data["strategic"]["escorts"]["allied"][LONDON] = 3
    state.data["strategic"]["air_defence"]["axis"][KIEL] = 2
    state.data["devastated"].update({COLOGNE: 3, RUHR: 3})  # Kiel is the one target left
    to_step(state, "strategic", role="allied")
    act(state, "allied", "raid", LONDON, KIEL)
    assert top(state)["state"] == "strike_escorts"
    assert state.legal_actions("allied") == [("escorts", 0), ("escorts", 1), ("escorts", 2), ("escorts", 3)]
    # the escorts' 3 on a 1 hit one, the defence's 2 on a 1 hit one escort, at once; the
    # defence left (1 point, a 6) misses; four bombers roll a 1: Kiel's one point goes
    state.rng.force([1, 1, 6, 1])
    act(state, "allied", "escorts", 3)
    strategic = state.data["strategic"]
    assert strategic["air_defence"]["axis"] == {KIEL: 1}
    assert strategic["escorts"]["allied"][LONDON] == 2
    assert strategic["bombers"]["allied"][LONDON]["sp"] == 4
    assert state.data["devastated"][KIEL] == 1  # one production point there, all devastated
    assert top(state)["state"] != "devastate"


@pytest.mark.rules("K20.7")
def test_allied_bombers_never_raid_soviet_hexes() -> None:
    state = new_game()
    allied_raiders(state, 3, level=6)  # range 11
    state.data["strategic"]["bombers"]["allied"]["1534"] = {"sp": 3, "atomic": 0}
    to_step(state, "strategic", role="allied")
    owner = state.data["owner"]
    targets = {a[2] for a in state.legal_actions("allied") if a[0] == "raid"}
    assert targets and all(owner[t] == "axis" for t in targets)


def test_nothing_to_strike_skips_the_phase() -> None:
    state = new_game()
    to_step(state, "strategic", role="axis")
    assert top(state)["state"] == "naval_movement" and top(state)["role"] == "axis"


# ----- morale attacks (K24) ------------------------------------------------------------------
@pytest.mark.rules("K24.7", "K24.1", "K24.2", "K21.5")
def test_the_morale_attack_example_ten_missiles_against_britain() -> None:
    state = new_game()
    near_london = "1334"  # two hexes reach London
    state.data["strategic"]["missiles"]["axis"]["m1"] = {"at": near_london, "sp": 12, "atomic": 0}
    to_step(state, "strategic", role="axis")
    legal = state.legal_actions("axis")
    assert ("launch_morale", "m1", 10, LONDON) in legal
    assert not any(a[0] == "launch_morale" and a[3] == BERLIN for a in legal)  # Berlin is not in range
    state.rng.force([4])
    act(state, "axis", "launch_morale", "m1", 10, LONDON)
    assert state.data["morale"]["britain"] == -3 and state.data["morale"]["germany"] == 3
    assert state.data["strategic"]["missiles"]["axis"]["m1"]["sp"] == 2  # fired points are used up
    assert not any(a[0].startswith("launch") for a in state.legal_actions("axis"))  # one roll a counter


@pytest.mark.rules("K20.5", "K24.3")
def test_a_morale_raid_takes_the_whole_result_off_morale_not_production() -> None:
    state = new_game()
    allied_raiders(state, 6, level=3)  # range 5: Berlin is four hexes from London
    to_step(state, "strategic", role="allied")
    state.rng.force([1])
    act(state, "allied", "raid_morale", LONDON, BERLIN)
    assert state.data["morale"]["germany"] == -2
    assert state.data["devastated"].get(BERLIN, 0) == 0


@pytest.mark.rules("K23.6")
def test_low_morale_goes_on_the_raiders_rolls() -> None:
    state = new_game()
    allied_raiders(state, 6)
    state.data["morale"].update(britain=-5, germany=5)  # +1 on every Allied attack roll
    state.data["devastated"].update({COLOGNE: 3, RUHR: 3})
    to_step(state, "strategic", role="allied")
    state.rng.force([6])  # six bombers: a 6 devastates one point, a 7 (6 +1) none
    act(state, "allied", "raid", LONDON, KIEL)
    assert any("roll 6 +1" in text for text, _ in state.data["log"])
    assert KIEL not in state.data["devastated"]


# ----- missiles and atomic bombs (K21, K22) --------------------------------------------------
@pytest.mark.rules("K21.3", "K21.4")
def test_a_launch_devastates_within_two_hexes_of_its_counter() -> None:
    state = new_game()
    state.data["strategic"]["missiles"]["allied"]["m1"] = {"at": PARIS, "sp": 5, "atomic": 0}
    to_step(state, "strategic", role="allied")
    assert ("launch", "m1", 5) in state.legal_actions("allied")
    state.rng.force([1])  # five points on a 1: two
    act(state, "allied", "launch", "m1", 5)
    assert top(state)["state"] == "devastate"
    assert {a[1] for a in state.legal_actions("allied")} == {COLOGNE, RUHR}  # the Axis within two
    act(state, "allied", "devastate", RUHR)
    act(state, "allied", "devastate", COLOGNE)
    assert state.data["devastated"][RUHR] == 1 and state.data["devastated"][COLOGNE] == 1
    assert "m1" not in state.data["strategic"]["missiles"]["allied"]  # an empty counter leaves


@pytest.mark.rules("K22.3", "K22.5", "K22.6", "K22.7", "K23.4")
def test_atomic_bombs_go_off_after_every_normal_bomb() -> None:
    state = new_game()
    allied_raiders(state, 3, level=3, atomic=1)
    state.data["strategic"]["missiles"]["allied"]["m1"] = {"at": PARIS, "sp": 2, "atomic": 0}
    to_step(state, "strategic", role="allied")
    state.rng.force([6])  # three bombers, no air defence, roll a 6: nothing devastated
    act(state, "allied", "raid", LONDON, RUHR)
    assert top(state)["state"] == "strike_bombs"
    assert state.legal_actions("allied") == [("carry_bombs", 0), ("carry_bombs", 1)]
    act(state, "allied", "carry_bombs", 1)
    assert top(state)["state"] == "strategic" and len(top(state)["bombs"]) == 1  # held back
    state.rng.force([6])
    act(state, "allied", "launch", "m1", 2)  # the missiles still come before the bomb
    assert top(state)["state"] == "drop_bomb"  # nothing left to strike: now the bomb
    sites = state.legal_actions("allied")
    assert ("drop", RUHR) in sites and ("drop", PARIS) not in sites  # a hostile hex in range
    ruhr_army = next(a for a, x in state.data["armies"].items() if x["at"] == RUHR)
    before = sum(state.data["armies"][ruhr_army]["sp"].values())
    state.rng.force([1])  # six points on a 1: two losses
    act(state, "allied", "drop", RUHR)
    assert state.data["permanent"][RUHR] == 1 and state.data["devastated"][RUHR] == 1
    assert state.data["morale"]["germany"] == -4  # dropped in Germany (Atomic Bombs 7)
    assert top(state)["state"] == "bomb_losses" and top(state)["role"] == "axis"
    kind = next(k for k in KINDS if state.data["armies"][ruhr_army]["sp"][k])
    act(state, "axis", "lose", ruhr_army, kind)
    kind = next(k for k in KINDS if state.data["armies"][ruhr_army]["sp"][k])
    act(state, "axis", "lose", ruhr_army, kind)
    assert sum(state.data["armies"][ruhr_army]["sp"].values()) == before - 2
    assert top(state)["state"] == "naval_movement" and top(state)["role"] == "allied"


def test_an_illegal_strike_changes_nothing() -> None:
    state = new_game()
    allied_raiders(state, 7)
    to_step(state, "strategic", role="allied")
    before = state.to_json()
    with pytest.raises(IllegalAction):
        act(state, "allied", "raid", LONDON, BERLIN)
    assert state.to_json() == before


@pytest.mark.rules("K20.2", "K20.7")
def test_why_a_raid_is_refused() -> None:
    state = new_game()
    allied_raiders(state, 7)
    to_step(state, "strategic", role="allied")
    assert "bomber range 3" in str(state.why_illegal("allied", ("raid", LONDON, BERLIN)))
    assert "may not attack soviet territory" in str(state.why_illegal("allied", ("raid", LONDON, "1144")))
    state.data["strategic"]["missiles"]["allied"]["m1"] = {"at": "1131", "sp": 2, "atomic": 0}
    state._after_change(None, None)
    assert "within two hexes" in str(state.why_illegal("allied", ("launch", "m1", 2)))


@pytest.mark.rules("K22.5")
def test_the_blast_also_hits_bomber_and_air_defence_points_but_never_missiles() -> None:
    state = new_game()
    allied_raiders(state, 1, level=3, atomic=1)
    stra = state.data["strategic"]
    stra["air_defence"]["axis"][KIEL] = 2
    stra["missiles"]["axis"]["m1"] = {"at": KIEL, "sp": 3, "atomic": 0}
    state.data["devastated"].update({COLOGNE: 3, RUHR: 3})
    to_step(state, "strategic", role="allied")
    state.rng.force([6, 6])  # the air defence misses, the bomber too
    act(state, "allied", "raid", LONDON, KIEL)
    act(state, "allied", "carry_bombs", 1)
    state.rng.force([1])  # six on a 1: two losses, two air defence points there to take them
    act(state, "allied", "drop", KIEL)
    assert state.legal_actions("axis") == [("lose_strategic", "air_defence")]
    act(state, "axis", "lose_strategic", "air_defence")
    act(state, "axis", "lose_strategic", "air_defence")
    assert KIEL not in state.data["strategic"]["air_defence"]["axis"]
    assert state.data["strategic"]["missiles"]["axis"]["m1"]["sp"] == 3


@pytest.mark.rules("K21.2")
def test_a_missile_counter_in_a_hex_the_enemy_entered_is_eliminated() -> None:
    state = new_game()
    missiles = state.data["strategic"]["missiles"]["axis"]
    missiles.update(m1={"at": COLOGNE, "sp": 3, "atomic": 1}, m2={"at": BERLIN, "sp": 2, "atomic": 0})
    state.data["owner"][COLOGNE] = "allied"  # an Allied army advanced into Cologne
    to_step(state, "strategic", role="axis")
    assert set(state.data["strategic"]["missiles"]["axis"]) == {"m2"}
    assert any("m1 in 1335 is overrun" in text for text, _ in state.data["log"])
