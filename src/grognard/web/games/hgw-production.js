// Hitler's Global War: the production panel (issue 26, item 8). What a player plans
// production with, always on screen: the points left to spend in the production phase
// (Production Points 1-4: unspent points are lost), what each purchase costs (Building
// Strength Points 2; Forts 1; Repairing Devastated Production 2: hgw-map.json `costs`),
// each side's forces pool (army counters not on the map: a new army takes one), the
// Time Record's coming events (hgw-map.json `time_record`) and, in Campaign Game I, the
// political situation of the view (games/hgw/neutrality.py `politics_view`).

import { h, titleCase } from "../ui.js";

const COST_WORDS = [
  ["infantry", "an infantry point"],
  ["mechanized", "a mechanized point"],
  ["amphibious", "an amphibious point"],
  ["fort", "a fort point"],
  ["repair", "repairing a devastated production point"],
];

/** "2 production points" for what one purchase of `what` costs, or "" when unknown. */
export function costWords(map, what) {
  const cost = map?.costs?.[what];
  return cost === undefined ? "" : `${cost} production point${cost === 1 ? "" : "s"}`;
}

/** Words for a nation id: "baltic_states" -> "Baltic States". */
function nation(id) {
  return titleCase(String(id).replaceAll("_", " "));
}

/** What the phase's budgets hold, in sentences (empty outside a production phase). */
function budgets(board) {
  const frame = board.frame || {};
  if (board.phase !== "production" || frame.budget === undefined) return [];
  const out = [`${titleCase(board.player)} has ${frame.budget} production point${frame.budget === 1 ? "" : "s"} left to spend this phase; what is not spent is lost.`];
  // Activity Limitations 1: France's own points, and a U.S. producing alone
  if (frame.french !== undefined) out.push(`France has ${frame.french} of its own to spend on French forces.`);
  if (frame.us_alone !== undefined) out.push(`The United States has ${frame.us_alone} to spend alone, in its box.`);
  return out;
}

/** The forces pool: each side's army counters not on the map. */
function pool(view, sides, armies, roleChip) {
  return h(
    "ul",
    { class: "hgw-pool" },
    sides.map((role) => {
      const own = armies.filter((a) => a.side === role);
      const free = own.filter((a) => !a.at);
      return h(
        "li",
        { "data-side": role },
        roleChip(role),
        ` ${free.length} of ${own.length} army counters free`,
        free.length ? `: ${free.map((a) => a.name).join(", ")}` : " (a new army can only be built once one is emptied)",
      );
    }),
  );
}

/** The Time Record from the current turn on: this turn, the next ones, and the dated
 * events that fall in the scenario's turns. */
function timeRecord(board, map) {
  const turns = Array.isArray(board.turns) ? board.turns : [];
  const now = Number(board.turn_index) || 0;
  const coming = turns.slice(now, now + 4);
  const events = (map?.time_record || []).filter(([turn]) => turns.indexOf(turn) >= now);
  return h(
    "div",
    { class: "hgw-time" },
    h("p", {}, turns.length ? `Turn ${now + 1} of ${turns.length}: ${coming.join(" → ")}${turns.length > now + 4 ? " → …" : ""} (last: ${turns[turns.length - 1]})` : ""),
    events.length
      ? h("ul", { class: "hgw-events" }, events.map(([turn, event, rules]) => h("li", { "data-turn": turn }, h("strong", {}, turn), `: ${event} `, h("span", { class: "hgw-rules" }, `(${rules})`))))
      : h("p", { class: "hint" }, "No dated events are left in this scenario."),
  );
}

/** Campaign Game I: who has joined whom, who has surrendered, the Soviet mobilization
 * and the United States. */
function politics(board) {
  const pol = board.politics;
  if (!pol) return null;
  const joined = Object.entries(pol.joined || {});
  const lines = [
    joined.length ? `Joined: ${joined.map(([n, side]) => `${nation(n)} (${side})`).join(", ")}.` : "No unaligned nation has joined a side yet.",
    (pol.surrendered || []).length ? `Surrendered: ${pol.surrendered.map(nation).join(", ")}.` : "",
    `Soviet mobilization: ${pol.mobilization || "unknown"}${pol.lifted_at ? ` (lifted ${pol.lifted_at})` : ""}.`,
    pol.us_since ? `The United States has been at war since ${pol.us_since}.` : "The United States is not at war yet.",
    `${(pol.unaligned || []).length} nations unaligned: ${(pol.unaligned || []).map(nation).join(", ")}.`,
  ].filter(Boolean);
  return h("div", { class: "hgw-politics" }, h("h4", {}, "Politics"), h("ul", {}, lines.map((line) => h("li", {}, line))));
}

/** The production panel, or null without a board. */
export function productionPanel(view, { map, sides, armies, roleChip }) {
  const board = view?.board;
  if (!board) return null;
  const money = budgets(board);
  const costs = COST_WORDS.filter(([what]) => map?.costs?.[what] !== undefined);
  return h(
    "details",
    { class: "hgw-production", open: board.phase === "production" || undefined },
    h("summary", {}, "Production, forces pool and Time Record"),
    h("div", { class: "hgw-budget" }, money.length ? money.map((line) => h("p", {}, line)) : h("p", { class: "hint" }, `Production points are counted when a side's production phase opens (now: ${board.player}'s ${board.phase} phase).`)),
    costs.length ? h("p", { class: "hgw-costs" }, "Costs: ", costs.map(([what, words]) => `${words} ${map.costs[what]}`).join(" · "), ".") : null,
    h("h4", {}, "Forces pool"),
    pool(view, sides, armies, roleChip),
    h("h4", {}, "Time Record"),
    timeRecord(board, map),
    politics(board),
  );
}
