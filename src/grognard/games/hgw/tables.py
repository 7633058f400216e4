"""Hitler's Global War tables as data: Firepower, Advance, terrain effects, costs, Time Record.

`data/tables.json` holds them (our transcription of the rulebook's Charts and Tables,
with the garbled or missing parts reconstructed and said so in each table's `note`);
this module validates the file at load with msgspec and answers the lookups the rules
make. docs/hgw-tables.md explains each choice.
"""

from __future__ import annotations

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


class Tables(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    version: int
    firepower: Firepower
    advance: Advance
    terrain: dict[str, TerrainEffect]
    hexsides: dict[str, HexsideEffect]
    russian_winter: RussianWinter
    costs: Costs
    time_record: TimeRecord

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
