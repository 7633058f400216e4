"""Errors the core raises; every one carries a reason a person can read."""

from __future__ import annotations


class GrognardError(Exception):
    """Base class of the errors grognard raises on purpose."""


class IllegalAction(GrognardError):
    """An action that is not in the acting role's legal list; the state is untouched."""


class UnknownRuleset(GrognardError):
    """No ruleset is registered under that id."""


class UnknownAgent(GrognardError):
    """No agent of that name, or none for that ruleset (here, not with the agents, so
    that the command line can tell it apart without loading them)."""


class BadOptions(GrognardError):
    """A scenario or option value the ruleset does not accept."""


class BadSaveFile(GrognardError):
    """A save or replay file that cannot be read or does not match its ruleset."""


class BadSetting(GrognardError):
    """A setting of the program that cannot be used, such as a database URL (the
    caller's to fix: exit code 2 on the command line)."""
