"""The command line's parameters on Click: plain-text help with an Arguments section and
each value's type beside its option (`--seed <int range>`, `--save <path>`), arguments
with help of their own, whole numbers checked against their bounds, and a misspelt
command answered with the nearest ones.

Click, not a framework on top of it: Typer checks arguments through pydantic, which
alone costs more CPU than `grognard --help` may (issue 24: under 0.15 s).
"""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click
from click.formatting import join_options

F = TypeVar("F", bound=Callable[..., Any])

if TYPE_CHECKING:  # generic in the Click that type-checks this (8.5), plain before 8.3
    _IntType = click.ParamType[int, Any]
    _PathType = click.ParamType[Path, Any]
else:
    _IntType = _PathType = click.ParamType


class Whole(_IntType):
    """A whole number within optional bounds, shown in help as `<int range>`."""

    name = "int range"

    def __init__(self, low: int | None = None, high: int | None = None) -> None:
        self.low = low
        self.high = high

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            number = value
        else:
            try:
                number = int(str(value).strip())
            except ValueError:
                self.fail("Input should be a valid integer, unable to parse string as an integer", param, ctx)
        if self.low is not None and number < self.low:
            self.fail(f"Input should be greater than or equal to {self.low}", param, ctx)
        if self.high is not None and number > self.high:
            self.fail(f"Input should be less than or equal to {self.high}", param, ctx)
        return number

    def describe(self) -> str:
        """The bounds as help shows them: `x>=0`, `1<=x<=65535`."""
        if self.low is not None and self.high is not None:
            return f"{self.low}<=x<={self.high}"
        if self.low is not None:
            return f"x>={self.low}"
        return "" if self.high is None else f"x<={self.high}"


class PathValue(_PathType):
    """A file path, as given (no check here: each command says what is wrong with it)."""

    name = "path"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Path:
        return value if isinstance(value, Path) else Path(value)


class _Option(click.Option):
    """An option whose help names its value's type and shows its default and bounds."""

    def __init__(
        self, *args: Any, label: str = "str", lazy_help: Callable[[], str] | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.label = label
        self.lazy_help = lazy_help  # help that costs an import: written only when shown

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        names = join_options(self.opts)[0]
        if not self.is_flag:
            names += f" <{self.label}>"
        extra = []
        if isinstance(self.default, int | str) and not self.is_flag:
            extra.append(f"default: {self.default}")
        if isinstance(self.type, Whole) and self.type.describe():
            extra.append(self.type.describe())
        if self.required:
            extra.append("required")
        text = self.lazy_help() if self.lazy_help is not None else self.help or ""
        if extra:
            text = f"{text}  [{'; '.join(extra)}]" if text else f"[{'; '.join(extra)}]"
        return names, text


class _Argument(click.Argument):
    """A positional argument with help, listed under Arguments and written `{name}` in
    the usage line."""

    def __init__(self, *args: Any, help: str = "", label: str = "str", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help = help
        self.label = label

    def _name(self) -> str:
        return self.name or ""

    def get_help_record(self, ctx: click.Context) -> tuple[str, str]:
        many = "..." if self.nargs != 1 else ""
        text = f"{self.help}  [required]" if self.required else self.help or ""
        return f"{self._name()}{many} <{self.label}>", text

    def get_usage_pieces(self, ctx: click.Context) -> list[str]:
        name = f"{{{self._name()}}}" if self.required else f"[{self._name()}]"
        return [name + ("..." if self.nargs != 1 else "")]

    def get_error_hint(self, ctx: click.Context | None) -> str:
        return f"'{self._name()}'"


def _format_help(command: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    """Usage, description, Arguments, Options (and, for a group, its commands)."""
    command.format_usage(ctx, formatter)
    command.format_help_text(ctx, formatter)
    rows: dict[str, list[tuple[str, str]]] = {"argument": [], "option": []}
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is not None and param.param_type_name in rows:
            rows[param.param_type_name].append(record)
    for title, kind in (("Arguments", "argument"), ("Options", "option")):
        if rows[kind]:
            with formatter.section(title):
                formatter.write_dl(rows[kind])
    if isinstance(command, click.Group):
        command.format_commands(ctx, formatter)
    command.format_epilog(ctx, formatter)


class Command(click.Command):
    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_help(self, ctx, formatter)


class Group(click.Group):
    """Commands listed in the order they are defined; a misspelt one gets suggestions."""

    command_class = Command

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        _format_help(self, ctx, formatter)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name = args[0] if args else ""
        if not args or name in self.commands or name.startswith("-"):
            return super().resolve_command(ctx, args)
        message = f"No such command {name!r}."
        matches = get_close_matches(name, list(self.commands))
        if matches:
            message = f"{message[:-1]}. Did you mean {', '.join(repr(m) for m in matches)}?"
        raise click.UsageError(message, ctx)


def option(*decls: str, label: str = "str", **kwargs: Any) -> Callable[[F], F]:
    """`click.option` with the value's type named in help (`label`)."""
    return click.option(*decls, cls=_Option, label=label, **kwargs)


def argument(name: str, help: str, label: str = "str", **kwargs: Any) -> Callable[[F], F]:
    """`click.argument` with a help text (`label`: the value's type, for help)."""
    return click.argument(name, cls=_Argument, help=help, label=label, **kwargs)


def ruleset_argument() -> Callable[[F], F]:
    return argument("ruleset", help="Ruleset id (see `grognard rulesets`).")


def option_list(*decls: str, help: str) -> Callable[[F], F]:
    """A repeatable KEY=VALUE option."""
    return option(*decls, label="list[str]", multiple=True, help=help)


__all__ = ["Command", "Group", "PathValue", "Whole", "argument", "option", "option_list", "ruleset_argument"]
