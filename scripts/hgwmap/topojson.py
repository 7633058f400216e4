"""The geography of the Hitler's Global War map build: Natural Earth's countries at 1:50m.

The npm package `world-atlas` 2.0.2 (TopoJSON, Natural Earth, public domain) is fetched with
`npm pack` into build/mapcache/ (gitignored) the first time; this module decodes it into
shapely geometries, one per country, for scripts/build_hgw_map.py.
"""

from __future__ import annotations

import json
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import shapely
import shapely.affinity
from shapely.geometry import MultiPolygon, Polygon

ROOT = Path(__file__).resolve().parent.parent.parent
CACHE = ROOT / "build" / "mapcache"
WORLD_ATLAS = "world-atlas@2.0.2"


# --- geography -----------------------------------------------------------------------


def fetch_world_atlas() -> Path:
    """The unpacked world-atlas package in the build cache (npm pack on first use)."""
    package = CACHE / "package"
    if (package / "countries-50m.json").exists():
        return package
    CACHE.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "pack", WORLD_ATLAS, "--silent"], cwd=CACHE, check=True)
    tarballs = sorted(CACHE.glob("world-atlas-*.tgz"))
    if not tarballs:
        raise SystemExit("npm pack produced no world-atlas tarball")
    with tarfile.open(tarballs[-1]) as tar:
        tar.extractall(CACHE, filter="data")
    return package


def _decode_arcs(topo: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """TopoJSON arcs: delta-encoded quantized points, scaled and translated back."""
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def _ring(arcs: list[list[tuple[float, float]]], indexes: list[int]) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    for i in indexes:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        points.extend(arc if not points else arc[1:])
    return points


def _unwrap(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Make a ring's longitudes continuous where it crosses the antimeridian.

    The TopoJSON is spherical (d3 cuts at the antimeridian when drawing); read flat, an
    edge from 179.9 to -179.9 would wrap a band round the world. A ring that circles the
    pole (Antarctica) is closed along the pole instead.
    """
    out = [ring[0]]
    for lon, lat in ring[1:]:
        prev = out[-1][0]
        while lon - prev > 180:
            lon -= 360
        while prev - lon > 180:
            lon += 360
        out.append((lon, lat))
    drift = out[-1][0] - out[0][0]
    if abs(drift) > 180:  # round the pole
        pole = -90.0 if min(p[1] for p in out) < -60 else 90.0
        out += [(out[-1][0], pole), (out[0][0], pole), out[0]]
    return out


def _fold(shape: Any) -> Any:
    """Bring parts that stick out past +-180 back into range (a shifted copy)."""
    world = shapely.box(-180, -90, 180, 90)
    west = shapely.affinity.translate(shape, xoff=360)
    east = shapely.affinity.translate(shape, xoff=-360)
    return shapely.make_valid(shapely.union_all([shape, west, east]).intersection(world))


def load_countries(package: Path) -> list[tuple[str, Any]]:
    """(Natural Earth name, shapely geometry) for every country, sorted by name."""
    topo = json.loads((package / "countries-50m.json").read_text())
    arcs = _decode_arcs(topo)
    result = []
    for geom in topo["objects"]["countries"]["geometries"]:
        polys = []
        if geom["type"] == "Polygon":
            parts = [geom["arcs"]]
        elif geom["type"] == "MultiPolygon":
            parts = geom["arcs"]
        else:
            continue
        for rings in parts:
            shell, *holes = (_unwrap(_ring(arcs, r)) for r in rings)
            if len(shell) >= 4:
                polys.append(Polygon(shell, [h for h in holes if len(h) >= 4]))
        shape = _fold(shapely.make_valid(MultiPolygon(polys)))
        result.append((geom["properties"]["name"], shape))
    return sorted(result, key=lambda item: item[0])
