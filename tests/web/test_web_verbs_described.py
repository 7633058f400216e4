"""Viktory II's, Victory's and Virtuti's pages read each action's arguments by name, from
the verbs table the server declares (issue 21 item 3; core/verbs.py, web/verbs.js).

Seeded random games are played on the engine; for each verb met, a few of its legal
actions, with the view of the seat that may play them, go to the page's own board
module (`describe`, in the browser). Every verb met must have its own words (never the
generic label); the unit and the hex a description lights up must be the arguments its
declaration names (the unit moved, the hex it goes to); and where a label names two
arguments, it names them in their roles, so that a describe that took one argument for
another (two positions swapped) fails here.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from grognard.core.game import Ruleset
from grognard.games.victory import RULESET as VICTORY
from grognard.games.viktory2 import RULESET as VIKTORY2
from grognard.games.virtuti import RULESET as VIRTUTI

#: per game, verb -> the description's fields and the argument each must be
#: ({"unit": "block", "hex": "to"}: the unit lit is the block moved, the hex its target)
FIELDS: dict[str, dict[str, dict[str, str]]] = {
    "viktory2": {
        **{verb: {"hex": "hex"} for verb in ("capital", "build_town", "build_city", "battle", "swap_water")},
        "relocate": {"hex": "to"},
        **{
            verb: {"unit": "unit", "hex": "to"}
            for verb in ("move", "place", "retreat", "relocate_unit", "disembark")
        },
        "bombard": {"unit": "unit", "hex": "target"},
        "embark": {"unit": "unit"},
        "hit": {"unit": "unit"},
        "eliminate": {"unit": "unit"},
    },
    "victory": {
        **{
            verb: {"unit": "block", "hex": "to"}
            for verb in (
                "deploy",
                "move",
                "strategic",
                "sea_move",
                "attack",
                "paradrop",
                "invade",
                "retreat",
                "regroup",
            )
        },
        **{
            verb: {"unit": "block"}
            for verb in ("board", "blockade", "add_step", "divide", "disband", "merge", "ground", "convert")
        },
        "fight": {"hex": "hex"},
        "blockade_battle": {"hex": "hex"},
        "build": {"hex": "city"},
    },
    "virtuti": {
        "send": {"unit": "unit", "hex": "to"},
        "deploy": {"hex": "area"},
        "deploy_sub": {"hex": "sea"},
        "order": {"hex": "area"},
        "execute": {"hex": "area"},
        "remove": {"hex": "area"},
        "retreat": {"hex": "to"},
    },
}

#: per game, verb -> arguments whose words (`WORDS` in the page below) the label must
#: name in this order ("Land <unit> from <frigate> at <to>")
ORDER: dict[str, dict[str, tuple[str, ...]]] = {
    "viktory2": {
        "relocate": ("from", "to"),
        "embark": ("unit", "frigate"),
        "disembark": ("unit", "frigate", "to"),
        "bombard": ("target", "unit"),
        "move": ("unit", "to"),
        "place": ("unit", "to"),
    },
    "victory": {
        "merge": ("block", "into"),
        "deploy": ("block", "to"),
        "move": ("block", "to"),
        "attack": ("to", "block"),
        "build": ("type", "city"),
        "factory": ("pp", "city"),
        "swap_maps": ("board", "other"),
        "fire": ("block", "at"),
    },
    "virtuti": {
        "card": ("faction", "card"),
        "buy": ("faction", "type", "level"),
        "deploy": ("faction", "type", "level", "area"),
        "order": ("faction", "order", "area"),
        "pressure": ("faction", "country"),
        "strengthen": ("unit",),
        "send": ("unit", "to"),
        "declare_war": ("country",),
    },
}

#: what each game's page plays from: (ruleset, scenario, options, seed, steps,
#: verbs a random move prefers three times in ten, to get to more phases)
PHASE_ENDS = (
    "maps_done",
    "done",
    "default_factories",
    "end_moves",
    "end_battles",
    "end_regroup",
    "fight",
    "pass",
)
GAMES: dict[str, list[tuple[Ruleset, str, dict[str, Any], int, int, tuple[str, ...]]]] = {
    "viktory2": [
        (
            VIKTORY2,
            "standard",
            {"exploration_balancing": True, "luck_averaging": True, "relocation": True, "subjugation": True},
            2,
            800,
            (),
        )
    ],
    "victory": [
        (
            VICTORY,
            "custom-forces",
            {"map_choice": True, "factories": True, "resources": True},
            1,
            120,
            PHASE_ENDS,
        ),
        (
            VICTORY,
            "quick-start",
            {"regroups": True, "logistics": True, "stretch_units": True},
            3,
            400,
            (*PHASE_ENDS, "attack", "fire", "retreat", "regroup"),
        ),
        (VICTORY, "two-front", {"players": 3}, 1, 300, (*PHASE_ENDS, "attack", "fire", "retreat")),
    ],
    "virtuti": [(VIRTUTI, "full_campaign", {}, 2, 400, ())],
}
PER_VERB = 3  # actions of one verb sent to the page


def _samples(game: str) -> list[dict[str, Any]]:
    """[{view, actions}]: for each verb met, up to PER_VERB of its legal actions with the
    view of the seat that may play them (its log cut short: describe reads the board)."""
    count: dict[str, int] = {}
    out: list[dict[str, Any]] = []
    for ruleset, scenario, options, seed, steps, prefer in GAMES[game]:
        state = ruleset.new_game(scenario, options, seed)
        state.keep_undo = False
        rng = random.Random(seed)
        for _ in range(steps):
            if state.is_over():
                break
            roles = [r for r in state.active_roles() if state.legal_actions(r)]
            for role in roles:
                wanted = []
                for action in state.legal_actions(role):
                    if count.get(action[0], 0) < PER_VERB:
                        count[action[0]] = count.get(action[0], 0) + 1
                        wanted.append(list(action))
                if wanted:
                    view = state.view(role)
                    view["log"] = view["log"][-60:]
                    out.append({"view": view, "actions": wanted})
            role = rng.choice(roles)
            legal = state.legal_actions(role)
            ends = [a for a in legal if a[0] in prefer]
            state.apply(
                role, rng.choice(ends) if ends and rng.random() < 0.3 else legal[rng.randrange(len(legal))]
            )
    return out


# The page's words for an argument of each kind, from the modules the board module
# reads (a unit by the board module's own `unitLabel`).
DESCRIBE_JS = """async ([game, samples]) => {
    const mod = (await import(`/games/${game}.js`)).default;
    const { argsOf, loadVerbs } = await import('/verbs.js');
    let table = await loadVerbs(game);
    let words = (kind, value, view) => String(value);
    if (game === 'virtuti') {
        const data = await import('/games/virtutidata.js');
        const { titleCase } = await import('/ui.js');
        const loaded = await data.loadBoardData();
        table = loaded.verbs;
        words = (kind, value, view) => ({
            faction: () => data.factionName(value),
            area: () => data.areaName(value),
            sea: () => data.areaName(value),
            card: () => loaded.cards?.[value]?.name || titleCase(value),
            unit_type: () => data.unitShort(value, true),
            order: () => data.orderName(value),
            country: () => titleCase(value),
            unit: () => mod.unitLabel(value, view),
        }[kind] || (() => String(value)))();
    } else if (game === 'victory') {
        const vv = await import('/games/victory-view.js');
        const groups = { A: 'air units', N: 'naval units', G: 'ground units' };
        words = (kind, value, view) => ({
            block: () => vv.unitName(value, view),
            hex: () => vv.hexWords(value, view),
            land_hex: () => vv.hexWords(value, view),
            unit_type: () => view.board.unit_types?.[value]?.name || value,
            target_class: () => groups[value] || value,
        }[kind] || (() => String(value)))();
    } else {
        const units = new Set(['unit', 'land_unit', 'frigate', 'bombarder']);
        words = (kind, value, view) => (units.has(kind) ? mod.unitLabel(value, view) : String(value));
    }
    const out = [];
    for (const { view, actions } of samples) {
        for (const action of actions) {
            const spec = table[action[0]];
            const named = argsOf(table, action) || {};
            const said = {};
            for (const [name, kind] of spec ? spec.args : []) {
                if (name in named) said[name] = words(kind, named[name], view);
            }
            const d = mod.describe(action, view);
            const short = d && { label: d.label, unit: d.unit ?? null, hex: d.hex ?? null };
            out.push({ action, named, said, d: short });
        }
    }
    return out;
}"""


def _described(page: Page, game: str) -> list[dict[str, Any]]:
    page.goto("/")
    result: list[dict[str, Any]] = page.evaluate(DESCRIBE_JS, [game, _samples(game)])
    return result


def _check(game: str, described: Sequence[Mapping[str, Any]], declared: set[str]) -> set[str]:
    """Asserts FIELDS and ORDER on every description; returns the verbs met."""
    met: set[str] = set()
    for item in described:
        action, named, said, d = item["action"], item["named"], item["said"], item["d"]
        verb = action[0]
        met.add(verb)
        assert verb in declared, action
        assert d is not None and d["label"], f"{game}: no words for {action}"
        for field, arg in FIELDS[game].get(verb, {}).items():
            assert d[field] == named[arg], (
                f"{game} {action}: {field} is {d[field]!r}, not its {arg} {named[arg]!r}"
            )
        at = -1
        for arg in ORDER[game].get(verb, ()):
            if arg not in said or named[arg] in (0, "card", "fort"):
                continue  # a short form, a zero, a loss that is not a unit: named otherwise
            found = d["label"].find(said[arg], at + 1)
            assert found > at, (
                f"{game} {action}: {d['label']!r} names its {arg} ({said[arg]!r}) out of place"
            )
            at = found
    return met


@pytest.mark.parametrize("game", ["viktory2", "victory", "virtuti"])
def test_every_declared_verb_met_has_words_that_read_its_arguments_by_name(page: Page, game: str) -> None:
    declared = {v.name for v in RULESETS[game].verbs or ()}
    met = _check(game, _described(page, game), declared)
    assert met | set(NOT_MET[game]) == declared, sorted(declared - met - set(NOT_MET[game]))
    assert not met & set(NOT_MET[game]), sorted(met & set(NOT_MET[game]))


@pytest.mark.parametrize("game", ["viktory2", "victory", "virtuti"])
def test_every_declared_verb_has_a_case_in_describe(game: str) -> None:
    """The verbs the games above do not reach have their words too (a `case` of the
    module's describe; the engine's tests named in NOT_MET play them)."""
    source = (WEB / "games" / DESCRIBED_IN[game]).read_text(encoding="utf-8")
    body = source[source.index("function describe(") :]
    body = body[: body.index("\n}\n")]
    described = set(re.findall(r'case "([a-z_0-9]+)":', body))
    assert {v.name for v in RULESETS[game].verbs or ()} <= described


RULESETS: dict[str, Ruleset] = {"viktory2": VIKTORY2, "victory": VICTORY, "virtuti": VIRTUTI}
#: the module holding each game's describe
DESCRIBED_IN = {"viktory2": "viktory2.js", "victory": "victory.js", "virtuti": "virtutidescribe.js"}
WEB = Path(__file__).resolve().parents[2] / "src" / "grognard" / "web"
#: verbs the seeded games above do not reach, and the engine's tests that play them
NOT_MET: dict[str, dict[str, str]] = {
    "viktory2": {
        "relocate_unit": "15.62: only once a capital falls (test_alliance.py)",
        "done": "15.62: only once a capital falls (test_alliance.py)",
    },
    "victory": {
        "ally": "2.0 [3]: free-for-all games of three (test_alliances.py)",
        "transfer": "10.5: the Commanders scenario (test_commanders.py)",
        "vote_coup": "10.5: the Commanders scenario (test_commanders.py)",
        "blockade": "6.8: a fleet left alone in an enemy port (test_blockade.py)",
        "blockade_battle": "6.8 (test_blockade.py)",
        "end_battles": "6.8: only beside a blockade battle (test_blockade.py)",
        "take_hit": "6.46: hits the defender chooses among equals (test_victory_battle.py)",
        "ground": "5.52: too many air units at one airbase (test_grounded_air.py)",
        "rebuild": "9.5: a demolished bridge or canal (test_destruction.py)",
    },
    "virtuti": {
        "break_pact": "P9.3: the Axis, once Poland has surrendered (test_virtuti_turn.py)",
        "remove": "P7.2: a feint attack's target (test_virtuti_turn.py)",
        "deploy_sub": "P5.5: submarines bought first (test_virtuti_extras.py)",
    },
}
