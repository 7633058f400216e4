"""G17.3: no U.S. interceptions (nor searches) on the Japanese player turn in which Japan
brings the United States into the war; the entry's record (United States 2). The fleet
and interception modules ask `us_fleet_held` (The Pacific War plays it on the Axis Winter
1941 player turn, Pearl Harbor)."""

from __future__ import annotations

from .layout import HgwBoard
from .pacific_state import pacific, pacific_record

Data = HgwBoard
JAPAN = "japan"
AXIS = "axis"
US = "united_states"  # the nation on a U.S. army's or fleet's record


def us_brought_in(data: Data, by: str) -> None:
    """Record the U.S. entry (United States 2): `by` "japan" (conditions a-c met by
    Japanese units), "axis" (by Germany or Italy) or "date" (Spring 1942)."""
    entry = pacific_record(data)
    if entry["us_entry"] is None:
        entry["us_entry"] = {"turn": data["turn"], "by": by}


def why_not_us_intercepts(data: Data, phasing: str) -> str | None:
    """G17.3: on the Japanese (Axis) player turn in which Japan brings the U.S. into the
    war, the U.S. performs no interception and no search."""
    entry = pacific(data)["us_entry"]
    if entry is not None and entry["by"] == JAPAN and entry["turn"] == data["turn"] and phasing == AXIS:
        return (
            "the U.S. may not intercept or search on the Japanese turn that brought it into the war (G17.3)"
        )
    return None


def us_fleet_held(data: Data, fleet_id: str) -> bool:
    """G17.3 for one fleet: a U.S. fleet (its record's nation) on the Axis player turn in
    which Japan brought the U.S. in intercepts nothing (The Pacific War: Pearl Harbor,
    the Axis Winter 1941 player turn)."""
    fleet = data.get("fleets", {}).get(fleet_id)
    if fleet is None or fleet.get("nation") != US:
        return False
    return why_not_us_intercepts(data, str(data.get("player", ""))) is not None
