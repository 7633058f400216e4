// Hitler's Global War: the forts and fleets of the view (issue 26, item 7), drawn on
// the map, listed in the record sheets and explained in the legend. view.board.forts
// is {place: {side, points, building}} (Fortifications; Effect Of Forts On Combat),
// view.board.fleets {id: {side, name, at, sp}} and view.board.fleet_status {id:
// "escort" | "support" | "expended" | "cut"} (games/hgw/fleets.py): open information,
// like the armies' record sheets. In Campaign Game II a fleet also has its ships by
// type ({capital, carrier, asw, uboat}) and may be on patrol in a sea hex (`patrol`):
// it is drawn there, and the sheets list its ships, base and patrol, and each side's
// A.S.W. level (view.board.asw_level).

import { h, s } from "../ui.js";

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

/** What a fleet is doing this turn, in words ("" when it is free). */
export function fleetStatusWords(board, id) {
  return FLEET_STATUS[board?.fleet_status?.[id]] || "";
}

const SHIP_NAMES = { capital: "capital", carrier: "carrier", asw: "A.S.W.", uboat: "U-boat" };

/** A fleet's ships in words: "3 capital + 1 A.S.W." ("" for an earlier scenario's fleet). */
export function shipWords(fleet) {
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

/** A fleet counter centred on (0, 0): a hull in its side's colour, its strength. */
export function fleetShape(fleet, color) {
  return [
    s("path", { class: "hgw-fleet-hull", d: "M-4.6 -0.6 H4.6 L3.2 2.4 H-3.2 Z M-1.6 -0.6 V-2.8 H1.4 V-0.6", fill: color }),
    s("text", { class: "hgw-fleet-sp", x: 0, y: 1.1, text: String(fleet.sp) }),
  ];
}

/**
 * The forts and fleets on the map, into `layer`: a fort in its hex's upper right, the
 * fleets of a port in a row along its left edge. `where(place)` is the hex centre,
 * `placeWords(place)` its name in words.
 */
export function drawForces(layer, board, { where, placeWords, roleColor }) {
  for (const [place, fort] of Object.entries(board.forts || {})) {
    const at = where(place);
    if (!at) continue;
    layer.append(
      s("g", { class: ["hgw-fort", fort.points === 0 && "building"], "data-fort": place, "data-side": fort.side, transform: `translate(${(at[0] + 4.6).toFixed(2)} ${(at[1] - 3.2).toFixed(2)})` },
        s("title", { text: `${placeWords(place)}: ${fort.side} ${fortWords(fort)}` }),
        ...fortShape(fort, roleColor(fort.side))),
    );
  }
  // a fleet on patrol is drawn in its patrol hex (Campaign Game II), the others in port
  const byPort = new Map();
  for (const [id, fleet] of Object.entries(board.fleets || {})) {
    if (!fleet.at) continue;
    const here = fleet.patrol || fleet.at;
    if (!byPort.has(here)) byPort.set(here, []);
    byPort.get(here).push([id, fleet]);
  }
  for (const [port, fleets] of byPort) {
    const at = where(port);
    if (!at) continue;
    fleets.forEach(([id, fleet], i) => {
      const status = fleetStatusWords(board, id);
      const ships = shipWords(fleet);
      const where = fleet.patrol ? `on patrol in ${placeWords(fleet.patrol)} from ${placeWords(fleet.at)}` : `at ${placeWords(port)}`;
      layer.append(
        s("g", { class: ["hgw-fleet", board.fleet_status?.[id] && `fleet-${board.fleet_status[id]}`, fleet.patrol && "on-patrol"], "data-fleet": id, "data-side": fleet.side, transform: `translate(${(at[0] - 4.2).toFixed(2)} ${(at[1] - 4.4 + i * 3.4).toFixed(2)}) scale(0.8)` },
          s("title", { text: `${fleet.name} (${fleet.side} fleet) ${where}: ${fleet.sp} fleet points${ships ? ` (${ships})` : ""}${status ? `; ${status}` : ""}` }),
          ...fleetShape(fleet, roleColor(fleet.side))),
      );
    });
  }
}

/** The record sheets' tables of forts and fleets (none when the scenario has neither). */
export function forcesSheets(board, { placeWords, roleChip }) {
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
            h("td", {}, roleChip(fleet.side)),
            h("td", {}, fleet.at ? placeWords(fleet.at) : "—"),
            typed ? h("td", { class: "hgw-fleet-patrol" }, fleet.patrol ? placeWords(fleet.patrol) : "") : null,
            h("td", { class: "total" }, String(fleet.sp)),
            typed ? h("td", { class: "hgw-fleet-ships" }, shipWords(fleet)) : null,
            h("td", { class: "hgw-army-note" }, fleetStatusWords(board, id))))),
      ),
    );
  }
  return out;
}

/** The fort that defends a battle's hex, in words for its odds ("" when none). */
export function fortAt(board, place, placeWords) {
  const fort = board?.forts?.[place];
  return fort && fort.points ? `the ${fort.side} ${fortWords(fort)} at ${placeWords(place)}` : "";
}
