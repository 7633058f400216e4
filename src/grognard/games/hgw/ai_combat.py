"""The heuristic Hitler's Global War player's combat choices (ai.py): which attacks
and invasions to announce, defensive assaults, losses, assaults, advances,
exploitation, interceptions and retreats. Each is a function of the board it sees
(ai_board.py) and the legal actions, whose arguments it reads by name (actions.py)."""

from __future__ import annotations

from grognard.core.game import Action

from .actions import args
from .ai_board import Board, sea_route_steps
from .combat import firing_strength
from .geography import Place

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
    return best[1] if best else ("end_announce",)


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
