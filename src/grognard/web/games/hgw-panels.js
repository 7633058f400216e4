// Hitler's Global War: the panels beside the map (the status of each side, the record
// sheets with the forts and fleets, the production panel around them, the turn line,
// the game-over plots' series) and the legend.

import { h, s, titleCase } from "../ui.js";
import { hexPoints } from "../board.js";
import { forcesSheets, fleetShape, fortShape } from "./hgw-forces.js";
import { productionPanel } from "./hgw-production.js";
import { seaLegend } from "./hgw-sea.js";
import { strategicSheets } from "./hgw-strategic.js";
import { GROUP_COLORS, SIZE, WATER, currentMap, loadMap } from "./hgw-world.js";
import { FLEET_NATIONS, KINDS, KIND_SHORT, PHASES, STEPS, armiesOf, armyById, itemWords, kindWords, leaderOf, leaderWords, nationWords, placeWords, roleColor, shipWords } from "./hgw-view.js";
import { KIND_COLORS, counterId, counterShape, star, unsuppliedMark } from "./hgw-counters.js";

export function unitBadge(uid, view) {
  const army = armyById(view, uid);
  if (!army) return null;
  const svg = s("svg", { class: "hgw-badge", width: 34, height: 26, viewBox: "-8.5 -6.5 17 13", "aria-hidden": "true" });
  svg.append(...counterShape(army));
  return svg;
}

export function sides(view) {
  return view.roles && view.roles.length ? view.roles : ["axis", "soviet"];
}

function placesHeld(view, role) {
  return Object.entries(view.board.owner || {}).filter(([, side]) => side === role).map(([p]) => p);
}

export function summary(view) {
  return sides(view).map((role) => {
    const armies = armiesOf(view).filter((a) => a.side === role && a.at);
    const points = armies.reduce((n, a) => n + (a.strength || 0), 0);
    return {
      role,
      color: roleColor(role),
      active: (view.active || []).includes?.(role) && !view.result,
      score: points,
      detail: `${armies.length} arm${armies.length === 1 ? "y" : "ies"} on the map · ${points} strength points`,
    };
  });
}

export function status(view) {
  const board = view.board;
  return sides(view).map((role) => {
    const armies = armiesOf(view).filter((a) => a.side === role);
    const onMap = armies.filter((a) => a.at);
    const points = onMap.reduce((n, a) => n + (a.strength || 0), 0);
    const mech = onMap.reduce((n, a) => n + (a.sp?.mechanized || 0), 0);
    const facts = [
      ["Armies on the map", `${onMap.length} of ${armies.length}`],
      ["Strength points", `${points} (${mech} mechanized)`],
      ["Places held", String(placesHeld(view, role).length)],
      ["Occupation markers", String(Object.values(board.markers || {}).filter((s2) => s2 === role).length)],
    ];
    // L2.3, L2.4: named where every player looks, not only in the record sheets
    const unsupplied = onMap.filter((a) => a.frozen);
    if (unsupplied.length) facts.push(["Out of supply", unsupplied.map((a) => a.name).join(", ")]);
    if (role === board.player && board.frame?.budget !== undefined) facts.push(["Production left", String(board.frame.budget)]);
    return { role, color: roleColor(role), score: points, scoreLabel: "strength points", facts };
  });
}

/** What the game-over plots show (plots.js), per side at the start of each turn: the
 * strength points on the map (the status panel's score), places held, armies on the map. */
export function chartSeries(view) {
  const per = (count) => Object.fromEntries(sides(view).map((role) => [role, count(role)]));
  const onMap = (role) => armiesOf(view).filter((a) => a.side === role && a.at);
  return {
    "Strength points": per((role) => onMap(role).reduce((n, a) => n + (a.strength || 0), 0)),
    "Places held": per((role) => placesHeld(view, role).length),
    "Armies on the map": per((role) => onMap(role).length),
  };
}

export function turnText(view) {
  const board = view.board || {};
  if (view.result) return `${board.turn || ""} · game over`;
  const step = STEPS[board.step] || PHASES[board.phase] || board.phase || "";
  const index = Number.isInteger(board.turn_index) && board.turns ? ` (turn ${board.turn_index + 1} of ${board.turns.length})` : "";
  return `${board.turn || ""}${index} · ${board.player || ""} player turn${step ? ` · ${step}` : ""}`;
}

/** A research sheet's cost, kept in half points (Item Cost 6): "2½", or "P" (prohibited). */
function halfPoints(cost) {
  if (cost === null || cost === undefined) return "P";
  const whole = Math.floor(cost / 2);
  return cost % 2 ? `${whole || ""}½` : String(whole);
}

/** Campaign Game II's research sheets (open like every record sheet): each side's tech
 * level, current cost and research track marker (0 = Start, 5 = Research Complete). */
function researchSheets(view) {
  const sheets = view?.board?.research;
  if (!sheets) return null;
  const items = Object.keys(Object.values(sheets)[0]?.items || {});
  return h(
    "details",
    { class: "hgw-record hgw-research" },
    h("summary", {}, "Research and development"),
    h(
      "table",
      { class: "data-table hgw-sheet" },
      h("thead", {}, h("tr", {}, h("th", {}, "Item"), Object.keys(sheets).map((role) => h("th", { colspan: 3 }, titleCase(role))))),
      h("tbody", {}, items.map((item) =>
        h("tr", {}, h("th", { scope: "row" }, itemWords(item)), Object.values(sheets).map((sheet) => {
          const it = sheet.items[item];
          return [h("td", { title: "tech level" }, `L${it.level}`), h("td", { title: "cost" }, halfPoints(it.cost)), h("td", { title: "research track" }, it.marker ? `▸${it.marker}` : "")];
        })),
      )),
    ),
  );
}

/** Naval Action's Development Track (Ship Builds 2, N7.2): each side's partly built ship
 * points with their unpaid cost, open like every record sheet (a carrier's face-down
 * marker tells it from a capital ship: ship_builds.py). */
function developmentTrack(view) {
  const track = view?.board?.ship_track;
  if (!track) return null;
  return h(
    "details",
    { class: "hgw-record hgw-ship-track" },
    h("summary", {}, "Development Track (ships being built)"),
    h(
      "table",
      { class: "data-table hgw-sheet" },
      h("thead", {}, h("tr", {}, h("th", {}, "Side"), h("th", {}, "Ship points being built (production points left to pay)"))),
      h("tbody", {}, Object.entries(track).map(([role, points]) =>
        h("tr", {}, h("th", { scope: "row" }, titleCase(role)), h("td", {}, points.length ? points.map((p) => `${shipWords(p.kind)} (${p.left})`).join(", ") : "—")),
      )),
    ),
  );
}

/** The record sheets (open information, Prepare for Play 4): every army's make-up. */
export function recordSheet(view) {
  const board = view?.board;
  if (!board) return null;
  const rows = (role) =>
    armiesOf(view)
      .filter((a) => a.side === role)
      .map((a) =>
        h(
          "tr",
          { class: [!a.at && "muted", a.frozen && "frozen"], "data-army": a.id },
          h("th", { scope: "row", title: a.name }, counterId(a), leaderWords(view, a.id) ? h("span", { class: "hgw-leader-tag", "data-leader": leaderOf(view, a.id) }, ` ★ ${leaderWords(view, a.id)}`) : null, nationWords(a) ? h("span", { class: "hgw-nation-tag", title: `${nationWords(a)} army: it never stacks with other Allied armies (G17.8)` }, a.nation === "free_french" ? " FFr" : " Fr") : null),
          h("td", {}, a.at ? placeWords(a.at) : "—"),
          KINDS.map((k) => h("td", {}, a.sp?.[k] ? String(a.sp[k]) : "")),
          h("td", { class: "total" }, String(a.strength || 0)),
          h("td", { class: "hgw-army-note" }, a.frozen ? "unsupplied" : a.status?.target ? `→ ${placeWords(a.status.target)}${a.status.advanced ? ` (+${a.status.advanced})` : ""}` : ""),
        ),
      );
  return h(
    "details",
    { class: "hgw-record", open: true },
    h("summary", {}, "Record sheets"),
    sides(view).map((role) =>
      h(
        "table",
        { class: "data-table hgw-sheet", "data-side": role },
        h("caption", {}, h("span", { class: "role-chip", style: `--role:${roleColor(role)}` }, titleCase(role))),
        h("thead", {}, h("tr", {}, h("th", {}, "Army"), h("th", {}, "At"), KINDS.map((k) => h("th", { title: kindWords(k) }, KIND_SHORT[k])), h("th", {}, "SP"), h("th", {}, ""))),
        h("tbody", {}, rows(role)),
      ),
    ),
    forcesSheets(board, { placeWords, nations: FLEET_NATIONS, armyName: (id) => armyById(view, id)?.name || id, armyAt: (id) => armyById(view, id)?.at || null, roleChip: (role) => h("span", { class: "role-chip", style: `--role:${roleColor(role)}` }, titleCase(role)) }),
    researchSheets(view),
    strategicSheets(board, { placeWords, sides: sides(view), roleChip: (role) => h("span", { class: "role-chip", style: `--role:${roleColor(role)}` }, titleCase(role)) }),
    developmentTrack(view),
  );
}

function panels(view) {
  const roleChip = (role) => h("span", { class: "role-chip", style: `--role:${roleColor(role)}` }, titleCase(role));
  const production = productionPanel(view, { map: currentMap(), sides: sides(view), armies: armiesOf(view), roleChip });
  const sheets = recordSheet(view);
  return production || sheets ? h("div", { class: "hgw-panels" }, production, sheets) : null;
}

/** The production panel and the record sheets, as the page's extra panel. Their place
 * names and costs come from the world map: drawn before it has loaded, the page draws
 * them again once it has (`wordsPending` in hgw.js). */
export function extraPanel(view) {
  return panels(view);
}

export function legend() {
  const swatch = (...shapes) => {
    const svg = s("svg", { class: "legend-svg", width: 34, height: 30, viewBox: "-12 -11 24 22", "aria-hidden": "true" });
    svg.append(...shapes);
    return svg;
  };
  const item = (icon, text) => h("li", {}, icon, h("span", {}, text));
  const hexShape = (fill) => s("polygon", { points: hexPoints(SIZE), fill, stroke: "#555", "stroke-width": 0.6 });
  const line = (attrs) => s("path", { d: "M-9 0 H9", fill: "none", ...attrs });
  const list = h(
    "ul",
    { class: "legend-items" },
    item(swatch(s("polygon", { class: "legend-recent", points: hexPoints(SIZE), fill: "none" })), "Dashed outline: places named by the other players' last moves"),
    item(swatch(hexShape(WATER.sea)), "Sea"),
    item(swatch(hexShape(WATER.partial)), "Coastal water"),
    item(swatch(hexShape(GROUP_COLORS.unaligned), s("path", { d: "M-6.6 2.2 L-4 -1.4 L-1.4 2.2 M-1 1.2 L1.6 -2.4 L4.2 1.2", fill: "none", stroke: "#5b4632", "stroke-width": 0.9 })), "Mountains"),
    item(swatch(s("path", { class: "hgw-port", d: "M0 -4 v7 M-3.4 0 q3.4 5.6 6.8 0 M-2.4 -2.6 h4.8", transform: "scale(1.4)" })), "Port"),
    item(swatch(line({ stroke: "#c0261b", "stroke-width": 2 })), "Crossing arrow: land units cross this strait"),
    item(swatch(line({ stroke: "#2a2219", "stroke-width": 1.4, "stroke-dasharray": "2.2 1.2" })), "Country border (Barbarossa draws the 1941 borders, after the Soviet annexations; the other scenarios 1939's)"),
    item(swatch(s("path", { class: "hgw-capital", d: star(0, 0, 6, 2.6) })), "Capital"),
    item(swatch(s("circle", { class: "hgw-pp-disc", r: 5 }), s("text", { class: "hgw-pp legend", x: 0, y: 0.4, text: "3" })), "Production points"),
    item(swatch(s("text", { class: "hgw-legend-num", x: 0, y: 1.5, text: "1237" })), "Hex number (zoom in to read them; the box on the map goes to a hex or a place)"),
    item(swatch(s("circle", { r: 4, fill: roleColor("axis") })), "Occupation marker (its side's colour)"),
    item(swatch(s("g", { class: "hgw-devastated" }, s("rect", { x: -5, y: -5, width: 10, height: 10, rx: 1 }), s("text", { x: 0, y: 0.4, text: "2" }))), "Devastated production points"),
    item(swatch(s("g", { class: "hgw-fort", transform: "scale(2.4)" }, ...fortShape({ points: 2 }, roleColor("axis")))), "Fort and its points, outlined in its side's colour (it fires with the defence and absorbs losses)"),
    item(swatch(s("g", { class: "hgw-fleet", transform: "scale(1.9)" }, ...fleetShape({ sp: 4 }, roleColor("allied")))), "Fleet in its port (or at sea on patrol) and its fleet points"),
    ...seaLegend({ item, swatch, fleetShape, nations: FLEET_NATIONS, roleColor }),
    item(swatch(s("g", { class: "hgw-strategic-mark", transform: "scale(2.6)" }, s("rect", { x: -2.5, y: -1.4, width: 5, height: 2.8, rx: 0.5, fill: roleColor("allied") }), s("text", { x: 0, y: 0.15, text: "B3" }))), "Strategic points in their side's colour: B bombers, E escorts, AD air defence, M a missile counter (a gold edge: atomic bombs)"),
    item(swatch(s("g", { class: "hgw-army", transform: "scale(1.3)" }, ...counterShape({ id: "agn", side: "axis", strength: 10, sp: { infantry: 5, mechanized: 5 } }))), "Army: id, strength points, and its make-up as a bar"),
    item(swatch(s("g", { class: "hgw-army frozen", transform: "scale(1.3)" }, ...counterShape({ id: "agn", side: "axis", strength: 5, sp: { infantry: 5 } }), unsuppliedMark())), "Army out of supply (dashed blue edge, struck-out disc): it may not move or attack"),
    ...KINDS.map((kind) => item(swatch(s("rect", { x: -9, y: -2, width: 18, height: 4, fill: KIND_COLORS[kind], stroke: "#444", "stroke-width": 0.5 })), `${titleCase(kindWords(kind))} points in the bar`)),
  );
  // the country colours of the printed map, with the map's own key (hgw-map.json groups)
  loadMap()
    .then((map) => {
      for (const [group, color] of Object.entries(GROUP_COLORS)) {
        const words = map.groups?.[group];
        if (!words) continue;
        // "Light grey: Germany" -> "Germany (light grey)"
        const [colour, who = colour] = words.split(": ");
        list.append(item(swatch(hexShape(color)), `${who.charAt(0).toUpperCase()}${who.slice(1)} (${colour.toLowerCase()})`));
      }
    })
    .catch(() => {});
  return list;
}

/** The server's reason for the end (State.end_reason: the log's own line) with its hex
 * numbers as the page names places ("0942 Leningrad"). */
export function reasonWords(reason) {
  return reason.replace(/(holds |, )(\d{4})\b/g, (_, before, place) => `${before}${placeWords(place)}`);
}

/** Why the game ended, for a record made before the server kept the rules' reason: from the last lines of the log (board.py check_victory, turn.py,
 * victory.py, campaign_victory.py), with the victory levels when they decided it (Three
 * Players 4); null when the log says nothing (a resignation: the server's reason). */
export function endReason(view) {
  const tail = (view.log || []).slice(-40);
  const levels = [...tail].reverse().find((line) => line.startsWith("victory levels: "));
  const levelWords = levels ? `; ${levels.replace(/\((\d+) production\)/g, "($1 production points held)")} (Three Players 4)` : "";
  const places = (list) => list.split(", ").map(placeWords).join(", ");
  for (let i = tail.length - 1; i >= 0; i -= 1) {
    const line = tail[i];
    let m = /^(\w+) wins: it holds (.+)$/.exec(line);
    if (m) return `the ${m[1]} side holds ${places(m[2])}, every capital it needed (Victory Conditions)`;
    m = /^Berlin falls to (\w+): /.exec(line);
    if (m) return `Berlin fell to the ${m[1]} side: the game ends at once (Victory Conditions 1)${levelWords}`;
    if (line.startsWith("the last turn is over and Berlin still stands")) return `the last turn ended with Berlin still in Axis hands (Victory Conditions 1-2)${levelWords}`;
    m = /^the last turn is over: (\w+) wins$/.exec(line);
    if (m) {
      const loser = sides(view).find((role) => role !== m[1]) || "the other side";
      return `the last turn ended and the ${loser} side had not taken the capitals it needed (Victory Conditions)`;
    }
  }
  return null;
}
