"""Battle odds for Hitler's Global War (core/odds.py; docs/adding-a-ruleset.md, 10).

A "battle" here is one army's attack on one hex, as the rules play it: the defenders'
optional defensive assault, the army's optional assault, then its advance (Initial
Attack 4-6; Exploitation Attacks 3). Every step is one die on a table, so the odds are
exact: we enumerate both assault rolls and the advance roll.

Assumptions, also returned as `notes`: losses are taken as a player keen to advance
takes them, the attacker's infantry before its mechanized points, and the defender's
losses simply lower its total (the Advance Table counts every point alike).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from grognard.core.game import Action, Role, State
from grognard.core.odds import BadBattle, Odds

from . import coastal_air_army, german_technology, leaders
from .board import armies_at, has_garrison, winter_modifier
from .combat import defending_side, eligible_defenders, fort_may_fire, home_firing
from .forts import fort_points, fort_side
from .geography import geography
from .layout import HgwBoard
from .naval import coastal_air
from .odds_air import AIR_KEYS, air_odds, has_air, side_points, with_air
from .odds_base import BASE_STRIKES, base_odds, base_strike_at
from .odds_crossing import crossing_at, crossing_odds
from .odds_partisans import partisan_at, partisan_odds
from .odds_sea import (
    SHIPS,
    interception_at,
    interception_odds,
    invasion_interception_at,
    naval_odds,
    support_at,
)
from .odds_strike import STRIKES, strike_at, strike_odds
from .seen import data_from_view
from .tables import load_tables
from .unaligned_forces import defending_home

KINDS = ("infantry", "mechanized")
# amphibious points never fire in a land attack (Amphibious Strength Points 2); a
# defending army's count in its defence on the Advance Table (board.defence), and both
# sides' take losses
DEFENDER_KINDS = (*KINDS, "amphibious")
ATTACKER_KINDS = DEFENDER_KINDS
# the other attacks of Campaign Game II's steps: the choice of devastated points and an
# atomic bomb's target have no battle to forecast
NO_ODDS = ("devastate", "drop", "intercept")
NOTES = (
    "The attacker loses amphibious points (which never fire), then infantry, then mechanized points.",
    "One army attacks; the defence is every point in the hex (ten at most).",
    "A fort fires with the defenders and absorbs as many losses as it has points; the "
    "defender loses its armies' points before the garrison and the fort's.",
)


def odds_form() -> dict[str, Any]:
    """Every kind of strength point: an army's (Campaign Game II adds tac air and
    paratroops) and, with the `naval` flag, a fleet's ships (odds_sea.py)."""
    return {
        "sides": {"land": [*DEFENDER_KINDS, *AIR_KEYS], "naval": list(SHIPS)},
        "most_units": 10,
        "terrain": list(load_tables().terrain),
        "flags": {
            "defensive_assault": "the defenders defensively assault first",
            "fort_fired": (
                "the fort has made its one defensive assault this turn: it defends and "
                "absorbs but fires no more (Effect Of Forts On Combat 1)"
            ),
            "assault": "the attacker assaults before advancing",
            "garrison": "an empty hex with its garrison point",
            "friendly": "the target hex is friendly to the attacker",
            "leader": (
                "the attacking army or fleet has a revealed leader "
                "(optional rule Leaders: -1 to its attack rolls)"
            ),
            "technology": (
                "German Technology: -1 to the Axis army's initial assault and advance "
                "while the Axis holds Greenland or Iceland (K6.1)"
            ),
            "drop": "every paratroop point of the attacker drops with the advance (Paradrop 2)",
            "naval": "a fleet intercepts a fleet at sea (ship points: Fleets 9, Anti-Submarine Warfare 4)",
        },
        # the description's fields beyond the sides, the flags and the terrain (the
        # calculator leaves them out; battle_at fills them from the game)
        "fields": {
            "defensive_fire": (
                "{kind: points} that may still fire in the defensive assault, when fewer "
                "than the defender's: armies that defended this turn do not fire again "
                "(Initial Attack 4, Exploitation Attacks 3), nor home forces that fired "
                "(Unaligned Forces); absent, every defending point fires"
            ),
            "fort_absorbed": (
                "losses the fort has already absorbed this player turn: it absorbs only "
                "its points' worth a turn (Effect Of Forts On Combat 3)"
            ),
            "advanced": "hexes the army has already advanced this turn (Advance Table)",
        },
        "rules": ["C2.4", "C4.3", "C5.3", "C5.10", "C12.1", "K6.1", "K10.3", "K13.2", "K9.9"],
    }


def odds(description: Mapping[str, Any]) -> Odds:
    """One army's attack (the module's docstring). One computation serves every scenario:
    odds_air.air_odds, whose tac air, paratroops, drop and morale are simply absent from
    the earlier scenarios' battles; here a battle without them is checked against the
    earlier scenarios' kinds, so its errors name only those."""
    if description.get("kind") in ("bombing", "missile"):
        return strike_odds(description)  # Campaign Game II: a raid or a missile launch
    if description.get("kind") == "partisans":
        return partisan_odds(description)  # Campaign Game II: Partisan Attacks 2
    if description.get("kind") == "base_strike":
        return base_odds(description)  # Naval Action: a naval base attack or morale strike
    if description.get("kind") == "crossing":
        return crossing_odds(description)  # Campaign Game II: points crossing past patrols (K19.10)
    if description.get("kind") == "invasion_interception":
        return interception_odds(description)  # Fleet Naval Fire 2-5: a fleet meets an invasion
    if description.get("naval") or description.get("kind") == "naval":
        return naval_odds(description)  # Campaign Game II: a fleet intercepts a fleet
    if description.get("drop") is True:  # the form's flag: every paratroop point drops
        attacker = description.get("attacker") or {}
        paratroops = attacker.get("paratroop", 0) if isinstance(attacker, Mapping) else 0
        description = {**description, "drop": paratroops}
    elif description.get("drop") is False:
        description = {k: v for k, v in description.items() if k != "drop"}
    if has_air(description):  # Campaign Game II: tac air, paratroops, morale
        return air_odds(description)
    side_points(description, "attacker", ATTACKER_KINDS)
    side_points(description, "defender", DEFENDER_KINDS)
    return air_odds(description, notes=NOTES)


def _technology(data: HgwBoard, frame: Mapping[str, Any], army: str, where: str) -> bool:
    """German Technology's -1 (K6.1) on `army`'s attack on `where`, as the engine's own
    rule gives it in the step on show: the announcement forecasts the assault to come."""
    step = "assaults" if frame.get("state") == "announce" else frame.get("state")
    # the seen board gains the step on show (land_modifier reads the flow's last frame)
    cast(dict[str, Any], data)["flow"] = [{**frame, "state": step}]
    return german_technology.land_modifier(data, (army,), where) != 0


def _seen(state: State, view: Mapping[str, Any]) -> HgwBoard:
    """The board as the seat sees it, as game data, with the optional rules in play."""
    return data_from_view(view, state.meta["scenario"], state.meta.get("options") or {})


def battle_at(
    state: State, role: Role | None, where: str, action: Action | None = None
) -> dict[str, Any] | None:
    """The attack `role` names (or could name) against `where`, from its view only: the
    army of `action` (attack, advance or exploit), else its strongest army that is
    announced against the hex or stands next to it."""
    if role is None:
        return None
    view = state.view(role)["board"]
    if action and action[0] == "intercept" and len(action) == 2 and view.get("step") == "naval_intercept":
        data = _seen(state, view)
        return interception_at(view, data, role, str(action[1]))  # Campaign Game II, Fleets 7-9
    if action and action[0] == "intercept" and len(action) == 2 and view.get("step") == "interception":
        data = _seen(state, view)
        # Naval Action (N3.4): the support fleets first; else the fire at the invasion itself
        return support_at(view, data, role, str(action[1])) or invasion_interception_at(
            view, data, role, str(action[1])
        )
    if action and action[0] in STRIKES:  # Campaign Game II's strategic warfare
        return strike_at(_seen(state, view), role, tuple(action))
    if action and action[0] == "partisans":  # Campaign Game II: Partisan Attacks 2
        return partisan_at(_seen(state, view), view["frame"], role, tuple(action))
    if action and action[0] in BASE_STRIKES:  # Naval Action's base attacks (odds_base.py)
        return base_strike_at(_seen(state, view), role, tuple(action))
    if action and action[0] in NO_ODDS:
        return None
    if action and action[0] in ("to_place", "to_army") and view.get("step") == "move_to":
        return crossing_at(_seen(state, view), view["frame"], role, tuple(action))  # K19.10
    g = geography(state.meta["scenario"])
    if where not in g.places:  # an unaligned nation's place too (Campaign Game I)
        raise BadBattle(f"{where!r} is not a place in play")
    armies = {a["id"]: a for a in view["armies"]}
    chosen = None
    named = ("attack", "advance", "exploit", "paradrop", "invade", "amphibious_advance")
    if action and len(action) >= 2 and action[0] in named and action[1] in armies:
        chosen = armies[action[1]]
    else:
        mine = [
            a for a in armies.values() if a["side"] == role and a["at"] and where in g.links.get(a["at"], ())
        ]
        if mine:
            chosen = max(
                mine, key=lambda a: (a.get("status", {}).get("target") == where, a["sp"]["mechanized"])
            )
    if chosen is None or chosen["at"] is None:
        return None
    # the rules' own questions, asked of the board this role sees (seen.py)
    data = _seen(state, view)
    status = chosen.get("status") or {}
    defenders = [a for a in armies_at(data, where) if armies[a]["side"] != role]
    friendly = view["owner"].get(where) == role
    defence = {k: sum(int(armies[a]["sp"][k]) for a in defenders) for k in KINDS}
    defence["infantry"] += defending_home(data, where, role)  # Unaligned Forces: home infantry
    amphibious = sum(int(armies[a]["sp"]["amphibious"]) for a in defenders)
    if amphibious:
        defence["amphibious"] = amphibious  # DEFENDER_KINDS
    fort = fort_points(data, where) if fort_side(data, where) != role else 0
    garrison = has_garrison(data, where) and not friendly
    drop = int(action[2]) if action and action[0] == "paradrop" and len(action) == 3 else 0
    advancing = action is not None and len(action) > 0 and action[0] in ("advance", "paradrop")
    attacker = {k: int(chosen["sp"][k]) for k in KINDS}
    if int(chosen["sp"].get("amphibious", 0)):
        attacker["amphibious"] = int(chosen["sp"]["amphibious"])  # ATTACKER_KINDS
    # the defensive assault still ahead of this attack, and what may fire in it: the
    # engine's own questions (combat.py), not the points in the hex (issue 26 item 2)
    to_come = not friendly and not advancing and _defence_ahead(data, view, where, role, chosen["id"])
    firing = eligible_defenders(data, where, role) if to_come else []
    description = {
        "attacker": attacker,
        "defender": defence,
        "roles": {"attacker": role, "defender": view["owner"].get(where)},
        "terrain": g.terrain[where],
        "from_terrain": g.terrain[chosen["at"]],
        "advanced": int(status.get("advanced", 0)),
        "winter": winter_modifier(data, chosen["id"]),
        # Russian Winter Combat 1: the defensive assault rolls with the first army's modifier
        "defender_winter": winter_modifier(data, (firing or defenders)[0]) if defenders else 0,
        "friendly": friendly,
        "garrison": garrison,
        # an advance or a paradrop is played once the assaults are over: the advance alone
        "defensive_assault": to_come,
        "fort": fort,
        "assault": not status.get("assaulted") and not friendly and not advancing,
        "army": chosen["id"],
        "kind": "advance",
    }
    if to_come:
        _firing(description, data, where, role, firing)
    invading = bool(action and action[0] in ("invade", "amphibious_advance")) or (
        bool(status.get("invasion")) and status.get("target") == where
    )
    if invading and not friendly and not advancing:  # K11.8: the coastal air army defends too
        formed = coastal_air_army.points_at(data, where)
        # the view leaves supply's captured markers out
        seen = cast(HgwBoard, {**data, "won": data.get("won", [])})
        army = formed or coastal_air_army.would_form(data, coastal_air(seen, where, role))
        if army:
            description["coastal_air_army"] = army
            # it fires in the invasion's defensive assault, alone if need be
            description["defensive_assault"] = _defence_ahead_of_invasion(view, where, chosen["id"])
    if leaders.attack_modifier(data, (chosen["id"],)):
        description["leader"] = True  # optional rule Leaders 1: a revealed leader (the view's)
    if _technology(data, view["frame"], chosen["id"], where):
        description["technology"] = True  # K6.1 German Technology
    absorbed = int((data.get("absorbed") or {}).get(where, 0)) if fort else 0
    if absorbed:
        description["fort_absorbed"] = absorbed  # Effect Of Forts On Combat 3: per player turn
    return with_air(description, data, chosen, defenders, drop)  # Campaign Game II


#: steps in which an initial attack's defensive assaults are over: the announcement
#: called them all at once, before any assault (Initial Attack 4-6)
PAST_DEFENCE = ("assaults", "advances")


def _defence_ahead(data: HgwBoard, view: Mapping[str, Any], where: str, role: Role, army: str) -> bool:
    """Whether the attack of `army` on `where` still meets a defensive assault: not
    once the assaults step has begun (Initial Attack 4), nor once this exploitation or
    invasion has passed its own (Exploitation Attacks 3, Invasion Resolution 1);
    before that, when the engine finds a side that may still make one (an army that
    has not defended this turn, a fort or home forces that have not fired)."""
    if view.get("step") in PAST_DEFENCE or not _defence_ahead_of_invasion(view, where, army):
        return False
    frame = view.get("frame") or {}
    if view.get("step") == "exploit_attack" and frame.get("target") == where and frame.get("stage", 0) >= 1:
        return False
    return defending_side(data, where, role) is not None


def _defence_ahead_of_invasion(view: Mapping[str, Any], where: str, army: str) -> bool:
    """False once `army`'s invasion of `where` is past its defensive assault (stage 1 on,
    InvasionAttack: the coastal air army fired with it, K11.8)."""
    frame = view.get("frame") or {}
    if view.get("step") != "invasion_attack" or frame.get("target") != where or frame.get("army") != army:
        return True
    stage = frame.get("stage")
    return not (isinstance(stage, int) and stage >= 1)


def _firing(
    description: dict[str, Any], data: HgwBoard, where: str, role: Role, firing: list[str]
) -> None:
    """What fires in the defensive assault still to come (DefensiveAssault.apply): the
    armies that have not defended this turn, the home forces if they have not fired,
    and the fort if it has not (Effect Of Forts On Combat 1); the rest of the hex
    defends only."""
    armies = data["armies"]
    fire = {k: sum(int(armies[a]["sp"].get(k, 0)) for a in firing) for k in (*KINDS, *AIR_KEYS)}
    if home_firing(data, where, role) is not None:  # Unaligned Forces: they join as infantry
        fire["infantry"] += defending_home(data, where, role)
    description["defensive_fire"] = {k: v for k, v in fire.items() if v or k in KINDS}
    side = fort_side(data, where)
    if description["fort"] and side is not None and not fort_may_fire(data, where, side):
        description["fort_fired"] = True
