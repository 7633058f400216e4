"""The rulesets grognard plays, registered in the default registry."""

from __future__ import annotations

from grognard.core.registry import Registry

from .hgw import RULESET as HGW
from .victory import RULESET as VICTORY
from .viktory2 import RULESET as VIKTORY2
from .virtuti import RULESET as VIRTUTI

REGISTRY = Registry()
REGISTRY.register(VIKTORY2)
REGISTRY.register(VICTORY)
REGISTRY.register(HGW)
REGISTRY.register(VIRTUTI)

__all__ = ["REGISTRY"]
