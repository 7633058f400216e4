"""Campaign Game I's politics in the sequence of play: the Time Record's dated entries
into the war, the violation of neutrality judged at the end of each combat phase, the
surrenders with rules of their own (France, Great Britain, Italy, the Soviet Union's
offer), and the forces that arrive with new allies.

- `turn_start` (TurnStart): the mobilization date, the entries due at the start of a
  player turn (Nations Inclined toward Axis 2-5; Nations Inclined toward the United
  States 2; United States 2d, 3), and Siberia's frozen points (Activity Limitations 10).
- `end_of_combat` (EndCombat, before production): Violation of Neutrality 2-5, Soviet
  Mobilization 1 and 3, France 1-7, Great Britain 1-4, Italy's surrender 1-5, French
  North Africa's return (France 3), the entries due in a production phase (Italy 2-3),
  and the Soviet offer (Soviet Union 1, 4), which asks the Axis in `soviet_terms`.
- `attacks_announced` (Announce, at its end): the Allies naming the unaligned U.S. box
  turn the United States Axis at once (Violation of Neutrality 3); the first attack
  between the Axis and the Soviets puts them at war (`soviet_war`, Unaligned
  Countries), which `end_of_combat` also checks for the exploitation's attacks, and
  records the Axis attacks on nations (`axis_attacked`, Swedish Production 4).
- after each of the above, the forces that arrived and are not fixed to a hex wait for
  their player to place them (arrivals.py: `ask_arrivals`, `place_arrivals`; Nations
  Inclined toward Axis 3-5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.flow import Frame, GameStep, goto

from .arrivals import ask_arrivals, place_force
from .board import Data, eliminate, geo, points, remove_points
from .campaign import CampaignRules
from .geography import Place
from .layout import Politics
from .limitations import (
    box_place,
    campaign_state,
    italy_status,
    lift_mobilization,
    mobilization_update,
    siberia_frozen,
)
from .neutrality import hand_over, join, nation_at, note_attacks, places_of, politics
from .optional_politics import italy_surrenders, joined_axis, soviet_surrenders, us_entered
from .production import open_production
from .research_phase import us_technology
from .scenario import BOX

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]


def _title(nation: str) -> str:
    return nation.replace("_", " ").title()


def _join(game: HgwState, nation: str, side: str, *, scheduled: bool) -> None:
    """A nation joins a side, with the forces that come with it: the Italian Army
    (Violation of Neutrality 3; Italy 3), the Rumanian and Hungarian points of a
    scheduled entry (Nations Inclined toward Axis 3-4), the Finnish ones whatever the
    reason (Nations Inclined toward Axis 5)."""
    data = game.data
    found = campaign_state(data)
    if found is None:
        return
    rules, pol = found
    if nation not in pol["unaligned"]:
        return
    join(game, nation, side)
    arrival = rules.arrivals.get(nation, {}).get(side)
    if arrival is not None:
        place_force(game, side, arrival)
    if side == "axis":
        bonus = rules.bonus_any_reason.get(nation)
        if bonus is None and scheduled:
            bonus = rules.bonus_when_scheduled.get(nation)
        if bonus is not None:
            place_force(game, side, bonus)
        joined_axis(game, nation, bonus)  # the optional Italian Army 6, Unaligned Forces 9


def _due(rules: CampaignRules, data: Data, side: str, when: str) -> list[Any]:
    turn = str(data["turns"][data["turn"]])
    return [e for e in rules.entries if e.turn == turn and e.side == side and e.when == when]


def _enter(game: HgwState, side: str, when: str) -> None:
    """The Time Record's entries into the war due now."""
    data = game.data
    found = campaign_state(data)
    if found is None:
        return
    rules, pol = found
    for entry in _due(rules, data, side, when):
        game.log(f"Time Record, {entry.turn}: {entry.rule}")
        for nation in entry.nations:
            _join(game, nation, entry.joins, scheduled=True)
        if entry.us_entry:
            us_enters(game, rules, pol)


def _us(data: Data, rules: CampaignRules) -> tuple[Place, str] | None:
    """The U.S. box (the U.S. territory of European play) and its nation, if played."""
    us_box = box_place(data, rules.us_box)
    return None if us_box is None else (us_box, nation_at(data, us_box))


def us_enters(game: HgwState, rules: CampaignRules, pol: Politics) -> None:
    """United States 2: the U.S. joins the Allies if still unaligned (not if an Allied
    attack turned it Axis, Violation of Neutrality 3): its box turns Allied (unless the
    Axis holds it) and the U.S. Army arrives there."""
    data = game.data
    us = _us(data, rules)
    if us is None or pol["us_since"] is not None or us[1] not in pol["unaligned"]:
        return
    pol["us_since"] = data["turn"]
    game.log("the United States enters the war on the Allied side")
    us_technology(game)  # United States Technology (Campaign Game II's research)
    us_entered(game)  # the optional Leaders 3
    _join(game, us[1], "allied", scheduled=True)


def _us_violated(game: HgwState, side: str, targets: set[Place], rules: CampaignRules, pol: Politics) -> None:
    """United States 2a: an Axis attack on the U.S. box (the U.S. territory of European
    play) brings the United States in at once."""
    us = _us(game.data, rules)
    if side == "axis" and us is not None and us[0] in targets and us[1] in pol["unaligned"]:
        game.log("the Axis has violated U.S. territory")
        us_enters(game, rules, pol)


def attacks_announced(game: HgwState, side: str) -> None:
    """Violation of Neutrality 3-4: the moment the Allies (or the Soviets) name the
    unaligned U.S. box, the United States joins the Axis and the U.S. Army stands in
    its box as an Axis army of the same strengths, to meet the attack (our reading:
    the army is replaced when attacked, so it is the one that defends). And the first
    attack between the Axis and the Soviet Union puts them at war (`note_attacks`).
    Called when a side ends its announcements, before the defensive assaults."""
    data = game.data
    found = campaign_state(data)
    if found is None:
        return
    rules, pol = found
    if note_attacks(data, side, _targets(data, side)):
        game.log("the Axis and the Soviet Union are at war")
    if side == "axis":
        return
    us = _us(data, rules)
    if us is None or us[0] not in _targets(data, side) or us[1] not in pol["unaligned"]:
        return
    game.log(f"the {side} player attacks the unaligned United States: its army turns Axis")
    _join(game, us[1], "axis", scheduled=False)


# ----- the start of a player turn


def turn_start(game: HgwState, side: str) -> None:
    data = game.data
    if campaign_state(data) is None:
        return
    message = mobilization_update(data)
    if message:
        game.log(message)
    _enter(game, side, "start")
    if side == "soviet" and siberia_frozen(data):
        boxed = [a for a, x in data["armies"].items() if x["side"] == "soviet" and x["at"] == BOX]
        data["frozen"] = sorted({*data["frozen"], *boxed})


# ----- the end of a combat phase


def _targets(data: Data, side: str) -> set[Place]:
    return {
        str(s["target"])
        for a, s in data["status"].items()
        if s.get("target") is not None and data["armies"][a]["side"] == side
    }


def _resolve_violations(
    game: HgwState, side: str, targets: set[Place], rules: CampaignRules, pol: Politics
) -> None:
    """Violation of Neutrality 2-5: an unaligned nation the side attacked this phase
    and did not conquer joins another side: the Axis if a Soviet or Allied player
    attacked it; the Soviets or the Allies (by nation) if the Axis did; Poland, Sweden,
    Iceland and Eire stay unaligned until conquered."""
    data = game.data
    g = geo(data)
    attacked = {rules.nation_of(g.country[p]) for p in targets if p in g.places}
    # Violation of Neutrality 6: a declaration of war is an attack on the nation
    declared = pol.get("war_on", {})
    attacked |= {n for n, s in declared.items() if s == side}
    pol["war_on"] = {n: s for n, s in declared.items() if s != side}
    for nation in pol["unaligned"]:
        if any(p in data["owner"] for p in places_of(data, nation)):
            attacked.add(nation)  # a place of it was captured this phase
    for nation in sorted(attacked):
        if nation not in pol["unaligned"]:
            continue
        free = [p for p in places_of(data, nation) if p not in data["owner"]]
        if not free:
            pol["unaligned"] = [n for n in pol["unaligned"] if n != nation]
            game.log(f"{_title(nation)} is wholly occupied by the {side} player")
            continue
        if nation in rules.never_join:
            game.log(f"{_title(nation)} was attacked but stays unaligned (Violation of Neutrality 5)")
            continue
        joins = "soviet" if nation in rules.join_soviet else "allied"
        if side != "axis":
            joins = "axis"
        game.log(f"{_title(nation)} resists the {side} attack (Violation of Neutrality 2, 4)")
        _join(game, nation, joins, scheduled=False)


def _mobilization(
    game: HgwState, side: str, targets: set[Place], rules: CampaignRules, pol: Politics
) -> None:
    """Soviet Mobilization 1, 3: an Axis attack on a Soviet or Baltic hex lifts the
    limit; a Soviet attack outside the Baltic States before then extends it."""
    data = game.data
    g = geo(data)
    if pol["mobilization"] == "lifted":
        return
    countries = {g.country.get(p) for p in targets}
    if side == "axis" and countries & {"soviet_union", "baltic_states"}:
        message = lift_mobilization(data, "the Axis attacked a Soviet or Baltic hex")
        if message:
            game.log(message)
    if side == "soviet" and pol["mobilization"] == "limited" and countries - set(rules.mobilization.exempt):
        pol["mobilization"] = "extended"
        game.log("the Soviet player attacked outside the Baltic States: mobilization stays limited")


def _clear(game: HgwState, places: list[Place], side: str, why: str) -> None:
    armies = game.data["armies"]
    for p in places:
        for army_id in sorted(a for a, x in armies.items() if x["at"] == p and x["side"] == side):
            eliminate(game, army_id, why)


def _territory_places(data: Data, territories: tuple[str, ...]) -> list[Place]:
    g = geo(data)
    return sorted(p for p in g.places if g.country.get(p) in territories)


def _france(game: HgwState, rules: CampaignRules, pol: Politics) -> None:
    """France 1-7: Paris in Axis hands at the end of an Axis combat phase."""
    data = game.data
    fr = rules.france
    if "france" in pol["surrendered"] or data["owner"].get(fr.capital) != "axis":
        return
    pol["surrendered"] = sorted({*pol["surrendered"], "france"})
    game.log("France surrenders")
    home = [p for p in _territory_places(data, fr.home) if data["owner"].get(p) != "axis"]
    _clear(game, home, "allied", "France surrenders")
    hand_over(game, home, "axis", devastate=True)
    africa = _territory_places(data, fr.unaligned_after)
    boxes = [p for b in fr.boxes if (p := box_place(data, b))]  # French West and Equatorial Africa
    africa = [p for p in [*africa, *boxes] if data["owner"].get(p) != "axis"]
    _clear(game, africa, "allied", "French Africa turns unaligned")
    hand_over(game, africa, None, devastate=False)
    pol["vichy"] = sorted(fr.north_africa)
    for p, n in fr.permanent.items():
        data["permanent"][p] = max(int(data["permanent"].get(p, 0)), n)  # France 7


def _french_north_africa(game: HgwState, rules: CampaignRules, pol: Politics) -> None:
    """France 3: French North Africa turns Allied once the Allies hold three of its
    Atlantic coastal hexes."""
    data = game.data
    if not pol.get("vichy"):
        return
    g = geo(data)
    places = _territory_places(data, tuple(pol["vichy"]))
    held = [p for p in places if data["owner"].get(p) == "allied" and "Atlantic" in g.coast_seas.get(p, ())]
    if len(held) >= rules.france.atlantic_hexes:
        pol["vichy"] = []
        hand_over(game, [p for p in places if p not in data["owner"]], "allied", devastate=False)
        game.log("French North Africa rallies to the Allies")


def _britain(game: HgwState, rules: CampaignRules, pol: Politics) -> None:
    """Great Britain 1-4: London and the Midlands both Axis after an Axis combat phase."""
    data = game.data
    if "britain" in pol["surrendered"]:
        return
    if not all(data["owner"].get(h) == "axis" for h in rules.britain.capitals):
        return
    pol["surrendered"] = sorted({*pol["surrendered"], "britain"})
    game.log("Great Britain surrenders")
    places = [p for p in _territory_places(data, rules.britain.to_axis) if data["owner"].get(p) != "axis"]
    _clear(game, places, "allied", "Great Britain surrenders")
    hand_over(game, places, "axis", devastate=True)


def _italy(game: HgwState, rules: CampaignRules, pol: Politics) -> None:
    """Italy's surrender 1-5: three mainland hexes lost at the end of any combat phase.
    The Axis then owes one mechanized and five infantry points of its choice
    (`italy_losses`), and loses the Mediterranean (limitations.py)."""
    data = game.data
    it = rules.italy
    if italy_status(data) != "axis":
        return
    mainland = _territory_places(data, (it.mainland,))
    lost = [p for p in mainland if data["owner"].get(p) != "axis"]
    if len(lost) < it.lost_hexes:
        return
    pol["surrendered"] = sorted({*pol["surrendered"], "italy"})
    game.log(f"Italy surrenders ({len(lost)} mainland hexes lost)")
    pol["italy_due"] = {"mechanized": it.mechanized, "infantry": it.infantry}
    italy_surrenders(game)  # the optional Italian Army 5


def italy_loss_choices(data: Data, pol: Politics) -> list[Action]:
    """Italy's surrender 2: one point of a kind still owed, from any Axis army holding
    that kind, but from armies in Italy and her colour group's places while any of them
    holds it ("as much as possible" from there)."""
    italian = set(places_of(data, "italy"))
    actions: list[Action] = []
    for kind, due in sorted((pol.get("italy_due") or {}).items()):
        if due <= 0:
            continue
        holders = [
            a
            for a, x in sorted(data["armies"].items())
            if x["side"] == "axis" and x["at"] is not None and x["sp"][kind] > 0
        ]
        inside = [a for a in holders if data["armies"][a]["at"] in italian]
        actions += [("italy_loss", a, kind) for a in inside or holders]
    return actions


class ItalyLosses(GameStep["HgwState"]):
    """Italy's surrender 2: the Axis player removes the owed points one at a time; what
    no army holds is not owed. Then the phase goes on to production."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        pol = politics(game.data)
        return italy_loss_choices(game.data, pol) if pol is not None else []

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        pol = politics(data)
        assert pol is not None  # asked only in Campaign Game I
        _, army_id, kind = action
        name = data["armies"][army_id]["name"]
        remove_points(data, army_id, kind)
        pol["italy_due"][kind] -= 1
        game.log(f"the Axis loses one {kind} point of {name} with Italy")
        if not italy_loss_choices(data, pol):
            pol.pop("italy_due")
            _after_surrenders(game, frame["side"])
            ask_arrivals(game)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        pol = politics(game.data)
        due = (pol.get("italy_due") if pol else None) or {}
        owed = " and ".join(points(n, k) for k, n in sorted(due.items()) if n > 0)
        return f"axis: Italy has surrendered; remove {owed}, from Italian places while they have them"


def _offers_terms(data: Data, rules: CampaignRules, pol: Politics) -> bool:
    """Soviet Union 1, 4: all three Soviet capitals Axis after an Axis combat phase."""
    if pol["peace"] or pol["terms"] == "refused":
        return False
    return all(data["owner"].get(h) == "axis" for h in rules.soviet_capitals)


def end_of_combat(game: HgwState, side: str) -> bool:
    """Campaign Game I's politics at the end of `side`'s combat phase; True when a
    question was asked (the Soviet offer), which opens production itself."""
    data = game.data
    found = campaign_state(data)
    if found is None:
        return False
    rules, pol = found
    targets = _targets(data, side)
    if note_attacks(data, side, targets):
        game.log("the Axis and the Soviet Union are at war")
    _us_violated(game, side, targets, rules, pol)  # before the other violations: it enters the U.S.
    _resolve_violations(game, side, targets, rules, pol)
    _mobilization(game, side, targets, rules, pol)
    if side == "axis":
        _france(game, rules, pol)
        _britain(game, rules, pol)
    if side == "allied":
        _french_north_africa(game, rules, pol)
    _italy(game, rules, pol)
    if italy_loss_choices(data, pol):
        goto(data["flow"], "italy_losses", role="axis", side=side)  # Italy's surrender 2
        return True
    pol.pop("italy_due", None)  # no Axis army holds any of the owed kinds
    return _before_production(game, side, rules, pol)


def _before_production(game: HgwState, side: str, rules: CampaignRules, pol: Politics) -> bool:
    """The production phase's entries into the war, then the Soviet offer (True when it
    is asked: the answer opens production)."""
    _enter(game, side, "production")
    if side == "axis" and _offers_terms(game.data, rules, pol):
        game.log("the Soviet Union offers to surrender")
        goto(game.data["flow"], "soviet_terms", role="axis")
        return True
    return False


def _after_surrenders(game: HgwState, side: str) -> None:
    """What follows a question asked at the end of a combat phase, up to production."""
    found = campaign_state(game.data)
    assert found is not None  # questions are asked only in Campaign Game I
    if not _before_production(game, side, *found):
        open_production(game, side)


class SovietTerms(GameStep["HgwState"]):
    """Soviet Union 1-4: the Axis player accepts the Soviet surrender (no more attacks
    between them, each keeping its hexes) or refuses it for good."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("accept_surrender",), ("refuse_surrender",)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        pol = politics(game.data)
        assert pol is not None  # asked only in Campaign Game I
        if action[0] == "accept_surrender":
            pol["peace"] = True
            soviet_surrenders(game)  # its log line, and the National Morale Chart
        else:
            pol["terms"] = "refused"
            game.log("the Axis refuses the Soviet surrender; it will not be offered again")
        open_production(game, "axis")
        ask_arrivals(game)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return "axis: the Soviet Union offers to surrender; accept or refuse?"
