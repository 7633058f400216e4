// Hitler's Global War: an army counter as drawn on the map, in the legend and beside
// the record sheets: its side's colour, its id, its strength, its make-up as a bar, a
// French band, the out-of-supply mark; and where several sit in one hex.

import { s } from "../ui.js";
import { KINDS, roleColor } from "./hgw-view.js";

/** The colour of each kind of strength point in a counter's make-up bar. */
export const KIND_COLORS = { infantry: "#f4f1e8", mechanized: "#ffd54a", tac_air: "#7fd3ff", paratroop: "#9be28a", amphibious: "#4fc1b5" };

/** An army counter centred on (0, 0): its side's colour, its id, its strength, and
 * its make-up from the record sheet as a bar, one segment per kind of point. */
export function counterShape(army) {
  const total = Math.max(1, army.strength || 0);
  const bar = [];
  let x = -6.5;
  for (const kind of KINDS) {
    const points = army.sp?.[kind] || 0;
    if (!points) continue;
    const w = (13 * points) / total;
    bar.push(s("rect", { class: "hgw-kind", "data-kind": kind, x: x.toFixed(2), y: 4.2, width: (w - 0.25).toFixed(2), height: 1, fill: KIND_COLORS[kind] }));
    x += w;
  }
  return [
    s("rect", { class: "ring", x: -COUNTER_WIDTH / 2, y: -6.4, width: COUNTER_WIDTH, height: 12.8, rx: 1.8 }),
    s("rect", { class: "body", x: -7.5, y: -5.5, width: 15, height: 11, rx: 1.2, fill: roleColor(army.side) }),
    ...nationBand(army),
    s("text", { class: "hgw-army-id", x: 0, y: -2.2, text: counterId(army) }),
    s("text", { class: "hgw-army-sp", x: 0, y: 3.4, text: String(army.strength ?? "") }),
    ...bar,
  ];
}

/** The id printed on an army's counter: its id in capitals, a capital inside the id
 * kept apart ("agC", Army Group C, is "AG C": never the same as "agc", Army Group
 * Center). */
export function counterId(army) {
  return army.id.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toUpperCase();
}

/** The mark of an army out of supply (L2.3, L2.4): a red "no supply" disc on its
 * counter's upper right corner, beside the dashed edge. */
export function unsuppliedMark() {
  return s("g", { class: "hgw-unsupplied", transform: "translate(6.6 -5.2)" },
    s("circle", { r: 2.4 }),
    s("path", { d: "M-1.5 -1.5 L1.5 1.5" }));
}

/** Optional rule Leaders: a leader marker on the counter's lower left corner, a star for
 * a revealed leader, a blank square for a face-down marker (nobody knows what it is). */
export function leaderMark(name) {
  const face = name === "face down";
  return s("g", { class: ["hgw-leader-mark", face && "face-down"], transform: "translate(-6.4 3.4)" },
    face ? s("rect", { x: -1.8, y: -1.8, width: 3.6, height: 3.6, rx: 0.5 }) : s("path", { d: star(0, 0, 2.2, 0.9) }));
}

/** Activity Limitations 8: a French army (Free French after France's surrender, France
 * 5) carries a tricolour band down its left edge, a Free French one a white cross on it. */
function nationBand(army) {
  if (!army.nation) return [];
  const band = ["#1f4fb3", "#ffffff", "#d62b2b"].map((fill, i) =>
    s("rect", { class: "hgw-nation", x: -7.5 + i * 0.9, y: -5.5, width: 0.9, height: 11, fill }),
  );
  if (army.nation === "free_french") band.push(s("rect", { class: "hgw-nation-free", x: -7.5, y: -0.5, width: 2.7, height: 1, fill: "#111" }));
  return band;
}


/** The width of a counter's ring, in board units: the tap target of a lone army. */
export const COUNTER_WIDTH = 16.8;

/** Where n counters sit in a hex, and at what scale: side by side, two to a row. */
export function counterSlots(n) {
  if (n <= 1) return { out: [[0, 1]], scale: 1 };
  const cols = n <= 4 ? 2 : 3;
  const rows = Math.ceil(n / cols);
  const scale = n <= 2 ? 0.52 : n <= 4 ? 0.48 : 0.34;
  const pw = 17 * scale;
  const ph = 13 * scale;
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, n - row * cols);
    out.push([((i % cols) - (inRow - 1) / 2) * pw, 1 + (row - (rows - 1) / 2) * ph]);
  }
  return { out, scale };
}

/** A five-pointed star centred on (cx, cy): a capital. */
export function star(cx, cy, outer, inner) {
  let d = "";
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    d += `${i ? "L" : "M"}${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  }
  return `${d}Z`;
}
