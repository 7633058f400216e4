// Viktory II's board (viktory2.js): the hex map drawn in SVG from view.board, tiles,
// towns and stacks of counters, with what the page lights up (selectable units, their
// targets, the hexes of recent moves) and the hex of the battle being fought.

import { clear, s } from "../ui.js";
import { HexBoard, hexPoints, hexToPixel, parseHex, redrawCell } from "../board.js";
import { COLOR_ORDER, COUNTER, FACE_DOWN, PHONE_COUNTER_PX, SIZE, TAP_PX, TERRAIN, counterShape, patterns, slots, sortUnits, townShape } from "./viktory2-look.js";

const BATTLE_STATES = new Set(["battle", "casualties", "retreat", "luck", "eliminate"]);

export function unitOf(view, uid) {
  return view.board.units[uid];
}

export function battleHex(view) {
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

export class Viktory2Board extends HexBoard {
  constructor(host, hooks) {
    // PanZoom makes `tapSize` TAP_PX wide on a phone: a counter is then PHONE_COUNTER_PX
    super(host, hooks, "Viktory II board", "hexes", (COUNTER * TAP_PX) / PHONE_COUNTER_PX);
    this.pz.defs.append(...patterns());
    this.pz.content.append(this.hexLayer);
    this.shape = null; // the hexes drawn (ids and radius); `cells`: each one's nodes
    this.cells = new Map();
  }

  activate(target) {
    const counter = target.closest?.("[data-uid]");
    const hex = target.closest?.("[data-hex]");
    if (!hex) return;
    this.hooks.onHex?.(hex.dataset.hex, counter ? counter.dataset.uid : null, counter ? counter.dataset.uids : null);
  }

  /** The battle's hex comes from the log when the board does not name it. */
  drawsAlso(view) {
    return battleHex(view);
  }

  draw(view, ui) {
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
    const ids = Object.keys(board.tiles).sort((a, b) => {
      const [qa, ra] = parseHex(a);
      const [qb, rb] = parseHex(b);
      return ra - rb || qa - qb;
    });
    const shape = JSON.stringify([ids, radius]);
    if (shape !== this.shape) this.drawHexes(ids, shape);
    const drawn = new Set();
    for (const id of ids) {
      const terrain = board.tiles[id];
      const town = board.towns[id];
      const capitalOf = capitals.get(id);
      const here = sortUnits(byHex.get(id) || [], board.units, order);
      const kind = targets.get(id) || hexTargets.get(id) || null;
      const marks = { kind, label: kind ? labels.get(id) || id : null, fight: id === fight, selected: id === selectedHex, recent: Boolean(ui.recent?.has(id)) };
      // what the hex shows: unchanged, its nodes stay as drawn (a move changes a few hexes)
      const units = here.map((uid) => [uid, board.units[uid], cargo.get(uid) || 0, selectable.has(uid), uid === ui.selected]);
      const key = JSON.stringify([terrain || null, town || null, capitalOf || null, marks, units]);
      const cell = this.cells.get(id);
      if (cell.key !== key) {
        cell.key = key;
        cell.drawn = new Set();
        this.drawHex(id, cell, { terrain, town, capitalOf, here, marks }, { board, selectable, selected: ui.selected, cargo });
      }
      for (const uid of cell.drawn) drawn.add(uid);
    }
    this.pz.setBounds(this.bounds, seatFocus(view));
    if (ui.hover) this.highlight(ui.hover);
    return { drawn };
  }

  /** One group per hex with its number, once per board shape (a Viktory II board
   * grows as it is explored: its tiles); a move redraws the hexes it changed. */
  drawHexes(ids, shape) {
    clear(this.hexLayer);
    this.groups.clear();
    this.cells = new Map();
    this.shape = shape;
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const id of ids) {
      const [q, r] = parseHex(id);
      const [x, y] = hexToPixel(q, r, SIZE);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      const g = s("g", { class: "hex", transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})`, "data-hex": id, "data-terrain": "unknown" });
      const coord = s("text", { class: "coord", x: 0, y: SIZE - 7, "text-anchor": "middle" }, id);
      g.append(coord);
      this.cells.set(id, { coord, terrain: undefined, keep: new Set([coord]), key: null, drawn: new Set() });
      this.hexLayer.append(g);
      this.groups.set(id, g);
    }
    const pad = SIZE * 1.05;
    this.bounds = { x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad };
  }

  /** Draw a hex again: its tile only when its terrain changed (a tile turned face up),
   * its marks, town and counters always. */
  drawHex(id, cell, { terrain, town, capitalOf, here, marks }, { board, selectable, selected, cargo }) {
    const g = this.groups.get(id);
    const [q, r] = parseHex(id);
    const perimeter = Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) === board.board.radius + 1;
    const look = terrain ? TERRAIN[terrain] || FACE_DOWN : FACE_DOWN;
    if (cell.terrain !== (terrain || null)) {
      cell.terrain = terrain || null;
      for (const node of cell.keep) if (node !== cell.coord) node.remove();
      const outline = hexPoints(SIZE);
      const tile = [s("polygon", { class: "tile", points: outline, fill: look.fill }), s("polygon", { class: "texture", points: outline, fill: `url(#${look.pattern})` })];
      g.prepend(...tile);
      cell.keep = new Set([...tile, cell.coord]);
      g.setAttribute("data-terrain", terrain || "unknown");
    }
    const { kind } = marks;
    const tip = [id, look.name];
    const below = [];
    const above = [];
    if (!terrain) below.push(s("text", { class: "unknown-mark", x: 0, y: 2, "text-anchor": "middle", "dominant-baseline": "central" }, "?"));
    if (kind) below.push(s("polygon", { class: "hl-fill", points: hexPoints(SIZE) }));
    if (town) {
      const t = townShape(town.owner, town.city, Boolean(capitalOf));
      t.setAttribute("transform", `translate(${capitalOf ? -4 : 0} ${here.length > 4 ? -24 : -20})`);
      below.push(t);
      tip.push(`${town.owner} ${town.city ? "city" : "town"}${capitalOf ? ` (capital of ${capitalOf})` : ""}`);
    } else if (capitalOf) {
      tip.push(`capital marker of ${capitalOf}`);
    }
    below.push(...this.drawUnits(here, board, { town: Boolean(town), selectable, selected, cargo, drawn: cell.drawn, tip }));
    if (marks.recent && !kind) above.push(s("polygon", { class: "recent-mark", points: hexPoints(SIZE - 5) }));
    if (kind || marks.fight || marks.selected) above.push(s("polygon", { class: "hl-edge", points: hexPoints(SIZE - 3) }));
    redrawCell(g, {
      keep: cell.keep,
      anchor: cell.coord,
      cls: ["hex", terrain ? `t-${terrain}` : "t-down", perimeter && "perimeter", kind && `target hl-${kind}`, marks.fight && "battle-hex", marks.selected && "selected-hex", marks.recent && "recent"],
      label: kind ? marks.label : null,
      below,
      above,
      title: s("title", {}, tip.join(" · ")),
    });
  }

  /** The counters of a hex (one per unit, or per owner and type in a crowd). */
  drawUnits(here, board, { town, selectable, selected, cargo, drawn, tip }) {
    if (!here.length) return [];
    const counters = [];
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
      counters.push(counter);
      names.push(`${unit.owner} ${unit.type}${members.length > 1 ? ` ×${members.length}` : ""}`);
    });
    tip.push(names.join(", "));
    return counters;
  }

  clearLayers() {
    clear(this.hexLayer);
    this.shape = null;
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

/** A casualty to choose after a bombardment (its hits leave at once: `remove`), not
 * in a battle. */
export function isBombardment(view) {
  const frame = view.board.frame || {};
  return frame.state === "casualties" && Boolean(frame.remove);
}
