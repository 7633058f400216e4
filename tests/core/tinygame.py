""""tiny": a test-only ruleset, the smallest game that uses every pattern of the core.

Not registered in `grognard.games.REGISTRY`; tests build it directly. It is also the
worked example of docs/adding-a-ruleset.md.

Rules
    Three roles, north, east and south. Each holds one face-down card, dealt from a
    shuffled deck of eight (values in CARDS). The game lasts four rounds (two in the
    "sprint" scenario). Each round:

    1. pick       every role secretly picks 1, 2 or 3, all at once; a pick stays
                  hidden from the others until all have chosen;
    2. reveal     the picks are shown; north's stake (see 4) is settled: north gains
                  it when north is among the highest picks, else loses it;
    3. roll       each role with the highest pick (all of them on a tie), in seating
                  order, rolls a die and scores it;
    4. north_turn north may stake 0-2 points on winning the next pick (not in the last
                  round), once per round swap its card with the top of the deck (the
                  old card goes face down to north's discard pile), once per round
                  gamble (a die: the highest face scores 2, a 1 loses 1), then say done.

    At the end every hand is shown and each card's value is added to its holder's
    score. The highest score wins (1 point, split on a tie, others 0).

Patterns exercised: simultaneous secret choices and a reveal (core/secret_choices.py), dice through
`State.roll`, private hands logged with `to=[role]`, a role-specific turn with undo
(stake is undoable; swap is a hidden reveal that calls `mark_irreversible`; gamble is a
roll), `call`/`goto`/`end` on the flow stack, options of the three types,
`hidden_tokens` for the leak check and `_redraw_hidden` for `sample_consistent`.

Secrets are spelled as unique strings ("card:Falcon", "pick:r2:east:3") so that a
leak check on the JSON text of a view is meaningful.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from grognard.core.flow import Frame, Step, call, end, goto
from grognard.core.flowstate import FlowState
from grognard.core.game import Action, Result, Role, Ruleset
from grognard.core.rng import Rng
from grognard.core.schema import Option, Scenario
from grognard.core.secret_choices import SecretChoices

ROLES = ("north", "east", "south")
SWAPPER = "north"
PICKS = (1, 2, 3)
STAKES = (0, 1, 2)
CARDS = {
    "card:Falcon": 4,
    "card:Wolf": 3,
    "card:Bear": 3,
    "card:Otter": 2,
    "card:Heron": 2,
    "card:Lynx": 1,
    "card:Viper": 1,
    "card:Raven": 0,
}


def pick_token(round_: int, role: Role, number: int) -> str:
    """A secret pick, spelled uniquely (round and role included)."""
    return f"pick:r{round_}:{role}:{number}"


def pick_value(token: str) -> int:
    return int(token.rsplit(":", 1)[1])


# ----- steps: one per question asked ------------------------------------------------
class Play(Step):
    """Automatic root: start each round as a sub-procedure, then the final reveal."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        return []

    def run(self, game: Any, frame: Frame) -> None:
        if "returned" in frame:  # a round just ended
            del frame["returned"]
            game.data["round"] += 1
        if game.data["round"] > game.data["rounds"]:
            goto(game.flow, "final")
        else:
            call(game.flow, "pick")


class Pick(SecretChoices[Any]):
    """Secret, simultaneous (core/secret_choices.py): every role that has not picked
    yet is active; its one pick finishes it, and the last pick reveals them all."""

    confirm = None

    def seats(self, game: Any, frame: Frame) -> list[str]:
        return list(game.roles)

    def finished(self, game: Any, frame: Frame, role: str) -> bool:
        return role in game.data["picks"]

    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        return [("pick", n) for n in PICKS]

    def choose(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        token = pick_token(game.data["round"], role, action[1])
        game.data["picks"][role] = token
        game.log(f"{role} picks {action[1]} in secret ({token})", to=[role])
        game.log(f"{role} has picked")

    def reveal(self, game: Any, frame: Frame) -> None:
        goto(game.flow, "reveal")

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        if role in self.actors(game, frame):
            return "Pick 1, 2 or 3 in secret."
        return f"Waiting for {', '.join(self.actors(game, frame))} to pick."


class Reveal(Step):
    """Automatic: show the picks (the window closed irreversibly), settle north's
    stake, queue the winners' rolls."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        return []

    def run(self, game: Any, frame: Frame) -> None:
        data = game.data
        picks = {role: pick_value(token) for role, token in data["picks"].items()}
        data["revealed"] = dict(data["picks"])
        data["picks"] = {}
        shown = ", ".join(f"{role} {picks[role]}" for role in game.roles)
        game.log(f"round {data['round']} picks: {shown}")
        best = max(picks.values())
        winners = [role for role in game.roles if picks[role] == best]
        if data["stake"]:
            gain = data["stake"] if SWAPPER in winners else -data["stake"]
            data["scores"][SWAPPER] += gain
            game.log(f"{SWAPPER} {'wins' if gain > 0 else 'loses'} a stake of {data['stake']}")
            data["stake"] = 0
        goto(game.flow, "roll", role=winners[0], queue=winners[1:])


class Roll(Step):
    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        return [("roll",)]

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        die = game.roll(1, role, f"round {game.data['round']}", game.data["sides"])[0]
        game.data["scores"][role] += die
        if frame["queue"]:
            goto(game.flow, "roll", role=frame["queue"][0], queue=frame["queue"][1:])
        else:
            goto(game.flow, "north_turn", role=SWAPPER, swapped=False, gambled=False)

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        if role == frame["role"]:
            return "You picked highest: roll a die and score it."
        return f"Waiting for {frame['role']} to roll."


class NorthTurn(Step):
    def legal(self, game: Any, frame: Frame, role: str) -> Iterable[Action]:
        data = game.data
        actions: list[Action] = [("done",)]
        if data["round"] < data["rounds"]:
            actions += [("stake", n) for n in STAKES if n != data["stake"]]
        if data["swap"] and not frame["swapped"] and data["deck"]:
            actions.append(("swap",))
        if not frame["gambled"]:
            actions.append(("gamble",))
        return actions

    def apply(self, game: Any, frame: Frame, role: str, action: Action) -> None:
        data = game.data
        verb = action[0]
        if verb == "stake":
            data["stake"] = action[1]
            game.log(f"{role} stakes {action[1]} on the next pick")
        elif verb == "swap":
            old, new = data["hands"][role], data["deck"].pop(0)
            data["hands"][role] = new
            data["discard"].append(old)
            frame["swapped"] = True
            game.log(f"{role} swaps its card with the top of the deck")
            game.log(f"you swap {old} for {new}", to=[role])
            game.mark_irreversible()  # a hidden reveal: north has seen a new card
        elif verb == "gamble":
            die = game.roll(1, role, "gamble", data["sides"])[0]
            data["scores"][role] += 2 if die == data["sides"] else -1 if die == 1 else 0
            frame["gambled"] = True
        else:
            end(game.flow, data["round"])

    def prompt(self, game: Any, frame: Frame, role: str | None) -> str:
        if role == SWAPPER:
            return "Stake, swap your card, gamble, or say done."
        return f"Waiting for {SWAPPER}."


class Final(Step):
    """Automatic: show every hand, add the card values, decide the result."""

    def actors(self, game: Any, frame: Frame) -> list[str]:
        return []

    def run(self, game: Any, frame: Frame) -> None:
        data = game.data
        for role in game.roles:
            card = data["hands"][role]
            data["scores"][role] += CARDS[card]
            game.log(f"{role} shows {card} worth {CARDS[card]}")
        data["shown"] = True
        best = max(data["scores"].values())
        winners = [role for role in game.roles if data["scores"][role] == best]
        data["result"] = {role: (1 / len(winners) if role in winners else 0.0) for role in game.roles}
        # like every ruleset, the last public line says who won and why (State.end_reason)
        game.log(f"{' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'} with {best} points")
        end(game.flow)


# ----- the state ---------------------------------------------------------------------
class TinyState(FlowState):
    """DATA LAYOUT
    roles, rng, log, flow   core bookkeeping
    round, rounds           current round (1-based) and the last one
    sides, swap             option values
    scores                  {role: int}, public
    hands                   {role: card id}, each visible to its owner only until shown
    deck                    [card id], face down, top first
    discard                 [card id], north's swapped-away cards, seen by north only
    picks                   {role: pick token}, this round's secret picks
    revealed                {role: pick token}, the last round's picks, public
    stake                   north's stake on the next pick, public
    shown                   hands shown (game end)
    result                  None | {role: score}
    """

    STEPS: ClassVar[dict[str, Step]] = {
        "play": Play(),
        "pick": Pick(),
        "reveal": Reveal(),
        "roll": Roll(),
        "north_turn": NorthTurn(),
        "final": Final(),
    }

    def _result(self) -> Result | None:
        result: Result | None = self.data["result"]
        return result

    def _view(self, role: Role | None) -> dict[str, Any]:
        data = self.data
        return {
            "round": data["round"],
            "rounds": data["rounds"],
            "scores": dict(data["scores"]),
            "stake": data["stake"],
            "deck": len(data["deck"]),
            "discard": list(data["discard"]) if role == SWAPPER else len(data["discard"]),
            "picked": sorted(data["picks"]),
            "revealed": dict(data["revealed"]),
            "hand": data["hands"][role] if role is not None else None,
            "my_pick": data["picks"].get(role) if role is not None else None,
            "hands": dict(data["hands"]) if data["shown"] else {},
        }

    def hidden_tokens(self, role: Role | None) -> set[str]:
        """What `role` must not see: others' unrevealed picks, cards it never saw."""
        data = self.data
        known: set[str] = set()
        if role is not None:
            known.add(data["hands"][role])
        if role == SWAPPER:
            known.update(data["discard"])
        if data["shown"]:
            known.update(data["hands"].values())
        secret_picks = {token for owner, token in data["picks"].items() if owner != role}
        return (set(CARDS) - known) | secret_picks

    def _redraw_hidden(self, role: Role, rng: Rng) -> None:
        """Re-deal every card `role` cannot see; re-pick others' unrevealed picks."""
        data = self.data
        others = [] if data["shown"] else [r for r in self.roles if r != role]
        discard_known = role == SWAPPER
        pool = [data["hands"][r] for r in others] + data["deck"]
        if not discard_known:
            pool += data["discard"]
        rng.shuffle(pool)
        for r in others:
            data["hands"][r] = pool.pop(0)
        data["deck"] = [pool.pop(0) for _ in data["deck"]]
        if not discard_known:
            data["discard"] = [pool.pop(0) for _ in data["discard"]]
        for owner in data["picks"]:
            if owner != role:
                data["picks"][owner] = pick_token(data["round"], owner, rng.choice(PICKS))


class TinyRuleset(Ruleset):
    id: ClassVar[str] = "tiny"
    name: ClassVar[str] = "Tiny (test game)"
    version: ClassVar[int] = 1
    state_class: ClassVar[type[TinyState]] = TinyState
    # its action index is declared in this module (grognard/seams.py)
    seams: ClassVar[Mapping[str, str]] = {"action_space": __name__}
    scenarios: ClassVar[tuple[Scenario, ...]] = (
        Scenario("standard", "Standard", "Four rounds.", players=(3,), extra={"rounds": 4}),
        Scenario("sprint", "Sprint", "Two rounds.", players=(3,), extra={"rounds": 2}),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("swap", "bool", True, "North may swap its card with the top of the deck."),
        Option("sides", "choice", 6, "Sides of the die.", choices=(4, 6, 8)),
        Option("bonus", "int", 0, "Points every role starts with.", min=0, max=5),
    )

    def roles(self, scenario: str | None = None, options: Mapping[str, Any] | None = None) -> list[Role]:
        return list(ROLES)

    def setup(self, state: Any) -> None:
        scenario = self.scenario(state.meta["scenario"])
        options = state.meta["options"]
        deck = sorted(CARDS)
        state.rng.shuffle(deck)
        state.data.update(
            round=1,
            rounds=scenario.extra["rounds"],
            sides=options["sides"],
            swap=options["swap"],
            scores={role: options["bonus"] for role in ROLES},
            hands={},
            deck=deck,
            discard=[],
            picks={},
            revealed={},
            stake=0,
            shown=False,
            result=None,
        )
        for role in ROLES:
            card = deck.pop(0)
            state.data["hands"][role] = card
            state.log(f"you are dealt {card}", to=[role])
        call(state.flow, "play")
        state.advance()


TINY = TinyRuleset()


def action_space(scenario: str, options: Mapping[str, Any]) -> list[tuple[str, list[list[Any]]]]:
    """The fixed RL action index (grognard.rl.action_space): the three picks, the roll,
    north's stakes and its three other choices."""
    return [
        ("pick", [list(PICKS)]),
        ("roll", []),
        ("stake", [list(STAKES)]),
        ("swap", []),
        ("gamble", []),
        ("done", []),
    ]


# ----- helpers for tests -------------------------------------------------------------------
def pick_round(state: TinyState, north: int = 3, east: int = 1, south: int = 1) -> None:
    """Everyone picks (north first); the reveal follows."""
    for role, number in (("north", north), ("east", east), ("south", south)):
        state.apply(role, ("pick", number))


def to_north_turn(seed: int = 0, scenario: str = "standard", **options: Any) -> TinyState:
    """A new game played to north's turn of round 1 (north alone picked highest)."""
    state = TINY.new_game(scenario, options, seed)
    assert isinstance(state, TinyState)
    pick_round(state)
    state.apply("north", ("roll",))
    assert state.frame()["state"] == "north_turn"
    return state


class LeakySampler:
    """A sampler that cheats: it hands a search the real game (its cards, its dice)
    instead of a world drawn from the seat's view. Tests of the search agents use it to
    show that their "another seat's secret changes nothing" checks would catch a leak."""

    def __init__(self, state: TinyState) -> None:
        self.state = state

    def sample(self, rng: Rng) -> TinyState:
        twin = self.state.clone()
        twin.keep_undo = False
        return twin
