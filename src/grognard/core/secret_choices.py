"""Simultaneous secret choices: a window in which several seats choose at once.

Many games ask every player the same question at the same time and show the answers
only when all have answered: Victory's purchase, deployment, factory allocation and
production, Virtuti's cards, production and orders, the test game's picks. Each
ruleset used to write the window again (a `done` list, the check that all are done,
the reveal, the call that stops undo); this module is that pattern, once.

A `SecretChoices` step is a `GameStep` with these hooks:

- `seats`        the seats choosing in this window, finished or not;
- `finished`     whether a seat has finished choosing;
- `choose`       apply one of a seat's choices (it changes only that seat's things and
                 logs them to that seat only, `State.log(..., to=[role])`);
- `confirmed`    record that a seat says it has finished (its `confirm` action;
                 by default the seat joins the frame's `"done"` list);
- `reveal`       the one event when the last seat finishes: what was chosen takes
                 effect for everyone, and the flow moves on.

The step itself answers who acts (the seats not finished, in any order) and closes
the window: after each action, once every seat is finished, it marks the state
irreversible and calls `reveal`, exactly once.

What the core contract (DESIGN.md: hidden information, undo) makes of it:

- Views: a seat's choices are its own until the reveal; the ruleset's `_view` shows
  the others only that a seat has chosen or not (the active roles say as much). The
  log lines of a choice go to its seat alone.
- Undo: a seat may take back its own last choice while the window is open, even if
  other seats chose since (`State.undo`; a window's choices are independent of each
  other, so the others' are applied again unchanged). Whether a seat may undo
  depends only on its own choices, so neither undo nor `can_undo` tells one seat
  anything about another's. A seat that finishes changes the active roles, and the
  reveal is irreversible: undo crosses neither (DESIGN.md, Undo).
- Replay: the window is ordinary actions in the history; replaying them in their
  order rebuilds it and the reveal at the same ply.
- An illegal choice is refused by `State.apply` before any hook runs.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar, TypeVar

from .flow import Frame, GameStep
from .game import Action, Role, State

G = TypeVar("G", bound=State)


class SecretChoices(GameStep[G], ABC):
    """A window of simultaneous secret choices (see the module's docstring). `seats` and
    `reveal` are every window's own: a subclass that lacks one cannot be made."""

    #: The action by which a seat says it has finished; None when a seat is finished by
    #: its choices alone (every block placed, its one pick made).
    confirm: ClassVar[Action | None] = ("done",)

    # ----- hooks ---------------------------------------------------------------------
    @abstractmethod
    def seats(self, game: G, frame: Frame) -> list[Role]:
        """The seats choosing in this window, finished or not, in seating order."""

    def finished(self, game: G, frame: Frame, role: Role) -> bool:
        """Whether `role` has finished choosing (default: in the frame's "done" list)."""
        return role in frame["done"]

    def choose(self, game: G, frame: Frame, role: Role, action: Action) -> None:
        """Apply one legal choice of `role` other than `confirm`."""
        raise RuntimeError(f"step {frame['state']} takes no choices but {self.confirm}")

    def confirmed(self, game: G, frame: Frame, role: Role) -> None:
        """Record that `role` has finished (its `confirm` action)."""
        frame["done"].append(role)

    @abstractmethod
    def reveal(self, game: G, frame: Frame) -> None:
        """Every seat has finished: make the choices known and move the flow on."""

    # ----- the window ----------------------------------------------------------------
    def actors(self, game: G, frame: Frame) -> list[Role]:
        return [r for r in self.seats(game, frame) if not self.finished(game, frame, r)]

    def apply(self, game: G, frame: Frame, role: Role, action: Action) -> None:
        if self.confirm is not None and action == self.confirm:
            self.confirmed(game, frame, role)
        else:
            self.choose(game, frame, role, action)
        self.close_if_all_chose(game, frame)

    def close_if_all_chose(self, game: G, frame: Frame) -> bool:
        """Reveal, once, when every seat has finished; whether it did."""
        if any(not self.finished(game, frame, r) for r in self.seats(game, frame)):
            return False
        game.mark_irreversible()  # the reveal: undo may not cross it
        self.reveal(game, frame)
        return True

    def independent_choices(self, game: G, frame: Frame) -> bool:
        """Whether the seats' choices in this window are independent, so that one seat
        may undo its own last choice after another seat chose (State.undo). True for a
        window proper; a step that also asks questions in turn (Victory's deployment
        under the fog-of-war option) says False then."""
        return True
