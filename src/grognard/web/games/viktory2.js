// Viktory II on screen: the hex board drawn in SVG from view.board, and the legal
// actions mapped onto it (see actions.js for the shapes `describe` returns).
//
// view.board: board.radius (interior; the water perimeter ring is radius + 1),
// tiles {"q,r": terrain | null}, towns {hex: {owner, city}}, capitals {role: hex},
// units {uid: {owner, type, hex, aboard}}, turn {player, number, phase}, scores,
// frame (the question being asked).

import { clear, h, s, titleCase } from "../ui.js";
import { HexBoard, hexPoints, hexToPixel, parseHex } from "../board.js";
import { logLine } from "../log.js";

const SIZE = 46;
const COUNTER = 17;
const PITCH = 19;
/** How wide a counter is on a phone's first view, in CSS px: readable, and a finger
 * finds it (a tap on a counter of yours selects it, `tapSelects`); a tap elsewhere in
 * its hex (then over 100 px across) acts there or asks which unit is meant. */
const PHONE_COUNTER_PX = 24;
/** The least size of a touch target, in CSS px (board.js TAP_PX). */
const TAP_PX = 44;

export const ROLE_COLORS = {
  red: "#c8322d",
  yellow: "#e8b10a",
  blue: "#2d63c8",
  green: "#2c8a3e",
  black: "#2a2a2a",
  white: "#f3efe4",
};
const LIGHT_ROLES = new Set(["yellow", "white"]);
const COLOR_ORDER = ["red", "yellow", "blue", "green", "black", "white"];

const TERRAIN = {
  plains: { fill: "#e5d38e", pattern: "v2-plains", name: "plains" },
  grassland: { fill: "#a9d074", pattern: "v2-grass", name: "grassland" },
  forest: { fill: "#5a9150", pattern: "v2-forest", name: "forest" },
  mountain: { fill: "#a89b8c", pattern: "v2-mountain", name: "mountain" },
  water: { fill: "#74acdb", pattern: "v2-water", name: "water" },
};
const FACE_DOWN = { fill: "#cdc2a9", pattern: "v2-down", name: "face down" };

const UNIT_LETTER = { infantry: "I", cavalry: "C", artillery: "A", frigate: "F" };
const UNIT_ORDER = { infantry: 0, cavalry: 1, artillery: 2, frigate: 3 };
const BATTLE_STATES = new Set(["battle", "casualties", "retreat", "luck", "eliminate"]);

function unitOf(view, uid) {
  return view.board.units[uid];
}

/** A unit as a player names it, "red infantry at 2,0" (where it stands on the map),
 * never its id: every infantry of a player is as good as another (issue 26, 15). */
export function unitName(uid, view) {
  const unit = view && unitOf(view, uid);
  if (!unit) return uid;
  return unit.hex ? `${unit.owner} ${unit.type} at ${unit.hex}` : `${unit.owner} ${unit.type}`;
}

function hexWords(hex, view) {
  const terrain = view.board.tiles[hex];
  return terrain ? `${hex} (${terrain})` : hex;
}

/** The other player who holds `hex` against the mover `uid` (12.1: a hostile town,
 * else hostile units of the hex's kind, land units on land and frigates at sea), or
 * null: moving in there starts a battle. */
function holderAt(view, hex, uid) {
  const mover = unitOf(view, uid);
  if (!mover) return null;
  const town = view.board.towns?.[hex];
  if (town && town.owner !== mover.owner) return town.owner;
  const naval = view.board.tiles?.[hex] === "water";
  const other = Object.values(view.board.units).find((u) => u.hex === hex && u.owner !== mover.owner && (u.type === "frigate") === naval);
  return other ? other.owner : null;
}

/** A move into a hex another player holds: lit as a battle, its odds in the selection
 * card and asked before the move (the move starts the battle, 12.0); the server works
 * the battle out as it would stand after this move (`oddsAction`). */
function intoBattle(action, uid, hex, words, view) {
  const holder = holderAt(view, hex, uid);
  return { unit: uid, hex, kind: "battle", startsBattleAt: hex, oddsAction: action, label: `${words}: starts a battle with ${holder}` };
}

/** What each Viktory II action is about, for the board and the buttons. */
function describe(action, view) {
  const [verb, a, b, c] = action;
  const name = (uid) => unitName(uid, view);
  switch (verb) {
    case "capital":
      return { hex: a, kind: "capital", label: `Build your capital at ${hexWords(a, view)}` };
    case "build_town":
      return { hex: a, kind: "build", label: `Build a town at ${hexWords(a, view)}` };
    case "build_city":
      return { hex: a, kind: "build", label: `Upgrade the town at ${a} to a city` };
    case "battle":
      return { hex: a, kind: "battle", label: `Fight the battle at ${a}` };
    case "swap_water":
      return { hex: a, kind: "build", label: `Swap the water at ${a} for a land tile` };
    case "relocate":
      return { hex: b, kind: "build", hexes: [a, b], label: `Move the town at ${a} to ${b}` };
    case "move":
      if (holderAt(view, b, a)) return intoBattle(action, a, b, `Move ${name(a)} into ${hexWords(b, view)}`, view);
      return { unit: a, hex: b, kind: "move", label: `Move ${name(a)} to ${hexWords(b, view)}` };
    case "place":
      return { unit: a, hex: b, kind: "move", label: `Place ${name(a)} at ${b}` };
    case "retreat":
      return { unit: a, hex: b, kind: "move", label: `Retreat ${name(a)} to ${b}` };
    case "relocate_unit":
      return { unit: a, hex: b, kind: "move", label: `Move ${name(a)} to ${b}` };
    case "bombard":
      return { unit: a, hex: b, kind: "battle", label: `Bombard ${b} with ${name(a)}` };
    case "embark": {
      const frigate = unitOf(view, a);
      if (!frigate || !frigate.hex) return null;
      return { unit: b, hex: frigate.hex, kind: "move", hexes: [frigate.hex], label: `Board ${name(b)} onto ${name(a)}` };
    }
    case "disembark":
      if (holderAt(view, c, b)) return intoBattle(action, b, c, `Land ${name(b)} from ${name(a)} at ${c}`, view);
      return { unit: b, hex: c, kind: "move", label: `Land ${name(b)} from ${name(a)} at ${c}` };
    case "hit":
      return { unit: a, kind: "hit", label: `${titleCase(name(a))} takes the hit` };
    case "eliminate":
      return { unit: a, kind: "hit", label: `Return ${name(a)} to the stock` };
    case "fight_on":
      return { label: "Fight another round", primary: true };
    case "end_moves":
      return { label: "End movement and combat", primary: true };
    case "end_turn":
      return { label: "End your turn", primary: true };
    case "skip_build":
      return { label: "Build nothing this turn" };
    case "keep_water":
      return { label: "Keep the water tile" };
    case "done":
      return { label: "Done", primary: true };
    case "average":
      return { label: a ? `Trade ${a} pair${a === 1 ? "" : "s"} of dice for ${a} sure hit${a === 1 ? "" : "s"}` : "Roll every die" };
    default:
      return null;
  }
}

function textColor(role) {
  return LIGHT_ROLES.has(role) ? "#1d1d1d" : "#ffffff";
}

function roleColor(role) {
  return ROLE_COLORS[role] || "#777";
}

// ----- drawing helpers ----------------------------------------------------------------
function patterns() {
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

function townShape(owner, city, capital) {
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

function counterShape(owner, type, { count = 1, cargo = 0 } = {}) {
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
function slots(n, withTown) {
  const top = withTown ? 2 : -8;
  const row = (count, y) => Array.from({ length: count }, (_, i) => [(i - (count - 1) / 2) * PITCH, y]);
  if (n <= 4) return row(n, withTown ? 8 : 0);
  return [...row(4, top), ...row(n - 4, top + PITCH + 1)];
}

function sortUnits(uids, units, order) {
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

function battleHex(view) {
  const board = view.board;
  const frame = board.frame || {};
  if (!BATTLE_STATES.has(frame.state)) return null;
  if (frame.hex) return frame.hex;
  for (const uid of frame.pool || []) {
    const unit = board.units[uid];
    if (unit && unit.hex) return unit.hex;
  }
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0 && i >= log.length - 40; i -= 1) {
    const match = /attacks .* at (-?\d+,-?\d+)/.exec(log[i]);
    if (match) return match[1];
  }
  return null;
}

class Viktory2Board extends HexBoard {
  constructor(host, hooks) {
    // PanZoom makes `tapSize` TAP_PX wide on a phone: a counter is then PHONE_COUNTER_PX
    super(host, hooks, "Viktory II board", "hexes", (COUNTER * TAP_PX) / PHONE_COUNTER_PX);
    this.pz.defs.append(...patterns());
    this.pz.content.append(this.hexLayer);
    this.radius = null;
  }

  activate(target) {
    const counter = target.closest?.("[data-uid]");
    const hex = target.closest?.("[data-hex]");
    if (!hex) return;
    this.hooks.onHex?.(hex.dataset.hex, counter ? counter.dataset.uid : null, counter ? counter.dataset.uids : null);
  }

  render(view, ui = {}) {
    const board = view.board;
    const radius = board.board.radius + 1;
    const order = board.order && board.order.length ? board.order : COLOR_ORDER;
    const capitals = new Map(Object.entries(board.capitals || {}).map(([role, hex]) => [hex, role]));
    const byHex = new Map();
    const cargo = new Map();
    for (const [uid, unit] of Object.entries(board.units)) {
      if (unit.hex) {
        if (!byHex.has(unit.hex)) byHex.set(unit.hex, []);
        byHex.get(unit.hex).push(uid);
      } else if (unit.aboard) {
        cargo.set(unit.aboard, (cargo.get(unit.aboard) || 0) + 1);
      }
    }
    const selectable = ui.selectable || new Set();
    const targets = ui.targets || new Map();
    const hexTargets = ui.hexTargets || new Map();
    const labels = ui.labels || new Map();
    const fight = battleHex(view);
    const selectedHex = ui.selected ? board.units[ui.selected]?.hex : null;
    const drawn = new Set();

    clear(this.hexLayer);
    this.groups.clear();
    const ids = Object.keys(board.tiles).sort((a, b) => {
      const [qa, ra] = parseHex(a);
      const [qb, rb] = parseHex(b);
      return ra - rb || qa - qb;
    });
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    const outline = hexPoints(SIZE);
    const inner = hexPoints(SIZE - 3);
    for (const id of ids) {
      const [q, r] = parseHex(id);
      const [x, y] = hexToPixel(q, r, SIZE);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      const terrain = board.tiles[id];
      const look = terrain ? TERRAIN[terrain] || FACE_DOWN : FACE_DOWN;
      const perimeter = Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) === radius;
      const town = board.towns[id];
      const capitalOf = capitals.get(id);
      const here = sortUnits(byHex.get(id) || [], board.units, order);
      const kind = targets.get(id) || hexTargets.get(id) || null;
      const g = s("g", {
        class: ["hex", terrain ? `t-${terrain}` : "t-down", perimeter && "perimeter", kind && `target hl-${kind}`, id === fight && "battle-hex", id === selectedHex && "selected-hex", ui.recent?.has(id) && "recent"],
        transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})`,
        "data-hex": id,
        "data-terrain": terrain || "unknown",
      });
      if (kind) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", labels.get(id) || id);
      }
      const tip = [id, look.name];
      g.append(
        s("polygon", { class: "tile", points: outline, fill: look.fill }),
        s("polygon", { class: "texture", points: outline, fill: `url(#${look.pattern})` }),
      );
      if (!terrain) g.append(s("text", { class: "unknown-mark", x: 0, y: 2, "text-anchor": "middle", "dominant-baseline": "central" }, "?"));
      if (kind) g.append(s("polygon", { class: "hl-fill", points: outline }));
      if (town) {
        const t = townShape(town.owner, town.city, Boolean(capitalOf));
        t.setAttribute("transform", `translate(${capitalOf ? -4 : 0} ${here.length > 4 ? -24 : -20})`);
        g.append(t);
        tip.push(`${town.owner} ${town.city ? "city" : "town"}${capitalOf ? ` (capital of ${capitalOf})` : ""}`);
      } else if (capitalOf) {
        tip.push(`capital marker of ${capitalOf}`);
      }
      this.drawUnits(g, here, board, { town: Boolean(town), selectable, selected: ui.selected, cargo, drawn, tip });
      g.append(s("text", { class: "coord", x: 0, y: SIZE - 7, "text-anchor": "middle" }, id));
      if (ui.recent?.has(id) && !kind) g.append(s("polygon", { class: "recent-mark", points: hexPoints(SIZE - 5) }));
      if (kind || id === fight || id === selectedHex) g.append(s("polygon", { class: "hl-edge", points: inner }));
      g.prepend(s("title", {}, tip.join(" · ")));
      this.hexLayer.append(g);
      this.groups.set(id, g);
    }
    const pad = SIZE * 1.05;
    this.pz.setBounds({ x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad }, seatFocus(view));
    if (ui.hover) this.highlight(ui.hover);
    return { drawn };
  }

  drawUnits(g, here, board, { town, selectable, selected, cargo, drawn, tip }) {
    if (!here.length) return;
    let groups;
    if (here.length <= 4) {
      groups = here.map((uid) => [uid]);
    } else {
      // too many to show one by one: one counter per owner and type, with a count
      const keyed = new Map();
      for (const uid of here) {
        const unit = board.units[uid];
        const key = `${unit.owner}/${unit.type}`;
        if (!keyed.has(key)) keyed.set(key, []);
        keyed.get(key).push(uid);
      }
      groups = [...keyed.values()].slice(0, 7);
    }
    const places = slots(groups.length, town);
    const names = [];
    groups.forEach((members, i) => {
      const lead = members.find((uid) => uid === selected) || members.find((uid) => selectable.has(uid)) || members[0];
      const unit = board.units[lead];
      const counter = counterShape(unit.owner, unit.type, { count: members.length, cargo: cargo.get(lead) || 0 });
      const canAct = members.some((uid) => selectable.has(uid));
      const isSelected = members.includes(selected);
      counter.setAttribute("class", ["counter", canAct && "selectable", isSelected && "selected"].filter(Boolean).join(" "));
      counter.setAttribute("transform", `translate(${places[i][0]} ${places[i][1] + (isSelected ? -2 : 0)})`);
      counter.dataset.uid = lead;
      counter.dataset.uids = members.join(" ");
      counter.dataset.owner = unit.owner;
      counter.dataset.type = unit.type;
      if (canAct) {
        counter.setAttribute("tabindex", "0");
        counter.setAttribute("role", "button");
        counter.setAttribute("aria-label", `${unit.owner} ${unit.type} ${lead}`);
        counter.setAttribute("aria-pressed", isSelected ? "true" : "false");
      }
      members.forEach((uid) => drawn.add(uid));
      g.append(counter);
      names.push(`${unit.owner} ${unit.type}${members.length > 1 ? ` ×${members.length}` : ""}`);
    });
    tip.push(names.join(", "));
  }

  blank() {
    clear(this.hexLayer);
    this.groups.clear();
  }
}

/** Where a phone's first view is centred: the seat's capital, else the middle of its
 * units on the map (an observer's: the board's middle). */
function seatFocus(view) {
  const board = view.board;
  const role = view.role;
  if (!role) return null;
  const capital = board.capitals?.[role];
  const hexes = capital ? [capital] : Object.values(board.units).filter((u) => u.owner === role && u.hex).map((u) => u.hex);
  if (!hexes.length) return null;
  const points = hexes.map((hex) => hexToPixel(...parseHex(hex), SIZE));
  return { x: points.reduce((n, [x]) => n + x, 0) / points.length, y: points.reduce((n, [, y]) => n + y, 0) / points.length };
}

/** A small counter for panels (reserve tray, battle card). */
function unitBadge(uid, view) {
  const unit = unitOf(view, uid);
  if (!unit) return null;
  const svg = s("svg", { class: "badge-svg", width: 24, height: 24, viewBox: "-12 -12 24 24", "aria-hidden": "true" });
  svg.append(counterShape(unit.owner, unit.type));
  return svg;
}

function summary(view) {
  const board = view.board;
  const order = board.order && board.order.length ? board.order : view.roles;
  const eliminated = new Set(board.eliminated || []);
  return order.map((role) => {
    const towns = Object.values(board.towns).filter((t) => t.owner === role);
    const cities = towns.filter((t) => t.city).length;
    const units = Object.values(board.units).filter((u) => u.owner === role);
    const onMap = units.filter((u) => u.hex || u.aboard).length;
    const reserve = units.length - onMap;
    return {
      role,
      color: roleColor(role),
      active: board.turn && board.turn.player === role && !view.result,
      eliminated: eliminated.has(role),
      score: board.scores ? board.scores[role] : null,
      detail: `${towns.length - cities} town${towns.length - cities === 1 ? "" : "s"}, ${cities} cit${cities === 1 ? "y" : "ies"} · ${onMap} unit${onMap === 1 ? "" : "s"}${reserve ? ` + ${reserve} in reserve` : ""}`,
    };
  });
}

/** The round being played: rounds are what the turn_limit option counts (a round is
 * every player's turn once), so the counter speaks of rounds too. */
function roundOf(view) {
  return (view.board.rounds || 0) + (view.result ? 0 : 1);
}

function turnText(view, header) {
  const turn = view.board.turn || {};
  if (!turn.player) return "";
  const phase = { capital: "choosing capitals", build: "building", move: "movement and combat", reserves: "reserves" }[turn.phase] || turn.phase || "";
  const limit = header && header.options ? Number(header.options.turn_limit || 0) : 0;
  if (view.result) return `Round ${Math.max(1, roundOf(view))}${limit ? ` of ${limit}` : ""} · game over`;
  return `Round ${Math.max(1, roundOf(view))}${limit ? ` of ${limit}` : ""} · ${turn.player} to play${phase ? ` · ${phase}` : ""}`;
}

const TYPE_ORDER = ["infantry", "cavalry", "artillery", "frigate"];

function countsText(units) {
  const counts = new Map();
  for (const u of units) counts.set(u.type, (counts.get(u.type) || 0) + 1);
  const parts = TYPE_ORDER.filter((t) => counts.has(t)).map((t) => `${counts.get(t)} ${t}`);
  return parts.length ? parts.join(", ") : "none";
}

/** The status panel: per player, units on the map and in the reserve by type, towns
 * and cities, empire points (7.0: 1 per town, 2 per city). */
function status(view) {
  const board = view.board;
  const order = board.order && board.order.length ? board.order : view.roles;
  const eliminated = new Set(board.eliminated || []);
  return order.map((role) => {
    const towns = Object.values(board.towns).filter((t) => t.owner === role);
    const cities = towns.filter((t) => t.city).length;
    const units = Object.values(board.units).filter((u) => u.owner === role);
    const onMap = units.filter((u) => u.hex || u.aboard);
    const reserve = units.filter((u) => !u.hex && !u.aboard);
    return {
      role,
      color: roleColor(role),
      eliminated: eliminated.has(role),
      score: board.scores ? board.scores[role] : null,
      scoreLabel: "Empire points",
      facts: [
        [`On the map (${onMap.length})`, countsText(onMap)],
        [`In reserve (${reserve.length})`, countsText(reserve)],
        ["Towns, cities", `${towns.length - cities}, ${cities}`],
      ],
    };
  });
}

/** Why a click did nothing, in the rules' terms where the view tells. */
function whyNot(view, { hex, uid, seat, selected, model }) {
  if (!seat || !view) return null;
  const board = view.board;
  const turn = board.turn || {};
  const clicked = uid ? board.units[uid] : null;
  const blocked = (id) => {
    const u = board.units[id];
    if (!u) return null;
    if (turn.attacked && turn.attacked[id]) return `${unitName(id, view)} has attacked this turn and stops there (10.7)`;
    if ((turn.done || []).includes(id) || (turn.mp && turn.mp[id] === 0)) return `${unitName(id, view)} has used up its movement this turn (9.0)`;
    return null;
  };
  if (clicked && clicked.owner !== seat) {
    const more = selected ? ` ${titleCase(unitName(selected, view))} cannot act on ${hex} from where it stands.` : "";
    return `That is ${clicked.owner}'s ${clicked.type}.${more}`;
  }
  if (clicked && clicked.owner === seat && !model.selectable().has(uid)) {
    const reason = blocked(uid);
    if (reason) return `${titleCase(reason)}.`;
    if (turn.player !== seat) return `It is ${turn.player}'s turn.`;
    return `${titleCase(unitName(uid, view))} has nothing to do now.`;
  }
  if (selected) {
    if (!board.tiles[hex] && board.tiles[hex] !== undefined) return `${hex} is face down: units explore by moving next to it (9.2).`;
    return outOfReach(view, selected, hex);
  }
  return null;
}

/** The action a click that did nothing meant, for the ruleset's "why not?" (the
 * server's answer replaces `whyNot`'s): the selected unit moving to the hex, else a
 * battle where units of the seat and of another player stand. */
function intent(view, { hex, selected, seat }) {
  if (!hex || !view || !(hex in view.board.tiles)) return null;
  if (selected) return ["move", selected, hex];
  const owners = new Set(Object.values(view.board.units).filter((u) => u.hex === hex).map((u) => u.owner));
  return owners.has(seat) && owners.size > 1 ? ["battle", hex] : null;
}

/** Movement points per unit type (9.11, 9.31). */
const ALLOWANCE = { infantry: 2, cavalry: 3, artillery: 2, frigate: 5 };

function hexDistance(a, b) {
  const [q1, r1] = parseHex(a);
  const [q2, r2] = parseHex(b);
  return (Math.abs(q1 - q2) + Math.abs(r1 - r2) + Math.abs(q1 + r1 - q2 - r2)) / 2;
}

/** Why the selected unit cannot act on a revealed hex, as precisely as the view tells:
 * the wrong kind of hex, too far for its movement points left, else what usually
 * blocks the way. */
function outOfReach(view, uid, hex) {
  const board = view.board;
  const unit = board.units[uid];
  const name = unitName(uid, view);
  const generic = `${hex} is out of reach of ${name} this turn: the lit hexes are where it can go.`;
  if (!unit || !unit.hex || !(hex in board.tiles)) return generic;
  const water = board.tiles[hex] === "water";
  if (unit.type === "frigate" && !water) return `${titleCase(name)} stays on water: ${hex} is land (9.3; a frigate enters only its own ports, 9.32).`;
  if (unit.type !== "frigate" && water) return `${titleCase(name)} cannot enter water: land units cross it only aboard a frigate (9.1, 9.4).`;
  const turn = board.turn || {};
  const left = turn.mp && uid in turn.mp ? turn.mp[uid] : ALLOWANCE[unit.type];
  const far = hexDistance(unit.hex, hex);
  if (left !== undefined && far > left) {
    const roads = unit.type === "frigate" ? "" : "; no road between your towns (9.13) leads there";
    return `${hex} is ${far} hexes from ${name}, which has ${left} movement point${left === 1 ? "" : "s"} left (9.11)${roads}.`;
  }
  if (unit.type !== "frigate") {
    return `${titleCase(name)} cannot get to ${hex} this turn: land units stop on entering forest or mountain (9.12) and on entering a hex with enemy units (9.0).`;
  }
  return generic;
}

/** The legend: terrain, settlements, markers and the outlines the board draws. */
function legend() {
  const swatch = (...shapes) => {
    const svg = s("svg", { class: "legend-svg", width: 34, height: 30, viewBox: "-17 -15 34 30", "aria-hidden": "true" });
    svg.append(...shapes);
    return svg;
  };
  const hexShape = (attrs) => s("polygon", { points: hexPoints(13), ...attrs });
  const item = (icon, text) => h("li", {}, icon, h("span", {}, text));
  return h(
    "ul",
    { class: "legend-items" },
    Object.entries(TERRAIN).map(([, look]) => item(swatch(hexShape({ fill: look.fill, stroke: "#555", "stroke-width": 0.8 })), titleCase(look.name))),
    item(swatch(hexShape({ fill: FACE_DOWN.fill, stroke: "#555", "stroke-width": 0.8 })), "Face-down tile, not yet explored"),
    item(swatch(townShape("red", false, false)), "Town (1 empire point, 1 defence die)"),
    item(swatch(townShape("red", true, false)), "City (2 empire points, 2 defence dice)"),
    item(swatch(townShape("red", true, true)), "Capital (the star)"),
    item(swatch(counterShape("red", "infantry", { count: 3 })), "Units: I infantry, C cavalry, A artillery, F frigate; the number is how many stand together"),
    item(swatch(hexShape({ fill: "none", class: "legend-target" })), "Lit outline: where the selected unit (or a click) can act"),
    item(swatch(hexShape({ fill: "none", class: "legend-recent" })), "Dashed outline: hexes named by the other players' last moves"),
    item(swatch(hexShape({ fill: "none", class: "legend-battle" })), "Red outline: the battle being fought"),
  );
}

/** A casualty to choose after a bombardment (its hits leave at once: `remove`), not
 * in a battle. */
function isBombardment(view) {
  const frame = view.board.frame || {};
  return frame.state === "casualties" && Boolean(frame.remove);
}

/** The hex of the battle being fought (for its live odds); a bombardment is none, and
 * so is a battle one side of which has nothing left to fight with (its last units hit,
 * no town to defend): there are no odds to ask for (the server would refuse them). */
function battleAt(view) {
  if (isBombardment(view)) return null;
  const hex = battleHex(view);
  return hex && bothSidesFight(view, hex) ? hex : null;
}

/** Whether both sides of the battle at `hex` have something to fight with: units not
 * yet hit (of the hex's kind: frigates at sea, land units on land), or for the
 * defender its town (12.3: an empty town or city still fires). The sides and the hits
 * come from the log since the battle began ("yellow attacks red at -2,2: battle",
 * "a red artillery is hit"; games made before log version 2 name the unit, "red-a3 is
 * hit"): the view's frame is the question asked (whose hit to take), not the battle's. */
function bothSidesFight(view, hex) {
  const board = view.board;
  const log = view.log || [];
  const hits = new Set();
  const hitsOf = {}; // owner -> hits noted this round and not yet removed, from "a red infantry is hit"
  // Hits are noted during a round and leave together at its end (12.3 step 2): at the
  // retreat question none is pending; else only this round's count, the lines after the
  // last dice of another round ("red rolls 4 2 (attack, round 2)").
  let pending = (view.board.frame || {}).state !== "retreat";
  let round = null;
  let sides = null;
  for (let i = log.length - 1; i >= 0 && log.length - i <= 60 && !sides; i -= 1) {
    const rolled = /\((?:attack|defence), round (\d+)\)$/.exec(log[i]);
    if (rolled && round === null) round = rolled[1];
    else if (rolled && rolled[1] !== round) pending = false;
    const named = /^an? (\w+) \w+ is hit\b/.exec(log[i]);
    const hit = /^(\S+) is hit\b/.exec(log[i]);
    if (named && pending) hitsOf[named[1]] = (hitsOf[named[1]] || 0) + 1;
    else if (hit && !named) hits.add(hit[1]);
    const start = /^(\w+) attacks (\w+) at (-?\d+,-?\d+)/.exec(log[i]);
    if (start && start[3] === hex) sides = { attacker: start[1], defender: start[2] };
  }
  if (!sides) return true; // nothing to go by: ask, as before
  const naval = board.tiles[hex] === "water";
  const fighters = (owner) =>
    Object.entries(board.units).filter(([uid, u]) => u.hex === hex && u.owner === owner && !u.aboard && !hits.has(uid) && (u.type === "frigate") === naval).length >
    (hitsOf[owner] || 0);
  const town = board.towns?.[hex];
  return fighters(sides.attacker) && (fighters(sides.defender) || (!naval && town?.owner === sides.defender));
}

/** What is left before ending the turn, in the reserves step (13.0): the units of the
 * reserve not placed yet, by type (they stay in the reserve); elsewhere the page's own
 * list (panels.js obligationsOf). */
function obligations(view, model) {
  const placing = model.entries.filter((e) => e.verb === "place");
  if (!placing.length) return null;
  // (one placement is offered per type: the whole reserve of those types stays)
  const types = new Set(placing.map((e) => view.board.units[e.unit]?.type));
  const units = Object.values(view.board.units).filter((u) => u.owner === view.role && !u.hex && !u.aboard && types.has(u.type));
  const n = units.length;
  return [`${n} unit${n === 1 ? "" : "s"} of your reserve not placed (${countsText(units)}): ${n === 1 ? "it stays" : "they stay"} in the reserve`];
}

/** The reserve tray: one button per unit type with how many of that type the reserve
 * holds, not the unit's id (the rules offer one placement per type, 13.0: any unit of
 * a type is as good as another); a press selects the unit the placement names. */
function trayGroups(uids, view) {
  const units = view.board.units;
  const inReserve = (unit) => Object.values(units).filter((u) => u.owner === unit.owner && u.type === unit.type && !u.hex && !u.aboard).length;
  return [...uids]
    .filter((uid) => units[uid])
    .sort((a, b) => (UNIT_ORDER[units[a].type] ?? 9) - (UNIT_ORDER[units[b].type] ?? 9))
    .map((uid) => {
      const n = Math.max(1, inReserve(units[uid]));
      return { uids: [uid], label: `${titleCase(units[uid].type)} × ${n}`, name: `${titleCase(units[uid].type)}: ${n} in the reserve` };
    });
}

/** The battle being fought, when there is one: the units in it and the last dice. */
function extraPanel(view) {
  const hex = battleHex(view);
  if (!hex) return null;
  const bombard = isBombardment(view);
  const board = view.board;
  const here = Object.keys(board.units).filter((uid) => board.units[uid].hex === hex);
  const owners = [...new Set(here.map((uid) => board.units[uid].owner))];
  const log = view.log || [];
  let start = log.length - 1;
  while (start > 0 && !/attacks .* at |bombard/i.test(log[start]) && log.length - start < 30) start -= 1;
  const dice = log.slice(start).filter((line) => / rolls /.test(line)).slice(-4);
  const terrain = board.tiles[hex];
  return h(
    "section",
    { class: "card battle-card", "aria-label": `${bombard ? "Bombardment" : "Battle"} at ${hex}` },
    h("h3", {}, `${bombard ? "💥 Bombardment" : "⚔ Battle"} at ${hex}${terrain ? ` (${terrain})` : ""}`),
    h(
      "div",
      { class: "battle-sides" },
      owners.map((owner) =>
        h(
          "div",
          { class: "battle-side", style: `--role:${roleColor(owner)}` },
          h("span", { class: "side-name" }, owner),
          h("span", { class: "side-units" }, here.filter((uid) => board.units[uid].owner === owner).map((uid) => unitBadge(uid, view))),
        ),
      ),
    ),
    dice.length ? h("ol", { class: "battle-dice log-lines" }, dice.map((line) => logLine(line, { roles: view.roles, roleColor }))) : null,
  );
}

/** Why the game ended, from the log's last "… wins (reason)" line (5.1-5.5, or the
 * turn limit), else null (the server's finish reason is shown). */
function endReason(view) {
  const log = view.log || [];
  for (let i = log.length - 1; i >= 0 && i >= log.length - 20; i -= 1) {
    const match = / wins? \((.+)\)$/.exec(log[i]) || / share the win \((.+)\)$/.exec(log[i]);
    if (match) return match[1];
  }
  return null;
}

/** What the game-over plots show (plots.js): per player, over the turns. */
function chartSeries(view) {
  const board = view.board;
  const order = board.order && board.order.length ? board.order : view.roles;
  const count = (pred) => Object.fromEntries(order.map((role) => [role, pred(role)]));
  return {
    "Empire points": count((role) => (board.scores ? board.scores[role] || 0 : 0)),
    "Towns and cities": count((role) => Object.values(board.towns).filter((t) => t.owner === role).length),
    "Units on the map": count((role) => Object.values(board.units).filter((u) => u.owner === role && (u.hex || u.aboard)).length),
  };
}

export default {
  id: "viktory2",
  chartSeries,
  endReason,
  isTurnEnd: (action) => action[0] === "end_turn",
  roleColor,
  describe,
  unitLabel: unitName,
  unitBadge,
  summary,
  status,
  turnText,
  extraPanel,
  battleAt,
  obligations,
  trayGroups,
  // counters are drawn big enough on a phone (PHONE_COUNTER_PX): a tap on one of yours
  // selects it, as a click does
  tapSelects: true,
  unitsAt: (view, hex) => Object.keys(view.board.units).filter((uid) => view.board.units[uid].hex === hex),
  whyNot,
  intent,
  legend,
  createBoard: (host, hooks) => new Viktory2Board(host, hooks),
};
