"""`grognard odds RULESET`: every ruleset with battle odds answers on the command line
(issue 24: viktory2, hgw and virtuti crashed with a traceback), with the ruleset's own
odds function on a battle checked against its odds form; a mistake is one line, exit 2."""

from __future__ import annotations

import json

import pytest

from grognard import games
from grognard.cli import run

#: One battle per ruleset, written as the README's examples write them.
EXAMPLES = {
    "viktory2": ["--attacker", "infantry:3,cavalry", "--defender", "infantry:2", "-s", "terrain=forest"],
    "hgw": ["--attacker", "infantry:4,mechanized:2", "--defender", "infantry:2", "-s", "assault=true"],
    "virtuti": [
        "--attacker", "army_2:2,support:2", "--defender", "corps_2", "-s", "cards.attacker=axis_blitzkrieg",
    ],
    "victory": ["--attacker", "IN:4,AR:3", "--defender", "IN:4", "-s", "terrain=marsh", "-s", "samples=2000"],
}


def test_every_ruleset_with_odds_has_an_example() -> None:
    with_odds = {ruleset.id for ruleset in games.REGISTRY if ruleset.odds_form() is not None}
    assert with_odds == set(EXAMPLES)


@pytest.mark.parametrize("ruleset_id", ["viktory2", "hgw", "virtuti"])
def test_odds_of_a_described_battle(ruleset_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", ruleset_id, *EXAMPLES[ruleset_id]]) == 0
    report = json.loads(capsys.readouterr().out)
    odds = report["odds"]
    assert odds["attacker_wins"] + odds["defender_wins"] + odds["mutual"] == pytest.approx(1.0)
    # the battle as the ruleset's odds function reads it: the same answer as the server's
    expected = games.REGISTRY.get(ruleset_id).odds(report["battle"]).to_json()
    assert report["odds"] == json.loads(json.dumps(expected))


def test_viktory2_odds_read_the_units_and_settings(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "viktory2", *EXAMPLES["viktory2"], "-s", "naval_support=true"]) == 0
    battle = json.loads(capsys.readouterr().out)["battle"]
    assert battle == {
        "attacker": {"infantry": 3, "cavalry": 1},
        "defender": {"infantry": 2},
        "terrain": "forest",
        "naval_support": True,
    }


def test_a_naval_battle_takes_the_naval_units(capsys: pytest.CaptureFixture[str]) -> None:
    naval = ["--attacker", "frigate:2", "--defender", "frigate", "-s", "naval=true"]
    assert run(["odds", "viktory2", *naval]) == 0
    assert json.loads(capsys.readouterr().out)["battle"]["attacker"] == {"frigate": 2}


def test_virtuti_cards_are_per_side(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "virtuti", *EXAMPLES["virtuti"]]) == 0
    assert json.loads(capsys.readouterr().out)["battle"]["cards"] == {"attacker": "axis_blitzkrieg"}


BOTH = ["--attacker", "infantry", "--defender", "infantry"]


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["viktory2", "--attacker", "tank:3", "--defender", "infantry"], "unknown unit type 'tank'"),
        (["viktory2", "--attacker", "infantry:x", "--defender", "infantry"], "whole number"),
        (["viktory2", "--attacker", ",", "--defender", "infantry"], "names no units"),
        (["viktory2", *BOTH, "-s", "terrain=lava"], "terrain"),
        (["viktory2", *BOTH, "-s", "naval=maybe"], "true or false"),
        (["viktory2", *BOTH, "-s", "speed"], "KEY=VALUE"),
        (["hgw", *BOTH, "-s", "weather=snow"], "unknown setting"),
        (["hgw", "--attacker", "infantry:11", "--defender", "infantry"], "attacker.infantry"),
        (["virtuti", "--attacker", "army_2", "--defender", "corps_2", "-s", "cards.attacker=joker"], "joker"),
        (["chess", "--attacker", "pawn", "--defender", "pawn"], "unknown ruleset"),
    ],
)
def test_bad_battles_are_one_line_with_exit_2(
    args: list[str], fragment: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(["odds", *args]) == 2
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grognard: error: "), err
    assert fragment in lines[0]
