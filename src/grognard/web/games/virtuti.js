// Virtuti Militari on screen: the area map of Europe drawn in SVG from the ruleset's
// board data (GET /api/rulesets/virtuti/board-data: the polygons of
// games/virtuti/data/map.json and the names of cards, units, orders and countries,
// sent once), coloured by one of four modes (faction, weather, political, supply),
// with the units, order tokens, fortifications and submarines of view.board
// (games/virtuti/state.py); the looks of each mode and the legend are in virtutilook.js,
// the side panels in virtutipanels.js. On a phone the board lists the areas to act on:
// choosing one zooms to it (44 px at least) and acts on it as a tap would.
//
// Secrets: during a secret window the server sends the other player's factions as
// they stood when it opened (secrets.py), so an order placed in secret is simply not
// in this player's view; the board draws what it is sent and nothing else.

import { clear, h, put, s, titleCase } from "../ui.js";
import { HexBoard, redrawCell } from "../board.js";
import { areaName, boardData, FACTION_COLORS, factionName, factionsOf, loadBoardData, logWords, oddsKeyName, orderShort, promptWords, unitName, unitShort } from "./virtutidata.js";
import { areaBoxes, areaLook, centreOf, frontOf, legend, medianAreaSize, SEA, TAP_PX } from "./virtutilook.js";
import { endReason, extraPanel } from "./virtutipanels.js";
import { describe, unitWords } from "./virtutidescribe.js";

const MODES = [
  ["faction", "Faction"],
  ["weather", "Weather"],
  ["political", "Political"],
  ["supply", "Supply"],
];
// the map is about 3200 units wide: marks are drawn at this scale so that they read
// at the zoom that shows western Europe
const MARK_SCALE = 2.4;
const LABEL_SCALE = 1.7;
const ROLE_COLORS = { axis: FACTION_COLORS.axis, allies: FACTION_COLORS.western_allies };
const PHASES = {
  setup: "set-up",
  events: "events",
  strategic_pp: "strategic phase: cards for PP",
  strategic_air: "strategic phase: cards for air support",
  production: "production",
  planning: "planning",
  operations: "operations",
  supply: "supply",
  diplomacy: "diplomacy",
  summary: "summary",
};

function roleColor(role) {
  return ROLE_COLORS[role] || "#777";
}

function pathOf(shapes) {
  return shapes.map((ring) => `M${ring.map(([x, y]) => `${x} ${y}`).join("L")}Z`).join("");
}

class VirtutiBoard extends HexBoard {
  constructor(host, hooks) {
    super(host, hooks, "Virtuti Militari map", "vm-areas");
    this.mode = "faction";
    this.view = null;
    this.ui = {};
    this.modeBar = h(
      "div",
      { class: "vm-modes", role: "group", "aria-label": "Map mode" },
      MODES.map(([id, label]) =>
        h("button", { type: "button", class: "vm-mode", "data-mode": id, "aria-pressed": id === this.mode ? "true" : "false", onclick: () => this.setMode(id) }, label),
      ),
    );
    this.picker = h("select", {
      class: "vm-picker",
      "aria-label": "Choose an area to act on",
      hidden: true,
      onchange: () => {
        const area = this.picker.value;
        if (!area) return;
        this.picker.value = "";
        this.zoomTo(area);
        this.actOn(area);
      },
    });
    this.modeBar.append(this.picker);
    this.pz.wrap.append(this.modeBar);
    this.frameLayer = s("g", { class: "vm-frame" });
    this.seaLayer = s("g", { class: "vm-seas" });
    this.markLayer = s("g", { class: "vm-marks" });
    this.pz.content.append(this.frameLayer, this.seaLayer, this.hexLayer, this.markLayer);
    this.clearLayers();
    this.failed = null;
    this.load();
  }

  /** Fetch the board data, then draw the newest view (again, after a failure, when a
   * view comes). The page is told (`onReady`), since the names of cards, units and
   * areas in its buttons and panels come from the same data. */
  load() {
    const redraw = () => {
      if (this.hooks.onReady) this.hooks.onReady();
      else if (this.view) this.render(this.view, this.ui);
    };
    loadBoardData().then(
      () => {
        this.failed = null;
        redraw();
      },
      (err) => {
        this.failed = String(err.message || err);
        redraw();
      },
    );
  }

  setMode(mode) {
    this.mode = mode;
    for (const b of this.modeBar.querySelectorAll("button")) b.setAttribute("aria-pressed", b.dataset.mode === mode ? "true" : "false");
    this.pz.svg.dataset.mode = mode;
    this.redraw();
  }

  activate(target) {
    const unit = target.closest?.("[data-uid]");
    const area = target.closest?.("[data-area]")?.dataset.area;
    if (!area) return;
    if (unit) this.hooks.onHex?.(area, unit.dataset.uid, unit.dataset.uid);
    else this.actOn(area);
  }

  /** An area tapped or chosen from the list: on a touch screen the counters are too
   * small to tap one by one, so the units standing there come along (the page then
   * selects the one that can act, or asks which). */
  actOn(area) {
    const coarse = globalThis.matchMedia?.("(pointer: coarse)").matches ?? false;
    const here = coarse ? (this.view?.board?.units || []).filter((u) => u.a === area).map((u) => u.id) : [];
    this.hooks.onHex?.(area, null, here.length ? here.join(" ") : null);
  }

  /** Centre the board on an area, zoomed so that it is at least TAP_PX across (a phone
   * acts on it with a finger): the list's "zoom to" an area. */
  zoomTo(area) {
    const box = areaBoxes().get(area);
    if (!box) return;
    const pz = this.pz;
    const [w, hgt] = pz.size();
    const least = Math.min(box.w, box.h) || 1;
    pz.k = Math.min(pz.fitScale() * 12, Math.max(pz.k, (TAP_PX * 1.5) / least));
    pz.tx = w / 2 - pz.k * (box.x + box.w / 2);
    pz.ty = hgt / 2 - pz.k * (box.y + box.h / 2);
    pz.apply();
  }

  /** The list of the areas the player can act on now (lit areas, areas of units that
   * can act), by name: choosing one zooms to it and acts on it as a tap would. */
  drawPicker(ui) {
    const places = new Set([...(ui.targets || new Map()).keys(), ...(ui.hexTargets || new Map()).keys()]);
    const selectable = ui.selectable || new Set();
    for (const unit of this.view?.board?.units || []) if (selectable.has(unit.id) && unit.id !== ui.selected) places.add(unit.a);
    const sorted = [...places].sort((a, b) => areaName(a).localeCompare(areaName(b)));
    this.picker.hidden = !sorted.length;
    put(
      this.picker,
      h("option", { value: "" }, ui.selected ? "Send it to the area…" : `Areas to act on (${sorted.length})…`),
      sorted.map((id) => h("option", { value: id }, areaName(id))),
    );
    this.picker.value = "";
  }

  /** The map mode and whether the board data is in (or failed) change the drawing. */
  drawsAlso() {
    return [this.mode, Boolean(boardData()), this.failed];
  }

  /** The map's frame, sea zones and land areas, once: a move redraws an area's colour,
   * marks and tip only when they changed, and the marks above the map (mark layer). */
  drawMap(map) {
    this.clearLayers();
    this.groups.clear();
    this.built = map;
    this.frameLayer.append(
      s("path", { class: "vm-sea-bg", d: `M${map.frame.map(([x, y]) => `${x} ${y}`).join("L")}Z`, fill: SEA }),
      ...map.context_land.map((ring) => s("path", { class: "vm-context", d: `M${ring.map(([x, y]) => `${x} ${y}`).join("L")}Z` })),
    );
    for (const sea of map.sea_zones) {
      const title = s("title", { text: sea.name });
      const g = s("g", { class: "vm-sea", "data-area": sea.id }, title, s("path", { class: "tile", d: pathOf(sea.shapes) }));
      this.cells.set(sea.id, { keep: new Set(g.childNodes), tile: g.lastChild, key: null });
      this.seaLayer.append(g);
      this.groups.set(sea.id, g);
    }
    for (const area of map.land_areas) {
      const g = s("g", { class: "vm-area", "data-area": area.id }, s("path", { class: "tile", d: pathOf(area.shapes) }));
      this.cells.set(area.id, { keep: new Set(g.childNodes), tile: g.lastChild, key: null });
      this.hexLayer.append(g);
      this.groups.set(area.id, g);
    }
  }

  draw(view, ui) {
    const drawn = new Set();
    const data = boardData();
    if (!data) {
      this.clearLayers();
      this.groups.clear();
      const failed = this.failed;
      this.hexLayer.append(s("text", { class: "vm-loading", x: 20, y: 40, text: failed ? `${failed}: retrying` : "Loading the map…" }));
      if (failed) {
        this.failed = null;
        setTimeout(() => this.load(), 3000);
      }
      return { drawn };
    }
    const map = data.map;
    if (this.built !== map) this.drawMap(map);
    clear(this.markLayer);
    const board = view.board;
    const targets = new Map([...(ui.targets || new Map()), ...(ui.hexTargets || new Map())]);
    const labels = ui.labels || new Map();
    const fight = board.battle?.area || null;
    this.pz.svg.dataset.mode = this.mode;
    const lit = (id) => {
      const kind = targets.get(id);
      return { kind, cls: kind ? ["target", `hl-${kind}`] : [], label: kind ? labels.get(id) || areaName(id) : null };
    };
    for (const sea of map.sea_zones) {
      const { kind, cls, label } = lit(sea.id);
      const cell = this.cells.get(sea.id);
      const key = JSON.stringify([sea.id === fight, kind, label]);
      if (cell.key !== key) {
        cell.key = key;
        redrawCell(this.groups.get(sea.id), { keep: cell.keep, cls: ["vm-sea", sea.id === fight && "battle-area", ...cls], label });
      }
      this.markLayer.append(s("text", { class: "vm-sea-name", x: sea.label[0], y: sea.label[1] - 26, text: sea.name }));
    }
    for (const area of map.land_areas) {
      const look = areaLook(area, view, this.mode);
      const tip = [`${area.name}`, look.words];
      if (area.pp) tip.push(`${area.pp} PP`);
      if (area.vp) tip.push(`${area.vp} VP`);
      const { kind, cls, label } = lit(area.id);
      const weather = board.weather?.[area.id] || "clear";
      const recent = Boolean(ui.recent?.has(area.id));
      const cell = this.cells.get(area.id);
      const key = JSON.stringify([look.fill, tip, weather, area.id === fight, recent, kind, label]);
      if (cell.key === key) continue;
      cell.key = key;
      cell.tile.setAttribute("fill", look.fill);
      redrawCell(this.groups.get(area.id), {
        keep: cell.keep,
        cls: ["vm-area", `w-${weather}`, area.id === fight && "battle-area", recent && "recent", ...cls],
        label,
        title: s("title", { text: tip.join(" · ") }),
      });
    }
    for (const port of map.ports) {
      const [x, y] = port.label;
      const { cls, label } = lit(port.id);
      const g = s("g", { class: "vm-port", "data-area": port.id, transform: `translate(${x} ${y}) scale(${MARK_SCALE * 0.8})` }, s("title", { text: port.name }), s("circle", { class: "tile", r: 7 }), s("path", { class: "vm-anchor", d: "M0 -4V4M-3.5 1Q0 6 3.5 1M-2 -2H2" }));
      redrawCell(g, { keep: new Set(g.childNodes), cls: ["vm-port", port.id === fight && "battle-area", ...cls], label });
      this.markLayer.append(g);
      this.groups.set(port.id, g);
    }
    this.drawMarks(view, map, ui, drawn);
    const [x0, y0, w, hgt] = map.view_box;
    // a phone's first view: the median area TAP_PX across, centred on the seat's front
    this.pz.tapSize = medianAreaSize();
    this.pz.setBounds({ x: x0, y: y0, w, h: hgt }, frontOf(view, centreOf(map)));
    this.drawPicker(ui);
    if (ui.hover) this.highlight(ui.hover);
    return { drawn };
  }

  /** Names, PP, fortifications, orders, units and submarines, above the areas. */
  drawMarks(view, map, ui, drawn) {
    const board = view.board;
    const at = new Map();
    for (const unit of board.units || []) {
      if (!at.has(unit.a)) at.set(unit.a, []);
      at.get(unit.a).push(unit);
    }
    const centre = new Map();
    for (const area of [...map.land_areas, ...map.sea_zones, ...map.ports]) centre.set(area.id, area.label);
    for (const area of map.land_areas) {
      const [x, y] = area.label;
      const g = s("g", { class: "vm-label", transform: `translate(${x} ${y}) scale(${LABEL_SCALE})` });
      g.append(s("text", { class: "vm-name", y: -14, text: area.name }));
      if (area.pp) g.append(s("text", { class: "vm-pp", x: -20, y: -2, text: String(area.pp) }));
      if (area.vp) g.append(s("polygon", { class: "vm-vp", points: "0,-6 1.8,-1.8 6,-1.8 2.6,1 3.8,5.5 0,2.8 -3.8,5.5 -2.6,1 -6,-1.8 -1.8,-1.8", transform: "translate(20 -4)" }));
      const fort = board.forts?.[area.id];
      if (fort) g.append(s("g", { class: "vm-fort", transform: "translate(-20 10)", "data-fort": fort }, s("title", { text: `fortification level ${fort}` }), s("path", { d: "M-6 4V-3H-4V-5H-2V-3H2V-5H4V-3H6V4Z" }), s("text", { x: 0, y: 12, text: String(fort) })));
      this.markLayer.append(g);
    }
    for (const [id, order] of Object.entries(board.orders || {})) {
      const [x, y] = centre.get(id) || [0, 0];
      const token = s(
        "g",
        { class: "vm-order", "data-order": id, transform: `translate(${x + 18 * MARK_SCALE} ${y + 12 * MARK_SCALE}) scale(${MARK_SCALE})` },
        s("title", { text: `${factionName(order.f)} order: ${titleCase(order.o)}` }),
        s("circle", { r: 9, fill: FACTION_COLORS[order.f] || "#666" }),
        s("text", { y: 0.5, text: orderShort(order.o) }),
      );
      this.markLayer.append(token);
    }
    const selectable = ui.selectable || new Set();
    for (const [id, here] of at) {
      const [x, y] = centre.get(id) || [0, 0];
      const stack = s("g", { class: "vm-stack", "data-area": id, transform: `translate(${x} ${y}) scale(${MARK_SCALE})` });
      here.forEach((unit, i) => {
        const col = i % 3;
        const row = Math.floor(i / 3);
        const canAct = selectable.has(unit.id);
        const el = s(
          "g",
          { class: ["vm-unit", canAct && "selectable", unit.id === ui.selected && "selected", unit.ex && "exhausted"], "data-uid": unit.id, transform: `translate(${(col - 1) * 15} ${row * 13})` },
          s("title", { text: `${factionName(unit.f)} ${unitShort(unit.t, true)} level ${unit.lv}${unit.ex ? " (exhausted)" : ""} · ${unitName(unit)}` }),
          s("rect", { x: -7, y: -6, width: 14, height: 12, rx: 2, fill: FACTION_COLORS[unit.f] || "#666" }),
          s("text", { y: 0.5, text: unitShort(unit.t) }),
          s("text", { class: "vm-level", x: 5, y: -3.5, text: String(unit.lv) }),
        );
        if (canAct) {
          el.setAttribute("tabindex", "0");
          el.setAttribute("role", "button");
          el.setAttribute("aria-label", `${unitName(unit)}, level ${unit.lv}`);
        }
        drawn.add(unit.id);
        stack.append(el);
      });
      this.markLayer.append(stack);
    }
    for (const [faction, rec] of Object.entries(board.factions || {})) {
      (rec.subs || []).forEach((sea, i) => {
        const [x, y] = centre.get(sea) || [0, 0];
        this.markLayer.append(
          s("g", { class: "vm-sub", "data-sub": faction, transform: `translate(${x - 30 + i * 32} ${y + 40}) scale(${MARK_SCALE})` }, s("title", { text: `${factionName(faction)} submarine in the ${areaName(sea)}` }), s("ellipse", { rx: 7, ry: 3.2, fill: FACTION_COLORS[faction] }), s("rect", { x: -1.5, y: -6, width: 3, height: 4, fill: FACTION_COLORS[faction] })),
        );
      });
    }
    if (board.battle?.area) {
      const [x, y] = centre.get(board.battle.area) || [0, 0];
      // a red ring around the battle's counters, and two crossed blades above it
      this.markLayer.append(
        s(
          "g",
          { class: "vm-battle", transform: `translate(${x} ${y})` },
          s("circle", { r: 46, class: "vm-battle-ring" }),
          s("path", { class: "vm-battle-swords", d: "M-14 -70 L14 -42 M14 -70 L-14 -42 M-17 -49 L-7 -59 M17 -49 L7 -59" }),
        ),
      );
    }
  }

  destroy() {
    this.view = null; // no more drawing, and no more retries of a failed load
    super.destroy();
  }

  clearLayers() {
    clear(this.frameLayer);
    clear(this.seaLayer);
    clear(this.hexLayer);
    clear(this.markLayer);
    this.built = null; // the map data the layers show; `cells`: each area's nodes
    this.cells = new Map();
  }

  copyStateFrom(other) {
    this.mode = other.mode;
  }
}

// ----- players bar and status ---------------------------------------------------------
function summary(view) {
  const board = view.board || {};
  return (view.roles || []).map((role) => {
    const factions = factionsOf(role);
    const units = (board.units || []).filter((u) => factions.includes(u.f)).length;
    return {
      role,
      color: roleColor(role),
      active: (view.active || []).includes(role) && !view.result,
      score: board.vp?.[role] ?? null,
      detail: `${units} units · ${factions.map((f) => `${factionName(f)} ${board.factions?.[f]?.pp ?? 0} PP`).join(" · ")}`,
    };
  });
}

function status(view) {
  const board = view.board || {};
  return (view.roles || []).map((role) => {
    const factions = factionsOf(role);
    const facts = factions.map((f) => {
      const rec = board.factions?.[f] || {};
      const units = (board.units || []).filter((u) => u.f === f).length;
      return [factionName(f), `${units} units · ${rec.pp ?? 0} PP · war economy ${rec.we ?? "—"} · logistics ${rec.logistics ?? "—"}`];
    });
    return { role, color: roleColor(role), score: board.vp?.[role] ?? null, scoreLabel: "VP", facts };
  });
}

/** What the game-over plots show (plots.js), per side at the start of each turn:
 * victory points (the score), units on the map and production points of its factions. */
function chartSeries(view) {
  const board = view.board || {};
  const per = (count) => Object.fromEntries((view.roles || []).map((role) => [role, count(role)]));
  return {
    "Victory points": per((role) => Number(board.vp?.[role] ?? 0)),
    "Units on the map": per((role) => (board.units || []).filter((u) => factionsOf(role).includes(u.f)).length),
    "Production points": per((role) => factionsOf(role).reduce((n, f) => n + Number(board.factions?.[f]?.pp ?? 0), 0)),
  };
}

function turnText(view) {
  const board = view.board || {};
  if (view.result) return `${board.turn} · game over`;
  return `${board.turn || ""} (turn ${board.turn_no || 1}) · ${PHASES[board.phase] || board.phase || ""}`;
}

/** Why a click on an area did nothing, from what the view shows. */
function whyNot(view, { hex, seat, selected }) {
  if (!seat || !view?.board) return null;
  const board = view.board;
  const name = areaName(hex);
  const mine = factionsOf(seat);
  if (selected) return `${unitWords(selected, view)} cannot go to ${name} now: the lit areas are where it can go.`;
  if (board.phase === "planning") {
    if (board.orders?.[hex]) return `${name} has an order already: one order per area.`;
    if (!(board.units || []).some((u) => u.a === hex && mine.includes(u.f))) return `Orders go where your units are: ${name} has none of yours.`;
    return `None of your orders left may go in ${name} (order tokens used up, or an order that does not fit the area).`;
  }
  if (board.phase === "operations" && board.orders?.[hex] && !mine.includes(board.orders[hex].f)) return `The order in ${name} is the other side's.`;
  return null;
}

/** The action a click that did nothing meant, for the ruleset's "why not?" (the
 * server's answer, games/virtuti/why.py, replaces `whyNot`'s): the selected unit sent
 * to the area; in the Planning Phase an order in the area, whichever ("*"); in the
 * Operations Phase the order standing there, executed. */
function intent(view, { hex, seat, selected }) {
  const board = view?.board;
  if (!board || !hex || !boardData()?.names?.has(hex)) return null;
  if (selected) return ["send", selected, hex];
  const mine = factionsOf(seat);
  if (board.my_secret?.kind === "planning") {
    const here = (board.units || []).find((u) => u.a === hex && mine.includes(u.f));
    return ["order", here ? here.f : mine[0], "*", hex];
  }
  if (board.phase === "operations" && board.orders?.[hex]) return ["execute", hex];
  return null;
}

/** What each secret window has the players choose, for "since your last move". */
const SECRET_WORDS = {
  planning: "orders",
  production: "production",
  pp_card: "a card for PP",
  air_card: "a card for air support",
  battle_card: "a battle card",
  battle_air: "air support tokens",
};

/** "Since your last move" during a secret window (G1.1): whether the other side is still
 * choosing or has chosen, never what (the view holds nothing more of it). */
function secretNote(view, seat) {
  const secret = view?.board?.secret;
  if (!secret) return null;
  const words = SECRET_WORDS[secret.kind] || "its choices";
  return (view.roles || [])
    .filter((role) => role !== seat)
    .map((role) => `${titleCase(role)}: ${secret.waiting_for.includes(role) ? `choosing ${words}` : `${words} chosen`} in secret, shown at the reveal.`)
    .join(" ");
}

export default {
  id: "virtuti",
  roleColor,
  describe,
  unitLabel: unitWords,
  summary,
  status,
  chartSeries,
  endReason,
  turnText,
  extraPanel,
  legend,
  whyNot,
  intent,
  secretNote,
  isTurnEnd: (action) => action[0] === "done",
  // the area of the battle being fought, for its live odds (game.js renderBattleOdds)
  battleAt: (view) => view.board?.battle?.area || null,
  // the log speaks of factions ("western_allies moves…", "Order revealed: ussr…"):
  // a line is the move of the seat that plays the first faction it names
  lineActor: (line) => {
    const faction = /\b(axis|western_allies|ussr)\b/.exec(line)?.[1];
    return faction ? (faction === "axis" ? "axis" : "allies") : null;
  },
  // the areas a log line names: its words that are area ids ("axis captures strasbourg")
  placesIn: (line) => {
    const names = boardData()?.names;
    return names ? (line.match(/\b[a-z][a-z_]*[a-z]\b/g) || []).filter((word) => names.has(word)) : [];
  },
  // names for the page's own words: areas ("At Lublin:"), what a place is called, the
  // units of an area (a tap on it on a phone), the sides of an odds summary, the log
  placeName: areaName,
  placeWord: "area",
  unitsAt: (view, area) => (view?.board?.units || []).filter((u) => u.a === area).map((u) => u.id),
  oddsKeyName,
  logWords,
  promptWords,
  createBoard: (host, hooks) => new VirtutiBoard(host, hooks),
};
