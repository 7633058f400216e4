"""The heuristic Hitler's Global War player's combat choices (ai.py): which attacks
and invasions to announce, defensive assaults, losses, assaults, advances,
exploitation, interceptions and retreats. Each is a function of the board it sees
(ai_board.py) and the legal actions, whose arguments it reads by name (actions.py)."""

from __future__ import annotations

from grognard.core.game import Action

from .actions import args
from .ai_board import Board, sea_route_steps
from .combat import attack_modifier, firing_strength
from .geography import Place
from .tables import load_tables

BERLIN_LIMIT = 2  # an invasion of Berlin that wins the game is worth a one-in-three chance
LANDING_LIMIT = 3  # any other landing wants even odds


def announce(b: Board, legal: list[Action]) -> Action:
    best: tuple[float, Action] | None = None
    invasion = best_invasion(b, legal)
    if invasion is not None:
        return invasion
    for a in legal:
        if a[0] != "attack" or not b.is_target((x := args(a))["target"]):
            continue
        army, target = b.armies[x["army"]], x["target"]
        defence = b.defence(target)
        after = max(0, defence - (2 if army["strength"] >= 6 and b.at(target) else 0))
        limit = b.advance_limit(army, target, after)
        if limit < b.fair:
            continue
        score = limit + 2.0 * b.progress(army["at"], target) - 0.1 * len(_rivals(b, target, legal))
        if best is None or score > best[0]:
            best = (score, a)
    if best is not None:
        return best[1]
    joint = joint_attack(b, legal)
    return joint if joint is not None else ("end_announce",)


def joint_attack(b: Board, legal: list[Action]) -> Action | None:
    """An attack no army makes alone, on a place the side's victory turns on (its goals:
    Barbarossa's cities, Berlin): armies of several hexes announced on one target,
    each hex's assault wearing the defence down (Assault Resolution 2-3: one firing a
    hex, at most ten) until one of them advances at fair odds (Initial Attack 6: an army
    that assaulted may advance too). The plan of the fewest armies; the armies already
    announced on the target count. Returns the next army's announcement, so that each
    call adds one until the plan is whole."""
    offered: dict[Place, list[str]] = {}
    for a in legal:
        if a[0] == "attack" and (x := args(a))["target"] in b.goals and b.is_target(x["target"]):
            offered.setdefault(x["target"], []).append(x["army"])
    plans = []
    for target, free in sorted(offered.items()):
        plan = _joint_plan(b, target, free)
        if plan is not None:
            plans.append((plan[0], target, plan[1]))
    if not plans:
        return None
    _, target, first = min(plans)
    return ("attack", first, target)


def _joint_plan(b: Board, target: Place, free: list[str]) -> tuple[int, str] | None:
    """The fewest of `free` that, with the armies already announced on `target`, bring
    its defence low enough for one of them to advance at fair odds: (how many, the first
    to announce), or None."""
    announced = [
        a["id"]
        for a in b.armies.values()
        if a["side"] == b.me and (a.get("status") or {}).get("target") == target
    ]
    best: tuple[int, str] | None = None
    for runner in [*announced, *free]:
        if not int(b.armies[runner]["sp"]["mechanized"]):
            continue
        chosen = _enough(b, target, runner, announced, free)
        if chosen is None:
            continue
        added = [x for x in chosen if x not in announced]
        if not added or len({b.armies[x]["at"] for x in chosen}) < 2:
            continue  # one hex's attack is the single army's choice (announce)
        if best is None or len(added) < best[0]:
            best = (len(added), min(added))
    return best


def _enough(b: Board, target: Place, runner: str, announced: list[str], free: list[str]) -> list[str] | None:
    """`runner` and the announced armies, then one by one the free army whose assault
    adds the most expected losses, until `runner` advances at fair odds; None if all of
    them do not bring it there."""
    chosen = sorted({runner, *announced})
    rest = [x for x in free if x not in chosen]
    defence = b.defence(target)
    while True:
        after = max(0, round(defence - _expected_losses(b, chosen, target)))
        if b.advance_limit(b.armies[runner], target, after) >= b.fair:
            return chosen
        if not rest:
            return None
        gain = max(rest, key=lambda x: (_expected_losses(b, [*chosen, x], target), x))
        chosen.append(gain)
        rest.remove(gain)


def _expected_losses(b: Board, armies: list[str], target: Place) -> float:
    """The mean losses of the assaults `armies` make on `target`, one firing a hex."""
    by_hex: dict[Place, list[str]] = {}
    for x in armies:
        by_hex.setdefault(b.armies[x]["at"], []).append(x)
    table = load_tables()
    total = 0.0
    for ids in by_hex.values():
        group = tuple(sorted(ids))
        power = firing_strength(b.data, group, target)
        modifier = attack_modifier(b.data, group, attacking=True)
        total += sum(table.firepower_losses(power, roll + modifier) for roll in range(1, 7)) / 6
    return total


def best_invasion(b: Board, legal: list[Action]) -> Action | None:
    """The invasion with the best landing odds toward the goal, if they are fair;
    the Allies of The Fall of Germany go for Berlin when its fall would crown
    them, else for the production they need to outweigh the Soviets."""
    best: tuple[float, Action] | None = None
    for a in legal:
        if a[0] not in ("invade", "amphibious_advance") or not b.is_target((x := args(a))["target"]):
            continue
        army, target = b.armies[x["army"]], x["target"]
        limit = b.landing_limit(army, target, extend=a[0] == "invade")
        if b.fog_allied:
            need = BERLIN_LIMIT if target == b.berlin else LANDING_LIMIT
            score = limit + (100.0 if target == b.berlin else 3.0 * b.g.production[target])
            if target in b.closed and sea_route_steps(army["at"], b.berlin, b.closed, b.canals) >= 10**6:
                score += 50.0  # Sea Route 4: the narrow (the Sound) that bars the way to Berlin
            score -= 0.5 * b.dist.get(target, 99)
        else:
            need, score = b.fair, limit - 0.1 * b.dist.get(target, 99)
        if limit < need:
            continue
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best else None


def invasion_attack(b: Board, legal: list[Action]) -> Action:
    """Every fleet that may sails with the invasion (its points fire at the coastal
    air and then at the target); the amphibious points always assault."""
    if ("assault",) in legal:
        return ("assault",)
    return max(legal, key=len)


def intercept(b: Board, legal: list[Action]) -> Action:
    """Intercept with the strongest fleet: the invader's losses come off its landing
    strength, while a beaten interceptor only goes back to port."""
    fleets = [a for a in legal if a[0] == "intercept"]
    if not fleets:
        return ("no_interception",)
    return max(fleets, key=lambda a: (int(b.fleets[args(a)["fleet"]]["sp"]), args(a)["fleet"]))


def _rivals(b: Board, target: Place, legal: list[Action]) -> list[Action]:
    return [a for a in legal if a[0] == "attack" and args(a)["target"] == target]


def defend(b: Board, legal: list[Action]) -> Action:
    # every army that may, and a fort that may fire alone does (Forts On Combat 1)
    return max(legal, key=lambda a: (a[0] == "defensive_assault", len(a)))


def lose(b: Board, legal: list[Action]) -> Action:
    def cost(a: Action) -> tuple[int, int]:
        if a[0] == "lose_fort":
            return (2, 0)  # a fort point costs five to rebuild and absorbs every turn
        x = args(a)  # ("lose" or "italy_loss", army, kind)
        return (0 if x["kind"] == "infantry" else 1, b.armies[x["army"]]["sp"]["mechanized"])

    return min(legal, key=cost)


def assault(b: Board, legal: list[Action]) -> Action:
    assaults = [a for a in legal if a[0] == "assault"]
    return max(assaults, key=len) if assaults else ("to_advances",)


def advance(b: Board, legal: list[Action]) -> Action:
    for a in legal:
        if a[0] == "advance":
            army = b.armies[args(a)["army"]]
            target = (army.get("status") or {}).get("target")
            if target is not None and b.advance_limit(army, target) >= 1:
                return drop(b, legal, a, target)
            if target is not None and drop(b, legal, a, target) != a:
                return drop(b, legal, a, target)  # only a paradrop gets it through
    return ("to_exploitation",)


def drop(b: Board, legal: list[Action], plain: Action, target: Place) -> Action:
    """Paradrop 2-4: the advance of `plain`'s army with the paratroop drop that best
    trades the better odds for the dropped points lost on a failure: each point dropped
    must buy at least one more winning roll, and the fewest points for the best odds."""
    army = b.armies[args(plain)["army"]]
    best, best_limit = plain, b.advance_limit(army, target)
    for a in legal:
        if a[0] != "paradrop" or args(a)["army"] != army["id"]:
            continue
        dropping = int(args(a)["count"])
        limit = b.advance_limit(army, target, dropping=dropping)
        gain = limit - max(b.advance_limit(army, target), 0)
        if limit >= 1 and gain >= dropping and limit > best_limit:
            best, best_limit = a, limit
    return best


def exploit_attack(b: Board, legal: list[Action]) -> Action:
    """An exploitation's assault whenever it may be made; its advance with the best drop."""
    if ("assault",) in legal:
        return ("assault",)
    plain = next((a for a in legal if a[0] == "advance"), None)
    if plain is not None:
        return drop(b, legal, plain, b.frame["target"])
    return legal[0]


def air_attack(b: Board, legal: list[Action]) -> Action:
    """Air Attacks 2-4: commit the tac air the (defensive) assault cannot use under its
    ten-point cap, never fewer than the rules ask: the assault's fire first, then as
    many air attacking as leave it whole, to destroy the most enemy tac air."""
    armies = tuple(b.frame["armies"])
    target = None if b.frame["defensive"] else b.frame["target"]
    fort = int(b.frame["fort"])

    def score(a: Action) -> tuple[int, int]:
        committed = int(args(a)["count"])
        return (firing_strength(b.data, armies, target, fort=fort, air_attacked=committed), committed)

    return max(legal, key=score)


def exploit(b: Board, legal: list[Action]) -> Action:
    best: tuple[float, Action] | None = None
    if b.fog_allied:  # Amphibious Advance: an invader ashore may go on by sea
        landing = best_invasion(b, legal)
        if landing is not None:
            return landing
    for a in legal:
        if a[0] != "exploit" or not b.is_target((x := args(a))["target"]):
            continue
        army, target = b.armies[x["army"]], x["target"]
        defence = b.defence(target)
        may_assault = b.at(target) and not (army.get("status") or {}).get("assaulted")
        after = max(0, defence - (2 if may_assault else 0))
        limit = b.advance_limit(army, target, after)
        if limit < b.fair:
            continue
        current = 1.0 if x["army"] == b.frame.get("current") else 0.0
        score = limit + 2.0 * b.progress(army["at"], target) + current
        if best is None or score > best[0]:
            best = (score, a)
    if best:
        return best[1]
    if ("end_combat",) in legal:
        return ("end_combat",)
    # an overstacked hex must be left: the likeliest advance out, friendly hexes first
    exploits = [a for a in legal if a[0] == "exploit"]
    if not exploits:  # a search asking about a part of the list that holds no advance
        return legal[0]
    return max(exploits, key=lambda a: b.advance_limit(b.armies[args(a)["army"]], args(a)["target"]))


def retreat(b: Board, legal: list[Action]) -> Action:
    def safety(a: Action) -> int:
        return sum(1 for n in b.g.links[args(a)["place"]] if b.owner.get(n) == b.me)

    return max(legal, key=safety)
