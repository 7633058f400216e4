"""The Pacific's record in the game data (`data["pacific"]`; japan.py's docstring gives
its layout), apart from the rules that read it so that the fleet and interception modules
may ask G17.3 (us_entry.py) without importing the board."""

from __future__ import annotations

from .layout import HgwBoard, Pacific

Data = HgwBoard


def new_pacific() -> Pacific:
    """The Pacific's state at the start of a game: nothing has happened yet."""
    return {
        "us_entry": None,
        "japan_soviet": {"germany_attacked": None, "germany_surrendered": None, "at_war": False},
        "carriers_lost": {},
        "befallen": [],
        "indochina_surrendered": [],
    }


def pacific(data: Data) -> Pacific:
    """The Pacific's state to read (a fresh one, not stored, if the game has none yet)."""
    found = data.get("pacific")
    return found if found is not None else new_pacific()


def pacific_record(data: Data) -> Pacific:
    """The Pacific's state to change (created in the game data if missing)."""
    return data.setdefault("pacific", new_pacific())
