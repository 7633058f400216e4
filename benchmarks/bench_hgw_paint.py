"""First paint of the Hitler's Global War world map in Chromium: a game's page as a
player opens it, and the map alone painted three ways (canvas against SVG).

    .venv/bin/python benchmarks/bench_hgw_paint.py [--loads 7] [--page-scenario campaign_4]
        [--out FILE]

Starts the web app on 127.0.0.1 (a temporary SQLite database), then, for each of
`--loads` fresh pages (a new browser context each time, so nothing is cached) and
each of three painters:

- `canvas`: the layers of `worldLayers` (water and country colours, islands, terrain
  marks, the hex grid, coasts, borders, crossings) painted on one canvas;
- `svg`: the same layers as SVG, one <path> each;
- `svg_polygons`: one SVG <polygon> per hex, filled, and nothing else (drawing less
  than the other two only favours it);

it measures:

- `<painter>_first_paint_ms`: from the navigation start of a page that has loaded the
  lobby until the whole map (5,650 hexes) is painted and two animation frames have
  passed: loading the module, fetching and parsing hgw-map.json, building, painting
  (the map alone: the page a player opens is `page_shown_ms` below);
- `<painter>_paint_ms`: the building and painting alone, then two frames;
- `<painter>_zoom_step_ms`: what one zoom step costs once the map is up (pan and
  zoom must stay fluid): the map is scaled by a factor of 1.3, eight times, and
  each step is timed until a screenshot of the page is taken (a screenshot waits for
  the new frame to be rastered), less the time of a screenshot of an unchanged page.

and, first, the page a player opens: `--loads` fresh loads of a `--page-scenario` game's
page (Campaign Game IV by default, the largest; its first seat the page's, the others
the AI's), each timed from the navigation's start (the index page, the app's modules,
the game, the board module, the map) until:

- `page_modules_ms`, `page_map_ms`: the last module, the world map received;
- `page_painted_ms`: the board has painted the map on its canvas;
- `page_frame_ms`: the browser's next frame is done, the map in it (the issue's "first
  paint": what the player waits for). The game page draws its board first and the panels
  beside it after that frame (game.js);
- `page_shown_ms`: two animation frames after the painting, the panels drawn too.
- `page_pan_seam_frame_ms`, `page_pan_europe_frame_ms`: once the page is up (a fresh
  load of its own), the time between the frames of a drag that pans the board east
  across the date line (column 112 to column 0), and of one in Europe (pan must stay
  fluid across the seam); the median and the 95th percentile are reported.

The web app runs in a process of its own (`grognard serve`).

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
import subprocess
import sys
import tempfile
import time
import urllib.request
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

#: Installed before the game page's scripts: the time the board marks its map painted
#: (`data-painted`), and two animation frames later (the picture on screen).
PAGE_MARKS = """
window.__paint = {};
new MutationObserver((changes) => {
    if (window.__paint.painted || !changes.some((c) => c.attributeName === 'data-painted')) return;
    window.__paint.painted = performance.now();
    requestAnimationFrame(() => {
        // the task after this frame's own: the frame with the map is done (a user-blocking
        // task runs before anything the page queued meanwhile, such as its side panels)
        const done = () => { window.__paint.frame = performance.now(); };
        scheduler.postTask(done, { priority: 'user-blocking' });
        requestAnimationFrame(() => { window.__paint.shown = performance.now(); });
    });
}).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-painted'] });
"""
PAGE_TIMES = """() => {
    const got = performance.getEntriesByType('resource');
    const end = (test) => Math.max(0, ...got.filter((e) => test(e.name)).map((e) => e.responseEnd));
    return {
        modules: end((name) => name.endsWith('.js')),
        map: end((name) => name.includes('hgw-map.json')),
        painted: window.__paint.painted,
        frame: window.__paint.frame,
        shown: window.__paint.shown,
    };
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


def _serve() -> tuple[str, subprocess.Popen[bytes]]:
    """The web app in a process of its own (`grognard serve`, a temporary SQLite
    database), as a player meets it: served from this process, it would share the
    interpreter with Playwright's driver, and each slowed the other."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    database = Path(tempfile.mkdtemp(prefix="hgw-paint-")) / "grognard.db"
    command = [sys.executable, "-c", "import sys; from grognard.cli import main; sys.exit(main())"]
    server = subprocess.Popen(
        [*command, "serve", "--port", str(port), "--database-url", f"sqlite:///{database}"],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            with urllib.request.urlopen(f"{base}/api/rulesets", timeout=1):
                return base, server
        except OSError:
            if server.poll() is not None:
                break
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the web app did not start")


def _page_game(browser: Any, base: str, scenario: str) -> tuple[str, Any]:
    """A game of `scenario`, its first seat the page's (the others the AI's, which wait
    for their turn), created by a guest; its id and the guest's cookies."""
    from grognard.games.hgw import RULESET as HGW

    roles = HGW.new_game(scenario, seed=1).roles
    seats = {role: "me" if i == 0 else "ai:heuristic" for i, role in enumerate(roles)}
    context = browser.new_context(base_url=base)
    page = context.new_page()
    page.goto("/")
    page.wait_for_selector("form.new-game button[type=submit]")
    csrf = next(c["value"] for c in context.cookies() if c["name"] == "grognard_csrf")
    body = {"ruleset": "hgw", "scenario": scenario, "seats": seats, "seed": 1}
    answer = context.request.post("/api/games", data=body, headers={"X-CSRF-Token": csrf})
    if not answer.ok:
        raise SystemExit(f"the game was not created: {answer.status} {answer.text()}")
    game_id = str(answer.json()["id"])
    cookies = context.storage_state()
    context.close()
    return game_id, cookies


def _game_page(browser: Any, base: str, game_id: str, cookies: Any) -> tuple[Any, Any]:
    """The game's page in a fresh browser context (nothing cached), once its map is on
    screen and its panels drawn: the context and the page."""
    context = browser.new_context(
        viewport={"width": 1600, "height": 1000}, base_url=base, storage_state=cookies
    )
    context.add_init_script(PAGE_MARKS)
    page = context.new_page()
    page.goto(f"/#/game/{game_id}")
    page.wait_for_function(
        "() => Boolean(window.__paint && window.__paint.shown)", polling=50, timeout=120_000
    )
    return context, page


def _page_first_paint(browser: Any, base: str, game_id: str, cookies: Any) -> dict[str, float]:
    """One fresh load of the game's page (nothing cached): milliseconds from the
    navigation's start to the last module and the map received, the map painted on
    the board's canvas, and the page's next two frames (the map on screen)."""
    context, page = _game_page(browser, base, game_id, cookies)
    got: dict[str, float] = page.evaluate(PAGE_TIMES)
    context.close()
    return got


#: A drag of the board by pointer events, `step` px west at each animation frame for
#: `frames` frames (the view moves east); the time between frames, in ms.
PAN = """async ([frames, step]) => {
    const svg = document.querySelector('.board-svg');
    const box = svg.getBoundingClientRect();
    let x = box.x + box.width * 0.8;
    const y = box.y + box.height / 2;
    const send = (type) => svg.dispatchEvent(new PointerEvent(type, {
        pointerId: 7, clientX: x, clientY: y, bubbles: true, isPrimary: true, button: 0, buttons: 1,
    }));
    send('pointerdown');
    const times = [];
    await new Promise((done) => {
        const frame = (t) => {
            times.push(t);
            if (times.length > frames) { send('pointerup'); done(); return; }
            x -= step;
            send('pointermove');
            requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
    });
    return times.slice(1).map((t, i) => t - times[i]);
}"""


def _pan_frames(browser: Any, base: str, game_id: str, cookies: Any, start: str) -> list[float]:
    """Milliseconds between the frames of a drag that pans the game's board east from
    hex `start`, 20 px a frame for 60 frames (about 18 columns at the zoom "go to"
    gives), on a page of its own once it is up. From 18104 the drag crosses the date
    line (the map's east edge, column 112, joined to its west edge, column 0); from
    1237 (Berlin) it stays in Europe, to compare. A frame takes 16.7 ms at 60 a second."""
    context, page = _game_page(browser, base, game_id, cookies)
    goto = page.locator(".hgw-goto")
    goto.get_by_label("Go to a hex number or a place name").fill(start)
    goto.get_by_role("button", name="Go").click()
    said = "() => (document.querySelector('.hgw-goto-said')?.textContent || '').includes('" + start + "')"
    page.wait_for_function(said)
    page.evaluate(PAN, [60, 20])  # once there and back first: the copy beyond the seam made
    page.evaluate(PAN, [60, -20])
    gaps: list[float] = page.evaluate(PAN, [60, 20])
    context.close()
    return [round(g, 1) for g in gaps]


def _p95(values: list[float]) -> float:
    return sorted(values)[min(len(values) - 1, int(0.95 * len(values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=7, help="fresh page loads per measure (default 7)")
    parser.add_argument(
        "--page-scenario", default="campaign_4", help="the game whose page is opened (default campaign_4)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "hgw_paint.json")
    parser.add_argument(
        "--page-only", action="store_true", help="time the game's page alone, not the three painters"
    )
    parser.add_argument(
        "--note",
        default="wall clock, headless Chromium (software rendering), 2-core machine",
        help="what else the machine was doing, recorded with the figures",
    )
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
    for painter in () if args.page_only else PAINTERS:
        runs[f"{painter}_first_paint_ms"] = []
        runs[f"{painter}_paint_ms"] = []
        runs[f"{painter}_zoom_step_ms"] = []
    painted = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            game_id, cookies = _page_game(browser, base, args.page_scenario)
            for _ in range(args.loads):
                for key, value in _page_first_paint(browser, base, game_id, cookies).items():
                    runs.setdefault(f"page_{key}_ms", []).append(round(value, 1))
                for name, start in (("seam", "18104"), ("europe", "1237")):
                    frames = _pan_frames(browser, base, game_id, cookies, start)
                    runs.setdefault(f"page_pan_{name}_frame_ms", []).extend(frames)
                for painter in () if args.page_only else PAINTERS:
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
        server.terminate()
        server.wait(timeout=30)
    result = {
        "hexes": painted,
        "page_scenario": args.page_scenario,
        "loads": args.loads,
        "median": {k: statistics.median(v) for k, v in runs.items()},
        "p95": {k: _p95(v) for k, v in runs.items() if k.startswith("page_pan_")},
        "runs": runs,
        "note": args.note,
    }
    for key, value in result["median"].items():
        tail = f", p95 {result['p95'][key]:.1f} ms" if key in result["p95"] else ""
        print(f"{key:26} median {value:8.1f} ms{tail}  over {len(runs[key])} runs")
    args.out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
