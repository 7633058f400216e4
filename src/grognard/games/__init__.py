"""The rulesets grognard plays, registered in the default registry. Each game's package
is imported when its id is first asked for (core/registry.py), not with this one."""

from __future__ import annotations

from grognard.core.registry import Registry

#: The ids of the games' packages (grognard.games.<id>), each defining RULESET.
RULESET_IDS = ("viktory2", "victory", "hgw", "virtuti")

REGISTRY = Registry()
for ruleset_id in RULESET_IDS:
    REGISTRY.register_lazy(ruleset_id, f"{__name__}.{ruleset_id}")
del ruleset_id

__all__ = ["REGISTRY", "RULESET_IDS"]
