"""Typed descriptions of scenarios and options, from which a UI builds its forms."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import BadOptions

OPTION_TYPES = ("bool", "int", "choice")


@dataclass(frozen=True)
class Option:
    """One game option: `type` is "bool", "int" (with min/max) or "choice"."""

    id: str
    type: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None

    def __post_init__(self) -> None:
        if self.type not in OPTION_TYPES:
            raise ValueError(f"option {self.id}: unknown type {self.type!r}")
        self.validate(self.default)

    def validate(self, value: Any) -> Any:
        """The value converted to this option's type, or BadOptions with the reason."""
        if self.type == "bool":
            return _to_bool(self.id, value)
        if self.type == "int":
            number = _to_int(self.id, value)
            if self.min is not None and number < self.min:
                raise BadOptions(f"option {self.id}: {number} is below the minimum {self.min}")
            if self.max is not None and number > self.max:
                raise BadOptions(f"option {self.id}: {number} is above the maximum {self.max}")
            return number
        for choice in self.choices:
            if str(choice) == str(value):
                return choice
        allowed = ", ".join(str(c) for c in self.choices)
        raise BadOptions(f"option {self.id}: {value!r} is not one of {allowed}")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "type": self.type,
            "default": self.default,
            "description": self.description,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.min is not None:
            out["min"] = self.min
        if self.max is not None:
            out["max"] = self.max
        return out


@dataclass(frozen=True)
class Scenario:
    """A starting situation; `players` lists the player counts it supports."""

    id: str
    name: str
    description: str
    players: tuple[int, ...] = (2,)
    extra: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "players": list(self.players),
        }


def _to_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise BadOptions(f"option {name}: {value!r} is not a yes/no value")


def _to_int(name: str, value: Any) -> int:
    if isinstance(value, bool):
        raise BadOptions(f"option {name}: {value!r} is not a whole number")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise BadOptions(f"option {name}: {value!r} is not a whole number") from None


def resolve_options(declared: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with the given values, each validated; unknown ids rejected."""
    by_id = {opt.id: opt for opt in declared}
    unknown = sorted(set(given) - set(by_id))
    if unknown:
        known = ", ".join(sorted(by_id)) or "none"
        raise BadOptions(f"unknown option(s) {', '.join(unknown)}; known options: {known}")
    return {
        opt.id: opt.validate(given[opt.id]) if opt.id in given else opt.default
        for opt in declared
    }
