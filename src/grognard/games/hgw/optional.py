"""The optional rules (rulebook section "Optional Rules"), each a game option.

Each is off by default and may be turned on for Campaign Game II; Campaign Game III is
Campaign Game II with every one of them on (its set-up section). The set-up writes the
rules in play into `data["optional"]` (sorted; absent when none), so that a rule reads
the state it is given and never the game's metadata. The earlier scenarios play
without them: their own set-ups and special rules were written for the basic game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# Leaders; Unaligned Forces; Pacific and African Garrisons; Italian Army; Naval Action
# (its fleets, movement, search, raiders, ship builds, carriers, coastal air, ports,
# supply roads and fleet replenishment, played together as the rulebook groups them)
OPTIONAL = ("leaders", "unaligned_forces", "garrisons", "italian_army", "naval_action")

TITLES = {
    "leaders": "Leaders",
    "unaligned_forces": "Unaligned forces",
    "garrisons": "Pacific and African garrisons",
    "italian_army": "The Italian army",
    "naval_action": "Naval action",
}


def has_option(data: Mapping[str, Any], name: str) -> bool:
    """Whether the optional rule `name` is played in this game."""
    assert name in OPTIONAL, name
    return name in data.get("optional", ())


def chosen(scenario_rules: tuple[str, ...], options: Mapping[str, Any]) -> list[str]:
    """The optional rules in play: those the scenario always plays (Campaign Game III)
    and those the players turned on."""
    return sorted(set(scenario_rules) | {name for name in OPTIONAL if options.get(name)})
