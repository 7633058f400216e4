// Victory's panels beside the board (victory.js): the players bar and the status panel,
// the turn line, the production panel of each city's PP and builds, the battle panel,
// the legend and the game-over plots.

import { h, s, titleCase } from "../ui.js";
import { hexPoints } from "../board.js";
import { blockShape, blockSvg, isHidden } from "../blocks.js";
import { battlePanel, isBattle } from "../battle.js";
import { cityShape, portShape, townShape } from "./victory-board.js";
import { PHASES, TERRAIN, blockById, blocksOf, hexInfo, hexWords, roleColor } from "./victory-view.js";
import { argsOf, loadVerbs } from "../verbs.js";

const VERBS = await loadVerbs("victory");

export function unitBadge(uid, view) {
  const block = blockById(view, uid);
  return block ? blockSvg(block, roleColor(block.side), 28) : null;
}

/** The PP a player holds (1.2, 10.0): the view's figure, worked out at the end of each
 * game turn; before the first one, the PP of the cities it controls. */
function ppHeld(view, role) {
  const known = view.board.pp?.[role];
  if (known !== undefined && known !== null) return Number(known);
  return [...hexInfo(view).values()].filter((x) => x.city && x.control === role).reduce((n, x) => n + Number(x.city), 0);
}

function playersOf(view) {
  const order = view.board.order && view.board.order.length ? view.board.order : view.roles || [];
  return order;
}

export function summary(view) {
  const board = view.board;
  return playersOf(view).map((role) => {
    const blocks = blocksOf(view).filter((b) => b.side === role);
    const onMap = blocks.filter((b) => b.at).length;
    const target = board.target_pp?.[role];
    return {
      role,
      color: roleColor(role),
      active: (view.active || []).includes?.(role) && !view.result,
      score: ppHeld(view, role),
      detail: `${onMap} block${onMap === 1 ? "" : "s"} on the map${target ? ` · ${target} PP to win` : ""}`,
    };
  });
}

export function status(view) {
  const board = view.board;
  const info = [...hexInfo(view).values()];
  return playersOf(view).map((role) => {
    const blocks = blocksOf(view).filter((b) => b.side === role);
    const shown = blocks.filter((b) => !isHidden(b));
    const steps = shown.reduce((n, b) => n + Number(b.steps || 0), 0);
    const cities = info.filter((x) => x.city && x.control === role);
    const facts = [
      ["Blocks on the map", String(blocks.filter((b) => b.at).length)],
      ["Cities held", cities.length ? cities.map((c) => `${c.name || c.id} (${c.city})`).join(", ") : "none"],
      ["Victory target", board.target_pp?.[role] ? `${board.target_pp[role]} PP` : "—"],
    ];
    if (role === view.role && shown.length) facts.splice(1, 0, ["Steps", String(steps)]);
    if (role === view.role && board.production) facts.push(["PP left to spend", String(ppLeft(board.production))]);
    return { role, color: roleColor(role), score: ppHeld(view, role), scoreLabel: "PP held", facts };
  });
}

/** What the game-over plots show (plots.js), per player at the start of each turn:
 * the PP held (the score, 1.2), cities held and blocks on the map (hidden blocks
 * count: their owner and place are open). */
export function chartSeries(view) {
  const cities = [...hexInfo(view).values()].filter((x) => x.city);
  const per = (count) => Object.fromEntries(playersOf(view).map((role) => [role, count(role)]));
  return {
    "PP held": per((role) => ppHeld(view, role)),
    "Cities held": per((role) => cities.filter((x) => x.control === role).length),
    "Blocks on the map": per((role) => blocksOf(view).filter((b) => b.side === role && b.at).length),
  };
}

export function turnText(view) {
  const board = view.board;
  const limit = board.turn_limit ? ` of ${board.turn_limit}` : "";
  if (view.result) return `Turn ${board.turn}${limit} · game over`;
  const phase = PHASES[board.phase] || board.phase || "";
  return `Turn ${board.turn || 1}${limit}${phase ? ` · ${phase}` : ""}`;
}

function ppLeft(production) {
  return Object.values(production || {}).reduce((n, pp) => n + Number(pp || 0), 0);
}

/** The production phase (8.x): the PP each of the seat's cities has left, what it may
 * raise there, and the rule that builds stay secret until everyone is done. The
 * build buttons themselves are the ordinary action buttons. */
function productionPanel(view) {
  const board = view.board;
  const left = board.production;
  if (!left || board.phase !== "production") return null;
  const legal = view.legal || [];
  const cities = Object.keys(left).sort((a, b) => hexWords(a, view).localeCompare(hexWords(b, view)));
  const builds = legal.filter((a) => a[0] === "build").map((a) => argsOf(VERBS, a));
  const steps = legal.filter((a) => a[0] === "add_step").map((a) => argsOf(VERBS, a).block);
  const raises = (hex) => [...new Set(builds.filter((x) => x.city === hex).map((x) => x.type))];
  const mends = (hex) => new Set(steps.filter((block) => blockById(view, block)?.at === hex)).size;
  return h(
    "section",
    { class: "card production-card", "aria-label": "Production" },
    h("h3", {}, "Production"),
    h("p", { class: "production-total" }, `${ppLeft(left)} PP to spend; what a city does not spend is lost (8.1).`),
    h(
      "table",
      { class: "production-cities" },
      h("thead", {}, h("tr", {}, h("th", {}, "City"), h("th", {}, "PP left"), h("th", {}, "May raise"), h("th", {}, "Steps to add"))),
      h(
        "tbody",
        {},
        cities.map((hex) =>
          h(
            "tr",
            { "data-city": hex },
            h("td", {}, hexWords(hex, view)),
            h("td", { class: "pp-left" }, String(left[hex])),
            h("td", { class: "raises" }, raises(hex).join(", ") || "—"),
            h("td", { class: "mends" }, String(mends(hex))),
          ),
        ),
      ),
    ),
    h("p", { class: "production-note" }, "Your builds stay hidden from the other players until everyone is done."),
  );
}

export function extraPanel(view) {
  const board = view?.board || {};
  if (!isBattle(board.battle)) return productionPanel(view);
  return battlePanel(board.battle, { color: roleColor, placeName: (id) => hexWords(id, view) });
}

export function legend() {
  const swatch = (...shapes) => {
    const svg = s("svg", { class: "legend-svg", width: 34, height: 30, viewBox: "-17 -15 34 30", "aria-hidden": "true" });
    svg.append(...shapes);
    return svg;
  };
  const hexShape = (fill) => s("polygon", { points: hexPoints(13), fill, stroke: "#555", "stroke-width": 0.8 });
  const line = (cls) => s("line", { class: cls, x1: -13, y1: 0, x2: 13, y2: 0 });
  const item = (icon, text) => h("li", {}, icon, h("span", {}, text));
  return h(
    "ul",
    { class: "legend-items" },
    Object.values(TERRAIN).map((look) => item(swatch(hexShape(look.fill)), titleCase(look.name))),
    item(swatch(hexShape(TERRAIN.clear.fill), s("polygon", { class: "vi-coast", points: hexPoints(12) })), "Coastal hex (blue rim)"),
    item(swatch(cityShape(3, null)), "City and its PP value (edged in its holder's colour)"),
    item(swatch(townShape(null)), "Town"),
    item(swatch(portShape()), "Port"),
    item(swatch(line("vi-river")), "River hexside"),
    item(swatch(line("vi-canal")), "Canal hexside"),
    item(swatch(s("path", { class: "vi-alpine", d: "M-13 0 L-9 -4 L-5 0 L-1 -4 L3 0 L7 -4 L11 0" })), "Alpine hexside"),
    item(swatch(line("vi-road")), "Road"),
    item(swatch(line("vi-river"), s("rect", { class: "vi-bridge", x: -5, y: -2.6, width: 10, height: 5.2, rx: 1 })), "Bridge"),
    item(swatch(s("g", { transform: "scale(0.5)" }, blockShape({ side: "red", hidden: true }, roleColor("red")))), "Another player's block: blank"),
    item(swatch(hexShape("none"), s("polygon", { class: "legend-recent", points: hexPoints(9), fill: "none" })), "Dashed outline: hexes named by the other players' last moves"),
  );
}

/** Why the game ended, for a record made before the server kept the rules' reason
 * (panels.js endReasonOf reads the server's finish_reason first) (endturn.py check_victory): the time limit's line of the log when
 * it decided (10.6: the most PP wins), else each winner's PP against its target (10.0);
 * null before the game's end is in the log (a resignation: the server's reason). */
export function endReason(view) {
  const log = view.log || [];
  const tail = log.slice(-30);
  const won = [...tail].reverse().find((line) => / wins? the game$/.test(line));
  if (!won) return null;
  const limit = [...tail].reverse().find((line) => line.startsWith("the time limit is reached: "));
  if (limit) return `the time limit is reached and the most PP wins (10.6): ${limit.slice("the time limit is reached: ".length)}`;
  const winners = won.replace(/ wins? the game$/, "").split(" and ");
  const board = view.board || {};
  const held = winners.map((role) => `${role} controls ${board.pp?.[role] ?? "?"} PP, its target being ${board.target_pp?.[role] ?? "?"}`);
  return `${held.join("; ")} (10.0: the target PP at the end of a game turn wins)`;
}
