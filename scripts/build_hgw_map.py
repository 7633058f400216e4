#!/usr/bin/env python3
"""Build the Hitler's Global War world hex map from Natural Earth geography.

    .venv/bin/pip install -e '.[mapbuild]'
    .venv/bin/python scripts/build_hgw_map.py          # writes src/grognard/games/hgw/data/map.json

Developers run this; the game only reads the committed map.json. The geography is the
npm package `world-atlas` 2.0.2 (Natural Earth 1:50m countries as TopoJSON), fetched with
`npm pack` into build/mapcache/ (gitignored) the first time. Everything else comes from
scripts/hgwmap/anchors.toml (every hex number the rulebook cites) and
scripts/hgwmap/design.toml (1939 borders, terrain, seas, roads, ports, production).

How a hex gets its geography: a thin-plate-spline warp, fitted through the anchors,
carries each hex's position on the board to a longitude and latitude; 19 sample points
per hex are tested against the countries, so a hex is land, coastal water or sea by the
share of its samples on land. The output is the same on every run (no randomness; the
warp's solve is deterministic; keys are written sorted).
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import math
import sys
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import shapely
import shapely.affinity
from scipy.interpolate import RBFInterpolator
from scipy.spatial import cKDTree
from shapely.geometry import LineString, Polygon

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from hgwmap.topojson import fetch_world_atlas, load_countries  # noqa: E402

from grognard.core import hexgrid  # noqa: E402
from grognard.games.hgw import map as hgwmap  # noqa: E402

DESIGN_DIR = ROOT / "scripts" / "hgwmap"
OUT = ROOT / "src" / "grognard" / "games" / "hgw" / "data" / "map.json"
POLAR_OUT = OUT.with_name("polar_route.json")  # N6.3's passage (design.toml [polar_route])

ROWS = 50  # rows 00..49: Montevideo is 4816, Antarctic waters below
COLS = hgwmap.COLUMNS  # columns 0..112: Colorado is 19112; the seam (U.S. interior, 105 W) joins them
EUROPE_MAX_COL = 57
SQRT3 = math.sqrt(3.0)
LAND_SHARE = 0.5  # a hex at least half land is land
PARTIAL_SHARE = 0.02  # water with any real land in it is light-blue partial water
SMALL_ISLAND_DEG2 = 0.5  # islands smaller than this (square degrees) make "circular island" hexes
MIN_ISLAND_DEG2 = 0.004  # ... and islets below this are ignored (about 40 km2)
TERRAIN_SHARE = 0.4


# --- the warp from board to globe ----------------------------------------------------


def board_xy(row: int | np.ndarray, col: int | np.ndarray) -> tuple[Any, Any]:
    """A hex centre on the board, in column widths (odd rows shoved half a hex east)."""
    return col + 0.5 * (np.asarray(row) & 1), np.asarray(row) * SQRT3 / 2


class Warp:
    """Thin-plate spline from board (x, y) to (lon, lat), exact at the fitted anchors."""

    def __init__(self, anchors: list[dict[str, Any]]) -> None:
        fitted = [a for a in anchors if a.get("fit", True) and "lon" in a]
        rc = [hgwmap.row_col(a["hex"]) for a in fitted]
        x, y = board_xy(np.array([r for r, _ in rc]), np.array([c for _, c in rc]))
        self.points = np.column_stack([x, y]).astype(float)
        self.values = np.array([[a["lon"], a["lat"]] for a in fitted], dtype=float)
        self.rbf = RBFInterpolator(self.points, self.values, kernel="thin_plate_spline", degree=1)

    def __call__(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        out = self.rbf(np.column_stack([np.ravel(x), np.ravel(y)]))
        lat = np.clip(out[:, 1], -89.5, 89.5)
        return out[:, 0], lat


def wrap_lon(lon: np.ndarray) -> np.ndarray:
    return (np.asarray(lon) + 180.0) % 360.0 - 180.0


def sample_offsets() -> np.ndarray:
    """19 points spread over a pointy-top hex of width 1 (centre first)."""
    size = 1 / SQRT3  # centre-to-corner
    pts = [(0.0, 0.0)]
    for k in range(6):
        a = math.radians(60 * k)
        pts.append((0.45 * size * math.cos(a), 0.45 * size * math.sin(a)))
    for k in range(12):
        a = math.radians(30 * k + 15)
        pts.append((0.8 * size * math.cos(a) * 0.95, 0.8 * size * math.sin(a)))
    return np.array(pts)


def to_unit(lon: np.ndarray, lat: np.ndarray) -> np.ndarray:
    lo, la = np.radians(lon), np.radians(lat)
    return np.column_stack([np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)])


# --- the build -----------------------------------------------------------------------


class Builder:
    def __init__(
        self, anchors: list[dict[str, Any]], design: dict[str, Any], countries: list[tuple[str, Any]]
    ):
        self.anchors = anchors
        # shape points are fitted and kept land like anchors, but the rules cite none
        self.anchor_at = {a["hex"]: a for a in [*design.get("shape", []), *anchors]}
        self.design = design
        self.warp = Warp(anchors + design.get("shape", []))
        self.forced_water = {f["hex"]: f for f in design.get("force_water", [])}
        self.ids = [hgwmap.hex_id(r, c) for r in range(ROWS) for c in range(COLS)]
        rows = np.array([r for r in range(ROWS) for _ in range(COLS)])
        cols = np.array([c for _ in range(ROWS) for c in range(COLS)])
        self.rows, self.cols = rows, cols
        cx, cy = board_xy(rows, cols)
        offs = sample_offsets()
        self.n_samples = len(offs)
        sx = (cx[:, None] + offs[None, :, 0]).ravel()
        sy = (cy[:, None] + offs[None, :, 1]).ravel()
        lon, lat = self.warp(sx, sy)
        self.s_lon_raw = lon.reshape(len(self.ids), -1)
        self.s_lon = wrap_lon(lon).reshape(len(self.ids), -1)
        self.s_lat = lat.reshape(len(self.ids), -1)
        self.countries = countries
        self.warnings: list[str] = []
        self._tree: cKDTree | None = None
        self._classify_samples()

    # -- samples: land and 1939 territory
    def _classify_samples(self) -> None:
        modern = self.design["modern"]
        names = [n for n, _ in self.countries]
        missing = sorted(set(names) - set(modern))
        if missing:
            raise SystemExit(f"Natural Earth countries with no 1939 territory in design.toml: {missing}")
        tree = shapely.STRtree([g for _, g in self.countries])
        pts = shapely.points(self.s_lon.ravel(), self.s_lat.ravel())
        pairs = tree.query(pts, predicate="intersects")
        # where countries overlap (an enclave, a shared border line) the smallest wins,
        # so Hong Kong is not China and San Marino not Italy
        areas = np.array([g.area for _, g in self.countries])
        order = np.argsort(-areas[pairs[1]], kind="stable")
        country_idx = np.full(len(pts), -1)
        country_idx[pairs[0][order]] = pairs[1][order]
        for water in self.design.get("water", []):
            inside = shapely.contains_xy(Polygon(water["polygon"]), self.s_lon.ravel(), self.s_lat.ravel())
            country_idx[inside] = -1
        territory = np.array([modern[names[i]] if i >= 0 else "" for i in country_idx], dtype=object)
        annexed = np.array([""] * len(pts), dtype=object)
        flat_lon, flat_lat = self.s_lon.ravel(), self.s_lat.ravel()
        modern_name = np.array([names[i] if i >= 0 else "" for i in country_idx], dtype=object)
        for ov in self.design.get("override", []):
            inside = shapely.contains_xy(Polygon(ov["polygon"]), flat_lon, flat_lat)
            hit = inside & np.isin(modern_name, ov["from"])
            territory[hit] = ov["territory"]
            annexed[hit] = ov.get("annexed", "")
        self.s_land = (country_idx >= 0).reshape(len(self.ids), -1)
        # which landmass (connected piece of land) each sample is on: two land hexes
        # sharing no landmass are parted by water, however narrow
        union = shapely.union_all([g for _, g in self.countries])
        masses = [p for p in getattr(union, "geoms", [union]) if p.area > 1e-4]
        mtree = shapely.STRtree(masses)
        mpairs = mtree.query(pts, predicate="intersects")
        mass_idx = np.full(len(pts), -1)
        mass_idx[mpairs[0]] = mpairs[1]
        mass_idx[country_idx < 0] = -1
        self.s_mass = mass_idx.reshape(len(self.ids), -1)
        self.s_territory = territory.reshape(len(self.ids), -1)
        self.s_annexed = annexed.reshape(len(self.ids), -1)

    # -- hexes
    def build_hexes(self) -> dict[str, dict[str, Any]]:
        hexes: dict[str, dict[str, Any]] = {}
        share = self.s_land.mean(axis=1)
        for i, h in enumerate(self.ids):
            anchor = self.anchor_at.get(h, {})
            centre_land = bool(self.s_land[i, 0])
            is_land = share[i] >= LAND_SHARE
            if "land" in anchor or "country" in anchor:
                is_land = anchor.get("land", True)  # the rules' word on a cited hex wins
            elif h in self.forced_water:
                is_land = False  # a narrow sea kept open (design.toml explains each)
            info: dict[str, Any] = {
                "lonlat": [round(float(self.s_lon[i, 0]), 2), round(float(self.s_lat[i, 0]), 2)]
            }
            if is_land:
                info["kind"] = "land"
                land_terr = [t for t in self.s_territory[i] if t]
                if not centre_land and anchor.get("country"):
                    # a cited coastal place whose centre falls just offshore at 1:50m
                    info["country"] = anchor["country"]
                    annexed = ""
                elif centre_land:
                    info["country"] = self.s_territory[i, 0]
                    annexed = self.s_annexed[i, 0]
                elif land_terr:
                    info["country"] = Counter(land_terr).most_common(1)[0][0]
                    annexed = Counter(
                        a for a, t in zip(self.s_annexed[i], self.s_territory[i], strict=True) if t
                    ).most_common(1)[0][0]
                else:
                    info["country"] = anchor.get("country", "")
                    annexed = ""
                if annexed:
                    info["annexed"] = annexed
            else:
                info["kind"] = "partial" if share[i] > PARTIAL_SHARE or h in self.forced_water else "sea"
                info["kind"] = self.forced_water.get(h, {}).get("kind", info["kind"])
                if self._is_ice(float(self.s_lon[i, 0]), float(self.s_lat[i, 0])):
                    info["kind"] = "ice"
                info["kind"] = anchor.get("kind", info["kind"])  # a strait the rules name
            hexes[h] = info
        self._add_islands(hexes)
        self._add_terrain(hexes)
        for h, anchor in self.anchor_at.items():
            if anchor.get("terrain"):
                hexes[h]["terrain"] = anchor["terrain"]  # the rules' circular island or jungle
        return hexes

    @staticmethod
    def _is_ice(lon: float, lat: float) -> bool:
        return lat > 76 or lat < -62 or (lat > 70 and not -30 <= lon <= 62)

    def _centre_tree(self) -> cKDTree:
        return cKDTree(to_unit(self.s_lon[:, 0], self.s_lat[:, 0]))

    def nearest_hex(
        self, lon: float, lat: float, hexes: dict[str, dict[str, Any]], land: bool = True, country: str = ""
    ) -> str:
        """The hex whose centre is nearest (lon, lat); a land hex if `land`, of `country` if given."""
        if self._tree is None:
            self._tree = self._centre_tree()
        _, idx = self._tree.query(to_unit(np.array([lon]), np.array([lat])), k=40)
        for i in idx[0]:
            h = self.ids[int(i)]
            if land and hexes[h]["kind"] != "land":
                continue
            if country and hexes[h].get("country") != country:
                continue
            return h
        if country:
            return ""
        return self.ids[int(idx[0][0])]

    def _add_islands(self, hexes: dict[str, dict[str, Any]]) -> None:
        """Small islands alone in a water hex make it a land hex of circular-island terrain."""
        modern = self.design["modern"]
        for name, geom in self.countries:
            for part in getattr(geom, "geoms", [geom]):
                if not isinstance(part, Polygon) or not MIN_ISLAND_DEG2 <= part.area < SMALL_ISLAND_DEG2:
                    continue
                p = part.representative_point()
                h = self.nearest_hex(p.x, p.y, hexes, land=False)
                info = hexes[h]
                if h in self.forced_water:
                    continue  # an island the rules draw elsewhere (Hawaii)
                # only in open sea: an island in coastal (partial) water, like Mallorca
                # in the narrow western Mediterranean, stays part of that water
                if info["kind"] != "sea" or abs(info["lonlat"][1] - p.y) > 3:
                    continue
                info.update(kind="land", terrain="island", country=modern[name])
                for ov in self.design.get("override", []):
                    if name in ov["from"] and Polygon(ov["polygon"]).contains(p):
                        info["country"] = ov["territory"]

    def _add_terrain(self, hexes: dict[str, dict[str, Any]]) -> None:
        regions = [(t["kind"], Polygon(t["polygon"])) for t in self.design["terrain"]]
        for i, h in enumerate(self.ids):
            info = hexes[h]
            if info["kind"] != "land" or info.get("terrain") == "island":
                continue
            lon, lat = self.s_lon[i], self.s_lat[i]
            land = self.s_land[i]
            for kind, poly in regions:
                inside = shapely.contains_xy(poly, lon, lat)
                if inside[0] or (land.sum() and (inside & land).sum() / land.sum() >= TERRAIN_SHARE):
                    info["terrain"] = kind
                    break

    # -- seas
    def assign_seas(self, hexes: dict[str, dict[str, Any]]) -> None:
        seas = [(s["name"], Polygon(s["polygon"])) for s in self.design["sea"]]
        lakes = [(w["sea"], Polygon(w["polygon"])) for w in self.design.get("water", [])]
        atl = self.design["atlantic"]
        for i, h in enumerate(self.ids):
            info = hexes[h]
            if info["kind"] == "land":
                continue
            lon, lat = float(self.s_lon[i, 0]), float(self.s_lat[i, 0])
            name = ""
            for sea, poly in lakes:
                if shapely.contains_xy(poly, self.s_lon[i], self.s_lat[i]).any():
                    name = sea
            if not name:
                for sea, poly in seas:
                    if poly.contains(shapely.Point(lon, lat)):
                        name = sea
                        break
            if not name:
                name = self._ocean(lon, lat, atl)
            anchor = self.anchor_at.get(h)
            if anchor and anchor.get("sea"):
                name = anchor["sea"]
            info["seas"] = [name]
        barrier = self.barrier_sides()
        for h, info in hexes.items():
            if info["kind"] != "land":
                continue
            # a coast touches the seas of its water neighbours, not across a grey side
            touching = {
                s
                for n in hgwmap.adjacent_numbers(h)
                if n in hexes and hexes[n]["kind"] != "land" and hgwmap.side_key(h, n) not in barrier
                for s in hexes[n]["seas"]
            }
            anchor = self.anchor_at.get(h, {})
            touching |= set(anchor.get("seas", []))
            if anchor.get("sea"):
                touching.add(anchor["sea"])
            if touching:
                info["seas"] = sorted(touching)

    def barrier_sides(self) -> set[tuple[str, str]]:
        """Sea Route 3's light grey hexsides, which no ship crosses (design.toml)."""
        return {hgwmap.side_key(*b["hexes"]) for b in self.design.get("barrier", [])}

    @staticmethod
    def straits_seas(hexes: dict[str, dict[str, Any]], all_sea: list[list[str]]) -> None:
        """A land hex whose only water is a strait takes the seas of the shore across it."""
        for a, b in all_sea:
            for x, y in ((a, b), (b, a)):
                if not hexes[x].get("seas") and hexes[y].get("seas"):
                    hexes[x]["seas"] = sorted(hexes[y]["seas"])

    @staticmethod
    def _ocean(lon: float, lat: float, atl: dict[str, Any]) -> str:
        if lat > 66 and atl["arctic_east_limit"] <= lon < 170:
            return "Arctic"
        for west, east, south, north in atl["pacific_side"]:
            if west <= lon < east and south <= lat < north:
                return "Pacific-Indian"
        east_limit = atl["arctic_east_limit"] if lat > 60 else atl["east_limit"]
        if -100 <= lon < east_limit and lat > -62:
            return "Atlantic"
        return "Pacific-Indian"

    # -- hexsides
    def hexsides(self, hexes: dict[str, dict[str, Any]]) -> dict[str, list[list[str]]]:
        index = {h: i for i, h in enumerate(self.ids)}
        coast, all_sea = set(), set()
        land_pairs = []
        for h in self.ids:
            for n in hgwmap.adjacent_numbers(h):
                if n not in hexes:
                    continue
                key = hgwmap.side_key(h, n)
                if key[0] != h:
                    continue
                a_land, b_land = hexes[h]["kind"] == "land", hexes[n]["kind"] == "land"
                if a_land != b_land:
                    coast.add(key)
                elif a_land:
                    land_pairs.append(key)
        # an all-sea hexside: the stretch between the two centres is water at its middle
        ts = np.array([0.3, 0.4, 0.5, 0.6, 0.7])
        xs, ys = [], []
        for a, b in land_pairs:
            (ra, ca), (rb, cb) = hgwmap.row_col(a), hgwmap.row_col(b)
            if abs(ca - cb) > COLS // 2:  # a side across the seam: b seen from a's edge
                cb += COLS if ca > cb else -COLS
            ax, ay = board_xy(ra, ca)
            bx, by = board_xy(rb, cb)
            xs.extend(ax + ts * (bx - ax))
            ys.extend(ay + ts * (by - ay))
        masses = {h: {self._main_mass(index[h])} for h in self.ids}
        if land_pairs:
            lon, lat = self.warp(np.array(xs), np.array(ys))
            lon = wrap_lon(lon)
            union = shapely.union_all([g for _, g in self.countries])
            for w in self.design.get("water", []):
                union = union.difference(Polygon(w["polygon"]))
            on_land = shapely.contains_xy(union, lon, lat).reshape(len(land_pairs), len(ts))
            for pair, row in zip(land_pairs, on_land, strict=True):
                # water at the middle and along most of the way: a strait or channel;
                # or two hexes on different landmasses (Britain and France, Sicily and Italy)
                if (not row[2] and (~row).sum() >= 3) or not (masses[pair[0]] & masses[pair[1]]):
                    all_sea.add(pair)
        for st in self.design.get("strait", []):
            all_sea.add(hgwmap.side_key(*st["hexes"]))
        crossing = set()
        for c in self.design.get("crossing", []):
            if "hexes" in c:
                a, b = c["hexes"]
            else:
                a = self.nearest_hex(*c["a"], hexes)
                b = self.nearest_hex(*c["b"], hexes)
            if a == b:
                continue  # both shores in one hex: nothing to cross
            if b not in hgwmap.adjacent_numbers(a):
                self.warnings.append(f"crossing {c['name']}: shores fall in {a} and {b}, not adjacent")
                continue
            crossing.add(hgwmap.side_key(a, b))
        road = set()
        for r in self.design.get("road", []):
            chain = self._trace(r["points"], hexes)
            for a, b in itertools.pairwise(chain):
                road.add(hgwmap.side_key(a, b))
        del index
        # a road runs over land: where one crosses a hexside the geometric test called
        # all-sea (a bay cutting the straight line between centres), the road wins
        all_sea -= road - crossing
        return {
            "coast": sorted(map(list, coast)),
            "all_sea": sorted(map(list, all_sea)),
            "barrier": sorted(map(list, self.barrier_sides())),
            "crossing": sorted(map(list, crossing)),
            "road": sorted(map(list, road)),
        }

    def _main_mass(self, i: int) -> int:
        """The landmass a hex stands on: the one under its centre, else the commonest."""
        row = self.s_mass[i]
        if row[0] >= 0:
            return int(row[0])
        found = [int(x) for x in row if x >= 0]
        return Counter(found).most_common(1)[0][0] if found else -2 - i

    def _trace(self, points: list[list[float]], hexes: dict[str, dict[str, Any]]) -> list[str]:
        """The chain of adjacent land hexes a road's waypoints run through."""
        line = LineString(points)
        dense = [line.interpolate(d) for d in np.arange(0, line.length, 0.25)] + [shapely.Point(points[-1])]
        chain: list[str] = []
        for p in dense:
            h = self.nearest_hex(p.x, p.y, hexes)
            if chain and h == chain[-1]:
                continue
            if chain and h not in hgwmap.adjacent_numbers(chain[-1]):
                # a jump: fill it along the straight hex line if that stays on land
                between = self._hex_line(chain[-1], h)[1:-1]
                if len(between) > 3 or any(hexes[x]["kind"] != "land" for x in between):
                    continue
                chain.extend(between)
            chain.append(h)
        return chain

    @staticmethod
    def _hex_line(a: str, b: str) -> list[str]:
        (ra, ca), (rb, cb) = hgwmap.row_col(a), hgwmap.row_col(b)
        axial = hexgrid.line(
            hexgrid.from_offset(ca, ra, hgwmap.LAYOUT), hexgrid.from_offset(cb, rb, hgwmap.LAYOUT)
        )
        result = []
        for q_r in axial:
            col, row = hexgrid.to_offset(q_r, hgwmap.LAYOUT)
            result.append(hgwmap.hex_id(row, col))
        return result

    # -- places
    def place_features(self, hexes: dict[str, dict[str, Any]]) -> None:
        for a in self.anchors:
            if a["hex"] in hexes and a.get("fit", True):
                feats = set(hexes[a["hex"]].get("features", [])) | set(a.get("features", []))
                if feats:
                    hexes[a["hex"]]["features"] = sorted(feats)
        for p in self.design["place"]:
            h = p.get("hex") or self.nearest_hex(p["lon"], p["lat"], hexes, country=p.get("country", ""))
            if not h:
                if p.get("production"):
                    raise SystemExit(f"place {p['name']}: no {p['country']} land hex near it")
                self.warnings.append(f"place {p['name']}: no {p['country']} land hex near it; left off")
                continue
            info = hexes[h]
            if p.get("production"):
                info["production"] = info.get("production", 0) + p["production"]
            if p.get("grey"):
                info["grey"] = p["grey"]
            feats = set(info.get("features", [])) | set(p.get("features", []))
            if feats:
                info["features"] = sorted(feats)


def named_area(spec: dict[str, Any], hexes: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """An area the rules name (design.toml `[[area]]`): its territories' land hexes, inside
    its box (west, east, south, north) when it has one."""
    west, east, south, north = spec.get("box", (-180.0, 180.0, -90.0, 90.0))
    found = sorted(
        (
            h
            for h, info in hexes.items()
            if info["kind"] == "land"
            and info.get("country") in spec["territories"]
            and west <= info["lonlat"][0] <= east
            and south <= info["lonlat"][1] <= north
        ),
        key=hgwmap.row_col,
    )
    if not found:
        raise SystemExit(f"area {spec['id']}: no land hex of {spec['territories']} in its box")
    return {"id": spec["id"], "name": spec["name"], "garrison": spec["garrison"], "hexes": found}


def build(write: bool = True) -> hgwmap.HgwMap:
    anchors = tomllib.loads((DESIGN_DIR / "anchors.toml").read_text())["anchor"]
    design = tomllib.loads((DESIGN_DIR / "design.toml").read_text())
    countries = load_countries(fetch_world_atlas())
    builder = Builder(anchors, design, countries)
    hexes = builder.build_hexes()
    builder.place_features(hexes)
    builder.assign_seas(hexes)
    sides = builder.hexsides(hexes)
    builder.straits_seas(hexes, sides["all_sea"])
    territories = {k: {"name": v[0], "group": v[1]} for k, v in sorted(design["territories"].items())}
    boxes_raw = []
    for b in design["box"]:
        box = {k: v for k, v in b.items()}
        box["production"] = 0
        boxes_raw.append(box)
    scenarios = []
    for s in design["scenario"]:
        scenarios.append({"id": s["id"], "borders": s["borders"], "sides": s["side"]})
    areas = [named_area(a, hexes) for a in design.get("area", [])]
    citations = []
    for a in anchors:
        c = {k: v for k, v in a.items() if k not in ("lon", "lat")}
        citations.append(c)
    doc: dict[str, Any] = {
        "version": 1,
        "layout": hgwmap.LAYOUT,
        "rows": ROWS,
        "cols": COLS,
        "europe_max_col": EUROPE_MAX_COL,
        "groups": design["groups"],
        "territories": territories,
        "hexes": hexes,
        "hexsides": sides,
        "boxes": boxes_raw,
        "scenarios": scenarios,
        "citations": citations,
        "areas": areas,
    }
    data = hgwmap.msgspec.convert(doc, type=hgwmap.MapData)
    boxes = tuple(
        hgwmap.msgspec.structs.replace(b, production=hgwmap.box_production(data, b)) for b in data.boxes
    )
    data = hgwmap.msgspec.structs.replace(data, boxes=boxes)
    result = hgwmap.HgwMap(data)
    for w in builder.warnings:
        print("warning:", w)
    polar = polar_route(result, design["polar_route"])
    if write:
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_bytes(encode(data))
        POLAR_OUT.write_text(json.dumps(polar, indent=1, sort_keys=True) + "\n")
    return result


def polar_route(result: hgwmap.HgwMap, spec: dict[str, Any]) -> dict[str, Any]:
    """N6.3's passage (design.toml explains it): the shortest way from the spec's `start`
    water to its `end` strait through the ice hexes touching land and the open water in
    its columns and rows (Sea Route 7: half a step a hex up there), in order."""

    def inside(h: str) -> bool:
        row, col = hgwmap.row_col(h)
        return (row <= spec["max_row"] and spec["min_col"] <= col <= spec["max_col"]) or h == spec["end"]

    def usable(h: str) -> bool:
        info = result.hex(h)
        shore = info.kind == "ice" and any(result.is_land(n) for n in result.neighbours(h))
        return inside(h) and (shore or result.is_navigable(h))

    cost, parent = {spec["start"]: 0}, {spec["start"]: ""}
    heap = [(0, hgwmap.row_col(spec["start"]), spec["start"])]
    while heap:
        c, _, h = heapq.heappop(heap)
        if c > cost[h]:
            continue
        for n in result.neighbours(h):
            step = c + hgwmap.half_steps(n)
            if usable(n) and step < cost.get(n, step + 1):
                cost[n], parent[n] = step, h
                heapq.heappush(heap, (step, hgwmap.row_col(n), n))
    if spec["end"] not in parent:
        raise SystemExit(f"design.toml [polar_route]: nothing joins {spec['start']} to {spec['end']}")
    path = [spec["end"]]
    while parent[path[-1]]:
        path.append(parent[path[-1]])
    found = {k: spec[k] for k in ("name", "cite")} | {"path": path[::-1]}
    from grognard.games.hgw.polar_route import PolarRoute, passage_problem

    problem = passage_problem(result, hgwmap.msgspec.convert(found, type=PolarRoute))
    if problem:
        raise SystemExit(f"design.toml [polar_route]: {problem}")
    return found


def encode(data: hgwmap.MapData) -> bytes:
    """Compact JSON with one hex per line, so a rebuild's diff shows what moved."""
    plain = hgwmap.msgspec.to_builtins(data)
    hexes = plain.pop("hexes")
    head = json.dumps(plain, sort_keys=True, separators=(",", ":"))
    lines = [
        json.dumps(h, separators=(",", ":"))
        + ":"
        + json.dumps(hexes[h], sort_keys=True, separators=(",", ":"))
        for h in sorted(hexes, key=hgwmap.row_col)
    ]
    return (head[:-1] + ',"hexes":{\n' + ",\n".join(lines) + "\n}}\n").encode()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="build and validate without writing map.json")
    args = parser.parse_args()
    result = build(write=not args.check)
    from grognard.games.hgw.mapcheck import validate

    problems = validate(result)
    for p in problems:
        print("problem:", p)
    land = sum(1 for h in result.hexes.values() if h.kind == "land")
    print(f"{len(result.hexes)} hexes, {land} land; {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
