// What Victory's view says (victory.js), read by the board and the panels: the roles'
// colours, the names of terrains, hexside features and phases, the blocks and the hexes
// of view.board, and how a player names a hex and a block.

import { blockName } from "../blocks.js";

export const ROLE_COLORS = { red: "#b8302a", blue: "#2b5bb5", green: "#2f7d3a", yellow: "#c99a12", black: "#333333" };

/** Fill of each terrain (a coastal hex is drawn in the colour of its land terrain,
 * with the sea lapping at its edge). */
export const TERRAIN = {
  clear: { fill: "#e9e2bf", name: "clear" },
  desert: { fill: "#ecc97d", name: "desert" },
  forest: { fill: "#86b26d", name: "forest" },
  marsh: { fill: "#a9c6a6", name: "marsh" },
  mountain: { fill: "#b29d86", name: "mountain" },
  sea: { fill: "#7fb1dc", name: "sea" },
  shoal: { fill: "#a9d2ea", name: "shoal" },
};

export const FEATURE_NAMES = {
  river: "river",
  bridge: "bridge",
  alpine: "alpine hexside",
  canal: "canal",
  road: "road",
  estuary: "estuary",
  shoal: "shoal hexside",
};

export const PHASES = {
  deploy: "deployment",
  factories: "factory set-up",
  initiative: "initiative",
  move: "movement",
  combat: "combat",
  supply: "supply",
  production: "production",
  choose_maps: "choosing the maps",
};

export function roleColor(role) {
  return ROLE_COLORS[role] || "#777";
}

export function blocksOf(view) {
  return Array.isArray(view?.board?.blocks) ? view.board.blocks : [];
}

/** The shown block with this id (hidden blocks have none). */
export function blockById(view, id) {
  return blocksOf(view).find((b) => b.id === id) || null;
}

export function hexInfo(view) {
  const map = new Map();
  for (const hex of view.board.hexes || []) map.set(hex.id, hex);
  return map;
}

/** "Corvin (3,8)" for a named hex, else the id. */
/** "a" or "an" before a word or a number as it is said ("an Airborne", "an 8 PP"). */

export function hexWords(hex, view) {
  const info = (view.board.hexes || []).find((x) => x.id === hex);
  return info && info.name ? `${info.name} (${hex})` : hex;
}

/** A block as its player names it, "Fighter A2 at 0,3" (where it stands, while it is on
 * the map), never its id: a player sees no ids on the blocks (issue 26, item 15). */
export function unitName(uid, view) {
  const block = view && blockById(view, uid);
  if (!block) return uid;
  return block.at && view.board.phase !== "deploy" ? `${blockName(block)} at ${block.at}` : blockName(block);
}
