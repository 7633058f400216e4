"""The rulesets grognard plays, registered in the default registry. Each game's package
is imported when its id is first asked for (core/registry.py), not with this one."""

from __future__ import annotations

from grognard.core.registry import Registry

REGISTRY = Registry()
for _id in ("viktory2", "victory", "hgw", "virtuti"):
    REGISTRY.register_lazy(_id, f"grognard.games.{_id}")

__all__ = ["REGISTRY"]
