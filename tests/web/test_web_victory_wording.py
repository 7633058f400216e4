"""Victory's words as a person would write them (issue 26, item 15): a half hit under
double defense (6.47) is "a half hit" in the battle card, not "−0 steps"; a factory
of 8 PP is set up as "an 8 PP" one. The page's own modules, in the browser."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

BATTLE = {
    "at": "3,4",
    "name": "Wolfsberg",
    "round": 1,
    "rounds": 3,
    "attacker": "blue",
    "defender": "red",
    "turn": "blue",
    "firing": None,
    "sides": {"blue": [], "red": []},
    "fires": [],
    "casualties": [
        {
            "block": {
                "id": "red-01",
                "side": "red",
                "kind": "Infantry",
                "steps": 4,
                "max_steps": 4,
                "half_hit": True,
            },
            "lost": 0,
            "eliminated": False,
        },
        {
            "block": {"id": "red-02", "side": "red", "kind": "Armor", "steps": 1, "max_steps": 4},
            "lost": 2,
            "eliminated": False,
        },
    ],
    "retreats": [],
}


@pytest.mark.rules("6.47")
def test_a_half_hit_reads_as_a_half_hit_and_numbers_take_their_article(page: Page) -> None:
    page.goto("/")
    losses = page.evaluate(
        """async (battle) => {
            const { battlePanel } = await import('/battle.js');
            const card = battlePanel(battle);
            // the line's words (the block's drawing before them carries its own title)
            return [...card.querySelectorAll('.battle-loss')].map((li) => li.lastChild.textContent.trim());
        }""",
        BATTLE,
    )
    assert losses == ["Infantry: a half hit", "Armor: −2 steps"], losses
    labels = page.evaluate(
        """async () => {
            const mod = (await import('/games/victory.js')).default;
            const types = {AB: {name: 'Airborne', cost: 2}, RC: {name: 'Recon', cost: 2}};
            const hexes = [{id: '1,1', name: 'Ostgard'}];
            const view = {role: 'blue', board: {hexes, blocks: [], unit_types: types}};
            return [
                mod.describe(['factory', '1,1', 'FCA', 8], view).label,
                mod.describe(['factory', '1,1', 'FCA', 3], view).label,
                mod.describe(['build', '1,1', 'AB'], view).label,
                mod.describe(['build', '1,1', 'RC'], view).label,
            ];
        }"""
    )
    assert labels == [
        "Set up an 8 PP air factory at Ostgard (1,1)",
        "Set up a 3 PP air factory at Ostgard (1,1)",
        "Build an Airborne (AB, 2 PP a step) at Ostgard (1,1)",
        "Build a Recon (RC, 2 PP a step) at Ostgard (1,1)",
    ], labels
