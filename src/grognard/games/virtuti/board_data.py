"""The fixed data the browser board of Virtuti draws with (web/games/virtuti.js).

No view carries the map's shapes or the names of cards, units, orders and countries:
they never change, so the server sends them once (GET /api/rulesets/virtuti/board-data,
cached by the browser) rather than in every view. Everything here is public: the map,
the content files as committed (docs/virtuti-design.md) and nothing of any game.
The files are read as the committed JSON after `load_map` and `load_content` have
validated them, and cut down to what the board shows.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from grognard.games.virtuti.content import load_content
from grognard.games.virtuti.map import MAP_FILE, load_map
from grognard.games.virtuti.verbs import REGISTRY


def _raw(name: str) -> Any:
    return json.loads(resources.files("grognard.games.virtuti").joinpath("data", name).read_bytes())


def _map() -> dict[str, Any]:
    load_map()  # validated before it is served
    raw = _raw(MAP_FILE)
    land_keys = (
        "id",
        "name",
        "owner",
        "climate",
        "pp",
        "vp",
        "supply_source",
        "fortification",
        "port",
        "label",
        "shapes",
    )
    return {
        "view_box": raw["view_box"],
        "frame": raw["frame"],
        "context_land": raw["context_land"],
        "land_areas": [{k: area[k] for k in land_keys} for area in raw["land_areas"]],
        "ports": [{k: port[k] for k in ("id", "name", "land", "label")} for port in raw["ports"]],
        "sea_zones": [{k: sea[k] for k in ("id", "name", "label", "shapes")} for sea in raw["sea_zones"]],
        "straits": raw["straits"],
        "source": raw["source"]["geography"],
    }


def _content() -> dict[str, Any]:
    load_content()  # validated before it is served
    cards = {
        card["id"]: {
            "name": card["name"],
            "faction": deck["faction"],
            "pp": card["pp_multiplier"],
            "air": card["air_support"],
            "strength": card["strength"],
            "dice": card["dice"],
        }
        for deck in _raw("cards.json")["decks"]
        for card in deck["cards"]
    }
    units = {
        unit["id"]: {
            "name": unit["name"],
            "naval": unit["naval"],
            "levels": [
                {"level": lv["level"], "strength": lv["strength"], "hp": lv["hp"], "cost": lv["cost"]}
                for lv in unit["levels"]
            ],
        }
        for unit in _raw("units.json")["units"]
    }
    orders = {
        order["id"]: {"kind": order["kind"], "bonus": order["bonus"]}
        for order in _raw("orders.json")["orders"]
    }
    countries = [
        {
            k: country[k]
            for k in ("id", "name", "side_1939", "war_entry", "pressure_cost", "plunder", "key_areas")
        }
        for country in _raw("countries.json")["countries"]
    ]
    calendar = [
        {"id": e["id"], "name": e["name"], "turn": e["turn"]} for e in _raw("calendar.json")["events"]
    ]
    random_events = [
        {"id": e["id"], "name": e["name"], "copies": e["copies"]}
        for e in _raw("random_events.json")["random_events"]
    ]
    return {
        "cards": cards,
        "units": units,
        "orders": orders,
        "countries": countries,
        "calendar": calendar,
        "random_events": random_events,
        "tracks": _raw("tracks.json")["tracks"],
    }


@cache
def board_data() -> dict[str, Any]:
    """The map, the content's names, and each verb's declared shape (verbs.py)."""
    return {"map": _map(), **_content(), "verbs": REGISTRY.declarations()}
