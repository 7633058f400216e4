"""Virtuti Militari's designed content: the schema rejects bad data, every reference
resolves (into the map too), and every number the rulebook does state holds.

Rule numbers are the cases of docs/rules/virtuti-cases.toml (G general rules, S
scenarios, P1-P10 the ten phases, B1 the battle steps).
"""

from __future__ import annotations

import itertools
import json
import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from grognard.games.virtuti.content import (
    CONTENT_FILES,
    ContentError,
    VirtutiContent,
    load_content,
    parse_content,
    read_content,
)
from grognard.games.virtuti.map import VirtutiMap, load_map

DATA = Path(__file__).resolve().parents[3] / "src" / "grognard" / "games" / "virtuti" / "data"


@pytest.fixture(scope="module")
def content() -> VirtutiContent:
    return load_content()


@pytest.fixture(scope="module")
def vmap() -> VirtutiMap:
    return load_map()


def _files() -> dict[str, bytes]:
    return {n: (DATA / n).read_bytes() for n in CONTENT_FILES}


def _edited(name: str, edit: Callable[[Any], None]) -> dict[str, bytes]:
    """The shipped files with one of them changed by `edit` (on its decoded JSON)."""
    files = _files()
    doc = json.loads(files[name])
    edit(doc)
    files[name] = json.dumps(doc).encode()
    return files


# --- the schema and the load-time checks reject bad data -------------------------------------


def test_shipped_content_loads_and_a_copy_reads_the_same(tmp_path: Path) -> None:
    for n in CONTENT_FILES:
        shutil.copy(DATA / n, tmp_path / n)
    assert read_content(tmp_path) == load_content()


def test_a_missing_file_is_named(vmap: VirtutiMap) -> None:
    files = _files()
    del files["cards.json"]
    with pytest.raises(ContentError, match=r"cards\.json is missing"):
        parse_content(files, vmap)


def test_malformed_json_is_rejected(vmap: VirtutiMap) -> None:
    files = _files()
    files["dice.json"] = b"{not json"
    with pytest.raises(ContentError, match=r"dice\.json is not valid JSON"):
        parse_content(files, vmap)


def test_an_unknown_field_is_rejected(vmap: VirtutiMap) -> None:
    files = _edited("units.json", lambda d: d["units"][0].update(speed=3))
    with pytest.raises(ContentError, match=r"units\.json does not fit its schema"):
        parse_content(files, vmap)


def test_a_wrongly_typed_field_is_rejected(vmap: VirtutiMap) -> None:
    files = _edited("cards.json", lambda d: d["decks"][0]["cards"][0].update(strength="two"))
    with pytest.raises(ContentError, match=r"cards\.json does not fit its schema"):
        parse_content(files, vmap)


def test_an_unknown_faction_is_rejected(vmap: VirtutiMap) -> None:
    files = _edited("cards.json", lambda d: d["decks"][0].update(faction="japan"))
    with pytest.raises(ContentError, match="does not fit its schema"):
        parse_content(files, vmap)


@pytest.mark.parametrize(
    ("name", "edit", "message"),
    [
        (
            "countries.json",
            lambda d: d["countries"][0]["key_areas"].append("atlantis"),
            "key area 'atlantis' is not a land area",
        ),
        (
            "countries.json",
            lambda d: d["countries"][0]["key_areas"].append("paris"),
            "key area 'paris' belongs to france",
        ),
        (
            "countries.json",
            lambda d: d["countries"].pop(),
            "has no country entry",
        ),
        (
            "countries.json",
            lambda d: d["countries"][-1].update(war_entry=11),
            "war entry 0-10",
        ),
        (
            "countries.json",
            lambda d: d["countries"][-1].update(alignment=None),
            "alignment is for neutral countries only",
        ),
        (
            "countries.json",
            lambda d: d["countries"][-1]["mobilised"].append(
                {"area": "berlin", "type": "army", "level": 1}
            ),
            "mobilises in 'berlin'",
        ),
        (
            "countries.json",
            lambda d: next(k for k in d["countries"] if k["id"] == "italy")["mobilised"].append(
                {"area": "rome", "type": "fleet", "level": 1}
            ),
            "fleet in rome: fleets start in ports",
        ),
        (
            "countries.json",
            lambda d: next(k for k in d["countries"] if k["id"] == "italy")["mobilised"].append(
                {"area": "naples_port", "type": "army", "level": 1}
            ),
            "army in naples_port: land units start in land areas",
        ),
        (
            "cards.json",
            lambda d: d["decks"][2]["cards"][3]["effects"][0]["areas"].append("narnia"),
            "unknown area 'narnia'",
        ),
        (
            "cards.json",
            lambda d: d["decks"][0]["cards"][0]["dice"].append("red"),
            "unknown die 'red'",
        ),
        ("dice.json", lambda d: d["dice"].pop(), "dice must be exactly"),
        ("dice.json", lambda d: d["dice"][0]["faces"].pop(), "needs six faces"),
        ("units.json", lambda d: d["units"][0]["levels"].pop(), "levels must be 1, 2, 3"),
        (
            "units.json",
            lambda d: d["units"][0].update(reduces_to="brigade"),
            "unknown unit type 'brigade'",
        ),
        (
            "units.json",
            lambda d: d["submarine"]["seas"]["axis"].append("pacific"),
            "unknown sea 'pacific'",
        ),
        (
            "orders.json",
            lambda d: d["order_sets"][1]["tokens"].append("teleport"),
            "unknown token 'teleport'",
        ),
        ("orders.json", lambda d: d["order_sets"].pop(0), "special order maneuver: no set"),
        ("orders.json", lambda d: d["air_support"].pop(), "exactly the levels 1-5"),
        (
            "orders.json",
            lambda d: d["pools"][0].update(hand_size=99),
            "hand larger than the deck",
        ),
        (
            "tracks.json",
            lambda d: d["tracks"]["logistics"][3].update(stacks=[2, 2, 5, 3]),
            "logistics 4: needs 4 stacks of 2-4",
        ),
        (
            "tracks.json",
            lambda d: d["tracks"].update(initiative=["axis", "axis", "ussr"]),
            "each faction once",
        ),
    ],
)
def test_inconsistent_content_is_rejected_with_its_reason(
    vmap: VirtutiMap, name: str, edit: Callable[[Any], None], message: str
) -> None:
    with pytest.raises(ContentError, match=message):
        parse_content(_edited(name, edit), vmap)


# --- every reference resolves ---------------------------------------------------------------


def test_every_area_the_content_names_is_on_the_map(
    content: VirtutiContent, vmap: VirtutiMap
) -> None:
    named = {a for k in content.countries for a in k.key_areas}
    named |= {a for d in content.decks for c in d.cards for e in c.effects for a in e.areas}
    assert named, "the content names areas"
    assert named <= set(vmap.land_ids)
    mobilised = {m.area for k in content.countries for m in k.mobilised}
    assert mobilised <= set(vmap.land_ids) | set(vmap.port_ids)  # fleets mobilise in ports
    seas = {s for v in content.submarine.seas.values() for s in v}
    assert seas <= set(vmap.sea_ids)


def test_every_map_owner_is_a_country_and_every_country_owns_areas(
    content: VirtutiContent, vmap: VirtutiMap
) -> None:
    owners = {vmap.land(a).owner for a in vmap.land_ids}
    assert {k.id for k in content.countries} == owners


# --- numbers the rulebook states -------------------------------------------------------------


@pytest.mark.rules("G1.0")
def test_eight_dice_and_six_unit_types_at_three_levels_key_concepts_0_0(
    content: VirtutiContent,
) -> None:
    colours = ["white", "yellow", "orange", "green", "blue", "purple", "black", "skull"]
    assert sorted(d.colour for d in content.dice) == sorted(colours)
    types = ["army", "corps", "armored_corps", "armored_division", "artillery", "fleet"]
    assert sorted(u.id for u in content.units) == sorted(types)
    assert all([lv.level for lv in u.levels] == [1, 2, 3] for u in content.units)


@pytest.mark.rules("B1.9")
def test_hp_match_the_loss_examples_7_b5(content: VirtutiContent) -> None:
    # An Army takes 2 loss points and becomes a Corps, which takes 1 more.
    army, corps = content.unit("army"), content.unit("corps")
    assert all(lv.hp == 2 for lv in army.levels)
    assert all(lv.hp == 1 for lv in corps.levels)
    assert army.reduces_to == "corps"
    assert content.unit("armored_corps").reduces_to == "armored_division"
    others = ("corps", "armored_division", "artillery", "fleet")
    assert all(content.unit(t).reduces_to is None for t in others)
    assert content.unit("artillery").dice_when_attacking_only
    assert not any(content.unit(t).dice_when_attacking_only for t in types_but("artillery"))


def types_but(excluded: str) -> list[str]:
    return [
        t
        for t in ("army", "corps", "armored_corps", "armored_division", "artillery", "fleet")
        if t != excluded
    ]


@pytest.mark.rules("B1.8")
def test_river_support_example_gives_3_with_level_1_units_7_b1(content: VirtutiContent) -> None:
    # An Armored Corps (2) and two Armies (1 each) across a river with a +1 Support: 3.
    ac = content.unit("armored_corps").levels[0].strength
    army = content.unit("army").levels[0].strength
    assert (ac, army) == (2, 1)
    support = next(o for o in content.orders if o.kind == "support" and o.bonus == 1)
    assert (ac + army + army) // 2 + support.bonus == 3


@pytest.mark.rules("P5.2", "P5.8")
def test_strengthening_and_technologies_follow_production_5_0(content: VirtutiContent) -> None:
    assert content.unit("corps").strengthens_to == "army"
    assert content.unit("armored_division").strengthens_to == "armored_corps"
    for t in ("army", "armored_corps", "artillery", "fleet"):
        assert content.unit(t).strengthens_to is None
    techs = {u.id: u.technology for u in content.units}
    assert techs == {
        "army": "infantry",
        "corps": "infantry",
        "armored_corps": "tanks",
        "armored_division": "tanks",
        "artillery": "artillery",
        "fleet": "fleet",
    }
    assert content.unit("fleet").naval
    assert not any(content.unit(t).naval for t in types_but("fleet"))


@pytest.mark.rules("P5.5")
def test_submarine_deployment_seas_5_0(content: VirtutiContent) -> None:
    seas = {f: sorted(s) for f, s in content.submarine.seas.items()}
    assert seas == {
        "axis": ["arctic_sea", "north_atlantic", "south_atlantic"],
        "ussr": ["baltic_sea"],
        "western_allies": ["central_mediterranean", "north_sea"],
    }


@pytest.mark.rules("P4.1")
def test_charles_de_gaulle_pp_example_4_0(content: VirtutiContent) -> None:
    # 35 PP on the map, war economy 60%, Charles de Gaulle played: 10.5 PP.
    card = next(c for c in content.deck("western_allies").cards if c.name == "Charles de Gaulle")
    assert card.pp_multiplier == 50
    assert round(35 * 60 * card.pp_multiplier / 10_000, 1) == 10.5


@pytest.mark.rules("B1.6", "P8.7")
def test_stalins_line_and_62nd_army_are_soviet_no_retreat_cards_7_b6(
    content: VirtutiContent,
) -> None:
    ussr = {c.name: c for c in content.deck("ussr").cards}
    hold = {"hold_in_friendly", "hold_in_areas"}
    for name in ("Stalin's Line", "62nd Army"):
        assert name in ussr
        assert {e.kind for e in ussr[name].effects} & hold
    others = [c for f in ("axis", "western_allies") for c in content.deck(f).cards]
    assert not any(e.kind in hold for c in others for e in c.effects)


def test_western_allies_start_with_two_move_orders_our_design(content: VirtutiContent) -> None:
    # Our design choice, not a rule: the rulebook gives no starting pools
    # (docs/virtuti-design.md, starting pools).
    moves = {o.id for o in content.orders if o.kind == "move"}
    pool = content.pool("western_allies").orders
    assert sum(n for o, n in pool.items() if o in moves) == 2


@pytest.mark.rules("P6.1")
def test_order_placement_areas_6_0(content: VirtutiContent) -> None:
    places = {o.kind: sorted(o.places) for o in content.orders}
    assert places["build_fortification"] == ["land"]
    assert places["strategic_movement"] == ["land"]
    assert places["maneuver"] == ["land"]
    assert places["defense"] == ["land", "sea"]
    assert places["feint_attack"] == ["land", "port", "sea"]
    assert places["shore_bombardment"] == ["sea"]
    landings = {o.bonus: o.max_stack for o in content.orders if o.kind == "amphibious_landing"}
    assert landings == {0: 1, 1: 2, 2: 3}


@pytest.mark.rules("P5.4", "P7.7")
def test_special_orders_are_single_use_and_landings_come_with_bombardment_5_0(
    content: VirtutiContent,
) -> None:
    single = {o.kind for o in content.orders if o.single_use}
    assert single == {"maneuver", "amphibious_landing", "shore_bombardment"}
    kinds = {o.id: o.kind for o in content.orders}
    for s in content.order_sets:
        bought = [kinds[t] for t in s.tokens]
        if "amphibious_landing" in bought:
            assert "shore_bombardment" in bought


@pytest.mark.rules("P5.8")
def test_air_support_levels_1_to_5_and_pools_survive_air_tech_5_0(
    content: VirtutiContent,
) -> None:
    assert sorted(a.level for a in content.air_support) == [1, 2, 3, 4, 5]
    # Air Force level 2 removes three level-1 tokens: every pool must hold them.
    for faction in ("axis", "western_allies", "ussr"):
        assert content.pool(faction).air_support.get("1", 0) >= 3


@pytest.mark.rules("G1.3", "P5.6")
def test_logistics_track_0_0(content: VirtutiContent) -> None:
    track = content.tracks.logistics
    assert [p.position for p in track] == list(range(1, 9))
    assert sorted(track[3].stacks) == [2, 2, 2, 3]  # the rulebook's position-4 example
    # Climbing the track only adds stacks: each position keeps every stack of the last.
    for lower, higher in itertools.pairwise(track):
        assert not Counter(lower.stacks) - Counter(higher.stacks)
    assert sorted(content.tracks.initiative) == ["axis", "ussr", "western_allies"]


@pytest.mark.rules("G1.7")
def test_1939_sides_match_the_rulebook_0_0(content: VirtutiContent) -> None:
    western = {k.id for k in content.countries if k.side_1939 == "western_allies"}
    assert western == {"great_britain", "france", "poland"}
    assert content.country("ussr").side_1939 == "ussr"
    assert content.country("germany").side_1939 == "axis"
    # Declaring war on a Baltic state is one of the USSR's activation triggers: neutral.
    for baltic in ("lithuania", "latvia", "estonia"):
        assert content.country(baltic).side_1939 == "neutral"


@pytest.mark.rules("P9.4")
def test_bulgaria_leans_axis_and_neutrals_have_politics_9_0(content: VirtutiContent) -> None:
    assert content.country("bulgaria").alignment == "axis"
    for k in content.countries:
        if k.side_1939 == "neutral":
            assert k.alignment in ("axis", "western_allies")
            assert 0 <= k.war_entry < 10
            assert k.pressure_cost > 0
            assert k.mobilised


@pytest.mark.rules("P10.6")
def test_decisive_victory_cities_are_key_areas_10_0(content: VirtutiContent) -> None:
    keys = {a for k in content.countries for a in k.key_areas}
    assert {"london", "paris", "moscow", "leningrad", "stalingrad", "rome", "berlin"} <= keys
