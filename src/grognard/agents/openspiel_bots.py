"""OpenSpiel's own search bots as grognard agents, through an OpenSpiel game adapter.

A peer no one here wrote: `openspiel-mcts:N` is OpenSpiel's `MCTSBot` and
`openspiel-ismcts:N` its `ISMCTSBot`, N simulations per decision, each with
OpenSpiel's `RandomRolloutEvaluator` (one random rollout to the end of the game).
`openspiel-mcts:1s` (or `250ms`) gives `MCTSBot` a time per decision instead, so that
it can be matched against grognard's search agent at the same time budget
(`TimedMCTSBot`: it stops after the simulation during which the time ran out), or
`openspiel-mcts:0.25cpu` the same in seconds of this process's CPU, which other
processes on a busy machine do not eat (`mcts:0.25cpu` for ours), and
`openspiel-ismcts:1s` does the same for `ISMCTSBot` (`TimedISMCTSBot`). A third part,
`openspiel-mcts:1s:eval`, swaps OpenSpiel's evaluator for one that plays at most 20
random actions and then asks the ruleset's own `evaluate(view)`, as grognard's search
agent does where the ruleset has one (`ShortRolloutEvaluator`): the same knowledge on
both sides, so that a match compares the searches rather than the evaluations.
Install the `openspiel` extra (`open_spiel` on PyPI).

The adapter presents any grognard game as an OpenSpiel Python game:

- players are the roles in seating order; the current player is the first role
  the game waits for (secret simultaneous choices are taken one after the other);
- action ids are the RL action index (grognard.rl): where the ruleset declares its
  action space, the fixed index (id k means one action in every position,
  `num_distinct_actions` is the space's size; grognard/rl/action_space.py), else
  the legal index (id k is the k-th action of the sorted legal list,
  `num_distinct_actions` is the cap MAX_ACTIONS); `index=` chooses, as in the
  environments;
- chance is *explicit* (`EXPLICIT_STOCHASTIC`) for every draw of at most
  `MAX_CHANCE_OUTCOMES` values (a die, a card from a small deck): an action is
  applied to a copy whose RNG raises at its first unforced draw (`ChanceNeeded`),
  the state becomes a chance node with that draw's equally likely outcomes, and
  each outcome replays the action with the draws so far forced, until it completes
  (one die at a time, so a battle of many dice is a chain of chance nodes). Wider
  draws (a shuffle of a long deck, a new seed) are still *sampled*, from the bot's
  own generator; and every `clone()` re-seeds the state's RNG from the bot's own
  counter, so a bot's search never learns the real game's future dice. An id not
  legal in a clone (whose dice went otherwise) plays the legal action at its
  position mod the legal count;
- hidden information: the game is `IMPERFECT_INFORMATION` when the ruleset redraws
  hidden data (`_redraw_hidden`); the information state is the role's JSON view,
  and `resample_from_infostate` is `sample_consistent`;
- returns are win shares (constant sum 1), at the end only.

Like grognard's own search agent, the bot is handed a determinization from the game
loop's sampler, never the game (agents/mcts.py), so both search from the same
knowledge.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from grognard.core.game import Action, Role, State
from grognard.core.rng import ChanceNeeded, Rng
from grognard.rl.action_space import ActionSpace, LegalSlots
from grognard.rl.encoding import ActionIndexError

from .base import View, no_choice
from .mcts import SHORT_ROLLOUT, Budget, Evaluate, Sampler
from .rollout import win_shares

#: The action id space (the RL index's default cap).
MAX_ACTIONS = 512
#: The widest draw offered as a chance node (wider ones are sampled).
MAX_CHANCE_OUTCOMES = 64
#: The simulation cap of a time-budgeted MCTSBot (the time ends its search first).
MAX_SIMULATIONS = 1_000_000
#: Actions after which a game counts as too long for OpenSpiel's bookkeeping.
MAX_GAME_LENGTH = 200_000
KINDS = ("mcts", "ismcts")
#: Evaluators: OpenSpiel's random rollout to the end, or short rollouts and the
#: ruleset's `evaluate` (`ShortRolloutEvaluator`).
EVALUATORS = ("random", "eval")


def has_hidden_information(state: State) -> bool:
    return type(state).hides_information()


class GrognardGame(pyspiel.Game):
    """A grognard ruleset with fixed scenario and options, as an OpenSpiel game."""

    def __init__(self, sample: State, seed: int, index: str | None = None) -> None:
        roles = sample.roles
        if index not in (None, "fixed", "legal"):
            raise ValueError(f"index is fixed or legal, not {index!r}")
        space = None
        if index != "legal":
            space = ActionSpace.for_ruleset(sample.ruleset, sample.meta["scenario"], sample.meta["options"])
        if index == "fixed" and space is None:
            raise ValueError(f"{sample.ruleset.id} declares no action space: use index='legal'")
        #: the fixed index, or None: the legal index
        self.space = space
        hidden = has_hidden_information(sample)
        info = pyspiel.GameType.Information
        game_type = pyspiel.GameType(
            short_name=f"python_grognard_{sample.ruleset.id}",
            long_name=f"grognard {sample.ruleset.name}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
            information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=len(roles),
            min_num_players=len(roles),
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=False,
            parameter_specification={},
        )
        game_info = pyspiel.GameInfo(
            num_distinct_actions=space.size if space is not None else MAX_ACTIONS,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=len(roles),
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, game_info, {})
        self.roles = roles
        self.dice = Rng(Rng.new_state(seed))  # re-seeds clones: never the real dice
        self._template = sample

    def new_initial_state(self) -> GrognardSpielState:
        return GrognardSpielState(self, self._template.clone())

    def wrap(self, state: State) -> GrognardSpielState:
        return GrognardSpielState(self, state)


class Pending:
    """An action under way at a chance node: who took it, what it is, the draws
    already decided, and the range of the next one."""

    __slots__ = ("action", "drawn", "hi", "lo", "role")

    def __init__(self, role: Role, action: Action, drawn: list[int], lo: int, hi: int) -> None:
        self.role, self.action, self.drawn, self.lo, self.hi = role, action, drawn, lo, hi

    def outcomes(self) -> int:
        return self.hi - self.lo + 1


class GrognardSpielState(pyspiel.State):
    """One grognard game as an OpenSpiel state (see the module docstring). While an
    action waits for a draw, `inner` is the game before that action and `pending`
    says what is under way."""

    def __init__(self, game: GrognardGame, inner: State, pending: Pending | None = None) -> None:
        super().__init__(game)
        self._game = game
        self.inner = inner
        self.inner.keep_undo = False
        self.pending = pending
        self._slots: LegalSlots | None = None  # of `inner` as it is (reset when it changes)

    def _role(self) -> Role:
        return self.inner.active_roles()[0]

    def roles(self) -> list[Role]:
        return list(self._game.roles)

    def current_player(self) -> int:
        if self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.inner.is_over():
            return int(pyspiel.PlayerId.TERMINAL)
        return self._game.roles.index(self._role())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.pending is None:
            return []
        n = self.pending.outcomes()
        return [(k, 1.0 / n) for k in range(n)]

    def _legal_actions(self, player: int) -> list[int]:
        if self.pending is not None:
            return list(range(self.pending.outcomes()))
        role = self._game.roles[player]
        if self._game.space is None:
            return list(range(min(MAX_ACTIONS, len(self.inner.legal_actions(role)))))
        if role != self._role():
            return []
        return sorted(self._legal().ids)

    def _legal(self) -> LegalSlots:
        """The acting role's legal list with its fixed slots (the fixed index only)."""
        if self._slots is None:
            space = self._game.space
            assert space is not None
            role = self._role()
            self._slots = space.legal_slots(self.inner, role, self.inner.legal_actions(role))
        return self._slots

    def action(self, action_id: int) -> Action:
        if self._game.space is None:
            legal = self.inner.legal_actions(self._role())
            return legal[int(action_id) % len(legal)]
        slots = self._legal()
        try:
            return slots.action(int(action_id))
        except ActionIndexError:
            return slots.legal[int(action_id) % len(slots.legal)]

    def _apply_action(self, action_id: int) -> None:
        if self.pending is not None:
            p = self.pending
            self._run(p.role, p.action, [*p.drawn, p.lo + int(action_id) % p.outcomes()])
        else:
            self._run(self._role(), self.action(action_id), [])

    def _run(self, role: Role, action: Action, drawn: list[int]) -> None:
        """Apply `action` with the draws in `drawn` forced, on a copy whose next draw
        stops it: the action is done, or the state waits at a chance node."""
        while True:
            trial = self.inner.clone()
            trial.keep_undo = False
            trial.rng.force(drawn)
            trial.rng.set_explicit(True)
            try:
                trial.apply(role, action)
            except ChanceNeeded as need:
                if need.hi - need.lo + 1 > MAX_CHANCE_OUTCOMES:
                    drawn = [*drawn, self._game.dice.randint(need.lo, need.hi)]  # sampled
                    continue
                self.pending = Pending(role, action, drawn, need.lo, need.hi)
                return
            trial.rng.set_explicit(False)
            self.inner, self.pending, self._slots = trial, None, None
            return

    def _action_to_string(self, player: int, action_id: int) -> str:
        if self.pending is not None:
            return f"draw {self.pending.lo + int(action_id) % self.pending.outcomes()}"
        return " ".join(str(part) for part in self.action(action_id))

    def is_terminal(self) -> bool:
        return self.pending is None and self.inner.is_over()

    def returns(self) -> list[float]:
        result = self.inner.result() if self.pending is None else None
        if result is None:
            return [0.0] * len(self._game.roles)
        shares = win_shares(result, self._game.roles)
        return [shares[r] for r in self._game.roles]

    def information_state_string(self, player: int | None = None) -> str:
        if player is None:
            role = self.pending.role if self.pending is not None else self._role()
        else:
            role = self._game.roles[player]
        view = self.inner.view(role)
        return json.dumps([view["board"], view["log"], view["active"]], sort_keys=True)

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> GrognardSpielState:
        seed = int(probability_sampler() * 2**31)
        twin = self.inner.sample_consistent(self._game.roles[player], Rng(Rng.new_state(seed)))
        return GrognardSpielState(self._game, twin, self.pending)

    def clone(self) -> GrognardSpielState:
        twin = self.inner.clone()
        twin.data["rng"] = Rng.new_state(self._game.dice.randint(0, 2**31 - 1))
        return GrognardSpielState(self._game, twin, self.pending)

    def __str__(self) -> str:
        return str(self.inner.view(None)["prompt"])


class _Timed:
    """What both timed bots keep: the time per decision, when the search started and
    the simulations it has begun (set up before OpenSpiel's own bot class)."""

    def __init__(self, *args: Any, seconds: float, cpu: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seconds = seconds
        #: seconds of this process's CPU (time.process_time) rather than wall time
        self.cpu = cpu
        self.started = 0.0
        self.simulations_done = 0

    def _now(self) -> float:
        return time.process_time() if self.cpu else time.perf_counter()

    def _start(self) -> None:
        self.started = self._now()
        self.simulations_done = 0

    def _elapsed(self) -> float:
        return self._now() - self.started


class TimedMCTSBot(_Timed, mcts.MCTSBot):
    """OpenSpiel's MCTSBot with a time per decision instead of a simulation count.

    Its search loop ends early when the root is marked solved (`root.outcome`); with
    solving off nothing else sets that mark, so setting it ends the search after the
    simulation under way, without changing how the bot selects, evaluates or
    chooses. The mark is set when another simulation, at the mean cost of those done,
    would end past the time: one simulation is a random game to its end, dear on a
    long game, so stopping only once the time is up would overrun it by one.
    The root is always expanded (two simulations at least, so a rollout longer than
    half the budget overruns it)."""

    def mcts_search(self, state: Any) -> Any:
        self._start()
        root = super().mcts_search(state)
        root.outcome = None  # the mark was a stop signal, not a proven value
        return root

    def _apply_tree_policy(self, root: Any, state: Any) -> Any:
        path_and_state = super()._apply_tree_policy(root, state)
        done = self.simulations_done  # finished before this one
        self.simulations_done += 1
        elapsed = self._elapsed()
        # this simulation's rollout and one more, at the mean cost so far
        if root.children and done and elapsed + 2 * elapsed / done >= self.seconds:
            root.outcome = [0.0] * self._game.num_players()  # read only by the loop's stop test
        return path_and_state


class _TimeUp(Exception):
    """Ends a TimedISMCTSBot's search loop between two simulations."""


class TimedISMCTSBot(_Timed, ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTSBot with a time per decision instead of a simulation count.

    Its search loop is a plain count with no early stop, so this bot ends it from the
    one hook every simulation passes first, the draw of a root state
    (`sample_root_state`): when another simulation, at the mean cost of those done,
    would end past the time, it raises, and the final move is then chosen from the
    root by OpenSpiel's own methods, as at the end of its loop (illegal actions
    filtered, then the final policy: the most visited action). Two simulations at
    least: the first only evaluates the root, the second gives it a visit."""

    def run_search(self, state: Any) -> Any:
        self._start()
        try:
            return super().run_search(state)
        except _TimeUp:
            root = self.filter_illegals(self._root_node, state.legal_actions())
            return self.get_final_policy(state, root)

    def sample_root_state(self, state: Any) -> Any:
        done = self.simulations_done
        elapsed = self._elapsed()
        if done >= 2 and elapsed + elapsed / done >= self.seconds:
            raise _TimeUp
        self.simulations_done += 1
        return super().sample_root_state(state)


class ShortRolloutEvaluator(mcts.Evaluator):
    """At most SHORT_ROLLOUT random actions from the state, then the ruleset's
    `evaluate` of the searching role's view of that (already determinized) game
    (`observer`; None: the spectator's): what grognard's search agent does with random
    rollouts where the ruleset has an evaluation. Priors are uniform, as in
    OpenSpiel's random rollout evaluator."""

    def __init__(
        self, evaluate: Evaluate, random_state: np.random.RandomState, observer: Role | None = None
    ) -> None:
        self.evaluate_view = evaluate
        self.random = random_state
        self.observer = observer

    def evaluate(self, state: GrognardSpielState) -> np.ndarray:
        sampled = state.clone()  # a clone's dice are its own
        while sampled.pending is not None:  # an action under way: its draws at random
            sampled.apply_action(int(self.random.randint(sampled.pending.outcomes())))
        game = sampled.inner
        roles = state.roles()
        for _ in range(SHORT_ROLLOUT):
            if game.is_over():
                break
            role = game.active_roles()[0]
            legal = game.legal_actions(role)
            game.apply(role, legal[int(self.random.randint(len(legal)))])
        result = game.result()
        shares: Mapping[Role, float]
        if result is not None:
            shares = win_shares(result, roles)
        else:
            shares = self.evaluate_view(game.view(self.observer))
        return np.array([float(shares.get(r, 0.0)) for r in roles])

    def prior(self, state: GrognardSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


class OpenSpielBot:
    """A grognard agent that asks OpenSpiel's MCTSBot or ISMCTSBot."""

    wants_view = True
    wants_sampler = True

    def __init__(
        self,
        kind: str,
        simulations: int,
        seed: int,
        uct_c: float = 2.0,
        seconds: float | None = None,
        evaluate: Evaluate | None = None,
        cpu: bool = False,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"OpenSpiel bots: {', '.join(KINDS)}, not {kind!r}")
        budget = f"{simulations}" if seconds is None else f"{seconds:g}cpu" if cpu else f"{seconds:g}s"
        self.name = f"openspiel-{kind}:{budget}" + (":eval" if evaluate is not None else "")
        #: the ruleset's evaluation, for ShortRolloutEvaluator (None: random rollouts to the end)
        self.evaluate = evaluate
        self.kind = kind
        self.simulations = simulations
        self.seconds = seconds
        self.cpu = cpu  # the seconds are CPU seconds (time.process_time)
        #: simulations of the last decision (a time budget's count varies)
        self.last_simulations = 0
        self.uct_c = uct_c
        self.seed = seed
        self.random = np.random.RandomState(seed % 2**32)
        self.rng = Rng(Rng.new_state(seed))

    def act(self, view: View, legal: list[Action]) -> Action:
        """Without a sampler there is no game to search: the first legal action."""
        if not legal:
            raise no_choice()
        return legal[0]

    def act_searching(self, view: View, legal: list[Action], sampler: Sampler) -> Action:
        if not legal:
            raise no_choice()
        if len(legal) == 1:
            return legal[0]
        sample = sampler.sample(self.rng)
        game = GrognardGame(sample, self.rng.randint(0, 2**31 - 1))
        state = game.wrap(sample)
        evaluator: Any = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=self.random)
        if self.evaluate is not None:
            evaluator = ShortRolloutEvaluator(self.evaluate, self.random, view.get("role"))
        bot: Any
        if self.kind == "ismcts" and self.seconds is not None:
            bot = TimedISMCTSBot(game, evaluator, self.uct_c, MAX_SIMULATIONS, random_state=self.random,
                                 allow_inconsistent_action_sets=True, seconds=self.seconds, cpu=self.cpu)
        elif self.kind == "mcts" and self.seconds is not None:
            bot = TimedMCTSBot(game, self.uct_c, MAX_SIMULATIONS, evaluator, solve=False,
                               random_state=self.random, seconds=self.seconds, cpu=self.cpu)
        elif self.kind == "mcts":
            bot = mcts.MCTSBot(game, self.uct_c, self.simulations, evaluator, solve=False,
                               random_state=self.random)
        else:
            bot = ismcts.ISMCTSBot(game, evaluator, self.uct_c, self.simulations, random_state=self.random,
                                   allow_inconsistent_action_sets=True)
        action_id = int(bot.step(state))
        if isinstance(bot, (TimedMCTSBot, TimedISMCTSBot)):
            self.last_simulations = bot.simulations_done
        chosen = state.action(action_id)  # the root's legal list (the sample's) is the role's own
        return chosen if chosen in legal else legal[action_id % len(legal)]


def make_openspiel_bot(name: str, seed: int, evaluate: Evaluate | None = None) -> OpenSpielBot:
    """`openspiel-mcts:200` or `openspiel-ismcts:200` (simulations per decision), or
    `openspiel-mcts:1s` / `openspiel-ismcts:250ms` (time per decision); a third part
    `:eval` (`openspiel-mcts:1s:eval`) evaluates with `evaluate`, the ruleset's
    evaluation (ShortRolloutEvaluator), `:random` (the default) with random rollouts
    to the game's end."""
    head, _, rest = name.partition(":")
    kind = head.removeprefix("openspiel-")
    spec, _, how = rest.partition(":")
    spec = spec or "100"
    if how not in ("", *EVALUATORS):
        raise ValueError(f"{name!r}: the evaluator is {' or '.join(EVALUATORS)}, not {how!r}")
    if how == "eval" and evaluate is None:
        raise ValueError(f"{name!r}: this ruleset has no evaluate(view) in its ai module; use :random")
    chosen = evaluate if how == "eval" else None
    if spec.lower().endswith(("s", "cpu")):
        try:
            budget = Budget.parse(spec)
        except ValueError as exc:
            raise ValueError(f"{name!r}: {exc}") from None
        seconds, cpu = budget.seconds, budget.cpu
        return OpenSpielBot(kind, MAX_SIMULATIONS, seed, seconds=seconds, evaluate=chosen, cpu=cpu)
    try:
        simulations = int(spec)
    except ValueError:
        raise ValueError(
            f"{name!r}: simulations are a whole number (openspiel-mcts:200), a time (openspiel-mcts:1s)"
            " or CPU seconds (openspiel-mcts:0.25cpu)"
        ) from None
    if simulations < 1:
        raise ValueError(f"{name!r}: at least one simulation")
    return OpenSpielBot(kind, simulations, seed, evaluate=chosen)
