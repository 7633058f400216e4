// Victory (Columbia Games) on screen: the assembled hex maps drawn in SVG from
// view.board (games/victory/view.py), the blocks on their hexes (blocks.js: turned to
// their strength for the owner, blank for everyone else), and the legal actions
// mapped onto the board (see actions.js for the shapes `describe` returns).
//
// view.board: hexes [{id "q,r", terrain, land, city (PP), town, port, name, board,
// control}], hexsides {"a|b": [feature…]}, blocks (the conventions of
// docs/client-view-conventions.md), battle (the battle being fought, same document),
// battles [{at, attacker, defender}] (declared, not yet fought), turn, turn_limit,
// phase, order, pp {role: PP}, target_pp, production ({city hex: PP left}, the seat's
// own budgets while the production phase lasts, else null).

import { article, clear, h, s, titleCase } from "../ui.js";
import { HexBoard, hexPoints, hexToPixel, parseHex } from "../board.js";
import { BLOCK_BOX, blockName, blockShape, blockSvg, isHidden } from "../blocks.js";
import { battlePanel, isBattle } from "../battle.js";

const SIZE = 40;

export const ROLE_COLORS = { red: "#b8302a", blue: "#2b5bb5", green: "#2f7d3a", yellow: "#c99a12", black: "#333333" };

/** Fill of each terrain (a coastal hex is drawn in the colour of its land terrain,
 * with the sea lapping at its edge). */
const TERRAIN = {
  clear: { fill: "#e9e2bf", name: "clear" },
  desert: { fill: "#ecc97d", name: "desert" },
  forest: { fill: "#86b26d", name: "forest" },
  marsh: { fill: "#a9c6a6", name: "marsh" },
  mountain: { fill: "#b29d86", name: "mountain" },
  sea: { fill: "#7fb1dc", name: "sea" },
  shoal: { fill: "#a9d2ea", name: "shoal" },
};

const FEATURE_NAMES = {
  river: "river",
  bridge: "bridge",
  alpine: "alpine hexside",
  canal: "canal",
  road: "road",
  estuary: "estuary",
  shoal: "shoal hexside",
};

const VIA = { ground: "overland", air: "by air", sea: "by sea", naval: "by sea" };
const GROUPS = { A: "air units", N: "naval units", G: "ground units", L: "airfield or mulberry" };
const FACTORIES = { FCA: "air factory", FCN: "naval factory", FCG: "ground factory" }; // 9.1
const PHASES = {
  deploy: "deployment",
  factories: "factory set-up",
  initiative: "initiative",
  move: "movement",
  combat: "combat",
  supply: "supply",
  production: "production",
  choose_maps: "choosing the maps",
};

function roleColor(role) {
  return ROLE_COLORS[role] || "#777";
}

// ----- what the view says --------------------------------------------------------------
function blocksOf(view) {
  return Array.isArray(view?.board?.blocks) ? view.board.blocks : [];
}

/** The shown block with this id (hidden blocks have none). */
function blockById(view, id) {
  return blocksOf(view).find((b) => b.id === id) || null;
}

function hexInfo(view) {
  const map = new Map();
  for (const hex of view.board.hexes || []) map.set(hex.id, hex);
  return map;
}

/** "Corvin (3,8)" for a named hex, else the id. */
/** "a" or "an" before a word or a number as it is said ("an Airborne", "an 8 PP"). */

/** A build's unit in words, with what a step of it costs (8.3): "an Airborne (AB, 4 PP a step)". */
function buildWords(typeId, view) {
  const type = view.board.unit_types?.[typeId];
  if (!type) return `${article(typeId)} ${typeId}`;
  return `${article(type.name)} ${type.name} (${typeId}, ${type.cost} PP a step)`;
}

function hexWords(hex, view) {
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

// ----- actions -------------------------------------------------------------------------
/** What each Victory action is about, for the board and the buttons. */
function describe(action, view) {
  const [verb, a, b, c] = action;
  const name = (uid) => unitName(uid, view);
  const at = (hex) => hexWords(hex, view);
  switch (verb) {
    case "deploy":
      return { unit: a, hex: b, kind: "move", label: `Deploy ${name(a)} at ${at(b)}` };
    case "move":
      return { unit: a, hex: b, kind: "move", label: `Move ${name(a)} to ${at(b)}` };
    case "strategic":
      return { unit: a, hex: b, kind: "move", label: `Strategic move: ${name(a)} to ${at(b)}` };
    case "sea_move":
      return { unit: a, hex: b, kind: "move", label: `By sea: ${name(a)} to ${at(b)}` };
    case "board": // 4.1, 4.2: an air unit loads onto a carrier in its port
      return { unit: a, label: `Load ${name(a)} aboard a carrier here` };
    case "blockade":
      return { unit: a, label: `${titleCase(name(a))} blockades the port` };
    case "blockade_battle":
      return { hex: a, kind: "battle", label: `Start a battle in the blockade at ${at(a)}` };
    case "attack":
      return { unit: a, hex: b, kind: "battle", label: `Attack ${at(b)} with ${name(a)} ${VIA[c] || c || ""}`.trim() };
    case "paradrop":
      return { unit: a, hex: b, kind: "battle", label: `Airborne landing: ${name(a)} at ${at(b)}` };
    case "invade":
      return { unit: a, hex: b, kind: "battle", label: `Amphibious invasion: ${name(a)} at ${at(b)} (from ${c})` };
    case "retreat":
      return { unit: a, hex: b, kind: "move", label: `Retreat ${name(a)} to ${at(b)}` };
    case "regroup":
      return { unit: a, hex: b, kind: "move", label: `Regroup ${name(a)} to ${at(b)}` };
    case "land":
      return b ? { unit: a, hex: b, kind: "move", label: `Land ${name(a)} at ${at(b)}` } : { unit: a, label: `Land ${name(a)} where it fights` };
    case "fight":
      return { hex: a, kind: "battle", label: `Fight the battle at ${at(a)}` };
    // one block takes its combat turn at a time (6.31): its choices are plain buttons
    case "fire":
      return { label: `Fire ${name(a)} at the ${GROUPS[b] || b}`, primary: true };
    case "pass":
      return { label: `${titleCase(name(a))} passes` };
    case "take_hit":
      return { label: `${titleCase(name(a))} takes the hit` };
    case "build":
      return { hex: a, kind: "build", label: `Build ${buildWords(b, view)} at ${at(a)}` };
    case "add_step": // 9.1: a factory's step may be paid by another city (b)
      return { unit: a, label: b ? `Add a step to ${name(a)}, paid by ${at(b)}` : `Add a step to ${name(a)}` };
    case "divide":
      return { unit: a, label: `Divide ${name(a)}` };
    case "disband":
      return { unit: a, label: `Disband ${name(a)}` };
    case "merge":
      return { unit: a, label: `Merge ${name(a)} into ${name(b)}` };
    case "ally": // 2.0 [3]: an open offer; the alliance holds once both have offered
      return { label: `Offer an alliance to ${a}` };
    case "ground": // 5.52: more than two air units in the battle
      return { unit: a, label: `Ground ${name(a)} (it sits out the battle)` };
    case "factory": // 9.1 set-up: one factory block of c PP in the city a
      return { label: `Set up ${article(String(c))} ${c} PP ${FACTORIES[b] || b} at ${at(a)}` };
    case "default_factories":
      return { label: "Set up your other factories as usual", primary: true };
    case "convert": // 4.3, 9.1: a resource block becomes PP in its city
      return { unit: a, label: `Convert ${name(a)} to PP` };
    case "end_moves":
      return { label: "End your move phase", primary: true };
    case "done":
      return { label: "Done", primary: true };
    default:
      return null;
  }
}

// ----- drawing -------------------------------------------------------------------------
function patterns() {
  const pattern = (id, w, hgt, ...shapes) => s("pattern", { id, width: w, height: hgt, patternUnits: "userSpaceOnUse" }, ...shapes);
  return [
    pattern("vi-forest", 12, 12, s("circle", { cx: 4, cy: 4, r: 2.6, fill: "#4f7f3d", opacity: 0.55 }), s("circle", { cx: 10, cy: 10, r: 2.2, fill: "#4f7f3d", opacity: 0.5 })),
    pattern("vi-marsh", 14, 10, s("path", { d: "M2 7 h4 M8 4 h4 M4 3 v-1.5 M10 8 v-1.5", stroke: "#4f7c78", "stroke-width": 1, fill: "none", opacity: 0.7 })),
    pattern("vi-mountain", 18, 14, s("path", { d: "M1 12 L6 4 L9 8 L12 3 L17 12 Z", fill: "#7c6a57", opacity: 0.45 })),
    pattern("vi-desert", 10, 10, s("circle", { cx: 2, cy: 3, r: 0.8, fill: "#b48a3a", opacity: 0.6 }), s("circle", { cx: 7, cy: 8, r: 0.8, fill: "#b48a3a", opacity: 0.6 })),
    pattern("vi-sea", 20, 10, s("path", { d: "M1 6 q2.5 -3 5 0 t5 0 t5 0", stroke: "#5a90c2", "stroke-width": 0.9, fill: "none", opacity: 0.6 })),
  ];
}

const TEXTURE = { forest: "vi-forest", marsh: "vi-marsh", mountain: "vi-mountain", desert: "vi-desert", sea: "vi-sea", shoal: "vi-sea" };

/** The land terrain a hex is drawn with (coastal hexes: their land). */
function lookOf(hex) {
  const key = hex.terrain === "coastal" ? hex.land || "clear" : hex.terrain;
  return { key, ...(TERRAIN[key] || TERRAIN.clear) };
}

/** A city: a square with its PP value, edged in its controller's colour. */
function cityShape(pp, owner) {
  return s(
    "g",
    { class: "vi-city", "data-pp": pp },
    s("rect", { x: -8, y: -8, width: 16, height: 16, rx: 2, fill: "#fffdf5", stroke: owner ? roleColor(owner) : "#222", "stroke-width": owner ? 3 : 1.4 }),
    s("text", { class: "vi-pp", x: 0, y: 0.5, text: String(pp) }),
  );
}

function townShape(owner) {
  return s("circle", { class: "vi-town", r: 4.5, fill: "#fffdf5", stroke: owner ? roleColor(owner) : "#222", "stroke-width": owner ? 2.4 : 1.3 });
}

function portShape() {
  return s(
    "g",
    { class: "vi-port" },
    s("circle", { r: 6.5, fill: "#1f4f86" }),
    s("path", { d: "M0 -4 V3.5 M-3 0.5 Q0 5.5 3 0.5 M-2 -2 H2", stroke: "#fff", "stroke-width": 1.3, fill: "none", "stroke-linecap": "round" }),
  );
}

/** The two ends of the edge shared by hexes a and b (centres in pixels). */
function edgeBetween([ax, ay], [bx, by]) {
  const mx = (ax + bx) / 2;
  const my = (ay + by) / 2;
  const len = Math.hypot(bx - ax, by - ay) || 1;
  const px = (-(by - ay) / len) * (SIZE / 2);
  const py = ((bx - ax) / len) * (SIZE / 2);
  return [mx - px, my - py, mx + px, my + py];
}

/** A hexside's features: roads run centre to centre; the others lie along the edge. */
function hexsideShapes(a, b, features) {
  const out = [];
  const [x1, y1, x2, y2] = edgeBetween(a, b);
  const set = new Set(features);
  const feature = [...set].sort().join(" ");
  const edge = (cls, extra = {}) => s("line", { class: cls, x1, y1, x2, y2, ...extra });
  if (set.has("road")) {
    out.push(s("line", { class: "vi-road", x1: a[0], y1: a[1], x2: b[0], y2: b[1], "data-feature": "road" }));
  }
  if (set.has("river") || set.has("estuary")) out.push(edge("vi-river", { "data-feature": set.has("estuary") ? "estuary" : "river" }));
  if (set.has("canal")) out.push(edge("vi-canal", { "data-feature": "canal" }));
  if (set.has("alpine")) {
    // a saw-tooth along the edge
    const teeth = 5;
    const nx = (y2 - y1) / (SIZE * 1.0);
    const ny = -(x2 - x1) / (SIZE * 1.0);
    let d = `M${x1.toFixed(1)} ${y1.toFixed(1)}`;
    for (let i = 1; i <= teeth * 2; i += 1) {
      const t = i / (teeth * 2);
      const off = i % 2 ? 4 : 0;
      d += ` L${(x1 + (x2 - x1) * t + nx * off).toFixed(1)} ${(y1 + (y2 - y1) * t + ny * off).toFixed(1)}`;
    }
    out.push(s("path", { class: "vi-alpine", d, "data-feature": "alpine" }));
  }
  if (set.has("shoal")) out.push(edge("vi-shoal", { "data-feature": "shoal" }));
  if (set.has("bridge")) {
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    const angle = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    out.push(s("rect", { class: "vi-bridge", x: -5, y: -2.6, width: 10, height: 5.2, rx: 1, transform: `translate(${mx.toFixed(1)} ${my.toFixed(1)}) rotate(${angle.toFixed(1)})`, "data-feature": "bridge" }));
  }
  return { shapes: out, title: feature.split(" ").map((f) => FEATURE_NAMES[f] || f).join(", ") };
}

/** Where n blocks sit in a hex, and at what scale. */
function blockSlots(n) {
  const cols = n <= 2 ? n : n <= 4 ? 2 : n <= 6 ? 3 : 4;
  const rows = Math.ceil(n / cols);
  const scale = n <= 2 ? 0.72 : n <= 4 ? 0.6 : n <= 6 ? 0.5 : 0.38;
  const pitch = BLOCK_BOX * scale + 1;
  const out = [];
  for (let i = 0; i < n; i += 1) {
    const row = Math.floor(i / cols);
    const inRow = Math.min(cols, n - row * cols);
    out.push([(i % cols - (inRow - 1) / 2) * pitch, (rows > 1 ? 7 : 6) + (row - (rows - 1) / 2) * pitch]);
  }
  return { out, scale };
}

/** Where a phone's first view is centred: the middle of the seat's blocks on the map,
 * else of the cities it controls (during deployment its blocks are off the board). */
function seatFocus(view, info, centres) {
  const at = blocksOf(view).filter((b) => b.side === view.role && b.at).map((b) => b.at);
  const hexes = at.length ? at : [...info.values()].filter((x) => x.city && x.control === view.role).map((x) => x.id);
  const points = hexes.map((id) => centres.get(id)).filter(Boolean);
  if (!points.length) return null;
  return { x: points.reduce((n, [x]) => n + x, 0) / points.length, y: points.reduce((n, [, y]) => n + y, 0) / points.length };
}

class VictoryBoard extends HexBoard {
  constructor(host, hooks) {
    // a hex (pointy-top: √3·SIZE across) is what a phone taps: at least 44 px at first
    super(host, hooks, "Victory map", "hexes vi-hexes", Math.sqrt(3) * SIZE);
    this.pz.defs.append(...patterns());
    this.sideLayer = s("g", { class: "vi-hexsides" });
    this.markLayer = s("g", { class: "vi-marks" });
    this.pz.content.append(this.hexLayer, this.sideLayer, this.markLayer);
  }

  activate(target) {
    const block = target.closest?.("[data-uid]");
    const hex = target.closest?.("[data-hex]")?.dataset.hex ?? target.closest?.("[data-stack]")?.dataset.stack;
    if (!hex) return;
    this.hooks.onHex?.(hex, block ? block.dataset.uid : null, block ? block.dataset.uid : null);
  }

  render(view, ui = {}) {
    const board = view.board;
    const info = hexInfo(view);
    const selectable = ui.selectable || new Set();
    const targets = ui.targets || new Map();
    const hexTargets = ui.hexTargets || new Map();
    const labels = ui.labels || new Map();
    const fight = isBattle(board.battle) ? board.battle.at : null;
    const declared = new Set((board.battles || []).map((b) => b.at));
    const byHex = new Map();
    for (const block of blocksOf(view)) {
      if (!block.at) continue;
      if (!byHex.has(block.at)) byHex.set(block.at, []);
      byHex.get(block.at).push(block);
    }
    const selectedHex = ui.selected ? blockById(view, ui.selected)?.at : null;
    const drawn = new Set();
    const centres = new Map();
    clear(this.hexLayer);
    clear(this.sideLayer);
    clear(this.markLayer);
    this.groups.clear();
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    const outline = hexPoints(SIZE);
    const inner = hexPoints(SIZE - 3);
    const ids = [...info.keys()].sort((a, b) => {
      const [qa, ra] = parseHex(a);
      const [qb, rb] = parseHex(b);
      return ra - rb || qa - qb;
    });
    for (const id of ids) {
      const hex = info.get(id);
      const [q, r] = parseHex(id);
      const [x, y] = hexToPixel(q, r, SIZE);
      centres.set(id, [x, y]);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      const look = lookOf(hex);
      const kind = targets.get(id) || hexTargets.get(id) || null;
      const g = s("g", {
        class: ["hex", `t-${hex.terrain}`, `board-${hex.board}`, kind && `target hl-${kind}`, id === fight && "battle-hex", id === selectedHex && "selected-hex", ui.recent?.has(id) && "recent"],
        transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})`,
        "data-hex": id,
        "data-terrain": hex.terrain,
      });
      if (kind) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", labels.get(id) || hexWords(id, view));
      }
      const tip = [hex.name ? `${hex.name} (${id})` : id, hex.terrain === "coastal" ? `coastal ${look.name}` : look.name];
      g.append(s("polygon", { class: "tile", points: outline, fill: look.fill }));
      if (TEXTURE[look.key]) g.append(s("polygon", { class: "texture", points: outline, fill: `url(#${TEXTURE[look.key]})` }));
      if (hex.terrain === "coastal") g.append(s("polygon", { class: "vi-coast", points: hexPoints(SIZE - 2.5) }));
      if (kind) g.append(s("polygon", { class: "hl-fill", points: outline }));
      const here = byHex.get(id) || [];
      const top = here.length > 3 ? -27 : -22;
      if (hex.city) {
        const city = cityShape(hex.city, hex.control);
        city.setAttribute("transform", `translate(${hex.port ? -7 : 0} ${top})`);
        g.append(city);
        tip.push(`city worth ${hex.city} PP${hex.control ? `, held by ${hex.control}` : ""}`);
      } else if (hex.town) {
        const town = townShape(hex.control);
        town.setAttribute("transform", `translate(${hex.port ? -6 : 0} ${top})`);
        g.append(town);
        tip.push(`town${hex.control ? `, held by ${hex.control}` : ""}`);
      }
      if (hex.port) {
        const port = portShape();
        port.setAttribute("transform", `translate(${hex.city || hex.town ? 10 : 0} ${top})`);
        g.append(port);
        tip.push("port");
      }
      if (hex.name && !here.length) g.append(s("text", { class: "vi-name", x: 0, y: 8, text: hex.name }));
      this.drawBlocks(g, here, { selectable, selected: ui.selected, drawn, roles: view.roles || [] });
      if (declared.has(id) && id !== fight) g.append(s("text", { class: "vi-declared", x: SIZE * 0.55, y: -SIZE * 0.3, text: "⚔" }));
      if (here.length) tip.push(`${here.length} block${here.length === 1 ? "" : "s"}`);
      g.append(s("text", { class: "coord", x: 0, y: SIZE - 6, "text-anchor": "middle" }, id));
      // the dashed outline of the hexes the other players' last moves name (as Viktory II's)
      if (ui.recent?.has(id) && !kind) g.append(s("polygon", { class: "recent-mark", points: hexPoints(SIZE - 5) }));
      if (kind || id === fight || id === selectedHex) g.append(s("polygon", { class: "hl-edge", points: inner }));
      g.prepend(s("title", {}, tip.join(" · ")));
      this.hexLayer.append(g);
      this.groups.set(id, g);
    }
    // hexside features above the tiles, below nothing that takes clicks
    for (const [key, features] of Object.entries(board.hexsides || {})) {
      const [a, b] = key.split("|");
      if (!centres.has(a) || !centres.has(b)) continue;
      const { shapes, title } = hexsideShapes(centres.get(a), centres.get(b), features);
      const roads = shapes.filter((el) => el.getAttribute("class") === "vi-road");
      const rest = shapes.filter((el) => el.getAttribute("class") !== "vi-road");
      if (roads.length) this.sideLayer.prepend(s("g", { class: "vi-side", "data-side": key }, ...roads));
      if (rest.length) this.sideLayer.append(s("g", { class: "vi-side", "data-side": key }, s("title", { text: `${a} | ${b}: ${title}` }), ...rest));
    }
    // the seams between the geomorphic maps (1.1), so that the layout reads at a glance
    for (const [id, hex] of info) {
      const [q, r] = parseHex(id);
      for (const [dq, dr] of [[1, 0], [0, 1], [-1, 1]]) {
        const other = info.get(`${q + dq},${r + dr}`);
        if (!other || other.board === hex.board) continue;
        const [x1, y1, x2, y2] = edgeBetween(centres.get(id), centres.get(other.id));
        this.sideLayer.append(s("line", { class: "vi-seam", x1, y1, x2, y2 }));
      }
    }
    // the blocks go on top of the hexsides: move each hex's blocks to the mark layer
    for (const [id, g] of this.groups) {
      const stack = g.querySelector(".vi-stack");
      if (!stack) continue;
      const [x, y] = centres.get(id);
      const holder = s("g", { class: "vi-stack-at", transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})`, "data-stack": id });
      holder.append(stack);
      this.markLayer.append(holder);
    }
    const pad = SIZE * 1.1;
    this.pz.setBounds({ x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad }, seatFocus(view, info, centres));
    if (ui.hover) this.highlight(ui.hover);
    return { drawn };
  }

  drawBlocks(g, here, { selectable, selected, drawn, roles }) {
    if (!here.length) return;
    // own (shown) blocks first, then blank ones: the order of the view among the blank
    // ones, which tells nothing (view.py sorts them by side and hex)
    const ordered = [...here].sort((a, b) => isHidden(a) - isHidden(b));
    const { out, scale } = blockSlots(ordered.length);
    const stack = s("g", { class: "vi-stack" });
    ordered.forEach((block, i) => {
      const [x, y] = out[i];
      const color = roleColor(block.side, roles);
      if (isHidden(block)) {
        // nothing of a hidden block's identity in the page: only its side's colour
        stack.append(s("g", { class: "vi-block", transform: `translate(${x.toFixed(1)} ${y.toFixed(1)}) scale(${scale})` }, blockShape(block, color)));
        return;
      }
      const canAct = selectable.has(block.id);
      const isSelected = block.id === selected;
      const el = s(
        "g",
        {
          class: ["vi-block", "counter", canAct && "selectable", isSelected && "selected"],
          transform: `translate(${x.toFixed(1)} ${(y - (isSelected ? 2 : 0)).toFixed(1)}) scale(${scale})`,
          "data-uid": block.id,
        },
        s("rect", { class: "ring", x: -BLOCK_BOX / 2 - 1, y: -BLOCK_BOX / 2 - 1, width: BLOCK_BOX + 2, height: BLOCK_BOX + 2, rx: 6 }),
        blockShape(block, color),
      );
      if (canAct) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("role", "button");
        el.setAttribute("aria-label", unitName(block.id, { board: { blocks: here } }));
        el.setAttribute("aria-pressed", isSelected ? "true" : "false");
      }
      drawn.add(block.id);
      stack.append(el);
    });
    g.append(stack);
  }

  blank() {
    clear(this.hexLayer);
    clear(this.sideLayer);
    clear(this.markLayer);
    this.groups.clear();
  }
}

// ----- panels --------------------------------------------------------------------------
function unitBadge(uid, view) {
  const block = blockById(view, uid);
  return block ? blockSvg(block, roleColor(block.side), 28) : null;
}

/** The PP a player holds (1.2, 10.0): the view's figure, worked out at the end of each
 * game turn; before the first one, the PP of the cities it controls. */
function ppHeld(view, role) {
  const known = view.board.pp?.[role];
  if (known !== undefined && known !== null) return Number(known);
  return [...hexInfo(view).values()].filter((x) => x.city && x.control === role).reduce((n, x) => n + Number(x.city), 0);
}

function playersOf(view) {
  const order = view.board.order && view.board.order.length ? view.board.order : view.roles || [];
  return order;
}

function summary(view) {
  const board = view.board;
  return playersOf(view).map((role) => {
    const blocks = blocksOf(view).filter((b) => b.side === role);
    const onMap = blocks.filter((b) => b.at).length;
    const target = board.target_pp?.[role];
    return {
      role,
      color: roleColor(role),
      active: (view.active || []).includes?.(role) && !view.result,
      score: ppHeld(view, role),
      detail: `${onMap} block${onMap === 1 ? "" : "s"} on the map${target ? ` · ${target} PP to win` : ""}`,
    };
  });
}

function status(view) {
  const board = view.board;
  const info = [...hexInfo(view).values()];
  return playersOf(view).map((role) => {
    const blocks = blocksOf(view).filter((b) => b.side === role);
    const shown = blocks.filter((b) => !isHidden(b));
    const steps = shown.reduce((n, b) => n + Number(b.steps || 0), 0);
    const cities = info.filter((x) => x.city && x.control === role);
    const facts = [
      ["Blocks on the map", String(blocks.filter((b) => b.at).length)],
      ["Cities held", cities.length ? cities.map((c) => `${c.name || c.id} (${c.city})`).join(", ") : "none"],
      ["Victory target", board.target_pp?.[role] ? `${board.target_pp[role]} PP` : "—"],
    ];
    if (role === view.role && shown.length) facts.splice(1, 0, ["Steps", String(steps)]);
    if (role === view.role && board.production) facts.push(["PP left to spend", String(ppLeft(board.production))]);
    return { role, color: roleColor(role), score: ppHeld(view, role), scoreLabel: "PP held", facts };
  });
}

/** What the game-over plots show (plots.js), per player at the start of each turn:
 * the PP held (the score, 1.2), cities held and blocks on the map (hidden blocks
 * count: their owner and place are open). */
function chartSeries(view) {
  const cities = [...hexInfo(view).values()].filter((x) => x.city);
  const per = (count) => Object.fromEntries(playersOf(view).map((role) => [role, count(role)]));
  return {
    "PP held": per((role) => ppHeld(view, role)),
    "Cities held": per((role) => cities.filter((x) => x.control === role).length),
    "Blocks on the map": per((role) => blocksOf(view).filter((b) => b.side === role && b.at).length),
  };
}

function turnText(view) {
  const board = view.board;
  const limit = board.turn_limit ? ` of ${board.turn_limit}` : "";
  if (view.result) return `Turn ${board.turn}${limit} · game over`;
  const phase = PHASES[board.phase] || board.phase || "";
  return `Turn ${board.turn || 1}${limit}${phase ? ` · ${phase}` : ""}`;
}

function ppLeft(production) {
  return Object.values(production || {}).reduce((n, pp) => n + Number(pp || 0), 0);
}

/** What "Done" in production would forfeit, for the page's question before it (8.1:
 * a city's PP not spent this phase are lost): the PP left in each city that can still
 * raise or mend something. Other steps keep the page's own list (null). */
function obligations(view, model, entry) {
  const board = view?.board || {};
  if (entry.verb !== "done" || board.phase !== "production" || !board.production) return null;
  const legal = view.legal || [];
  const at = (a) => (a[0] === "build" ? a[1] : a[0] === "add_step" ? blockById(view, a[1])?.at : null);
  const spendable = new Set(legal.map(at).filter(Boolean));
  const left = Object.entries(board.production).filter(([hex, pp]) => Number(pp) > 0 && spendable.has(hex));
  if (!left.length) return [];
  const total = left.reduce((n, [, pp]) => n + Number(pp), 0);
  const where = left.map(([hex, pp]) => `${pp} in ${hexWords(hex, view)}`).join(", ");
  return [`${total} PP left to spend (${where}): PP not spent now are lost (8.1)`];
}

/** The production phase (8.x): the PP each of the seat's cities has left, what it may
 * raise there, and the rule that builds stay secret until everyone is done. The
 * build buttons themselves are the ordinary action buttons. */
function productionPanel(view) {
  const board = view.board;
  const left = board.production;
  if (!left || board.phase !== "production") return null;
  const legal = view.legal || [];
  const cities = Object.keys(left).sort((a, b) => hexWords(a, view).localeCompare(hexWords(b, view)));
  const raises = (hex) => [...new Set(legal.filter((a) => a[0] === "build" && a[1] === hex).map((a) => a[2]))];
  const mends = (hex) => new Set(legal.filter((a) => a[0] === "add_step" && blockById(view, a[1])?.at === hex).map((a) => a[1])).size;
  return h(
    "section",
    { class: "card production-card", "aria-label": "Production" },
    h("h3", {}, "Production"),
    h("p", { class: "production-total" }, `${ppLeft(left)} PP to spend; what a city does not spend is lost (8.1).`),
    h(
      "table",
      { class: "production-cities" },
      h("thead", {}, h("tr", {}, h("th", {}, "City"), h("th", {}, "PP left"), h("th", {}, "May raise"), h("th", {}, "Steps to add"))),
      h(
        "tbody",
        {},
        cities.map((hex) =>
          h(
            "tr",
            { "data-city": hex },
            h("td", {}, hexWords(hex, view)),
            h("td", { class: "pp-left" }, String(left[hex])),
            h("td", { class: "raises" }, raises(hex).join(", ") || "—"),
            h("td", { class: "mends" }, String(mends(hex))),
          ),
        ),
      ),
    ),
    h("p", { class: "production-note" }, "Your builds stay hidden from the other players until everyone is done."),
  );
}

function extraPanel(view) {
  const board = view?.board || {};
  if (!isBattle(board.battle)) return productionPanel(view);
  return battlePanel(board.battle, { color: roleColor, placeName: (id) => hexWords(id, view) });
}

function battleAt(view) {
  const battle = view?.board?.battle;
  return isBattle(battle) ? battle.at : null;
}

/** Why a click did nothing, from what the view tells (never more than it shows). */
function whyNot(view, { hex, uid, seat, selected, model }) {
  if (!seat || !view) return null;
  const place = hexWords(hex, view);
  const own = uid ? blockById(view, uid) : null;
  if (own && own.side === seat && !model.selectable().has(uid)) {
    if (view.board.phase === "move") return `${titleCase(unitName(uid, view))} cannot move now: each block moves once in a move phase, and a block may be pinned or out of reach.`;
    return `${titleCase(unitName(uid, view))} has nothing to do now.`;
  }
  if (selected) return `${titleCase(unitName(selected, view))} cannot reach ${place} now: the lit hexes are where it can go.`;
  const others = blocksOf(view).filter((b) => b.at === hex && b.side !== seat);
  if (others.length && others.every(isHidden)) {
    const sides = [...new Set(others.map((b) => b.side))].join(" and ");
    return `${others.length} ${sides} block${others.length === 1 ? "" : "s"} at ${place}, standing upright: you see only whose they are (Fog of War). Select one of your blocks to attack them.`;
  }
  return null;
}

/** The action a click that did nothing meant, for the ruleset's "why not?" (the
 * server's answer, games/victory/why.py, replaces `whyNot`'s): the selected block
 * placed on the hex while deploying (1.4), else moving to it. */
function intent(view, { hex, selected }) {
  if (!hex || !selected || !view || !view.board.hexes.some((x) => x.id === hex)) return null;
  return [view.board.phase === "deploy" ? "deploy" : "move", selected, hex];
}

function legend() {
  const swatch = (...shapes) => {
    const svg = s("svg", { class: "legend-svg", width: 34, height: 30, viewBox: "-17 -15 34 30", "aria-hidden": "true" });
    svg.append(...shapes);
    return svg;
  };
  const hexShape = (fill) => s("polygon", { points: hexPoints(13), fill, stroke: "#555", "stroke-width": 0.8 });
  const line = (cls) => s("line", { class: cls, x1: -13, y1: 0, x2: 13, y2: 0 });
  const item = (icon, text) => h("li", {}, icon, h("span", {}, text));
  return h(
    "ul",
    { class: "legend-items" },
    Object.values(TERRAIN).map((look) => item(swatch(hexShape(look.fill)), titleCase(look.name))),
    item(swatch(hexShape(TERRAIN.clear.fill), s("polygon", { class: "vi-coast", points: hexPoints(12) })), "Coastal hex (blue rim)"),
    item(swatch(cityShape(3, null)), "City and its PP value (edged in its holder's colour)"),
    item(swatch(townShape(null)), "Town"),
    item(swatch(portShape()), "Port"),
    item(swatch(line("vi-river")), "River hexside"),
    item(swatch(line("vi-canal")), "Canal hexside"),
    item(swatch(s("path", { class: "vi-alpine", d: "M-13 0 L-9 -4 L-5 0 L-1 -4 L3 0 L7 -4 L11 0" })), "Alpine hexside"),
    item(swatch(line("vi-road")), "Road"),
    item(swatch(line("vi-river"), s("rect", { class: "vi-bridge", x: -5, y: -2.6, width: 10, height: 5.2, rx: 1 })), "Bridge"),
    item(swatch(s("g", { transform: "scale(0.5)" }, blockShape({ side: "red", hidden: true }, roleColor("red")))), "Another player's block: blank"),
    item(swatch(hexShape("none"), s("polygon", { class: "legend-recent", points: hexPoints(9), fill: "none" })), "Dashed outline: hexes named by the other players' last moves"),
  );
}

export default {
  id: "victory",
  roleColor,
  describe,
  unitLabel: unitName,
  unitBadge,
  summary,
  status,
  chartSeries,
  turnText,
  extraPanel,
  battleAt,
  unitsAt: (view, hex) => blocksOf(view).filter((b) => !isHidden(b) && b.at === hex).map((b) => b.id),
  isTurnEnd: (action) => action[0] === "end_moves",
  obligations,
  whyNot,
  intent,
  legend,
  createBoard: (host, hooks) => new VictoryBoard(host, hooks),
};
