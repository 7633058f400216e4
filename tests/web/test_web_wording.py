"""The page's own words with the right article (issue 26, item 15): ui.js `article`,
which every board's labels use, and Virtuti's purchases and deployments ("buy a
Army" before). The page's own modules, in the browser."""

from __future__ import annotations

from playwright.sync_api import Page

WORDS = {
    "Airborne": "an", "Army": "an", "Armored Corps": "an", "Artillery": "an", "infantry": "an",
    "Medium Bomber": "a", "Corps": "a", "Fleet": "a", "unit": "a", "European": "a", "hour": "an",
    "AB": "an", "MB": "an", "SS": "an", "CV": "a", "DB": "a",
    "8": "an", "11": "an", "18": "an", "80": "an", "1": "a", "3": "a", "110": "a",
}


def test_the_article_follows_the_sound(page: Page) -> None:
    page.goto("/")
    said = page.evaluate(
        "async (words) => { const { article } = await import('/ui.js');"
        " return Object.fromEntries(words.map((w) => [w, article(w)])); }",
        list(WORDS),
    )
    assert said == WORDS


def test_virtuti_buys_and_deploys_with_the_article(page: Page) -> None:
    page.goto("/")
    labels = page.evaluate(
        """async () => {
            const mod = (await import('/games/virtuti.js')).default;
            const view = {role: 'axis', board: {}};
            return [
                mod.describe(['buy', 'germany', 'army', 1], view).label,
                mod.describe(['buy', 'germany', 'corps', 1], view).label,
                mod.describe(['deploy', 'germany', 'armored_corps', 2, 'berlin'], view).label,
            ];
        }"""
    )
    assert [label.split(": ", 1)[1] for label in labels] == [
        "buy an Army of level 1",
        "buy a Corps of level 1",
        "deploy an Armored Corps (level 2) in Berlin",  # the unit's name in the board data
    ], labels
