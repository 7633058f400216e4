// Board helpers shared by the ruleset modules: axial hex maths (pointy-top) and a
// pan-and-zoom SVG viewport driven by pointer events (mouse, pen, touch, pinch).

import { clear, h, s } from "./ui.js";

export const SQRT3 = Math.sqrt(3);
export const HEX_ID = /^-?\d+,-?\d+$/;

/** "q,r" -> [q, r] */
export function parseHex(id) {
  const [q, r] = id.split(",").map(Number);
  return [q, r];
}

/** Centre of an axial hex in pixels, pointy-top layout. */
export function hexToPixel(q, r, size) {
  return [size * SQRT3 * (q + r / 2), size * 1.5 * r];
}

/** The six corners of a pointy-top hex centred on (0, 0), as an SVG points string. */
export function hexPoints(size) {
  const points = [];
  for (let i = 0; i < 6; i += 1) {
    const angle = (Math.PI / 180) * (60 * i - 30);
    points.push(`${(size * Math.cos(angle)).toFixed(2)},${(size * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(" ");
}

/** Every "q,r" mentioned in an action (its hex arguments). */
export function hexesIn(values) {
  return values.filter((v) => typeof v === "string" && HEX_ID.test(v));
}

const DRAG_THRESHOLD = 6;

/**
 * An <svg> whose content (`this.content`, a <g>) can be dragged and zoomed.
 * A press that does not move past a few pixels is an activation: `onActivate(target)`.
 */
/** The least size of a touch target, in CSS px (WCAG 2.5.5; style.css does the same for buttons). */
const TAP_PX = 44;
/** A phone held upright, used by touch (the layout of style.css for phones). */
const PHONE = typeof matchMedia === "function" ? matchMedia("(max-width: 560px) and (pointer: coarse)") : { matches: false };

export class PanZoom {
  /** `tapSize`: the smallest thing a player taps (a hex's width), in content units:
   * on a touch phone the first view makes it at least TAP_PX across. */
  constructor(host, { onActivate, label = "Game board", tapSize = 0 } = {}) {
    this.onActivate = onActivate || (() => {});
    this.tapSize = tapSize;
    this.svg = s("svg", { class: "board-svg", role: "application", "aria-label": label, tabindex: "-1" });
    this.defs = s("defs");
    this.content = s("g", { class: "board-content" });
    this.svg.append(this.defs, this.content);
    this.controls = h(
      "div",
      { class: "zoom-controls" },
      h("button", { type: "button", title: "Zoom in", "aria-label": "Zoom in", onclick: () => this.zoomCentre(1.3) }, "+"),
      h("button", { type: "button", title: "Zoom out", "aria-label": "Zoom out", onclick: () => this.zoomCentre(1 / 1.3) }, "−"),
      h("button", { type: "button", title: "Fit the board", "aria-label": "Fit the board", onclick: () => this.fit(true) }, "⤢"),
    );
    this.wrap = h("div", { class: "board-wrap" }, this.svg, this.controls);
    host.append(this.wrap);
    this.k = 1;
    this.tx = 0;
    this.ty = 0;
    this.bounds = null;
    this.focus = null;
    this.fitted = false;
    this.pointers = new Map();
    this.gesture = null;
    this.viewers = [];
    this.viewAsked = false;
    this.bind();
    this.boxSize = null;
    this.resizer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1].borderBoxSize?.[0];
      this.boxSize = box ? [box.inlineSize || 1, box.blockSize || 1] : null;
      this.onResize();
    });
    this.resizer.observe(this.svg);
  }

  /** The board's size on screen, in CSS pixels: as the resize observer last saw it, so
   * that a fit after a redraw does not lay the whole page out again to measure a box
   * the redraw did not change (HGW's Campaign Game IV page: 0.1 s a redraw); measured
   * until the observer has seen it once. */
  size() {
    if (this.boxSize) return this.boxSize;
    const rect = this.svg.getBoundingClientRect();
    return [rect.width || 1, rect.height || 1];
  }

  /** Measure the board's box now: the game page does it while the page around the board
   * is still an empty frame, cheap to lay out, so that the first fit, once the board is
   * drawn, need not lay out the whole drawn page to measure it (HGW's Campaign Game IV:
   * 0.14 s of its first paint). Should the box change as the page fills in, the resize
   * observer fits the board again. */
  measure() {
    const rect = this.svg.getBoundingClientRect();
    if (rect.width >= 2 && rect.height >= 2) this.boxSize = [rect.width, rect.height];
  }

  /** Tell the viewport what the content spans (in content units); fits it the first
   * time. `focus` ({x, y}) is where a phone's first view is centred. */
  setBounds(bounds, focus = null) {
    if (focus) this.focus = focus;
    const changed =
      !this.bounds || ["x", "y", "w", "h"].some((key) => Math.abs(this.bounds[key] - bounds[key]) > 0.5);
    this.bounds = bounds;
    if (!this.fitted || changed) this.fit();
  }

  fitScale() {
    if (!this.bounds) return 1;
    const [w, hgt] = this.size();
    return Math.min(w / this.bounds.w, hgt / this.bounds.h) * 0.96;
  }

  /** On a phone held upright the board fills its box rather than fitting inside it:
   * a wide map otherwise leaves empty bands above and below and counters too small
   * to tap; the player pans sideways ("Fit the board" still shows it whole). */
  coverScale() {
    if (!this.bounds) return 1;
    const [w, hgt] = this.size();
    return Math.max(w / this.bounds.w, hgt / this.bounds.h);
  }

  /** Fit the board in its box (or, on a touch phone, fill it, unless `whole`), centred
   * on `focus` ({x, y} in content units: where the seat's pieces are) when given. */
  fit(whole = false) {
    if (!this.bounds) return;
    const [w, hgt] = this.size();
    const fill = !whole && PHONE.matches;
    // (a hair over: the drawn corners are rounded, and apply() writes 4 decimals)
    const tap = this.tapSize ? (TAP_PX / this.tapSize) * 1.005 : 0;
    this.k = fill ? Math.max(this.coverScale(), tap) : this.fitScale();
    const centre = fill && this.focus ? this.focus : { x: this.bounds.x + this.bounds.w / 2, y: this.bounds.y + this.bounds.h / 2 };
    // never past the board's edges when it fills the box
    const clamp = (value, size, span, start) => (fill ? Math.min(-this.k * start, Math.max(size - this.k * (start + span), value)) : value);
    this.tx = clamp(w / 2 - this.k * centre.x, w, this.bounds.w, this.bounds.x);
    this.ty = clamp(hgt / 2 - this.k * centre.y, hgt, this.bounds.h, this.bounds.y);
    this.fitted = w > 1 && hgt > 1;
    this.apply();
  }

  onResize() {
    const [w, hgt] = this.size();
    if (this.lastSize && this.fitted) {
      // keep what was in the middle in the middle
      const [pw, ph] = this.lastSize;
      this.tx += (w - pw) / 2;
      this.ty += (hgt - ph) / 2;
      this.apply();
    } else {
      this.fit();
    }
    this.lastSize = [w, hgt];
  }

  apply() {
    this.content.setAttribute("transform", `translate(${this.tx.toFixed(2)} ${this.ty.toFixed(2)}) scale(${this.k.toFixed(4)})`);
    this.viewChanged();
  }

  /** Call `listener()` after the view has moved (a pan, a zoom, a fit), once a frame. */
  onView(listener) {
    this.viewers.push(listener);
  }

  viewChanged() {
    if (this.viewAsked || !this.viewers.length) return;
    this.viewAsked = true;
    requestAnimationFrame(() => {
      this.viewAsked = false;
      for (const listener of this.viewers) listener();
    });
  }

  /** The lit places on the board (`.target`: where the chosen piece may go, what the
   * step offers), one element each (a place drawn twice counts once). */
  litPlaces() {
    const places = new Map();
    for (const el of this.content.querySelectorAll(".target")) {
      if (el.parentElement?.closest(".target")) continue;
      const key = el.dataset.hex || el.dataset.area || el;
      if (!places.has(key)) places.set(key, []);
      places.get(key).push(el);
    }
    return [...places.values()];
  }

  /** The lit places none of whose drawings has its middle inside the board's visible
   * frame (a phone's first view shows a part of the map): each as its elements. */
  litOutside() {
    const frame = this.svg.getBoundingClientRect();
    if (frame.width < 2 || frame.height < 2) return [];
    const inside = (el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      return x >= frame.left && x <= frame.right && y >= frame.top && y <= frame.bottom;
    };
    return this.litPlaces().filter((els) => !els.some(inside));
  }

  /** Pan (and zoom out if need be, never under the tap size of a phone's first view)
   * so that lit places outside the view come on screen: all of them when they fit at
   * once, else the nearest one, centred. True when the view moved. */
  showLit() {
    const outside = this.litOutside();
    if (!outside.length || !this.bounds) return false;
    const frame = this.svg.getBoundingClientRect();
    const [w, hgt] = this.size();
    // each lit place's box in content units
    const boxOf = (el) => {
      const r = el.getBoundingClientRect();
      const x = (r.left - frame.left - this.tx) / this.k;
      const y = (r.top - frame.top - this.ty) / this.k;
      return { x, y, w: r.width / this.k, h: r.height / this.k };
    };
    const all = this.litPlaces().map((els) => boxOf(els[0]));
    const span = (boxes) => {
      const x0 = Math.min(...boxes.map((b) => b.x));
      const y0 = Math.min(...boxes.map((b) => b.y));
      const x1 = Math.max(...boxes.map((b) => b.x + b.w));
      const y1 = Math.max(...boxes.map((b) => b.y + b.h));
      return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
    };
    const least = Math.max(PHONE.matches && this.tapSize ? (TAP_PX / this.tapSize) * 1.005 : 0, this.fitScale() * 0.5);
    const whole = span(all);
    const fits = Math.min((w * 0.9) / whole.w, (hgt * 0.9) / whole.h);
    let centre;
    if (fits >= least) {
      this.k = Math.min(this.k, fits);
      centre = { x: whole.x + whole.w / 2, y: whole.y + whole.h / 2 };
    } else {
      // too far apart for one view at a size a finger can tap: the nearest one
      const middle = { x: (w / 2 - this.tx) / this.k, y: (hgt / 2 - this.ty) / this.k };
      const away = (b) => Math.hypot(b.x + b.w / 2 - middle.x, b.y + b.h / 2 - middle.y);
      const nearest = outside.map((els) => boxOf(els[0])).sort((a, b) => away(a) - away(b))[0];
      centre = { x: nearest.x + nearest.w / 2, y: nearest.y + nearest.h / 2 };
    }
    this.tx = w / 2 - this.k * centre.x;
    this.ty = hgt / 2 - this.k * centre.y;
    this.apply();
    return true;
  }

  zoomAt(factor, px, py) {
    const base = this.fitScale();
    const k = Math.min(base * 8, Math.max(base * 0.5, this.k * factor));
    const real = k / this.k;
    this.tx = px - (px - this.tx) * real;
    this.ty = py - (py - this.ty) * real;
    this.k = k;
    this.apply();
  }

  zoomCentre(factor) {
    const [w, hgt] = this.size();
    this.zoomAt(factor, w / 2, hgt / 2);
  }

  local(event) {
    const rect = this.svg.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  }

  bind() {
    const svg = this.svg;
    svg.addEventListener("pointerdown", (event) => {
      if (event.button !== undefined && event.button > 0) return;
      this.pointers.set(event.pointerId, this.local(event));
      if (this.pointers.size === 1) {
        this.gesture = { kind: "press", target: event.target, start: this.local(event), id: event.pointerId };
      } else if (this.pointers.size === 2) {
        const [a, b] = [...this.pointers.values()];
        this.gesture = { kind: "pinch", dist: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
        for (const id of this.pointers.keys()) {
          try {
            svg.setPointerCapture(id);
          } catch {
            /* the pointer is gone already */
          }
        }
      }
    });
    svg.addEventListener("pointermove", (event) => {
      if (!this.pointers.has(event.pointerId) || !this.gesture) return;
      const point = this.local(event);
      const previous = this.pointers.get(event.pointerId);
      this.pointers.set(event.pointerId, point);
      const g = this.gesture;
      if (g.kind === "press") {
        if (Math.hypot(point[0] - g.start[0], point[1] - g.start[1]) < DRAG_THRESHOLD) return;
        g.kind = "pan";
        this.wrap.classList.add("panning");
        try {
          svg.setPointerCapture(event.pointerId);
        } catch {
          /* ignore */
        }
      }
      if (g.kind === "pan") {
        this.tx += point[0] - previous[0];
        this.ty += point[1] - previous[1];
        this.apply();
      } else if (g.kind === "pinch" && this.pointers.size >= 2) {
        const [a, b] = [...this.pointers.values()];
        const dist = Math.hypot(a[0] - b[0], a[1] - b[1]);
        const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
        this.tx += mid[0] - g.mid[0];
        this.ty += mid[1] - g.mid[1];
        if (g.dist > 0) this.zoomAt(dist / g.dist, mid[0], mid[1]);
        else this.apply();
        g.dist = dist;
        g.mid = mid;
      }
    });
    const finish = (event, activate) => {
      if (!this.pointers.has(event.pointerId)) return;
      this.pointers.delete(event.pointerId);
      const g = this.gesture;
      if (activate && g && g.kind === "press" && g.id === event.pointerId) this.onActivate(g.target, event);
      if (this.pointers.size === 0) {
        this.gesture = null;
        this.wrap.classList.remove("panning");
      } else if (g && g.kind === "pinch") {
        // one finger left: it pans from here, it never activates
        const [id, point] = [...this.pointers.entries()][0];
        this.gesture = { kind: "pan", id, start: point };
      }
    };
    svg.addEventListener("pointerup", (event) => finish(event, true));
    svg.addEventListener("pointercancel", (event) => finish(event, false));
    svg.addEventListener(
      "wheel",
      (event) => {
        event.preventDefault();
        const [px, py] = this.local(event);
        const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
        this.zoomAt(Math.exp(-delta * 0.0015), px, py);
      },
      { passive: false },
    );
    svg.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && event.target !== svg) {
        event.preventDefault();
        this.onActivate(event.target, event);
      } else if (event.key === "+" || event.key === "=") this.zoomCentre(1.2);
      else if (event.key === "-") this.zoomCentre(1 / 1.2);
    });
  }

  destroy() {
    this.resizer.disconnect();
    this.wrap.remove();
  }
}

/**
 * Draw again what a place's group shows above its terrain, keeping the terrain nodes
 * (`keep`: a redraw of a move leaves them alone). `cls`: its classes (falsy ones
 * dropped); `label`: its accessible name when it is lit (a button), else null;
 * `below`: nodes put before `anchor` (one of `keep`), `above`: at the end; `title`
 * first. A fresh drawing goes the same way, so both give the same SVG.
 */
export function redrawCell(g, { keep, anchor, cls, label = null, below = [], above = [], title = null }) {
  for (const node of [...g.childNodes]) if (!keep.has(node)) node.remove();
  g.setAttribute("class", cls.filter(Boolean).join(" "));
  for (const name of ["tabindex", "role", "aria-label"]) g.removeAttribute(name);
  if (label !== null) {
    g.setAttribute("tabindex", "0");
    g.setAttribute("role", "button");
    g.setAttribute("aria-label", label);
  }
  if (anchor) anchor.before(...below);
  else g.append(...below);
  g.append(...above);
  if (title) g.prepend(title);
}

/** Sets and Maps as lists, for JSON.stringify. */
function plain(_, value) {
  return value instanceof Set || value instanceof Map ? [...value] : value;
}

/** What every board module shares: a pan-and-zoom surface whose clicks go to
 * `activate(target)`, one group per place id in `groups` (drawn in `hexLayer`), the
 * hover outline, clean-up, and the redraw guard: `render(view, ui)` calls the module's
 * `draw(view, ui)` only when what it would draw differs from what is drawn. */
export class HexBoard {
  constructor(host, hooks, label, hexClass = "hexes", tapSize = 0) {
    this.hooks = hooks || {};
    this.pz = new PanZoom(host, { onActivate: (target) => this.activate(target), label, tapSize });
    this.hexLayer = s("g", { class: hexClass });
    this.groups = new Map();
    this.view = null;
    this.ui = {};
    this.drawnKey = null;
    this.drawnUnits = new Set();
    // the board behind its SVG, for the page's tests and the browser's console
    // (`wholeDrawing()`: what a fresh drawing of the same view would be)
    this.pz.svg.board = this;
  }

  /** Draw the seat's view with what the page lights, selects and marks on it (`ui`).
   * A move asks for the board three or four times (the page busy, the server's answer,
   * the page not busy, the websocket's copy of the same version): what is drawn
   * already is not drawn again (a whole redraw of Victory's three maps is a quarter of
   * a second of the page's main thread). Returns the units drawn on the board. */
  render(view, ui = {}) {
    this.view = view;
    this.ui = ui;
    // the key is the whole view in text: 0.4-1.0 ms a call for HGW's largest views
    // (Campaign Game IV's 43 KB, node 20 on the 2-core machine under load), against
    // 250 ms for a redraw it saves: a version per layer would save at most that millisecond,
    // at the risk of a drawing left stale by a layer that forgot to bump its version
    const key = JSON.stringify([view?.role, view?.roles, view?.board, this.drawsAlso(view), ui], plain);
    if (key !== this.drawnKey) {
      this.drawnUnits = this.draw(view, ui)?.drawn || new Set();
      this.drawnKey = key;
    }
    return { drawn: new Set(this.drawnUnits) };
  }

  /** What else a drawing depends on besides the view's board and `ui` (the board
   * module's own state: a map mode, data loaded; a part of the view other than its
   * board): JSON-able. */
  drawsAlso() {
    return null;
  }

  /** Draw the last view again whatever is drawn (the module's own state changed). */
  redraw() {
    this.drawnKey = null;
    if (this.view) this.render(this.view, this.ui);
  }

  /** Take everything off the board (behind the curtain of a hot seat): the next render
   * draws in full. Board modules clear their layers in `clearLayers`. */
  blank() {
    this.drawnKey = null;
    this.drawnUnits = new Set();
    this.clearLayers();
    this.groups.clear();
  }

  clearLayers() {
    clear(this.hexLayer);
  }

  /** The SVG text of this board's drawing now (for the tests, beside `wholeDrawing`). */
  drawingText() {
    return drawingText(this.pz.content);
  }

  /** The SVG text of the board as a fresh board module would draw the last view and
   * `ui` (for the tests: a board updated in place must equal it, nothing left stale). */
  wholeDrawing() {
    const host = h("div", { style: "position: absolute; left: -9999px; width: 800px; height: 600px" });
    document.body.append(host);
    try {
      const fresh = new this.constructor(host, {});
      fresh.copyStateFrom?.(this);
      fresh.render(this.view, this.ui);
      const text = drawingText(fresh.pz.content);
      fresh.destroy();
      return text;
    } finally {
      host.remove();
    }
  }

  /** Outline some hexes (hovered buttons, log references); empty set to clear. */
  highlight(hexes) {
    // (every layer: a board's groups outlive a redraw, Virtuti's seas are in a layer of their own)
    for (const g of this.pz.content.querySelectorAll(".hover")) g.classList.remove("hover");
    for (const hex of hexes || []) this.groups.get(hex)?.classList.add("hover");
  }

  destroy() {
    this.view = null; // nothing more to draw (a map still loading finds no view)
    this.pz.destroy();
  }
}

/** A drawing's markup, its children serialized one by one (no HTML parsing involved). */
function drawingText(node) {
  const out = new XMLSerializer();
  return [...node.childNodes].map((child) => out.serializeToString(child)).join("");
}
