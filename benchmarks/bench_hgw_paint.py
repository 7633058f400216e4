"""First paint of the Hitler's Global War world map in Chromium: canvas against SVG.

    .venv/bin/python benchmarks/bench_hgw_paint.py [--loads 7] [--out FILE]

Starts the web app on 127.0.0.1 (a temporary SQLite database), then, for each of
`--loads` fresh pages (a new browser context each time, so nothing is cached) and
each of three painters:

- `canvas`: the layers of `worldLayers` (water and country colours, islands, terrain
  marks, the hex grid, coasts, borders, crossings) painted on one canvas;
- `svg`: the same layers as SVG, one <path> each;
- `svg_polygons`: one SVG <polygon> per hex, filled, and nothing else (drawing less
  than the other two only favours it);

it measures:

- `<painter>_first_paint_ms`: from the page's navigation start until the whole map
  (5,650 hexes) is painted and two animation frames have passed: loading the
  module, fetching and parsing hgw-map.json, building, painting (the cold path a
  player meets when opening a game);
- `<painter>_paint_ms`: the building and painting alone, then two frames;
- `<painter>_zoom_step_ms`: what one zoom step costs once the map is up (pan and
  zoom must stay fluid): the map is scaled by a factor of 1.3, eight times, and
  each step is timed until a screenshot of the page is taken (a screenshot waits for
  the new frame to be rastered), less the time of a screenshot of an unchanged page.

Reports the median of each (and all runs) and writes JSON (default
benchmarks/results/hgw_paint.json, ignored by git; `--out
benchmarks/hgw_paint_results.json` records the committed figures). Wall-clock
figures on a shared machine: run it twice and compare.

Needs the playwright package and Debian's Chromium (as the browser tests do).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

CHROMIUM = os.environ.get("GROGNARD_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

#: Paint the world with one painter, from a page that has loaded nothing of the game
#: yet: import the module, fetch and parse the map, build the layers, paint, then
#: wait two animation frames. `first` is milliseconds since the navigation started.
PAINT = """async (painter) => {
    const mod = await import('/games/hgw.js');
    const map = await mod.loadMap();
    const NS = 'http://www.w3.org/2000/svg';
    const started = performance.now();
    let el;
    if (painter === 'canvas') {
        el = document.createElement('canvas');
        el.style.transformOrigin = '0 0';
        document.body.append(el);
        mod.paintCanvas(el, mod.worldLayers(map, { borders: '1941' }));
    } else {
        const svg = document.createElementNS(NS, 'svg');
        svg.setAttribute('width', '1600');
        svg.setAttribute('height', '900');
        el = document.createElementNS(NS, 'g');
        svg.append(el);
        document.body.append(svg);
        if (painter === 'svg') {
            mod.paintSvg(el, mod.worldLayers(map, { borders: '1941' }));
        } else {
            // one <polygon> per hex, filled, nothing else (the layers hold much more)
            const points = [];
            for (let i = 0; i < 6; i += 1) {
                const a = (Math.PI / 180) * (60 * i - 30);
                points.push(`${(10 * Math.cos(a)).toFixed(2)},${(10 * Math.sin(a)).toFixed(2)}`);
            }
            const water = { sea: '#8fbbe0', partial: '#bcd9ef', ice: '#dfe4e8' };
            for (const hex of map.hexes.values()) {
                const [x, y] = mod.centre(hex.row, hex.col);
                const p = document.createElementNS(NS, 'polygon');
                p.setAttribute('points', points.join(' '));
                p.setAttribute('transform', `translate(${x.toFixed(2)} ${y.toFixed(2)})`);
                p.setAttribute('fill', hex.kind === 'land' ? '#e6d5ad' : water[hex.kind]);
                p.setAttribute('stroke', '#5c5343');
                p.setAttribute('stroke-width', '0.4');
                el.append(p);
            }
        }
    }
    el.id = 'map';
    await new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)));
    const done = performance.now();
    return { first: done, paint: done - started, painted: map.hexes.size };
}"""

PAINTERS = ("canvas", "svg", "svg_polygons")
ZOOM = {
    "canvas": "(k) => { document.getElementById('map').style.transform = `scale(${k / 2})`; }",
    "svg": "(k) => { document.getElementById('map').setAttribute('transform', `scale(${k})`); }",
    "svg_polygons": "(k) => { document.getElementById('map').setAttribute('transform', `scale(${k})`); }",
}


def _zoom_steps(page: Any, measure: str) -> list[float]:
    """Milliseconds per zoom step until the page's next frame is captured, less the
    time of capturing an unchanged page."""
    page.screenshot()
    idle = []
    for _ in range(3):
        started = time.perf_counter()
        page.screenshot()
        idle.append(time.perf_counter() - started)
    baseline = statistics.median(idle)
    steps = []
    for i in range(8):
        page.evaluate(ZOOM[measure], 1.3 ** (i + 1) * 0.4)
        started = time.perf_counter()
        page.screenshot()
        steps.append(round(max(0.0, time.perf_counter() - started - baseline) * 1000, 1))
    return steps


def _serve() -> tuple[str, Any]:
    import uvicorn

    from grognard.core.registry import Registry
    from grognard.games.hgw import RULESET as HGW
    from grognard.server import create_app

    registry = Registry()
    registry.register(HGW)
    database = Path(tempfile.mkdtemp(prefix="hgw-paint-")) / "grognard.db"
    app = create_app(f"sqlite:///{database}", registry=registry)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    if not server.started:
        raise SystemExit("the web app did not start")
    return f"http://127.0.0.1:{port}", server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7, help="fresh page loads per measure (default 7)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "hgw_paint.json")
    args = parser.parse_args(argv)
    if args.loads < 1:
        parser.error("--loads must be at least 1")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("needs the playwright package: pip install playwright", file=sys.stderr)
        return 2
    if not Path(CHROMIUM).is_file():
        print(
            f"no Chromium at {CHROMIUM} (apt-get install chromium, or set GROGNARD_CHROMIUM)", file=sys.stderr
        )
        return 2
    args.out.parent.mkdir(parents=True, exist_ok=True)
    base, server = _serve()
    runs: dict[str, list[float]] = {}
    for painter in PAINTERS:
        runs[f"{painter}_first_paint_ms"] = []
        runs[f"{painter}_paint_ms"] = []
        runs[f"{painter}_zoom_step_ms"] = []
    painted = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for _ in range(args.loads):
                for painter in PAINTERS:
                    context = browser.new_context(viewport={"width": 1600, "height": 1000}, base_url=base)
                    page = context.new_page()
                    page.goto("/", wait_until="load")
                    got = page.evaluate(PAINT, painter)
                    runs[f"{painter}_first_paint_ms"].append(round(got["first"], 1))
                    runs[f"{painter}_paint_ms"].append(round(got["paint"], 1))
                    painted = got["painted"]
                    runs[f"{painter}_zoom_step_ms"] += _zoom_steps(page, painter)
                    context.close()
            browser.close()
    finally:
        server.should_exit = True
    result = {
        "hexes": painted,
        "loads": args.loads,
        "median": {k: statistics.median(v) for k, v in runs.items()},
        "runs": runs,
        "note": "wall clock, headless Chromium (software rendering), 2-core machine shared by 6 workers",
    }
    for key, value in result["median"].items():
        print(f"{key:24} median {value:8.1f} ms  over {len(runs[key])} runs")
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
