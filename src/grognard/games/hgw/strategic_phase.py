"""Campaign Game II's strategic warfare phase (player turn step 2: a. strategic bombing,
b. missile launching; Strategic Bombing 2-7, Strategic Missiles 3-5, Atomic Bombs 3-7,
Morale Attacks 1-3), played as steps over bombing.py, missiles.py, strategic.py and
morale.py. One question a step (steps.py):

  strategic       as it opens, the phasing side's missile counters in enemy hands are
                  eliminated (Strategic Missiles 2); then the phasing player picks the
                  next raid or launch, or ends the phase.
                  Frame: role, flown (bomber markers that raided), launched (missile
                  counters that fired), bombs (atomic bombs that arrived, each
                  {"origin": place, "reach": hexes}, dropped after every normal bomb).
  strike_escorts  how many escort points of the base fly with a raid (Strategic Bombing 6)
  strike_bombs    how many atomic bombs the raid or launch carries (Atomic Bombs 3)
  devastate       which undevastated production point the result devastates next, one at
                  a time (Strategic Bombing 4, Strategic Missiles 4)
  drop_bomb       where the next atomic bomb goes (Atomic Bombs 5-6)
  bomb_losses     the defender removes a bomb's losses from the hex's armies (Atomic Bombs 5)

A strike frame (`strike_escorts`, `strike_bombs`) carries kind ("raid" | "launch"),
origin (the bomber marker's place or the missile counter), target (the hex whose air
defence fires, or the capital of a morale attack), morale (the country, or None),
fired (missile points), escorts and atomic (None until chosen). A question with a single
answer is not asked. The phase ends by handing on to `next_step(data, "strategic")`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from grognard.core.errors import IllegalAction
from grognard.core.flow import Frame, GameStep, call, end, goto

from . import bombing, missiles, morale
from .board import armies_at, enemy_armies_at, geo, opponents, production_of, remove_points
from .firepower import Volley
from .layout import HgwBoard, HgwData
from .map import hex_distance, load_map
from .morale_events import watch
from .neutrality import at_war
from .sequence import next_step
from .strategic import bombers_at, detonate, devastate, points, research_of, set_bombers, set_points
from .strategic_tables import load_strategic

if TYPE_CHECKING:
    from .state import HgwState

Action = tuple[Any, ...]
Data = HgwBoard


def hostile(data: Data, side: str, owner: str | None) -> bool:
    """Strategic Bombing 7 and the politics: a hex of a side at war with `side` that
    `side`'s bombers and missiles may strike."""
    return owner in bombing.HOSTILE.get(side, ()) and at_war(data, side, str(owner))


def _targets(
    data: Data, side: str, origin: str, reach: int, owners: tuple[str, ...] | None = None
) -> list[str]:
    """Hostile map hexes with undevastated production within `reach` of `origin`."""
    hmap = load_map()
    out = []
    for place, owner in data["owner"].items():
        if place not in hmap or not hostile(data, side, owner) or (owners and owner not in owners):
            continue
        if production_of(data, place) > 0 and hex_distance(origin, place) <= reach:
            out.append(place)
    return sorted(out)


def _capitals(data: Data, side: str, origin: str, reach: int) -> list[str]:
    """Morale Attacks 1: the British or German capital in range, of an enemy at war."""
    if "morale" not in data:
        return []
    table = load_strategic().morale
    out = []
    for country, capital in sorted(table.capitals.items()):
        enemy = table.sides[country]
        if morale.why_not_morale_attack(side, country, origin, reach) is None and at_war(data, side, enemy):
            out.append(capital)
    return out


def _country_of_capital(capital: str) -> str:
    return next(c for c, h in load_strategic().morale.capitals.items() if h == capital)


def strikes(data: Data, frame: Frame) -> list[Action]:
    """Every raid and launch the phasing player may still make this phase."""
    side = frame["role"]
    if "strategic" not in data:
        return []
    stra = data["strategic"]
    research = research_of(data)
    actions: list[Action] = []
    reach = bombing.bomber_range(research, side)
    for base in sorted(stra["bombers"].get(side, {})):
        if base in frame["flown"] or base not in load_map():
            continue
        actions += [("raid", base, t) for t in _targets(data, side, base, reach)]
        actions += [("raid_morale", base, c) for c in _capitals(data, side, base, reach)]
    shot = load_strategic().missile.range
    for counter, entry in sorted(missiles.counters(stra, side).items()):
        if counter in frame["launched"] or entry["sp"] < 1:
            continue
        industry = _targets(data, side, entry["at"], shot)
        capitals = _capitals(data, side, entry["at"], shot)
        for n in range(1, entry["sp"] + 1):
            if industry:
                actions.append(("launch", counter, n))
            actions += [("launch_morale", counter, n, c) for c in capitals]
    return actions


class Strategic(GameStep["HgwState"]):
    """Step 2 of Campaign Game II's player turn: the raids and launches, one at a time."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        if "flown" not in frame:
            return []  # the phase opens first (run)
        return [frame["role"]] if strikes(game.data, frame) else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return sorted([*strikes(game.data, frame), ("end_strategic",)])

    def run(self, game: HgwState, frame: Frame) -> None:
        if "flown" not in frame:
            frame.update(flown=[], launched=[], bombs=[])
            _overrun(game, frame["role"])
            return
        _to_bombs(game, frame)

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "end_strategic":
            game.log(f"{role} ends strategic warfare")
            _to_bombs(game, frame)
            return
        if action[0] in ("raid", "raid_morale"):
            base, target = action[1], action[2]
            frame["flown"] = sorted({*frame["flown"], base})
            country = _country_of_capital(target) if action[0] == "raid_morale" else None
            strike = {"kind": "raid", "origin": base, "target": target, "morale": country, "fired": 0}
        else:
            counter, fired = action[1], int(action[2])
            frame["launched"] = sorted({*frame["launched"], counter})
            country = _country_of_capital(action[3]) if action[0] == "launch_morale" else None
            at = data["strategic"]["missiles"][role][counter]["at"]
            target = action[3] if country else at
            strike = {
                "kind": "launch",
                "origin": counter,
                "target": target,
                "morale": country,
                "fired": fired,
            }
        call(data["flow"], "strike_escorts", role=role, escorts=None, atomic=None, **strike)
        _next_question(game, data["flow"][-1])

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: strategic warfare: raid with bombers, launch missiles, or end the phase"


def _overrun(game: HgwState, side: str) -> None:
    """Strategic Missiles 2: a counter whose hex an enemy army entered is gone. Counters act
    only in their side's strategic warfare phase, so they are checked as it opens: those in
    a hex an enemy holds or stands in are eliminated, with their points and bombs."""
    data = game.data
    if "strategic" not in data:
        return
    for counter, entry in sorted(missiles.counters(data["strategic"], side).items()):
        at = entry["at"]
        if data["owner"].get(at) in opponents(data, side) or enemy_armies_at(data, at, side):
            data["strategic"] = missiles.enemy_occupies(data["strategic"], side, at)
            game.log(f"{side} missile counter {counter} in {at} is overrun: eliminated with its points")


def _escorts_available(data: Data, frame: Frame) -> int:
    if frame["kind"] != "raid":
        return 0
    defence = points(
        data["strategic"], "air_defence", data["owner"].get(frame["target"], ""), frame["target"]
    )
    escorts = points(data["strategic"], "escorts", frame["role"], frame["origin"])
    return escorts if defence else 0


def _bombs_available(data: Data, frame: Frame) -> int:
    stra = data["strategic"]
    if frame["kind"] == "raid":
        return bombers_at(stra, frame["role"], frame["origin"])["atomic"]
    entry = stra["missiles"][frame["role"]][frame["origin"]]
    return min(int(entry["atomic"]), int(frame["fired"]))


def _next_question(game: HgwState, frame: Frame) -> None:
    """Ask the strike's next question that has more than one answer, else resolve it."""
    data = game.data
    if frame["escorts"] is None:
        if _escorts_available(data, frame):
            frame["state"] = "strike_escorts"
            return
        frame["escorts"] = 0
    if frame["atomic"] is None:
        if _bombs_available(data, frame):
            frame["state"] = "strike_bombs"
            return
        frame["atomic"] = 0
    _resolve(game, frame)


class StrikeEscorts(GameStep["HgwState"]):
    """Strategic Bombing 6: the escorts at the bombers' base that fly along."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("escorts", n) for n in range(_escorts_available(game.data, frame) + 1)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        frame["escorts"] = int(action[1])
        _next_question(game, frame)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        n = _escorts_available(game.data, frame)
        where, target = frame["origin"], frame["target"]
        return f"{frame['role']}: how many of the {n} escort points at {where} fly with the raid on {target}?"


class StrikeBombs(GameStep["HgwState"]):
    """Atomic Bombs 3: the bombs this raid or launch carries, one carrier point each."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("carry_bombs", n) for n in range(_bombs_available(game.data, frame) + 1)]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        frame["atomic"] = int(action[1])
        _next_question(game, frame)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        n = _bombs_available(game.data, frame)
        return f"{frame['role']}: how many of the {n} atomic bomb(s) of {frame['origin']} go on this strike?"


def _volley(game: HgwState, what: str, volley: Volley, result: str) -> None:
    rolls = ", ".join(str(r) for r in volley.rolls)
    mod = f" {volley.modifier:+d}" if volley.modifier else ""
    game.log(f"{what}: {volley.strength} point(s) roll {rolls}{mod}: {result}")


def _resolve(game: HgwState, frame: Frame) -> None:
    """Fire the strike (bombing.raid or missiles.launch) and place its result."""
    data = game.data
    side, target, country = frame["role"], frame["target"], frame["morale"]
    research = research_of(data)
    mod = morale.penalty(data, side)  # National Morale 6-7
    parent = data["flow"][-2]
    if frame["kind"] == "raid":
        base = frame["origin"]
        # a morale raid meets the country's own air defence in its capital
        target_side = load_strategic().morale.sides[country] if country else data["owner"][target]
        stra, raid = bombing.raid(
            data["strategic"],
            research,
            game,
            side,
            base,
            target,
            target_side,
            escorts=frame["escorts"],
            atomic=frame["atomic"],
            modifier=mod,
        )
        data["strategic"] = stra
        what = (
            f"morale raid on {country} from {base}"
            if country
            else f"{side} bombers from {base} raid {target}"
        )
        game.log(what)
        if raid.escort_fire is not None and raid.defence_at_escorts is not None:
            _volley(game, "the escorts", raid.escort_fire, f"{raid.escort_fire.losses} air defence hit")
            _volley(
                game,
                "the air defence",
                raid.defence_at_escorts,
                f"{raid.defence_at_escorts.losses} escort(s) hit",
            )
        if raid.defence_fire is not None:
            lost = f"{raid.bomber_losses} bomber(s) lost" + (
                f", {raid.bombs_lost} bomb(s) with them" if raid.bombs_lost else ""
            )
            _volley(game, f"the air defence of {target}", raid.defence_fire, lost)
        volley, reach, origin = raid.bombing, bombing.bomber_range(research, side), base
        bombs = raid.bombs
    else:
        counter = frame["origin"]
        origin = data["strategic"]["missiles"][side][counter]["at"]
        stra, launch = missiles.launch(
            data["strategic"],
            game,
            side,
            counter,
            frame["fired"],
            [target],
            atomic=frame["atomic"],
            modifier=mod,
        )
        data["strategic"] = stra
        game.log(
            f"{side} launches {frame['fired']} missile point(s) from {origin}"
            + (f" at {country}'s morale" if country else "")
        )
        volley, reach, bombs = launch.volley, load_strategic().missile.range, launch.bombs
    parent["bombs"] = [*parent.get("bombs", []), *[{"origin": origin, "reach": reach} for _ in range(bombs)]]
    if volley is None:
        game.log("no bomber survives to bomb")
        end(data["flow"])
        return
    if country is not None:  # Morale Attacks 2: the result comes off the country's morale
        data["morale"] = (
            morale.apply_event(data["morale"], "morale_bombing_hit", country, volley.losses)
            if volley.losses
            else data["morale"]
        )
        _volley(
            game,
            "the attack",
            volley,
            f"{country} morale {data['morale'][country]:+d} ({volley.losses} hit(s))",
        )
        end(data["flow"])
        return
    owners = (data["owner"][target],) if frame["kind"] == "raid" else None
    places = _targets(data, side, origin, reach, owners)
    if frame["kind"] == "raid" and target not in places:
        places = sorted({*places, target}) if production_of(data, target) else places
    _volley(
        game,
        "the bombing" if frame["kind"] == "raid" else "the missiles",
        volley,
        f"{volley.losses} production point(s) to devastate",
    )
    goto(data["flow"], "devastate", role=side, left=volley.losses, places=places)
    _auto_devastate(game, data["flow"][-1])


def _open(data: Data, frame: Frame) -> dict[str, int]:
    return {p: production_of(data, p) for p in frame["places"] if production_of(data, p) > 0}


def _devastate_one(game: HgwState, frame: Frame, place: str, count: int) -> None:
    data = game.data
    data["devastated"] = devastate(
        data["devastated"], {place: count}, count, {place: production_of(data, place)}
    )
    frame["left"] -= count
    game.log(f"{frame['role']} devastates {count} production point(s) in {place}")


def _auto_devastate(game: HgwState, frame: Frame) -> None:
    """No choice when one hex is left or every point must go; done when nothing is left."""
    data = game.data
    room = _open(data, frame)
    if frame["left"] > 0 and room and (len(room) == 1 or sum(room.values()) <= frame["left"]):
        for place, n in sorted(room.items()):
            _devastate_one(game, frame, place, min(n, frame["left"]))
        room = _open(data, frame)
    if frame["left"] <= 0 or not room:
        end(data["flow"])


class Devastate(GameStep["HgwState"]):
    """Strategic Bombing 4, Strategic Missiles 4: the attacker picks the points."""

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("devastate", p) for p in sorted(_open(game.data, frame))]

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        _devastate_one(game, frame, action[1], 1)
        _auto_devastate(game, frame)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return f"{frame['role']}: pick the production hex of the next devastated point ({frame['left']} left)"


# ----- atomic bombs, after every normal bomb and missile (Atomic Bombs 5-6) ------------------
def _to_bombs(game: HgwState, frame: Frame) -> None:
    data = game.data
    if frame.get("bombs"):
        goto(data["flow"], "drop_bomb", role=frame["role"], bombs=list(frame["bombs"]))
        return
    _leave(game, frame["role"])


def _leave(game: HgwState, side: str) -> None:
    data = game.data
    watch(data, side)  # the hexes the combat phase will count (National Morale 5)
    goto(data["flow"], next_step(data, "strategic"), role=side)


def bomb_sites(data: Data, side: str, bomb: dict[str, Any]) -> list[str]:
    """Atomic Bombs 5: any hostile map hex within the carrier's range."""
    hmap = load_map()
    origin, reach = bomb["origin"], bomb["reach"]
    owner = data["owner"]
    return sorted(
        p
        for p, o in owner.items()
        if p in hmap and hostile(data, side, o) and hex_distance(origin, p) <= reach
    )


class DropBomb(GameStep["HgwState"]):
    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        bombs = frame["bombs"]
        return [frame["role"]] if bombs and bomb_sites(game.data, frame["role"], bombs[0]) else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        return [("drop", p) for p in bomb_sites(game.data, role, frame["bombs"][0])]

    def run(self, game: HgwState, frame: Frame) -> None:
        if frame["bombs"]:  # no hostile hex in range: the bomb is not dropped
            game.log(f"an atomic bomb of {frame['role']} finds no target in range")
            frame["bombs"] = frame["bombs"][1:]
            return
        _leave(game, frame["role"])

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        place = action[1]
        frame["bombs"] = frame["bombs"][1:]
        defender = data["owner"][place]
        exposed = sum(sum(data["armies"][a]["sp"].values()) for a in armies_at(data, place, defender))
        exposed += sum(_strategic_points(data, defender, place).values())  # missiles never count
        g = geo(data)
        country = g.country.get(place, "")
        printed = int(g.production.get(place, 0))
        hit = morale.atomic_hits_morale(country)
        dev, perm, blast = detonate(
            game, role, place, printed, data["devastated"], data["permanent"], exposed, hit
        )
        data["devastated"], data["permanent"] = dev, perm
        game.log(
            f"{role} drops an atomic bomb on {place}: "
            f"{blast.devastated} production point(s) devastated for good"
        )
        _volley(game, "the blast", blast.volley, f"{blast.losses} strength point(s) lost")
        if blast.morale is not None and "morale" in data:  # Atomic Bombs 7
            data["morale"] = morale.apply_event(data["morale"], "atomic_bomb_hit", blast.morale)
            game.log(f"{blast.morale} morale falls to {data['morale'][blast.morale]:+d}")
        if blast.losses:
            call(data["flow"], "bomb_losses", role=defender, place=place, left=blast.losses)

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        bomb = frame["bombs"][0]
        return f"{frame['role']}: drop the atomic bomb on a hex within {bomb['reach']} of {bomb['origin']}"


def _strategic_points(data: Data, side: str, place: str) -> dict[str, int]:
    """The side's bomber, escort and air defence points in `place` (Atomic Bombs 5)."""
    if "strategic" not in data:
        return {}
    stra = data["strategic"]
    return {
        "air_defence": points(stra, "air_defence", side, place),
        "bombers": bombers_at(stra, side, place)["sp"],
        "escorts": points(stra, "escorts", side, place),
    }


class BombLosses(GameStep["HgwState"]):
    """Atomic Bombs 5: the defender picks the points the blast takes."""

    def actors(self, game: HgwState, frame: Frame) -> list[str]:
        return [frame["role"]] if self.legal(game, frame, frame["role"]) and frame["left"] > 0 else []

    def legal(self, game: HgwState, frame: Frame, role: str) -> list[Action]:
        data = game.data
        place = frame["place"]
        armies: list[Action] = [
            ("lose", a, k)
            for a in armies_at(data, place, frame["role"])
            for k, n in sorted(data["armies"][a]["sp"].items())
            if n > 0
        ]
        strategic = [
            ("lose_strategic", k) for k, n in _strategic_points(data, frame["role"], place).items() if n
        ]
        return sorted(armies + strategic)

    def run(self, game: HgwState, frame: Frame) -> None:
        end(game.data["flow"])

    def apply(self, game: HgwState, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        if action[0] == "lose_strategic":
            kind, place = action[1], frame["place"]
            if kind == "bombers":
                here = bombers_at(data["strategic"], role, place)
                set_bombers(data["strategic"], role, place, {"sp": here["sp"] - 1, "atomic": here["atomic"]})
            else:
                set_points(
                    data["strategic"], kind, role, place, points(data["strategic"], kind, role, place) - 1
                )
            frame["left"] -= 1
            game.log(f"{role} loses one {kind.replace('_', ' ')} point in {place} to the atomic bomb")
            return
        army, kind = action[1], action[2]
        if data["armies"][army]["at"] != frame["place"]:
            raise IllegalAction(f"{army} is not in {frame['place']}")
        remove_points(data, army, kind)
        frame["left"] -= 1
        game.log(f"{data['armies'][army]['name']} loses one {kind} point to the atomic bomb")

    def prompt(self, game: HgwState, frame: Frame, role: str | None) -> str:
        return (
            f"{frame['role']}: remove {frame['left']} strength point(s) from {frame['place']} (atomic bomb)"
        )


# ----- why a strike is refused (why.py) ------------------------------------------------------
def why_not_strike(data: HgwData, role: str, action: Action) -> str | None:
    """Why a raid or launch the player asked for is not legal now, or None."""
    top = data["flow"][-1] if data["flow"] else {}
    if top.get("state") != "strategic" or top.get("role") != role:
        return "raids and launches are made in your strategic warfare phase (K20.2, K21.3)"
    if "strategic" not in data:
        return "this scenario plays no strategic warfare"
    stra, research = data["strategic"], research_of(data)
    if action[0] in ("raid", "raid_morale"):
        base, target = str(action[1]), str(action[2])
        if base in top.get("flown", []):
            return f"the bombers at {base} have raided this phase already (K20.2)"
        owner = data["owner"].get(target, "")
        if action[0] == "raid_morale":
            if target not in load_strategic().morale.capitals.values():
                return "a morale raid strikes the British or German capital (K24.1)"
            country = _country_of_capital(target)
            return morale.why_not_morale_attack(role, country, base, bombing.bomber_range(research, role))
        why = bombing.why_not_raid(stra, research, role, base, target, owner, 0, 0)
        if why is None and not hostile(data, role, owner):
            why = f"{role} is not at war with {owner}"
        if why is None and production_of(data, target) < 1:
            why = f"{target} has no undevastated production point to bomb (K20.4)"
        return why
    counter, fired = str(action[1]), int(action[2])
    if counter in top.get("launched", []):
        return f"missile counter {counter} has fired this phase already (K21.4)"
    mine = missiles.counters(stra, role)
    where = mine[counter]["at"] if counter in mine else ""
    targets = [str(action[3])] if action[0] == "launch_morale" else []
    why = missiles.why_not_launch(stra, role, counter, fired, 0, targets)
    reach = load_strategic().missile.range
    if why is None and action[0] == "launch" and not _targets(data, role, where, reach):
        why = f"no enemy production within two hexes of missile counter {counter} (K21.4)"
    return why
