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

/** The factions a seat plays. */
export function factionsOf(role) {
  return role === "axis" ? ["axis"] : ["western_allies", "ussr"];
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

/** "Move +1", "Build Fortification": an order token's name. */
export function orderName(order) {
  const known = data?.orders?.[order];
  if (!known) return titleCase(order);
  return `${titleCase(known.kind)}${known.bonus ? ` +${known.bonus}` : ""}`;
}

/** An entry of a side of a battle in words: `n` of the odds key `key` ("armored_corps_1",
 * 2 -> "2 × Armored Corps (level 1)"; "order", 2 -> "order bonus +2"). */
export function oddsKeyName(key, n) {
  const unit = /^([a-z_]+)_(\d)$/.exec(key);
  if (unit && unit[1] === "air") return `${n} air support token${n === 1 ? "" : "s"} of level ${unit[2]}`;
  if (unit && (data?.units?.[unit[1]] || UNIT_SHORT[unit[1]])) return `${n} × ${unitShort(unit[1], true)} (level ${unit[2]})`;
  if (key === "order") return `order bonus +${n}`;
  if (key === "fortification") return `fortification level ${n}`;
  if (key === "support") return `${n} supporting unit${n === 1 ? "" : "s"}`;
  return `${n} ${titleCase(key)}`;
}

/** The letters printed on an order token: "M+1", "S", "BF"… */
export function orderShort(order) {
  const known = data?.orders?.[order];
  const base = ORDER_SHORT[order] || ORDER_SHORT[known?.kind] || String(order).slice(0, 2).toUpperCase();
  return known?.bonus ? `${base}+${known.bonus}` : base;
}

/** "Armored Corps 12": a unit's type and its number (its id, "a12", is the faction's
 * letter and the number it was raised under). */
export function unitName(unit) {
  const number = /(\d+)$/.exec(unit.id)?.[1];
  return `${unitShort(unit.t, true)}${number ? ` ${number}` : ""}`;
}

const FACTION_IDS = /\b(western_allies|ussr)\b/g;
const SINGLE_ORDERS = /\b(move|support|maneuver|defense|feint_attack)(?= in )/g;

/** A log line's plain words with the ruleset's ids in a player's words: factions,
 * orders ("move_plus_1" -> "Move +1"), unit types and the air support tokens drawn. */
export function logWords(text) {
  let out = text.replace(/draws \[([^\]]*)\]/g, (_, list) => {
    const levels = list.split(",").map((x) => x.replace(/['"\s]/g, "")).filter(Boolean);
    return `draws ${levels.length === 1 ? "an air support token" : `${levels.length} air support tokens`} of level ${levels.join(", ")}`;
  });
  out = out.replace(FACTION_IDS, (id) => factionName(id));
  const ids = [...Object.keys(data?.orders || {}), ...Object.keys(data?.units || {})].filter((id) => id.includes("_"));
  if (ids.length) {
    const pattern = new RegExp(`\\b(${ids.sort((a, b) => b.length - a.length).join("|")})\\b`, "g");
    out = out.replace(pattern, (id) => (data.orders?.[id] ? orderName(id) : unitShort(id, true)));
  }
  return out.replace(SINGLE_ORDERS, (id) => orderName(id));
}

/** A prompt of the server ("Battle in warsaw: allocate 2 loss points") in a player's
 * words: the ids `logWords` knows, and area ids by their names. */
export function promptWords(text) {
  const names = data?.names;
  const out = logWords(text);
  return names ? out.replace(/\b[a-z][a-z_]*[a-z]\b/g, (word) => names.get(word) || word) : out;
}
