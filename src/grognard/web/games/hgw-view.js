// Hitler's Global War: what the view says, in words. The ruleset's declarations (kinds
// of strength points, step titles, verbs' arguments) are fetched once from its board
// data; the helpers here read the view's armies (games/hgw/state.py `_view`) and say
// places, kinds and armies as a player reads them.

import { currentMap } from "./hgw-world.js";
import { hexWords } from "./hgw-labels.js";
import { argsOf as declaredArgs } from "../verbs.js";

/** The ruleset's own declarations, served with its board data (GET
 * /api/rulesets/hgw/board-data; games/hgw/__init__.py `board_data`): the kinds of
 * strength points, each step's title (games/hgw/steps.py) and each verb's arguments by
 * name (games/hgw/actions.py). Fetched once, while this module loads. */
async function loadRules() {
  try {
    const response = await fetch("/api/rulesets/hgw/board-data", { credentials: "same-origin" });
    if (!response.ok) throw new Error(`status ${response.status}`);
    return await response.json();
  } catch (err) {
    console.error("the Hitler's Global War declarations did not load", err);
    return { kinds: [], steps: {}, verbs: {}, fleet_nations: {} };
  }
}
export const RULES = await loadRules();
export const KINDS = RULES.kinds;
export const KIND_SHORT = { infantry: "inf", mechanized: "mech", tac_air: "air", paratroop: "para", amphibious: "amph" };
export const BOX = "siberia";

export const ROLE_COLORS = { axis: "#46505a", soviet: "#b3261e", allied: "#2b5bb5" };

export const PHASES = { movement: "movement", combat: "combat", production: "production" };
export const STEPS = RULES.steps;

export function roleColor(role) {
  return ROLE_COLORS[role] || "#777";
}

// Naval Action (N1.3): each fleet in its nation's colour (data/fleet_counters.json, served
// with the board data); a fleet with no nation (the basic naval rules) in its side's.
export const FLEET_NATIONS = RULES.fleet_nations || {};

export function fleetColor(fleet) {
  return FLEET_NATIONS[fleet?.nation]?.colour || roleColor(fleet?.side);
}

// ----- what the view says --------------------------------------------------------------
/** Optional rule Leaders: the marker on an army (`"armies"`) or fleet (`"fleets"`) as the
 * view gives it (games/hgw/leaders.py `view`): a revealed leader's name, "face down" for
 * a marker nobody has seen, or null. */
export function leaderOf(view, id, units = "armies") {
  return view?.board?.leaders?.[units]?.[id] ?? null;
}

/** The words for that marker: "leader: Rommel", "leader (face down)", or "". */
export function leaderWords(view, id, units = "armies") {
  const name = leaderOf(view, id, units);
  if (!name) return "";
  return name === "face down" ? "leader (face down)" : `leader: ${name}`;
}

export function armiesOf(view) {
  return Array.isArray(view?.board?.armies) ? view.board.armies : [];
}

export function armyById(view, id) {
  return armiesOf(view).find((a) => a.id === id) || null;
}

/** A place in words: its hex number and the map's name for it ("1237 Berlin"). */
export function placeWords(place) {
  return place === BOX ? "Siberia" : hexWords(currentMap(), place);
}

// A year in a log line follows a season or a month ("Winter 1941", "December 1941") or
// "War" ("the World War 1939-1945"), or closes a span ("1941-1945"): never a place.
const BEFORE_A_YEAR = /(?:Spring|Summer|Fall|Autumn|Winter|January|February|March|April|May|June|July|August|September|October|November|December|War) $/;

/** The hexes a log line names. The engine writes a place as its hex number after
 * whatever word its sentence needs ("bound for 2879", "captures 1541", "the garrison of
 * 1541", "1937 loses 2 coastal air points"), so every four- or five-digit number of the
 * map is one, except a year. */
export function placesInLine(line) {
  const map = currentMap();
  const found = [];
  for (const match of line.matchAll(/(?<![\d-])\b\d{4,5}\b/g)) {
    if (BEFORE_A_YEAR.test(line.slice(Math.max(0, match.index - 10), match.index))) continue;
    if (map && !map.hexes.has(match[0])) continue;
    found.push(match[0]);
  }
  return found;
}

export function kindWords(kind, count) {
  if (kind === "army") return "the whole army";
  const name = { tac_air: "tactical air", mechanized: "mechanized", infantry: "infantry", paratroop: "paratroop", amphibious: "amphibious" }[kind] || kind;
  return count === undefined ? name : `${count} ${name}`;
}

// a fleet's ships by type (fleets.py SHIP_TYPES) and a strike's strategic points
// (odds_strike.py), as the battle question names them
const POINT_WORDS = { capital: "capital ship", carrier: "carrier", asw: "A.S.W.", uboat: "U-boat", bombers: "bomber", escorts: "escort", air_defence: "air defence", missiles: "missile" };

/** A side's entry in a battle's odds ({kind: points}), in words: "2 tactical air points",
 * "1 U-boat point" (odds.js battleSummary's `sideName`). */
export function pointWords(kind, n) {
  const what = POINT_WORDS[kind] || kindWords(kind);
  return `${n} ${what} point${Number(n) === 1 ? "" : "s"}`;
}

export function composition(army) {
  return KINDS.filter((k) => army.sp?.[k]).map((k) => `${army.sp[k]} ${KIND_SHORT[k]}`).join(" + ") || "empty";
}

export function unitName(uid, view) {
  const army = armyById(view, uid);
  return army ? army.name : uid;
}

/** "French", "Free French" or "" for an army of the view. */
export function nationWords(army) {
  return army?.nation === "free_french" ? "Free French" : army?.nation === "french" ? "French" : "";
}

/** An action's arguments by name, as its verb declares them (games/hgw/actions.py
 * `args`; web/verbs.js): the last argument of a `many` verb is the list of the rest. */
export const argsOf = (action) => declaredArgs(RULES.verbs, action) || {};

/** An item of the Units Capability Table in words ("tac_air": "tac air"). */
/** A ship point's type in words (scenario.SHIP_TYPES). */
export function shipWords(kind) {
  return { uboat: "U-boat", asw: "ASW", carrier: "carrier", capital: "capital ship" }[kind] || "ship";
}

export function itemWords(item) {
  return String(item).replaceAll("_", " ");
}
