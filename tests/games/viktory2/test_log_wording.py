"""Log lines that read right (issue 9, 3 "Wording"): counts agree with their nouns,
"holds" only when the defender still stands, and the dice a suppression really took."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from tests.games.viktory2.test_battle import fight, make, rolls
from tests.games.viktory2.test_victory import end_turn, limited

from grognard.core.replay import play_replay, verify_replay
from grognard.games.viktory2.steps import STEPS
from grognard.sim.play import get_ruleset


@pytest.mark.rules("12.31")
def test_suppression_logs_the_unit_dice_really_lost_12_31() -> None:
    """Three hits on one infantry: two excess hits, but it had a single unit die (12.31)."""
    st = make([("red", "infantry", "0,0"), ("red", "cavalry", "0,0"),
               ("yellow", "infantry", "0,0"), ("yellow", "frigate", "1,0")], tiles={"1,0": "water"})
    fight(st, [1, 2, 3, 6])
    log = st.log_for(None)
    assert "yellow loses 1 unit die to suppression" in log
    assert not any("unit dice to suppression" in line for line in log)


@pytest.mark.rules("12.31")
def test_two_suppressed_dice_read_as_plural_12_31() -> None:
    """Two yellow unit types (infantry 1 die, cavalry 1 die); red's artillery misses
    before the battle, then four hits fall on the two yellow units."""
    st = make([("red", "infantry", "0,0"), ("red", "cavalry", "0,0"), ("red", "artillery", "0,0"),
               ("yellow", "infantry", "0,0"), ("yellow", "cavalry", "0,0")])
    fight(st, [6, 1, 2, 3, 1])
    assert "yellow loses 2 unit dice to suppression" in st.log_for(None)


@pytest.mark.rules("12.3")
def test_mutual_destruction_is_not_called_holding_12_3() -> None:
    """Both lone infantry hit each other: the attacker does not win (12.3 step 4),
    and nobody "holds" an empty hex."""
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")])
    fight(st, [1, 1])
    log = st.log_for(None)
    assert rolls(st) == ["red rolls 1 (attack, round 1)", "yellow rolls 1 (defence, round 1)"]
    assert "both sides are wiped out at 0,0: no one wins the battle" in log
    assert "yellow holds 0,0" not in log


@pytest.mark.rules("12.3")
def test_mutual_destruction_in_a_town_keeps_it_for_the_defender_12_3() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")],
              towns={"0,0": ("yellow", "town"), "2,-2": ("yellow", "town")}, capitals={"yellow": "2,-2"})
    # red 1 die; yellow 1 unit die + 1 town die
    fight(st, [1, 1, 6])
    log = st.log_for(None)
    assert "both sides are wiped out at 0,0: yellow keeps its town" in log
    assert "yellow holds 0,0" not in log


@pytest.mark.rules("12.3")
def test_a_defender_left_standing_holds_12_3() -> None:
    st = make([("red", "infantry", "0,0"), ("yellow", "infantry", "0,0")])
    fight(st, [6, 1])
    assert "yellow holds 0,0" in st.log_for(None)


@pytest.mark.rules("5.0")
def test_a_turn_limit_of_one_round_is_singular_5_0() -> None:
    st = limited(1)
    end_turn(st)
    end_turn(st)
    assert st.result() is not None
    assert any("turn limit of 1 round: largest empire" in line for line in st.log_for(None))


@pytest.mark.rules("10.2")
@pytest.mark.parametrize(("kind", "words"), [("infantry", "an infantry"), ("artillery", "an artillery"),
                                             ("cavalry", "a cavalry"), ("frigate", "a frigate")])
def test_the_elimination_prompt_has_the_right_article_10_2(kind: str, words: str) -> None:
    """10.2: the loser of a town or city picks which supported unit returns to the stock."""
    st = make([("red", "infantry", "0,0")])
    frame = {"state": "eliminate", "role": "yellow", "types": [kind]}
    prompt = STEPS["eliminate"].prompt(st, frame, "yellow")
    assert prompt == f"Your lost town or city supported {words}: choose which one returns to the stock."


@pytest.mark.rules("6.0")
def test_turn_headers_count_rounds_like_the_turn_limit_6_0() -> None:
    """Two players: turns 1 and 2 are round 1, turns 3 and 4 round 2 (6.0: turns go
    round the table; the turn_limit option counts rounds)."""
    st = limited(5)
    for _ in range(4):
        end_turn(st)
    headers = [line for line in st.log_for(None) if line.startswith("— ")]
    assert headers[-4:] == [
        "— round 1: yellow —", "— round 2: red —", "— round 2: yellow —", "— round 3: red —"
    ]


# ----- units by name, not id (issue 26, item 15; log version 2) ---------------------------
RECORD = Path(__file__).parent / "records" / "log_v1_standard.json"
UNIT_ID = re.compile(r"\b(red|yellow|blue|green)-[a-z]\d+\b")


@pytest.mark.rules("9.0", "12.3", "13.0")
def test_the_log_names_units_as_a_player_would_9_0_12_3_13_0() -> None:
    """A heuristic game's first 80 actions: moves, placements, hits and losses name
    the unit's type (and its owner when the line's subject is another player), never
    its id."""
    record = json.loads(RECORD.read_text())
    st = play_replay(dict(record, log_version=2), get_ruleset("viktory2"))
    log = st.log_for(None)
    assert not [line for line in log if UNIT_ID.search(line)]
    assert "yellow moves an infantry -2,1 → -1,0" in log
    assert "red places an artillery at 2,-1" in log
    assert "a yellow infantry is hit" in log and "a yellow infantry is lost to the Reserve" in log


def test_a_record_made_before_log_version_2_still_verifies_with_its_ids() -> None:
    """The record (standard, heuristic seats, 80 actions) was saved by the code of 28
    November 2026, before log versions: it names none, re-plays with the version 1
    words (units by id) and every digest matches."""
    record = json.loads(RECORD.read_text())
    assert "log_version" not in record
    assert verify_replay(record, get_ruleset("viktory2")) == []
    old = play_replay(record, get_ruleset("viktory2"))
    assert old.log_version == 1 and "red moves red-a3 1,0 → 0,1" in old.log_for(None)
