// Hitler's Global War: the forts and fleets of the view (issue 26, item 7), drawn on
// the map, listed in the record sheets and explained in the legend. view.board.forts
// is {place: {side, points, building}} (Fortifications; Effect Of Forts On Combat),
// view.board.fleets {id: {side, name, at, sp, patrol?, nation?}} and view.board.fleet_status {id:
// "escort" | "support" | "expended" | "cut"} (games/hgw/fleets.py): open information,
// like the armies' record sheets. In Campaign Game II a fleet also has its ships by
// type ({capital, carrier, asw, uboat}) and may be on patrol in a sea hex (`patrol`):
// it is drawn there, and the sheets list its ships, base and patrol, and each side's
// A.S.W. level (view.board.asw_level).

import { h, s } from "../ui.js";
import { fleetCode, isSubmarine, navalSheets, routesSheet } from "./hgw-sea.js";

/** Optional rule Leaders: a fleet's leader marker in words (leaders.py `view`: a revealed
 * leader's name, or "face down", which no seat sees through, Leaders 6), "" for none. */
export function fleetLeaderWords(board, id) {
  const name = board?.leaders?.fleets?.[id];
  if (!name) return "";
  return name === "face down" ? "leader (face down)" : `leader: ${name}`;
}

/** The leader marker on a fleet counter's upper right corner: a blank square face down,
 * a gold disc once revealed. */
function fleetLeaderMark(name) {
  const face = name === "face down";
  return s("g", { class: ["hgw-fleet-leader", face && "face-down"], transform: "translate(4.4 -3.2)" },
    face ? s("rect", { x: -1.5, y: -1.5, width: 3, height: 3, rx: 0.4, fill: "#fffdf4", stroke: "#222", "stroke-width": 0.5 }) : s("circle", { r: 1.6, fill: "#f2c14e", stroke: "#222", "stroke-width": 0.5 }));
}

/** A fort's words: "fort of 2 points (1 more being built)". */
export function fortWords(fort) {
  const points = `${fort.points} point${fort.points === 1 ? "" : "s"}`;
  return `fort of ${points}${fort.building ? ` (${fort.building} more being built)` : ""}`;
}

const FLEET_STATUS = {
  escort: "escorting an invasion this turn",
  support: "supporting an invasion this turn",
  expended: "expended for this turn",
  cut: "cut off from its base this turn",
};

/**
 * The home forces in a place, in words ("Poland's home forces (allied): 2 infantry
 * points"), "" when none: the optional rule Unaligned Forces (games/hgw/unaligned_forces.py;
 * view.board.home_forces.at is {place: {nation, side, sp}}).
 */
export function homeAt(board, place) {
  const home = board?.home_forces?.at?.[place];
  if (!home) return "";
  const nation = home.nation.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
  return `${nation}'s home forces (${home.side}): ${home.sp} infantry point${home.sp === 1 ? "" : "s"}`;
}

/** What a fleet is doing this turn, in words ("" when it is free). */
export function fleetStatusWords(board, id) {
  return FLEET_STATUS[board?.fleet_status?.[id]] || "";
}

/** Naval Action (N1.3): "British fleet, allied"; the basic rules' "allied fleet". */
function fleetOwner(fleet, nations) {
  const nation = nations?.[fleet.nation]?.name;
  return nation ? `${nation} fleet, ${fleet.side}` : `${fleet.side} fleet`;
}

const SHIP_NAMES = { capital: "capital", carrier: "carrier", asw: "A.S.W.", uboat: "U-boat" };

/** A fleet's ships in words: "3 capital + 1 A.S.W." ("" for an earlier scenario's fleet). */
export function fleetShipWords(fleet) {
  const ships = fleet?.ships || {};
  return Object.keys(SHIP_NAMES).filter((k) => ships[k]).map((k) => `${ships[k]} ${SHIP_NAMES[k]}`).join(" + ");
}

/** A fort marker centred on (0, 0): a bastion outline in its side's colour, its points. */
export function fortShape(fort, color) {
  return [
    s("path", { class: "hgw-fort-body", d: "M0 -3.4 L3.3 -1 L2.1 3 L-2.1 3 L-3.3 -1 Z", fill: "#f3ead2", stroke: color }),
    s("text", { class: "hgw-fort-points", x: 0, y: 0.6, text: String(fort.points) }),
  ];
}

/** A fleet counter centred on (0, 0): a counter in its nation's colour (its side's in the
 * basic naval rules) with its nation's code above its fleet points; a submarine counter
 * has rounded ends (hgw-sea.js, the legend explains both). */
export function fleetShape(fleet, color) {
  const code = fleetCode(fleet);
  return [
    s("rect", { class: "hgw-fleet-hull", x: -5, y: -3.6, width: 10, height: 7.2, rx: isSubmarine(fleet) ? 3.6 : 0.9, fill: color }),
    code ? s("text", { class: "hgw-fleet-code", x: 0, y: -1.3, text: code }) : null,
    s("text", { class: "hgw-fleet-sp", x: 0, y: code ? 1.9 : 0.2, text: String(fleet.sp) }),
  ].filter(Boolean);
}

/**
 * The forts and fleets on the map, into `layer`: a fort in its hex's upper right, the
 * fleets of a port in a row along its left edge. `where(place)` is the hex centre,
 * `placeWords(place)` its name in words.
 */
/**
 * Naval Action's builds (ports.py): a built port as the map's port mark, a major naval
 * port as an anchor (dashed while under construction, N11.1), a supply road (N12) as a
 * short track across the hex's lower edge; small, beside the printed features.
 */
function drawBuilt(layer, board, { where, placeWords }) {
  const mark = (place, cls, d, words) => {
    const at = where(place);
    if (!at) return;
    layer.append(
      s("g", { class: ["hgw-built", cls], "data-built": place, transform: `translate(${at[0].toFixed(2)} ${at[1].toFixed(2)})` },
        s("title", { text: `${placeWords(place)}: ${words}` }),
        s("path", { d })),
    );
  };
  const ANCHOR = "M-6 -3 v5 M-7.8 0.6 q1.8 2.6 3.6 0 M-7.2 -1.8 h2.4";
  for (const [place, kind] of Object.entries(board.ports || {})) {
    if (kind === "naval_port") mark(place, "anchor", ANCHOR, "major naval port (built)");
    else mark(place, "port", "M-6 0.5 v3 M-7.4 2 q1.4 2.4 2.8 0 M-7 0.9 h2", "port (built)");
  }
  for (const place of Object.keys(board.anchors_building || {})) {
    mark(place, "anchor building", ANCHOR, "major naval port under construction (ready next game turn)");
  }
  for (const place of board.supply_roads || []) {
    mark(place, "road", "M-3.5 5.2 H3.5 M-2.5 4.4 v1.6 M0 4.4 v1.6 M2.5 4.4 v1.6", "supply road: supply may be traced through");
  }
}

export function drawForces(layer, board, { where, placeWords, roleColor, fleetColor, nations, fleetLayer = layer, armyAt = () => false }) {
  const colorOf = fleetColor || ((fleet) => roleColor(fleet.side));
  for (const [place, fort] of Object.entries(board.forts || {})) {
    const at = where(place);
    if (!at) continue;
    layer.append(
      s("g", { class: ["hgw-fort", fort.points === 0 && "building"], "data-fort": place, "data-side": fort.side, transform: `translate(${(at[0] + 4.6).toFixed(2)} ${(at[1] - 3.2).toFixed(2)})` },
        s("title", { text: `${placeWords(place)}: ${fort.side} ${fortWords(fort)}` }),
        ...fortShape(fort, roleColor(fort.side))),
    );
  }
  drawBuilt(layer, board, { where, placeWords });
  // Unaligned Forces 2: home forces are number markers on the map, never armies
  for (const [place, home] of Object.entries(board.home_forces?.at || {})) {
    const at = where(place);
    if (!at) continue;
    layer.append(
      s("g", { class: "hgw-home", "data-home": place, "data-side": home.side, transform: `translate(${(at[0] - 4.6).toFixed(2)} ${(at[1] + 3.4).toFixed(2)})` },
        s("title", { text: `${placeWords(place)}: ${homeAt(board, place)}` }),
        s("circle", { r: 2.4, fill: "#fffdf4", stroke: roleColor(home.side), "stroke-width": 0.7 }),
        s("text", { class: "hgw-home-sp", x: 0, y: 0.9, "text-anchor": "middle", "font-size": 3, text: String(home.sp) })),
    );
  }
  // Naval Action's fleet replenishment (N13): amphibious points at sea, one chain a fleet
  for (const [id, chain] of Object.entries(board.replenishment || {})) {
    chain.units.forEach((unit, i) => {
      const at = where(unit.hex);
      if (!at) return;
      const owner = board.fleets?.[id]?.name || id;
      const points = `${unit.sp} amphibious point${unit.sp === 1 ? "" : "s"}`;
      const supplying = chain.state === "supplying" ? ", supplying its patrol" : "";
      layer.append(
        s("g", { class: "hgw-replenishment", "data-replenishment": id, "data-side": chain.side, transform: `translate(${(at[0] + 3.6).toFixed(2)} ${(at[1] + 3.2).toFixed(2)})` },
          s("title", { text: `${placeWords(unit.hex)}: unit ${i + 1} of ${owner}'s replenishment chain, ${points}${supplying}` }),
          s("rect", { x: -2, y: -1.6, width: 4, height: 3.2, fill: "#fffdf4", stroke: roleColor(chain.side), "stroke-width": 0.7 }),
          s("text", { x: 0, y: 0.9, "text-anchor": "middle", "font-size": 2.6, text: String(unit.sp) })),
      );
    });
  }
  const byPort = new Map();
  for (const [id, fleet] of Object.entries(board.fleets || {})) {
    if (!fleet.at || !fleet.sp) continue;
    const place = fleet.patrol || fleet.at; // a patrol is drawn at sea, in its hex (N3.1)
    if (!byPort.has(place)) byPort.set(place, []);
    byPort.get(place).push([id, fleet]);
  }
  const raiders = new Set(board.raiders || []);
  for (const [port, fleets] of byPort) {
    const at = where(port);
    if (!at) continue;
    // a column down the hex's left side, above any army there (the fleets are never
    // tapped: the army under them is, through them)
    const step = fleets.length > 1 ? Math.min(5.6, 13 / (fleets.length - 1)) : 0;
    fleets.forEach(([id, fleet], i) => {
      const status = fleetStatusWords(board, id);
      const ships = fleetShipWords(fleet);
      const where = fleet.patrol ? `on patrol in ${placeWords(fleet.patrol)} from ${placeWords(fleet.at)}` : `at ${placeWords(port)}`;
      const raider = raiders.has(id) ? "; declared a raider (N6.1)" : "";
      const leader = fleetLeaderWords(board, id);
      const y = at[1] + (i - (fleets.length - 1) / 2) * step;
      fleetLayer.append(
        s("g", { class: ["hgw-fleet", board.fleet_status?.[id] && `fleet-${board.fleet_status[id]}`, fleet.patrol && "at-sea", fleet.patrol && "on-patrol", raider && "raider", armyAt(port) && "over-army"], "data-fleet": id, "data-side": fleet.side, "data-nation": fleet.nation, "data-code": fleetCode(fleet) || null, transform: `translate(${(at[0] - 5).toFixed(2)} ${y.toFixed(2)}) scale(0.75)` },
          s("title", { text: `${fleet.name} (${fleetOwner(fleet, nations)}) ${where}: ${fleet.sp} fleet points${ships ? ` (${ships})` : ""}${status ? `; ${status}` : ""}${raider}${leader ? `; ${leader}` : ""}` }),
          ...fleetShape(fleet, colorOf(fleet)),
          ...(leader ? [fleetLeaderMark(board.leaders.fleets[id])] : [])),
      );
    });
  }
}

/** The record sheets' tables of forts and fleets (none when the scenario has neither). */
export function forcesSheets(board, { placeWords, roleChip, nations, armyName = (id) => id, armyAt = () => null }) {
  const forts = Object.entries(board.forts || {});
  const fleets = Object.entries(board.fleets || {});
  const out = [];
  if (forts.length) {
    out.push(
      h("table", { class: "data-table hgw-sheet hgw-forts" },
        h("caption", {}, "Forts"),
        h("thead", {}, h("tr", {}, h("th", {}, "Hex"), h("th", {}, "Side"), h("th", { title: "completed fort points" }, "Points"), h("th", { title: "fort points being built" }, "Building"))),
        h("tbody", {}, forts.map(([place, fort]) =>
          h("tr", { "data-fort": place },
            h("th", { scope: "row" }, placeWords(place)),
            h("td", {}, roleChip(fort.side)),
            h("td", { class: "total" }, String(fort.points)),
            h("td", {}, fort.building ? String(fort.building) : ""))))),
    );
  }
  if (fleets.length) {
    // Campaign Game II's columns: the ships by type and the patrol hex
    const typed = fleets.some(([, fleet]) => fleet.ships);
    const levels = Object.entries(board.asw_level || {}).filter(([, n]) => n);
    const caption = levels.length ? `Fleets (A.S.W. level: ${levels.map(([side, n]) => `${side} ${n}`).join(", ")})` : "Fleets";
    out.push(
      h("table", { class: "data-table hgw-sheet hgw-fleets" },
        h("caption", {}, caption),
        h("thead", {}, h("tr", {}, h("th", {}, "Fleet"), h("th", {}, "Side"), h("th", { title: "the fleet's base" }, "Port"), typed ? h("th", {}, "Patrol") : null, h("th", {}, "Points"), typed ? h("th", {}, "Ships") : null, h("th", {}, ""))),
        h("tbody", {}, fleets.map(([id, fleet]) =>
          h("tr", { "data-fleet": id },
            h("th", { scope: "row" }, fleet.name),
            h("td", { class: "hgw-fleet-nation" }, roleChip(fleet.side), nations?.[fleet.nation] ? ` ${nations[fleet.nation].name} (${fleetCode(fleet)})` : ""),
            h("td", {}, fleet.at && (fleet.sp || fleet.patrol) ? placeWords(fleet.at) : "—"),
            typed ? h("td", { class: "hgw-fleet-patrol" }, fleet.patrol ? placeWords(fleet.patrol) : "") : null,
            h("td", { class: "total" }, String(fleet.sp)),
            typed ? h("td", { class: "hgw-fleet-ships" }, fleetShipWords(fleet)) : null,
            h("td", { class: "hgw-army-note" }, [fleetStatusWords(board, id), (board.raiders || []).includes(id) ? "raider (N6.1)" : "", fleetLeaderWords(board, id)].filter(Boolean).join("; "))))),
      ),
    );
  }
  const routes = routesSheet(board, { placeWords, roleChip });
  if (routes) out.push(routes);
  out.push(...navalSheets(board, { placeWords, armyName, armyAt }));
  return out;
}

/** The fort that defends a battle's hex, in words for its odds ("" when none). */
export function fortAt(board, place, placeWords) {
  const fort = board?.forts?.[place];
  return fort && fort.points ? `the ${fort.side} ${fortWords(fort)} at ${placeWords(place)}` : "";
}
