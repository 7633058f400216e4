"""The browser's copy of the Hitler's Global War map (web/games/hgw-map.json) is what
scripts/build_hgw_webmap.py makes from games/hgw/data/map.json, and holds every hex."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

from repo_scripts import load_script

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    return load_script("scripts/build_hgw_webmap.py")


def test_web_map_copy_is_up_to_date() -> None:
    script = _script()
    committed = (ROOT / "src" / "grognard" / "web" / "games" / "hgw-map.json").read_text(encoding="utf-8")
    assert committed == script.encode(script.build()), "run python scripts/build_hgw_webmap.py"
    assert script.main(["--check"]) == 0


def test_web_map_copy_holds_every_hex_with_its_fields() -> None:
    source = json.loads((ROOT / "src" / "grognard" / "games" / "hgw" / "data" / "map.json").read_text())
    copy = json.loads((ROOT / "src" / "grognard" / "web" / "games" / "hgw-map.json").read_text())
    rows = {row[0]: row for row in copy["hexes"]}
    assert set(rows) == set(source["hexes"])
    berlin = rows["1237"]  # a capital with production (the rulebook's Berlin)
    assert berlin[1] == source["hexes"]["1237"]["kind"] == "land"
    assert berlin[3] == "germany" and berlin[5] == source["hexes"]["1237"]["production"] > 0
    assert "capital" in berlin[6]
    sea = rows["3095"]
    assert sea[1:] == ["sea"]  # nothing but its kind: the other fields are the defaults


def test_web_map_copy_names_capitals_cities_seas_and_straits() -> None:
    """Issue 26, item 6: the page labels the places the rules speak of by hex number."""
    copy = json.loads((ROOT / "src" / "grognard" / "web" / "games" / "hgw-map.json").read_text())
    names = {row[0]: (row[1], row[2]) for row in copy["names"]}
    assert names["1237"] == ("Berlin", "capital")
    assert names["1143"] == ("Smolensk", "city")
    assert names["1339"] == ("Poland", "capital")  # a capital the rules cite by no city name
    assert names["1036"] == ("Kattegat", "strait")
    assert ("Baltic Sea", "sea") in names.values()
    assert "1907" not in names  # a citation that does not fit the map names nothing
    assert copy["costs"]["infantry"] == 2 and copy["costs"]["fort"] == 5
    summer_1941 = copy["time_record"][2]
    assert summer_1941[0] == "Summer 1941" and summer_1941[1].startswith("Barbarossa begins")
