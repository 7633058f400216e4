// Viktory II's panels beside the board (viktory2.js): the players bar and the status
// panel, the turn line, the legend, the reserve tray grouped by type, the battle panel,
// and the game-over summary's reason and plots.

import { h, s, titleCase } from "../ui.js";
import { hexPoints } from "../board.js";
import { logLine } from "../log.js";
import { battleHex, isBombardment, unitOf } from "./viktory2-board.js";
import { FACE_DOWN, TERRAIN, UNIT_ORDER, counterShape, roleColor, townShape } from "./viktory2-look.js";

/** A small counter for panels (reserve tray, battle card). */
export function unitBadge(uid, view) {
  const unit = unitOf(view, uid);
  if (!unit) return null;
  const svg = s("svg", { class: "badge-svg", width: 24, height: 24, viewBox: "-12 -12 24 24", "aria-hidden": "true" });
  svg.append(counterShape(unit.owner, unit.type));
  return svg;
}

export function summary(view) {
  const board = view.board;
  const order = board.order && board.order.length ? board.order : view.roles;
  const eliminated = new Set(board.eliminated || []);
  return order.map((role) => {
    const towns = Object.values(board.towns).filter((t) => t.owner === role);
    const cities = towns.filter((t) => t.city).length;
    const units = Object.values(board.units).filter((u) => u.owner === role);
    const onMap = units.filter((u) => u.hex || u.aboard).length;
    const reserve = units.length - onMap;
    return {
      role,
      color: roleColor(role),
      active: board.turn && board.turn.player === role && !view.result,
      eliminated: eliminated.has(role),
      score: board.scores ? board.scores[role] : null,
      detail: `${towns.length - cities} town${towns.length - cities === 1 ? "" : "s"}, ${cities} cit${cities === 1 ? "y" : "ies"} · ${onMap} unit${onMap === 1 ? "" : "s"}${reserve ? ` + ${reserve} in reserve` : ""}`,
    };
  });
}

/** The round being played: rounds are what the turn_limit option counts (a round is
 * every player's turn once), so the counter speaks of rounds too. */
function roundOf(view) {
  return (view.board.rounds || 0) + (view.result ? 0 : 1);
}

export function turnText(view, header) {
  const turn = view.board.turn || {};
  if (!turn.player) return "";
  const phase = { capital: "choosing capitals", build: "building", move: "movement and combat", reserves: "reserves" }[turn.phase] || turn.phase || "";
  const limit = header && header.options ? Number(header.options.turn_limit || 0) : 0;
  if (view.result) return `Round ${Math.max(1, roundOf(view))}${limit ? ` of ${limit}` : ""} · game over`;
  return `Round ${Math.max(1, roundOf(view))}${limit ? ` of ${limit}` : ""} · ${turn.player} to play${phase ? ` · ${phase}` : ""}`;
}

const TYPE_ORDER = ["infantry", "cavalry", "artillery", "frigate"];

export function countsText(units) {
  const counts = new Map();
  for (const u of units) counts.set(u.type, (counts.get(u.type) || 0) + 1);
  const parts = TYPE_ORDER.filter((t) => counts.has(t)).map((t) => `${counts.get(t)} ${t}`);
  return parts.length ? parts.join(", ") : "none";
}

/** The status panel: per player, units on the map and in the reserve by type, towns
 * and cities, empire points (7.0: 1 per town, 2 per city). */
export function status(view) {
  const board = view.board;
  const order = board.order && board.order.length ? board.order : view.roles;
  const eliminated = new Set(board.eliminated || []);
  return order.map((role) => {
    const towns = Object.values(board.towns).filter((t) => t.owner === role);
    const cities = towns.filter((t) => t.city).length;
    const units = Object.values(board.units).filter((u) => u.owner === role);
    const onMap = units.filter((u) => u.hex || u.aboard);
    const reserve = units.filter((u) => !u.hex && !u.aboard);
    return {
      role,
      color: roleColor(role),
      eliminated: eliminated.has(role),
      score: board.scores ? board.scores[role] : null,
      scoreLabel: "Empire points",
      facts: [
        [`On the map (${onMap.length})`, countsText(onMap)],
        [`In reserve (${reserve.length})`, countsText(reserve)],
        ["Towns, cities", `${towns.length - cities}, ${cities}`],
      ],
    };
  });
}

/** The legend: terrain, settlements, markers and the outlines the board draws. */
export function legend() {
  const swatch = (...shapes) => {
    const svg = s("svg", { class: "legend-svg", width: 34, height: 30, viewBox: "-17 -15 34 30", "aria-hidden": "true" });
    svg.append(...shapes);
    return svg;
  };
  const hexShape = (attrs) => s("polygon", { points: hexPoints(13), ...attrs });
  const item = (icon, text) => h("li", {}, icon, h("span", {}, text));
  return h(
    "ul",
    { class: "legend-items" },
    Object.entries(TERRAIN).map(([, look]) => item(swatch(hexShape({ fill: look.fill, stroke: "#555", "stroke-width": 0.8 })), titleCase(look.name))),
    item(swatch(hexShape({ fill: FACE_DOWN.fill, stroke: "#555", "stroke-width": 0.8 })), "Face-down tile, not yet explored"),
    item(swatch(townShape("red", false, false)), "Town (1 empire point, 1 defence die)"),
    item(swatch(townShape("red", true, false)), "City (2 empire points, 2 defence dice)"),
    item(swatch(townShape("red", true, true)), "Capital (the star)"),
    item(swatch(counterShape("red", "infantry", { count: 3 })), "Units: I infantry, C cavalry, A artillery, F frigate; the number is how many stand together"),
    item(swatch(hexShape({ fill: "none", class: "legend-target" })), "Lit outline: where the selected unit (or a click) can act"),
    item(swatch(hexShape({ fill: "none", class: "legend-recent" })), "Dashed outline: hexes named by the other players' last moves"),
    item(swatch(hexShape({ fill: "none", class: "legend-battle" })), "Red outline: the battle being fought"),
  );
}

/** The reserve tray: one button per unit type with how many of that type the reserve
 * holds, not the unit's id (the rules offer one placement per type, 13.0: any unit of
 * a type is as good as another); a press selects the unit the placement names. */
export function trayGroups(uids, view) {
  const units = view.board.units;
  const inReserve = (unit) => Object.values(units).filter((u) => u.owner === unit.owner && u.type === unit.type && !u.hex && !u.aboard).length;
  return [...uids]
    .filter((uid) => units[uid])
    .sort((a, b) => (UNIT_ORDER[units[a].type] ?? 9) - (UNIT_ORDER[units[b].type] ?? 9))
    .map((uid) => {
      const n = Math.max(1, inReserve(units[uid]));
      return { uids: [uid], label: `${titleCase(units[uid].type)} × ${n}`, name: `${titleCase(units[uid].type)}: ${n} in the reserve` };
    });
}

/** The battle being fought, when there is one: the units in it and the last dice. */
export function extraPanel(view) {
  const hex = battleHex(view);
  if (!hex) return null;
  const bombard = isBombardment(view);
  const board = view.board;
  const here = Object.keys(board.units).filter((uid) => board.units[uid].hex === hex);
  const owners = [...new Set(here.map((uid) => board.units[uid].owner))];
  const log = view.log || [];
  let start = log.length - 1;
  while (start > 0 && !/attacks .* at |bombard/i.test(log[start]) && log.length - start < 30) start -= 1;
  const dice = log.slice(start).filter((line) => / rolls /.test(line)).slice(-4);
  const terrain = board.tiles[hex];
  return h(
    "section",
    { class: "card battle-card", "aria-label": `${bombard ? "Bombardment" : "Battle"} at ${hex}` },
    h("h3", {}, `${bombard ? "💥 Bombardment" : "⚔ Battle"} at ${hex}${terrain ? ` (${terrain})` : ""}`),
    h(
      "div",
      { class: "battle-sides" },
      owners.map((owner) =>
        h(
          "div",
          { class: "battle-side", style: `--role:${roleColor(owner)}` },
          h("span", { class: "side-name" }, owner),
          h("span", { class: "side-units" }, here.filter((uid) => board.units[uid].owner === owner).map((uid) => unitBadge(uid, view))),
        ),
      ),
    ),
    dice.length ? h("ol", { class: "battle-dice log-lines" }, dice.map((line) => logLine(line, { roles: view.roles, roleColor }))) : null,
  );
}

/** The server's reason for the end (the log's last line, "red wins (turn limit of 1
 * round…)") without the winner the banner already names: its reason in brackets. */
export function reasonWords(reason) {
  const match = /^.+? wins? \((.+)\)$/.exec(reason) || /^.+? share the win \((.+)\)$/.exec(reason);
  return match ? match[1] : reason;
}

/** Why the game ended, for a record made before the server kept the rules' reason
 * (panels.js endReasonOf reads the server's finish_reason first), from the log's last "… wins (reason)" line (5.1-5.5, or the
 * turn limit), else null (the server's finish reason is shown). */
export function endReason(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0 && i >= log.length - 20; i -= 1) {
    const match = / wins? \((.+)\)$/.exec(log[i]) || / share the win \((.+)\)$/.exec(log[i]);
    if (match) return match[1];
  }
  return null;
}

/** What the game-over plots show (plots.js): per player, over the turns. */
export function chartSeries(view) {
  const board = view.board;
  const order = board.order && board.order.length ? board.order : view.roles;
  const count = (pred) => Object.fromEntries(order.map((role) => [role, pred(role)]));
  return {
    "Empire points": count((role) => (board.scores ? board.scores[role] || 0 : 0)),
    "Towns and cities": count((role) => Object.values(board.towns).filter((t) => t.owner === role).length),
    "Units on the map": count((role) => Object.values(board.units).filter((u) => u.owner === role && (u.hex || u.aboard)).length),
  };
}
