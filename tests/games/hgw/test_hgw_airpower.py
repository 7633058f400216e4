"""Campaign Game II's tactical airpower (airpower.py over data/airpower.json): the ferry
routes named by hex, the Newfoundland crossing's loss, the Pacific chain, tac air outside
the stacking limit, the air attack before an assault and the assault after it, air
superiority, and the Combat Capability Summary. Tac air is not played in a game yet
(Campaign Game II's movement and combat phases are later work), so the tests call the
rules with armies' points and sets of friendly hexes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hgw_positions import new_game

from grognard.core.errors import IllegalAction
from grognard.games.hgw.airpower import (
    advance_defence,
    air_attacks,
    air_superiority_losses,
    assault_fire,
    chain_reaches,
    coastal_air_army,
    combat_points,
    ferry_areas,
    ferry_loss,
    ferry_routes,
    garrison_defends,
    only_air_attacks,
    resolve_air_attack,
    stacked_points,
    takes_part,
    why_not_amphibious_tac,
    why_not_assault_losses,
    why_not_coastal_air,
    why_not_commit,
    why_not_ferry,
)
from grognard.games.hgw.airpower_tables import DATA_PATH, AirpowerTablesError, load_airpower_from
from grognard.games.hgw.map import load_map
from grognard.games.hgw.tables import load_tables

KINDS = ("infantry", "mechanized", "tac_air", "paratroop", "amphibious", "fort")
SOUTH_ATLANTIC = ["2914", "3318", "3522", "3629", "3132", "2743"]


def army(**points: int) -> dict[str, dict[str, int]]:
    return {"sp": {k: points.get(k, 0) for k in KINDS}}


def countries(*names: str) -> set[str]:
    hmap = load_map()
    return {h for h in hmap.hexes if hmap.hex(h).country in names}


ALLIED = countries("united_states", "britain", "egypt", "india", "china", "morocco", "algeria", "tunisia")


@pytest.mark.rules("K10.1")
def test_us_tac_air_ferries_to_britain_by_iceland_or_at_a_risk_by_newfoundland() -> None:
    assert ferry_areas(ALLIED) == {}
    by_iceland = ALLIED | countries("iceland")
    assert ferry_areas(by_iceland) == {"britain": "iceland"}
    assert ferry_areas(by_iceland | {"1416"}) == {"britain": "iceland"}  # no risk taken
    assert ferry_areas(ALLIED | {"1416"}) == {"britain": "newfoundland"}
    # one Icelandic hex lost: Iceland is not friendly, so the Newfoundland route it is
    assert ferry_routes((by_iceland - {"0725"}) | {"1416"}) == ["newfoundland"]
    state = new_game()
    state.rng.force([6, 6])
    assert ferry_loss(state, "allied", "newfoundland").lost == 1
    state.rng.force([6, 5])
    assert ferry_loss(state, "allied", "newfoundland").lost == 0
    assert ferry_loss(state, "allied", "iceland").rolls == ()  # no dice on a safe route


@pytest.mark.rules("K10.1")
def test_the_south_atlantic_and_azores_routes_reach_egypt_then_india_and_china() -> None:
    held = ALLIED | set(SOUTH_ATLANTIC)
    assert set(ferry_areas(held)) == {"egypt", "india", "china"}
    for h in SOUTH_ATLANTIC:  # every one of the six airbases is needed
        assert "egypt" not in ferry_areas(held - {h})
    assert ferry_areas(ALLIED | {"1924"}) == {
        "french_north_africa": "azores",
        "egypt": "algiers",
        "india": "india_via_egypt",
        "china": "china_via_egypt",
    }
    assert set(ferry_areas((ALLIED | {"1924"}) - {"1934"})) == {"french_north_africa"}
    # India and China only while Egypt and India are wholly friendly
    assert set(ferry_areas(held - {"2243"})) == {"egypt"}
    us, cairo = sorted(countries("united_states"))[0], sorted(countries("egypt"))[-1]
    assert why_not_ferry(held, us, cairo) is None
    assert why_not_ferry(ALLIED, us, cairo) == (
        "no ferry route to Egypt is open: the hexes its routes need are not all friendly"
    )
    assert why_not_ferry(held, cairo, us) == f"tac air is ferried from the United States, not from {cairo}"
    assert why_not_ferry(held, us, "1333") == (  # London: neither Iceland nor Newfoundland
        "no ferry route to Great Britain is open: the hexes its routes need are not all friendly"
    )
    tokyo = sorted(countries("japan"))[0]
    assert why_not_ferry(held | {tokyo}, us, tokyo) == f"no ferry route reaches {tokyo}"
    assert why_not_ferry(held - {cairo}, us, cairo) == f"{cairo} is not a friendly hex"


@pytest.mark.rules("K10.1")
def test_the_pacific_chain_needs_friendly_stops_ten_hexes_apart() -> None:
    oz = countries("australia", "papua")
    sydney, darwin, christmas = "4580", "3874", "3765"  # Sydney's naval port; Christmas Island
    assert chain_reaches(oz, {christmas}, sydney, christmas) is False  # 19 hexes, no stop
    assert chain_reaches(oz, {christmas, darwin}, sydney, christmas) is True
    assert chain_reaches(oz - {darwin}, {christmas, darwin}, sydney, christmas) is False


@pytest.mark.rules("K10.2")
def test_tac_air_stacks_above_the_ten_point_limit() -> None:
    assert stacked_points(army(infantry=6, mechanized=4, tac_air=7)) == 10


@pytest.mark.rules("K10.3", "K11.7", "K25.1")
def test_tac_air_assaults_but_never_advances_nor_defends_against_advance() -> None:
    assert takes_part("tac_air", "assault") and takes_part("tac_air", "defensive_assault")
    assert not takes_part("tac_air", "advance")
    assert not takes_part("tac_air", "defence_against_advance")
    assert not takes_part("tac_air", "amphibious_advance")
    assert why_not_amphibious_tac(army(amphibious=3, tac_air=2), 1) is None
    assert why_not_amphibious_tac(army(amphibious=3, tac_air=2), 3) == (
        "tac air joins an amphibious assault only on a target one hex away, not 3"
    )
    with pytest.raises(ValueError, match="no 'bombing' combat"):
        takes_part("tac_air", "bombing")


@pytest.mark.rules("K11.2")
def test_the_attacker_commits_all_its_tac_air_or_at_least_the_defenders() -> None:
    assert why_not_commit(3, 5, 3) is None
    assert why_not_commit(3, 3, 2) == "with no more tac air than the defender's 3, all 3 points air attack"
    assert why_not_commit(8, 3, 3) is None and why_not_commit(8, 3, 8) is None
    assert why_not_commit(8, 3, 2) == "at least 3 tac air points (the defender's) air attack, not 2"
    assert why_not_commit(8, 3, 9) == "the hex has 8 tac air points, not 9"


@pytest.mark.rules("K11.1", "K11.3", "K11.5")
def test_the_air_attack_fires_above_ten_and_only_the_defending_tac_air_is_lost() -> None:
    state = new_game()
    table = load_tables()
    state.rng.force([1, 1])  # twelve points: a volley of ten and one of two
    attack = resolve_air_attack(state, "allied", 12, 2, 12)
    assert attack.rolls == (1, 1)
    assert attack.hits == table.firepower_losses(10, 1) + table.firepower_losses(2, 1)
    assert attack.hits > 2 and attack.lost == 2  # the excess is ignored
    with pytest.raises(IllegalAction, match="at least 2 tac air points"):
        resolve_air_attack(state, "allied", 12, 2, 1)


@pytest.mark.rules("K11.4", "K13.6")
def test_market_garden_the_tac_air_joins_the_assault_for_want_of_an_air_battle() -> None:
    # the British Second Army after Army Group B's defensive assault (two infantry lost)
    second = army(mechanized=2, tac_air=2, paratroop=3)
    group_b = army(infantry=1, mechanized=2)
    assert air_attacks(second) and not air_attacks(group_b)
    assert why_not_commit(2, 0, 0) is None  # nothing to attack: no point need fly
    assert assault_fire(second, air_attacked=0) == 7


@pytest.mark.rules("K11.4")
def test_only_ten_fire_in_the_assault_and_tac_air_takes_its_losses_last() -> None:
    big = army(infantry=6, mechanized=4, tac_air=9)
    assert assault_fire(big, air_attacked=4) == 10  # fifteen assault, ten fire
    assert combat_points(big, "assault", air_attacked=4) == 15
    assert why_not_assault_losses(big, {"tac_air": 1, "infantry": 6}) == (
        "assault losses come off tac air only once no other point remains"
    )
    assert why_not_assault_losses(big, {"tac_air": 1, "infantry": 6, "mechanized": 4}) is None
    assert why_not_assault_losses(big, {"infantry": 7}) == "the army has 6 infantry points, not 7"


@pytest.mark.rules("K11.8")
def test_the_coastal_air_army_defends_with_six_tac_air() -> None:
    coastal = coastal_air_army()
    assert coastal["sp"] == {"tac_air": 6}
    assert why_not_coastal_air("defensive_assault") is None
    assert why_not_coastal_air("assault") == (
        "the coastal air army fights only defensive assault and air attacks on it, not assault"
    )


@pytest.mark.rules("K11.6")
def test_a_defensive_assault_is_air_attack_then_assault_forts_firing_too() -> None:
    state = new_game()
    defender = army(infantry=3, fort=2, tac_air=6)
    # the defender has more tac air than the attacker's four: at least four fly
    assert why_not_commit(6, 4, 3) == "at least 4 tac air points (the defender's) air attack, not 3"
    state.rng.force([1])
    attack = resolve_air_attack(state, "axis", 6, 4, 4)
    assert attack.lost == min(attack.hits, 4)
    assert assault_fire(defender, air_attacked=4, combat="defensive_assault") == 3 + 2 + 2
    assert assault_fire(defender, air_attacked=4) == 3 + 2  # forts do not attack


@pytest.mark.rules("K11.9", "K11.10", "K11.11")
def test_tac_air_alone_air_attacks_only_and_defends_on_the_zero_column() -> None:
    air = army(tac_air=4)
    assert only_air_attacks(air) and only_air_attacks(army(tac_air=2, amphibious=3))
    assert not only_air_attacks(army(tac_air=2, infantry=1))
    assert assault_fire(air, air_attacked=0) == 0
    assert garrison_defends([air, army(tac_air=1)]) and not garrison_defends([army(infantry=1)])
    assert advance_defence(air) == 0
    assert advance_defence(army(infantry=3, tac_air=5, fort=1)) == 4
    assert load_tables().advance_limit(1, advance_defence(air)) > 0


@pytest.mark.rules("K12.1")
def test_air_superiority_takes_extra_points_from_retreating_armies() -> None:
    retreating = [army(infantry=2, tac_air=1), army(mechanized=1, tac_air=1)]
    assert air_superiority_losses(4, retreating) == 2
    assert air_superiority_losses(9, retreating) == 3  # never tac air; the excess ignored
    assert air_superiority_losses(2, retreating) == 0


@pytest.mark.rules("K25.1")
def test_the_combat_capability_summary() -> None:
    mixed = army(infantry=2, mechanized=3, paratroop=2, amphibious=4, tac_air=3, fort=1)
    assert combat_points(mixed, "advance") == 3 + 2 * 2  # paratroops doubled
    assert combat_points(mixed, "amphibious_advance") == 4 + 4  # as many as the amphibious
    assert combat_points(mixed, "defensive_assault", air_attacked=1) == 2 + 3 + 2 + 1 + 2
    assert combat_points(mixed, "air_attack") == 3
    assert takes_part("garrison", "defence_against_advance")
    assert takes_part("coastal_air", "interception") and takes_part("carrier", "naval_base_attack")
    assert not takes_part("capital_ship", "naval_base_attack")
    # the whole chart, combat by combat (the scan's "Canier" is the carrier)
    chart = {
        "assault": "infantry mechanized paratroop tac_air",
        "defensive_assault": "infantry mechanized paratroop fort tac_air",
        "amphibious_assault": "amphibious tac_air",
        "amphibious_advance": "amphibious",
        "interception": "capital_ship carrier asw coastal_air",
        "advance": "mechanized paratroop",
        "defence_against_advance": "infantry mechanized amphibious paratroop fort garrison",
        "air_attack": "tac_air",
        "defence_against_air_attack": "tac_air",
        "naval_base_attack": "carrier coastal_air",
    }
    kinds = {"infantry", "mechanized", "paratroop", "tac_air", "fort", "amphibious", "garrison"}
    kinds |= {"capital_ship", "carrier", "asw", "coastal_air", "uboat", "bomber"}
    for combat, listed in chart.items():
        assert {k for k in kinds if takes_part(k, combat)} == set(listed.split()), combat


@pytest.mark.rules("K25.1", "E1.8")
def test_avalanche_the_fifth_army_advances_with_eight_against_six() -> None:
    # the Fifth Army after one amphibious loss: four infantry, one mechanized, four amphibious
    fifth = army(infantry=4, mechanized=1, amphibious=4)
    assert combat_points(fifth, "amphibious_advance") == 8  # four amphibious and four others
    assert combat_points(fifth, "amphibious_assault") == 4  # only the amphibious points assault
    group_c = army(infantry=4, mechanized=2)
    assert advance_defence(group_c) == 6
    assert load_tables().advance_limit(8, 6) == 2  # a one or a two advances


@pytest.mark.rules("K10.1", "K25.1")
def test_the_airpower_file_is_validated(tmp_path: Path) -> None:
    bad = tmp_path / "airpower.json"
    raw = json.loads(DATA_PATH.read_text())
    raw["named"]["3629"]["country"] = "brazil"  # Ascension read as Brazilian
    bad.write_text(json.dumps(raw))
    with pytest.raises(AirpowerTablesError, match=r"3629 \(Ascension\) is land of british_africa"):
        load_airpower_from(bad)
    raw = json.loads(DATA_PATH.read_text())
    raw["named"]["3630"] = {"name": "the sea by Ascension", "country": "british_africa"}
    bad.write_text(json.dumps(raw))
    with pytest.raises(AirpowerTablesError, match="3630"):
        load_airpower_from(bad)
    raw = json.loads(DATA_PATH.read_text())
    raw["capability"]["air_attack"]["kinds"] = ["tac_air", "jet"]
    bad.write_text(json.dumps(raw))
    with pytest.raises(AirpowerTablesError, match=r"air_attack names strength types \['jet'\]"):
        load_airpower_from(bad)
    raw = json.loads(DATA_PATH.read_text())
    raw["routes"]["algiers"]["after"] = ["gibraltar"]
    bad.write_text(json.dumps(raw))
    with pytest.raises(AirpowerTablesError, match="unknown route"):
        load_airpower_from(bad)
