"""The semantically fixed action index: slot k means the same action in every position.

A ruleset declares its scenario's action space as plain data, in a module
`grognard.games.<id>.action_space` (or, for a ruleset that lives in one module, such as
the core's test rulesets, a function `action_space` in the ruleset's own module):

    def action_space(scenario, options) -> [(kind, domains), ...]

Each FAMILY is `(kind, domains)`: `kind` is the action's first element; `domains` are
the finite value lists of its other elements, in order. A domain of single values
covers one element; a domain of tuples, all of length m >= 2, is JOINT and covers the
next m elements together (only the (from, to) pairs that are ever possible, say). The
family's actions are the product of its domains. `ActionSpace` numbers them
mixed-radix: families in declared order, each offset by the sizes before it, the first
domain most significant. Encoding one action is a dict lookup per domain.

Keys (optional)
    Where an action's elements are not fixed data (Viktory II's unit ids are minted as
    units are raised, so no finite list names them), the module also defines

        def action_keys(state, role, actions) -> [key, ...]

    giving each legal action a KEY tuple, `(kind, *elements)` like an action, drawn
    from the declared space (Viktory II: a unit as (type, rank among its owner's units
    of that type)). The index then numbers keys: `decode` gives a key, and an
    environment turns an index back into the legal action that has that key
    (`LegalSlots`). Two legal actions with one key are an error of the declaration,
    like an action outside the space (`ActionIndexError` either way).

A ruleset without a declaration keeps the legal-list index (encoding.py): index k is
the k-th legal action.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grognard.core.game import Action, Role, Ruleset, State
from grognard.seams import seam

from .encoding import ActionIndexError

#: The largest space a declaration may give (the spec's bound: aim well under 2**20).
MAX_SIZE = 2**22
#: How many encoded actions a space remembers before it starts again (legal_slots).
MEMO_SIZE = 50_000

Domain = Sequence[Any]
Family = tuple[str, Sequence[Domain]]
Keys = Callable[[State, Role, Sequence[Action]], Sequence[Action]]


@dataclass(frozen=True)
class FamilyInfo:
    """One family of the index: its kind, first slot, slot count and domain sizes."""

    kind: str
    offset: int
    count: int
    sizes: tuple[int, ...]
    widths: tuple[int, ...]  # elements each domain covers (1, or m for a joint domain)

    @property
    def length(self) -> int:
        """The length of the family's actions, the kind included."""
        return 1 + sum(self.widths)


def declaration_module(ruleset: Ruleset) -> Any | None:
    """The ruleset's "action_space" seam (grognard/seams.py), or None: no declaration."""
    return seam(ruleset, "action_space")


def declares(module: Any, scenario: str) -> bool:
    """Does the declaration cover `scenario`? A module may leave some out with a
    `declared(scenario) -> bool` (hgw: Campaign Game IV, past the index's budget)."""
    declared = getattr(module, "declared", None)
    return not callable(declared) or bool(declared(scenario))


class ActionSpace:
    """The fixed index of one scenario with its options (see the module docstring)."""

    def __init__(self, families: Sequence[Family], keys: Keys | None = None, name: str = "") -> None:
        self.name = name
        self.keys = keys
        self.families: list[FamilyInfo] = []
        self._kinds: dict[str, int] = {}
        self._lookup: list[list[dict[Any, int]]] = []
        self._values: list[list[list[Any]]] = []
        offset = 0
        for kind, domains in families:
            if kind in self._kinds:
                raise ValueError(f"{name}: kind {kind!r} is declared twice")
            lookups: list[dict[Any, int]] = []
            sizes: list[int] = []
            widths: list[int] = []
            for d, domain in enumerate(domains):
                values = list(domain)
                width = _width(name, kind, d, values)
                table = {v: i for i, v in enumerate(values)}
                if len(table) != len(values):
                    raise ValueError(f"{name}: domain {d} of {kind!r} repeats a value")
                lookups.append(table)
                sizes.append(len(values))
                widths.append(width)
            count = int(np.prod(sizes, dtype=np.int64)) if sizes else 1
            self._kinds[kind] = len(self.families)
            self.families.append(FamilyInfo(kind, offset, count, tuple(sizes), tuple(widths)))
            self._lookup.append(lookups)
            self._values.append([list(domain) for domain in domains])
            offset += count
        self.size = offset
        # encode's answers (a pure function of equal actions): the same actions come
        # back position after position, and encoding them was a tenth of an RL step
        self._memo: dict[Action, int] = {}
        # per family, for encode: (domain size, first element, end of a joint domain or 0, lookup)
        self._plans: list[tuple[tuple[int, int, int, dict[Any, int]], ...]] = []
        for info, lookups in zip(self.families, self._lookup, strict=True):
            starts = [1 + sum(info.widths[:d]) for d in range(len(info.widths))]
            self._plans.append(tuple(
                (size, at, at + width if width > 1 else 0, table)
                for size, at, width, table in zip(info.sizes, starts, info.widths, lookups, strict=True)
            ))
        if self.size > MAX_SIZE:
            raise ValueError(f"{name}: the declared space has {self.size} slots, more than {MAX_SIZE}")
        self._offsets = np.array([f.offset for f in self.families], dtype=np.int64)

    # ----- building ------------------------------------------------------------------
    @classmethod
    def for_ruleset(
        cls, ruleset: Ruleset, scenario: str | None, options: Mapping[str, Any] | None = None
    ) -> ActionSpace | None:
        """The ruleset's declared index for this scenario and options (resolved, so
        defaults count), or None where it declares none."""
        module = declaration_module(ruleset)
        if module is None:
            return None
        scenario_obj, resolved = ruleset.resolve(scenario, dict(options or {}))
        if not declares(module, scenario_obj.id):
            return None  # a scenario the ruleset leaves without an index: play by legal actions
        families = module.action_space(scenario_obj.id, resolved)
        keys = getattr(module, "action_keys", None)
        return cls(families, keys if callable(keys) else None, f"{ruleset.id}:{scenario_obj.id}")

    @classmethod
    def for_game(
        cls, ruleset_id: str, scenario: str | None, options: Mapping[str, Any] | None = None
    ) -> ActionSpace | None:
        """`for_ruleset` of a registered ruleset, by id (`ActionSpace.for_game("viktory2",
        None, {"players": 3})`)."""
        from grognard.games import REGISTRY

        return cls.for_ruleset(REGISTRY.get(ruleset_id), scenario, options)

    # ----- the index -----------------------------------------------------------------
    def encode(self, action: Action) -> int:
        """The slot of an action (or, for a ruleset with keys, of a key)."""
        family = self._kinds.get(action[0]) if action else None
        if family is None:
            raise ActionIndexError(f"{self.name}: {list(action)} is of no declared kind")
        info = self.families[family]
        if len(action) != info.length:
            raise ActionIndexError(
                f"{self.name}: {list(action)} has {len(action) - 1} elements, not {info.length - 1}"
            )
        index = 0
        for size, at, end, table in self._plans[family]:
            value = action[at] if end == 0 else action[at:end]  # a joint domain's tuple
            slot = table.get(value)
            if slot is None:
                raise ActionIndexError(f"{self.name}: {list(action)}: {value!r} is outside its domain")
            index = index * size + slot
        return info.offset + index

    def decode(self, index: int) -> Action:
        """The action (or key) of a slot."""
        if not 0 <= index < self.size:
            raise ActionIndexError(f"{self.name}: index {index} is outside 0..{self.size - 1}")
        family = int(np.searchsorted(self._offsets, index, side="right")) - 1
        info = self.families[family]
        rest = index - info.offset
        picked: list[Any] = []
        for size, values in zip(reversed(info.sizes), reversed(self._values[family]), strict=True):
            rest, slot = divmod(rest, size)
            picked.append(values[slot])
        elements: list[Any] = [info.kind]
        for value in reversed(picked):
            elements.extend(value if isinstance(value, tuple) else (value,))
        return tuple(elements)

    def legal_slots(self, state: State, role: Role, legal: Sequence[Action]) -> LegalSlots:
        """The slots of a legal list (keyed where the ruleset keys), checked distinct."""
        keyed = self.keys(state, role, legal) if self.keys is not None else legal
        memo = self._memo
        found: list[int] = []
        for key in keyed:
            slot = memo.get(key)
            if slot is None:
                slot = self.encode(key)
                if len(memo) >= MEMO_SIZE:
                    memo.clear()
                memo[key] = slot
            found.append(slot)
        if len(set(found)) != len(found):
            seen: dict[int, Action] = {}
            for slot, action in zip(found, legal, strict=True):
                if slot in seen:
                    raise ActionIndexError(
                        f"{self.name}: {list(seen[slot])} and {list(action)} share slot {slot}"
                    )
                seen[slot] = action
        return LegalSlots(found, list(legal))

    # ----- documentation -------------------------------------------------------------
    def describe(self) -> list[dict[str, Any]]:
        """One row per family: kind, first slot, slot count, domain sizes and widths
        (elements each domain covers: 1, or m for a joint domain of m-tuples)."""
        return [
            {
                "kind": f.kind,
                "offset": f.offset,
                "count": f.count,
                "domains": list(f.sizes),
                "widths": list(f.widths),
            }
            for f in self.families
        ]

    def names(self) -> list[str]:
        """One name per slot ("move infantry 3 0,1"): for small spaces and docs."""
        return [" ".join(str(part) for part in _flat(self.decode(i))) for i in range(self.size)]

    def text(self) -> str:
        """The index as a table (what `describe` says, for people)."""
        lines = [f"{self.name}: {self.size} slots"]
        for f in self.families:
            dims = " x ".join(
                str(s) if w == 1 else f"{s} ({w}-tuples)" for s, w in zip(f.sizes, f.widths, strict=True)
            )
            lines.append(f"  {f.offset:>8} {f.count:>8}  {f.kind}" + (f"  [{dims}]" if dims else ""))
        return "\n".join(lines)


class LegalSlots:
    """A legal list with its slots (`ids`, entry i the slot of legal[i]): the mask, and
    index -> legal action."""

    __slots__ = ("_where", "ids", "legal")

    def __init__(self, ids: list[int], legal: list[Action]) -> None:
        self.ids = ids
        self.legal = legal
        self._where: dict[int, int] | None = None

    @property
    def slots(self) -> np.ndarray:
        return np.array(self.ids, dtype=np.int64)

    def mask(self, size: int) -> np.ndarray:
        out = np.zeros(size, dtype=np.int8)
        out[self.ids] = 1
        return out

    def action(self, index: int) -> Action:
        """The legal action in slot `index`; ActionIndexError where none is."""
        if self._where is None:
            self._where = {s: i for i, s in enumerate(self.ids)}
        at = self._where.get(int(index))
        if at is None:
            raise ActionIndexError(f"action index {index} is not legal now ({len(self.legal)} legal actions)")
        return self.legal[at]


def _width(name: str, kind: str, d: int, values: list[Any]) -> int:
    if not values:
        return 1
    tuples = [isinstance(v, tuple) for v in values]
    if not any(tuples):
        return 1
    lengths = {len(v) for v in values if isinstance(v, tuple)}
    if not all(tuples) or len(lengths) != 1 or min(lengths) < 2:
        raise ValueError(f"{name}: joint domain {d} of {kind!r} mixes values and tuples or tuple lengths")
    return lengths.pop()


def _flat(action: Action) -> list[Any]:
    return [p for part in action for p in (part if isinstance(part, tuple) else (part,))]
