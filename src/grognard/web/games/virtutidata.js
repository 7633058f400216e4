// The fixed data of the Virtuti board (map shapes, names of cards, units, orders,
// countries; games/virtuti/board_data.py), fetched once per page and shared by
// virtuti.js and virtutipanels.js, with the names and colours both use. Also loads
// the board's own stylesheet (games/virtuti.css): the page's CSP allows same-origin
// style sheets only.

import { titleCase } from "../ui.js";

export const FACTION_COLORS = { axis: "#3f4347", western_allies: "#2b5bb5", ussr: "#b52a24" };
const FACTION_NAMES = { axis: "Axis", western_allies: "Western Allies", ussr: "USSR" };

let data = null;
let loading = null;

/** The board data once loaded, else null. */
export function boardData() {
  return data;
}

/** Load the board data (once); resolves to it. */
export function loadBoardData() {
  if (!loading) {
    if (!document.querySelector("link[data-virtuti-css]")) {
      const link = document.createElement("link");
      link.rel = "stylesheet";
      link.href = new URL("./virtuti.css", import.meta.url).href;
      link.dataset.virtutiCss = "";
      document.head.append(link);
    }
    loading = fetch("/api/rulesets/virtuti/board-data", { credentials: "same-origin" })
      .then((response) => {
        if (!response.ok) throw new Error(`the Virtuti map could not be loaded (${response.status})`);
        return response.json();
      })
      .then((json) => {
        data = json;
        const names = new Map();
        for (const area of [...json.map.land_areas, ...json.map.ports, ...json.map.sea_zones]) names.set(area.id, area.name);
        data.names = names;
        return data;
      })
      .catch((err) => {
        loading = null; // the next view tries again
        throw err;
      });
  }
  return loading;
}

export function factionName(faction) {
  return FACTION_NAMES[faction] || titleCase(faction);
}

export function areaName(id) {
  return data?.names?.get(id) || titleCase(id);
}

const UNIT_SHORT = {
  army: "A",
  corps: "C",
  armored_corps: "AC",
  armored_division: "AD",
  artillery: "Ar",
  fleet: "F",
};

/** "AC" (or with `long`, "Armored Corps") for a unit type. */
export function unitShort(type, long = false) {
  if (long) return data?.units?.[type]?.name || titleCase(type);
  return UNIT_SHORT[type] || String(type).slice(0, 2).toUpperCase();
}

const ORDER_SHORT = {
  move: "M",
  support: "S",
  defense: "D",
  feint_attack: "F",
  build_fortification: "BF",
  strategic_movement: "SM",
  maneuver: "Mn",
  amphibious_landing: "AL",
  shore_bombardment: "SB",
};

/** The letters printed on an order token: "M+1", "S", "BF"… */
export function orderShort(order) {
  const known = data?.orders?.[order];
  const base = ORDER_SHORT[order] || ORDER_SHORT[known?.kind] || String(order).slice(0, 2).toUpperCase();
  return known?.bonus ? `${base}+${known.bonus}` : base;
}
