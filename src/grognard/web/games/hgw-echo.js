// The map goes round the world (issue 23): its east and west edges join. A second copy
// of the picture and of its printed symbols and names, one ring east or west, fills the
// view past the edge it looks at; the camera's centre stays on the ring (games/hgw.js
// keeps the board; this module keeps the copy, the "echo").
//
// The copy of the symbols and names is an <svg> of its own between the canvases and the
// board's, moved by a CSS translation as the canvases are, so that a pan only moves it:
// as a group inside the board's SVG (a <use> of each layer) it was laid out again at
// every frame of a pan across the seam, 67-150 ms a frame instead of 17 (web/README.md,
// "Pan across the date line"). Its scale changes with the zoom only.

import { h, s } from "../ui.js";
import { SQRT3 } from "../board.js";
import { RES, SIZE, centre, copyStill, rowCol } from "./hgw-world.js";

/** A copy of a layer of symbols or names for the view past the seam: the drawings of
 * the `reach` columns nearest each edge of the map's `cols`, without the attributes that
 * name a place (a place is found on the board once). Only those columns: a pan repaints
 * the copy at every frame, at a cost that grows with all it holds, seen or not. */
function echoCopy(layer, reach, cols) {
  const copy = layer.cloneNode(true);
  for (const el of [...copy.querySelectorAll("[data-num], [data-name-hex], [data-feature-hex]")]) {
    const col = rowCol(el.dataset.num || el.dataset.nameHex || el.dataset.featureHex)[1];
    if (col >= reach && col < cols - reach) el.remove();
    else for (const key of ["num", "nameHex", "featureHex"]) delete el.dataset[key];
  }
  return copy;
}

export class Echo {
  constructor(board) {
    this.board = board;
    this.svg = s("svg", { class: "hgw-echo", "aria-hidden": "true", width: 1, height: 1 });
    this.layer = s("g", { class: "hgw-echo-layers" });
    this.svg.append(this.layer);
    this.canvas = board.canvas ? h("canvas", { class: "hgw-canvas hgw-echo-canvas", "aria-hidden": "true" }) : null;
    if (this.canvas) {
      this.canvas.style.display = "none"; // until a view looks past the edge
      board.canvas.after(this.canvas);
    }
    board.pz.svg.before(this.svg);
  }

  /** The ring's width in board units: the map's columns side by side. */
  ringWidth() {
    return this.board.map && this.board.painted ? SIZE * SQRT3 * this.board.map.cols : 0;
  }

  /** Keep the camera's centre on the ring (a pan past the east edge comes back in at the
   * west one, the same picture); the side (+1 east, -1 west) the copy is drawn on. */
  roundTheWorld() {
    const ring = this.ringWidth();
    if (!ring) return 0;
    const [w] = this.board.pz.size();
    const middle = (w / 2 - this.board.pz.tx) / this.board.pz.k;
    const seam = SIZE * SQRT3 * 0.5; // between column 112 (at x = ring) and column 0's copy
    const turns = Math.floor((middle - seam) / ring);
    this.board.pz.tx += turns * ring * this.board.pz.k;
    return middle - turns * ring > ring / 2 ? 1 : -1;
  }

  /** The clip of the copy one ring east (side 1) or west (-1), in its canvas pixels: the
   * west sides of column 0's hexes, the seam's exact zigzag. */
  seamClip(side) {
    const shift = side > 0 ? 0 : this.ringWidth();
    const px = (v) => `${(v * RES).toFixed(1)}px`;
    const points = [];
    for (let row = 0; row < this.board.map.rows; row++) {
      const [x, y] = centre(row, 0);
      const west = px(shift + x - (SIZE * SQRT3) / 2);
      points.push(`${west} ${px(y - SIZE / 2)}`, `${west} ${px(y + SIZE / 2)}`);
    }
    const edge = side > 0 ? `${this.board.canvas.width}px` : "0px";
    const [first, last] = [points[0].split(" ")[0], points[points.length - 1].split(" ")[0]];
    return `polygon(${edge} 0px, ${first} 0px, ${points.join(", ")}, ${last} ${this.board.canvas.height}px, ${edge} ${this.board.canvas.height}px)`;
  }

  /** Copy the world's canvas (6 million pixels) to the echo's: only when a view looks
   * past the edge (place) or the echo is on screen, not at every first paint. */
  copyCanvas() {
    this.stale = false;
    copyStill(this.board.canvas, this.canvas).catch(() => {
      this.stale = true; // tried again when a view next looks past the edge
    });
  }

  /** The copy one ring east (side 1) or west (-1), its canvas clipped along the seam. */
  place(side) {
    const ring = this.ringWidth();
    if (this.side !== side) this.svg.style.display = side ? "" : "none";
    this.side = side;
    // the board's own pan, one ring east or west: the same for the drawings and the picture
    const shift = `translate(${this.board.pz.tx + side * ring * this.board.pz.k}px, ${this.board.pz.ty}px)`;
    if (side) {
      if (this.short()) this.queueFill();
      this.svg.style.transform = shift;
      const scale = `scale(${this.board.pz.k.toFixed(4)})`;
      if (this.layer.getAttribute("transform") !== scale) this.layer.setAttribute("transform", scale);
    }
    if (!this.canvas) return;
    this.canvas.style.display = side ? "" : "none";
    if (!side) return;
    if (this.stale && !this.copyQueued) {
      // after the first paint: the copy shows in the margin beside the whole world
      this.copyQueued = setTimeout(() => {
        this.copyQueued = null;
        if (this.stale) this.copyCanvas();
      });
    }
    this.clips ??= new Map();
    if (!this.clips.has(side)) this.clips.set(side, this.seamClip(side));
    this.canvas.style.clipPath = this.clips.get(side);
    this.canvas.style.transform = `${shift} scale(${this.board.pz.k / RES})`;
  }

  /** Fill the echo after this frame: the first paint does not wait for a copy of up to
   * 2,400 drawings. */
  queueFill() {
    if (this.fillQueued) return;
    this.fillQueued = setTimeout(() => {
      this.fillQueued = null;
      this.fill();
    });
  }

  /** The columns past each edge the view can show, when the echo holds fewer; else 0. */
  short() {
    if (!this.board.map) return 0;
    const [w] = this.board.pz.size();
    const needed = Math.ceil(w / 2 / (this.board.pz.k * SIZE * SQRT3)) + 1;
    return needed > (this.reach || 0) ? needed : 0;
  }

  /** Copy into the echo the symbols and names of as many columns past each edge as the
   * view can show (half its width: its centre never leaves the ring), in steps of eight,
   * when it holds fewer: after each drawing of the map, and when a zoom widens the view. */
  fill() {
    const needed = this.short();
    if (!needed) return;
    this.reach = Math.min(this.board.map.cols, Math.ceil(needed / 8) * 8);
    const cols = this.board.map.cols;
    this.layer.replaceChildren(echoCopy(this.board.featureLayer, this.reach, cols), echoCopy(this.board.labelLayer, this.reach, cols));
  }

  /** The board has drawn the map again: its picture, symbols and names are copied anew. */
  repainted() {
    if (this.canvas) {
      this.stale = true;
      if (this.canvas.style.display !== "none") this.copyCanvas(); // on screen now
      this.clips = null;
    }
    this.reach = 0;
    this.queueFill();
  }
}
