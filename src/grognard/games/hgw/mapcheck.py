"""Does the map say what the rulebook says? One function, `validate`, lists every breach.

The build script runs it before writing the map, and tests/games/hgw/test_hgw_map.py runs it
on the shipped file. The checks, each from a rule or a worked example:

- every cited hex is where its citation says: land or water, its 1939 territory, its
  features (capital, port, ...), its sea area, its coast, its production;
- every scenario's set-up hexes are friendly to their side, and every side's starting
  production comes out at the total its set-up gives;
- the land connections play needs (Berlin to Moscow and Paris; Britain parted from France
  by the Channel; Sicily reached from Italy only by the Messina arrow);
- the sea routes the examples and production rules trace exist.
"""

from __future__ import annotations

from .map import HexId, HgwMap

# (from, to, why): places that must be joined by land.
LAND_LINKS: tuple[tuple[HexId, HexId, str], ...] = (
    ("1237", "1144", "Barbarossa: the road from Berlin to Moscow"),
    ("1237", "1434", "Campaign Game I: Germany's western front"),
    ("1237", "0942", "Barbarossa: Leningrad by land"),
    ("1237", "1446", "Barbarossa: Stalingrad by land"),
    ("1237", "1837", "Fall of Germany: Italy joined to the Reich"),
    ("1237", "1842", "Campaign Game I: Istanbul reached by land"),
    ("1842", "2243", "Campaign Game I: Suez reached overland through the Levant"),
    ("2239", "2243", "Italian Army 6: Western Libya to Suez along the coast"),
    ("1934", "2239", "Barbarossa set-up: French North Africa joined to Libya"),
    ("1434", "2031", "Campaign Game I: Gibraltar reached through Spain"),
    ("1236", "1136", "Sea Route 3: East Denmark crossed from Kiel"),
    ("1144", "1548", "Lend-Lease 2: Astrakhan's depot joined to Moscow"),
    ("1144", "0646", "Lend-Lease 2: Archangel's depot joined to Moscow"),
    ("19107", "1809", "United States surrender 1: the capitals joined across the map's seam"),
)

# (from, to, why): supply must be able to run between these over an empty map, through
# mountains and deserts only along roads (Line of Supply 5-7).
SUPPLY_LINKS: tuple[tuple[HexId, HexId, str], ...] = (
    ("1237", "1837", "Germany to Rome through the Alps by the Brenner road"),
    ("1237", "1144", "Germany to Moscow"),
    ("1237", "1639", "Germany to Belgrade"),
    ("1639", "1842", "Belgrade to Istanbul along the Balkan roads"),
    ("1144", "1446", "Moscow to Stalingrad"),
    ("2239", "2243", "Western Libya to Suez along the Via Balbia"),
    ("1934", "2239", "Algiers to Benghazi along the coast roads"),
    ("2243", "2143", "Suez to Palestine"),
)

# (a, b, why): places that must NOT be joined by land.
LAND_GAPS: tuple[tuple[HexId, HexId, str], ...] = (
    ("1333", "1434", "Great Britain is an island: the Channel is all sea"),
    ("1836", "1837", "Sardinia is an island"),
    ("1735", "1434", "Corsica is an island"),
    ("2038", "1837", "Malta is an island"),
    ("25106", "19107", "Hawaii is an island"),
)

# (port, port, seas or None, why): sea routes the rules and examples trace.
SEA_ROUTES: tuple[tuple[HexId, HexId, tuple[str, ...] | None, str], ...] = (
    (
        "1532",
        "1131",
        ("Atlantic",),
        "U-boat Attack example: lend-lease from Saint-Nazaire's waters to the Clyde",
    ),
    ("2205", "1810", None, "United States 1: New Orleans to New York"),
    ("2656", "1810", None, "United States 2: Bombay to New York"),
    ("0438", "1236", ("Atlantic",), "Swedish Production 2: Narvik's ore to Kiel by the Atlantic"),
    ("0640", "1236", ("Baltic",), "Swedish Production 2: Lulea's ore to Kiel by the Baltic"),
    ("2031", "2038", ("Mediterranean",), "Mediterranean transport: Gibraltar to Malta"),
    ("1842", "1542", ("Black Sea",), "Black Sea transport: Istanbul to Odessa"),
    ("0932", "0646", None, "Lend-Lease: from Scapa Flow to Archangel by the Barents Sea"),
    ("2243", "2847", ("Persian Gulf-Red Sea",), "Red Sea transport: Suez to Aden"),
    ("1934", "1838", ("Mediterranean",), "Operation Avalanche: from Algiers to Salerno"),
    ("1810", "1333", ("Atlantic",), "Sea Movement: the U.S. to Great Britain across the Atlantic"),
    ("4639", "2656", None, "Sea Route 3: Cape Town guards the way to India"),
    ("19107", "25106", None, "Unaligned 2: the U.S. West Coast fleets sail to Hawaii"),
    ("4580", "3679", None, "Shipping Routes example: Sydney to Port Moresby"),
    ("4580", "4811", None, "Shipping Routes, Australia East: Sydney to Chile across the seam"),
)

# (from, to, closed control hexes, why): with these control hexes closed, no sea route
# may join the two (Sea Route 3-4: each narrow is the only way between its seas).
SEA_GATES: tuple[tuple[HexId, HexId, tuple[HexId, ...], str], ...] = (
    ("1131", "1036", ("1136",), "the Baltic opens on the Atlantic only by the Sound (East Denmark)"),
    ("2038", "1542", ("1842",), "the Black Sea opens on the Mediterranean only at Istanbul"),
    ("1333", "2038", ("2031", "2243"), "the Mediterranean opens on the oceans only at Gibraltar and Suez"),
    ("2038", "2343", ("2031", "2243"), "the Red Sea meets the Mediterranean only at Suez"),
)

NAMED_SEAS = (
    "Atlantic",
    "Baltic",
    "Mediterranean",
    "Black Sea",
    "Persian Gulf-Red Sea",
    "White Sea",
    "Caspian",
)


def validate(m: HgwMap) -> list[str]:
    """Every way the map breaks the rulebook (an empty list when it keeps it)."""
    problems: list[str] = []
    problems += _check_citations(m)
    problems += _check_scenarios(m)
    problems += _check_links(m)
    problems += _check_seas(m)
    problems += _check_europe(m)
    return problems


def _check_citations(m: HgwMap) -> list[str]:
    problems = []
    for c in m.data.citations:
        if not c.fit:
            continue  # a rulebook slip, read as its note says
        if c.hex not in m:
            problems.append(f"{c.hex} ({c.place}): not on the map")
            continue
        info = m.hex(c.hex)
        where = f"{c.hex} ({c.place}, {c.cite})"
        if m.is_land(c.hex) != c.land:
            problems.append(f"{where}: expected {'land' if c.land else 'water'}, found {info.kind}")
        if c.kind and info.kind != c.kind:
            problems.append(f"{where}: expected {c.kind}, found {info.kind}")
        if c.terrain and info.terrain != c.terrain:
            problems.append(f"{where}: expected {c.terrain} terrain, found {info.terrain}")
        if c.country and info.country != c.country:
            problems.append(f"{where}: expected {c.country}, found {info.country or 'no country'}")
        missing = set(c.features) - set(info.features)
        if missing:
            problems.append(f"{where}: lacks {', '.join(sorted(missing))}")
        for sea in (c.sea, *c.seas):
            if sea and sea not in info.seas:
                problems.append(f"{where}: not in or on the {sea} (seas {list(info.seas)})")
        if (c.coast or m.is_port(c.hex)) and m.is_land(c.hex) and not m.is_coastal(c.hex):
            problems.append(f"{where}: a port or coast hex with no water beside it")
        if c.production and info.production <= 0:
            problems.append(f"{where}: the rules give it production; the map has none")
    return problems


def _check_scenarios(m: HgwMap) -> list[str]:
    problems = []
    for scenario in m.data.scenarios:
        for spec in scenario.sides:
            friendly = m.friendly_at_start(scenario.id, spec.side)
            for h in spec.setup:
                if h not in friendly:
                    problems.append(
                        f"{scenario.id}: {spec.side} sets up in {h}, which is not {spec.side}-friendly"
                    )
            got = m.starting_production(scenario.id, spec.side)
            if got != spec.production:
                problems.append(
                    f"{scenario.id}: {spec.side} starts with {got} production points;"
                    f" the set-up says {spec.production}"
                )
        sides = [m.friendly_at_start(scenario.id, s.side) for s in scenario.sides]
        for i, a in enumerate(sides):
            for b in sides[i + 1 :]:
                both = a & b
                if both:
                    problems.append(f"{scenario.id}: hexes friendly to two sides: {sorted(both)[:8]}")
    return problems


def _check_links(m: HgwMap) -> list[str]:
    problems = []
    for a, b, why in LAND_LINKS:
        if not m.connected_by_land(a, b):
            problems.append(f"no land path {a} to {b}: {why}")
    for a, b, why in SUPPLY_LINKS:
        if not m.supply_path_exists(a, b):
            problems.append(f"no supply path {a} to {b}: {why}")
    for a, b, why in LAND_GAPS:
        if m.connected_by_land(a, b):
            problems.append(f"a land path joins {a} and {b}: {why}")
    # Sicily is joined to the mainland only through the Strait of Messina's arrow.
    sicily = [h for h, info in m.hexes.items() if info.country == "sicily" and info.kind == "land"]
    if not sicily:
        problems.append("Sicily has no land hex")
    elif not any("crossing" in m.hexside_features(h, n) for h in sicily for n in m.neighbours(h)):
        problems.append("Sicily has no crossing arrow to Italy (Strait of Messina)")
    for a, b, seas, why in SEA_ROUTES:
        if m.sea_route(a, b, seas) is None:
            problems.append(f"no sea route {a} to {b}{' in ' + '/'.join(seas) if seas else ''}: {why}")
    for a, b, gates, why in SEA_GATES:
        leak = m.sea_route(a, b, closed=frozenset(gates))
        if leak is not None:
            problems.append(f"a sea route {a} to {b} passes {'/'.join(gates)} by {leak[1:-1]}: {why}")
    return problems


def _check_seas(m: HgwMap) -> list[str]:
    areas = m.sea_areas()
    return [f"the {name} has no hexes" for name in NAMED_SEAS if not areas.get(name)]


def _check_europe(m: HgwMap) -> list[str]:
    problems = []
    for h, info in m.hexes.items():
        if info.kind == "land" and not info.country:
            problems.append(f"{h}: land with no country")
        if info.production and info.kind != "land":
            problems.append(f"{h}: production in water")
        if info.kind != "land" and not info.seas:
            problems.append(f"{h}: water in no sea area")
    return problems
