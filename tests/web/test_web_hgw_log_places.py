"""Hitler's Global War's log names its places (issue 22/23: no bare hex numbers). The
engine writes a place as its hex number after whatever word its sentence needs ("bound
for 2879", "captures 1541", "the garrison of 1541"); the page finds every such number
(hgw-view.js `placesInLine`), lights the hex while the line is pointed at and says it
with its name ("2879 Guam"). A year ("Winter 1941", "the World War 1939-1945") is never
a place, though every year of the war is also a hex number of the map."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page
from webkit import serving_rulesets

from grognard.games.hgw import RULESET as HGW

WEB = Path(__file__).resolve().parents[2] / "src" / "grognard" / "web" / "games"
MAP = json.loads((WEB / "hgw-map.json").read_text(encoding="utf-8"))
HEXES = {row[0] for row in MAP["hexes"]}
NAMES = {row[0]: row[1] for row in MAP["names"]}

def said(hex_id: str) -> str:
    """A hex as the page says it in a log line: its number, then its name if the map
    names it ("1236 Kiel", "1239")."""
    return f"{hex_id} {NAMES[hex_id]}" if hex_id in NAMES else hex_id


#: the engine's dates: a season's or a month's turn ("Winter 1941: axis player turn",
#: "(Summer 1941)", "December 1941-1945") and a war's span ("the World War 1939-1945")
DATE = re.compile(
    r"(?:(?:Spring|Summer|Fall|Autumn|Winter|December|War) (\d{4})(?:-(\d{4}))?)"
)

#: sentences of the engine whose place follows a word the page once missed (naval.py,
#: combat.py, china.py, coastal_air.py, politics.py), with places of the map
SHAPES = [
    "U.S. Pacific Fleet (3 naval points) intercepts the invasion bound for 2879",
    "soviet captures 1541",
    "the garrison of 1541 is destroyed",
    "OKW exploits against 1437",
    "Eighth Route Army's partisan attack takes 1866 (a 2; G17.12)",
    "the coastal air of 2038 fires back: 1937 loses 2 coastal air points",
    "Seventh Army lands unopposed in friendly 2451",
    "U-boat Arm leaves the neutral port 0836 for 1136 (N6.2)",
    "Campaign Game IV: the World War 1939-1945 begins, Winter 1939",
    "axis has 19 production points this turn (Winter 1941)",
]


def _played_lines() -> list[str]:
    """The public log lines naming a number, of two short random games."""
    lines: list[str] = []
    for scenario, seed in (("campaign_2", 3), ("pacific_war", 5)):
        state = HGW.new_game(scenario=scenario, seed=seed)
        pick = random.Random(seed)
        for _ in range(400):
            if state.is_over():
                break
            role = state.active_roles()[0]
            state.apply(role, pick.choice(state.legal_actions(role)))
        lines += [line for line in state.log_for(None) if re.search(r"\b\d{4,5}\b", line)]
    return lines


def _places(line: str) -> list[str]:
    """The hexes a reader finds in the line: its numbers of the map, less its dates."""
    years = {m.start(i) for m in DATE.finditer(line) for i in (1, 2) if m.group(i)}
    numbers = re.finditer(r"\b\d{4,5}\b", line)
    return [m.group() for m in numbers if m.start() not in years and m.group() in HEXES]


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving_rulesets(tmp_path_factory, "web-hgw-log-places", HGW) as address:
        yield address


def test_every_place_of_the_log_is_found_and_no_year_is(page: Page) -> None:
    lines = sorted(set(_played_lines())) + SHAPES
    expected = [_places(line) for line in lines]
    assert sum(map(len, expected)) > 50  # real games' lines, not only the shapes above
    page.goto("/")
    found = page.evaluate(
        """async (lines) => {
            const world = await import('/games/hgw-world.js');
            await world.loadMap();
            const { placesInLine } = await import('/games/hgw-view.js');
            return lines.map((line) => placesInLine(line));
        }""",
        lines,
    )
    wrong = [(line, want, got) for line, want, got in zip(lines, expected, found, strict=True) if want != got]
    assert not wrong, wrong[:5]


def test_a_log_line_says_its_places_by_name_and_lights_them(page: Page) -> None:
    line = SHAPES[0]
    assert NAMES["2879"] == "Guam"
    page.goto("/")
    said = page.evaluate(
        """async (line) => {
            const world = await import('/games/hgw-world.js');
            await world.loadMap();
            const hgw = (await import('/games/hgw.js')).default;
            const { logLine } = await import('/log.js');
            const lit = [];
            const li = logLine(line, { placesIn: hgw.placesIn, placeName: hgw.placeName,
                                       onHexHover: (hexes) => lit.push(...hexes) });
            const ref = li.querySelector('.hexref');
            ref.dispatchEvent(new MouseEvent('mouseenter'));
            return { text: li.textContent, refs: li.querySelectorAll('.hexref').length, lit };
        }""",
        line,
    )
    assert said["text"].endswith("bound for 2879 Guam")
    assert said["refs"] == 1
    assert said["lit"] == ["2879"]
