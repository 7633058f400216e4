// Hitler's Global War on screen: the whole world hex map (5,650 hexes) painted once on
// a canvas under the board's SVG, and what changes during a game (armies, occupation
// and devastation markers, lit targets) drawn in the SVG above it.
//
// Why a canvas: benchmarks/bench_hgw_paint.py measures the same map layers painted on
// a canvas and as SVG paths in Chromium. The first paint a player waits for is about
// the same (the canvas a little faster in the median), and a zoom step costs the
// canvas (one bitmap the compositor scales) less than half what it costs the SVG
// (figures in web/README.md). The SVG on top holds only a few hundred elements, so
// every click target stays a real, focusable element (targets, army counters).
//
// The map comes from hgw-map.json beside this file, a compact copy of
// games/hgw/data/map.json written by scripts/build_hgw_webmap.py (the views carry no
// map: it never changes). view.board is games/hgw/state.py's `_view`: turn, player,
// phase, step, frame, owner {place: side}, markers, devastated, permanent,
// garrison_lost, armies [{id, side, name, nation ("french", "free_french" or ""), at,
// sp {kind: points}, strength, status, frozen}], stacks, winters, forts, fleets,
// fleet_status, and in Campaign Game I politics and unaligned. Everything in it is open
// information (the record sheets).
//
// The module's parts: hgw-world.js (the map, its geometry and painting), hgw-view.js
// (the view in words), hgw-describe.js (each action's label and target), hgw-labels.js
// (hex numbers, names, "go to"), hgw-forces.js (forts and fleets), hgw-production.js
// (the production panel), hgw-prompts.js (prompts in full words). This file draws the
// game on the map and gathers the panels the page asks a board module for.

import { clear, h, s, titleCase } from "../ui.js";
import { HexBoard, hexPoints } from "../board.js";
import { drawLabels, foundMark, goToBox, READING_ZOOM, zoomBand } from "./hgw-labels.js";
import { drawForces, fleetShape, forcesSheets, fortShape } from "./hgw-forces.js";
import { productionPanel } from "./hgw-production.js";
import { promptText } from "./hgw-prompts.js";
import { GROUP_COLORS, PAINTER, RES, SIZE, WATER, centre, currentMap, edgesOf, hexAt, loadMap, paintCanvas, paintSvg, rowCol, worldLayers } from "./hgw-world.js";
import { BOX, KINDS, KIND_SHORT, PHASES, STEPS, armiesOf, armyById, composition, kindWords, nationWords, placeWords, roleColor, unitName } from "./hgw-view.js";
import { describe } from "./hgw-describe.js";

// the board module's own exports, used by the tests and benchmarks/bench_hgw_paint.py
export { PAINTER, RES, centre, hexAt, hexId, loadMap, paintCanvas, paintSvg, rowCol, worldLayers } from "./hgw-world.js";
export { ROLE_COLORS, unitName } from "./hgw-view.js";

// ----- drawing -------------------------------------------------------------------------
/** The colour of each kind of strength point in a counter's make-up bar. */
const KIND_COLORS = { infantry: "#f4f1e8", mechanized: "#ffd54a", tac_air: "#7fd3ff", paratroop: "#9be28a", amphibious: "#4fc1b5" };

/** An army counter centred on (0, 0): its side's colour, its id, its strength, and
 * its make-up from the record sheet as a bar, one segment per kind of point. */
function counterShape(army) {
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
function counterId(army) {
  return army.id.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toUpperCase();
}

/** The mark of an army out of supply (L2.3, L2.4): a red "no supply" disc on its
 * counter's upper right corner, beside the dashed edge. */
function unsuppliedMark() {
  return s("g", { class: "hgw-unsupplied", transform: "translate(6.6 -5.2)" },
    s("circle", { r: 2.4 }),
    s("path", { d: "M-1.5 -1.5 L1.5 1.5" }));
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
const COUNTER_WIDTH = 16.8;

/** Where n counters sit in a hex, and at what scale: side by side, two to a row. */
function counterSlots(n) {
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

class HgwBoard extends HexBoard {
  constructor(host, hooks) {
    // on a touch phone the first view makes a lone army's counter (its ring, 16.8 units
    // wide, wider than a hex's flats) at least 44 px across; a crowded hex asks which
    super(host, hooks, "Hitler's Global War world map", "hexes hgw-hexes", COUNTER_WIDTH);
    this.pz.wrap.classList.add("hgw-wrap");
    this.painter = PAINTER;
    if (this.painter === "canvas") {
      this.canvas = h("canvas", { class: "hgw-canvas", "aria-hidden": "true" });
      this.pz.wrap.prepend(this.canvas);
    }
    this.world = s("g", { class: "hgw-world", "aria-hidden": "true" });
    this.pz.content.append(this.world);
    this.featureLayer = s("g", { class: "hgw-features" });
    this.labelLayer = s("g", { class: "hgw-labels", "aria-hidden": "true" });
    this.markLayer = s("g", { class: "hgw-marks" });
    this.armyLayer = s("g", { class: "hgw-armies" });
    this.foundLayer = s("g", { class: "hgw-found-layer" });
    this.pz.content.append(this.featureLayer, this.labelLayer, this.hexLayer, this.markLayer, this.armyLayer, this.foundLayer);
    // issue 26, item 6: a box that finds a hex by number or a place by name
    this.goto = goToBox(() => this.map, (hex) => this.goTo(hex));
    this.pz.wrap.append(this.goto);
    this.map = null;
    this.painted = null;
    this.view = null;
    this.ui = {};
    // a canvas follows the SVG's pan and zoom
    const apply = this.pz.apply.bind(this.pz);
    this.pz.apply = () => {
      apply();
      if (this.canvas) this.canvas.style.transform = `translate(${this.pz.tx}px, ${this.pz.ty}px) scale(${this.pz.k / RES})`;
      // which labels the zoom shows: hex numbers only where they can be read
      this.pz.svg.dataset.zoom = zoomBand(this.pz.k);
    };
    // zoom out to the whole world, in to a few hexes
    this.pz.zoomAt = (factor, px, py) => {
      const [w, hgt] = this.pz.size();
      const world = this.painted ? Math.min(w / this.painted.width, hgt / this.painted.height) * 0.9 : 0.2;
      const least = Math.min(world, this.pz.fitScale());
      const k = Math.min(3 * RES, Math.max(least, this.pz.k * factor)); // at most 3x the canvas
      const real = k / this.pz.k;
      this.pz.tx = px - (px - this.pz.tx) * real;
      this.pz.ty = py - (py - this.pz.ty) * real;
      this.pz.k = k;
      if (this.painted && k <= world + 1e-9) {
        // all the way out: the whole world, centred
        this.pz.tx = w / 2 - (k * this.painted.width) / 2;
        this.pz.ty = hgt / 2 - (k * this.painted.height) / 2;
      }
      this.pz.apply();
    };
    this.pz.onActivate = (target, event) => this.activateAt(target, event);
    loadMap()
      .then((map) => {
        this.map = map;
        this.goto.fillNames(map);
        if (this.view) this.render(this.view, this.ui);
      })
      .catch((err) => {
        this.pz.wrap.append(h("p", { class: "hgw-map-error" }, String(err.message || err)));
      });
  }

  /** Centre the board on a hex at reading zoom (at least) and outline it. */
  goTo(id) {
    const hex = this.map?.hexes.get(id);
    if (!hex) return;
    const [x, y] = centre(hex.row, hex.col);
    const [w, hgt] = this.pz.size();
    this.pz.k = Math.max(this.pz.k, READING_ZOOM * 1.05);
    this.pz.tx = w / 2 - this.pz.k * x;
    this.pz.ty = hgt / 2 - this.pz.k * y;
    this.pz.apply();
    foundMark(this.foundLayer, id, x, y, SIZE + 0.6);
  }

  activateAt(target, event) {
    const counter = target.closest?.("[data-uid]");
    let hex = target.closest?.("[data-hex]")?.dataset.hex ?? target.closest?.("[data-stack]")?.dataset.stack;
    if (!hex && event && event.clientX !== undefined) {
      const [px, py] = this.pz.local(event);
      hex = hexAt((px - this.pz.tx) / this.pz.k, (py - this.pz.ty) / this.pz.k);
    }
    if (!hex) return;
    const uid = counter ? counter.dataset.uid : null;
    this.hooks.onHex?.(hex, uid, uid);
  }

  paint(view) {
    const scenario = view.scenario || "barbarossa";
    // Campaign Game I: the unaligned countries are in play too, friendly to nobody
    const places = new Set([...Object.keys(view.board.owner || {}), ...Object.keys(view.board.unaligned || {})]);
    const key = `${scenario}:${places.size}`;
    if (this.painted?.key === key) return;
    const borders = this.map.scenarios?.[scenario] || "1939";
    const started = performance.now();
    const result = worldLayers(this.map, { borders, places: places.size ? places : null });
    if (this.canvas) paintCanvas(this.canvas, result);
    else paintSvg(this.world, result);
    this.painted = { width: result.width, height: result.height, key, ms: performance.now() - started };
    this.pz.svg.dataset.painted = String(result.painted);
    this.drawFeatures(places);
    drawLabels(this.labelLayer, this.map, places, { centre, neighbours: (hex) => edgesOf(this.map, hex) });
    this.siberia = this.siberiaBox(places);
  }

  /** Where the Siberia box is drawn: over the Soviet hexes beyond the European columns. */
  siberiaBox(places) {
    if (!places.has(BOX)) return null;
    const row = 10;
    const col = (this.map.europe_max_col || 57) + 6;
    const [x, y] = centre(row, col);
    return { x, y };
  }

  /** Production points, capitals, ports and off-map boxes: the printed symbols. */
  drawFeatures(places) {
    clear(this.featureLayer);
    for (const hex of this.map.hexes.values()) {
      const inPlay = places.has(hex.id);
      const capital = hex.features.includes("capital");
      const port = hex.features.includes("port") || hex.features.includes("naval_port") || hex.features.includes("naval_yard");
      if (!hex.production && !capital && !port) continue;
      const [x, y] = centre(hex.row, hex.col);
      const g = s("g", { class: ["hgw-feature", !inPlay && "off-play"], transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})`, "data-feature-hex": hex.id });
      if (capital) g.append(s("path", { class: "hgw-capital", d: star(0, -4.2, 2.6, 1.1) }));
      if (hex.production) {
        g.append(s("circle", { class: "hgw-pp-disc", cx: 0, cy: 4.1, r: 2.6 }));
        g.append(s("text", { class: "hgw-pp", x: 0, y: 4.2, text: String(hex.production) }));
      }
      if (port) g.append(s("path", { class: "hgw-port", d: "M-6 0.5 v3 M-7.4 2 q1.4 2.4 2.8 0 M-7 0.9 h2" }));
      this.featureLayer.append(g);
    }
    for (const box of this.map.boxes || []) {
      if (!box[2]) continue;
      const hex = this.map.hexes.get(box[2]);
      if (!hex) continue;
      const [x, y] = centre(hex.row, hex.col);
      this.featureLayer.append(s("text", { class: "hgw-box-label", x: x.toFixed(1), y: (y - 6).toFixed(1), text: `${box[1]} box` }));
    }
  }

  render(view, ui = {}) {
    this.view = view;
    this.ui = ui;
    const drawn = new Set();
    if (!view?.board) return { drawn };
    if (!this.map) {
      // the map is still loading: every army on it will be drawn as soon as it is in
      // (render runs again then), so none belongs in the page's "off the board" tray
      for (const army of armiesOf(view)) if (army.at) drawn.add(army.id);
      return { drawn };
    }
    this.paint(view);
    const board = view.board;
    const selectable = ui.selectable || new Set();
    const targets = ui.targets || new Map();
    const hexTargets = ui.hexTargets || new Map();
    const labels = ui.labels || new Map();
    const selectedAt = ui.selected ? armyById(view, ui.selected)?.at : null;
    const fight = board.frame?.target || null;
    clear(this.hexLayer);
    clear(this.markLayer);
    clear(this.armyLayer);
    this.groups.clear();
    const where = (place) => {
      if (place === BOX) return this.siberia ? [this.siberia.x, this.siberia.y] : null;
      const [row, col] = rowCol(place);
      return centre(row, col);
    };
    // the Siberia box: an off-map place that holds armies without a stacking limit
    if (this.siberia) {
      const { x, y } = this.siberia;
      this.markLayer.append(
        s("g", { class: "hgw-siberia", transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})` },
          s("rect", { x: -34, y: -16, width: 68, height: 32, rx: 3 }),
          s("text", { class: "hgw-siberia-label", x: 0, y: -10, text: "Siberia (off-map box)" })),
      );
    }
    // lit hexes, the selected army's hex, the hex being fought over, hovered hexes
    const lit = new Set([...targets.keys(), ...hexTargets.keys()]);
    if (selectedAt) lit.add(selectedAt);
    if (fight && inPlay(board, fight)) lit.add(fight);
    for (const place of lit) {
      const at = where(place);
      if (!at) continue;
      const kind = targets.get(place) || hexTargets.get(place) || null;
      const g = s("g", {
        class: ["hex", "hgw-hex", kind && `target hl-${kind}`, place === fight && "battle-hex", place === selectedAt && "selected-hex"],
        transform: `translate(${at[0].toFixed(2)} ${at[1].toFixed(2)})`,
        "data-hex": place,
      });
      const outline = place === BOX ? null : hexPoints(SIZE);
      if (outline) g.append(s("polygon", { class: "tile", points: outline }));
      else g.append(s("rect", { class: "tile", x: -34, y: -16, width: 68, height: 32, rx: 3 }));
      if (kind) {
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", labels.get(place) || placeWords(place));
        g.append(outline ? s("polygon", { class: "hl-fill", points: outline }) : s("rect", { class: "hl-fill", x: -34, y: -16, width: 68, height: 32, rx: 3 }));
      }
      g.append(outline ? s("polygon", { class: "hl-edge", points: hexPoints(SIZE - 1.2) }) : s("rect", { class: "hl-edge", x: -33, y: -15, width: 66, height: 30, rx: 3 }));
      g.prepend(s("title", {}, labels.get(place) || placeWords(place)));
      this.hexLayer.append(g);
      this.groups.set(place, g);
    }
    // occupation markers (Garrisons 3, 6) and devastated production
    for (const [place, side] of Object.entries(board.markers || {})) {
      const at = where(place);
      if (!at) continue;
      this.markLayer.append(
        s("g", { class: "hgw-occupation", "data-marker": place, "data-side": side, transform: `translate(${(at[0] - 5.2).toFixed(2)} ${(at[1] - 3.5).toFixed(2)})` },
          s("title", { text: `${placeWords(place)}: ${side} occupation marker` }),
          s("circle", { r: 2.3, fill: roleColor(side) })),
      );
    }
    for (const [place, points] of Object.entries(board.devastated || {})) {
      const at = where(place);
      if (!at) continue;
      const permanent = board.permanent?.[place] || 0;
      this.markLayer.append(
        s("g", { class: ["hgw-devastated", permanent && "permanent"], "data-devastated": place, transform: `translate(${(at[0] + 4.6).toFixed(2)} ${(at[1] + 3.6).toFixed(2)})` },
          s("title", { text: `${placeWords(place)}: ${points} production point${points === 1 ? "" : "s"} devastated${permanent ? ` (${permanent} for good)` : ""}` }),
          s("rect", { x: -2.4, y: -2.4, width: 4.8, height: 4.8, rx: 0.6 }),
          s("text", { x: 0, y: 0.2, text: String(points) })),
      );
    }
    // forts and fleets (issue 26, item 7)
    drawForces(this.markLayer, board, { where, placeWords, roleColor });
    // the armies, one counter each, side by side when several share a place
    const byPlace = new Map();
    for (const army of armiesOf(view)) {
      if (!army.at) continue;
      if (!byPlace.has(army.at)) byPlace.set(army.at, []);
      byPlace.get(army.at).push(army);
    }
    for (const [place, armies] of byPlace) {
      const at = where(place);
      if (!at) continue;
      const many = place === BOX ? { out: armies.map((_, i) => [(i - (armies.length - 1) / 2) * 17, 3]), scale: 0.9 } : counterSlots(armies.length);
      const holder = s("g", { class: "hgw-stack", "data-stack": place, transform: `translate(${at[0].toFixed(2)} ${at[1].toFixed(2)})` });
      armies.forEach((army, i) => {
        const [x, y] = many.out[i];
        const canAct = selectable.has(army.id);
        const isSelected = army.id === ui.selected;
        const el = s(
          "g",
          {
            class: ["hgw-army", "counter", canAct && "selectable", isSelected && "selected", army.frozen && "frozen", army.status?.target && "committed"],
            transform: `translate(${x.toFixed(2)} ${(y - (isSelected ? 0.8 : 0)).toFixed(2)}) scale(${many.scale})`,
            "data-uid": army.id,
            "data-side": army.side,
            "data-nation": army.nation || null,
            "data-strength": army.strength,
          },
          s("title", { text: `${army.name} (${nationWords(army) ? `${nationWords(army)}, ` : ""}${army.side}) at ${placeWords(place)}: ${army.strength} points, ${composition(army)}${army.frozen ? "; out of supply: it may not move or attack this turn" : ""}${army.status?.target ? `; ${army.status.invasion ? "invading" : "attacking"} ${placeWords(army.status.target)}` : ""}${army.side === board.player && board.step === "announce" && invasionWhyNot(army, view) ? `; ${invasionWhyNot(army, view)}` : ""}` }),
          ...counterShape(army),
          ...(army.frozen ? [unsuppliedMark()] : []),
        );
        if (canAct) {
          el.setAttribute("tabindex", "0");
          el.setAttribute("role", "button");
          // its accessible name is its <title> (an aria-label would differ from the
          // printed id and strength, which screen-reader users may be told to click)
          el.setAttribute("aria-pressed", isSelected ? "true" : "false");
        }
        drawn.add(army.id);
        holder.append(el);
      });
      this.armyLayer.append(holder);
    }
    // the theatre in play fills the board at first: where the armies stand
    // the dashed outline of the places the other players' last moves name
    for (const place of ui.recent || []) {
      const at = place === BOX ? null : where(place);
      if (at) this.markLayer.append(s("polygon", { class: "hgw-recent", "data-recent": place, points: hexPoints(SIZE - 1), transform: `translate(${at[0].toFixed(2)} ${at[1].toFixed(2)})` }));
    }
    if (!this.pz.bounds) this.pz.setBounds(this.theatre(view, where));
    if (ui.hover) this.highlight(ui.hover);
    return { drawn };
  }

  /** The armies' area (the front), padded by a few hexes: what the player looks at first. */
  theatre(view, where) {
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const army of armiesOf(view)) {
      if (!army.at || army.at === BOX) continue;
      const [x, y] = where(army.at);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    if (minX === Infinity) return { x: 0, y: 0, w: this.painted.width, h: this.painted.height };
    const pad = SIZE * 5;
    return { x: minX - pad, y: minY - pad, w: maxX - minX + 2 * pad, h: maxY - minY + 2 * pad };
  }

  /** Hover outlines for log lines and buttons: drawn on demand, the map has no hex elements. */
  highlight(hexes) {
    for (const el of this.markLayer.querySelectorAll(".hgw-hover")) el.remove();
    for (const place of hexes || []) {
      if (typeof place !== "string" || !/^\d{4,5}$/.test(place)) continue;
      const [row, col] = rowCol(place);
      const [x, y] = centre(row, col);
      this.markLayer.append(s("polygon", { class: "hgw-hover", "data-hover": place, points: hexPoints(SIZE), transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})` }));
    }
  }

  blank() {
    clear(this.hexLayer);
    clear(this.markLayer);
    clear(this.armyLayer);
    this.groups.clear();
  }
}

function star(cx, cy, outer, inner) {
  let d = "";
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    d += `${i ? "L" : "M"}${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
  }
  return `${d}Z`;
}

// ----- panels --------------------------------------------------------------------------
function unitBadge(uid, view) {
  const army = armyById(view, uid);
  if (!army) return null;
  const svg = s("svg", { class: "hgw-badge", width: 34, height: 26, viewBox: "-8.5 -6.5 17 13", "aria-hidden": "true" });
  svg.append(...counterShape(army));
  return svg;
}

function sides(view) {
  return view.roles && view.roles.length ? view.roles : ["axis", "soviet"];
}

function placesHeld(view, role) {
  return Object.entries(view.board.owner || {}).filter(([, side]) => side === role).map(([p]) => p);
}

function summary(view) {
  return sides(view).map((role) => {
    const armies = armiesOf(view).filter((a) => a.side === role && a.at);
    const points = armies.reduce((n, a) => n + (a.strength || 0), 0);
    return {
      role,
      color: roleColor(role),
      active: (view.active || []).includes?.(role) && !view.result,
      score: points,
      detail: `${armies.length} arm${armies.length === 1 ? "y" : "ies"} on the map · ${points} strength points`,
    };
  });
}

function status(view) {
  const board = view.board;
  return sides(view).map((role) => {
    const armies = armiesOf(view).filter((a) => a.side === role);
    const onMap = armies.filter((a) => a.at);
    const points = onMap.reduce((n, a) => n + (a.strength || 0), 0);
    const mech = onMap.reduce((n, a) => n + (a.sp?.mechanized || 0), 0);
    const facts = [
      ["Armies on the map", `${onMap.length} of ${armies.length}`],
      ["Strength points", `${points} (${mech} mechanized)`],
      ["Places held", String(placesHeld(view, role).length)],
      ["Occupation markers", String(Object.values(board.markers || {}).filter((s2) => s2 === role).length)],
    ];
    // L2.3, L2.4: named where every player looks, not only in the record sheets
    const unsupplied = onMap.filter((a) => a.frozen);
    if (unsupplied.length) facts.push(["Out of supply", unsupplied.map((a) => a.name).join(", ")]);
    if (role === board.player && board.frame?.budget !== undefined) facts.push(["Production left", String(board.frame.budget)]);
    return { role, color: roleColor(role), score: points, scoreLabel: "strength points", facts };
  });
}

/** What the game-over plots show (plots.js), per side at the start of each turn: the
 * strength points on the map (the status panel's score), places held, armies on the map. */
function chartSeries(view) {
  const per = (count) => Object.fromEntries(sides(view).map((role) => [role, count(role)]));
  const onMap = (role) => armiesOf(view).filter((a) => a.side === role && a.at);
  return {
    "Strength points": per((role) => onMap(role).reduce((n, a) => n + (a.strength || 0), 0)),
    "Places held": per((role) => placesHeld(view, role).length),
    "Armies on the map": per((role) => onMap(role).length),
  };
}

function turnText(view) {
  const board = view.board || {};
  if (view.result) return `${board.turn || ""} · game over`;
  const step = STEPS[board.step] || PHASES[board.phase] || board.phase || "";
  const index = Number.isInteger(board.turn_index) && board.turns ? ` (turn ${board.turn_index + 1} of ${board.turns.length})` : "";
  return `${board.turn || ""}${index} · ${board.player || ""} player turn${step ? ` · ${step}` : ""}`;
}

/** The record sheets (open information, Prepare for Play 4): every army's make-up. */
function recordSheet(view) {
  const board = view?.board;
  if (!board) return null;
  const rows = (role) =>
    armiesOf(view)
      .filter((a) => a.side === role)
      .map((a) =>
        h(
          "tr",
          { class: [!a.at && "muted", a.frozen && "frozen"], "data-army": a.id },
          h("th", { scope: "row", title: a.name }, counterId(a), nationWords(a) ? h("span", { class: "hgw-nation-tag", title: `${nationWords(a)} army: it never stacks with other Allied armies (G17.8)` }, a.nation === "free_french" ? " FFr" : " Fr") : null),
          h("td", {}, a.at ? placeWords(a.at) : "—"),
          KINDS.map((k) => h("td", {}, a.sp?.[k] ? String(a.sp[k]) : "")),
          h("td", { class: "total" }, String(a.strength || 0)),
          h("td", { class: "hgw-army-note" }, a.frozen ? "unsupplied" : a.status?.target ? `→ ${placeWords(a.status.target)}${a.status.advanced ? ` (+${a.status.advanced})` : ""}` : ""),
        ),
      );
  return h(
    "details",
    { class: "hgw-record", open: true },
    h("summary", {}, "Record sheets"),
    sides(view).map((role) =>
      h(
        "table",
        { class: "data-table hgw-sheet", "data-side": role },
        h("caption", {}, h("span", { class: "role-chip", style: `--role:${roleColor(role)}` }, titleCase(role))),
        h("thead", {}, h("tr", {}, h("th", {}, "Army"), h("th", {}, "At"), KINDS.map((k) => h("th", { title: kindWords(k) }, KIND_SHORT[k])), h("th", {}, "SP"), h("th", {}, ""))),
        h("tbody", {}, rows(role)),
      ),
    ),
    forcesSheets(board, { placeWords, roleChip: (role) => h("span", { class: "role-chip", style: `--role:${roleColor(role)}` }, titleCase(role)) }),
  );
}

function battleAt(view) {
  const target = view?.board?.frame?.target;
  return target && inPlay(view.board, target) ? target : null;
}

/** A place of the scenario: held by a side, or (Campaign Game I) unaligned. */
function inPlay(board, hex) {
  return board.owner?.[hex] !== undefined || board.unaligned?.[hex] !== undefined;
}

/** Why a click did nothing, from the view (never more than it shows). */
function whyNot(view, { hex, uid, seat, selected, model }) {
  if (!seat || !view?.board) return null;
  const board = view.board;
  const army = uid ? armyById(view, uid) : null;
  if (army && army.side !== seat) return `${army.name} is a ${army.side} army: ${composition(army)}.`;
  if (army && !model.selectable().has(uid)) {
    if (army.frozen) return `${army.name} is out of full supply: it may not move or attack this turn.`;
    if (board.step === "announce" && army.status?.target) return `${army.name} is already named against ${placeWords(army.status.target)}.`;
    const invasion = board.step === "announce" ? invasionWhyNot(army, view) : "";
    if (invasion) return `${army.name} has no attack to name: ${invasion}`;
    return `${army.name} has nothing to do in this step (${STEPS[board.step] || board.step}).`;
  }
  if (selected) return `${unitName(selected, view)} cannot go to ${placeWords(hex)} now: the lit hexes are where it can.`;
  if (board.unaligned?.[hex]) return `${hex} belongs to unaligned ${titleCase(board.unaligned[hex].replaceAll("_", " "))}: attacking it violates its neutrality.`;
  const kind = currentMap()?.hexes.get(hex)?.kind;
  if (kind && kind !== "land") return `${placeWords(hex)} is ${kind === "ice" ? "ice" : "water"}: armies never stand there; they cross the sea only by an amphibious invasion from a port (F3.4).`;
  if (board.owner && !inPlay(board, hex) && hex !== BOX) return `${placeWords(hex)} is not in play in this scenario (neutral for the whole game).`;
  return null;
}

/** Why an army cannot invade, in words, when its side may invade this step and it
 * may not (Invasion Procedure 2, 4, F3.4: at least half its points amphibious, in a
 * port); "" when it may, or when no invasion is open to its side. */
function invasionWhyNot(army, view) {
  if (!(view?.legal || []).some((a) => a[0] === "invade")) return "";
  if ((view.legal || []).some((a) => a[0] === "invade" && a[1] === army.id)) return "";
  const amphibious = army.sp?.amphibious || 0;
  if (2 * amphibious < (army.strength || 0)) {
    return `it cannot invade: an invasion needs at least half of an army's points amphibious, and it has ${amphibious} of ${army.strength} (F3.4).`;
  }
  const port = currentMap()?.hexes.get(army.at)?.features?.some((f) => ["port", "naval_port", "naval_yard"].includes(f));
  if (!port) return `it cannot invade: an invading army sets out from a port, and ${placeWords(army.at)} is none (F3.4).`;
  return "";
}

/** What ending the step would leave undone, for the page's question before it: named
 * no attack while some are open (C2.1: the armies not named lose their chance this
 * turn), production left that can still buy something (P1.4: unspent points are lost). */
function obligations(view, model, entry) {
  const board = view?.board || {};
  const legal = view?.legal || [];
  if (entry.verb === "end_announce" && legal.some((a) => a[0] === "attack")) {
    const named = armiesOf(view).some((a) => a.side === board.player && a.status?.target);
    if (!named) return ["no attack is named: an army not named now cannot attack this turn"];
  }
  const budget = (board.frame?.budget || 0) + (board.frame?.french || 0) + (board.frame?.us_alone || 0);
  if (entry.verb === "end_production" && budget > 0 && legal.some((a) => ["build", "repair", "fort"].includes(a[0]))) {
    return [`${budget} production point${budget === 1 ? "" : "s"} left to spend: unspent points are lost`];
  }
  return [];
}

/** The action a click that did nothing meant, for the ruleset's "why not?" (the
 * server's answer, games/hgw/why.py, replaces `whyNot`'s): where the chosen points
 * go, the selected army's attack or exploitation, a build, or moving an own army
 * that cannot move. */
function intent(view, { hex, uid, seat, selected }) {
  const board = view?.board;
  if (!board || !hex) return null;
  const army = uid ? armyById(view, uid) : null;
  const own = army && army.side === seat ? army : null;
  switch (board.step) {
    case "move_to":
      return own && own.id !== board.frame?.army ? ["to_army", own.id] : ["to_place", hex];
    case "announce":
      return selected ? ["attack", selected, hex] : null;
    case "exploitation":
      return selected ? ["exploit", selected, hex] : null;
    case "production":
      return own ? ["build", "infantry", "army", own.id] : ["build", "infantry", "place", hex];
    case "movement":
      return own && !selected ? ["move", own.id, "army", own.strength] : null;
    default:
      return null;
  }
}

function legend() {
  const swatch = (...shapes) => {
    const svg = s("svg", { class: "legend-svg", width: 34, height: 30, viewBox: "-12 -11 24 22", "aria-hidden": "true" });
    svg.append(...shapes);
    return svg;
  };
  const item = (icon, text) => h("li", {}, icon, h("span", {}, text));
  const hexShape = (fill) => s("polygon", { points: hexPoints(SIZE), fill, stroke: "#555", "stroke-width": 0.6 });
  const line = (attrs) => s("path", { d: "M-9 0 H9", fill: "none", ...attrs });
  const list = h(
    "ul",
    { class: "legend-items" },
    item(swatch(s("polygon", { class: "legend-recent", points: hexPoints(SIZE), fill: "none" })), "Dashed outline: places named by the other players' last moves"),
    item(swatch(hexShape(WATER.sea)), "Sea"),
    item(swatch(hexShape(WATER.partial)), "Coastal water"),
    item(swatch(hexShape(GROUP_COLORS.unaligned), s("path", { d: "M-6.6 2.2 L-4 -1.4 L-1.4 2.2 M-1 1.2 L1.6 -2.4 L4.2 1.2", fill: "none", stroke: "#5b4632", "stroke-width": 0.9 })), "Mountains"),
    item(swatch(s("path", { class: "hgw-port", d: "M0 -4 v7 M-3.4 0 q3.4 5.6 6.8 0 M-2.4 -2.6 h4.8", transform: "scale(1.4)" })), "Port"),
    item(swatch(line({ stroke: "#c0261b", "stroke-width": 2 })), "Crossing arrow: land units cross this strait"),
    item(swatch(line({ stroke: "#2a2219", "stroke-width": 1.4, "stroke-dasharray": "2.2 1.2" })), "Country border (Barbarossa draws the 1941 borders, after the Soviet annexations; the other scenarios 1939's)"),
    item(swatch(s("path", { class: "hgw-capital", d: star(0, 0, 6, 2.6) })), "Capital"),
    item(swatch(s("circle", { class: "hgw-pp-disc", r: 5 }), s("text", { class: "hgw-pp legend", x: 0, y: 0.4, text: "3" })), "Production points"),
    item(swatch(s("text", { class: "hgw-legend-num", x: 0, y: 1.5, text: "1237" })), "Hex number (zoom in to read them; the box on the map goes to a hex or a place)"),
    item(swatch(s("circle", { r: 4, fill: roleColor("axis") })), "Occupation marker (its side's colour)"),
    item(swatch(s("g", { class: "hgw-devastated" }, s("rect", { x: -5, y: -5, width: 10, height: 10, rx: 1 }), s("text", { x: 0, y: 0.4, text: "2" }))), "Devastated production points"),
    item(swatch(s("g", { class: "hgw-fort", transform: "scale(2.4)" }, ...fortShape({ points: 2 }, roleColor("axis")))), "Fort and its points, outlined in its side's colour (it fires with the defence and absorbs losses)"),
    item(swatch(s("g", { class: "hgw-fleet", transform: "scale(2)" }, ...fleetShape({ sp: 4 }, roleColor("allied")))), "Fleet in its port and its fleet points"),
    item(swatch(s("g", { class: "hgw-army", transform: "scale(1.3)" }, ...counterShape({ id: "agn", side: "axis", strength: 10, sp: { infantry: 5, mechanized: 5 } }))), "Army: id, strength points, and its make-up as a bar"),
    item(swatch(s("g", { class: "hgw-army frozen", transform: "scale(1.3)" }, ...counterShape({ id: "agn", side: "axis", strength: 5, sp: { infantry: 5 } }), unsuppliedMark())), "Army out of supply (dashed blue edge, struck-out disc): it may not move or attack"),
    ...KINDS.map((kind) => item(swatch(s("rect", { x: -9, y: -2, width: 18, height: 4, fill: KIND_COLORS[kind], stroke: "#444", "stroke-width": 0.5 })), `${titleCase(kindWords(kind))} points in the bar`)),
  );
  // the country colours of the printed map, with the map's own key (hgw-map.json groups)
  loadMap()
    .then((map) => {
      for (const [group, color] of Object.entries(GROUP_COLORS)) {
        const words = map.groups?.[group];
        if (!words) continue;
        // "Light grey: Germany" -> "Germany (light grey)"
        const [colour, who = colour] = words.split(": ");
        list.append(item(swatch(hexShape(color)), `${who.charAt(0).toUpperCase()}${who.slice(1)} (${colour.toLowerCase()})`));
      }
    })
    .catch(() => {});
  return list;
}

export default {
  id: "hgw",
  roleColor,
  describe,
  unitLabel: unitName,
  unitBadge,
  summary,
  status,
  chartSeries,
  turnText,
  extraPanel: (view) => {
    const roleChip = (role) => h("span", { class: "role-chip", style: `--role:${roleColor(role)}` }, titleCase(role));
    const production = productionPanel(view, { map: currentMap(), sides: sides(view), armies: armiesOf(view), roleChip });
    const sheets = recordSheet(view);
    return production || sheets ? h("div", { class: "hgw-panels" }, production, sheets) : null;
  },
  promptText: (view) => promptText(view, { name: (uid) => unitName(uid, view), placeWords }),
  battleAt,
  unitsAt: (view, hex) => armiesOf(view).filter((a) => a.at === hex).map((a) => a.id),
  isTurnEnd: (action) => action[0] === "end_production",
  obligations,
  // the places a log line names: a hex id after "on", "in", "at", "to", "from" ("attack
  // on 1043"), not the year of "(Summer 1941)"
  placesIn: (line) => [...line.matchAll(/\b(?:on|in|at|to|from|into) (\d{4,5})\b/g)].map((m) => m[1]),
  whyNot,
  intent,
  legend,
  createBoard: (host, hooks) => new HgwBoard(host, hooks),
};
