// Hitler's Global War: the world map itself, the same for every game: fetched once
// from hgw-map.json (scripts/build_hgw_webmap.py), its hex geometry (pointy-top hexes,
// numbered "RRCC") and the layers it is painted in, on a canvas or as SVG paths
// (benchmarks/bench_hgw_paint.py measures both; figures in web/README.md).

import { clear, s } from "../ui.js";
import { SQRT3 } from "../board.js";


export const SIZE = 10; // a hex's radius in board units
export const RES = 2; // canvas pixels per board unit, when the map is painted on a canvas
/** How the world map is painted: "svg" (one <path> per layer) or "canvas"; chosen by
 * measuring both (benchmarks/bench_hgw_paint.py; figures in web/README.md). */
export const PAINTER = "canvas";
/** The country colours of the printed map (the groups' key in map.json). */
export const GROUP_COLORS = {
  belgium: "#a9cfe8",
  britain: "#b98b63",
  china: "#b0614b",
  france: "#6f8fd6",
  germany: "#c9c9c4",
  greece: "#c2c98a",
  inclined_axis: "#a98cc4",
  inclined_neutral: "#9a9a96",
  inclined_usa: "#8d9a5a",
  italy: "#b4d89a",
  japan: "#f0d65a",
  netherlands: "#c9a877",
  neutral: "#f7f5ef",
  portugal: "#94505c",
  soviet: "#e07a6e",
  spain: "#e59a45",
  unaligned: "#e6d5ad",
  united_states: "#5f9a5c",
};
export const WATER = { sea: "#8fbbe0", partial: "#bcd9ef", ice: "#dfe4e8" };

// ----- the map -------------------------------------------------------------------------
let mapPromise = null;
/** The world map once loaded (for place names in words), else null. */
let MAP = null;

/** The world map if it has loaded, else null. */
export function currentMap() {
  return MAP;
}

/** The world map, fetched once per page (it is the same for every game). */
export function loadMap() {
  if (!mapPromise) {
    mapPromise = fetch(new URL("./hgw-map.json", import.meta.url))
      .then((response) => {
        if (!response.ok) throw new Error(`the HGW map did not load (${response.status})`);
        return response.json();
      })
      .then(indexMap)
      .then((map) => {
        MAP = map;
        return map;
      });
  }
  return mapPromise;
}

function indexMap(raw) {
  const hexes = new Map();
  for (const [id, kind, terrain = "clear", country = "", annexed = "", production = 0, features = [], grey = ""] of raw.hexes) {
    const [row, col] = rowCol(id);
    hexes.set(id, { id, row, col, kind, terrain, country, annexed, production, features, grey });
  }
  const territories = new Map(Object.entries(raw.territories).map(([id, [name, group]]) => [id, { name, group }]));
  const pairs = (list) => new Set(list.map(([a, b]) => `${a}|${b}`));
  return { ...raw, hexes, territories, crossing: pairs(raw.crossing), road: raw.road };
}

/** "1237" -> [12, 37]; "19107" -> [19, 107] (two digits of row, then the column). */
export function rowCol(id) {
  return [Number(id.slice(0, 2)), Number(id.slice(2))];
}

export function hexId(row, col) {
  return `${String(row).padStart(2, "0")}${String(col).padStart(2, "0")}`;
}

/** Centre of a hex in board units: pointy-top, odd rows shoved half a hex east. */
export function centre(row, col) {
  return [SIZE * SQRT3 * (col + 0.5 * (row & 1)) + SIZE * SQRT3, SIZE * 1.5 * row + SIZE];
}

/** The hex under a board point (the inverse of `centre`). */
export function hexAt(x, y) {
  const px = x - SIZE * SQRT3;
  const py = y - SIZE;
  const q = ((SQRT3 / 3) * px - py / 3) / SIZE;
  const r = ((2 / 3) * py) / SIZE;
  let rx = Math.round(q);
  let rz = Math.round(r);
  const ry = Math.round(-q - r);
  const dx = Math.abs(rx - q);
  const dy = Math.abs(ry + q + r);
  const dz = Math.abs(rz - r);
  if (dx > dy && dx > dz) rx = -ry - rz;
  else if (!(dy > dz)) rz = -rx - ry;
  const row = rz;
  const col = rx + (row - (row & 1)) / 2;
  return row >= 0 && col >= 0 ? hexId(row, col) : null;
}

/** The neighbour of (row, col) across edge i (0 east, then clockwise: SE, SW, W, NW, NE). */
function neighbour(row, col, i) {
  const odd = row & 1;
  switch (i) {
    case 0:
      return [row, col + 1];
    case 1:
      return [row + 1, col + odd];
    case 2:
      return [row + 1, col + odd - 1];
    case 3:
      return [row, col - 1];
    case 4:
      return [row - 1, col + odd - 1];
    default:
      return [row - 1, col + odd];
  }
}

const CORNERS = [...Array(6).keys()].map((i) => {
  const angle = (Math.PI / 180) * (60 * i - 30);
  return [SIZE * Math.cos(angle), SIZE * Math.sin(angle)];
});

/** The territory a hex belongs to under a scenario's borders ("1941": the Soviet annexations). */
function countryOf(hex, borders) {
  return borders === "1941" && hex.annexed ? hex.annexed : hex.country;
}

function groupColor(map, country) {
  const group = map.territories.get(country)?.group;
  return GROUP_COLORS[group] || "#e6d5ad";
}

// the commands of a recorded path, each followed by its numbers
const MOVE = 0; // x y
const LINE = 1; // x y
const CLOSE = 2;
const ELLIPSE = 3; // x y rx ry: a whole ellipse, a path of its own
const RECT = 4; // x y width height
const NUMBERS = [2, 2, 0, 4, 4]; // each command's count of numbers, by its code

/** A path recorded as numbers, then traced on a canvas (`trace`) or written as SVG path
 * data (`d`): one recording feeds both painters, so they draw the same map (the SVG's
 * numbers rounded to hundredths of a unit).
 * Numbers rather than the path's text: the canvas painter used to write the world's
 * 5,650 hexes as text and parse it back into a Path2D (with the loops below, building
 * and painting the world in a fresh page went from 345 to 251 ms, the median of 9). */
class PathData {
  constructor() {
    this.ops = [];
  }

  moveTo(x, y) {
    this.ops.push(MOVE, x, y);
  }

  lineTo(x, y) {
    this.ops.push(LINE, x, y);
  }

  closePath() {
    this.ops.push(CLOSE);
  }

  ellipse(x, y, rx, ry) {
    this.ops.push(ELLIPSE, x, y, rx, ry);
  }

  rect(x, y, w, hgt) {
    this.ops.push(RECT, x, y, w, hgt);
  }

  hex(x, y, radius = SIZE) {
    const k = radius / SIZE;
    this.moveTo(x + CORNERS[0][0] * k, y + CORNERS[0][1] * k);
    for (let i = 1; i < 6; i++) this.lineTo(x + CORNERS[i][0] * k, y + CORNERS[i][1] * k);
    this.closePath();
  }

  get empty() {
    return this.ops.length === 0;
  }

  /** The path as SVG path data. */
  get d() {
    const ops = this.ops;
    const n = (v) => v.toFixed(2);
    const parts = [];
    for (let i = 0; i < ops.length; i += 1 + NUMBERS[ops[i]]) {
      const op = ops[i];
      const [x, y, w, hgt] = ops.slice(i + 1, i + 1 + NUMBERS[op]);
      if (op === MOVE || op === LINE) parts.push(`${op === MOVE ? "M" : "L"}${n(x)} ${n(y)}`);
      else if (op === CLOSE) parts.push("Z");
      else if (op === ELLIPSE) {
        const width = n(2 * w); // w, hgt: the radii
        parts.push(`M${n(x - w)} ${n(y)}a${w} ${hgt} 0 1 0 ${width} 0a${w} ${hgt} 0 1 0 -${width} 0Z`);
      } else parts.push(`M${n(x)} ${n(y)}h${w}v${hgt}h${-w}Z`);
    }
    return parts.join("");
  }

  /** The path as the canvas's current path (begun afresh). */
  trace(ctx) {
    const ops = this.ops;
    ctx.beginPath();
    for (let i = 0; i < ops.length; i += 1 + NUMBERS[ops[i]]) {
      const op = ops[i];
      if (op === MOVE) ctx.moveTo(ops[i + 1], ops[i + 2]);
      else if (op === LINE) ctx.lineTo(ops[i + 1], ops[i + 2]);
      else if (op === CLOSE) ctx.closePath();
      else if (op === ELLIPSE) {
        const [x, y, rx, ry] = [ops[i + 1], ops[i + 2], ops[i + 3], ops[i + 4]];
        ctx.moveTo(x + rx, y);
        ctx.ellipse(x, y, rx, ry, 0, 0, 2 * Math.PI);
        ctx.closePath();
      } else ctx.rect(ops[i + 1], ops[i + 2], ops[i + 3], ops[i + 4]);
    }
  }
}

/** Terrain symbols (mountain peaks, swamp tufts, desert dots, jungle trees) into their paths. */
function terrainMarks(paths, hex, x, y) {
  switch (hex.terrain) {
    case "mountain":
      for (const [dx, dy] of [[-4, 2], [1, -1], [4, 3]]) {
        paths.mountain.moveTo(x + dx - 2.6, y + dy + 1.8);
        paths.mountain.lineTo(x + dx, y + dy - 1.8);
        paths.mountain.lineTo(x + dx + 2.6, y + dy + 1.8);
      }
      break;
    case "swamp":
      for (const [dx, dy] of [[-4, 0], [2, -3], [2, 3]]) {
        paths.swamp.moveTo(x + dx - 2, y + dy);
        paths.swamp.lineTo(x + dx + 2, y + dy);
        paths.swamp.moveTo(x + dx, y + dy);
        paths.swamp.lineTo(x + dx, y + dy - 2);
      }
      break;
    case "desert":
      for (const [dx, dy] of [[-5, -2], [-1, 3], [3, -3], [5, 2], [0, -6], [-3, 6], [2, 6]]) paths.desert.rect(x + dx - 0.55, y + dy - 0.55, 1.1, 1.1);
      break;
    case "jungle":
      for (const [dx, dy] of [[-4, -2], [2, -3], [-1, 3], [4, 3]]) paths.jungle.ellipse(x + dx, y + dy, 1.7, 1.7);
      break;
    default:
      break;
  }
}

/** The neighbours of a hex across its six edges (0 east, then clockwise), null where
 * the map has none; found once per hex (the first paint asks for every land hex's). */
export function edgesOf(map, hex) {
  if (!hex.edges) {
    const cols = map.cols || Infinity; // the board is a ring: column 112's east is column 0
    hex.edges = [];
    for (let i = 0; i < 6; i++) {
      const [r, c] = neighbour(hex.row, hex.col, i);
      hex.edges.push(map.hexes.get(hexId(r, c < 0 ? c + cols : c >= cols ? c - cols : c)) || null);
    }
  }
  return hex.edges;
}

/** The world map's width and height in board units. */
function worldSize(map) {
  return [SIZE * SQRT3 * (map.cols + 1.5), SIZE * 1.5 * map.rows + SIZE];
}

/**
 * The whole world map as a few dozen layers, bottom first: water and land in its
 * country's colour (one path per colour), islands, terrain marks, the hex grid,
 * coasts, country borders, crossing arrows, and a veil over the hexes that are not
 * places of the game being played (`places`, null when none are known), so that the
 * theatre in play stands out while the rest of the world stays on the map.
 * Each layer: {path, fill} or {path, stroke, width, dash}, its path a PathData.
 */
export function worldLayers(map, { borders = "1939", places = null } = {}) {
  const [width, height] = worldSize(map);
  const land = (hex) => hex && hex.kind === "land";
  const fills = new Map();
  const islands = new Map();
  const paths = { mountain: new PathData(), swamp: new PathData(), desert: new PathData(), jungle: new PathData() };
  const grid = new PathData();
  const coast = new PathData();
  const border = new PathData();
  const veil = new PathData();
  const path = (table, color) => {
    if (!table.has(color)) table.set(color, new PathData());
    return table.get(color);
  };
  for (const hex of map.hexes.values()) {
    const [x, y] = centre(hex.row, hex.col);
    if (land(hex) && hex.terrain !== "island") {
      path(fills, groupColor(map, countryOf(hex, borders))).hex(x, y, SIZE + 0.35); // a hair larger: no seams
      terrainMarks(paths, hex, x, y);
    } else {
      // open sea is the background's colour already (the first layer)
      if (hex.kind in WATER && hex.kind !== "sea") path(fills, WATER[hex.kind]).hex(x, y, SIZE + 0.35);
      if (hex.terrain === "island") path(islands, groupColor(map, countryOf(hex, borders))).ellipse(x, y, 4.2, 3.2);
    }
    // the grid: each edge once, as open segments (corners 0 to 3: the E, SE and SW
    // edges; the other three are the neighbours'), far cheaper to stroke than closed
    // overlapping outlines
    grid.moveTo(x + CORNERS[0][0], y + CORNERS[0][1]);
    for (let i = 1; i <= 3; i++) grid.lineTo(x + CORNERS[i][0], y + CORNERS[i][1]);
    if (places && !places.has(hex.id) && hex.kind === "land") veil.hex(x, y, SIZE + 0.35);
    if (!land(hex) || hex.terrain === "island") continue;
    const mine = countryOf(hex, borders);
    const edges = edgesOf(map, hex);
    for (let i = 0; i < 6; i++) {
      const other = edges[i];
      const [ax, ay] = CORNERS[i];
      const [bx, by] = CORNERS[(i + 1) % 6];
      if (!land(other) || other.terrain === "island") {
        coast.moveTo(x + ax, y + ay);
        coast.lineTo(x + bx, y + by);
      } else if (i < 3 && countryOf(other, borders) !== mine) {
        border.moveTo(x + ax, y + ay);
        border.lineTo(x + bx, y + by);
      }
    }
  }
  const crossing = new PathData();
  for (const key of map.crossing) {
    const [a, b] = key.split("|").map((id) => map.hexes.get(id));
    if (!a || !b) continue;
    const [ax, ay] = centre(a.row, a.col);
    const [bx, by] = centre(b.row, b.col);
    crossing.moveTo(ax + (bx - ax) * 0.25, ay + (by - ay) * 0.25);
    crossing.lineTo(ax + (bx - ax) * 0.75, ay + (by - ay) * 0.75);
  }
  const sea = new PathData();
  sea.rect(0, 0, width, height);
  const layers = [
    { path: sea, fill: WATER.sea },
    ...[...fills].map(([color, path]) => ({ path, fill: color })),
    ...[...islands].map(([color, path]) => ({ path, fill: color, stroke: "#6d6152", width: 0.5 })),
    { path: paths.desert, fill: "rgba(150, 105, 40, 0.75)" },
    { path: paths.jungle, fill: "rgba(30, 100, 40, 0.75)" },
    { path: paths.mountain, stroke: "#5b4632", width: 0.8 },
    { path: paths.swamp, stroke: "#2f6a5a", width: 0.8 },
    { path: grid, stroke: "rgba(60, 50, 40, 0.28)", width: 0.35 },
    { path: coast, stroke: "#3b6f9e", width: 0.9 },
    { path: border, stroke: "#2a2219", width: 1.1, dash: [2.2, 1.2] },
    { path: crossing, stroke: "#c0261b", width: 1.4 },
  ];
  if (places) layers.push({ path: veil, fill: "rgba(245, 245, 240, 0.5)" });
  return { width, height, painted: map.hexes.size, layers: layers.filter((layer) => !layer.path.empty) };
}

/** Paint the layers on a canvas, RES pixels per board unit. */
export function paintCanvas(canvas, world) {
  [canvas.width, canvas.height] = pixels(world);
  drawLayers(canvas.getContext("2d"), world);
}

/** The canvas size of the world's picture, RES pixels per board unit. */
function pixels(world) {
  return [Math.ceil(world.width * RES), Math.ceil(world.height * RES)];
}

/** Paint the layers off screen and show the finished picture on `canvas` as a still
 * bitmap (its "bitmaprenderer" context). Why: without a GPU (Chromium's software
 * compositing, as on many Linux desktops and in the headless browser tests) a 2D
 * canvas is copied again (ProduceCanvasResource, about 5 ms for the world's 6 million
 * pixels) at every frame any animation on the page asks for (a lit hex's marching
 * outline, a fresh log line): 40 copies a second while a player's turn goes on. A
 * transferred bitmap is never copied again (the trace figures in web/README.md). Where
 * a browser has no OffscreenCanvas, the 2D canvas as before. */
export function paintStill(canvas, world) {
  if (typeof OffscreenCanvas === "undefined") return paintCanvas(canvas, world);
  const still = canvas.getContext("bitmaprenderer");
  if (!still) return paintCanvas(canvas, world); // a browser without bitmaprenderer
  const [width, height] = pixels(world);
  const off = new OffscreenCanvas(width, height);
  drawLayers(off.getContext("2d"), world);
  [canvas.width, canvas.height] = [width, height];
  still.transferFromImageBitmap(off.transferToImageBitmap());
}

/** A copy of a painted canvas's picture on another canvas, as a still bitmap too. */
export async function copyStill(from, to) {
  const picture = await createImageBitmap(from);
  to.width = from.width;
  to.height = from.height;
  const still = to.getContext("bitmaprenderer");
  if (still) still.transferFromImageBitmap(picture);
  else to.getContext("2d").drawImage(picture, 0, 0);
}

function drawLayers(ctx, world) {
  ctx.setTransform(RES, 0, 0, RES, 0, 0);
  ctx.lineCap = "round";
  for (const layer of world.layers) {
    layer.path.trace(ctx);
    if (layer.fill) {
      ctx.fillStyle = layer.fill;
      ctx.fill();
    }
    if (layer.stroke) {
      ctx.strokeStyle = layer.stroke;
      ctx.lineWidth = layer.width;
      ctx.setLineDash(layer.dash || []);
      ctx.stroke();
    }
  }
}

/** Paint the layers as SVG paths into a group (one <path> a layer). */
export function paintSvg(group, world) {
  clear(group);
  for (const layer of world.layers) {
    group.append(
      s("path", {
        d: layer.path.d,
        fill: layer.fill || "none",
        stroke: layer.stroke || null,
        "stroke-width": layer.stroke ? layer.width : null,
        "stroke-dasharray": layer.dash ? layer.dash.join(" ") : null,
        "stroke-linecap": layer.stroke ? "round" : null,
      }),
    );
  }
}
