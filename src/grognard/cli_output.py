"""What the `grognard` commands print: the live log and final board, result, win-rate
and standings tables, and the progress bar (rich). Loaded only by a command that prints
one of them, so that `grognard --help` stays quick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.color import Color, ColorParseError
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from grognard.core.game import Ruleset, State


def role_style(role: str) -> str:
    try:
        Color.parse(role)
    except ColorParseError:
        return "bold cyan"
    return f"bold {role}"


def styled(line: str, roles: Sequence[str]) -> Text:
    text = Text(line)
    if line.startswith("—") or line.startswith("-- "):
        text.stylize("bold")
    elif " rolls " in line:
        text.stylize("magenta")
    for role in roles:
        text.highlight_words([role], role_style(role))
    return text


class Watcher:
    """Keeps the latest state seen (for the final board) and, with `log`, prints the
    public log's new lines after each action."""

    def __init__(self, console: Console, log: bool) -> None:
        self.console = console
        self.log = log
        self.printed = 0
        self.last: State | None = None

    def __call__(self, state: State) -> None:
        self.last = state
        if not self.log:
            return
        lines = state.log_for(None)
        for line in lines[self.printed :]:
            self.console.print(styled(line, state.roles))
        self.printed = len(lines)

    def print_board(self, rules: Ruleset) -> None:
        """The observer's picture of the board, when the ruleset can draw one."""
        rows = rules.render_text(self.last.view(None)) if self.last is not None else None
        for row in rows or []:
            text = Text()
            for chunk, role in row:
                text.append(chunk, style=role_style(role) if role else None)
            self.console.print(text, soft_wrap=True)


def result_table(result: dict[str, float] | None, agents: dict[str, str] | None) -> Table:
    table = Table(title="Result" if result is not None else "Result: the game is not over")
    table.add_column("Role")
    if agents is not None:
        table.add_column("Agent")
    table.add_column("Score", justify="right")
    for role, score in (result or {}).items():
        cells = [agents.get(role, "")] if agents is not None else []
        table.add_row(Text(role, style=role_style(role)), *cells, f"{score:g}")
    return table


class Bar:
    """A rich progress bar as a runner progress callback."""

    def __init__(self, console: Console, label: str, total: int) -> None:
        columns = (
            TextColumn("[progress.description]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
        )
        self.progress = Progress(*columns, console=console, transient=False)
        self.task = self.progress.add_task(label, total=total)

    def __enter__(self) -> Bar:
        self.progress.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.progress.__exit__(None, None, None)

    def __call__(self, done: int, total: int) -> None:
        self.progress.update(self.task, completed=done, total=total)


def standings_table(report: dict[str, Any]) -> Table:
    table = Table(title=f"{report['ruleset']}: {report['format']}, {report['games']} games")
    table.add_column("Agent")
    table.add_column("Elo", justify="right")
    table.add_column("95 % interval", justify="right")
    for row in report["ratings"]:
        lo, hi = row["ci95"]
        table.add_row(row["agent"], f"{row['elo']:+.0f}", f"{lo:+.0f} – {hi:+.0f}")
    matches = Table(title="Head to head")
    for column in ("Agent", "Opponent", "W-D-L", "Win rate", "95 % interval"):
        matches.add_column(column)
    for m in report["matches"]:
        lo, hi = m["ci95"]
        wdl = f"{m['wins']}-{m['draws']}-{m['losses']}"
        matches.add_row(m["agent"], m["opponent"], wdl, f"{m['win_rate']:.1%}", f"{lo:.1%} – {hi:.1%}")
    grid = Table.grid(padding=1)
    grid.add_row(table)
    grid.add_row(matches)
    return grid


def summary_table(summary: dict[str, Any]) -> Table:
    """Win rates by role (seat i plays role i); with the seats rotated, by seat, whose
    agent plays every role in turn, then by role."""
    rotated = " (seats rotated)" if summary["rotate"] else ""
    title = f"{summary['ruleset']}: {summary['games']} games{rotated}"
    roles = [row["role"] for row in summary["per_role"]]
    table = Table(title=title)
    table.add_column("Seat" if summary["rotate"] else "Role", justify="left")
    table.add_column("Agent")
    table.add_column("Wins", justify="right")
    table.add_column("Win rate", justify="right")
    table.add_column("95 % interval", justify="right")
    for row in summary["per_seat"]:
        lo, hi = row["ci95"]
        first = (
            Text(f"seat {row['seat'] + 1}")
            if summary["rotate"]
            else Text(roles[row["seat"]], style=role_style(roles[row["seat"]]))
        )
        table.add_row(first, row["agent"], str(row["wins"]), f"{row['win_rate']:.1%}", f"{lo:.1%} – {hi:.1%}")
    if summary["rotate"]:
        for row in summary["per_role"]:
            lo, hi = row["ci95"]
            cells = (str(row["wins"]), f"{row['win_rate']:.1%}", f"{lo:.1%} – {hi:.1%}")
            table.add_row(Text(row["role"], style=role_style(row["role"])), "(any)", *cells)
    table.add_row("", "draws", str(summary["draws"]), f"{summary['draws'] / summary['games']:.1%}", "")
    if summary["unfinished"]:
        table.add_row("", "unfinished", str(summary["unfinished"]), "", "")
    return table


def lengths(summary: dict[str, Any]) -> Text:
    parts = []
    for key in ("actions", "turns"):
        stats = summary["length"][key]
        if stats is not None:
            parts.append(f"{key}: mean {stats['mean']:.1f}, median {stats['median']:g}")
    return Text("Game length — " + "; ".join(parts))
