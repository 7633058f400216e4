"""What a Victory board costs the page a step (issue 26, the redraw item): a fixed
scripted sequence in Chromium (a tray block picked, then placed on the first lit hex,
PAIRS times, in the deployment of a Victory scenario against the heuristic AI), with
the nodes put into the board per pick and per placement counted by a MutationObserver
(each with its descendants: a whole redraw of the quick start's 336 hexes is some 2,000),
and Chromium's own main-thread time over the sequence (CDP `Performance.getMetrics`
TaskDuration: the wall time of the page's tasks, which a loaded machine stretches).

    PYTHONPATH=$PWD/src python benchmarks/bench_board_redraws.py [--scenario quick-start] [--pairs 20]

Run it with PYTHONPATH pointing at another tree's src (an older commit's) to compare:
the page served is that tree's web client. One JSON line on stdout."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests" / "web"))

#: Counts the nodes put into the board (each with its descendants) since the last read.
WATCH = """() => {
    const content = document.querySelector('.board-svg .board-content');
    window.__added = 0;
    const size = (node) => 1 + (node.querySelectorAll ? node.querySelectorAll('*').length : 0);
    new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) window.__added += size(node);
    }).observe(content, { childList: true, subtree: true });
    return content.querySelectorAll('*').length;
}"""
READ = "() => { const n = window.__added; window.__added = 0; return n; }"


class _Temp:
    """What serving_rulesets asks of pytest's tmp_path_factory."""

    def mktemp(self, name: str) -> Path:
        return Path(tempfile.mkdtemp(prefix=f"{name}-"))


def _task_seconds(cdp: Any) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return float(next(m["value"] for m in metrics if m["name"] == "TaskDuration"))


def run(scenario: str, pairs: int, chromium: str) -> dict[str, Any]:
    from playwright.sync_api import expect, sync_playwright
    from webkit import serving_rulesets, start_game, until_the_page_is_mine

    from grognard.games.victory import RULESET as VICTORY

    with serving_rulesets(_Temp(), "bench-redraws", VICTORY) as address, sync_playwright() as pw:
        flags = ["--headless", "--no-sandbox", "--disable-gpu"]
        browser = pw.chromium.launch(executable_path=chromium, args=flags)
        page = browser.new_page(viewport={"width": 1366, "height": 820}, base_url=address)
        page.set_default_timeout(120_000)
        game_id = start_game(
            page, ruleset="victory", scenario=scenario, seats={"blue": "me", "red": "ai:heuristic"}, seed=5
        )
        until_the_page_is_mine(page, game_id, "blue")
        whole: int = page.evaluate(WATCH)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        started_task = _task_seconds(cdp)
        started = time.monotonic()
        picks: list[int] = []
        placements: list[int] = []
        for _ in range(pairs):
            tray = page.locator(".tray .tray-unit")
            if not tray.count():
                break
            tray.first.click()
            lit = page.locator(".board-svg .hex.target")
            expect(lit.first).to_be_attached()
            picks.append(page.evaluate(READ))
            lit.first.click(force=True)
            if until_the_page_is_mine(page, game_id, "blue") is None:
                break
            placements.append(page.evaluate(READ))
        task = _task_seconds(cdp) - started_task
        wall = time.monotonic() - started
        browser.close()
    return {
        "scenario": scenario,
        "board_nodes": whole,
        "pairs": len(placements),
        "nodes_per_pick": round(sum(picks) / max(1, len(picks)), 1),
        "nodes_per_placement": round(sum(placements) / max(1, len(placements)), 1),
        "nodes_total": sum(picks) + sum(placements),
        "task_duration_s": round(task, 2),
        "wall_s": round(wall, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", default="quick-start")
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    print(json.dumps(run(args.scenario, args.pairs, args.chromium)))


if __name__ == "__main__":
    main()
