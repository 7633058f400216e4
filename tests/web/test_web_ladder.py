"""The lobby shows the measured difficulty ladder (issue 25): beside each AI level
of the chosen game its figures from the shipped data file (benchmarks/ladder.py),
the levels strongest first, and a note of where the figures come from."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from grognard.agents import AGENT_NAMES, ladder


def test_the_seat_select_shows_the_measured_strength_of_each_level(page: Page) -> None:
    entry = ladder.load().rulesets.get("viktory2")
    assert entry is not None, "the shipped ladder has no Viktory II figures"
    page.goto("/")
    form = page.locator("form.new-game")
    form.locator("select[name=ruleset]").select_option("viktory2")
    seat = form.locator("select[name=seat-yellow]")
    ai = seat.locator("option[value^='ai:']")
    expect(ai).to_have_count(4)
    # strongest first, as measured; a level the file lacks after them, marked so
    measured = [lv.level for lv in entry.levels]
    expected = measured + [name for name in AGENT_NAMES if name not in measured]
    assert [ai.nth(i).get_attribute("value") for i in range(4)] == [f"ai:{name}" for name in expected]
    for name in expected[len(measured):]:
        expect(seat.locator(f"option[value='ai:{name}']")).to_contain_text("not measured")
    for lv in entry.levels:
        option = seat.locator(f"option[value='ai:{lv.level}']")
        expect(option).to_contain_text(ladder.summary(lv))
        elo = f"{round(lv.elo):+,}".replace("-", "−")
        expect(option).to_have_attribute("title", re.compile(re.escape(f"Elo {elo} (95 % interval")))
        if lv.vs_heuristic is not None:
            record = lv.vs_heuristic
            won = f"against the heuristic {record.wins} won, {record.draws} drawn, {record.losses} lost"
            expect(option).to_have_attribute("title", re.compile(re.escape(won)))
    note = form.locator(".ladder-note")
    # the figures visible without opening the select, strongest first
    listed = note.locator("li")
    expect(listed).to_have_count(len(expected))
    for i, lv in enumerate(entry.levels):
        expect(listed.nth(i)).to_have_text(f"{lv.level}: {ladder.summary(lv)}")
    for i in range(len(measured), len(expected)):
        expect(listed.nth(i)).to_have_text(f"{expected[i]}: {ladder.NOT_MEASURED}")
    expect(note).to_contain_text(f"a round robin of {entry.games} games")
    expect(note).to_contain_text(entry.date)
    # the default AI stays the heuristic, which answers at once
    expect(seat).to_have_value("ai:heuristic")
