// The looks of the Virtuti map (web/games/virtuti.js): the fill of an area in each map
// mode (faction, weather, political: a colour per country, supply: the seat's areas and
// the enemy's, in supply or out of it), the legend, and the geometry a phone's view
// needs (each area's box, the median area's size, where the seat's front is).

import { h, s, titleCase } from "../ui.js";
import { boardData, factionName, factionsOf } from "./virtutidata.js";

export const NEUTRAL = "#d8cfb2";
export const WEATHER = { clear: "#e6dfbf", mud: "#9c7a4c", snow: "#f5f8fd" };
export const SEA = "#a9c9e4";
/** The least size of a touch target, in CSS px (as board.js). */
export const TAP_PX = 44;

let boxes = null;
/** area id -> its bounding box in map units ({x, y, w, h}), from the board data. */
export function areaBoxes() {
  const data = boardData();
  if (!data) return new Map();
  if (boxes?.data === data) return boxes.map;
  const map = new Map();
  for (const area of [...data.map.land_areas, ...data.map.sea_zones]) {
    const xs = area.shapes.flat().map(([x]) => x);
    const ys = area.shapes.flat().map(([, y]) => y);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    map.set(area.id, { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y });
  }
  for (const port of data.map.ports) map.set(port.id, { x: port.label[0] - 20, y: port.label[1] - 20, w: 40, h: 40 });
  boxes = { data, map };
  return map;
}

/** The median land area's smaller side, in map units. */
export function medianAreaSize() {
  const land = new Set((boardData()?.map.land_areas || []).map((a) => a.id));
  const sizes = [...areaBoxes()].filter(([id]) => land.has(id)).map(([, b]) => Math.min(b.w, b.h)).sort((a, b) => a - b);
  return sizes.length ? sizes[Math.floor(sizes.length / 2)] : 0;
}

export function centreOf(map) {
  const centre = new Map();
  for (const area of [...map.land_areas, ...map.sea_zones, ...map.ports]) centre.set(area.id, area.label);
  return centre;
}

/** Where a phone's first view is centred: the middle of the seat's units (an
 * observer's: all units). */
export function frontOf(view, centre) {
  const mine = view.role ? factionsOf(view.role) : null;
  const at = (view.board?.units || []).filter((u) => !mine || mine.includes(u.f)).map((u) => centre.get(u.a)).filter(Boolean);
  if (!at.length) return null;
  return { x: at.reduce((n, [x]) => n + x, 0) / at.length, y: at.reduce((n, [, y]) => n + y, 0) / at.length };
}

/** The light fill of a faction's areas. */
function tint(faction) {
  return { axis: "#9a9a9a", western_allies: "#8fb0dd", ussr: "#dd958f" }[faction] || NEUTRAL;
}

// The supply mode's four kinds: the seat's (an observer's: the Axis's) areas and the
// other side's, each in supply or out of it.
const SUPPLY = {
  own: { fill: "#8cc56f" },
  own_out: { fill: "#f3a93b" },
  enemy: { fill: "#b3b0cf" },
  enemy_out: { fill: "#c9483c" },
};
const SUPPLY_WORDS = {
  own: (role) => (role ? "yours, in supply" : "Axis, in supply"),
  own_out: (role) => (role ? "yours, out of supply" : "Axis, out of supply"),
  enemy: (role) => (role ? "the enemy's, in supply" : "Allied, in supply"),
  enemy_out: (role) => (role ? "the enemy's, out of supply" : "Allied, out of supply"),
};

function sideOf(faction) {
  return faction === "axis" ? "axis" : "allies";
}

function supplyKind(holder, out, role) {
  const own = sideOf(holder) === (role || "axis");
  return `${own ? "own" : "enemy"}${out ? "_out" : ""}`;
}

// Country colours of the political mode: a fixed palette in the order of the board
// data's countries (so a country keeps its colour from game to game).
const COUNTRY_PALETTE = [
  "#c8a2c8", "#e0b36a", "#8fc1a9", "#d98c7a", "#9fb6e0", "#e3d27a", "#b7c98a", "#c49a6c",
  "#8fa8c8", "#e6a3b5", "#a3d3d9", "#cfb28f", "#a7a1d8", "#d9c2a0", "#9ccf9c", "#e4a07f",
  "#b5b5b5", "#c7d89b", "#d4a5d9", "#a9c4a3", "#e8c39e", "#9db0b8", "#d6b4c8", "#bfae7d",
  "#f0d0a0", "#a0c0e8", "#d8e0a8", "#c0a0b0", "#a8d8c0", "#e0b0a0", "#b0d0f0", "#d0c0e8",
];

function countryColor(id) {
  const countries = boardData()?.countries || [];
  const i = countries.findIndex((c) => c.id === id);
  return i < 0 ? NEUTRAL : COUNTRY_PALETTE[i % COUNTRY_PALETTE.length];
}

function countryName(id) {
  return (boardData()?.countries || []).find((c) => c.id === id)?.name || titleCase(id);
}

/** The fill of a land area in a map mode, with the words of its tooltip. */
export function areaLook(area, view, mode) {
  const board = view.board;
  const holder = board.control?.[area.id] || null;
  if (mode === "weather") {
    const w = board.weather?.[area.id] || "clear";
    return { fill: WEATHER[w] || WEATHER.clear, words: `weather: ${w}` };
  }
  if (mode === "political") {
    // each country its own colour, as on the game's political map; its side and status in words
    const country = board.countries?.[area.owner];
    const status = country?.status || "neutral";
    const war = status === "neutral" && country?.war_entry ? `, war entry ${country.war_entry}` : "";
    return { fill: countryColor(area.owner), words: `${countryName(area.owner)}: ${status}${country?.faction ? ` (${factionName(country.faction)})` : ""}${war}` };
  }
  if (mode === "supply") {
    // P8 supply: the seat's own areas and the enemy's, each in supply or out of it
    if (!holder) return { fill: NEUTRAL, words: "neutral" };
    const kind = supplyKind(holder, (board.out_of_supply || []).includes(area.id), view.role);
    return { fill: SUPPLY[kind].fill, words: `${SUPPLY_WORDS[kind](view.role)}${area.supply_source ? " (a supply source)" : ""}` };
  }
  return { fill: tint(holder), words: holder ? `held by the ${factionName(holder)}` : "neutral" };
}

/** A swatch edged as an area named by the other players' last moves (virtuti.css). */
function recentSwatch() {
  const svg = s("svg", { class: "legend-svg vm-legend-recent", width: 30, height: 20, viewBox: "0 0 30 20", "aria-hidden": "true" });
  svg.append(s("rect", { class: "tile", x: 1.5, y: 1.5, width: 27, height: 17, rx: 3, fill: NEUTRAL }));
  return svg;
}

export function legend() {
  const swatch = (fill) => {
    const svg = s("svg", { class: "legend-svg", width: 30, height: 20, viewBox: "0 0 30 20", "aria-hidden": "true" });
    svg.append(s("rect", { x: 1, y: 1, width: 28, height: 18, rx: 3, fill, stroke: "#555" }));
    return svg;
  };
  const item = (fill, text) => h("li", {}, swatch(fill), h("span", {}, text));
  return h(
    "ul",
    { class: "legend-items" },
    item(tint("axis"), "Axis area (faction mode)"),
    item(tint("western_allies"), "Western Allied area"),
    item(tint("ussr"), "Soviet area"),
    item(NEUTRAL, "Neutral area"),
    item(WEATHER.mud, "Mud (weather mode)"),
    item(WEATHER.snow, "Snow (weather mode)"),
    h("li", {}, recentSwatch(), h("span", {}, "Blue edge: areas named by the other players' last moves")),
    item(SUPPLY.own.fill, "Supply mode: your area, in supply"),
    item(SUPPLY.own_out.fill, "Your area, out of supply"),
    item(SUPPLY.enemy.fill, "The enemy's area, in supply"),
    item(SUPPLY.enemy_out.fill, "The enemy's area, out of supply"),
    item(COUNTRY_PALETTE[0], "Political mode: each country its own colour (its name, side and status in the area's tip)"),
    item(SEA, "Sea zone; the anchor circles are ports"),
    h("li", {}, h("span", {}, "Counters: unit type and level in its faction's colour; round tokens are orders; the tower is a fortification and its level; ★ a VP area; the small number its PP")),
  );
}

