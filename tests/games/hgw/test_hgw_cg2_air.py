"""Campaign Game II's tactical airpower played in land combat (K10 Tac Air Abilities, K11 Air
Attacks, K12 Air Superiority, K25 the Combat Capability Summary) and low morale on attack
rolls (K23.6), through the real steps of a campaign_2 game with forced dice."""

from __future__ import annotations

from typing import Any

import pytest
from test_hgw_cg2_research import to_production

from grognard.games.hgw import RULESET, HgwState
from grognard.games.hgw.advance import advance_limit
from grognard.games.hgw.ai import make_heuristic
from grognard.games.hgw.board import defence, stack
from grognard.games.hgw.combat import assault, firing_strength
from grognard.games.hgw.morale import new_morale
from grognard.games.hgw.production import price
from grognard.games.hgw.scenario import KINDS
from grognard.games.hgw.seen import data_from_view
from grognard.games.hgw.tables import load_tables

AXIS_HEX, ALLIED_HEX = "1436", "1535"  # clear, adjacent, each with its inherent garrison


def cg2(player: str = "axis") -> HgwState:
    """A campaign_2 game at `player`'s movement phase with every army off the map and no
    forts (the Westwall and the Maginot Line stand next to these hexes)."""
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    for army in state.data["armies"].values():
        army["at"] = None
        army["sp"] = dict.fromkeys(KINDS, 0)
    state.data["forts"] = {}
    state.data["player"] = player
    state.data["flow"][:] = [{"state": "movement", "role": player}]
    state._after_change(None, None)
    return state


def put(state: HgwState, army: str, at: str | None, **points: int) -> None:
    state.data["armies"][army]["at"] = at
    state.data["armies"][army]["sp"] = {k: points.get(k, 0) for k in KINDS}
    state._after_change(None, None)


def act(state: HgwState, role: str, *action: Any) -> None:
    state.apply(role, tuple(action))


def sp(state: HgwState, army: str) -> dict[str, int]:
    return {k: v for k, v in state.data["armies"][army]["sp"].items() if v}


def log_lines(state: HgwState) -> list[str]:
    return [str(entry[0]) for entry in state.data["log"]]


def axis_assault(state: HgwState, *, defend: bool = False) -> None:
    """The Axis's Army Group West names the allied hex and assaults it (the French First
    Army defensively assaults first if `defend`)."""
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agw", ALLIED_HEX)
    act(state, "axis", "end_announce")
    if defend:
        return
    act(state, "allied", "no_defensive_assault")
    act(state, "axis", "assault", AXIS_HEX, ALLIED_HEX, "agw")


def step(state: HgwState) -> str:
    return str(state.flow[-1]["state"])


@pytest.mark.rules("K10.2")
def test_tac_air_stacks_above_the_ten_points_a_hex() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=6, mechanized=4, tac_air=2)
    put(state, "ags", "1437", tac_air=3)
    assert stack(state.data, AXIS_HEX) == 10  # the two tac air points do not count
    act(state, "axis", "move", "ags", "tac_air", 3)
    assert ("to_army", "agw") in state.legal_actions("axis")
    act(state, "axis", "to_army", "agw")
    assert sp(state, "agw") == {"infantry": 6, "mechanized": 4, "tac_air": 5}
    act(state, "axis", "move", "agw", "infantry", 1)
    assert ("to_army", "agw") not in state.legal_actions("axis")


@pytest.mark.rules("K10.3", "K25.1")
def test_tac_air_never_defends_against_an_advance() -> None:
    state = cg2()
    put(state, "ffa", ALLIED_HEX, infantry=2, tac_air=3)
    assert defence(state.data, ALLIED_HEX) == 2


@pytest.mark.rules("K11.9", "K11.11")
def test_a_hex_of_tac_air_alone_defends_on_the_zero_column_with_its_garrison() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, mechanized=3)
    put(state, "ffa", ALLIED_HEX, tac_air=4)
    assert defence(state.data, ALLIED_HEX) == 1  # the inherent garrison, not the four points
    act(state, "axis", "end_movement")
    assert state.data["garrison_lost"] == [AXIS_HEX]  # the tac air's hex keeps its garrison
    act(state, "axis", "attack", "agw", ALLIED_HEX)
    act(state, "axis", "end_announce")
    act(state, "allied", "no_defensive_assault")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "agw")
    assert any("3 mechanized vs 1" in line for line in log_lines(state))


@pytest.mark.rules("K11.1", "K11.2", "K11.3", "K11.4")
def test_an_assault_opens_with_an_air_attack_whose_losses_fall_on_tac_air_alone() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=3, mechanized=3, tac_air=3)
    put(state, "ffa", ALLIED_HEX, infantry=2, tac_air=1)
    axis_assault(state)
    assert step(state) == "air_attack"
    # more tac air than the defender: at least the defender's one point, up to all three
    assert state.legal_actions("axis") == [("air_attack", 1), ("air_attack", 2), ("air_attack", 3)]
    assert "how many of your 3 tac air points air attack" in state.view("axis")["prompt"]
    state.rng.force([1, 6])  # the air attack's roll, then the assault's
    act(state, "axis", "air_attack", 1)
    assert state.legal_actions("allied") == [("lose", "ffa", "tac_air")]  # never the infantry
    act(state, "allied", "lose", "ffa", "tac_air")
    # the assault fires with the two tac air points the air attack left: 3 + 3 + 2
    lost = load_tables().firepower_losses(8, 6)
    assert f"firing strength 8, roll 6: {lost} point lost" in log_lines(state)


@pytest.mark.rules("K11.2")
def test_with_no_more_tac_air_than_the_defender_all_of_it_air_attacks() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=3, tac_air=2)
    put(state, "ffa", ALLIED_HEX, infantry=2, tac_air=2)
    state.rng.force([6, 6])
    axis_assault(state)  # no question: both points air attack
    lines = log_lines(state)
    assert "axis air attacks with 2 tac air points (roll 6): 0 tac air points lost" in lines
    assert any(line.startswith("firing strength 3, roll 6") for line in lines)  # no tac air left


@pytest.mark.rules("K11.4")
def test_assault_losses_come_off_tac_air_only_when_nothing_else_is_left() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=1, tac_air=2)
    put(state, "ffa", ALLIED_HEX, infantry=6)
    axis_assault(state, defend=True)
    state.rng.force([1])
    act(state, "allied", "defensive_assault", "ffa")
    assert state.legal_actions("axis") == [("lose", "agw", "infantry")]
    act(state, "axis", "lose", "agw", "infantry")
    assert state.legal_actions("axis") == [("lose", "agw", "tac_air")]


@pytest.mark.rules("K11.6")
def test_a_defensive_assault_opens_with_an_air_attack_too() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=4, tac_air=1)
    put(state, "ffa", ALLIED_HEX, infantry=2, tac_air=3)
    axis_assault(state, defend=True)
    act(state, "allied", "defensive_assault", "ffa")
    assert step(state) == "air_attack"
    assert state.legal_actions("allied") == [("air_attack", n) for n in (1, 2, 3)]
    state.rng.force([1, 6])
    act(state, "allied", "air_attack", 2)
    assert state.legal_actions("axis") == [("lose", "agw", "tac_air")]
    act(state, "axis", "lose", "agw", "tac_air")
    # two infantry and the one tac air point not in the air attack
    assert any(line.startswith("firing strength 3, roll 6") for line in log_lines(state))


@pytest.mark.rules("K11.10")
def test_armies_without_tac_air_skip_the_air_attack() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=3, tac_air=2)
    put(state, "ffa", ALLIED_HEX, infantry=2)
    state.rng.force([6])
    axis_assault(state)
    lines = log_lines(state)
    assert not any("air attacks" in line for line in lines)
    assert any(line.startswith("firing strength 5, roll 6") for line in lines)  # 3 + both tac air


@pytest.mark.rules("K11.10", "K10.3")
def test_an_army_of_tac_air_alone_only_air_attacks() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, tac_air=2)
    put(state, "ffa", ALLIED_HEX, infantry=2, tac_air=1)
    axis_assault(state)
    state.rng.force([1, 1])
    act(state, "axis", "air_attack", 2)
    act(state, "allied", "lose", "ffa", "tac_air")
    assert any(line.startswith("firing strength 0,") for line in log_lines(state))
    act(state, "axis", "to_advances")
    assert not any(a[0] == "advance" for a in state.legal_actions("axis"))  # never advances


@pytest.mark.rules("K12.1")
def test_retreating_armies_lose_a_point_for_each_advancing_tac_air_point_above_theirs() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, mechanized=8, tac_air=4)
    put(state, "ffa", ALLIED_HEX, infantry=2, mechanized=1, tac_air=1)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agw", ALLIED_HEX)
    act(state, "axis", "end_announce")
    act(state, "allied", "no_defensive_assault")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "agw")
    assert "air superiority: the retreating armies lose 3 points" in log_lines(state)
    assert step(state) == "losses" and state.flow[-1]["count"] == 3
    assert ("lose", "ffa", "tac_air") not in state.legal_actions("allied")
    for kind in ("infantry", "infantry", "mechanized"):
        act(state, "allied", "lose", "ffa", kind)
    # only the tac air point is left; the excess is ignored and the army retreats
    assert sp(state, "ffa") == {"tac_air": 1}
    assert step(state) == "retreat"


@pytest.mark.rules("K23.6")
def test_low_morale_adds_to_the_sides_assault_and_advance_rolls_not_its_defensive_assault() -> None:
    state = cg2()
    state.data["morale"] = new_morale() | {"germany": -5, "britain": 5}
    put(state, "agw", AXIS_HEX, infantry=2, mechanized=2)
    put(state, "ffa", ALLIED_HEX, infantry=1)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agw", ALLIED_HEX)
    act(state, "axis", "end_announce")
    state.rng.force([6])
    act(state, "allied", "defensive_assault", "ffa")  # a defensive assault is no attack
    assert "firing strength 1, roll 6: 0 points lost" in log_lines(state)
    state.rng.force([3])
    act(state, "axis", "assault", AXIS_HEX, ALLIED_HEX, "agw")
    lost = load_tables().firepower_losses(4, 3 + 1)
    assert f"firing strength 4, roll 3 +1 low morale: {lost} point lost" in log_lines(state)
    act(state, "allied", "lose", "ffa", "infantry")
    act(state, "axis", "to_advances")
    state.rng.force([1])
    act(state, "axis", "advance", "agw")
    assert any("roll 1+1" in line for line in log_lines(state))


@pytest.mark.rules("K10.1")
def test_us_tac_air_is_ferried_to_britain_by_newfoundland_with_one_roll_a_turn() -> None:
    state = cg2("allied")
    state.data["owner"]["1909"] = "allied"  # the United States box, at war
    put(state, "us", "1909", infantry=2, tac_air=3)
    put(state, "brit", "1333", infantry=2)
    act(state, "allied", "move", "us", "tac_air", 2)
    assert ("to_army", "brit") in state.legal_actions("allied")
    state.rng.force([6, 6])  # a 12 on two dice: one point lost on the crossing
    act(state, "allied", "to_army", "brit")
    assert "allied ferries tac air by Newfoundland: rolls 12, 1 tac air point lost" in log_lines(state)
    assert sp(state, "brit") == {"infantry": 2, "tac_air": 1}
    assert sp(state, "us") == {"infantry": 2, "tac_air": 1}
    assert not state.data.get("sea_moves")  # no sea transport used
    act(state, "allied", "move", "us", "tac_air", 1)
    act(state, "allied", "to_army", "brit")  # the turn's roll is made: no other
    assert sp(state, "brit") == {"infantry": 2, "tac_air": 2}
    act(state, "allied", "move", "us", "infantry", 1)
    act(state, "allied", "to_army", "brit")
    assert state.data["sea_moves"]  # infantry crosses by sea transport: only tac air flies


@pytest.mark.rules("K10.1")
def test_with_iceland_friendly_the_ferry_to_britain_rolls_nothing() -> None:
    state = cg2("allied")
    for h in ("0626", "0627", "0725"):  # Iceland
        state.data["owner"][h] = "allied"
    state.data["owner"]["1909"] = "allied"
    put(state, "us", "1909", tac_air=2)
    put(state, "brit", "1333", infantry=2)
    act(state, "allied", "move", "us", "tac_air", 2)
    act(state, "allied", "to_army", "brit")
    assert "allied ferries 2 tac air points to British Army by the iceland route" in log_lines(state)
    assert not any("Newfoundland" in line for line in log_lines(state))


@pytest.mark.rules("K11.7")
def test_tac_air_joins_an_invasion_assault_only_on_a_target_one_hex_away() -> None:
    state = cg2("allied")
    put(state, "bef", "1333", amphibious=3, tac_air=2)
    assert firing_strength(state.data, ("bef",), "1334", invasion=True) == 5  # next door
    assert firing_strength(state.data, ("bef",), "1436", invasion=True) == 3  # farther
    # after an air attack by one of the two points, the other joins the amphibious three
    assert firing_strength(state.data, ("bef",), "1334", invasion=True, air_attacked=1) == 4


@pytest.mark.rules("K23.6")
def test_a_seat_sees_the_morale_its_attack_rolls_take() -> None:
    state = cg2()
    state.data["morale"] = new_morale() | {"germany": -5, "britain": 5}
    put(state, "agw", AXIS_HEX, mechanized=5)
    put(state, "ffa", ALLIED_HEX, infantry=3)
    seen = data_from_view(state.view("allied")["board"], "campaign_2")
    assert advance_limit(seen, "agw", ALLIED_HEX) == advance_limit(state.data, "agw", ALLIED_HEX)
    state.data.pop("morale")
    assert advance_limit(state.data, "agw", ALLIED_HEX) == advance_limit(seen, "agw", ALLIED_HEX) + 1


@pytest.mark.rules("K11.5")
def test_an_air_attack_is_never_fought_apart_from_an_assault() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=2, tac_air=3)
    put(state, "ffa", ALLIED_HEX, infantry=2, tac_air=1)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agw", ALLIED_HEX)
    act(state, "axis", "end_announce")
    act(state, "allied", "no_defensive_assault")
    assert not any(a[0] == "air_attack" for a in state.legal_actions("axis"))
    why = state.why_illegal("axis", ("air_attack", 1))
    assert why is not None and "opens an assault" in why
    act(state, "axis", "assault", AXIS_HEX, ALLIED_HEX, "agw")
    assert state.flow[-1]["state"] == "air_attack"  # the assault's first step


@pytest.mark.rules("K11.2", "K11.4")
def test_the_heuristic_air_attacks_with_what_its_capped_assault_cannot_use() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, infantry=5, mechanized=4, tac_air=3)
    put(state, "ffa", ALLIED_HEX, infantry=2, tac_air=1)
    axis_assault(state)
    legal = state.legal_actions("axis")
    # nine ground points: one tac air point fills the assault's ten, two air attack
    assert make_heuristic(1).act(state.view("axis"), legal) == ("air_attack", 2)


@pytest.mark.rules("K13.2", "K13.4")
def test_the_heuristic_drops_paratroops_only_when_they_buy_better_odds() -> None:
    state = cg2()
    put(state, "agw", AXIS_HEX, mechanized=2, paratroop=3)
    put(state, "ffa", ALLIED_HEX, infantry=5)
    act(state, "axis", "end_movement")
    act(state, "axis", "attack", "agw", ALLIED_HEX)
    act(state, "axis", "end_announce")
    act(state, "allied", "no_defensive_assault")
    act(state, "axis", "to_advances")
    choice = make_heuristic(1).act(state.view("axis"), state.legal_actions("axis"))
    assert choice[0] == "paradrop"
    t = load_tables()
    dropped = int(choice[2])
    assert t.advance_limit(2 + 2 * dropped, 5) - max(t.advance_limit(2, 5), 0) >= dropped


@pytest.mark.rules("K10.1")
def test_tac_air_is_built_in_production_and_assigned_like_other_points() -> None:
    """K10.1: Campaign Game II's production offers tac air as any other kind, at the price
    of the side's research sheet (four points at level 0: eight half points): into an army
    on the board, or into a new army placed in a home hex, each point charged."""
    state = RULESET.new_game("campaign_2", {}, seed=1)
    assert isinstance(state, HgwState)
    to_production(state, "axis")
    assert price(state.data, "axis", "tac_air") == 8
    legal = state.legal_actions("axis")
    assert ("build", "tac_air", "army", "agw") in legal and ("build", "tac_air", "place", "1237") in legal
    budget = state.flow[-1]["budget"]
    act(state, "axis", "build", "tac_air", "army", "agw")
    assert sp(state, "agw") == {"infantry": 4, "tac_air": 1}
    act(state, "axis", "build", "tac_air", "place", "1237")
    placed = [a for a, x in state.data["armies"].items() if x["at"] == "1237" and x["side"] == "axis"]
    assert [sp(state, a) for a in placed] == [{"tac_air": 1}]
    assert state.flow[-1]["budget"] == budget - 8
    assert "axis builds one tac_air point for Army Group West in 1436" in log_lines(state)


@pytest.mark.rules("K11.8")
def test_coastal_air_is_a_temporary_six_point_army_in_the_defensive_assault_on_invaders() -> None:
    """K11.8 (Air Attacks 8): the British Expeditionary Force invades Kiel (1236), a naval
    yard of the Axis with no Allied hex beside it, so it has coastal air (Coastal Airpower
    1-2). After that coastal air's fire at the invasion fleet (a 6: one amphibious point),
    the coastal air becomes an army of six tac air points on the hex for this invasion:
    Army Group West may defensively assault with it (strength 2 + 6 = 8), or the coastal
    air army alone (strength 6), where before only armies could. The army is gone once
    the invasion is over."""
    state = cg2("allied")
    put(state, "agw", "1236", infantry=2)
    put(state, "bef", "1333", infantry=2, amphibious=4)
    act(state, "allied", "end_movement")
    act(state, "allied", "invade", "bef", "1236")
    act(state, "allied", "end_announce")
    state.rng.force([6, 6, 6])  # the coastal air's fire, the defensive assault, the advance
    act(state, "allied", "invasion", "bef")
    act(state, "allied", "no_support")
    act(state, "allied", "lose", "bef", "amphibious")
    assert "the coastal air of 1236 forms a temporary army of 6 tac air points (K11.8)" in log_lines(state)
    legal = state.legal_actions("axis")
    assert ("defensive_assault",) in legal and ("defensive_assault", "agw") in legal
    act(state, "axis", "defensive_assault", "agw")
    lines = log_lines(state)
    assert "the coastal air army of 1236 (6 tac air points) joins the defensive assault" in lines
    assert "firing strength 8, roll 6: 1 point lost" in lines
    act(state, "allied", "lose", "bef", "amphibious")  # Defensive Assault 3: amphibious
    assert state.data["coastal_air_army"] == {"side": "axis", "at": "1236", "tac_air": 6}
    act(state, "allied", "no_assault")
    assert "coastal_air_army" not in state.data  # it lasts only for the invasion
    assert state.data["armies"]["agw"]["sp"]["tac_air"] == 0  # never a point of the armies


@pytest.mark.rules("K11.8")
def test_the_coastal_air_army_takes_the_invaders_air_attack_losses_first() -> None:
    """K11.8: the coastal air army absorbs the losses of the invader's air attack. A
    position built for the test (in play the two never meet: a target beside the
    invader's hex has no coastal air, Coastal Airpower 1, and the invader's tac air
    reaches only such a target, Air Attacks 7): the army's six points count among the
    defenders' tac air (so the two invading points all air attack, Air Attacks 2) and the
    hit (a 1) comes off the coastal air army, not Army Group West's tac air point."""
    state = cg2("allied")
    state.data["owner"]["1334"] = "axis"
    put(state, "agw", "1334", infantry=2, tac_air=1)
    put(state, "bef", "1333", amphibious=3, tac_air=2)
    state.data["coastal_air_army"] = {"side": "axis", "at": "1334", "tac_air": 6}
    act(state, "allied", "end_movement")
    state.rng.force([1, 6])  # the air attack, the invasion assault
    assault(state, ("bef",), "1334", invasion=True)
    state.advance()
    lines = log_lines(state)
    assert "allied air attacks with 2 tac air points (roll 1): 1 tac air point lost" in lines
    assert "the coastal air army of 1334 loses 1 tac air point" in lines
    assert state.data["coastal_air_army"]["tac_air"] == 5
    assert sp(state, "agw") == {"infantry": 2, "tac_air": 1}
