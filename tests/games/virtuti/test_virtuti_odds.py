"""Battle odds for Virtuti (games/virtuti/odds.py; rulebook "Resolving Battles", B1.x).

The odds are exact: a prior over the cards and air tokens a seat cannot know, and the
exact distribution of the dice. They are checked against the engine itself: every
combination of cards, air tokens and die faces of small battles played by the rules
(forced dice), battles played with many seeds, a battle worked by hand, and two
states differing only in a secret."""

from __future__ import annotations

import itertools
import math
import random
import re
from typing import Any

import pytest
from virtuti_positions import at_operations, bare_game, hands, place

from grognard.core.odds import BadBattle
from grognard.games.virtuti import RULESET, VirtutiState
from grognard.games.virtuti.battle import chains as battle_chains
from grognard.games.virtuti.battle_steps import BATTLE_STEPS
from grognard.games.virtuti.board import content
from grognard.games.virtuti.losses import Chain, legal_picks

Battle = dict[str, Any]


# ----- playing a battle with the engine --------------------------------------------------------
def position(
    attackers: list[tuple[str, int]],
    defenders: list[tuple[str, int]],
    *,
    axis_hand: list[str],
    allied_hand: list[str],
    order: str = "move",
    origin: str = "breslau",
    target: str = "warsaw",
    seed: int = 0,
) -> tuple[VirtutiState, list[str]]:
    """The Axis attacks `target` from `origin` under `order`; the Western Allies defend."""
    g = bare_game(seed=seed)
    sent = [place(g, "axis", kind, origin, lv) for kind, lv in attackers]
    for kind, lv in defenders:
        place(g, "western_allies", kind, target, lv)
    g.data["forts"] = {}
    g.data["orders"][origin] = {"f": "axis", "o": order}
    hands(g, axis=axis_hand, western_allies=allied_hand)
    at_operations(g)
    return g, sent


def fewest_dead(points: int, chains: list[tuple[Chain, bool]]) -> int:
    """The fewest units a side can lose absorbing `points` by the engine's own legal
    picks (losses.legal_picks), searched exhaustively: the odds' assumption."""
    picks = legal_picks(points, [c for c, _ in chains])
    if not picks:
        return 0
    best = len(chains)
    for i in picks:
        steps, is_unit = chains[i]
        rest = [*chains[:i], (steps[1:], is_unit), *chains[i + 1 :]]
        best = min(best, int(is_unit and len(steps) == 1) + fewest_dead(points - steps[0], rest))
    return best


def pick_loss(g: VirtutiState, options: list[Any]) -> Any:
    """The legal loss pick that keeps the most units (the odds' assumption)."""
    frame = next(f for f in reversed(g.flow) if f["state"].startswith("battle_loss_"))
    side = frame["state"].removeprefix("battle_loss_")
    chains = [(steps, name not in ("fort", "card")) for name, steps in battle_chains(g, frame, side)]
    names = [name for name, _ in battle_chains(g, frame, side)]
    points = frame["left"][side]

    def cost(action: Any) -> int:
        i = names.index(action[1])
        steps, is_unit = chains[i]
        rest = [*chains[:i], (steps[1:], is_unit), *chains[i + 1 :]]
        return int(is_unit and len(steps) == 1) + fewest_dead(points - steps[0], rest)

    return min(options, key=cost)


def play(
    g: VirtutiState,
    sent: list[str],
    cards: tuple[str | None, str | None],
    air: tuple[list[str], list[str]],
    dice: list[int] | None,
    *,
    origin: str = "breslau",
    target: str = "warsaw",
) -> dict[str, Any]:
    """Play the battle by the rules with the given picks; what became of it."""
    start = len(g.log_for(None))
    g.apply("axis", ("execute", origin))
    for uid in sent:
        g.apply("axis", ("send", uid, target))
    g.apply("axis", ("go",))
    if dice is not None:
        g.rng.force(dice)
    picks = {"axis": ("axis", cards[0], air[0]), "allies": ("western_allies", cards[1], air[1])}
    for _ in range(200):
        if not any(f["state"] in BATTLE_STEPS for f in g.flow):
            break
        for role in g.active_roles():
            faction, card, levels = picks[role]
            legal = g.legal_actions(role)
            kind = (g.data["secret"] or {}).get("kind")
            if kind == "battle_card":
                g.apply(role, ("card", faction, card) if card else ("done",))
            elif kind == "battle_air":
                for lv in levels:
                    g.apply(role, ("air", faction, lv))
                g.apply(role, ("done",))
            elif legal and legal[0][0] == "hit":
                g.apply(role, pick_loss(g, legal))
            else:
                g.apply(role, legal[0])
            break
    assert not any(f["state"] in BATTLE_STEPS for f in g.flow)
    # units eliminated in the battle, from its log lines (a capture may go on to a
    # surrender, whose eliminations are not the battle's)
    log = g.log_for(None)[start:]
    dead = [m.group(1) for line in log for m in re.finditer(r"\b([aw]\d+) is (?:eliminated|destroyed)", line)]
    lost = {
        "axis": sum(u.startswith("a") for u in dead),
        "western_allies": sum(u.startswith("w") for u in dead),
    }
    captured = g.data["control"][target] == "axis"
    held = any(u["a"] == target and u["f"] == "western_allies" for u in g.data["units"].values())
    defence_won = "the defence wins" in "\n".join(log)
    return {"captured": captured, "held": held, "defence_won": defence_won, "lost": lost}


def tally(results: list[tuple[float, dict[str, Any]]]) -> dict[str, float]:
    out = {"win": 0.0, "hold": 0.0, "mutual": 0.0, "att": 0.0, "def": 0.0}
    for p, r in results:
        key = "win" if r["captured"] else "hold" if r["held"] or r["defence_won"] else "mutual"
        out[key] += p
        out["att"] += p * r["lost"]["axis"]
        out["def"] += p * r["lost"]["western_allies"]
    return out


def dice_count(battle: Battle, cards: tuple[str | None, str | None]) -> int:
    """How many dice the engine will roll (the test's own count, from content)."""
    c = content()
    deck = {k.id: k for d in c.decks for k in d.cards}
    n = 0
    for side, card in zip(("attacker", "defender"), cards, strict=True):
        for key, count in battle[side].items():
            if key.rsplit("_", 1)[0] in ("army", "corps", "armored_corps", "armored_division", "fleet"):
                n += count
            if key.startswith("artillery") and side == "attacker":
                n += count
        n += len(deck[card].dice) if card else 0
    return n


# ----- the engine, every combination ----------------------------------------------------------
CASES = [
    # (attackers, defenders, axis hand, allied hand, order)
    (
        [("army", 1)],
        [("corps", 1)],
        ["axis_four_year_plan", "axis_hedgehog"],
        ["wa_lend_lease", "wa_charles_de_gaulle"],
        "move",
    ),
    (
        [("armored_corps", 1)],
        [("army", 1), ("artillery", 1)],
        ["axis_total_war", "axis_blitzkrieg"],
        ["wa_radar", "wa_charles_de_gaulle"],
        "move",
    ),
    # both attacking Corps may fall: the attack wins with nobody left (mutual)
    (
        [("corps", 3), ("corps", 3)],
        [("army", 3)],
        ["axis_four_year_plan"],
        ["wa_lend_lease", "wa_charles_de_gaulle"],
        "move",
    ),
]


@pytest.mark.rules("B1.2", "B1.4", "B1.5", "B1.9")
@pytest.mark.parametrize("case", range(len(CASES)))
def test_odds_equal_every_forced_battle_of_the_engine(case: int) -> None:
    """Every card pair and every combination of die faces, played by the rules with
    forced dice and weighted by the prior and 1/6 per die, gives exactly the odds."""
    attackers, defenders, axis_hand, allied_hand, order = CASES[case]
    g, sent = position(attackers, defenders, axis_hand=axis_hand, allied_hand=allied_hand, order=order)
    g.data["weather"]["warsaw"] = "mud"  # no air step: cards and dice only
    battle = RULESET.battle_at(g, "axis", "warsaw", ("send", sent[0], "warsaw"))
    assert battle is not None
    forecast = RULESET.odds(battle)
    results = []
    for cards in itertools.product(sorted(set(axis_hand)), sorted(set(allied_hand))):
        n = dice_count(battle, cards)
        for faces in itertools.product(range(1, 7), repeat=n):
            game = g.clone()
            p = 1 / (len(axis_hand) * len(allied_hand)) / 6**n
            results.append((p, play(game, sent, cards, ([], []), list(faces))))
    got = tally(results)
    assert math.isclose(got["win"], forecast.attacker_wins, abs_tol=1e-9)
    assert math.isclose(got["hold"], forecast.defender_wins, abs_tol=1e-9)
    assert math.isclose(got["mutual"], forecast.mutual, abs_tol=1e-9)
    assert math.isclose(got["att"], forecast.attacker_losses, abs_tol=1e-9)
    assert math.isclose(got["def"], forecast.defender_losses, abs_tol=1e-9)
    assert 0 < forecast.attacker_wins + forecast.mutual < 1 or forecast.mutual > 0  # not a foregone case


@pytest.mark.rules("B1.1", "B1.2", "B1.3", "B1.5")
def test_odds_match_battles_played_with_many_seeds() -> None:
    """A larger battle across a river with support and air tokens: 240 battles played by
    the engine, each with its own seed and picks drawn from the prior, agree with the
    exact odds within their sampling error."""
    axis_hand = ["axis_luftwaffe", "axis_pioneers", "axis_hedgehog", "axis_four_year_plan"]
    allied_hand = ["wa_lend_lease", "wa_bomber_command", "wa_empire_resources"]

    def setup(seed: int) -> tuple[VirtutiState, list[str]]:
        g, sent = position(
            [("army", 2), ("armored_corps", 1), ("corps", 1)],
            [("army", 1), ("corps", 2)],
            axis_hand=axis_hand, allied_hand=allied_hand, order="move_plus_1",
            origin="krakow", target="warsaw", seed=seed,
        )  # fmt: skip
        g.data["control"]["krakow"] = "axis"
        place(g, "western_allies", "army", "lublin", 2)
        g.data["orders"]["lublin"] = {"f": "western_allies", "o": "support"}
        g.data["factions"]["axis"]["air_drawn"] = {"1": 1, "3": 1}
        g.data["factions"]["western_allies"]["air_drawn"] = {"2": 2}
        return g, sent

    g, sent = setup(0)
    battle = RULESET.battle_at(g, "axis", "warsaw", ("send", sent[0], "warsaw"))
    assert battle is not None
    assert battle["cards"]["attacker"] == sorted(axis_hand)  # the seat's own hand: the prior too
    forecast = RULESET.odds(battle)
    n = 240
    results = []
    for seed in range(n):
        rng = random.Random(seed)
        game, units = setup(seed)
        cards = (rng.choice(axis_hand), rng.choice(allied_hand))
        air = (
            [lv for lv in ("1", "3") if rng.random() < 0.5],
            [lv for lv in ("2", "2") if rng.random() < 0.5],
        )
        results.append((1 / n, play(game, units, cards, air, None, origin="krakow")))
    got = tally(results)
    p = forecast.attacker_wins
    assert abs(got["win"] - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-9
    assert abs(got["def"] - forecast.defender_losses) < 0.15
    assert abs(got["att"] - forecast.attacker_losses) < 0.15


# ----- by hand --------------------------------------------------------------------------------------
@pytest.mark.rules("B1.1", "B1.2", "B1.4", "B1.5")
def test_a_small_battle_worked_by_hand() -> None:
    """An Armored Corps L1 (strength 2, orange die) attacks a Corps L1 (strength 1,
    white die, 1 HP) in Paris. The defender holds Arsenal of Democracy (strength 0) or
    Charles de Gaulle (+1, +2 in France, yellow die, 1 HP), each half the time.
    - Arsenal: 2 > 1, the attack wins; the orange die deals a loss half the time, and
      the Corps (1 HP) is eliminated: defender losses 1/2 unit.
    - De Gaulle: 1 + 1 + 2 = 4 > 2, the defence wins. The orange die's loss goes to
      the card's HP symbol, so no unit is lost. White and yellow deal 2 points with
      chance 1/6 x 1/3 = 1/18: the Armored Corps (2 HP) is reduced, not eliminated.
    So: attacker wins 1/2, defender losses 1/4 unit, attacker HP lost 1/2 x 2/18,
    defender HP lost 1/2 x 1/2 + 1/2 x 1/2 = 1/2."""
    battle = {
        "attacker": {"armored_corps_1": 1},
        "defender": {"corps_1": 1},
        "cards": {"defender": ["wa_lend_lease", "wa_charles_de_gaulle"]},
        "area": "paris",
        "mud": True,
    }
    odds = RULESET.odds(battle)
    assert odds.exact
    assert odds.attacker_wins == pytest.approx(0.5)
    assert odds.defender_wins == pytest.approx(0.5)
    assert odds.mutual == 0
    assert odds.defender_losses == pytest.approx(0.25)
    assert odds.attacker_losses == 0
    # HP: the Corps' 1 (Arsenal) or the card's symbol (de Gaulle), each 1/2 x 1/2
    assert f"attacker {1 / 18:.1f}, defender {0.5:.1f}" in odds.notes[-2]


@pytest.mark.rules("B1.1", "B1.4")
def test_river_halves_the_attack_and_ties_go_to_initiative() -> None:
    """Two Armies L1 (strength 2) across a river count 1 against a Corps' 1: a tie,
    won by the faction higher on the initiative track; frozen, 2 beats 1."""
    base = {"attacker": {"army_1": 2}, "defender": {"corps_1": 1}, "terrain": "river"}
    assert RULESET.odds(base).attacker_wins == 0
    assert RULESET.odds({**base, "attacker_first": True}).attacker_wins == 1
    assert RULESET.odds({**base, "frozen": True}).attacker_wins == 1


@pytest.mark.rules("B1.3")
def test_air_prior_each_token_half_the_time() -> None:
    """One unknown level-3 token (+2) of the defender: a 2-against-2 tie lost by the
    attacker; without the token the attacker wins 3 > 2. So the attacker wins 1/2; in
    mud no token counts and it always wins."""
    battle = {
        "attacker": {"armored_corps_2": 1},
        "defender": {"army_2": 1},
        "air_drawn": {"defender": {"3": 1}},
        "attacker_first": False,
    }
    battle["defender"]["support"] = 0
    assert RULESET.odds(battle).attacker_wins == pytest.approx(0.5)
    in_mud = RULESET.odds({**battle, "mud": True})
    assert in_mud.attacker_wins == 1 and "no air support in mud" in in_mud.notes[-1]


@pytest.mark.rules("B1.2", "B1.4")
def test_the_seat_sees_its_chance_with_each_of_its_cards() -> None:
    """Armored Corps and Army (3) against an Army in a level-1 fortification (2), the
    Allies holding Arsenal of Democracy (+0) or Charles de Gaulle (+1): with Blitzkrieg
    (+2) the attack always wins (5 > 3); with Total War (+0) it wins 3 > 2 and loses the
    3-3 tie to the defender: half the time."""
    battle = {
        "attacker": {"army_1": 1, "armored_corps_1": 1},
        "defender": {"army_1": 1, "fortification": 1},
        "cards": {
            "attacker": ["axis_total_war", "axis_blitzkrieg"],
            "defender": ["wa_lend_lease", "wa_charles_de_gaulle"],
        },
        "seat": "attacker",
    }
    odds = RULESET.odds(battle)
    assert odds.attacker_wins == pytest.approx(0.75)
    assert odds.notes[-1] == "attacker wins with your card: Blitzkrieg 100%, Total War 50%"
    assert not any("your card" in n for n in RULESET.odds({**battle, "seat": None}).notes)


# ----- what the seat may know -----------------------------------------------------------------------
def in_card_window(opponent_card: str) -> tuple[VirtutiState, Battle | None]:
    g, sent = position(
        [("army", 1), ("armored_corps", 1)], [("army", 1)],
        axis_hand=["axis_total_war", "axis_blitzkrieg"], allied_hand=["wa_lend_lease", "wa_radar"],
    )  # fmt: skip
    g.data["factions"]["western_allies"]["air_drawn"] = {"2": 1}
    g.apply("axis", ("execute", "breslau"))
    for uid in sent:
        g.apply("axis", ("send", uid, "warsaw"))
    g.apply("axis", ("go",))
    g.apply("allies", ("card", "western_allies", opponent_card))
    return g, RULESET.battle_at(g, "axis", "warsaw")


@pytest.mark.rules("B1.2", "G1.1")
def test_the_opponents_secret_card_does_not_change_the_odds() -> None:
    g1, b1 = in_card_window("wa_lend_lease")
    g2, b2 = in_card_window("wa_radar")
    assert g1.data["secret"]["choices"] != g2.data["secret"]["choices"]  # the states differ
    assert b1 is not None and b1 == b2
    assert RULESET.odds(b1) == RULESET.odds(b2)
    assert b1["cards"]["defender"] == ["wa_lend_lease", "wa_radar"]  # the prior: the open hand
    # the allies' own seat knows its pick
    mine = RULESET.battle_at(g1, "allies", "warsaw")
    assert mine is not None and mine["cards"]["defender"] == "wa_lend_lease"


@pytest.mark.rules("B1.3", "G1.1")
def test_the_opponents_secret_air_tokens_do_not_change_the_odds() -> None:
    def air_window(commit: bool) -> tuple[VirtutiState, Battle | None]:
        g, _ = in_card_window("wa_radar")
        g.apply("axis", ("card", "axis", "axis_blitzkrieg"))
        assert g.data["secret"]["kind"] == "battle_air"
        if commit:
            g.apply("allies", ("air", "western_allies", "2"))
        return g, RULESET.battle_at(g, "axis", "warsaw")

    (g1, b1), (g2, b2) = air_window(False), air_window(True)
    assert g1.data["secret"]["choices"] != g2.data["secret"]["choices"]
    assert b1 is not None and b1 == b2
    assert b1["cards"] == {"attacker": "axis_blitzkrieg", "defender": "wa_radar"}  # revealed
    assert b1["air_drawn"]["defender"] == {"2": 1}
    assert RULESET.odds(b1) == RULESET.odds(b2)


@pytest.mark.rules("B1.5", "P7.2")
def test_no_odds_once_the_winner_is_known_or_during_a_feint() -> None:
    """After step 4 the dice have fallen: nothing is left to forecast. A Feint Attack
    removes an order and starts no battle: no odds either."""
    g, _ = in_card_window("wa_lend_lease")
    g.apply("axis", ("card", "axis", "axis_blitzkrieg"))
    g.rng.force([6, 6, 6, 6, 1])  # four loss points on the Polish Army: the allies allocate
    g.apply("axis", ("done",))
    g.apply("allies", ("done",))
    assert g.data["flow"][-1]["state"] == "battle_loss_defence" and "winner" in g.data["flow"][-1]
    assert RULESET.battle_at(g, "axis", "warsaw") is None

    g, _ = position([("army", 1)], [("army", 1)], axis_hand=["axis_total_war"], allied_hand=["wa_lend_lease"])
    g.data["orders"]["breslau"] = {"f": "axis", "o": "feint_attack"}
    g.data["orders"]["warsaw"] = {"f": "western_allies", "o": "defense_plus_1"}
    place(g, "axis", "army", "torun")
    g.data["control"]["torun"] = "axis"
    g.data["orders"]["torun"] = {"f": "axis", "o": "move"}
    assert RULESET.battle_at(g, "axis", "warsaw") is not None  # the Move order in Torun could attack
    at_operations(g, sub=0)  # the feint sub-phase
    g.apply("axis", ("execute", "breslau"))
    assert g.data["flow"][-1]["state"] == "feint"
    assert RULESET.battle_at(g, "axis", "warsaw") is None


def test_battle_at_the_board() -> None:
    """A seat with a Move order next to an enemy area: the odds of its stack there;
    none for an area without enemies, for the observer, or without a Move order."""
    g, _ = position(
        [("army", 1), ("armored_corps", 1)], [("army", 1)],
        axis_hand=["axis_total_war"], allied_hand=["wa_lend_lease"], order="move_plus_1",
    )  # fmt: skip
    battle = RULESET.battle_at(g, "axis", "warsaw")
    assert battle is not None
    assert battle["attacker"] == {"army_1": 1, "armored_corps_1": 1, "order": 1, "support": 0}
    assert battle["roles"] == {"attacker": "axis", "defender": "allies"}
    assert battle["terrain"] == "land"  # Breslau-Warsaw is a plain border
    assert battle["seat"] == "attacker"
    assert RULESET.battle_at(g, "axis", "krakow") is None
    assert RULESET.battle_at(g, None, "warsaw") is None
    assert RULESET.battle_at(g, "allies", "breslau") is None  # no Allied Move order
    with pytest.raises(BadBattle):
        RULESET.battle_at(g, "axis", "atlantis")


@pytest.mark.parametrize(
    ("battle", "reason"),
    [
        ({"attacker": {}, "defender": {"army_1": 1}}, "at least one unit"),
        ({"attacker": {"army_1": 1}, "defender": {}}, "defending unit"),
        ({"attacker": {"army_9": 1}, "defender": {"army_1": 1}}, "unknown entry"),
        ({"attacker": {"army_1": -1}, "defender": {"army_1": 1}}, "whole number"),
        ({"attacker": {"army_1": 1}, "defender": {"army_1": 1}, "terrain": "swamp"}, "terrain"),
        (
            {"attacker": {"army_1": 1}, "defender": {"army_1": 1}, "cards": {"attacker": ["joker"]}},
            "not a card",
        ),
        ({"attacker": {"army_1": 1}, "defender": {"army_1": 1, "fortification": 4}}, "fortification"),
        ({"attacker": {"army_1_ex": 1}, "defender": {"army_1": 1}}, "exhausted"),
        ({"attacker": {"army_1": 1}, "defender": {"army_1": 1}, "naval": "yes"}, "true or false"),
        ({"attacker": {"army_1": 1}, "defender": {"army_1": 1}, "area": "atlantis"}, "not an area"),
        ({"attacker": {"army_1": 1}, "defender": {"army_1": 1}, "seat": "umpire"}, "seat must be"),
        ({"attacker": {"army_1": 40, "corps_1": 1}, "defender": {"army_1": 1}}, "at most 40 units"),
        (
            {"attacker": {"army_1": 1}, "defender": {"army_1": 1}, "air_drawn": {"attacker": {"1": 13}}},
            "0 to 12",
        ),
        (
            {
                "attacker": {"army_1": 1},
                "defender": {"army_1": 1},
                "cards": {"attacker": [f"axis_{c}" for c in ("luftwaffe", "stuka", "hedgehog", "flak")] * 10},
                "air_drawn": {
                    "attacker": {"1": 3, "2": 3, "3": 3, "4": 3},
                    "defender": {"1": 4, "2": 4, "3": 4},
                },
            },
            "too many unknown picks",
        ),
    ],
)
def test_bad_battles_are_refused_with_a_reason(battle: Battle, reason: str) -> None:
    with pytest.raises(BadBattle, match=reason):
        RULESET.odds(battle)


def test_the_chances_add_up_to_one_and_stay_within_bounds() -> None:
    """Many picks of cards and tokens, summed in floating point: still 0..1, summing to 1."""
    battle = {
        "attacker": {"army_1": 1, "armored_corps_2": 1, "artillery_1": 1},
        "defender": {"army_1": 1, "corps_1": 1},
        "cards": {
            "attacker": [
                "axis_blitzkrieg",
                "axis_blitzkrieg",
                "axis_four_year_plan",
                "axis_hedgehog",
                "axis_luftwaffe",
            ],
            "defender": ["wa_charles_de_gaulle", "wa_empire_resources", "wa_radar"],
        },
        "air_drawn": {"attacker": {"1": 2, "3": 1}, "defender": {"2": 3}},
    }
    odds = RULESET.odds(battle)
    chances = (odds.attacker_wins, odds.defender_wins, odds.mutual)
    assert all(0 <= c <= 1 for c in chances)
    assert sum(chances) == pytest.approx(1, abs=1e-12)


def test_the_form_lists_every_unit_and_level() -> None:
    form = RULESET.odds_form()
    assert form is not None
    assert "armored_corps_3" in form["sides"]["land"] and "fleet_2" in form["sides"]["naval"]
    assert form["terrain"] == ["land", "river", "mountain"]
    assert "wa_charles_de_gaulle" in form["cards"]["western_allies"] and "air_drawn" in form["more"]
