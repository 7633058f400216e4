"""The Game/State contract every ruleset implements (DESIGN.md, "The contract").

A `Ruleset` is an immutable factory: its id, version, scenarios and options, the
roles of a game, and `new_game`. A `State` is one game in progress. Its whole
content is plain JSON-safe data (`state.data`), so that cloning, saving, replaying
and undoing are generic and live here, once, for every ruleset.

A ruleset's State subclass implements six small hooks:

- `_active_roles()`           who must decide now (several for secret choices);
- `_legal_actions(role)`      the actions that role may take (any order);
- `_apply(role, action)`      change `self.data` for a legal action;
- `_view(role)`               the board as that role may see it (`None` = observer);
- `_prompt(role)`             the question being asked, in words;
- `_result()`                 `None` while the game runs, else a score per role.

Everything else (sorting, validation, the undo window, the log, dice, JSON) is here,
and `why_illegal`, which says why an action is refused (the ruleset may give its own
words: `Ruleset.explain_illegal`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, TypeVar

import msgspec

from .errors import BadOptions, BadSaveFile, IllegalAction
from .frozen import Frozen
from .logreader import LogAddress as LogAddress
from .logreader import LogReader, Snapshot
from .logreader import Role as Role
from .odds import Odds
from .rng import RNG_VERSION, RNG_VERSIONS, Rng
from .schema import Option, Scenario, resolve_options
from .verbs import Action as Action
from .verbs import Verbs
from .verbs import action_key as action_key
from .verbs import as_action as as_action
from .verbs import sort_actions as sort_actions

Result = dict[Role, float]
S = TypeVar("S", bound="State")

# The log's version (its wording and lines' form): a replay checks every state's digest,
# log included, so a game keeps its version (`meta`; none: 1) and a ruleset asks
# `State.log_version` which words to write. 2: a line may be hidden from some roles
# (`log(text, all_but=...)`); Victory and Viktory II name units as a person would.
LOG_VERSION = 2
LOG_VERSIONS = (1, 2)

_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


class Ruleset(ABC):
    """One game's rules: a factory of States. Subclasses set the class attributes."""

    id: ClassVar[str]
    name: ClassVar[str]
    version: ClassVar[int]
    scenarios: ClassVar[tuple[Scenario, ...]]
    options: ClassVar[tuple[Option, ...]]
    state_class: ClassVar[type[State]]
    # the modules of the ruleset's package that implement the tools' seams (grognard/seams.py):
    # seam name -> module, relative to the ruleset's package, e.g. {"heuristic": ".ai"}
    seams: ClassVar[Mapping[str, str]] = {}

    def scenario(self, scenario_id: str | None) -> Scenario:
        if scenario_id is None:
            return self.scenarios[0]
        for scenario in self.scenarios:
            if scenario.id == scenario_id:
                return scenario
        known = ", ".join(s.id for s in self.scenarios)
        raise BadOptions(f"{self.id} has no scenario {scenario_id!r}; scenarios: {known}")

    def resolve(
        self, scenario: str | None, options: Mapping[str, Any] | None
    ) -> tuple[Scenario, dict[str, Any]]:
        """The scenario and the full, validated option values."""
        chosen = self.scenario(scenario)
        resolved = resolve_options(self.options, options or {})
        self.check_options(chosen, resolved)
        return chosen, resolved

    def check_options(self, scenario: Scenario, options: dict[str, Any]) -> None:
        """Cross-option checks; raise BadOptions with a reason. Default: none."""

    #: each verb's declared shape (core/verbs.py): a malformed action is refused with
    #: the verb's expected arguments, before `explain_illegal` reads it; None: undeclared
    verbs: ClassVar[Verbs | None] = None

    @abstractmethod
    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[Role]:
        """The roles of a game with these settings, in seating order."""

    @abstractmethod
    def setup(self, state: State) -> None:
        """Fill `state.data` for a new game (the RNG, log and flow already exist)."""

    def new_game(
        self,
        scenario: str | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int = 0,
        rng_version: int = RNG_VERSION,
        log_version: int = LOG_VERSION,
    ) -> State:
        """A new game. `rng_version` and `log_version` are for replaying games recorded
        with an older generator or log wording; new games always use the current ones."""
        chosen, resolved = self.resolve(scenario, options)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise BadOptions(f"seed must be a non-negative whole number, not {seed!r}")
        if rng_version not in RNG_VERSIONS:
            raise BadOptions(f"unknown RNG version {rng_version!r}; this code knows {list(RNG_VERSIONS)}")
        if log_version not in LOG_VERSIONS:
            raise BadOptions(f"unknown log version {log_version!r}; this code knows {list(LOG_VERSIONS)}")
        meta = {
            "ruleset": self.id,
            "ruleset_version": self.version,
            "rng_version": rng_version,
            "log_version": log_version,
            "scenario": chosen.id,
            "options": resolved,
            "seed": seed,
        }
        roles = self.roles(chosen.id, resolved)
        state = self.state_class(self, meta, _new_data(seed, rng_version, roles))
        self.setup(state)
        state._after_change(None, None)
        return state

    def render_text(self, view: dict[str, Any]) -> list[list[tuple[str, str | None]]] | None:
        """The board of a view as rows of (text, role-or-None) segments for a terminal;
        None when the ruleset has no text picture."""
        return None

    def board_data(self) -> dict[str, Any] | None:
        """Fixed data a browser board draws with and that no view carries (a map's
        shapes, card and unit names): the same for every game and seat, so it is
        served once (GET /api/rulesets/{id}/board-data) rather than in every view.
        None when the ruleset has none."""
        return None

    # ----- battle odds (optional; core/odds.py, docs/adding-a-ruleset.md) ------------
    def odds_form(self) -> dict[str, Any] | None:
        """The fields of a hypothetical battle for the odds calculator; None = no odds."""
        return None

    def odds(self, description: Mapping[str, Any]) -> Odds:
        """The odds of a battle given in the `odds_form` shape (raise core.odds.BadBattle)."""
        from .odds import BadBattle

        raise BadBattle(f"{self.name} has no odds calculator yet")

    def battle_at(
        self, state: State, role: Role | None, where: str, action: Action | None = None
    ) -> dict[str, Any] | None:
        """The battle role could start, or is fighting, at `where` (or the attack that
        the legal `action` would make there, such as a bombardment), described from
        state.view(role) only (None: the observer, who starts nothing); None when
        there is none (or no odds)."""
        return None

    # ----- "why can't I?" (optional; State.why_illegal) ---------------------------
    def explain_illegal(self, state: State, role: Role, action: Action) -> str | None:
        """Why `action`, which is not legal for `role` now (role is active and the game
        runs), is refused, in the rules' words with their numbers; None when the
        ruleset has nothing better than the generic answer. Answer only from what
        `role` may know: the reason goes to that seat's browser."""
        return None

    def describe(self) -> dict[str, Any]:
        """JSON description for UIs and `grognard rulesets`."""
        return {
            "id": self.id,
            "name": self.name,
            "version": self.version,
            "scenarios": [s.to_json() for s in self.scenarios],
            "options": [o.to_json() for o in self.options],
        }


def _new_data(seed: int, rng_version: int, roles: list[Role]) -> dict[str, Any]:
    return {"roles": roles, "rng": Rng.new_state(seed, rng_version), "log": [], "flow": []}


def _undo_window(saved: Any, plies: int) -> tuple[int | None, bytes]:
    """The undo window of a saved game: `{"from": ply, "base": data}`, or None; older
    saves hold a list of `[role, ply, encoded data]` per undoable action, base first."""
    if not saved:
        return None, b""
    if isinstance(saved, list):
        start, base = int(saved[0][1]), str(saved[0][2]).encode()
    else:
        start, base = int(saved["from"]), _encode(saved["base"])
    if not 0 <= start < plies:
        raise ValueError(f"undo window from ply {start}, but the game has {plies} plies")
    return start, base


class State(ABC):
    """One game. `data` is the whole game state; the rest is bookkeeping around it."""

    #: Set False for fast headless play: no undo snapshots are kept.
    keep_undo: bool = True

    def __init__(self, ruleset: Ruleset, meta: dict[str, Any], data: dict[str, Any]) -> None:
        self.ruleset = ruleset
        self.meta = meta
        self.data = data
        self.history: list[tuple[Role, Action]] = []
        # The undo window: history[_undo_from:] are undoable actions, and _undo_base is
        # the game data just before the first of them, encoded. Undo restores the base
        # and applies the others again (they drew no dice, so that is exact), which
        # keeps one copy of the data however long the window grows: a copy per action
        # made a Viktory II snapshot 1.3 MB after fifteen moves of one movement phase.
        self._undo_from: int | None = None
        self._undo_base = b""
        # whether every action of the window was a seat's choice in a window of secret
        # choices (core/secret_choices.py): then each seat may undo its own last choice
        # even after other seats chose
        self._undo_by_seat = False
        self._legal_cache: dict[Role, tuple[list[Action], frozenset[Action]]] = {}
        self._irreversible = False

    # ----- the hooks a ruleset implements -----------------------------------------
    @abstractmethod
    def _active_roles(self) -> list[Role]: ...

    @abstractmethod
    def _legal_actions(self, role: Role) -> Iterable[Action]: ...

    @abstractmethod
    def _apply(self, role: Role, action: Action) -> None: ...

    @abstractmethod
    def _view(self, role: Role | None) -> dict[str, Any]:
        """The board part of `role`'s view: what it may know of the position, JSON-safe.
        It may hold the game's own data rather than copies: `view` copies it whole (an
        encoding and a decoding, far cheaper than `copy.deepcopy` record by record)."""

    @abstractmethod
    def _prompt(self, role: Role | None) -> str: ...

    @abstractmethod
    def _result(self) -> Result | None: ...

    def _independent_choices(self) -> bool:
        """Whether the question now is a window of simultaneous secret choices whose
        seats' choices are independent of each other (core/secret_choices.py), so that
        a seat may undo its own last choice after others chose. Default: no."""
        return False

    # ----- the contract ------------------------------------------------------------
    @property
    def roles(self) -> list[Role]:
        return list(self.data["roles"])

    @property
    def rng(self) -> Rng:
        return Rng(self.data["rng"])

    def active_roles(self) -> list[Role]:
        if self.result() is not None:
            return []
        return self._active_roles()

    def is_over(self) -> bool:
        return self.result() is not None

    def result(self) -> Result | None:
        return self._result()

    def end_reason(self) -> str | None:
        """Why the game ended, in words anyone may read (the lobby, the API, mail):
        None while it runs. Every ruleset logs, for everyone, who won and why when
        it ends a game, so the default is that public line; a ruleset adds what the
        line leaves out by overriding `_end_reason`. Never a secret: it reads only
        what a spectator reads."""
        if not self.is_over():
            return None
        return self._end_reason(self.log_for(None))

    def _end_reason(self, public_log: list[str]) -> str | None:
        """The reason from the public log of a finished game (see `end_reason`)."""
        return public_log[-1] if public_log else None

    def legal_actions(self, role: Role) -> list[Action]:
        """The complete, sorted, duplicate-free list of `role`'s legal actions now."""
        return list(self._legal(role)[0])

    def is_legal(self, role: Role, action: Action) -> bool:
        return action in self._legal(role)[1]

    def _legal(self, role: Role) -> tuple[list[Action], frozenset[Action]]:
        """The legal list and set of `role`, computed once per state."""
        cached = self._legal_cache.get(role)
        if cached is None:
            if role not in self.active_roles():
                cached = ([], frozenset())
            else:
                listed = list(self._legal_actions(role))
                unique = frozenset(listed)
                # without duplicates the list sorts to the same order, and much faster
                # when the ruleset lists its actions in order already (Victory's moves)
                cached = (sort_actions(listed if len(listed) == len(unique) else unique), unique)
            self._legal_cache[role] = cached
        return cached

    def _refusal(self, role: Role) -> tuple[str | None, list[Role]]:
        """(why `role` may do nothing now: unknown role, game over, not its turn; or
        None) and the active roles (asked once: rulesets may find it costly)."""
        if role not in self.data["roles"]:
            return f"unknown role {role!r}; roles: {', '.join(self.data['roles'])}", []
        if self.is_over():
            return "the game is over", []
        active = self.active_roles()
        if role not in active:
            return f"{role} is not to act now (waiting for {', '.join(active)})", active
        return None, active

    def _not_legal(self, role: Role, act: Action) -> str:
        return f"{list(act)} is not a legal action for {role} now: {self._prompt(role)}"

    def _listed(self, role: Role, act: Action) -> bool:
        try:
            return act in self._legal(role)[1]
        except TypeError:  # an unhashable part (a dict): no legal action has one
            return False

    def _misshapen(self, act: Action) -> str | None:
        """Why `act` has no declared shape (Ruleset.verbs), or None."""
        return self.ruleset.verbs.misshapen(act) if self.ruleset.verbs is not None else None

    def why_illegal(self, role: Role, action: Action | list[Any]) -> str | None:
        """None when `action` is legal for `role` now; else why not: the core's reason
        when the role may do nothing now, else the declared shape a misshapen action
        misses (Ruleset.verbs), else the ruleset's (Ruleset.explain_illegal), else the
        generic one that `apply` gives. Changes nothing."""
        act = as_action(action)
        refusal, _ = self._refusal(role)
        if refusal is not None:
            return refusal
        if self._listed(role, act):
            return None
        misshapen = self._misshapen(act)
        return misshapen or self.ruleset.explain_illegal(self, role, act) or self._not_legal(role, act)

    def apply(self, role: Role, action: Action | list[Any]) -> None:
        """Apply a legal action; anything else raises IllegalAction and changes nothing."""
        act = as_action(action)
        refusal, before_active = self._refusal(role)
        if refusal is not None:
            raise IllegalAction(refusal)
        if not self._listed(role, act):
            raise IllegalAction(self._misshapen(act) or self._not_legal(role, act))
        # a new undo window needs the data before its first action, and every undo
        # check the dice count; fast headless play needs neither
        opens_window = self.keep_undo and self._undo_from is None
        snapshot = _encode(self.data) if opens_window else b""
        draws = self.rng.draws if self.keep_undo else 0
        by_seat = self.keep_undo and self._independent_choices()
        self._irreversible = False
        self._apply(role, act)
        self.history.append((role, act))
        reversible = (
            self.keep_undo
            and not self._irreversible
            and self.rng.draws == draws
            and self.active_roles() == before_active
        )
        if not reversible:
            self._close_undo_window()
        elif opens_window:
            self._undo_from, self._undo_base = len(self.history) - 1, snapshot
            self._undo_by_seat = by_seat
        else:
            self._undo_by_seat = self._undo_by_seat and by_seat
        self._after_change(role, act)

    def _close_undo_window(self) -> None:
        self._undo_from, self._undo_base, self._undo_by_seat = None, b"", False

    def _after_change(self, role: Role | None, action: Action | None) -> None:
        """Called after setup and after each action; subclasses may extend."""
        self._legal_cache.clear()

    def mark_irreversible(self) -> None:
        """Rules call this on a hidden reveal: undo may not cross it."""
        self._irreversible = True

    def _undo_index(self, role: Role) -> int | None:
        """The ply `undo(role)` takes back: the last action when it is role's, or, in a
        window of secret choices, role's own last choice; None when there is none."""
        if self._undo_from is None:
            return None
        last = len(self.history) - 1
        if self.history[last][0] == role:
            return last
        if self._undo_by_seat:
            for ply in range(last - 1, self._undo_from - 1, -1):
                if self.history[ply][0] == role:
                    return ply
        return None

    def can_undo(self, role: Role) -> bool:
        return self._undo_index(role) is not None

    def undo(self, role: Role) -> None:
        """Take back `role`'s last decision, within the undo window (DESIGN.md, Undo).

        In a window of secret choices that is role's own last choice, even when other
        seats chose since: their choices do not depend on it and are applied again."""
        ply = self._undo_index(role)
        if ply is None:
            raise IllegalAction(
                f"{role} has nothing to undo (a roll, a reveal or another player's turn came since)"
            )
        assert self._undo_from is not None  # _undo_index said so
        start = self._undo_from
        by_seat = ply < len(self.history) - 1
        kept = self.history[start:ply] + self.history[ply + 1 :]
        data, history = self.data, list(self.history)
        self.data = _decode(self._undo_base)
        del self.history[start:]
        if not kept:
            self._close_undo_window()
        self._after_change(None, None)
        for acting, action in kept:
            if by_seat and not self.is_legal(acting, action):  # a window whose choices were not independent
                self.data, self.history = data, history
                self._after_change(None, None)
                needs = f"{acting}'s {list(action)} needs it"
                raise IllegalAction(f"{role}'s last choice cannot be taken back: {needs}")
            self._apply(acting, action)
            self.history.append((acting, action))
            self._after_change(acting, action)

    # ----- log and dice ------------------------------------------------------------
    @property
    def log_version(self) -> int:
        """The log version this game was made with (LOG_VERSION above; 1 when its
        record predates the versions)."""
        version: int = self.meta.get("log_version", 1)
        return version

    def log(
        self, text: str, to: Iterable[Role] | None = None, *, all_but: Iterable[Role] | None = None
    ) -> None:
        """Add a log line; `to` limits it to some roles (a secret of theirs); `all_but`
        hides it from some roles and shows it to everyone else, spectators included
        (the public words of a move whose mover reads its own private line instead).

        Stored as `[text, None]` (everyone), `[text, [roles]]` (those roles only) or
        `[text, {"all_but": [roles]}]`: a reader that knows only the first two forms
        and asks `role in to` hides the third from everyone, never shows a secret."""
        if to is not None and all_but is not None:
            raise ValueError("a log line is either for some roles (to) or for all but some (all_but)")
        if all_but is not None:
            self.data["log"].append([text, {"all_but": sorted(all_but)}])
            return
        self.data["log"].append([text, sorted(to) if to is not None else None])

    def roll(self, count: int, who: Role, why: str, sides: int = 6) -> list[int]:
        """Roll dice through the state's RNG and log them for everyone."""
        dice = self.rng.dice(count, sides)
        if count:
            self.log(f"{who} rolls {' '.join(map(str, dice))} ({why})")
        return dice

    def log_for(self, role: Role | None) -> list[str]:
        """The log lines `role` may read (None: the spectator, public lines only), kept
        between reads (logreader.py)."""
        return self._log_reader().lines_for(self.data["log"], role, self._reads_log_line)

    def _log_reader(self) -> LogReader:
        reader: LogReader | None = self.__dict__.get("_log_cache")
        if reader is None:
            reader = self.__dict__["_log_cache"] = LogReader()
        return reader

    def log_snapshot(self) -> Snapshot:
        """What `log_for` has read of the log as it is now: a copy starts from it."""
        return self._log_reader().snapshot(self.data["log"])

    def adopt_log_snapshot(self, snapshot: Snapshot) -> None:
        """Take `log_snapshot()` of the position this game is a copy of."""
        self.__dict__["_log_cache"] = LogReader.adopted(self.data["log"], snapshot)

    def _reads_log_line(self, role: Role | None, to: LogAddress) -> bool:
        """Whether `role` may read a line addressed to `to` (None: everyone; a dict:
        everyone but its "all_but" roles, the spectator included)."""
        if isinstance(to, dict):
            return role not in to["all_but"]
        return to is None or (role is not None and role in to)

    # ----- views ---------------------------------------------------------------------
    def view(self, role: Role | None) -> dict[str, Any]:
        """What `role` may know, JSON-safe, with its prompt, legal actions and log."""
        return {
            **self._view_head(role),
            "active": self.active_roles(),
            "prompt": self._prompt(role),
            "legal": [list(a) for a in self.legal_actions(role)] if role else [],
            "can_undo": bool(role) and self.can_undo(role or ""),
            "log": self.log_for(role),
            "result": self.result(),
            # a copy: a view must never alias the live game data an agent could change
            "board": _decode(_encode(self._view(role))),
        }

    # ----- copies and JSON -----------------------------------------------------------
    def clone(self: S) -> S:
        return self.freeze().thaw()

    def freeze(self: S) -> Frozen[S]:
        """This position kept for later: its data encoded now, a game made of it only when
        asked (`Frozen.thaw`). The first half of `clone`, for a copy that may never be
        read (an RL info held across a step: rl/envs.py)."""
        return Frozen(self)

    def to_json(self) -> dict[str, Any]:
        """The saved game as JSON-safe data (a copy: nothing in it aliases the game)."""
        decoded: dict[str, Any] = _decode(self.encode_json())
        return decoded

    def encode_json(self) -> bytes:
        """The saved game as JSON bytes, encoded straight from the live data: what a
        server stores after every move. `{"meta", "data", "history": [[role, action]],
        "undo": null or {"from": ply, "base": data, "by_seat"?: true}}` (by_seat: a
        window of secret choices, State._undo_index)."""
        window: dict[str, Any] | None = None
        if self._undo_from is not None:
            window = {"from": self._undo_from, "base": msgspec.Raw(self._undo_base)}
            if self._undo_by_seat:
                window["by_seat"] = True
        return _encode({"meta": self.meta, "data": self.data, "history": self.history, "undo": window})

    @classmethod
    def from_json(cls: type[S], ruleset: Ruleset, blob: Mapping[str, Any]) -> S:
        try:
            meta = dict(blob["meta"])
            if meta["ruleset"] != ruleset.id:
                raise BadSaveFile(f"this is a {meta['ruleset']} game, not {ruleset.id}")
            state = cls(ruleset, meta, _decode(_encode(blob["data"])))
            state.history = [(str(r), as_action(a)) for r, a in blob["history"]]
            state._undo_from, state._undo_base = _undo_window(blob.get("undo"), len(state.history))
            saved = blob.get("undo")
            state._undo_by_seat = isinstance(saved, dict) and saved.get("by_seat") is True
        except (KeyError, TypeError, ValueError) as exc:
            raise BadSaveFile(f"not a saved {ruleset.id} game: {exc}") from None
        state._after_change(None, None)
        return state

    def same_as(self, other: State) -> bool:
        """Equal game data (what replays and round-trips must preserve)."""
        return _encode(self.data) == _encode(other.data)

    # ----- search agents -------------------------------------------------------------
    def search_view(self, role: Role | None) -> dict[str, Any]:
        """`view` as a search's policy and evaluation read it on a position the search
        owns: the board not copied (the copy, and lookups on its fresh strings, took a
        quarter of a Viktory II search), no legal list, prompt or log (test_search_view)."""
        return {**self._view_head(role), "board": self._view(role)}

    def _view_head(self, role: Role | None) -> dict[str, Any]:
        if role is not None and role not in self.data["roles"]:
            raise IllegalAction(f"unknown role {role!r}")
        meta = self.meta
        return {"ruleset": meta["ruleset"], "scenario": meta["scenario"], "options": dict(meta["options"]),
                "role": role, "roles": self.roles}

    def sample_consistent(self: S, role: Role, rng: Rng) -> S:
        """A copy with what `role` cannot know re-drawn, and a fresh generator (the
        current version, keyed from 256 bits of `rng`) so that the copy's dice tell
        nothing about the real ones.

        Perfect-information games only re-seed; rulesets with hidden data override
        `_redraw_hidden`.
        """
        twin = self.clone()
        twin.keep_undo = False
        twin._close_undo_window()
        twin.data["rng"] = Rng.new_state(rng.bits(256))
        twin._redraw_hidden(role, rng)
        twin._after_change(None, None)
        return twin

    @classmethod
    def hides_information(cls) -> bool:
        """Whether this ruleset hides anything from some role: it re-draws hidden data
        in `sample_consistent` (searches and OpenSpiel's adapter ask)."""
        return cls._redraw_hidden is not State._redraw_hidden

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        """Re-draw what `role` may not know; default: nothing is hidden."""
