"""A scenario's designed content as data: armies, set-up, special-rule numbers.

`data/barbarossa.json` holds the Barbarossa set-up; its `note` says what we had to
choose where the printed set-up is silent (docs/hgw-design.md lists the same). The
schema is checked at load with msgspec, and the cross-checks msgspec cannot express
(every set-up army known, every hex on the map) are in `_check`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import msgspec

from .map import load_map

DATA_DIR = Path(__file__).with_name("data")
KINDS = ("infantry", "mechanized", "tac_air", "paratroop", "amphibious")  # Military Record Sheet 1
BUILDABLE = ("infantry", "mechanized")  # Building Strength Points 1 (Barbarossa)
BOX = "siberia"


class ScenarioError(ValueError):
    """A scenario file breaks its schema or names something unknown."""


class ArmyName(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    name: str


class Placement(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    army: str
    at: str
    infantry: int = 0
    mechanized: int = 0


class SiberiaStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename={"start": "from"}):
    start: str
    points: int


class Siberia(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    frozen_first_turn: bool
    production: tuple[SiberiaStep, ...]


class ScenarioContent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    note: str
    first: str
    last: str
    first_player: str
    production_cut: dict[str, int]
    home_countries: dict[str, tuple[str, ...]]
    # countries whose points feed full supply as if joined to home by sea (see the note)
    overseas_supply: dict[str, tuple[str, ...]]
    capitals: dict[str, tuple[str, ...]]  # the hexes whose joint control wins, by winner
    permanent_devastation: dict[str, int]
    siberia: Siberia
    armies: dict[str, tuple[ArmyName, ...]]
    setup: tuple[Placement, ...]


def _check(content: ScenarioContent) -> None:
    hmap = load_map()
    problems = []
    known = {a.id for names in content.armies.values() for a in names}
    for side, names in content.armies.items():
        if len(names) != 12:
            problems.append(f"{side} has {len(names)} armies, not twelve (Military Record Sheet 1)")
    for p in content.setup:
        if p.army not in known:
            problems.append(f"set-up names unknown army {p.army!r}")
        if p.at != BOX and p.at not in hmap:
            problems.append(f"set-up hex {p.at} is not on the map")
    for hexes in (*content.capitals.values(), content.permanent_devastation):
        problems += [f"hex {h} is not on the map" for h in hexes if h not in hmap]
    if problems:
        raise ScenarioError("bad scenario file: " + "; ".join(problems))


def load_scenario_from(path: Path) -> ScenarioContent:
    try:
        content = msgspec.json.decode(path.read_bytes(), type=ScenarioContent)
    except OSError as exc:
        raise ScenarioError(f"cannot read {path}: {exc}") from None
    except msgspec.ValidationError as exc:
        raise ScenarioError(f"bad scenario file {path}: {exc}") from None
    _check(content)
    return content


@cache
def load_scenario(scenario_id: str) -> ScenarioContent:
    return load_scenario_from(DATA_DIR / f"{scenario_id}.json")
