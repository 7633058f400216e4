// From a view's legal actions to what the player can click.
//
// The ruleset module's `describe(action, view)` says what an action is about:
//   {unit, hex, label, kind}  a unit goes/acts somewhere: click the unit, then the hex
//   {hex, label, kind}        something happens at a hex: click the hex
//   {unit, label}             something happens to a unit: click it, then a button
//   {label}                   a button ({label, startsBattleAt: hex}: one that starts a battle)
//   {hex, label, button: true} both: the hex lights up and a button does the same
//   {unit, label, button: true} both: on the unit's card, and a button under the prompt
// `startsBattleAt: hex` on any of them: the action starts a battle there (asked first,
// with its odds); `oddsAction`: those odds are of the battle once this action is played;
// `question`, `go`: that question and its "yes" button in the ruleset's words (a move
// that meets the enemy on its way is not a battle the player starts). `describe` returns
// null when it does not know the action: it becomes a button with a generic
// label, so a ruleset without a board module (or a new verb) is still playable.

import { titleCase } from "./ui.js";
import { hexesIn } from "./board.js";

/** "build_town", "2,0" -> "Build town 2,0" */
export function genericLabel(action) {
  const [verb, ...args] = action;
  const words = titleCase(verb);
  return args.length ? `${words} ${args.map((a) => (Array.isArray(a) ? a.join(" ") : a)).join(" ")}` : words;
}

export class ActionModel {
  constructor(legal, view, mod) {
    this.entries = [];
    this.byUnit = new Map(); // uid -> entries with a hex target
    this.unitOnly = new Map(); // uid -> entries without a target
    this.hexOnly = new Map(); // hex -> entries
    this.buttons = []; // entries shown as buttons
    for (const action of legal || []) {
      let described = null;
      try {
        described = mod.describe ? mod.describe(action, view) : null;
      } catch (err) {
        console.warn("describe failed for", action, err);
      }
      const entry = {
        action,
        verb: action[0],
        label: described?.label || genericLabel(action),
        unit: described?.unit ?? null,
        hex: described?.hex ?? null,
        kind: described?.kind || action[0],
        primary: Boolean(described?.primary),
        startsBattleAt: described?.startsBattleAt ?? null, // a button that starts a battle there
        oddsAction: described?.oddsAction ?? null, // the battle's odds are of the board after this action
        question: described?.question ?? null, // the battle's question in the ruleset's words (a crossing, say)
        go: described?.go ?? null, // and the word of its "yes" button
        button: Boolean(described?.button), // a button under the prompt too, not only on the board
        hexes: described?.hexes || hexesIn(action.slice(1)),
      };
      this.entries.push(entry);
      if (!described) this.buttons.push(entry);
      else if (entry.unit && entry.hex) push(this.byUnit, entry.unit, entry);
      else if (entry.hex) {
        push(this.hexOnly, entry.hex, entry);
        if (described.button) this.buttons.push(entry); // a few choices: a button too
      }
      else if (entry.unit) {
        push(this.unitOnly, entry.unit, entry);
        this.buttons.push(entry);
      } else this.buttons.push(entry);
    }
  }

  get empty() {
    return this.entries.length === 0;
  }

  /** Units the player can pick. */
  selectable() {
    return new Set([...this.byUnit.keys(), ...this.unitOnly.keys()]);
  }

  /** hex -> kind, for the hexes a selected unit can go to. */
  targetsOf(uid) {
    const out = new Map();
    for (const entry of this.byUnit.get(uid) || []) if (!out.has(entry.hex)) out.set(entry.hex, entry.kind);
    return out;
  }

  /** hex -> kind, for the hexes that are actions by themselves. */
  hexTargets() {
    const out = new Map();
    for (const [hex, entries] of this.hexOnly) out.set(hex, entries[0].kind);
    return out;
  }

  at(uid, hex) {
    return (this.byUnit.get(uid) || []).filter((e) => e.hex === hex);
  }
}

function push(map, key, value) {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
}

/** A role named by a plural noun ("allies" win; "axis" and "red" win*s*). */
function pluralName(role) {
  return /[^siu]s$/i.test(String(role));
}

/** The result line: who won, from a result {role: score}. */
export function resultText(result, roleName = titleCase) {
  if (!result) return "";
  const scores = Object.entries(result);
  const best = Math.max(...scores.map(([, v]) => v));
  const winners = scores.filter(([, v]) => v === best).map(([r]) => r);
  if (best <= 0) return "Nobody wins";
  if (winners.length === scores.length) return "A draw";
  if (winners.length === 1) return `${roleName(winners[0])} ${pluralName(winners[0]) ? "win" : "wins"}`;
  return `${winners.map(roleName).join(" and ")} share the win`;
}
