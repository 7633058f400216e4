// Hitler's Global War: reading the map (issue 26, item 6). The rulebook and every
// set-up speak in hex numbers ("Berlin 1237"), so the board writes each hex's number
// once the player has zoomed in far enough to read it, names the capitals, cities,
// seas and straits the map data names (hgw-map.json `names`, built by
// scripts/build_hgw_webmap.py), and offers a "go to hex or place" box that centres
// the board on what it finds and outlines it.

import { h, s } from "../ui.js";
import { hexPoints } from "../board.js";

/** The zoom (screen pixels per board unit) from which hex numbers are written: a
 * number's 2.5 units are then at least 9 px high. */
export const READING_ZOOM = 3.6;
/** From this zoom on the capitals' and seas' names are written, cities' from READING_ZOOM. */
export const NAMES_ZOOM = 1.6;

/** "far", "mid" or "read": which labels a zoom shows (style.css keys on it). */
export function zoomBand(k) {
  return k >= READING_ZOOM ? "read" : k >= NAMES_ZOOM ? "mid" : "far";
}

/**
 * The hex numbers of the hexes in play and of the water next to them (where invasions
 * and fleets go), and every name of the map, into `layer`. `centre(row, col)` and
 * `neighbours(hex)` come from the board module.
 */
export function drawLabels(layer, map, places, { centre, neighbours }) {
  const numbered = new Set();
  for (const hex of map.hexes.values()) {
    if (!places.has(hex.id)) continue;
    numbered.add(hex.id);
    for (const other of neighbours(hex)) if (other && other.kind !== "land") numbered.add(other.id);
  }
  // issue 23: beyond the European theater the places the rules name carry their numbers
  // too (Hawaii 25106, Midway 2280, Port Moresby 3679...)
  const europe = map.europe_max_col ?? 57;
  for (const [id] of map.names || []) if (map.hexes.get(id)?.col > europe) numbered.add(id);
  const numbers = s("g", { class: "hgw-hexnums" });
  for (const id of numbered) {
    const hex = map.hexes.get(id);
    const [x, y] = centre(hex.row, hex.col);
    numbers.append(s("text", { class: "hgw-hexnum", "data-num": id, x: x.toFixed(2), y: (y - 7.4).toFixed(2), text: id }));
  }
  const names = s("g", { class: "hgw-names" });
  for (const [id, name, kind] of map.names || []) {
    const hex = map.hexes.get(id);
    if (!hex) continue;
    const [x, y] = centre(hex.row, hex.col);
    const dy = kind === "sea" ? 0 : kind === "strait" ? -2 : 7.5;
    names.append(s("text", { class: ["hgw-name", `hgw-name-${kind}`, !places.has(id) && kind !== "sea" && kind !== "strait" && "off-play"], "data-name-hex": id, x: x.toFixed(2), y: (y + dy).toFixed(2), text: name }));
  }
  layer.replaceChildren(numbers, names);
}

/** The hex a player typed: a hex number of the map, else a name (whole, then its
 * start, then anywhere in it, case aside); null when nothing matches. */
export function findPlace(map, text) {
  const wanted = String(text || "").trim();
  if (!wanted) return null;
  if (/^\d{4,5}$/.test(wanted)) return map.hexes.has(wanted) ? { hex: wanted, name: nameOf(map, wanted) } : null;
  const low = wanted.toLowerCase();
  const names = map.names || [];
  const hit =
    names.find(([, name]) => name.toLowerCase() === low) ||
    names.find(([, name]) => name.toLowerCase().startsWith(low)) ||
    names.find(([, name]) => name.toLowerCase().includes(low));
  return hit ? { hex: hit[0], name: hit[1] } : null;
}

/** The map's name of a hex, or "". */
export function nameOf(map, id) {
  // a place is said many times a render (every action's label): looked up, not searched
  if (!map.nameByHex) map.nameByHex = new Map((map.names || []).map(([hex, name]) => [hex, name]));
  return map.nameByHex.get(id) || "";
}

/** A hex number with its name when the map names it: "1237 Berlin". */
export function hexWords(map, id) {
  const name = map ? nameOf(map, id) : "";
  return name ? `${id} ${name}` : id;
}

/**
 * The "go to hex or place" box, on the board: `goTo(hex)` centres the board on a hex
 * at reading zoom. Answers in words under the box (found, or not found and why).
 */
export function goToBox(getMap, goTo) {
  const input = h("input", { type: "search", name: "goto", class: "hgw-goto-input", placeholder: "Go to hex or place", "aria-label": "Go to a hex number or a place name", list: "hgw-place-names", autocomplete: "off" });
  const list = h("datalist", { id: "hgw-place-names" });
  const said = h("span", { class: "hgw-goto-said", role: "status", "aria-live": "polite" });
  const form = h(
    "form",
    {
      class: "hgw-goto",
      onsubmit: (event) => {
        event.preventDefault();
        const map = getMap();
        if (!map) {
          // asked before the map's data is in (a slow line or a busy machine): answered
          // once it is (fillNames), rather than a silent no-op the player cannot explain
          form.pending = true;
          said.textContent = "The map is still loading: it will go there once it is in.";
          return;
        }
        form.pending = false;
        const found = findPlace(map, input.value);
        if (!found) {
          said.textContent = `No hex or place called "${input.value.trim()}" on the map (hex numbers are four or five digits: row, then column).`;
          return;
        }
        said.textContent = found.name ? `${found.hex}: ${found.name}` : `Hex ${found.hex}`;
        goTo(found.hex);
      },
    },
    input,
    list,
    h("button", { type: "submit", class: "hgw-goto-button" }, "Go"),
    said,
  );
  form.fillNames = (map) => {
    list.replaceChildren(...(map.names || []).map(([id, name]) => h("option", { value: name }, id)));
    if (form.pending) form.requestSubmit();
  };
  return form;
}

/** The outline of the hex a "go to" found, drawn into `layer` at (x, y). */
export function foundMark(layer, id, x, y, size) {
  layer.replaceChildren(s("polygon", { class: "hgw-found", "data-found": id, points: hexPoints(size), transform: `translate(${x.toFixed(2)} ${y.toFixed(2)})` }));
}
