// Victory (Columbia Games) on screen: the assembled hex maps drawn in SVG from
// view.board (games/victory/view.py), the blocks on their hexes (blocks.js: turned to
// their strength for the owner, blank for everyone else), and the legal actions
// mapped onto the board (see actions.js for the shapes `describe` returns).
//
// view.board: hexes [{id "q,r", terrain, land, city (PP), town, port, name, board,
// control}], hexsides {"a|b": [feature…]}, blocks (the conventions of
// docs/client-view-conventions.md), battle (the battle being fought, same document),
// battles [{at, attacker, defender}] (declared, not yet fought), turn, turn_limit,
// phase, order, pp {role: PP}, target_pp, production ({city hex: PP left}, the seat's
// own budgets while the production phase lasts, else null).
//
// Its parts: victory-view.js (what the view says: colours, names, blocks, hexes),
// victory-board.js (the maps and blocks drawn), victory-panels.js (the panels beside
// the board). This module says what the legal actions are about (`describe`), why a
// click does nothing, what is left to do before ending, and gathers the hooks the page
// reads (the default export).

import { article, titleCase } from "../ui.js";
import { isHidden } from "../blocks.js";
import { isBattle } from "../battle.js";
import { argsOf, loadVerbs } from "../verbs.js";
import { VictoryBoard } from "./victory-board.js";
import { chartSeries, endReason, extraPanel, legend, status, summary, turnText, unitBadge } from "./victory-panels.js";
import { blockById, blocksOf, hexWords, roleColor, unitName } from "./victory-view.js";

const VIA = { ground: "overland", air: "by air", sea: "by sea", naval: "by sea" };
const GROUPS = { A: "air units", N: "naval units", G: "ground units", L: "airfield or mulberry" };
const FACTORIES = { FCA: "air factory", FCN: "naval factory", FCG: "ground factory" }; // 9.1

/** A build's unit in words, with what a step of it costs (8.3): "an Airborne (AB, 4 PP a step)". */
function buildWords(typeId, view) {
  const type = view.board.unit_types?.[typeId];
  if (!type) return `${article(typeId)} ${typeId}`;
  return `${article(type.name)} ${type.name} (${typeId}, ${type.cost} PP a step)`;
}

/** A bridge or canal hexside (9.5) in words: "bridge between Wolfsberg (3,4) and 3,5". */
function sideWords(side, view) {
  const [a, b] = String(side).split("|");
  const what = (view.board.hexsides?.[side] || []).includes("canal") ? "canal" : "bridge";
  return `${what} between ${hexWords(a, view)} and ${hexWords(b, view)}`;
}

/** Each verb's arguments by name (games/victory/verbs.py), fetched once with the
 * board data: `describe` reads `x.block`, `x.to`, never a position. */
const VERBS = await loadVerbs("victory");

/** What each Victory action is about, for the board and the buttons (null for a verb
 * the table does not declare: the page's generic label). */
function describe(action, view) {
  const verb = action[0];
  const x = argsOf(VERBS, action);
  if (!x) return null;
  const name = (uid) => unitName(uid, view);
  const at = (hex) => hexWords(hex, view);
  switch (verb) {
    case "deploy":
      return { unit: x.block, hex: x.to, kind: "move", label: `Deploy ${name(x.block)} at ${at(x.to)}` };
    case "move":
      return { unit: x.block, hex: x.to, kind: "move", label: `Move ${name(x.block)} to ${at(x.to)}` };
    case "strategic":
      return { unit: x.block, hex: x.to, kind: "move", label: `Strategic move: ${name(x.block)} to ${at(x.to)}` };
    case "sea_move":
      return { unit: x.block, hex: x.to, kind: "move", label: `By sea: ${name(x.block)} to ${at(x.to)}` };
    case "board": // 4.1, 4.2: an air unit loads onto a carrier in its port
      return { unit: x.block, label: `Load ${name(x.block)} aboard a carrier here` };
    case "blockade":
      return { unit: x.block, label: `${titleCase(name(x.block))} blockades the port` };
    case "blockade_battle":
      return { hex: x.hex, kind: "battle", label: `Start a battle in the blockade at ${at(x.hex)}` };
    case "attack":
      return { unit: x.block, hex: x.to, kind: "battle", label: `Attack ${at(x.to)} with ${name(x.block)} ${VIA[x.via] || x.via || ""}`.trim() };
    case "paradrop":
      return { unit: x.block, hex: x.to, kind: "battle", label: `Airborne landing: ${name(x.block)} at ${at(x.to)}` };
    case "invade":
      return { unit: x.block, hex: x.to, kind: "battle", label: `Amphibious invasion: ${name(x.block)} at ${at(x.to)} (from ${x.via})` };
    case "retreat":
      return { unit: x.block, hex: x.to, kind: "move", label: `Retreat ${name(x.block)} to ${at(x.to)}` };
    case "regroup":
      return { unit: x.block, hex: x.to, kind: "move", label: `Regroup ${name(x.block)} to ${at(x.to)}` };
    case "land": // 5.51: the short form lands the air unit where it fights
      return x.to ? { unit: x.block, hex: x.to, kind: "move", label: `Land ${name(x.block)} at ${at(x.to)}` } : { unit: x.block, label: `Land ${name(x.block)} where it fights` };
    case "fight":
      return { hex: x.hex, kind: "battle", label: `Fight the battle at ${at(x.hex)}` };
    // one block takes its combat turn at a time (6.31): its choices are plain buttons
    case "fire":
      return { label: `Fire ${name(x.block)} at the ${GROUPS[x.at] || x.at}`, primary: true };
    case "pass":
      return { label: `${titleCase(name(x.block))} passes` };
    case "take_hit":
      return { label: `${titleCase(name(x.block))} takes the hit` };
    case "build":
      return { hex: x.city, kind: "build", label: `Build ${buildWords(x.type, view)} at ${at(x.city)}` };
    case "add_step": // 9.1: a factory's step may be paid by another city (the payer)
      return { unit: x.block, label: x.payer ? `Add a step to ${name(x.block)}, paid by ${at(x.payer)}` : `Add a step to ${name(x.block)}` };
    case "divide":
      return { unit: x.block, label: `Divide ${name(x.block)}` };
    case "disband":
      return { unit: x.block, label: `Disband ${name(x.block)}` };
    case "merge":
      return { unit: x.block, label: `Merge ${name(x.block)} into ${name(x.into)}` };
    case "ally": // 2.0 [3]: an open offer; the alliance holds once both have offered
      return { label: `Offer an alliance to ${x.role}` };
    case "ground": // 5.52: more than two air units in the battle
      return { unit: x.block, label: `Ground ${name(x.block)} (it sits out the battle)` };
    case "factory": // 9.1 set-up: one factory block of that many PP in the city
      return { label: `Set up ${article(String(x.pp))} ${x.pp} PP ${FACTORIES[x.type] || x.type} at ${at(x.city)}` };
    case "default_factories":
      return { label: "Set up your other factories as usual", primary: true };
    case "convert": // 4.3, 9.1: a resource block becomes PP in its city
      return { unit: x.block, label: `Convert ${name(x.block)} to PP` };
    // the verbs below are buttons, as they were when they had only the generic label
    case "pick_map": // 1.1: the maps (option map_choice)
      return { label: `Pick map ${x.board}` };
    case "rotate_map":
      return { label: `Turn map ${x.board} around` };
    case "swap_maps":
      return { label: `Swap maps ${x.board} and ${x.other}` };
    case "maps_done":
      return { label: "Keep the maps as they are", primary: true };
    case "buy": // 10.2: custom forces
      return { label: `Buy ${buildWords(x.type, view)}` };
    case "buy_step":
      return { label: `Buy one more step for ${name(x.block)}` };
    case "demolish": // 9.5: instead of the block's move
      return { label: `Demolish the ${sideWords(x.side, view)} with ${name(x.block)}` };
    case "rebuild":
      return { label: `Rebuild the ${sideWords(x.side, view)} with ${name(x.block)}` };
    case "drop": // S1.1: a bomb's one strike
      return { label: `Drop ${name(x.block)}` };
    case "exchange": // 9.1: the city forfeits its production this turn
      return { label: `Exchange ${name(x.block)} for a 0 PP ${FACTORIES[x.type] || x.type}` };
    case "airfield": // 9.6
      return { label: `Build an airfield with ${name(x.block)}` };
    case "mulberry": // 9.7
      return { label: `Build a mulberry with ${name(x.block)}` };
    case "end_battles": // 6.8: blockade battles are optional
      return { label: "Fight no more blockade battles", primary: true };
    case "end_regroup": // O1.4
      return { label: "End regrouping", primary: true };
    case "transfer": // 10.5: the war council
      return { label: `Give the command of the ${x.arm} arm to ${x.to}` };
    case "vote_coup":
      return { label: "Vote for a coup" };
    case "end_moves":
      return { label: "End your move phase", primary: true };
    case "done":
      return { label: "Done", primary: true };
    default:
      return null;
  }
}

/** What "Done" in production would forfeit, for the page's question before it (8.1:
 * a city's PP not spent this phase are lost): the PP left in each city that can still
 * raise or mend something. Other steps keep the page's own list (null). */
function obligations(view, model, entry) {
  const board = view?.board || {};
  if (entry.verb !== "done" || board.phase !== "production" || !board.production) return null;
  const legal = view.legal || [];
  // where an action spends: a build's city, a step's block's city
  const at = (a) => (a[0] === "build" ? argsOf(VERBS, a).city : a[0] === "add_step" ? blockById(view, argsOf(VERBS, a).block)?.at : null);
  const spendable = new Set(legal.map(at).filter(Boolean));
  const left = Object.entries(board.production).filter(([hex, pp]) => Number(pp) > 0 && spendable.has(hex));
  if (!left.length) return [];
  const total = left.reduce((n, [, pp]) => n + Number(pp), 0);
  const where = left.map(([hex, pp]) => `${pp} in ${hexWords(hex, view)}`).join(", ");
  return [`${total} PP left to spend (${where}): PP not spent now are lost (8.1)`];
}

function battleAt(view) {
  const battle = view?.board?.battle;
  return isBattle(battle) ? battle.at : null;
}

/** Why a click did nothing, from what the view tells (never more than it shows). */
function whyNot(view, { hex, uid, seat, selected, model }) {
  if (!seat || !view) return null;
  const place = hexWords(hex, view);
  const own = uid ? blockById(view, uid) : null;
  if (own && own.side === seat && !model.selectable().has(uid)) {
    if (view.board.phase === "move") return `${titleCase(unitName(uid, view))} cannot move now: each block moves once in a move phase, and a block may be pinned or out of reach.`;
    return `${titleCase(unitName(uid, view))} has nothing to do now.`;
  }
  if (selected) return `${titleCase(unitName(selected, view))} cannot reach ${place} now: the lit hexes are where it can go.`;
  const others = blocksOf(view).filter((b) => b.at === hex && b.side !== seat);
  if (others.length && others.every(isHidden)) {
    const sides = [...new Set(others.map((b) => b.side))].join(" and ");
    return `${others.length} ${sides} block${others.length === 1 ? "" : "s"} at ${place}, standing upright: you see only whose they are (Fog of War). Select one of your blocks to attack them.`;
  }
  return null;
}

/** The action a click that did nothing meant, for the ruleset's "why not?" (the
 * server's answer, games/victory/why.py, replaces `whyNot`'s): the selected block
 * placed on the hex while deploying (1.4), else moving to it. */
function intent(view, { hex, selected }) {
  if (!hex || !selected || !view || !view.board.hexes.some((x) => x.id === hex)) return null;
  return [view.board.phase === "deploy" ? "deploy" : "move", selected, hex];
}

export default {
  id: "victory",
  roleColor,
  describe,
  unitLabel: unitName,
  unitBadge,
  summary,
  status,
  chartSeries,
  endReason,
  turnText,
  extraPanel,
  battleAt,
  unitsAt: (view, hex) => blocksOf(view).filter((b) => !isHidden(b) && b.at === hex).map((b) => b.id),
  isTurnEnd: (action) => action[0] === "end_moves",
  obligations,
  whyNot,
  intent,
  legend,
  createBoard: (host, hooks) => new VictoryBoard(host, hooks),
};
