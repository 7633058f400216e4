"""A running Hitler's Global War game's win chances from one view, for search agents.

The generic search agent (grognard.agents.mcts) cuts its rollouts short and asks the
ruleset's `evaluate(view)` to score the position reached (issue 11). Everything in
Hitler's Global War is open (the record sheets, the map), so any role's view and the
spectator's give the same figures; this module reads the view only, never the state.

A side's strength, in production points:
- the production it would count for victory (Victory Conditions 5: every point of its
  places, devastated or not, and its off-map boxes), from the view's owner map;
- a share of its strength points on the map (MATERIAL_SHARE of each army's points);
- the scenario's objectives:
  * Barbarossa (Victory Conditions 1-2): a share of the hexes whose joint control wins
    at once (the three Soviet cities for the Axis, Berlin for the Soviets), a side
    holding them all being all but sure to win; the side that wins by holding out
    (the first player's enemy) gains `_hold_out`: half of HOLD_OUT on the first turn,
    rising to one and a half on the last (the clock is on its side);
  * The Fall of Germany and Campaign Game I (Victory Conditions 1-2, Two Players):
    the Axis, while it holds Berlin, gains `_hold_out` the same way; in the
    three-player Fall of Germany the Soviets gain SOVIET_RACE for each point by which
    their production passes two thirds of the Allies' (Victory Conditions 3: the test
    that decides which of them wins when Berlin falls);
  * The Pacific War (pacific_war.py): the sides' production does not decide it, Japan's
    margin over its own start does (it wins at the end holding Tokyo and more than it
    began with). Japan's strength is PACIFIC_EDGE, plus PACIFIC_MARGIN for each point
    its production passes what it needs (half a point above its start), weighing
    half as much on the first turn and one and a half times on the last, plus
    PACIFIC_MATERIAL for each strength point it has on the map more than the Allies;
    the Allies' is WON while they hold Tokyo, else 0. The three constants are a
    logistic fit, rounded, of the outcome on those terms over twenty heuristic games
    (seeds 1-20, a position a game turn, Japan winning fourteen). Fitted on seeds
    1-10, the mean squared error of Japan's chance on seeds 11-20 was 0.086, against
    0.280 for the constant forecast; over all twenty, the fit scores 0.055 and the
    rounded constants 0.054 (the likelihood is flat between a margin worth 28 and
    40). scripts/fit_hgw_evaluation.py now takes a position at each change of phase
    or player: over the same games (2 098 positions) the constants score 0.063 and
    its refit 0.062; on seeds 11-20 the constants 0.083, a fit on seeds 1-10 0.093
    and the constant forecast 0.273. What this module did before scored
    0.198 over the same positions, about the constant forecast's 0.21: it counted
    the sides' production and material as in the other scenarios, and Tokyo as
    Berlin's hold-out, which told a search little.
The chances are a softmax of the strengths (EVAL_TEMPERATURE points make a side e
times likelier to win). Where one seat commands the Soviets and the Allies (the
`two_player` option), they win or lose together: the team's strength is the mean of
theirs (each fights the Axis on its own front, as in the three-player game), and the
team's chance is split evenly between the two roles, as a result that makes both
winners scores them (agents/rollout.py `win_shares`). The constants are a judgement,
not a fit: the openings come out Barbarossa 55 % Axis (kinder to the Axis than the
heuristic's own games, which the Soviets win every time) and The Fall of Germany
87 % Axis (the Axis won every heuristic game); over heuristic games the forecasts
move toward the result as the game goes on (benchmarks/eval_calibration.py).
"""

from __future__ import annotations

from typing import Any, cast

from grognard.agents.chances import softmax

from .layout import HgwBoard
from .pacific_war import TOKYO, start_production
from .scenario import load_scenario
from .victory import gross_production

View = dict[str, Any]

MATERIAL_SHARE = 0.5  # a strength point on the map counts half a production point
CAPITAL_WORTH = 30.0  # production points for holding every hex of a capitals victory
HOLD_OUT = 30.0  # production points of holding out, at mid-game (`_hold_out`)
SOVIET_RACE = 0.5  # per point of Soviet production past two thirds of the Allies'
EVAL_TEMPERATURE = 8.0
WON = 1000.0  # the strength bonus of a side holding every hex of its capitals victory
#: The Pacific War (`_pacific`), fitted on heuristic games (module text): Japan's edge,
#: its worth per production point over its start (at mid-game), and per strength point
#: it has more than the Allies on the map
PACIFIC_EDGE = 20.0
PACIFIC_MARGIN = 40.0
PACIFIC_MATERIAL = 2.0


def progress(board: dict[str, Any]) -> float:
    """The share of the game's turns gone by: 0 on the first, 1 on the last."""
    turns = len(board.get("turns") or ())
    return min(1.0, float(board.get("turn_index", 0)) / (turns - 1)) if turns > 1 else 1.0


def _hold_out(board: dict[str, Any]) -> float:
    return HOLD_OUT * (0.5 + progress(board))


def strengths(view: View) -> dict[str, float]:
    """Each side's strength in production points (see the module text), from `view`."""
    board = view["board"]
    content = load_scenario(str(view["scenario"]))
    owner: dict[str, str] = board["owner"]
    places, material = places_and_material(view)
    roles = list(material)
    if content.victory == "pacific":
        return _pacific(board, places, material)
    out = {side: float(gross_production(places, side)) + MATERIAL_SHARE * material[side] for side in roles}
    if content.victory == "capitals":  # Barbarossa Victory Conditions 1-2
        for side, capitals in content.capitals.items():
            if side in out and capitals:
                held = sum(owner.get(c) == side for c in capitals)
                out[side] += CAPITAL_WORTH * held / len(capitals) + (WON if held == len(capitals) else 0.0)
        holder = "soviet" if content.first_player == "axis" else "axis"
        if holder in out:
            out[holder] += _hold_out(board)
    else:  # Berlin decides (The Fall of Germany, Campaign Game I)
        if "axis" in out and owner.get(content.berlin) == "axis":
            out["axis"] += _hold_out(board)
        if content.victory == "berlin" and "soviet" in out and "allied" in out:
            soviet = gross_production(places, "soviet")
            allied = gross_production(places, "allied")
            out["soviet"] += SOVIET_RACE * (soviet - 2 * allied / 3)
    return out


def places_and_material(view: View) -> tuple[HgwBoard, dict[str, float]]:
    """The owners as a board gross_production reads (the scenario and the owners), and
    each role's strength points on the map."""
    board = view["board"]
    places = cast(HgwBoard, {"scenario": view["scenario"], "owner": board["owner"]})
    material = {str(r): 0.0 for r in view["roles"]}
    for army in board["armies"]:
        if army.get("at") is not None and army["side"] in material:
            material[army["side"]] += float(army["strength"])
    return places, material


def pacific_features(view: View) -> tuple[float, float]:
    """`pacific_terms` of a Pacific War view (the fit's input)."""
    places, material = places_and_material(view)
    return pacific_terms(view["board"], places, material)


def pacific_terms(board: dict[str, Any], places: HgwBoard, material: dict[str, float]) -> tuple[float, float]:
    """The Pacific War's two terms (module text): Japan's production margin over what
    it needs, weighted by the clock, and its strength on the map less the Allies'
    (scripts/fit_hgw_evaluation.py fits their worth from these)."""
    margin = gross_production(places, "axis") - start_production(str(places["scenario"]), "axis") - 0.5
    return margin * (0.5 + progress(board)), material.get("axis", 0.0) - material.get("allied", 0.0)


def _pacific(board: dict[str, Any], places: HgwBoard, material: dict[str, float]) -> dict[str, float]:
    """The Pacific War's strengths (pacific_war.py): Japan wins at the end by holding
    Tokyo with more production than at the start, the Allies at once by taking Tokyo.
    So Japan's margin over its start, not the sides' production, decides; it weighs
    more as the clock runs out (see the module text for the fit)."""
    margin, ahead = pacific_terms(board, places, material)
    axis = PACIFIC_EDGE + PACIFIC_MARGIN * margin + PACIFIC_MATERIAL * ahead
    allied = WON if places["owner"].get(TOKYO) == "allied" else 0.0
    return {"axis": axis, "allied": allied}


def _softmax(power: dict[str, float]) -> dict[str, float]:
    return softmax(power, EVAL_TEMPERATURE)


def evaluate(view: View) -> dict[str, float]:
    """A running game's win chance per role from `view` only (issue 11: the search
    agent's cut-off rollouts)."""
    power = strengths(view)
    if not power:
        return {}
    team = [r for r in power if r != "axis"]
    if (view.get("options") or {}).get("two_player") and "axis" in power and len(team) > 1:
        pair = _softmax({"axis": power["axis"], "team": sum(power[r] for r in team) / len(team)})
        return {"axis": pair["axis"], **{r: pair["team"] / len(team) for r in team}}
    return _softmax(power)
