// Hitler's Global War, Campaign Game II's record-sheet boxes of the strategic war (issue
// 22, the browser): national morale (view.board.morale {country: -14..14}, morale.py;
// Great Britain and Germany 1-3: a pair's values are opposite, the sign is the marker)
// and each side's strategic points by place (view.board.strategic, strategic.py: bomber
// markers with their atomic bombs, escorts, air defence, missile counters). Open
// information, like every record sheet.

import { h } from "../ui.js";

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
