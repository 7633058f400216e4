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

/** What each Victory action is about, for the board and the buttons. */
function describe(action, view) {
  const [verb, a, b, c] = action;
  const name = (uid) => unitName(uid, view);
  const at = (hex) => hexWords(hex, view);
  switch (verb) {
    case "deploy":
      return { unit: a, hex: b, kind: "move", label: `Deploy ${name(a)} at ${at(b)}` };
    case "move":
      return { unit: a, hex: b, kind: "move", label: `Move ${name(a)} to ${at(b)}` };
    case "strategic":
      return { unit: a, hex: b, kind: "move", label: `Strategic move: ${name(a)} to ${at(b)}` };
    case "sea_move":
      return { unit: a, hex: b, kind: "move", label: `By sea: ${name(a)} to ${at(b)}` };
    case "board": // 4.1, 4.2: an air unit loads onto a carrier in its port
      return { unit: a, label: `Load ${name(a)} aboard a carrier here` };
    case "blockade":
      return { unit: a, label: `${titleCase(name(a))} blockades the port` };
    case "blockade_battle":
      return { hex: a, kind: "battle", label: `Start a battle in the blockade at ${at(a)}` };
    case "attack":
      return { unit: a, hex: b, kind: "battle", label: `Attack ${at(b)} with ${name(a)} ${VIA[c] || c || ""}`.trim() };
    case "paradrop":
      return { unit: a, hex: b, kind: "battle", label: `Airborne landing: ${name(a)} at ${at(b)}` };
    case "invade":
      return { unit: a, hex: b, kind: "battle", label: `Amphibious invasion: ${name(a)} at ${at(b)} (from ${c})` };
    case "retreat":
      return { unit: a, hex: b, kind: "move", label: `Retreat ${name(a)} to ${at(b)}` };
    case "regroup":
      return { unit: a, hex: b, kind: "move", label: `Regroup ${name(a)} to ${at(b)}` };
    case "land":
      return b ? { unit: a, hex: b, kind: "move", label: `Land ${name(a)} at ${at(b)}` } : { unit: a, label: `Land ${name(a)} where it fights` };
    case "fight":
      return { hex: a, kind: "battle", label: `Fight the battle at ${at(a)}` };
    // one block takes its combat turn at a time (6.31): its choices are plain buttons
    case "fire":
      return { label: `Fire ${name(a)} at the ${GROUPS[b] || b}`, primary: true };
    case "pass":
      return { label: `${titleCase(name(a))} passes` };
    case "take_hit":
      return { label: `${titleCase(name(a))} takes the hit` };
    case "build":
      return { hex: a, kind: "build", label: `Build ${buildWords(b, view)} at ${at(a)}` };
    case "add_step": // 9.1: a factory's step may be paid by another city (b)
      return { unit: a, label: b ? `Add a step to ${name(a)}, paid by ${at(b)}` : `Add a step to ${name(a)}` };
    case "divide":
      return { unit: a, label: `Divide ${name(a)}` };
    case "disband":
      return { unit: a, label: `Disband ${name(a)}` };
    case "merge":
      return { unit: a, label: `Merge ${name(a)} into ${name(b)}` };
    case "ally": // 2.0 [3]: an open offer; the alliance holds once both have offered
      return { label: `Offer an alliance to ${a}` };
    case "ground": // 5.52: more than two air units in the battle
      return { unit: a, label: `Ground ${name(a)} (it sits out the battle)` };
    case "factory": // 9.1 set-up: one factory block of c PP in the city a
      return { label: `Set up ${article(String(c))} ${c} PP ${FACTORIES[b] || b} at ${at(a)}` };
    case "default_factories":
      return { label: "Set up your other factories as usual", primary: true };
    case "convert": // 4.3, 9.1: a resource block becomes PP in its city
      return { unit: a, label: `Convert ${name(a)} to PP` };
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
  const at = (a) => (a[0] === "build" ? a[1] : a[0] === "add_step" ? blockById(view, a[1])?.at : null);
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
