"""Win chances from strengths: the last step every ruleset's evaluation for search
takes (games/*/evaluate.py). One role's chance grows by a factor e for each
`temperature` of strength it has over another; the strongest role's exponent is
zero, so no strength, however large, overflows."""

from __future__ import annotations

import math
from collections.abc import Mapping


def softmax(power: Mapping[str, float], temperature: float = 1.0) -> dict[str, float]:
    """Each role's chance, in `power`'s order; {} for no roles."""
    if not power:
        return {}
    top = max(power.values())
    weights = {role: math.exp((strength - top) / temperature) for role, strength in power.items()}
    total = sum(weights.values())
    return {role: weight / total for role, weight in weights.items()}
