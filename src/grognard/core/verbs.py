"""Actions and their declared shapes (issue 21, DESIGN.md "The contract").

An action is a plain JSON tuple, `(verb, *arguments)`: the log, saves, replays and the
wire carry it as a list. What each position means is declared once per ruleset, as a
table of `Verb`s (names and kinds of the arguments, the rule it plays), held in a
`Verbs` registry (`Ruleset.verbs`), so that no reader parses by position:

- `Verbs.args` reads an action's arguments by name (why-not messages, AIs);
- `Verbs.refusal` says, in words naming the expected arguments, why an action has no
  declared shape; `State.apply` and `State.why_illegal` give that answer for a
  declared verb with a malformed action (a wrong count, a dict or a list as an
  argument: `Verbs.misshapen`), and the ruleset's own explanation only for well-shaped
  ones; an unknown verb gets the core's answer, which names the question asked;
- a ruleset's RL index reads the kinds (`Verbs.with_first`, `Verb.kinds`);
- `Verbs.declarations` is the table as JSON, served with a ruleset's board data.

A verb may take fewer than all its arguments (`short`: the counts it also takes, its
first arguments only), or repeat its last one (`many`). Argument kinds are the
ruleset's words (a unit, a hex, a block); each ruleset's table lists its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction

Action = tuple[Any, ...]
#: the types an action's argument may have: JSON's scalars
SCALARS = (str, int, float, bool, type(None))


def action_key(action: Action) -> tuple[tuple[int, Any], ...]:
    """Sort key for actions that may mix ints and strings at one position."""
    return tuple((0, part) if isinstance(part, int) else (1, str(part)) for part in action)


def sort_actions(actions: Iterable[Action]) -> list[Action]:
    """Actions in `action_key` order; plain tuple order is the same and much faster
    whenever no position mixes ints and strings, so try that first."""
    try:
        return sorted(actions)
    except TypeError:
        return sorted(actions, key=action_key)


def as_action(value: Any) -> Action:
    """An action from its JSON form (a list) or a tuple; nested lists become tuples."""
    if type(value) is tuple:
        for part in value:
            if isinstance(part, list):
                break
        else:
            return value  # already an action (the usual case): nothing to convert
    if isinstance(value, (list, tuple)):
        return tuple(as_action(v) if isinstance(v, list) else v for v in value)
    raise IllegalAction(f'an action is a list such as ["end_phase"], not {value!r}')


#: A verb's argument names, its argument counts, and a `many` verb's fewest arguments
#: in full (None for the others): what `Verbs.args` checks an action against.
Shape = tuple[tuple[str, ...], frozenset[int], int | None]


class BadAction(ValueError):
    """An action whose shape no verb declares."""


@dataclass(frozen=True)
class Verb:
    """One verb: `args` as (name, kind) pairs; `rule` the rule numbers it plays (the
    ruleset's cases file); `many` when the last argument repeats; `short` the other
    counts of arguments it takes (its first ones); `index` the RL domains when they
    are not the arguments' own kinds; `only` the option or scenario system that offers
    it, when not every game does."""

    name: str
    args: tuple[tuple[str, str], ...]
    rule: str
    many: bool = False
    index: tuple[str, ...] | None = None
    only: str | None = None
    short: tuple[int, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.args)

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(kind for _, kind in self.args)

    def takes(self) -> str:
        """The arguments in words: "move takes (unit, to)"."""
        names = ", ".join(self.names) + (" ..." if self.many else "")
        also = "".join(f" or ({', '.join(self.names[:n])})" for n in self.short)
        return f"{self.name} takes ({names}){also}"

    def counts(self) -> tuple[int, ...]:
        """The argument counts it takes (a `many` verb: these or more)."""
        return (len(self.args) - (1 if self.many else 0), *self.short)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"args": [list(a) for a in self.args], "many": self.many, "rule": self.rule}
        if self.short:
            out["short"] = list(self.short)
        return out


class Verbs:
    """A ruleset's verbs, by name (`Ruleset.verbs`)."""

    def __init__(self, game: str, verbs: Iterable[Verb]) -> None:
        self.game = game
        self.verbs = tuple(verbs)
        self.by_name = {v.name: v for v in self.verbs}
        if len(self.by_name) != len(self.verbs):
            raise ValueError(f"{game}: a verb is declared twice")
        # each verb's names and argument counts, worked out once: `args` is asked for
        # every action an AI scores (a Viktory II search turn: 360,000 times)
        self._shapes = {
            v.name: (v.names, frozenset(v.counts()), v.counts()[0] if v.many else None) for v in self.verbs
        }

    def __iter__(self) -> Iterator[Verb]:
        return iter(self.verbs)

    def __len__(self) -> int:
        return len(self.verbs)

    def __getitem__(self, name: str) -> Verb:
        return self.by_name[name]

    def with_first(self, kind: str) -> frozenset[str]:
        """The verbs whose first argument is of `kind`."""
        return frozenset(v.name for v in self.verbs if v.args and v.args[0][1] == kind)

    def refusal(self, action: Sequence[Any]) -> str | None:
        """None when `action` has a declared shape; else why not, naming the verb's
        arguments (or the verbs, for an unknown one)."""
        shape = self._shape_of(action)
        if shape is not None and self._well_formed(shape, action):
            return None
        return self._why_misshapen(action)

    def _shape_of(self, action: Sequence[Any]) -> Shape | None:
        """The declared shape of the action's verb; None for an unknown verb."""
        return self._shapes.get(action[0]) if action and isinstance(action[0], str) else None

    def _why_misshapen(self, action: Sequence[Any]) -> str:
        """The words of `refusal` for an action already found misshapen."""
        if self._shape_of(action) is None:
            known = ", ".join(sorted(self.by_name))
            return f"unknown action {list(action)!r}: the actions of {self.game} are {known}"
        verb = self.by_name[action[0]]
        rest = action[1:]
        odd = [part for part in rest if not isinstance(part, SCALARS)]
        why = f" ({odd[0]!r} is not a string or a number)" if odd else ""
        return f"{verb.takes()}, not {list(rest)!r}{why}"

    def misshapen(self, action: Sequence[Any]) -> str | None:
        """`refusal` for an action of a declared verb; None for an unknown verb (the
        core's answer, which names the question being asked, says more)."""
        if self._shape_of(action) is None:
            return None
        return self.refusal(action)

    def args(self, action: Sequence[Any]) -> dict[str, Any]:
        """The action's arguments by name (a `many` argument is a tuple; arguments a
        `short` form leaves out are missing). Raises BadAction when it has no
        declared shape."""
        shape = self._shape_of(action)
        if shape is None or not self._well_formed(shape, action):
            raise BadAction(self._why_misshapen(action))
        names, _counts, least = shape
        rest = tuple(action[1:])
        if least is not None and len(rest) >= len(names) - 1:
            fixed = len(names) - 1
            named = dict(zip(names[:fixed], rest[:fixed], strict=True))
            named[names[-1]] = rest[fixed:]
            return named
        return dict(zip(names, rest, strict=False))

    @staticmethod
    def _well_formed(shape: Shape, action: Sequence[Any]) -> bool:
        """Whether an action of a declared verb has its shape: a count the verb takes
        (`least`: a `many` verb's fewest arguments in full, else None), every argument
        a string or a number."""
        _names, counts, least = shape
        count = len(action) - 1
        if count not in counts and not (least is not None and count >= least):
            return False
        return all(isinstance(part, SCALARS) for part in action[1:])

    def declarations(self) -> dict[str, Any]:
        """The table as JSON (for the browser): each verb's arguments and rule."""
        return {v.name: v.to_json() for v in self.verbs}
