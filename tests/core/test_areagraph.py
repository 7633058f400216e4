"""Tests for grognard.core.areagraph: building, validating and searching area maps."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grognard.core.areagraph import AreaGraph


def sample_data() -> dict[str, Any]:
    """A small map: a chain of land areas with a river, a mountain pass and a sea."""
    return {
        "areas": [
            {"id": "warszawa", "name": "Warszawa", "kind": "land", "flags": ["capital"]},
            {"id": "krakow", "name": "Kraków", "kind": "land", "polygon": [[0, 0], [4, 0], [2, 3]]},
            {"id": "lwow", "name": "Lwów", "kind": "land"},
            {"id": "gdansk", "name": "Gdańsk", "kind": "land", "port": True, "vp": 2},
            {"id": "baltic", "name": "Baltic Sea", "kind": "sea"},
            {"id": "poznan", "name": "Poznań", "kind": "land"},
            {"id": "gotland", "name": "Gotland", "kind": "land"},
        ],
        "borders": [
            {"a": "warszawa", "b": "krakow", "kind": "river"},
            {"a": "warszawa", "b": "lwow", "kind": "land"},
            {"a": "lwow", "b": "krakow", "kind": "mountain"},
            {"a": "warszawa", "b": "gdansk", "kind": "land"},
            {"a": "gdansk", "b": "baltic", "kind": "coast"},
            {"a": "poznan", "b": "warszawa", "kind": "land"},
            {"a": "poznan", "b": "gdansk", "kind": "land"},
            {"a": "gotland", "b": "baltic", "kind": "coast"},
        ],
    }


@pytest.fixture
def graph() -> AreaGraph:
    return AreaGraph.from_data(sample_data())


PRICES = {"land": 1.0, "river": 2.0, "mountain": 3.0, "coast": 1.0, "sea": 1.0, "strait": 2.0}


def by_kind(frm: str, to: str, kind: str) -> float | None:
    return PRICES[kind]


def land_only(frm: str, to: str, kind: str) -> float | None:
    return None if kind in ("coast", "sea", "strait") else PRICES[kind]


# --- building and lookups ----------------------------------------------------------


def test_areas_are_sorted(graph: AreaGraph) -> None:
    assert graph.areas == ["baltic", "gdansk", "gotland", "krakow", "lwow", "poznan", "warszawa"]
    assert len(graph) == 7
    assert "lwow" in graph and "berlin" not in graph


def test_neighbors_sorted_and_symmetric(graph: AreaGraph) -> None:
    assert graph.neighbors("warszawa") == ["gdansk", "krakow", "lwow", "poznan"]
    assert graph.neighbors("gotland") == ["baltic"]
    for a in graph.areas:
        for b in graph.neighbors(a):
            assert a in graph.neighbors(b)


def test_border_kind_either_way(graph: AreaGraph) -> None:
    assert graph.border("warszawa", "krakow") == "river"
    assert graph.border("krakow", "warszawa") == "river"
    assert graph.border("lwow", "krakow") == "mountain"
    assert graph.border("krakow", "gdansk") is None
    assert graph.is_adjacent("baltic", "gotland")
    assert not graph.is_adjacent("gotland", "warszawa")


def test_area_records(graph: AreaGraph) -> None:
    krakow = graph.area("krakow")
    assert krakow.name == "Kraków"
    assert krakow.polygon == ((0.0, 0.0), (4.0, 0.0), (2.0, 3.0))
    gdansk = graph.area("gdansk")
    assert gdansk.has_flag("port") and not gdansk.has_flag("capital")
    assert gdansk.extra == {"vp": 2}
    assert graph.area("warszawa").flags == frozenset({"capital"})
    assert graph.area("baltic").kind == "sea"
    assert graph.area("baltic").polygon is None


def test_name_and_kind_default() -> None:
    g = AreaGraph.from_data({"areas": [{"id": "x"}]})
    assert g.area("x").name == "x"
    assert g.area("x").kind == "land"
    assert g.neighbors("x") == []


def test_unknown_area_lookups_raise_key_error(graph: AreaGraph) -> None:
    with pytest.raises(KeyError, match="berlin"):
        graph.neighbors("berlin")
    with pytest.raises(KeyError, match="berlin"):
        graph.border("warszawa", "berlin")
    with pytest.raises(KeyError, match="berlin"):
        graph.shortest_path("berlin", "warszawa", by_kind)
    with pytest.raises(KeyError, match="berlin"):
        graph.area("berlin")


def test_to_data_round_trips_through_json(graph: AreaGraph) -> None:
    data = json.loads(json.dumps(graph.to_data()))
    again = AreaGraph.from_data(data)
    assert again.to_data() == graph.to_data()
    assert again.area("gdansk").has_flag("port")
    assert again.area("gdansk").extra == {"vp": 2}
    assert again.border("lwow", "krakow") == "mountain"


# --- validation --------------------------------------------------------------------


def broken(change: Any) -> dict[str, Any]:
    data = sample_data()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["borders"].append({"a": "warszawa", "b": "berlin"}), "unknown area 'berlin'"),
        (lambda d: d["areas"].append({"id": "lwow"}), "duplicate area id 'lwow'"),
        (lambda d: d["borders"].append({"a": "lwow", "b": "lwow"}), "cannot border itself"),
        (lambda d: d["borders"].append({"a": "krakow", "b": "warszawa"}), "listed twice"),
        (lambda d: d["areas"][0].update(kind="swamp"), "kind must be one of land, sea"),
        (lambda d: d["borders"][0].update(kind="bridge"), "kind must be one of"),
        (lambda d: d["borders"][0].update(knd="river"), "unknown keys"),
        (lambda d: d["areas"][1].update(polygon=[[0, 0], [1, 1]]), "at least 3"),
        (lambda d: d["areas"][1].update(polygon=[[0, 0], [1, "a"], [2, 2]]), "not an \\[x, y\\] pair"),
        (lambda d: d["areas"][0].update(flags="capital"), "flags must be a list"),
        (lambda d: d["areas"][0].pop("id"), "areas\\[0\\].id must be a non-empty string"),
        (lambda d: d["areas"].append("oops"), "must be an object"),
        (lambda d: d.pop("areas"), "non-empty 'areas' list"),
        (lambda d: d.update(borders={}), "'borders' must be a list"),
    ],
)
def test_bad_data_is_rejected_with_a_clear_message(change: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        AreaGraph.from_data(broken(change))


def test_non_mapping_data_is_rejected() -> None:
    with pytest.raises(ValueError, match="must be an object"):
        AreaGraph.from_data([])  # type: ignore[arg-type]


# --- immutability --------------------------------------------------------------------


def test_graph_cannot_be_changed(graph: AreaGraph) -> None:
    with pytest.raises(AttributeError, match="immutable"):
        graph._ids = ()
    graph.areas.append("berlin")
    graph.neighbors("warszawa").clear()
    assert "berlin" not in graph.areas
    assert graph.neighbors("warszawa") == ["gdansk", "krakow", "lwow", "poznan"]
    with pytest.raises(TypeError):
        graph.area("gdansk").extra["vp"] = 5  # type: ignore[index]


def test_input_data_is_not_shared() -> None:
    data = sample_data()
    data["areas"][3]["vp"] = [1, 2]
    g = AreaGraph.from_data(data)
    data["areas"][3]["vp"].append(3)
    data["borders"].clear()
    assert g.area("gdansk").extra["vp"] == [1, 2]
    assert g.border("warszawa", "krakow") == "river"


# --- searches -------------------------------------------------------------------------


def test_shortest_path_avoids_the_costly_river(graph: AreaGraph) -> None:
    # Across the river costs 2; round by Lwów costs 1 + 3, so the river wins...
    assert graph.shortest_path("warszawa", "krakow", by_kind) == ["warszawa", "krakow"]

    # ...until the river is made dearer than the detour.
    def flooded(frm: str, to: str, kind: str) -> float | None:
        return 10.0 if kind == "river" else PRICES[kind]

    assert graph.shortest_path("warszawa", "krakow", flooded) == ["warszawa", "lwow", "krakow"]


def test_shortest_path_blocked_and_trivial(graph: AreaGraph) -> None:
    assert graph.shortest_path("warszawa", "gotland", land_only) is None
    assert graph.shortest_path("warszawa", "gotland", by_kind) == ["warszawa", "gdansk", "baltic", "gotland"]
    assert graph.shortest_path("lwow", "lwow", land_only) == ["lwow"]


@pytest.mark.parametrize("order", [1, -1])
def test_shortest_path_ties_are_deterministic(order: int) -> None:
    # A square a-b-d-c-a: a -> d has two equal routes; the smaller id (b) wins
    # whatever order the data lists the areas and borders in.
    areas = [{"id": x} for x in "abcd"][::order]
    borders = [{"a": "a", "b": "b"}, {"a": "a", "b": "c"}, {"a": "b", "b": "d"}, {"a": "c", "b": "d"}][
        ::order
    ]
    g = AreaGraph.from_data({"areas": areas, "borders": borders})
    assert g.shortest_path("a", "d", by_kind) == ["a", "b", "d"]
    assert g.shortest_path("d", "a", by_kind) == ["d", "b", "a"]


def test_reachable_within_budget(graph: AreaGraph) -> None:
    assert graph.reachable("warszawa", 2, land_only) == {
        "gdansk": 1.0,
        "krakow": 2.0,
        "lwow": 1.0,
        "poznan": 1.0,
        "warszawa": 0.0,
    }
    assert graph.reachable("warszawa", 0, by_kind) == {"warszawa": 0.0}
    with pytest.raises(ValueError, match="budget"):
        graph.reachable("warszawa", -1, by_kind)


def test_negative_cost_is_rejected(graph: AreaGraph) -> None:
    with pytest.raises(ValueError, match="negative"):
        graph.reachable("warszawa", 5, lambda frm, to, kind: -1.0)


def test_distance_counts_crossings(graph: AreaGraph) -> None:
    assert graph.distance("lwow", "lwow") == 0
    assert graph.distance("lwow", "krakow") == 1
    assert graph.distance("lwow", "gotland") == 4
    isolated = sample_data()
    isolated["areas"].append({"id": "corsica"})
    g = AreaGraph.from_data(isolated)
    assert g.distance("lwow", "corsica") is None


def test_components_split_by_predicate(graph: AreaGraph) -> None:
    land = graph.components(lambda a: graph.area(a).kind == "land")
    assert land == [["gdansk", "krakow", "lwow", "poznan", "warszawa"], ["gotland"]]
    without_warsaw = graph.components(lambda a: a not in ("warszawa", "baltic"))
    assert without_warsaw == [["gdansk", "poznan"], ["gotland"], ["krakow", "lwow"]]
    assert graph.components(lambda a: False) == []


def test_components_respect_crossing_filter(graph: AreaGraph) -> None:
    dry = graph.components(lambda a: True, crossing=lambda a, b, kind: kind not in ("river", "mountain"))
    assert ["krakow"] in dry
    assert ["baltic", "gdansk", "gotland", "lwow", "poznan", "warszawa"] in dry
    assert len(dry) == 2


# --- property tests on random maps ---------------------------------------------------

KINDS = ["land", "river", "mountain", "strait", "sea", "coast"]


@st.composite
def random_maps(draw: st.DrawFn) -> tuple[AreaGraph, dict[tuple[str, str], int]]:
    """A random map of up to 9 areas, with a random integer price on each border."""
    n = draw(st.integers(min_value=1, max_value=9))
    ids = [f"a{i}" for i in range(n)]
    pairs = [(x, y) for i, x in enumerate(ids) for y in ids[i + 1 :]]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    borders = [{"a": a, "b": b, "kind": draw(st.sampled_from(KINDS))} for a, b in chosen]
    prices = {pair: draw(st.integers(min_value=0, max_value=5)) for pair in chosen}
    g = AreaGraph.from_data({"areas": [{"id": i} for i in ids], "borders": borders})
    return g, prices


def priced(prices: dict[tuple[str, str], int]) -> Any:
    """A cost function from the random prices; price 0 means the border is closed."""

    def cost(frm: str, to: str, kind: str) -> float | None:
        price = prices[(min(frm, to), max(frm, to))]
        return None if price == 0 else float(price)

    return cost


@given(random_maps(), st.data())
def test_shortest_path_cost_equals_reachable_cost(
    drawn: tuple[AreaGraph, dict[tuple[str, str], int]], data: st.DataObject
) -> None:
    g, prices = drawn
    a = data.draw(st.sampled_from(g.areas))
    b = data.draw(st.sampled_from(g.areas))
    cost = priced(prices)
    costs = g.reachable(a, 1000, cost)
    path = g.shortest_path(a, b, cost)
    if b not in costs:
        assert path is None
        return
    assert path is not None and path[0] == a and path[-1] == b
    steps = list(pairwise(path))
    assert all(g.is_adjacent(x, y) and prices[(min(x, y), max(x, y))] != 0 for x, y in steps)
    assert sum(prices[(min(x, y), max(x, y))] for x, y in steps) == costs[b]


@given(random_maps(), st.data())
def test_distance_is_unit_cost_path_length(
    drawn: tuple[AreaGraph, dict[tuple[str, str], int]], data: st.DataObject
) -> None:
    g, _ = drawn
    a = data.draw(st.sampled_from(g.areas))
    b = data.draw(st.sampled_from(g.areas))
    path = g.shortest_path(a, b, lambda frm, to, kind: 1.0)
    steps = g.distance(a, b)
    assert steps == (None if path is None else len(path) - 1)
    assert steps == g.distance(b, a)


@given(random_maps(), st.data())
def test_components_partition_the_chosen_areas(
    drawn: tuple[AreaGraph, dict[tuple[str, str], int]], data: st.DataObject
) -> None:
    g, _ = drawn
    chosen = set(data.draw(st.lists(st.sampled_from(g.areas))))
    groups = g.components(lambda a: a in chosen)
    flat = [a for group in groups for a in group]
    assert sorted(flat) == sorted(chosen)
    assert groups == sorted(groups)
    home = {a: i for i, group in enumerate(groups) for a in group}
    for a in chosen:
        for b in g.neighbors(a):
            if b in chosen:
                assert home[a] == home[b]  # touching chosen areas share a group
    # Each group is connected inside the chosen areas alone, and groups do not touch.
    sub = AreaGraph.from_data(
        {
            "areas": [{"id": a} for a in sorted(chosen)] or [{"id": "placeholder"}],
            "borders": [b.to_data() for b in g.borders if b.a in chosen and b.b in chosen],
        }
    )
    for i, group in enumerate(groups):
        assert all(sub.distance(group[0], x) is not None for x in group)
        for other in groups[i + 1 :]:
            assert sub.distance(group[0], other[0]) is None
