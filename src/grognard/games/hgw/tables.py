"""Hitler's Global War tables as data: Firepower, Advance, terrain effects, costs, Time Record.

`data/tables.json` holds them (our transcription of the rulebook's Charts and Tables,
with the garbled or missing parts reconstructed and said so in each table's `note`);
this module validates the file at load with msgspec and answers the lookups the rules
make. docs/hgw-tables.md explains each choice.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import msgspec

from .datafile import decode_file, load_data

DATA_PATH = Path(__file__).with_name("data") / "tables.json"


class TablesError(ValueError):
    """The tables file breaks its schema."""


class Firepower(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    max_strength: int
    rows: tuple[tuple[int, ...], ...]


class Advance(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    friendly: tuple[int, ...]
    rows: tuple[tuple[int, ...], ...]


class TerrainEffect(msgspec.Struct, frozen=True, omit_defaults=True, forbid_unknown_fields=True):
    mech_assault: str = "full"  # "full", "half" or "none"
    mech_advancing_out: str = "full"
    advance_into: int = 0
    advance_into_empty: int = 0
    japanese_infantry_into_empty: int = 0
    exempt_nations: tuple[str, ...] = ()
    supply: str = "through"
    garrison: bool = True
    rules: str = ""


class HexsideEffect(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    attack: bool
    supply: bool
    retreat: bool
    rules: str


class RussianWinter(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    modifiers: tuple[int, ...]


class Costs(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    infantry: int
    mechanized: int
    amphibious: int
    fort: int
    repair: int


class TimeEvent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    turn: str
    event: str
    rules: str


class TimeRecord(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    note: str
    seasons: tuple[str, ...]
    first: str
    last: str
    events: tuple[TimeEvent, ...]


class VictoryStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One line of a side's victory scale (Three Players 4): the level its production
    ratio reaches when the ratio is at least `at_least`, or more than `more_than` (the
    Axis's substantial line is a strict one), a fraction such as "3/2"."""

    level: int
    at_least: str = ""
    more_than: str = ""


def step_ratio(step: VictoryStep) -> Fraction:
    """The ratio a scale's line names (checked at load by `scale_problems`)."""
    return Fraction(step.at_least or step.more_than)


def scale_problems(where: str, scale: tuple[VictoryStep, ...]) -> list[str]:
    """A scale's lines give one ratio each (a fraction), levels 3 to 1 at most, both
    falling line by line."""
    try:
        ratios = [step_ratio(s) for s in scale if bool(s.at_least) != bool(s.more_than)]
    except (ValueError, ZeroDivisionError):
        return [f"{where}: a ratio is not a fraction such as 3/2"]
    problems = []
    if len(ratios) != len(scale):
        problems.append(f"{where}: each line gives one of at_least and more_than")
    levels = [s.level for s in scale]
    falling = levels == sorted(set(levels), reverse=True)
    if not scale or any(n not in (1, 2, 3) for n in levels) or not falling:
        problems.append(f"{where}: levels must fall from 3 to 1, each once")
    if ratios != sorted(ratios, reverse=True) or any(r < 0 for r in ratios):
        problems.append(f"{where}: ratios must fall line by line, none below 0")
    return problems


class Tables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    firepower: Firepower
    advance: Advance
    terrain: dict[str, TerrainEffect]
    hexsides: dict[str, HexsideEffect]
    russian_winter: RussianWinter
    costs: Costs
    time_record: TimeRecord
    #: Three Players 4: each side's scale of victory levels (a scenario's own
    #: `victory_scales` replace a side's: Campaign Game IV's)
    three_player_scales: dict[str, tuple[VictoryStep, ...]]

    def __post_init__(self) -> None:
        fp = self.firepower
        if any(len(row) != fp.max_strength for row in fp.rows):
            raise msgspec.ValidationError(f"every firepower row needs {fp.max_strength} columns")
        adv = self.advance
        if len(adv.friendly) != len(adv.rows) or any(len(row) != 11 for row in adv.rows):
            raise msgspec.ValidationError(
                "the advance table needs 11 defence columns and a friendly column per row"
            )
        for e in self.time_record.events:
            season = e.turn.split()[0]
            if season not in self.time_record.seasons:
                raise msgspec.ValidationError(f"time record event in unknown season {e.turn!r}")
        for side, scale in self.three_player_scales.items():
            for problem in scale_problems(f"three-player scale of {side!r}", scale):
                raise msgspec.ValidationError(problem)

    # -- lookups
    def firepower_losses(self, strength: int, roll: int) -> int:
        """Strength points the target loses: firing strength (capped at ten) by die roll.

        Modified rolls of 7 or more use the printed row 7, rolls below 1 use row 1.
        """
        if strength <= 0:
            return 0
        column = min(strength, self.firepower.max_strength) - 1
        row = min(max(roll, 1), len(self.firepower.rows)) - 1
        return self.firepower.rows[row][column]

    def advance_limit(self, mech: int, defence: int, *, friendly: bool = False) -> int:
        """The highest (modified) die roll that advances; 0 when none can."""
        mech = min(max(mech, 0), len(self.advance.rows) - 1)
        if friendly:
            return self.advance.friendly[mech]
        return self.advance.rows[mech][min(max(defence, 0), 10)]

    def advances(self, mech: int, defence: int, roll: int, *, friendly: bool = False) -> bool:
        """Whether a modified die roll advances (a roll pushed below 1 still needs a range)."""
        limit = self.advance_limit(mech, defence, friendly=friendly)
        return limit > 0 and roll <= limit

    def turns(self) -> list[str]:
        """Every game turn from the first to the last, in order."""
        seasons = self.time_record.seasons
        first_season, first_year = self.time_record.first.split()
        last = self.time_record.last
        year, index = int(first_year), seasons.index(first_season)
        result = []
        while True:
            turn = f"{seasons[index]} {year}"
            result.append(turn)
            if turn == last:
                return result
            index += 1
            if index == len(seasons):
                index, year = 0, year + 1


def load_tables_from(path: Path) -> Tables:
    return decode_file(path, Tables, TablesError, "Hitler's Global War tables")


def load_tables() -> Tables:
    return load_data(DATA_PATH, Tables, TablesError, "Hitler's Global War tables")
