"""`grognard ...`: list rulesets, play a game between agents, check a replay, simulate,
run a tournament, write a balance report.

Errors a person can fix (unknown ruleset, agent or option, wrong seat count, bad
arguments, a missing extra) print one line on stderr and exit 2; runtime failures
(unreadable or invalid files) exit 1; a replay that does not verify exits 3. Never a
traceback for those. A command imports the games, NumPy and rich only when it runs,
so `grognard --help` and a usage error cost little.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import click

from grognard.cli_params import Group, PathValue, Whole, argument, option, option_list, ruleset_argument
from grognard.core.errors import (
    BadOptions,
    BadSaveFile,
    BadSetting,
    GrognardError,
    UnknownAgent,
    UnknownRuleset,
)

if TYPE_CHECKING:  # the games, the agents, NumPy, rich and the lab load only in the command that uses them
    from rich.console import Console

    from grognard.core.game import Ruleset
    from grognard.sim.play import GameConfig


@click.group(
    name="grognard",
    cls=Group,
    help="Play, replay and simulate strategic board wargames.",
    no_args_is_help=True,
)
def app() -> None:
    """The `grognard` command group (its help is the group's `help`)."""


class UsageProblem(GrognardError):
    """A command-line argument that cannot be used (exit code 2)."""


class ReplayDoesNotVerify(GrognardError):
    """A replay that was read but does not play again to what it records (exit code 3)."""


#: `grognard replay`'s status for a replay that does not verify (1 is a file that
#: cannot be read or is not a replay; 2 a usage error).
DOES_NOT_VERIFY = 3


#: Errors that are the caller's to fix: exit code 2.
USAGE_ERRORS: tuple[type[Exception], ...] = (
    UnknownRuleset,
    BadOptions,
    UnknownAgent,
    UsageProblem,
    BadSetting,
)


def _seats_help() -> str:
    from grognard.agents.registry import agents_text  # the agents load only to show this help

    return (
        "Agents per role, comma-separated in the role order `grognard rulesets` shows "
        f"(default: all random). Agents: {agents_text()}."
    )


option_opt = option_list("--option", "-o", "option", help="A game option as KEY=VALUE (repeatable).")
scenario_opt = option("--scenario", help="Scenario id (default: the first).")
seats_opt = option("--seats", lazy_help=_seats_help)


def get_ruleset(ref: str) -> Ruleset:
    """The ruleset `ref` names, loading only that game (sim.play.get_ruleset, which also
    takes "package.module:NAME", loads NumPy for the lab: only for such a reference)."""
    if ":" in ref:
        from grognard.sim.play import get_ruleset as lab_ruleset

        return lab_ruleset(ref)
    from grognard import games

    return games.REGISTRY.get(ref)


def _console() -> Console:
    from rich.console import Console

    return Console(highlight=False)


# ----- argument helpers ------------------------------------------------------------------
def parse_options(pairs: Sequence[str] | None, flag: str = "--option") -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise UsageProblem(f"{flag} wants KEY=VALUE, not {pair!r}")
        options[key.strip()] = value.strip()
    return options


def check_destination(path: Path, flag: str) -> None:
    """Refuse, before a long run, an output file that could not be written at the end."""
    if path.is_dir():
        raise UsageProblem(f"{flag} {path} is a folder; name a file")
    folder = path.parent
    if not folder.is_dir():
        raise UsageProblem(f"{flag} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise UsageProblem(f"{flag} {path}: the folder {folder} is not writable")


def _config(
    ruleset: Ruleset, ruleset_ref: str, seats: str | None, scenario: str | None, options: dict[str, str]
) -> GameConfig:
    """A checked game config: options valid, one known agent per role."""
    from grognard.sim.play import GameConfig, check_seats, make_agents

    _, resolved = ruleset.resolve(scenario, options)
    roles = ruleset.roles(scenario, resolved)
    names = (
        tuple(name.strip() for name in seats.split(","))
        if seats is not None
        else ("random",) * len(roles)
    )
    if any(not name for name in names):
        raise UsageProblem(f"--seats has an empty agent name: {seats!r}")
    config = GameConfig(ruleset=ruleset_ref, seats=names, scenario=scenario, options=options)
    check_seats(ruleset, config)
    make_agents(ruleset, config, 0)
    return config


# ----- commands --------------------------------------------------------------------------
@app.command("rulesets")
def rulesets_cmd() -> None:
    """List the rulesets with their scenarios, each scenario's roles in --seats order,
    and their options."""
    from rich.table import Table

    from grognard import games

    console = _console()
    overview = Table(title="Rulesets (roles in the order --seats takes them, with the default options)")
    overview.add_column("Id", style="bold")
    overview.add_column("Name")
    overview.add_column("Version", justify="right")
    overview.add_column("Scenario", no_wrap=True)
    overview.add_column("Players", justify="right")
    overview.add_column("Roles, in seat order")
    known = list(games.REGISTRY)
    for ruleset in known:
        for i, s in enumerate(ruleset.scenarios):
            roles = ruleset.roles(s.id, ruleset.resolve(s.id, {})[1])
            head = (ruleset.id, ruleset.name, str(ruleset.version)) if i == 0 else ("", "", "")
            players = "/".join(map(str, s.players))
            last = i == len(ruleset.scenarios) - 1
            overview.add_row(*head, s.id, players, ", ".join(roles), end_section=last)
    console.print(overview)
    for ruleset in known:
        table = Table(title=f"{ruleset.id} options")
        table.add_column("Option", style="bold", no_wrap=True)
        table.add_column("Type")
        table.add_column("Default")
        table.add_column("Allowed")
        table.add_column("Description")
        for setting in ruleset.options:
            if setting.choices:
                allowed = ", ".join(map(str, setting.choices))
            elif setting.type == "int":
                lo = "" if setting.min is None else str(setting.min)
                hi = "" if setting.max is None else str(setting.max)
                allowed = f"{lo}..{hi}" if lo or hi else "any"
            elif setting.type == "bool":
                allowed = "true, false"
            else:
                allowed = ""
            # written as --option takes it: true/false, not Python's True/False
            default = str(setting.default).lower() if setting.type == "bool" else str(setting.default)
            table.add_row(setting.id, setting.type, default, allowed, setting.description)
        console.print(table)


@app.command("play")
@ruleset_argument()
@seats_opt
@option("--seed", type=Whole(0), default=0, label="int range", help="Game seed.")
@scenario_opt
@option_opt
@option("--save", type=PathValue(), label="path", help="Write the replay to this file.")
@option("--log", is_flag=True, help="Print the public log as the game goes.")
def play_cmd(
    ruleset: str,
    seats: str | None,
    seed: int,
    scenario: str | None,
    option: tuple[str, ...],
    save: Path | None,
    log: bool,
) -> None:
    """Play one game between agents to its end and print the result."""
    rules = get_ruleset(ruleset)  # first: an unknown id is refused before the lab loads
    from grognard.cli_output import Watcher, result_table
    from grognard.core import replay as replays
    from grognard.sim.play import play as play_game

    config = _config(rules, ruleset, seats, scenario, parse_options(option))
    if save is not None:
        check_destination(save, "--save")
        config = replace(config, keep_replay=True)
    console = _console()
    watcher = Watcher(console, log)
    outcome = play_game(config, seed, watcher)
    if save is not None:  # first: a long game is kept even if what follows fails
        replays.save(save, outcome["replay"])
    watcher.print_board(rules)
    agents = dict(zip(outcome["roles"], outcome["seats"], strict=True))
    console.print(result_table(outcome["result"], agents))
    winners = [outcome["roles"][i] for i in outcome["winners"]]
    if outcome["unfinished"]:
        verdict = "Unfinished (action limit reached)"
    elif outcome["draw"]:
        verdict = f"Draw between {', '.join(winners)}"
    else:
        verdict = f"Winner: {winners[0]} ({agents[winners[0]]})"
    turns = f", {outcome['turns']} turns" if outcome["turns"] is not None else ""
    console.print(f"{verdict} — {outcome['actions']} actions{turns}, seed {seed}")
    if save is not None:
        console.print(f"Replay saved to {save}")


@app.command("serve")
@option("--host", default="127.0.0.1", help="Address to listen on.")
@option("--port", type=Whole(1, 65535), default=8000, label="int range", help="Port to listen on.")
@option(
    "--database-url",
    help="SQLAlchemy URL (default: $GROGNARD_DATABASE_URL, else sqlite:///./grognard.db).",
)
@option(
    "--workers",
    type=Whole(1),
    default=1,
    label="int range",
    help="Server processes (more than 1 needs PostgreSQL).",
)
@option("--smtp-url", help="SMTP server for opt-in turn e-mails ($GROGNARD_SMTP_URL).")
@option("--public-url", help="The server's address in e-mailed links ($GROGNARD_PUBLIC_URL).")
def serve_cmd(
    host: str,
    port: int,
    database_url: str | None,
    workers: int,
    smtp_url: str | None,
    public_url: str | None,
) -> None:
    """Serve the web app: play in the browser against the AI, hot-seat or online."""
    from grognard.server import serve

    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host

    def announce() -> None:
        _console().print(f"grognard: open http://{shown}:{port}/ in a browser (Ctrl+C stops the server)")

    serve(
        host, port, database_url, announce=announce, workers=workers, smtp_url=smtp_url, public_url=public_url
    )


@app.command("replay")
@argument("file", type=PathValue(), label="path", help="A replay file written by `grognard play --save`.")
@option("--verify", is_flag=True, help="Re-apply and check every state digest and the final snapshot.")
def replay_cmd(file: Path, verify: bool) -> None:
    """Print a saved game's log, or verify it. Exit status: 0 it verifies; 1 the file
    cannot be read or is not a replay; 3 it does not replay to what it records (a
    digest or the final snapshot differs, or an action no longer applies)."""
    from rich.text import Text

    from grognard.cli_output import Watcher, result_table
    from grognard.core import replay as replays

    data = replays.load(file)
    ruleset_id = data.get("ruleset")
    if not isinstance(ruleset_id, str):
        raise BadSaveFile(f"{file} names no ruleset")
    rules = get_ruleset(ruleset_id)
    console = _console()
    try:
        if verify:
            problems = replays.verify_replay(data, rules)
        else:
            state = replays.play_replay(data, rules)
    except replays.ActionDoesNotApply as exc:
        raise ReplayDoesNotVerify(f"{file} does not replay: {exc}") from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise BadSaveFile(f"{file} is not a valid replay ({type(exc).__name__}: {exc})") from None
    if not verify:
        watcher = Watcher(console, log=True)
        watcher(state)
        watcher.print_board(rules)
        console.print(result_table(state.result(), None))
        return
    if problems:
        for problem in problems:
            console.print(Text(f"DIFFERENCE: {problem}", style="bold red"))
        raise ReplayDoesNotVerify(f"{file} does not verify ({len(problems)} difference(s))")
    actions = len(data["actions"])
    console.print(
        Text(
            f"OK: {actions} actions re-applied; {len(data.get('digests', []))} state digests and the "
            f"final snapshot match ({rules.id} v{rules.version}, seed {data.get('seed')})",
            style="bold green",
        )
    )


backend_opt = option(
    "--backend",
    default="local",
    help="Where games run: local (processes) or ray (a local instance, or the cluster at --address).",
)
address_opt = option("--address", help="Ray cluster address (with --backend ray), e.g. 10.0.0.5:6379")
out_opt = option(
    "--out",
    type=PathValue(),
    label="path",
    help="Stream every game's result to this JSON Lines file; an interrupted run resumes from it.",
)
replays_opt = option("--replays", is_flag=True, help="Keep every game's replay in the results file.")
workers_opt = option(
    "--workers", type=Whole(1), default=1, label="int range", help="Worker processes (or Ray CPUs)."
)
master_seed_opt = option("--seed", type=Whole(0), default=0, label="int range", help="Master seed.")


def _check_backend(backend: str, address: str | None) -> None:
    from grognard.sim.runner import BACKENDS

    if backend not in BACKENDS:
        raise UsageProblem(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address and backend != "ray":
        raise UsageProblem("--address is a Ray cluster's: add --backend ray")
    if backend == "ray":
        try:
            import ray  # noqa: F401  (the runner imports it again; checked here, before any game)
        except ImportError as exc:
            raise UsageProblem(f"the ray backend needs Ray ({exc}): pip install 'grognard[ray]'") from None


@app.command("simulate")
@ruleset_argument()
@option("--games", type=Whole(1), default=100, label="int range", help="Number of games.")
@seats_opt
@workers_opt
@master_seed_opt
@option("--rotate", is_flag=True, help="Rotate seats over roles from game to game.")
@option("--json", "json_out", type=PathValue(), label="path", help="Write the summary as JSON here.")
@scenario_opt
@option_opt
@backend_opt
@address_opt
@out_opt
@replays_opt
def simulate_cmd(
    ruleset: str,
    games: int,
    seats: str | None,
    workers: int,
    seed: int,
    rotate: bool,
    json_out: Path | None,
    scenario: str | None,
    option: tuple[str, ...],
    backend: str,
    address: str | None,
    out: Path | None,
    replays: bool,
) -> None:
    """Play many games between agents and report win rates and game lengths."""
    _check_backend(backend, address)
    rules = get_ruleset(ruleset)
    from grognard.cli_output import Bar, lengths, summary_table
    from grognard.sim.local import simulate as simulate_games

    config = replace(_config(rules, ruleset, seats, scenario, parse_options(option)), keep_replay=replays)
    for path, flag in ((out, "--out"), (json_out, "--json")):
        if path is not None:
            check_destination(path, flag)
    console = _console()
    with Bar(console, rules.id, games) as bar:
        summary = simulate_games(config, games, seed, workers, bar, rotate, backend, address, out)
    console.print(summary_table(summary))
    console.print(lengths(summary))
    if out is not None:
        console.print(f"Game results in {out} (grognard report {out} makes the HTML report)")
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(summary, indent=2))
        except OSError as exc:
            raise BadSaveFile(f"cannot write {json_out}: {exc.strerror}") from None
        console.print(f"Summary written to {json_out}")


@app.command("tournament")
@ruleset_argument()
@option("--agents", required=True, help="Comma-separated agents, e.g. random,heuristic,mcts:100.")
@option("--games", type=Whole(1), default=20, label="int range", help="Games per pairing (sides alternate).")
@option(
    "--format",
    "format_",
    default="round-robin",
    help="round-robin (every pair) or gauntlet (the first against the rest).",
)
@workers_opt
@master_seed_opt
@scenario_opt
@option_opt
@backend_opt
@address_opt
@out_opt
@replays_opt
@option("--json", "json_out", type=PathValue(), label="path", help="Write the standings as JSON here.")
def tournament_cmd(
    ruleset: str,
    agents: str,
    games: int,
    format_: str,
    workers: int,
    seed: int,
    scenario: str | None,
    option: tuple[str, ...],
    backend: str,
    address: str | None,
    out: Path | None,
    replays: bool,
    json_out: Path | None,
) -> None:
    """Agents against agents on a two-player set-up: win rates and Elo with 95 % intervals."""
    from grognard.cli_output import Bar, standings_table
    from grognard.sim.tournament import FORMATS, tournament_jobs
    from grognard.sim.tournament import tournament as run_tournament

    _check_backend(backend, address)
    if format_ not in FORMATS:
        raise UsageProblem(f"unknown format {format_!r}; formats: {', '.join(FORMATS)}")
    names = [name.strip() for name in agents.split(",")]
    if any(not name for name in names):
        raise UsageProblem(f"--agents has an empty agent name: {agents!r}")
    options = parse_options(option)
    for path, flag in ((out, "--out"), (json_out, "--json")):
        if path is not None:
            check_destination(path, flag)
    try:
        jobs = tournament_jobs(ruleset, names, games, seed, format_, scenario, options)
    except (UnknownAgent, UnknownRuleset, BadOptions):
        raise
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    console = _console()
    with Bar(console, f"{ruleset} tournament", len(jobs)) as bar:
        report = run_tournament(
            ruleset, names, games, seed, format_, scenario, options, backend, workers, address, out, bar,
            replays,
        )
    console.print(standings_table(report))
    if json_out is not None:
        try:
            json_out.write_text(json.dumps(report, indent=2))
        except OSError as exc:
            raise BadSaveFile(f"cannot write {json_out}: {exc.strerror}") from None
        console.print(f"Standings written to {json_out}")


@app.command("report")
@argument(
    "results",
    type=PathValue(),
    nargs=-1,
    required=True,
    label="list[Path]",
    help="Results files written by simulate/tournament --out.",
)
@option(
    "--html", type=PathValue(), label="path", help="The report to write (default: beside the first file)."
)
def report_cmd(results: tuple[Path, ...], html: Path | None) -> None:
    """Write a self-contained HTML balance report (plots inside) from results files."""
    try:
        from grognard.sim.report import write_report  # matplotlib loads only for reports
    except ImportError as exc:
        raise UsageProblem(f"reports need matplotlib ({exc}): pip install 'grognard[report]'") from None
    target = html or results[0].with_suffix(".html")
    check_destination(target, "--html")
    headlines = write_report(list(results), target)
    _console().print(f"Report written to {target}")
    for head in headlines:  # the page warns too; say it where the command was typed
        if len(head["agents"]) > 1:
            agents = ", ".join(head["agents"])
            warning = (f"Warning: agents differ in {head['setup']} ({agents}): its figures are split "
                       "per agent; only mirror matches measure the game alone.")  # fmt: skip
            _console().print(warning, markup=False)


@app.command("odds")
@ruleset_argument()
@option(
    "--attacker",
    required=True,
    help="Attacking units as TYPE:COUNT, e.g. infantry:3,cavalry (victory: IN:4,AR:3, with steps).",
)
@option("--defender", required=True, help="Defending units, written as --attacker.")
@option_list(
    "--set",
    "-s",
    "option",
    help="A battle setting KEY=VALUE (repeatable): terrain, settlement, FLAG=true, cards.attacker=ID",
)
def odds_cmd(ruleset: str, attacker: str, defender: str, option: tuple[str, ...]) -> None:
    """Battle odds for a battle described on the command line, as JSON (every ruleset
    whose battles have odds; a mistake names what is allowed)."""
    from grognard.cli_odds import odds_report

    rules = get_ruleset(ruleset)
    report = odds_report(rules, attacker, defender, parse_options(option, "--set"))
    print(json.dumps(report, indent=2))


# ----- entry point -----------------------------------------------------------------------
def _error(message: str) -> None:
    one_line = " ".join(str(message).split())
    print(f"grognard: error: {one_line}", file=sys.stderr)


def run(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (errors are one line on stderr)."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:  # a bare `grognard`: the help, readable, as for a usage error
        with click.Context(app, info_name="grognard") as ctx:
            print(app.get_help(ctx), file=sys.stderr)
        return 2
    try:
        code = app.main(args=args, prog_name="grognard", standalone_mode=False)
    except click.ClickException as exc:  # argument parsing
        _error(exc.format_message())
        return exc.exit_code
    except click.Abort:  # Click's word for Ctrl+C while it reads the command line
        _error("interrupted")
        return 130
    except USAGE_ERRORS as exc:
        _error(str(exc))
        return 2
    except ReplayDoesNotVerify as exc:
        _error(str(exc))
        return DOES_NOT_VERIFY
    except (GrognardError, OSError, ValueError) as exc:
        _error(str(exc) or type(exc).__name__)
        return 1
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    return code if isinstance(code, int) else 0


def main() -> None:
    """Console-script entry point."""
    sys.exit(run())


if __name__ == "__main__":
    main()
