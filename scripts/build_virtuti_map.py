"""Builds Virtuti Militari's area map: src/grognard/games/virtuti/data/map.json.

Geography comes from Natural Earth's 1:50m countries (public domain) as shipped in the
npm package world-atlas (ISC licence), fetched once with `npm pack` into a gitignored
cache (.cache/virtuti-map/); the game itself never downloads anything. The design
(areas, seeds, owners, values, sea zones, rivers, mountains) is the hand-written
scripts/virtuti_map/design.toml.

How areas are drawn: each land area has a seed place. Every country of the source data
is split between the seeds that lie in it by a Voronoi diagram (so modern borders
survive as area borders where they match 1939 ones closely enough), countries without a
seed go to a named area or to their nearest seeds, and a few areas too small for the
data (Gibraltar) are cut out as circles. Sea zones are the water nearest to their seed
points. Everything is projected (Lambert azimuthal equal-area centred on Europe),
simplified as one coverage so that neighbours keep shared edges, and written in SVG
units (y grows downwards).

Run: .venv/bin/pip install -e '.[mapbuild]' && .venv/bin/python scripts/build_virtuti_map.py
(`--check` rebuilds in memory and fails if the committed map.json differs).
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import subprocess
import sys
import tarfile
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import msgspec
import numpy as np
import shapely
import shapely.ops
from shapely.geometry import LineString, MultiPolygon, Point, Polygon
from shapely.ops import unary_union

from grognard.games.virtuti.map import parse_map
from grognard.games.virtuti.map_validation import validate_map

ROOT = Path(__file__).resolve().parent.parent
DESIGN = ROOT / "scripts" / "virtuti_map" / "design.toml"
OUTPUT = ROOT / "src" / "grognard" / "games" / "virtuti" / "data" / "map.json"
CACHE = ROOT / ".cache" / "virtuti-map"

NPM_PACKAGE = "world-atlas@2.0.2"
SOURCE_FILE = "package/countries-50m.json"
# Pinned so that a changed upstream file cannot silently change the map.
SOURCE_SHA256 = "04342cdc1e3016bcd7db1630de95684d67b79fe3c8c460321e87aef469502394"

# Lambert azimuthal equal-area, centred on central Europe; kilometres.
CENTRE_LAT, CENTRE_LON = 50.0, 22.0
EARTH_KM = 6371.0
# SVG units per kilometre, and the coverage simplification tolerance in kilometres.
SCALE = 0.5
SIMPLIFY_KM = 4.0
# Shared border shorter than this (km) is a corner touch, not adjacency.
MIN_BORDER_KM = 8.0
# A seed up to this far (km) off the coast of the data snaps onto the nearest land.
SNAP_KM = 30.0
# How far inside its area a name's anchor stands from the border, at most (km).
LABEL_MARGIN_KM = 45.0
# Name anchors closer than this (km) are moved apart.
LABEL_GAP_KM = 70.0


# --- the design file's schema -------------------------------------------------------


class AreaSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    lat: float
    lon: float
    owner: str
    climate: str
    pp: int = 0
    vp: int = 0
    supply: bool = False
    fort: int = 0
    port: list[str] | None = None
    north_africa: bool = False
    carve_km: float = 0.0


class SeaSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    seeds: list[tuple[float, float]]
    name: str = ""


class SeaLink(msgspec.Struct, forbid_unknown_fields=True):
    a: str
    b: str
    strait: str = ""
    name: str = ""


class RouteSpec(msgspec.Struct, forbid_unknown_fields=True):
    id: str
    name: str
    faction: str
    sea: str
    ports: list[str]


class Crossing(msgspec.Struct, forbid_unknown_fields=True):
    a: str
    b: str
    name: str


class TerrainLine(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    line: list[tuple[float, float]]


class BorderOverride(msgspec.Struct, forbid_unknown_fields=True):
    a: str
    b: str
    kind: str


class Frame(msgspec.Struct, forbid_unknown_fields=True):
    outline: list[tuple[float, float]]
    off_map: list[str]
    merge_into: dict[str, str]


class Design(msgspec.Struct, forbid_unknown_fields=True):
    areas: list[AreaSpec]
    sea_zones: list[SeaSpec]
    other_waters: list[SeaSpec]
    sea_links: list[SeaLink]
    routes: list[RouteSpec]
    crossings: list[Crossing]
    rivers: list[TerrainLine]
    mountains: list[TerrainLine]
    border_overrides: list[BorderOverride]
    frame: Frame


def load_design(path: Path = DESIGN) -> Design:
    """The design file, checked against its schema and for dangling references."""
    with path.open("rb") as handle:
        design = msgspec.convert(tomllib.load(handle), Design)
    ids = [a.id for a in design.areas]
    if len(set(ids)) != len(ids):
        raise SystemExit("design: duplicate area ids")
    zones = {z.id for z in design.sea_zones}
    for area in design.areas:
        for zone in area.port or []:
            if zone not in zones:
                raise SystemExit(f"design: {area.id} port opens on unknown sea zone {zone!r}")
    for link in design.sea_links:
        if link.a not in zones or link.b not in zones or (link.strait and link.strait not in ids):
            raise SystemExit(f"design: bad sea link {link}")
    for target in design.frame.merge_into.values():
        if target not in ids:
            raise SystemExit(f"design: merge_into names unknown area {target!r}")
    return design


# --- source data --------------------------------------------------------------------


def fetch_source() -> dict[str, Any]:
    """Natural Earth countries from the npm package, cached under .cache/."""
    CACHE.mkdir(parents=True, exist_ok=True)
    target = CACHE / "countries-50m.json"
    if not target.exists():
        subprocess.run(
            ["npm", "pack", NPM_PACKAGE, "--pack-destination", str(CACHE)], check=True, capture_output=True
        )
        tarball = next(CACHE.glob("world-atlas-*.tgz"))
        with tarfile.open(tarball) as archive:
            member = archive.extractfile(SOURCE_FILE)
            if member is None:
                raise SystemExit(f"{tarball} has no {SOURCE_FILE}")
            target.write_bytes(member.read())
    raw = target.read_bytes()
    digest = hashlib.sha256(raw).hexdigest()
    if digest != SOURCE_SHA256:
        raise SystemExit(f"{target}: sha256 {digest} is not the pinned {SOURCE_SHA256}")
    data: dict[str, Any] = json.loads(raw)
    return data


def decode_topojson(topo: dict[str, Any], layer: str) -> dict[str, Polygon | MultiPolygon]:
    """Country name -> lon/lat geometry, decoding quantised, delta-encoded arcs."""
    scale_x, scale_y = topo["transform"]["scale"]
    shift_x, shift_y = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        points = np.cumsum(np.array(arc, dtype=float), axis=0)
        arcs.append(np.column_stack((points[:, 0] * scale_x + shift_x, points[:, 1] * scale_y + shift_y)))

    def ring(indexes: list[int]) -> list[tuple[float, float]]:
        coords: list[tuple[float, float]] = []
        for index in indexes:
            arc = arcs[index] if index >= 0 else arcs[~index][::-1]
            part = [(float(x), float(y)) for x, y in arc]
            coords.extend(part if not coords else part[1:])
        # Rings crossing the antimeridian (Russia's) jump by 360 degrees; unwrapping
        # keeps them continuous, or the polygon would smear across the whole globe.
        shift, unwrapped = 0.0, coords[:1]
        for (x0, _y0), (x1, y1) in itertools.pairwise(coords):
            if x1 - x0 > 180:
                shift -= 360.0
            elif x0 - x1 > 180:
                shift += 360.0
            unwrapped.append((x1 + shift, y1))
        return unwrapped

    def polygon(rings: list[list[int]]) -> Polygon:
        return Polygon(ring(rings[0]), [ring(r) for r in rings[1:]])

    countries: dict[str, Polygon | MultiPolygon] = {}
    for geometry in topo["objects"][layer]["geometries"]:
        name = geometry["properties"]["name"]
        if geometry["type"] == "Polygon":
            shape: Polygon | MultiPolygon = polygon(geometry["arcs"])
        elif geometry["type"] == "MultiPolygon":
            shape = MultiPolygon([polygon(p) for p in geometry["arcs"]])
        else:
            continue
        countries[name] = shapely.make_valid(shape)  # type: ignore[assignment]
    return countries


# --- projection -----------------------------------------------------------------------


def project_lonlat(lon: np.ndarray, lat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Lambert azimuthal equal-area (km), with y pointing south as SVG wants."""
    lam, phi = np.radians(lon - CENTRE_LON), np.radians(lat)
    phi0 = math.radians(CENTRE_LAT)
    k = np.sqrt(2 / (1 + math.sin(phi0) * np.sin(phi) + math.cos(phi0) * np.cos(phi) * np.cos(lam)))
    x = EARTH_KM * k * np.cos(phi) * np.sin(lam)
    y = EARTH_KM * k * (math.cos(phi0) * np.sin(phi) - math.sin(phi0) * np.cos(phi) * np.cos(lam))
    return x, -y


def project(geometry: Any) -> Any:
    """A lon/lat shapely geometry in projected kilometres."""
    return shapely.transform(geometry, lambda xy: np.column_stack(project_lonlat(xy[:, 0], xy[:, 1])))


def project_point(lat: float, lon: float) -> Point:
    x, y = project_lonlat(np.array([lon]), np.array([lat]))
    return Point(float(x[0]), float(y[0]))


def project_line(points: Iterable[tuple[float, float]]) -> LineString:
    return LineString([project_point(lat, lon).coords[0] for lat, lon in points])


def frame_polygon(outline: list[tuple[float, float]]) -> Polygon:
    """The map sheet, its edges densified so they curve like parallels and meridians."""
    corners = [(lon, lat) for lat, lon in outline]
    dense = shapely.segmentize(Polygon(corners), 0.5)
    return project(dense)  # type: ignore[no-any-return]


# --- partition ---------------------------------------------------------------------------


def voronoi_cells(points: list[Point], envelope: Polygon) -> list[Any]:
    """One Voronoi cell per point, in the points' order."""
    if len(points) == 1:
        return [envelope]
    regions = shapely.voronoi_polygons(shapely.MultiPoint(points), extend_to=envelope, ordered=True)
    return [shapely.intersection(cell, envelope) for cell in regions.geoms]


def partition_land(design: Design, countries: dict[str, Any], frame: Polygon) -> tuple[dict[str, Any], Any]:
    """Area id -> projected land geometry, and the off-map context land."""
    seeds = {a.id: project_point(a.lat, a.lon) for a in design.areas}
    # Far-away land is dropped before projecting: the projection folds near its antipode.
    near = shapely.box(-40.0, 15.0, 90.0, 85.0)
    countries = {n: shapely.make_valid(project(shapely.intersection(g, near))) for n, g in countries.items()}
    countries = {n: g for n, g in countries.items() if not g.is_empty}
    inside = {name: shapely.intersection(geom, frame) for name, geom in countries.items()}
    inside = {name: geom for name, geom in inside.items() if not geom.is_empty and geom.area > 1.0}
    context = unary_union([g for n, g in countries.items() if n not in inside or n in design.frame.off_map])
    mapped = {n: g for n, g in inside.items() if n not in design.frame.off_map}

    carved = {a.id for a in design.areas if a.carve_km}
    # Which country holds each seed (snapping seeds that fall just off the coast).
    host: dict[str, str] = {}
    for area_id, seed in seeds.items():
        if area_id in carved:
            continue
        nearest = min(mapped, key=lambda n: mapped[n].distance(seed))
        if mapped[nearest].distance(seed) > SNAP_KM:
            raise SystemExit(f"seed of {area_id} lies {mapped[nearest].distance(seed):.0f} km off land")
        host[area_id] = nearest

    envelope = frame.buffer(500)
    everyone = [a for a in seeds if a not in carved]
    global_cells = dict(zip(everyone, voronoi_cells([seeds[a] for a in everyone], envelope), strict=True))
    pieces: dict[str, list[Any]] = {a: [] for a in everyone}
    for name, geom in sorted(mapped.items()):
        own = [a for a in everyone if host[a] == name]
        if not own:
            if name in design.frame.merge_into:
                pieces[design.frame.merge_into[name]].append(geom)
            else:
                for area_id, cell in global_cells.items():
                    pieces[area_id].append(shapely.intersection(geom, cell))
            continue
        # Each island or exclave is split among the seeds on it; one with no seed of its
        # own joins the country's nearest seed whole (so Sicily never takes Calabria).
        parts = list(getattr(geom, "geoms", [geom]))
        home = {a: min(range(len(parts)), key=lambda i, a=a: parts[i].distance(seeds[a])) for a in own}
        for index, part in enumerate(parts):
            on_part = [a for a in own if home[a] == index]
            if on_part:
                cells = voronoi_cells([seeds[a] for a in on_part], envelope)
                for area_id, cell in zip(on_part, cells, strict=True):
                    pieces[area_id].append(shapely.intersection(part, cell))
            else:
                nearest_seed = min(own, key=lambda a: part.distance(seeds[a]))
                pieces[nearest_seed].append(part)

    land = {a: unary_union([p for p in ps if not p.is_empty]) for a, ps in pieces.items()}
    for spec in design.areas:
        if spec.carve_km:
            disc = seeds[spec.id].buffer(spec.carve_km)
            cut = shapely.intersection(unary_union(list(mapped.values())), disc)
            for other in land:
                land[other] = shapely.difference(land[other], cut)
            land[spec.id] = cut
    for area_id, geom in land.items():
        if geom.is_empty or geom.area < 20:
            raise SystemExit(f"area {area_id} came out empty; move its seed")
    return land, context


def partition_sea(design: Design, water: Any) -> dict[str, Any]:
    """Sea zone id -> projected water geometry (other waters are left out)."""
    labelled = [
        (z.id, project_point(lat, lon))
        for z in design.sea_zones + design.other_waters
        for lat, lon in z.seeds
    ]
    cells = voronoi_cells([p for _, p in labelled], water.envelope.buffer(500))
    zones: dict[str, list[Any]] = {}
    for (zone, _), cell in zip(labelled, cells, strict=True):
        zones.setdefault(zone, []).append(shapely.intersection(water, cell))
    keep = {z.id for z in design.sea_zones}
    return {z: unary_union(parts) for z, parts in zones.items() if z in keep}


# --- borders ---------------------------------------------------------------------------------


def shared_length(a: Any, b: Any) -> float:
    """Roughly how long a border two geometries share (km)."""
    return float(shapely.intersection(a.buffer(0.5), b.buffer(0.5)).area)


def centre(geometry: Any) -> Point:
    """The centroid of an area's largest part (or a point inside it, if that is concave)."""
    largest = max(getattr(geometry, "geoms", [geometry]), key=lambda p: p.area)
    middle = largest.centroid
    return middle if largest.contains(middle) else largest.representative_point()


def crosses(segment: LineString, lines: list[LineString]) -> bool:
    return any(segment.intersects(line) for line in lines)


def land_borders(design: Design, land: dict[str, Any]) -> list[dict[str, str]]:
    """Land-land borders with their kind: mountain, river or plain land."""
    # Cities sit on rivers, so a line from seed to seed would "cross" the river at its
    # very end; the areas' centres stand back from their own river banks.
    seeds = {a: centre(geom) for a, geom in land.items()}
    rivers = [project_line(r.line) for r in design.rivers]
    mountains = [project_line(m.line) for m in design.mountains]
    ids = sorted(land)
    tree = shapely.STRtree([land[a] for a in ids])
    borders = []
    for i, a in enumerate(ids):
        for j in tree.query(land[a].buffer(1.0)):
            b = ids[int(j)]
            if b <= a or shared_length(land[a], land[b]) < MIN_BORDER_KM:
                continue
            segment = LineString([seeds[a], seeds[b]])
            kind = (
                "mountain" if crosses(segment, mountains) else "river" if crosses(segment, rivers) else "land"
            )
            borders.append({"a": a, "b": b, "kind": kind})
        del i
    for override in design.border_overrides:
        a, b = sorted((override.a, override.b))
        matches = [x for x in borders if x["a"] == a and x["b"] == b]
        if not matches or override.kind not in ("land", "river", "mountain"):
            raise SystemExit(
                f"border override {a}-{b}: the areas do not border, or bad kind {override.kind!r}"
            )
        matches[0]["kind"] = override.kind
    for crossing in design.crossings:
        a, b = sorted((crossing.a, crossing.b))
        if any(x["a"] == a and x["b"] == b for x in borders):
            raise SystemExit(f"crossing {crossing.name} joins areas that already border")
        borders.append({"a": a, "b": b, "kind": "river"})
    return borders


def coast_borders(land: dict[str, Any], seas: dict[str, Any]) -> dict[str, list[str]]:
    """Land area id -> the sea zones its coast touches."""
    coasts: dict[str, list[str]] = {}
    for area_id, geom in sorted(land.items()):
        grown = geom.buffer(3.0)
        coasts[area_id] = sorted(
            z for z, water in seas.items() if shapely.intersection(grown, water).area > 15
        )
    return coasts


# --- output -------------------------------------------------------------------------------


def svg(x: float, y: float, origin: tuple[float, float]) -> list[float]:
    return [round((x - origin[0]) * SCALE, 1), round((y - origin[1]) * SCALE, 1)]


def rings(geometry: Any, origin: tuple[float, float]) -> list[list[list[float]]]:
    """Outer rings of every part, largest first, in SVG units; slivers dropped."""
    parts = [geometry] if isinstance(geometry, Polygon) else list(getattr(geometry, "geoms", []))
    parts = [p for p in parts if isinstance(p, Polygon) and p.area > 15]
    parts.sort(key=lambda p: -p.area)
    out = []
    for part in parts:
        coords = [svg(x, y, origin) for x, y in part.exterior.coords[:-1]]
        if len(coords) >= 3:
            out.append(coords)
    return out


def label_point(geometry: Any, seed: Point) -> Point:
    """Where to write an area's name: as near its seed place as can be while standing
    well inside the area, so that names of small neighbours do not collide."""
    largest = max(getattr(geometry, "geoms", [geometry]), key=lambda p: p.area)
    circle = shapely.maximum_inscribed_circle(largest, 1.0)
    margin = min(LABEL_MARGIN_KM, 0.6 * circle.length)
    inner = largest.buffer(-margin)
    if inner.is_empty:
        return Point(circle.coords[0])
    return shapely.ops.nearest_points(inner, seed)[0]  # type: ignore[no-any-return]


def place_labels(land: dict[str, Any], seeds: dict[str, Point]) -> dict[str, Point]:
    """Every area's name anchor; two anchors too close together both move to their
    areas' inscribed centres."""
    labels = {a: label_point(geom, seeds[a]) for a, geom in land.items()}
    crowded = {a for a in labels for b in labels if a != b and labels[a].distance(labels[b]) < LABEL_GAP_KM}
    for area_id in crowded:
        largest = max(getattr(land[area_id], "geoms", [land[area_id]]), key=lambda p: p.area)
        labels[area_id] = Point(shapely.maximum_inscribed_circle(largest, 1.0).coords[0])
    return labels


def port_point(land: Any, sea: Any, seed: Point) -> Point:
    """The port's spot on the drawing: the coast facing its sea, nearest the seed."""
    coast = shapely.intersection(land.boundary, sea.buffer(3.0))
    if coast.is_empty:
        coast = land.boundary
    return shapely.ops.nearest_points(coast, seed)[0]


def build(design: Design, topo: dict[str, Any]) -> dict[str, Any]:
    countries = decode_topojson(topo, "countries")
    frame = frame_polygon(design.frame.outline)
    land, context = partition_land(design, countries, frame)
    all_land = unary_union([*land.values(), shapely.intersection(context, frame)])
    water = shapely.difference(frame, all_land)
    seas = partition_sea(design, water)

    # One coverage (areas, seas, context) simplified together keeps shared edges shared.
    ids = sorted(land)
    zones = sorted(seas)
    drawn = [land[a] for a in ids] + [seas[z] for z in zones]
    simplified = shapely.coverage_simplify(drawn, SIMPLIFY_KM)
    minx, miny, maxx, maxy = frame.bounds
    origin = (minx, miny)
    draw = dict(zip(ids + zones, simplified, strict=True))

    coasts = coast_borders(land, seas)
    borders = land_borders(design, land)
    seeds = {a.id: project_point(a.lat, a.lon) for a in design.areas}
    specs = {a.id: a for a in design.areas}
    labels = place_labels(land, seeds)
    land_out, ports_out = [], []
    problems: list[str] = []
    for area_id in ids:
        spec = specs[area_id]
        for zone in coasts[area_id]:
            borders.append({"a": area_id, "b": zone, "kind": "coast"})
        port_id = None
        if spec.port is not None:
            port_id = f"{area_id}_port"
            missing = [z for z in spec.port if z not in coasts[area_id]]
            if missing:
                problems.append(
                    f"{area_id}: its port opens on {missing} but its coast touches {coasts[area_id]}"
                )
            if spec.port:
                spot = port_point(land[area_id], seas[spec.port[0]], seeds[area_id])
            else:
                spot = port_point(land[area_id], water, seeds[area_id])
            ports_out.append(
                {
                    "id": port_id,
                    "name": f"{spec.name} (port)",
                    "land": area_id,
                    "label": svg(spot.x, spot.y, origin),
                }
            )
            borders.append({"a": area_id, "b": port_id, "kind": "port"})
            borders.extend({"a": port_id, "b": zone, "kind": "sea"} for zone in spec.port)
        label = labels[area_id]
        land_out.append(
            {
                "id": area_id,
                "name": spec.name,
                "owner": spec.owner,
                "climate": spec.climate,
                "pp": spec.pp,
                "vp": spec.vp,
                "supply_source": spec.supply,
                "fortification": spec.fort,
                "port": port_id,
                "north_africa": spec.north_africa,
                "coasts": coasts[area_id],
                "label": svg(label.x, label.y, origin),
                "shapes": rings(draw[area_id], origin),
            }
        )
    if problems:
        raise SystemExit("\n".join(problems))
    sea_out = []
    for spec_z in design.sea_zones:
        geom = seas[spec_z.id]
        first = project_point(*spec_z.seeds[0])
        spot = first if geom.contains(first) else geom.representative_point()
        sea_out.append(
            {
                "id": spec_z.id,
                "name": spec_z.name,
                "label": svg(spot.x, spot.y, origin),
                "shapes": rings(draw[spec_z.id], origin),
            }
        )
    straits = []
    for link in design.sea_links:
        kind = "strait" if link.strait else "sea"
        borders.append({"a": link.a, "b": link.b, "kind": kind})
        if link.strait:
            straits.append(
                {"id": link.strait, "name": link.name, "area": link.strait, "seas": [link.a, link.b]}
            )
    routes = [
        {
            "id": r.id,
            "name": r.name,
            "faction": r.faction,
            "sea": r.sea,
            "ports": [f"{p}_port" for p in r.ports],
        }
        for r in design.routes
    ]
    borders.sort(key=lambda b: (b["a"], b["b"]))
    context_clip = shapely.intersection(context, frame.buffer(300))
    context_simple = shapely.simplify(context_clip, SIMPLIFY_KM)
    return {
        "version": 1,
        "source": {
            "geography": "Natural Earth 1:50m admin-0 countries (public domain)",
            "package": f"npm {NPM_PACKAGE} (ISC licence), file countries-50m.json",
            "sha256": SOURCE_SHA256,
            "design": "scripts/virtuti_map/design.toml",
        },
        "projection": {
            "name": "Lambert azimuthal equal-area",
            "centre": [CENTRE_LAT, CENTRE_LON],
            "svg_units_per_km": SCALE,
        },
        "view_box": [0.0, 0.0, round((maxx - minx) * SCALE, 1), round((maxy - miny) * SCALE, 1)],
        "frame": rings(frame, origin)[0],
        "land_areas": land_out,
        "ports": sorted(ports_out, key=lambda p: str(p["id"])),
        "sea_zones": sea_out,
        "borders": borders,
        "straits": straits,
        "routes": routes,
        "context_land": rings(context_simple, origin),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed map.json is stale")
    args = parser.parse_args(argv)
    result = build(load_design(), fetch_source())
    text = json.dumps(result, ensure_ascii=False, separators=(",", ":")) + "\n"
    problems = validate_map(parse_map(text.encode("utf-8")))
    if problems:
        print("the built map fails validation:\n  " + "\n  ".join(problems), file=sys.stderr)
        return 1
    if args.check:
        if not OUTPUT.exists() or OUTPUT.read_text(encoding="utf-8") != text:
            print(f"{OUTPUT} is stale: run scripts/build_virtuti_map.py", file=sys.stderr)
            return 1
        print(f"{OUTPUT} is up to date")
        return 0
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(text, encoding="utf-8")
    print(
        f"wrote {OUTPUT.relative_to(ROOT)}: {len(result['land_areas'])} land areas, "
        f"{len(result['ports'])} ports, {len(result['sea_zones'])} sea zones, "
        f"{len(result['borders'])} borders"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
