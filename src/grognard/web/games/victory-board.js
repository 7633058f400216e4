// Victory's board (victory.js): the assembled hex maps drawn in SVG (terrain, cities,
// towns, ports, hexside features), the blocks on their hexes (blocks.js) and what the
// page lights up.

import { clear, s } from "../ui.js";
import { HexBoard, hexPoints, hexToPixel, parseHex, redrawCell } from "../board.js";
import { BLOCK_BOX, blockShape, isHidden } from "../blocks.js";
import { isBattle } from "../battle.js";
import { FEATURE_NAMES, TERRAIN, blockById, blocksOf, hexInfo, hexWords, roleColor, unitName } from "./victory-view.js";

const SIZE = 40;

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
export function cityShape(pp, owner) {
  return s(
    "g",
    { class: "vi-city", "data-pp": pp },
    s("rect", { x: -8, y: -8, width: 16, height: 16, rx: 2, fill: "#fffdf5", stroke: owner ? roleColor(owner) : "#222", "stroke-width": owner ? 3 : 1.4 }),
    s("text", { class: "vi-pp", x: 0, y: 0.5, text: String(pp) }),
  );
}

export function townShape(owner) {
  return s("circle", { class: "vi-town", r: 4.5, fill: "#fffdf5", stroke: owner ? roleColor(owner) : "#222", "stroke-width": owner ? 2.4 : 1.3 });
}

export function portShape() {
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

/** The hexes in drawing order: row by row, west to east. */
function drawingOrder(info) {
  return [...info.keys()].sort((a, b) => {
    const [qa, ra] = parseHex(a);
    const [qb, rb] = parseHex(b);
    return ra - rb || qa - qb;
  });
}

/** What the terrain layer depends on: the hexes' places, terrains and maps, and the
 * hexsides. It is drawn once per set of maps; a move redraws the hexes it changed. */
function terrainKey(info, board) {
  return JSON.stringify([[...info.values()].map((x) => [x.id, x.terrain, x.land, x.board]), board.hexsides || {}]);
}

export class VictoryBoard extends HexBoard {
  constructor(host, hooks) {
    // a hex (pointy-top: √3·SIZE across) is what a phone taps: at least 44 px at first
    super(host, hooks, "Victory map", "hexes vi-hexes", Math.sqrt(3) * SIZE);
    this.pz.defs.append(...patterns());
    this.sideLayer = s("g", { class: "vi-hexsides" });
    this.markLayer = s("g", { class: "vi-marks" });
    this.pz.content.append(this.hexLayer, this.sideLayer, this.markLayer);
    this.forget();
  }

  /** Forget the terrain drawn: the next drawing starts from nothing. */
  forget() {
    this.terrain = null; // terrainKey of what is drawn
    this.order = []; // the hexes in drawing order
    this.centres = new Map();
    this.fixed = new Map(); // hex -> its terrain nodes (kept from one drawing to the next)
    this.hexKeys = new Map(); // hex -> what its other nodes show (hexKey)
    this.holders = new Map(); // hex -> its blocks' holder in the mark layer
    this.hexDrawn = new Map(); // hex -> the ids of the blocks drawn on it
    this.bounds = null;
  }

  activate(target) {
    const block = target.closest?.("[data-uid]");
    const hex = target.closest?.("[data-hex]")?.dataset.hex ?? target.closest?.("[data-stack]")?.dataset.stack;
    if (!hex) return;
    this.hooks.onHex?.(hex, block ? block.dataset.uid : null, block ? block.dataset.uid : null);
  }

  /** The terrain layer, once per set of maps: each hex's tile, texture, coast and
   * number, the hexside features and the seams between the maps. A 504-hex board is
   * some 3,000 nodes: a move redraws only the hexes whose marks or blocks changed. */
  drawTerrain(info, board) {
    clear(this.hexLayer);
    clear(this.sideLayer);
    clear(this.markLayer);
    this.groups.clear();
    this.forget();
    this.terrain = terrainKey(info, board);
    this.order = drawingOrder(info);
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    const outline = hexPoints(SIZE);
    for (const id of this.order) {
      const hex = info.get(id);
      const [q, r] = parseHex(id);
      const [x, y] = hexToPixel(q, r, SIZE);
      this.centres.set(id, [x, y]);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      const look = lookOf(hex);
      const g = s("g", { class: "hex", transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})`, "data-hex": id, "data-terrain": hex.terrain });
      const nodes = [s("polygon", { class: "tile", points: outline, fill: look.fill })];
      if (TEXTURE[look.key]) nodes.push(s("polygon", { class: "texture", points: outline, fill: `url(#${TEXTURE[look.key]})` }));
      if (hex.terrain === "coastal") nodes.push(s("polygon", { class: "vi-coast", points: hexPoints(SIZE - 2.5) }));
      const coord = s("text", { class: "coord", x: 0, y: SIZE - 6, "text-anchor": "middle" }, id);
      g.append(...nodes, coord);
      this.fixed.set(id, { nodes: new Set([...nodes, coord]), coord });
      this.hexLayer.append(g);
      this.groups.set(id, g);
    }
    // hexside features above the tiles, below nothing that takes clicks
    for (const [key, features] of Object.entries(board.hexsides || {})) {
      const [a, b] = key.split("|");
      if (!this.centres.has(a) || !this.centres.has(b)) continue;
      const { shapes, title } = hexsideShapes(this.centres.get(a), this.centres.get(b), features);
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
        const [x1, y1, x2, y2] = edgeBetween(this.centres.get(id), this.centres.get(other.id));
        this.sideLayer.append(s("line", { class: "vi-seam", x1, y1, x2, y2 }));
      }
    }
    const pad = SIZE * 1.1;
    this.bounds = { x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad };
  }

  draw(view, ui) {
    const board = view.board;
    const info = hexInfo(view);
    if (terrainKey(info, board) !== this.terrain) this.drawTerrain(info, board);
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
    const roles = view.roles || [];
    for (const id of this.order) {
      const here = byHex.get(id) || [];
      const kind = targets.get(id) || hexTargets.get(id) || null;
      const marks = {
        kind,
        label: kind ? labels.get(id) || hexWords(id, view) : null,
        fight: id === fight,
        selected: id === selectedHex,
        recent: Boolean(ui.recent?.has(id)),
        declared: declared.has(id),
      };
      // what the hex's own nodes and its blocks show: unchanged, they stay as drawn
      const key = JSON.stringify([info.get(id), marks, here, here.map((b) => [selectable.has(b.id), b.id === ui.selected]), roles]);
      if (this.hexKeys.get(id) === key) continue;
      this.hexKeys.set(id, key);
      this.drawHex(id, info.get(id), here, marks, { selectable, selected: ui.selected, roles });
    }
    this.pz.setBounds(this.bounds, seatFocus(view, info, this.centres));
    if (ui.hover) this.highlight(ui.hover);
    const drawn = new Set();
    for (const uids of this.hexDrawn.values()) for (const uid of uids) drawn.add(uid);
    return { drawn };
  }

  /** Draw again what a hex shows above its terrain (its marks, city, town, port, name,
   * battle sign, tip) and its blocks; its terrain nodes stay. */
  drawHex(id, hex, here, marks, { selectable, selected, roles }) {
    const g = this.groups.get(id);
    const { nodes: keep, coord } = this.fixed.get(id);
    const { kind } = marks;
    const look = lookOf(hex);
    const tip = [hex.name ? `${hex.name} (${id})` : id, hex.terrain === "coastal" ? `coastal ${look.name}` : look.name];
    const below = []; // under the hex number
    const above = []; // over it
    if (kind) below.push(s("polygon", { class: "hl-fill", points: hexPoints(SIZE) }));
    const top = here.length > 3 ? -27 : -22;
    if (hex.city) {
      const city = cityShape(hex.city, hex.control);
      city.setAttribute("transform", `translate(${hex.port ? -7 : 0} ${top})`);
      below.push(city);
      tip.push(`city worth ${hex.city} PP${hex.control ? `, held by ${hex.control}` : ""}`);
    } else if (hex.town) {
      const town = townShape(hex.control);
      town.setAttribute("transform", `translate(${hex.port ? -6 : 0} ${top})`);
      below.push(town);
      tip.push(`town${hex.control ? `, held by ${hex.control}` : ""}`);
    }
    if (hex.port) {
      const port = portShape();
      port.setAttribute("transform", `translate(${hex.city || hex.town ? 10 : 0} ${top})`);
      below.push(port);
      tip.push("port");
    }
    if (hex.name && !here.length) below.push(s("text", { class: "vi-name", x: 0, y: 8, text: hex.name }));
    if (marks.declared && !marks.fight) below.push(s("text", { class: "vi-declared", x: SIZE * 0.55, y: -SIZE * 0.3, text: "⚔" }));
    if (here.length) tip.push(`${here.length} block${here.length === 1 ? "" : "s"}`);
    // the dashed outline of the hexes the other players' last moves name (as Viktory II's)
    if (marks.recent && !kind) above.push(s("polygon", { class: "recent-mark", points: hexPoints(SIZE - 5) }));
    if (kind || marks.fight || marks.selected) above.push(s("polygon", { class: "hl-edge", points: hexPoints(SIZE - 3) }));
    redrawCell(g, {
      keep,
      anchor: coord,
      cls: ["hex", `t-${hex.terrain}`, `board-${hex.board}`, kind && `target hl-${kind}`, marks.fight && "battle-hex", marks.selected && "selected-hex", marks.recent && "recent"],
      label: kind ? marks.label : null,
      below,
      above,
      title: s("title", {}, tip.join(" · ")),
    });
    // the blocks go on top of the hexsides, in the mark layer, in the hexes' order
    this.holders.get(id)?.remove();
    this.holders.delete(id);
    const drawn = new Set();
    const stack = this.drawBlocks(here, { selectable, selected, drawn, roles });
    this.hexDrawn.set(id, drawn);
    if (!stack) return;
    const [x, y] = this.centres.get(id);
    const holder = s("g", { class: "vi-stack-at", transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})`, "data-stack": id }, stack);
    const from = this.order.indexOf(id);
    const next = this.order.slice(from + 1).find((other) => this.holders.has(other));
    this.markLayer.insertBefore(holder, next ? this.holders.get(next) : null);
    this.holders.set(id, holder);
  }

  /** The blocks of a hex, as a group (null when there are none). */
  drawBlocks(here, { selectable, selected, drawn, roles }) {
    if (!here.length) return null;
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
    return stack;
  }

  clearLayers() {
    clear(this.hexLayer);
    clear(this.sideLayer);
    clear(this.markLayer);
    this.forget();
  }
}
