// Hitler's Global War, Campaign Game II's record-sheet boxes of the strategic war (issue
// 22, the browser): national morale (view.board.morale {country: -14..14}, morale.py;
// Great Britain and Germany 1-3: a pair's values are opposite, the sign is the marker)
// and each side's strategic points by place (view.board.strategic, strategic.py: bomber
// markers with their atomic bombs, escorts, air defence, missile counters). Open
// information, like every record sheet.

import { h, s } from "../ui.js";

const COUNTRIES = { germany: ["Germany", "axis"], britain: ["Great Britain", "allied"], japan: ["Japan", "axis"], united_states: ["United States", "allied"] };

/** A morale in words: "+2", "-1", "0". */
function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

/** The national morale box and the strategic points of each side, as record sheets
 * (null outside Campaign Game II). */
export function strategicSheets(board, { placeWords, roleChip, sides }) {
  const morale = board?.morale;
  const strategic = board?.strategic;
  if (!morale && !strategic) return null;
  const out = [];
  if (morale) {
    out.push(
      h("table", { class: "data-table hgw-sheet hgw-morale" },
        h("caption", {}, "National morale (low morale adds to its side's attack die rolls: Great Britain and Germany 6-7)"),
        h("thead", {}, h("tr", {}, h("th", {}, "Country"), h("th", {}, "Side"), h("th", {}, "Morale"))),
        h("tbody", {}, Object.entries(morale).map(([country, value]) =>
          h("tr", { "data-morale": country },
            h("th", { scope: "row" }, COUNTRIES[country]?.[0] || country),
            h("td", {}, COUNTRIES[country] ? roleChip(COUNTRIES[country][1]) : ""),
            h("td", { class: "total" }, signed(value)))))),
    );
  }
  if (strategic) {
    const at = (table) => Object.entries(table || {}).map(([place, x]) => {
      const sp = typeof x === "number" ? x : x.sp;
      const bombs = typeof x === "object" && x.atomic ? ` (${x.atomic} atomic)` : "";
      return `${placeWords(place)}: ${sp}${bombs}`;
    }).join("; ") || "—";
    const missiles = (table) => Object.entries(table || {}).map(([id, x]) =>
      `${id} at ${placeWords(x.at)}: ${x.sp}${x.atomic ? ` (${x.atomic} atomic)` : ""}`).join("; ") || "—";
    out.push(
      h("table", { class: "data-table hgw-sheet hgw-strategic" },
        h("caption", {}, "Strategic points by place (Strategic Bombing 1; Strategic Missiles 1)"),
        h("thead", {}, h("tr", {}, h("th", {}, "Side"), h("th", {}, "Bombers"), h("th", {}, "Escorts"), h("th", {}, "Air defence"), h("th", {}, "Missiles"))),
        h("tbody", {}, sides.map((side) =>
          h("tr", { "data-side": side },
            h("th", { scope: "row" }, roleChip(side)),
            h("td", { "data-kind": "bombers" }, at(strategic.bombers?.[side])),
            h("td", { "data-kind": "escorts" }, at(strategic.escorts?.[side])),
            h("td", { "data-kind": "air_defence" }, at(strategic.air_defence?.[side])),
            h("td", { "data-kind": "missiles" }, missiles(strategic.missiles?.[side])))))),
    );
  }
  return h("details", { class: "hgw-record hgw-strategic-war" }, h("summary", {}, "National morale and strategic forces"), out);
}

// the letter each kind of strategic point is drawn with on the map
const LETTERS = { bombers: "B", escorts: "E", air_defence: "AD", missiles: "M" };
const KIND_WORDS = { bombers: "bomber", escorts: "escort", air_defence: "air defence", missiles: "missile" };

/** Each side's strategic points on the map (Strategic Bombing 1, Strategic Missiles 1):
 * a small marker per kind and place in its side's colour ("B3": three bomber points, "M2"
 * a missile counter of two), in a row along the top of the hex, into `layer`. */
export function drawStrategic(layer, board, { where, placeWords, roleColor }) {
  const strategic = board?.strategic;
  if (!strategic) return;
  const byPlace = new Map();
  const add = (place, entry) => {
    if (!place) return;
    if (!byPlace.has(place)) byPlace.set(place, []);
    byPlace.get(place).push(entry);
  };
  for (const kind of ["bombers", "escorts", "air_defence"]) {
    for (const [side, table] of Object.entries(strategic[kind] || {})) {
      for (const [place, x] of Object.entries(table || {})) {
        const sp = typeof x === "number" ? x : x.sp;
        const atomic = typeof x === "object" && x.atomic ? x.atomic : 0;
        if (sp) add(place, { kind, side, sp, atomic, id: place });
      }
    }
  }
  for (const [side, table] of Object.entries(strategic.missiles || {})) {
    for (const [id, x] of Object.entries(table || {})) if (x.sp && x.at) add(x.at, { kind: "missiles", side, sp: x.sp, atomic: x.atomic || 0, id });
  }
  for (const [place, entries] of byPlace) {
    const at = where(place);
    if (!at) continue;
    entries.forEach((e, i) => {
      const x = at[0] + (i - (entries.length - 1) / 2) * 5.2;
      const what = `${e.side} ${KIND_WORDS[e.kind]} ${e.kind === "missiles" ? `counter ${e.id}, ` : ""}${e.sp} point${e.sp === 1 ? "" : "s"}${e.atomic ? ` with ${e.atomic} atomic bomb${e.atomic === 1 ? "" : "s"}` : ""}`;
      layer.append(
        s("g", { class: ["hgw-strategic-mark", e.atomic && "atomic"], "data-strategic": e.kind, "data-side": e.side, "data-place": place, transform: `translate(${x.toFixed(2)} ${(at[1] - 7.3).toFixed(2)})` },
          s("title", { text: `${placeWords(place)}: ${what}` }),
          s("rect", { x: -2.5, y: -1.4, width: 5, height: 2.8, rx: 0.5, fill: roleColor(e.side) }),
          s("text", { x: 0, y: 0.15, text: `${LETTERS[e.kind]}${e.sp}` })),
      );
    });
  }
}
