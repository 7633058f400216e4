"""The measured difficulty ladder: how strong each level of the web app is, per game.

`benchmarks/ladder.py` plays a round robin among the levels a person picks from
(`registry.AGENT_NAMES`) on each ruleset's default scenario and writes what it
measured to `grognard/data/ladder.json`, shipped in the package: per ruleset, each
level's Elo with its 95 % bootstrap interval (sim/tournament.py) and its record
against the heuristic with the Wilson 95 % interval of its win share, the games
played, the date, the commit and the budgets the levels had. The lobby orders the
levels by that Elo and prints the figures beside them (issue 25); a level or a game
the file does not cover is reported as not measured, never guessed.

The file is validated when it is read (msgspec), so a hand edit that breaks it
fails at start-up with the field named, not in a visitor's lobby.
"""

from __future__ import annotations

from functools import cache
from importlib import resources
from typing import Any

import msgspec

#: The file shipped in the package (grognard/data/ladder.json).
LADDER_FILE = "ladder.json"
#: What the lobby says of a level the file has no figures for on that game.
NOT_MEASURED = "strength not measured on this game yet"
#: What a level's label gains where the ladder shows it clearly strongest.
STRONGEST = " (strongest, as measured)"
#: The level everything is measured against.
REFERENCE = "heuristic"


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A level's games against the heuristic: `share` is wins / games (a draw is not
    a win; unfinished games count as played and not won), with its Wilson interval."""

    games: int
    wins: int
    draws: int
    losses: int
    share: float
    wilson95: tuple[float, float]


class LevelStrength(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    level: str
    #: Bradley-Terry rating on the Elo scale, the ruleset's levels averaging 0
    elo: float
    elo95: tuple[float, float]
    #: games this level played in the round robin (all opponents)
    games: int
    #: None for the heuristic itself (the reference)
    vs_heuristic: Record | None = None


class RulesetLadder(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    scenario: str
    options: dict[str, Any]
    #: games each pair of levels was meant to play; `games` were played
    games_per_pair: int
    games: int
    unfinished: int
    seed: int
    #: UTC date of the run (YYYY-MM-DD) and the commit it ran on
    date: str
    commit: str
    #: what each level stood for in that run (agent name and its budget knobs)
    budgets: dict[str, str]
    #: strongest first
    levels: list[LevelStrength]
    note: str = ""


class Ladder(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    rulesets: dict[str, RulesetLadder]


class BadLadder(ValueError):
    """The ladder file does not parse or breaks its schema."""


def parse(raw: bytes | str) -> Ladder:
    try:
        return msgspec.json.decode(raw, type=Ladder)
    except msgspec.ValidationError as exc:
        raise BadLadder(f"{LADDER_FILE}: {exc}") from None
    except msgspec.DecodeError as exc:
        raise BadLadder(f"{LADDER_FILE} is not JSON: {exc}") from None


def encode(ladder: Ladder) -> bytes:
    """The file's text: indented, keys in field order, so that diffs read."""
    return msgspec.json.format(msgspec.json.encode(ladder), indent=1) + b"\n"


@cache
def load() -> Ladder:
    """The shipped ladder (read once)."""
    raw = resources.files("grognard").joinpath("data", LADDER_FILE).read_bytes()
    return parse(raw)


def summary(level: LevelStrength) -> str:
    """One line for a person: "beats the heuristic 85 % of 40 games, Elo +120", with
    the share of draws where there were some ("..., draws 25 %, ..."): in a game that
    often ends drawn (Victory, HGW's campaigns) the wins alone undersell a level that
    seldom loses."""
    elo = f"Elo {level.elo:+,.0f}".replace("-", "−")  # a true minus sign, as the lobby prints
    record = level.vs_heuristic
    if record is None:
        return f"the yardstick, {elo}"
    drawn = f", draws {record.draws / record.games:.0%}" if record.draws and record.games else ""
    return f"beats the heuristic {record.share:.0%} of {record.games} games{drawn}, {elo}".replace("%", " %")


def strongest(ruleset_id: str) -> str | None:
    """The level the ladder shows clearly strongest on a game (its Elo's lower 95 %
    bound above every other level's Elo), else None: a label claims "strongest" only
    where it was measured so (on Victory the three computer levels tie)."""
    entry = load().rulesets.get(ruleset_id)
    if entry is None or len(entry.levels) < 2:
        return None
    top, *rest = sorted(entry.levels, key=lambda lv: -lv.elo)
    return top.level if all(top.elo95[0] > lv.elo for lv in rest) else None


def lobby_strength(ruleset_id: str, names: list[str]) -> dict[str, Any]:
    """What the lobby shows for one game: the measured levels strongest first, then
    those the ladder does not cover, each with its figures or `measured: False`."""
    entry = load().rulesets.get(ruleset_id)
    measured = {lv.level: lv for lv in entry.levels} if entry is not None else {}
    levels: list[dict[str, Any]] = []
    for lv in sorted((measured[n] for n in names if n in measured), key=lambda lv: -lv.elo):
        record = lv.vs_heuristic
        levels.append({
            "level": lv.level,
            "measured": True,
            "elo": round(lv.elo),
            "elo95": [round(lv.elo95[0]), round(lv.elo95[1])],
            "vs_heuristic": None if record is None else {
                "games": record.games, "wins": record.wins, "draws": record.draws,
                "losses": record.losses, "share": record.share,
                "wilson95": list(record.wilson95),
            },
            "text": summary(lv),
        })
    for name in names:
        if name not in measured:
            levels.append({"level": name, "measured": False, "text": NOT_MEASURED})
    about = None
    if entry is not None:
        about = {"games": entry.games, "games_per_pair": entry.games_per_pair, "date": entry.date,
                 "commit": entry.commit, "scenario": entry.scenario}
    return {"levels": levels, "run": about}


def markdown(ladder: Ladder) -> str:
    """The README's ladder table, written from the file (benchmarks/ladder.py --readme;
    tests/test_ladder_readme.py checks that the README holds exactly this)."""
    lines = [
        "| game (scenario) | level | Elo (95 % interval) "
        "| against the heuristic: W–D–L (win share, Wilson 95 %) | games | run |",
        "|---|---|---|---|---|---|",
    ]
    for ruleset_id, entry in ladder.rulesets.items():
        for i, lv in enumerate(entry.levels):
            record = lv.vs_heuristic
            versus = "the yardstick" if record is None else (
                f"{record.wins}–{record.draws}–{record.losses} of {record.games} ({record.share:.0%}, "
                f"{record.wilson95[0]:.0%}–{record.wilson95[1]:.0%})"
            ).replace("%", " %")
            first = i == 0
            game = f"{ruleset_id} ({entry.scenario})" if first else ""
            run = f"{entry.games} games, {entry.date}, `{entry.commit}`" if first else ""
            elo = f"{lv.elo:+,.0f} ({lv.elo95[0]:+,.0f} to {lv.elo95[1]:+,.0f})"
            lines.append(f"| {game} | {lv.level} | {elo} | {versus} | {lv.games} | {run} |")
    return "\n".join(lines) + "\n"
