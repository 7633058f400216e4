// Viktory II on screen: the hex board drawn in SVG from view.board, and the legal
// actions mapped onto it (see actions.js for the shapes `describe` returns).
//
// view.board: board.radius (interior; the water perimeter ring is radius + 1),
// tiles {"q,r": terrain | null}, towns {hex: {owner, city}}, capitals {role: hex},
// units {uid: {owner, type, hex, aboard}}, turn {player, number, phase}, scores,
// frame (the question being asked).
//
// Its parts: viktory2-look.js (sizes, colours, the shapes of towns and counters),
// viktory2-board.js (the board drawn, and the view's battle hex), viktory2-panels.js
// (the panels beside the board). This module says what the legal actions are about
// (`describe`), why a click does nothing, which battles and reserves are left, and
// gathers the hooks the page reads (the default export).

import { titleCase } from "../ui.js";
import { parseHex } from "../board.js";
import { argsOf, loadVerbs } from "../verbs.js";
import { Viktory2Board, battleHex, isBombardment, unitOf } from "./viktory2-board.js";
import { roleColor } from "./viktory2-look.js";
import { chartSeries, countsText, endReason, extraPanel, legend, reasonWords, status, summary, trayGroups, turnText, unitBadge } from "./viktory2-panels.js";

/** A unit as a player names it, "red infantry at 2,0" (where it stands on the map),
 * never its id: every infantry of a player is as good as another (issue 26, 15). */
export function unitName(uid, view) {
  const unit = view && unitOf(view, uid);
  if (!unit) return uid;
  return unit.hex ? `${unit.owner} ${unit.type} at ${unit.hex}` : `${unit.owner} ${unit.type}`;
}

function hexWords(hex, view) {
  const terrain = view.board.tiles[hex];
  return terrain ? `${hex} (${terrain})` : hex;
}

/** The other player who holds `hex` against the mover `uid` (12.1: a hostile town,
 * else hostile units of the hex's kind, land units on land and frigates at sea), or
 * null: moving in there starts a battle. */
function holderAt(view, hex, uid) {
  const mover = unitOf(view, uid);
  if (!mover) return null;
  const town = view.board.towns?.[hex];
  if (town && town.owner !== mover.owner) return town.owner;
  const naval = view.board.tiles?.[hex] === "water";
  const other = Object.values(view.board.units).find((u) => u.hex === hex && u.owner !== mover.owner && (u.type === "frigate") === naval);
  return other ? other.owner : null;
}

/** A move into a hex another player holds: lit as a battle, its odds in the selection
 * card and asked before the move (the move starts the battle, 12.0); the server works
 * the battle out as it would stand after this move (`oddsAction`). */
function intoBattle(action, uid, hex, words, view) {
  const holder = holderAt(view, hex, uid);
  return { unit: uid, hex, kind: "battle", startsBattleAt: hex, oddsAction: action, label: `${words}: starts a battle with ${holder}` };
}

/** Each verb's arguments by name (games/viktory2/verbs.py), fetched once with the
 * board data: `describe` reads `x.unit`, `x.to`, never a position. */
const VERBS = await loadVerbs("viktory2");

/** What each Viktory II action is about, for the board and the buttons (null for a
 * verb the table does not declare: the page's generic label). */
function describe(action, view) {
  const verb = action[0];
  const x = argsOf(VERBS, action);
  if (!x) return null;
  const name = (uid) => unitName(uid, view);
  switch (verb) {
    case "capital":
      return { hex: x.hex, kind: "capital", label: `Build your capital at ${hexWords(x.hex, view)}` };
    case "build_town":
      return { hex: x.hex, kind: "build", label: `Build a town at ${hexWords(x.hex, view)}` };
    case "build_city":
      return { hex: x.hex, kind: "build", label: `Upgrade the town at ${x.hex} to a city` };
    case "battle":
      return { hex: x.hex, kind: "battle", label: `Fight the battle at ${x.hex}` };
    case "swap_water":
      return { hex: x.hex, kind: "build", label: `Swap the water at ${x.hex} for a land tile` };
    case "relocate":
      return { hex: x.to, kind: "build", hexes: [x.from, x.to], label: `Move the town at ${x.from} to ${x.to}` };
    case "move":
      if (holderAt(view, x.to, x.unit)) return intoBattle(action, x.unit, x.to, `Move ${name(x.unit)} into ${hexWords(x.to, view)}`, view);
      return { unit: x.unit, hex: x.to, kind: "move", label: `Move ${name(x.unit)} to ${hexWords(x.to, view)}` };
    case "place":
      return { unit: x.unit, hex: x.to, kind: "move", label: `Place ${name(x.unit)} at ${x.to}` };
    case "retreat":
      return { unit: x.unit, hex: x.to, kind: "move", label: `Retreat ${name(x.unit)} to ${x.to}` };
    case "relocate_unit":
      return { unit: x.unit, hex: x.to, kind: "move", label: `Move ${name(x.unit)} to ${x.to}` };
    case "bombard":
      return { unit: x.unit, hex: x.target, kind: "battle", label: `Bombard ${x.target} with ${name(x.unit)}` };
    case "embark": {
      const frigate = unitOf(view, x.frigate);
      if (!frigate || !frigate.hex) return null;
      return { unit: x.unit, hex: frigate.hex, kind: "move", hexes: [frigate.hex], label: `Board ${name(x.unit)} onto ${name(x.frigate)}` };
    }
    case "disembark": {
      const words = `Land ${name(x.unit)} from ${name(x.frigate)} at ${x.to}`;
      if (holderAt(view, x.to, x.unit)) return intoBattle(action, x.unit, x.to, words, view);
      return { unit: x.unit, hex: x.to, kind: "move", label: words };
    }
    case "hit":
      return { unit: x.unit, kind: "hit", label: `${titleCase(name(x.unit))} takes the hit` };
    case "eliminate":
      return { unit: x.unit, kind: "hit", label: `Return ${name(x.unit)} to the stock` };
    case "fight_on":
      return { label: "Fight another round", primary: true };
    case "end_moves":
      return { label: "End movement and combat", primary: true };
    case "end_turn":
      return { label: "End your turn", primary: true };
    case "skip_build":
      return { label: "Build nothing this turn" };
    case "keep_water":
      return { label: "Keep the water tile" };
    case "done":
      return { label: "Done", primary: true };
    case "average": {
      const n = x.pairs;
      return { label: n ? `Trade ${n} pair${n === 1 ? "" : "s"} of dice for ${n} sure hit${n === 1 ? "" : "s"}` : "Roll every die" };
    }
    default:
      return null;
  }
}

/** Why a click did nothing, in the rules' terms where the view tells. */
function whyNot(view, { hex, uid, seat, selected, model }) {
  if (!seat || !view) return null;
  const board = view.board;
  const turn = board.turn || {};
  const clicked = uid ? board.units[uid] : null;
  const blocked = (id) => {
    const u = board.units[id];
    if (!u) return null;
    if (turn.attacked && turn.attacked[id]) return `${unitName(id, view)} has attacked this turn and stops there (10.7)`;
    if ((turn.done || []).includes(id) || (turn.mp && turn.mp[id] === 0)) return `${unitName(id, view)} has used up its movement this turn (9.0)`;
    return null;
  };
  if (clicked && clicked.owner !== seat) {
    const more = selected ? ` ${titleCase(unitName(selected, view))} cannot act on ${hex} from where it stands.` : "";
    return `That is ${clicked.owner}'s ${clicked.type}.${more}`;
  }
  if (clicked && clicked.owner === seat && !model.selectable().has(uid)) {
    const reason = blocked(uid);
    if (reason) return `${titleCase(reason)}.`;
    if (turn.player !== seat) return `It is ${turn.player}'s turn.`;
    return `${titleCase(unitName(uid, view))} has nothing to do now.`;
  }
  if (selected) {
    if (!board.tiles[hex] && board.tiles[hex] !== undefined) return `${hex} is face down: units explore by moving next to it (9.2).`;
    return outOfReach(view, selected, hex);
  }
  return null;
}

/** The action a click that did nothing meant, for the ruleset's "why not?" (the
 * server's answer replaces `whyNot`'s): the selected unit moving to the hex, else a
 * battle where units of the seat and of another player stand. */
function intent(view, { hex, selected, seat }) {
  if (!hex || !view || !(hex in view.board.tiles)) return null;
  if (selected) return ["move", selected, hex];
  const owners = new Set(Object.values(view.board.units).filter((u) => u.hex === hex).map((u) => u.owner));
  return owners.has(seat) && owners.size > 1 ? ["battle", hex] : null;
}

/** Movement points per unit type (9.11, 9.31). */
const ALLOWANCE = { infantry: 2, cavalry: 3, artillery: 2, frigate: 5 };

function hexDistance(a, b) {
  const [q1, r1] = parseHex(a);
  const [q2, r2] = parseHex(b);
  return (Math.abs(q1 - q2) + Math.abs(r1 - r2) + Math.abs(q1 + r1 - q2 - r2)) / 2;
}

/** Why the selected unit cannot act on a revealed hex, as precisely as the view tells:
 * the wrong kind of hex, too far for its movement points left, else what usually
 * blocks the way. */
function outOfReach(view, uid, hex) {
  const board = view.board;
  const unit = board.units[uid];
  const name = unitName(uid, view);
  const generic = `${hex} is out of reach of ${name} this turn: the lit hexes are where it can go.`;
  if (!unit || !unit.hex || !(hex in board.tiles)) return generic;
  const water = board.tiles[hex] === "water";
  if (unit.type === "frigate" && !water) return `${titleCase(name)} stays on water: ${hex} is land (9.3; a frigate enters only its own ports, 9.32).`;
  if (unit.type !== "frigate" && water) return `${titleCase(name)} cannot enter water: land units cross it only aboard a frigate (9.1, 9.4).`;
  const turn = board.turn || {};
  const left = turn.mp && uid in turn.mp ? turn.mp[uid] : ALLOWANCE[unit.type];
  const far = hexDistance(unit.hex, hex);
  if (left !== undefined && far > left) {
    const roads = unit.type === "frigate" ? "" : "; no road between your towns (9.13) leads there";
    return `${hex} is ${far} hexes from ${name}, which has ${left} movement point${left === 1 ? "" : "s"} left (9.11)${roads}.`;
  }
  if (unit.type !== "frigate") {
    return `${titleCase(name)} cannot get to ${hex} this turn: land units stop on entering forest or mountain (9.12) and on entering a hex with enemy units (9.0).`;
  }
  return generic;
}

/** The hex of the battle being fought (for its live odds); a bombardment is none, and
 * so is a battle one side of which has nothing left to fight with (its last units hit,
 * no town to defend): there are no odds to ask for (the server would refuse them). */
function battleAt(view) {
  if (isBombardment(view)) return null;
  const hex = battleHex(view);
  return hex && bothSidesFight(view, hex) ? hex : null;
}

/** Whether both sides of the battle at `hex` have something to fight with: units not
 * yet hit (of the hex's kind: frigates at sea, land units on land), or for the
 * defender its town (12.3: an empty town or city still fires). The sides and the hits
 * come from the log since the battle began ("yellow attacks red at -2,2: battle",
 * "a red artillery is hit"; games made before log version 2 name the unit, "red-a3 is
 * hit"): the view's frame is the question asked (whose hit to take), not the battle's. */
function bothSidesFight(view, hex) {
  const board = view.board;
  const log = view.log || [];
  const hits = new Set();
  const hitsOf = {}; // owner -> hits noted this round and not yet removed, from "a red infantry is hit"
  // Hits are noted during a round and leave together at its end (12.3 step 2): at the
  // retreat question none is pending; else only this round's count, the lines after the
  // last dice of another round ("red rolls 4 2 (attack, round 2)").
  let pending = (view.board.frame || {}).state !== "retreat";
  let round = null;
  let sides = null;
  for (let i = log.length - 1; i >= 0 && log.length - i <= 60 && !sides; i -= 1) {
    const rolled = /\((?:attack|defence), round (\d+)\)$/.exec(log[i]);
    if (rolled && round === null) round = rolled[1];
    else if (rolled && rolled[1] !== round) pending = false;
    const named = /^an? (\w+) \w+ is hit\b/.exec(log[i]);
    const hit = /^(\S+) is hit\b/.exec(log[i]);
    if (named && pending) hitsOf[named[1]] = (hitsOf[named[1]] || 0) + 1;
    else if (hit && !named) hits.add(hit[1]);
    const start = /^(\w+) attacks (\w+) at (-?\d+,-?\d+)/.exec(log[i]);
    if (start && start[3] === hex) sides = { attacker: start[1], defender: start[2] };
  }
  if (!sides) return true; // nothing to go by: ask, as before
  const naval = board.tiles[hex] === "water";
  const fighters = (owner) =>
    Object.entries(board.units).filter(([uid, u]) => u.hex === hex && u.owner === owner && !u.aboard && !hits.has(uid) && (u.type === "frigate") === naval).length >
    (hitsOf[owner] || 0);
  const town = board.towns?.[hex];
  return fighters(sides.attacker) && (fighters(sides.defender) || (!naval && town?.owner === sides.defender));
}

/** What is left before ending the turn, in the reserves step (13.0): the units of the
 * reserve not placed yet, by type (they stay in the reserve); elsewhere the page's own
 * list (panels.js obligationsOf). */
function obligations(view, model) {
  const placing = model.entries.filter((e) => e.verb === "place");
  if (!placing.length) return null;
  // (one placement is offered per type: the whole reserve of those types stays)
  const types = new Set(placing.map((e) => view.board.units[e.unit]?.type));
  const units = Object.values(view.board.units).filter((u) => u.owner === view.role && !u.hex && !u.aboard && types.has(u.type));
  const n = units.length;
  return [`${n} unit${n === 1 ? "" : "s"} of your reserve not placed (${countsText(units)}): ${n === 1 ? "it stays" : "they stay"} in the reserve`];
}

export default {
  id: "viktory2",
  chartSeries,
  endReason,
  reasonWords,
  isTurnEnd: (action) => action[0] === "end_turn",
  roleColor,
  describe,
  unitLabel: unitName,
  unitBadge,
  summary,
  status,
  turnText,
  extraPanel,
  battleAt,
  obligations,
  trayGroups,
  // counters are drawn big enough on a phone (PHONE_COUNTER_PX): a tap on one of yours
  // selects it, as a click does
  tapSelects: true,
  unitsAt: (view, hex) => Object.keys(view.board.units).filter((uid) => view.board.units[uid].hex === hex),
  whyNot,
  intent,
  legend,
  createBoard: (host, hooks) => new Viktory2Board(host, hooks),
};
