"""The order of a player turn's phases, by scenario (Player Turn Sequence; Campaign Game
II's player-turn sequence, steps 1-7).

Barbarossa, The Fall of Germany and Campaign Game I play movement, combat and production.
Campaign Game II adds phases of its own systems around them: strategic warfare (2) before
movement, naval movement (3a) before land movement, the research phase (7) after
production. A phase module does not name the step that follows it: it asks `next_step`,
so that a scenario turns a system on by listing it (`ScenarioContent.systems`) and no
phase module imports another's.
"""

from __future__ import annotations

from .layout import HgwBoard
from .optional import OPTIONAL, has_option
from .scenario import load_scenario

# the phases in the order of Campaign Game II's sequence: (step name, the system that
# brings it, None for the phases of every scenario)
ORDER: tuple[tuple[str, str | None], ...] = (
    ("turn_start", None),  # 1. game-turn events
    ("strategic", "strategic"),  # 2. strategic warfare: bombing, then missiles
    ("naval_movement", "naval"),  # 3a. naval movement
    ("movement", None),  # 3c. land movement, then combat (4), then fleets return (5)
    ("production", None),  # 6a-e. repairs, forts, lend-lease, production, the U.S. increment
    ("leaders", "leaders"),  # optional rule Leaders 6: markers after all builds (leader_phase.py)
    ("partisans", "partisans"),  # 6f. partisan attacks, paid from what production left
    ("research", "research"),  # 7. research phase
    ("next_turn", None),
)


def has_system(data: HgwBoard, system: str) -> bool:
    """Whether the scenario in play uses one of Campaign Game II's systems."""
    return system in load_scenario(data["scenario"]).systems


def next_step(data: HgwBoard, after: str) -> str:
    """The step of the phase that follows the phase `after`, skipping the phases of
    systems the scenario does not use."""
    names = [name for name, _ in ORDER]
    if after not in names:
        raise ValueError(f"{after!r} is not a phase of the player turn ({', '.join(names)})")
    for name, system in ORDER[names.index(after) + 1 :]:
        if system is None or has_system(data, system) or (system in OPTIONAL and has_option(data, system)):
            return name
    raise ValueError(f"no phase follows {after!r}")
