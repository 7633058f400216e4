// Viktory II's look (viktory2.js): the sizes of the board, the roles' colours, the
// terrain fills and their patterns, and the SVG shapes of towns, cities and counters,
// shared by the board (viktory2-board.js) and the panels beside it (viktory2-panels.js).

import { s } from "../ui.js";

export const SIZE = 46;
export const COUNTER = 17;
const PITCH = 19;

/** How wide a counter is on a phone's first view, in CSS px: readable, and a finger
 * finds it (a tap on a counter of yours selects it, `tapSelects`); a tap elsewhere in
 * its hex (then over 100 px across) acts there or asks which unit is meant. */
export const PHONE_COUNTER_PX = 24;

/** The least size of a touch target, in CSS px (board.js TAP_PX). */
export const TAP_PX = 44;

export const ROLE_COLORS = {
  red: "#c8322d",
  yellow: "#e8b10a",
  blue: "#2d63c8",
  green: "#2c8a3e",
  black: "#2a2a2a",
  white: "#f3efe4",
};

const LIGHT_ROLES = new Set(["yellow", "white"]);
export const COLOR_ORDER = ["red", "yellow", "blue", "green", "black", "white"];

export const TERRAIN = {
  plains: { fill: "#e5d38e", pattern: "v2-plains", name: "plains" },
  grassland: { fill: "#a9d074", pattern: "v2-grass", name: "grassland" },
  forest: { fill: "#5a9150", pattern: "v2-forest", name: "forest" },
  mountain: { fill: "#a89b8c", pattern: "v2-mountain", name: "mountain" },
  water: { fill: "#74acdb", pattern: "v2-water", name: "water" },
};

export const FACE_DOWN = { fill: "#cdc2a9", pattern: "v2-down", name: "face down" };
const UNIT_LETTER = { infantry: "I", cavalry: "C", artillery: "A", frigate: "F" };
export const UNIT_ORDER = { infantry: 0, cavalry: 1, artillery: 2, frigate: 3 };

function textColor(role) {
  return LIGHT_ROLES.has(role) ? "#1d1d1d" : "#ffffff";
}

export function roleColor(role) {
  return ROLE_COLORS[role] || "#777";
}

export function patterns() {
  const pattern = (id, w, hgt, ...shapes) =>
    s("pattern", { id, width: w, height: hgt, patternUnits: "userSpaceOnUse" }, ...shapes);
  return [
    pattern("v2-plains", 12, 12, s("circle", { cx: 3, cy: 4, r: 0.9, fill: "#b9a55a", opacity: 0.6 }), s("circle", { cx: 9, cy: 10, r: 0.9, fill: "#b9a55a", opacity: 0.6 })),
    pattern("v2-grass", 14, 12, s("path", { d: "M3 9 l1.5 -4 M5 9 l0 -4.5 M7 9 l-1.5 -4", stroke: "#6f9c3f", "stroke-width": 1, fill: "none", opacity: 0.7 })),
    pattern("v2-forest", 13, 13, s("path", { d: "M6.5 2 L10.5 9 H2.5 Z", fill: "#2f6129", opacity: 0.55 }), s("rect", { x: 6, y: 9, width: 1.2, height: 2.5, fill: "#3b2a1a", opacity: 0.5 })),
    pattern("v2-mountain", 18, 14, s("path", { d: "M1 12 L6 4 L9 8 L12 3 L17 12 Z", fill: "#7d7166", opacity: 0.5 }), s("path", { d: "M10.6 5.3 L12 3 L13.4 5.3 Z", fill: "#f6f3ee", opacity: 0.85 })),
    pattern("v2-water", 18, 10, s("path", { d: "M1 6 q2.5 -3 5 0 t5 0 t5 0", stroke: "#4d87be", "stroke-width": 1, fill: "none", opacity: 0.6 })),
    pattern("v2-down", 8, 8, s("path", { d: "M0 8 L8 0 M-2 2 L2 -2 M6 10 L10 6", stroke: "#a99d82", "stroke-width": 1.3 })),
    s(
      "filter",
      { id: "v2-lift", x: "-50%", y: "-50%", width: "200%", height: "200%" },
      s("feDropShadow", { dx: 0, dy: 1.5, stdDeviation: 1.4, "flood-color": "#000", "flood-opacity": 0.45 }),
    ),
  ];
}

export function townShape(owner, city, capital) {
  const fill = roleColor(owner);
  const g = s("g", { class: "town", "data-owner": owner });
  if (city) {
    g.append(
      s("path", {
        d: "M-13 4 V-5 H-10 V-9 H-6 V-5 H-3 V-12 L1 -16 L5 -12 V-5 H8 V-9 H12 V-5 H13 V4 Z",
        fill,
        stroke: "#1c1c1c",
        "stroke-width": 1.2,
        "stroke-linejoin": "round",
      }),
      s("rect", { x: -1, y: -1, width: 4, height: 5, fill: "#1c1c1c", opacity: 0.55 }),
    );
  } else {
    g.append(
      s("path", { d: "M-8 4 V-4 L0 -11 L8 -4 V4 Z", fill, stroke: "#1c1c1c", "stroke-width": 1.2, "stroke-linejoin": "round" }),
      s("rect", { x: -1.8, y: -1, width: 3.6, height: 5, fill: "#1c1c1c", opacity: 0.55 }),
    );
  }
  if (capital) {
    const star = [];
    for (let i = 0; i < 10; i += 1) {
      const r = i % 2 ? 2.8 : 6.5;
      const angle = (Math.PI / 5) * i - Math.PI / 2;
      star.push(`${(r * Math.cos(angle)).toFixed(2)},${(r * Math.sin(angle)).toFixed(2)}`);
    }
    g.append(
      s("polygon", {
        points: star.join(" "),
        transform: `translate(${city ? 17 : 13} -9)`,
        fill: "#ffd84a",
        stroke: "#5a4300",
        "stroke-width": 1,
        class: "capital-star",
      }),
    );
  }
  return g;
}

export function counterShape(owner, type, { count = 1, cargo = 0 } = {}) {
  const half = COUNTER / 2;
  const g = s("g", { class: "counter" });
  g.append(
    s("rect", { class: "ring", x: -half - 2.5, y: -half - 2.5, width: COUNTER + 5, height: COUNTER + 5, rx: 5 }),
    s("rect", {
      class: "body",
      x: -half,
      y: -half,
      width: COUNTER,
      height: COUNTER,
      rx: 3,
      fill: roleColor(owner),
      stroke: "#1b1b1b",
      "stroke-width": 1,
    }),
    s(
      "text",
      { class: "letter", x: 0, y: 0.5, fill: textColor(owner), "text-anchor": "middle", "dominant-baseline": "central" },
      UNIT_LETTER[type] || type.charAt(0).toUpperCase(),
    ),
  );
  if (count > 1) {
    g.append(
      s("circle", { class: "badge-disc", cx: half, cy: -half, r: 6.5, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 0.8 }),
      s("text", { class: "badge", x: half, y: -half + 0.4, "text-anchor": "middle", "dominant-baseline": "central" }, String(count)),
    );
  }
  if (cargo > 0) {
    for (let i = 0; i < cargo; i += 1) {
      g.append(s("circle", { cx: -half + 3 + i * 4, cy: half + 3, r: 1.7, fill: "#fff", stroke: "#1b1b1b", "stroke-width": 0.6 }));
    }
  }
  return g;
}

/** Positions of up to 7 counters in a hex, below the town if there is one. */
export function slots(n, withTown) {
  const top = withTown ? 2 : -8;
  const row = (count, y) => Array.from({ length: count }, (_, i) => [(i - (count - 1) / 2) * PITCH, y]);
  if (n <= 4) return row(n, withTown ? 8 : 0);
  return [...row(4, top), ...row(n - 4, top + PITCH + 1)];
}

export function sortUnits(uids, units, order) {
  return uids.sort((a, b) => {
    const ua = units[a];
    const ub = units[b];
    return (
      order.indexOf(ua.owner) - order.indexOf(ub.owner) ||
      UNIT_ORDER[ua.type] - UNIT_ORDER[ub.type] ||
      a.localeCompare(b, undefined, { numeric: true })
    );
  });
}
