"""The Pacific's data: data/shipping.json's named hexes and data/pacific.json
(pacific_tables.py) read against the map. Every hex a file names is on the map, the
kind of hex it says and the place the map's citations give that number, so a misread
number (shipping.json's older Midway 2290 and Hawaii 2596) fails here."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grognard.games.hgw.map import load_map
from grognard.games.hgw.pacific_tables import (
    DATA_PATH,
    PacificTablesError,
    load_pacific,
    load_pacific_from,
    named_hexes,
)
from grognard.games.hgw.shipping_tables import DATA_PATH as SHIPPING_PATH
from grognard.games.hgw.shipping_tables import load_shipping


def _cited() -> dict[str, str]:
    return {c.hex: c.place.lower() for c in load_map().data.citations}


@pytest.mark.rules("K19.5")
def test_every_hex_shipping_names_is_the_place_it_says() -> None:
    named = json.loads(SHIPPING_PATH.read_text())["named"]
    cited = _cited()
    hmap = load_map()
    for h, entry in named.items():
        assert h in hmap, h
        assert hmap.hex(h).kind == entry["kind"], (h, entry)
        assert entry["name"].lower() in cited.get(h, ""), (h, entry["name"], cited.get(h))
    assert named["2280"]["name"] == "Midway" and named["25106"]["name"] == "Hawaii"
    assert "2290" not in named and "2596" not in named


@pytest.mark.rules("K19.5")
def test_australia_north_reaches_midway_and_hawaii_where_the_map_has_them() -> None:
    reach = load_shipping().reach["australia_north"]
    assert {"2280", "25106", "42105"} <= reach  # Midway, Hawaii, Pitcairn
    assert "19107" not in reach and "15107" not in reach  # the U.S. west coast is east of the line


@pytest.mark.rules("G21.0", "L1.8", "G11.4", "G15.0", "N6.3")
def test_every_hex_the_pacific_file_names_is_on_the_map_and_the_place_it_says() -> None:
    tables = load_pacific()
    hmap = load_map()
    cited = _cited()
    assert all(h in hmap for h in named_hexes(tables))
    for h, entry in tables.named.items():
        assert entry.name.lower() in cited[h] and hmap.hex(h).kind == entry.kind
    assert tables.us_surrender.capitals == ("1809", "19107", "15107", "25106")
    assert set(tables.indochina.capitals) == {"2565", "2965"}


def _write(tmp_path: Path, edit: dict[str, object]) -> Path:
    data = json.loads(DATA_PATH.read_text())
    data.update(edit)
    bad = tmp_path / "pacific.json"
    bad.write_text(json.dumps(data))
    return bad


@pytest.mark.rules("G15.0")
def test_a_misnamed_or_misplaced_hex_fails_at_load(tmp_path: Path) -> None:
    named = json.loads(DATA_PATH.read_text())["named"]
    with pytest.raises(PacificTablesError, match=re.escape("hex 25106 is 'Hawaii (Oahu, Pearl Harbor)'")):
        load_pacific_from(_write(tmp_path, {"named": {**named, "25106": {"name": "Midway", "kind": "land"}}}))
    with pytest.raises(PacificTablesError, match=r"hex 2596 \(Hawaii\) is partial on the map, not land"):
        load_pacific_from(_write(tmp_path, {"named": {"2596": {"name": "Hawaii", "kind": "land"}}}))
    surrender = {
        "country": "united_states",
        "capitals": ["1809", "19107", "15107", "2565"],
        "not_in_surrender": [],
    }
    with pytest.raises(
        PacificTablesError, match="hex 2565 is french_indochina on the map, not united_states"
    ):
        load_pacific_from(_write(tmp_path, {"us_surrender": surrender}))
    with pytest.raises(PacificTablesError, match="bad Pacific tables"):
        load_pacific_from(_write(tmp_path, {"indochina": {"territory": "french_indochina", "capitals": {}}}))
