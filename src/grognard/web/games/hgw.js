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
// (the production panel), hgw-prompts.js (prompts in full words), hgw-counters.js (an
// army's counter), hgw-panels.js (status, record sheets, legend, the game's end),
// hgw-sea.js (fleets by nation, shipping routes, patrols, naval bases hit, coastal air),
// hgw-strategic.js (national morale, strategic points). This file draws the
// game on the map, says why a click did nothing, and gathers what the page asks a
// board module for.

import { clear, h, s, titleCase } from "../ui.js";
import { HexBoard, SQRT3, hexPoints } from "../board.js";
import { drawLabels, foundMark, goToBox, READING_ZOOM, zoomBand } from "./hgw-labels.js";
import { Echo } from "./hgw-echo.js";
import { drawForces, homeAt } from "./hgw-forces.js";
import { drawBaseHits, drawSeaLanes } from "./hgw-sea.js";
import { drawStrategic } from "./hgw-strategic.js";
import { promptText } from "./hgw-prompts.js";
import { PAINTER, RES, SIZE, centre, currentMap, edgesOf, hexAt, loadMap, paintStill, paintSvg, rowCol, worldLayers } from "./hgw-world.js";
import { BOX, FLEET_NATIONS, STEPS, argsOf, armiesOf, armyById, composition, fleetColor, leaderOf, leaderWords, nationWords, placeWords, placesInLine, pointWords, roleColor, unitName } from "./hgw-view.js";
import { COUNTER_WIDTH, counterShape, counterSlots, leaderMark, star, unsuppliedMark } from "./hgw-counters.js";
import { chartSeries, endReason, extraPanel, legend, reasonWords, status, summary, turnText, unitBadge } from "./hgw-panels.js";
import { describe } from "./hgw-describe.js";

// the world map is asked for (and parsed) while the page still waits for the rest of
// what it needs: a page whose first drawing has it is drawn once, not twice (the board
// shows a load's failure)
loadMap().catch(() => {});

// the board module's own exports, used by the tests and benchmarks/bench_hgw_paint.py
export { PAINTER, RES, centre, hexAt, hexId, loadMap, paintCanvas, paintSvg, rowCol, worldLayers } from "./hgw-world.js";
export { ROLE_COLORS, unitName } from "./hgw-view.js";

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
    this.seaLayer = s("g", { class: "hgw-sea-lanes" }); // shipping routes, patrols (hgw-sea.js)
    this.fleetLayer = s("g", { class: "hgw-fleets" });
    this.foundLayer = s("g", { class: "hgw-found-layer" });
    // issue 23: the map goes round the world (its east and west edges join). A second
    // copy of the picture and of its printed symbols and names, one ring east or west,
    // fills the view past the edge it looks at; the camera's centre stays on the ring.
    this.echo = new Echo(this);
    this.pz.content.append(this.featureLayer, this.labelLayer, this.seaLayer, this.hexLayer, this.markLayer, this.armyLayer, this.fleetLayer, this.foundLayer);
    // issue 26, item 6: a box that finds a hex by number or a place by name
    this.goto = goToBox(() => this.map, (hex) => this.goTo(hex));
    this.pz.wrap.append(this.goto);
    // the world map, if another board of this page loaded it already; else it comes
    // below, and the page that drew without it draws again, whole (its words need it
    // too: the module's wordsPending), so this board does not redraw itself then
    this.map = currentMap();
    this.painted = null;
    this.view = null;
    this.ui = {};
    // a canvas follows the SVG's pan and zoom
    const apply = this.pz.apply.bind(this.pz);
    this.pz.apply = () => {
      const side = this.echo.roundTheWorld();
      apply();
      if (this.canvas) this.canvas.style.transform = `translate(${this.pz.tx}px, ${this.pz.ty}px) scale(${this.pz.k / RES})`;
      this.echo.place(side);
      // which labels the zoom shows: hex numbers only where they can be read (written
      // only when the band changes: even an unchanged value styles every label anew)
      const band = zoomBand(this.pz.k);
      if (this.pz.svg.dataset.zoom !== band) this.pz.svg.dataset.zoom = this.echo.svg.dataset.zoom = band;
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
        this.goto.fillNames(map); // a "go to" asked meanwhile goes there now
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
      const ring = this.echo.ringWidth();
      // a point on the copy past either edge is the same point on the ring
      const x = (px - this.pz.tx) / this.pz.k;
      const turns = ring ? Math.floor((x - SIZE * SQRT3 * 0.5) / ring) : 0;
      hex = hexAt(x - turns * ring, (py - this.pz.ty) / this.pz.k);
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
    if (this.canvas) paintStill(this.canvas, result);
    else paintSvg(this.world, result);
    this.painted = { width: result.width, height: result.height, key, ms: performance.now() - started };
    this.pz.svg.dataset.painted = String(result.painted);
    this.drawFeatures(places);
    drawLabels(this.labelLayer, this.map, places, { centre, neighbours: (hex) => edgesOf(this.map, hex) });
    this.echo.repainted();
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

  /** The map loaded or not, the scenario's borders, and the invasions the seat may
 * announce (an army's tip says why it may not) change the drawing too. */
  drawsAlso(view) {
    return [Boolean(this.map), view?.scenario, (view?.legal || []).filter((a) => a[0] === "invade")];
  }

  /** A fresh board (`wholeDrawing`) draws with the map this one loaded. */
  copyStateFrom(other) {
    this.map = other.map;
  }

  draw(view, ui) {
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
    clear(this.seaLayer);
    clear(this.fleetLayer);
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
      const home = homeAt(board, place);  // Unaligned Forces: listed in the hex's description
      g.prepend(s("title", {}, `${labels.get(place) || placeWords(place)}${home ? `; ${home}` : ""}`));
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
    const held = new Set(armiesOf(view).map((a) => a.at).filter(Boolean));
    drawForces(this.markLayer, board, { where, placeWords, roleColor, fleetColor, nations: FLEET_NATIONS, fleetLayer: this.fleetLayer, armyAt: (place) => held.has(place) });
    drawSeaLanes(this.seaLayer, board, { where, placeWords, roleColor, fleetColor, ring: this.echo.ringWidth() });
    drawBaseHits(this.markLayer, board, { where, placeWords });
    drawStrategic(this.markLayer, board, { where, placeWords, roleColor });
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
          s("title", { text: `${army.name} (${nationWords(army) ? `${nationWords(army)}, ` : ""}${army.side}) at ${placeWords(place)}: ${army.strength} points, ${composition(army)}${army.frozen ? "; out of supply: it may not move or attack this turn" : ""}${army.status?.target ? `; ${army.status.invasion ? "invading" : "attacking"} ${placeWords(army.status.target)}` : ""}${leaderWords(view, army.id) ? `; ${leaderWords(view, army.id)}` : ""}${army.side === board.player && board.step === "announce" && invasionWhyNot(army, view) ? `; ${invasionWhyNot(army, view)}` : ""}` }),
          ...counterShape(army),
          ...(army.frozen ? [unsuppliedMark()] : []),
          ...(leaderOf(view, army.id) ? [leaderMark(leaderOf(view, army.id))] : []),
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

  clearLayers() {
    clear(this.hexLayer);
    clear(this.markLayer);
    clear(this.armyLayer);
    clear(this.seaLayer);
    clear(this.fleetLayer);
  }
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
  if ((view.legal || []).some((a) => a[0] === "invade" && argsOf(a).army === army.id)) return "";
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
    // Research 3: in Campaign Game II the side's points left go on to research
    const after = board.research ? "what is left goes to the research phase" : "unspent points are lost";
    return [`${budget} production point${budget === 1 ? "" : "s"} left to spend: ${after}`];
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

export default {
  id: "hgw",
  roleColor,
  describe,
  unitLabel: unitName,
  unitBadge,
  summary,
  status,
  chartSeries,
  endReason,
  reasonWords,
  turnText,
  extraPanel,
  promptText: (view) => promptText(view, { name: (uid) => unitName(uid, view), placeWords }),
  battleAt,
  oddsKeyName: pointWords,
  unitsAt: (view, hex) => armiesOf(view).filter((a) => a.at === hex).map((a) => a.id),
  isTurnEnd: (action) => action[0] === "end_production",
  obligations,
  // the places a log line names, said with their names ("2879 Guam")
  placesIn: placesInLine,
  placeName: placeWords,
  // every place name, cost and port above comes from the world map: until it has loaded
  // the page is drawn again when it comes (game.js and replay.js)
  wordsPending: () => (currentMap() ? null : loadMap()),
  whyNot,
  intent,
  legend,
  createBoard: (host, hooks) => new HgwBoard(host, hooks),
};
