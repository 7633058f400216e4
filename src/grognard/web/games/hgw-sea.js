// Hitler's Global War: the war at sea as the map and the record sheets show it (issue
// 22, the browser). Each fleet counter carries its nation's colour and a two-letter code
// (Naval Action N1.3: each nation's counters in its own colour and flag; the code stands
// for the flag), so a British fleet reads apart from a French one; the shipping routes a
// side declared (sea_war.py: view.board.sea_routes {id: {side, kind, origin, to, path,
// lost, carried?}}, route_escorts {id: fleet}, route_losses {side: points}) are drawn hex
// by hex and listed in a sheet; a fleet on patrol is tied to its base by a dashed line.
// All of it is open information (state.py SEA_WAR).

import { h, s, titleCase } from "../ui.js";

/** The code printed on a nation's fleet counters (its flag, in two letters). */
// (the Pacific's fleets, issue 23, are of nations Naval Action's counter sheet has not:
// the U.S. and Dutch fleets carry their codes too, in their side's colour)
export const NATION_CODES = { britain: "GB", france: "FR", germany: "DE", italy: "IT", japan: "JP", soviet_union: "SU", united_states: "US", netherlands: "NL" };

/** A fleet's nation code, "" for a fleet of the basic naval rules (no nation). */
export function fleetCode(fleet) {
  return NATION_CODES[fleet?.nation] || "";
}

/** A submarine counter (U-Boat Attack 1: U-boat or SS points only). */
export function isSubmarine(fleet) {
  const ships = fleet?.ships;
  return Boolean(ships && ships.uboat && !ships.capital && !ships.carrier && !ships.asw);
}

// The routes of sea_war.py ROUTES and pacific_routes.py ROUTES, in words (U-Boat Attack
// 4; Lend-Lease 1-2; United States 1-2; Swedish Production 1-2; G24.0 Australia's
// production at sea, G21.3 the Japanese mainland's)
const ROUTE_NAMES = {
  australia: "Australia's shipping route (G24.0)",
  japan_mainland: "Japan's mainland shipping route (G21.3)",
  britain_us: "Britain–U.S. (Lend-Lease 2)",
  us_gulf: "U.S. Gulf (United States 1)",
  us_bombay: "U.S.–Bombay (United States 2)",
  lend_lease: "Lend-lease to the Soviets (Lend-Lease 1)",
  swedish_ore: "Swedish ore, Swedish port (Swedish Production 1)",
  swedish_ore_narvik: "Swedish ore, Narvik (Swedish Production 2)",
};

/** A route's name in words ("Swedish ore, Narvik (Swedish Production 2)"). */
export function routeWords(id) {
  return ROUTE_NAMES[id] || titleCase(String(id).replaceAll("_", " "));
}

/** A route's escort and losses in words: "escorted by Home Fleet; 1 point lost this turn". */
function routeState(board, id, route) {
  const escort = board.route_escorts?.[id];
  const parts = [];
  if (escort) parts.push(`escorted by ${board.fleets?.[escort]?.name || escort}`);
  if (route.lost) parts.push(`${route.lost} point${route.lost === 1 ? "" : "s"} lost to U-boats this turn`);
  if (route.carried !== undefined) parts.push(`carries ${route.carried}`);
  return parts.join("; ");
}

/**
 * The declared shipping routes and the patrols' lines into `layer` (under the fleets):
 * a route as a line through its hexes' centres in its side's colour, dashed, solid when
 * escorted; a patrol as a thin dashed line from its base to its hex. `where(place)` is
 * a hex's centre, `ring` the map's width (a line is broken where it goes round the world).
 */
export function drawSeaLanes(layer, board, { where, placeWords, roleColor, fleetColor, ring }) {
  const line = (hexes) => {
    const parts = [];
    let last = null;
    for (const place of hexes) {
      const at = where(place);
      if (!at) continue;
      const jump = last && ring && Math.abs(at[0] - last[0]) > ring / 2;
      parts.push(`${!last || jump ? "M" : "L"}${at[0].toFixed(2)} ${at[1].toFixed(2)}`);
      last = at;
    }
    return parts.join("");
  };
  for (const [id, route] of Object.entries(board.sea_routes || {})) {
    const d = line(route.path || []);
    if (!d) continue;
    const said = routeState(board, id, route);
    const ends = [route.origin, route.to].map((p) => where(p)).filter(Boolean);
    layer.append(
      s("g", { class: ["hgw-route", board.route_escorts?.[id] && "escorted", route.lost && "hit"], "data-route": id, "data-side": route.side },
        s("title", { text: `${routeWords(id)} (${route.side}): from ${placeWords(route.origin)} to ${placeWords(route.to)}, ${(route.path || []).length} hexes${said ? `; ${said}` : ""}` }),
        s("path", { class: "hgw-route-line", d, stroke: roleColor(route.side) }),
        ...ends.map(([x, y]) => s("circle", { class: "hgw-route-end", cx: x.toFixed(2), cy: y.toFixed(2), r: 1.3, fill: roleColor(route.side) }))),
    );
  }
  for (const [id, fleet] of Object.entries(board.fleets || {})) {
    if (!fleet.patrol || !fleet.at || fleet.patrol === fleet.at) continue;
    const d = line([fleet.at, fleet.patrol]);
    if (d) layer.append(s("path", { class: "hgw-patrol-line", "data-patrol": id, d, stroke: fleetColor(fleet) }));
  }
}

/** The record sheets' table of the declared shipping routes (none when there are none). */
export function routesSheet(board, { placeWords, roleChip }) {
  const routes = Object.entries(board.sea_routes || {});
  if (!routes.length) return null;
  const losses = Object.entries(board.route_losses || {}).filter(([, n]) => n);
  const caption = losses.length
    ? `Shipping routes (taken by U-boats, off the next production: ${losses.map(([side, n]) => `${side} ${n}`).join(", ")})`
    : "Shipping routes";
  return h("table", { class: "data-table hgw-sheet hgw-routes" },
    h("caption", {}, caption),
    h("thead", {}, h("tr", {}, h("th", {}, "Route"), h("th", {}, "Side"), h("th", {}, "From → to"), h("th", { title: "hexes of its path" }, "Hexes"), h("th", {}, "Escort and losses"))),
    h("tbody", {}, routes.map(([id, route]) =>
      h("tr", { "data-route": id },
        h("th", { scope: "row" }, routeWords(id)),
        h("td", {}, roleChip(route.side)),
        h("td", {}, `${placeWords(route.origin)} → ${placeWords(route.to)}`),
        h("td", { class: "total" }, String((route.path || []).length)),
        h("td", { class: "hgw-route-state" }, routeState(board, id, route))))));
}

/** The legend's entries of the war at sea: one fleet counter per nation, a submarine
 * counter, a patrol and a shipping route. `item(icon, text)` and `swatch(...shapes)`
 * are the legend's; `fleetShape(fleet, colour)` draws a counter. */
export function seaLegend({ item, swatch, fleetShape, nations, roleColor }) {
  const out = Object.entries(nations || {}).map(([nation, n]) =>
    item(swatch(s("g", { class: "hgw-fleet", "data-nation": nation, transform: "scale(1.9)" }, ...fleetShape({ sp: 4, nation, side: n.side }, n.colour))),
      `${n.name}'s fleet (${n.side}): "${NATION_CODES[nation] || ""}" for the ${n.flag}, its fleet points below`));
  out.push(
    item(swatch(s("g", { class: "hgw-fleet", transform: "scale(1.9)" }, ...fleetShape({ sp: 2, side: "axis", ships: { uboat: 2 } }, roleColor("axis")))), "Submarine fleet (U-boats or SS): rounded ends"),
    item(swatch(s("g", { class: "hgw-fleet", transform: "scale(1.9)" }, ...fleetShape({ sp: 3, side: "allied" }, roleColor("allied")))), "Fleet of the basic naval rules: its side's colour, no nation"),
    item(swatch(s("path", { class: "hgw-patrol-line", d: "M-9 4 L9 -4", stroke: roleColor("allied") })), "A fleet on patrol at sea, tied to its base"),
    item(swatch(s("path", { class: "hgw-route-line", d: "M-9 0 H9", stroke: roleColor("allied") })), "Shipping route a side declared (dashed; solid when a fleet escorts it)"),
  );
  return out;
}

/** The hits on naval bases this game turn (port_attacks.py: view.board.base_hits {place:
 * {turn, hits}}; N11.3: four in one game turn reduce a naval base to a port for good). */
function hitsThisTurn(board) {
  return Object.entries(board.base_hits || {}).filter(([, x]) => Number(x.turn) === Number(board.turn_index) && x.hits);
}

/** A red mark with its count on each naval base hit this game turn, into `layer`. */
export function drawBaseHits(layer, board, { where, placeWords }) {
  for (const [place, x] of hitsThisTurn(board)) {
    const at = where(place);
    if (!at) continue;
    layer.append(
      s("g", { class: "hgw-base-hits", "data-base-hits": place, transform: `translate(${(at[0] + 5).toFixed(2)} ${(at[1] + 1).toFixed(2)})` },
        s("title", { text: `${placeWords(place)}: ${x.hits} hit${x.hits === 1 ? "" : "s"} on its naval base this game turn (four reduce it to a port, N11.3)` }),
        s("path", { d: "M-2 -2 L2 2 M2 -2 L-2 2" }),
        s("text", { x: 0, y: 4.4, text: String(x.hits) })),
    );
  }
}

/** The record sheets' naval boxes of Naval Action: the bases hit this game turn (N11.3)
 * and the coastal air each army bought (coastal_air.py, N9.1: view.board.coastal_air
 * {army: points}) with what the hexes lost this player turn (N9.5: coastal_air_lost). */
export function navalSheets(board, { placeWords, armyName, armyAt }) {
  const out = [];
  const hits = hitsThisTurn(board);
  if (hits.length) {
    out.push(h("table", { class: "data-table hgw-sheet hgw-base-hits-sheet" },
      h("caption", {}, "Naval bases hit this game turn (four hits make a port, N11.3)"),
      h("tbody", {}, hits.map(([place, x]) => h("tr", { "data-base-hits": place }, h("th", { scope: "row" }, placeWords(place)), h("td", { class: "total" }, String(x.hits)))))));
  }
  const bought = Object.entries(board.coastal_air || {}).filter(([, n]) => n);
  const lost = Object.entries(board.coastal_air_lost || {}).filter(([, n]) => n);
  if (bought.length || lost.length) {
    out.push(h("table", { class: "data-table hgw-sheet hgw-coastal-air" },
      h("caption", {}, "Coastal air (N9.1; lost this player turn, N9.5)"),
      h("tbody", {},
        bought.map(([army, n]) => h("tr", { "data-coastal-army": army }, h("th", { scope: "row" }, armyName(army)), h("td", {}, armyAt(army) ? placeWords(armyAt(army)) : "—"), h("td", { class: "total" }, String(n)))),
        lost.map(([place, n]) => h("tr", { "data-coastal-lost": place }, h("th", { scope: "row" }, "lost"), h("td", {}, placeWords(place)), h("td", { class: "total" }, `−${n}`))))));
  }
  // Fleet replenishment (N13; replenishment.py): the amphibious points at sea, by chain
  const chains = Object.entries(board.replenishment || {});
  if (chains.length) {
    const state = { building: "sailing with its fleet", supplying: "supplying its patrol" };
    out.push(h("table", { class: "data-table hgw-sheet hgw-replenishment-sheet" },
      h("caption", {}, "Replenishment at sea (N13)"),
      h("tbody", {}, chains.map(([id, chain]) => h("tr", { "data-replenishment": id },
        h("th", { scope: "row" }, board.fleets?.[id]?.name || id),
        h("td", {}, state[chain.state] || chain.state || ""),
        h("td", { class: "hgw-replenishment-units" }, (chain.units || []).map((u) => `${placeWords(u.hex)}: ${u.sp}`).join("; ")))))));
  }
  return out;
}
