// The side panels of the Virtuti board: the battle being fought, the secret choice
// under way, the hands of cards, the order and air support pools, production
// queues, the tracks (initiative, logistics, war economy, technologies), the
// calendar and random events, and the diplomacy screen (each country's key areas and
// when it surrenders). Everything comes from view.board and the board data; the
// other player's secret choices are not in the view until they are revealed.

import { h, titleCase } from "../ui.js";
import { areaName, boardData, FACTION_COLORS, factionName, loadBoardData, unitName, unitShort } from "./virtutidata.js";

const SECRET_KINDS = {
  pp_card: "a card for PP",
  air_card: "a card for air support",
  production: "production",
  planning: "orders",
  battle_card: "a battle card",
  battle_air: "air support in battle",
};
const SEASONS = ["spring", "early_summer", "late_summer", "autumn", "winter"];
// which sections the player opened stay open when the panel is drawn again
const opened = new Set(["battle", "secret", "cards"]);

function section(id, title, ...body) {
  const box = h("details", { class: "vm-section", "data-section": id, open: opened.has(id) }, h("summary", {}, title), ...body);
  box.addEventListener("toggle", () => (box.open ? opened.add(id) : opened.delete(id)));
  return box;
}

function chip(faction) {
  return h("span", { class: `vm-chip vm-${faction}` }, factionName(faction));
}

function cardName(id) {
  return boardData()?.cards?.[id]?.name || titleCase(id);
}

function battleSection(board) {
  const b = board.battle;
  if (!b) return null;
  const cards = b.cards ? Object.entries(b.cards).map(([side, card]) => h("li", {}, `${titleCase(side)}: ${cardName(card)}`)) : [];
  const tokens = (levels) => (levels && levels.length ? levels.map((lv) => `level ${lv}`).join(", ") : "none");
  const air = b.air ? Object.entries(b.air).map(([side, levels]) => h("li", {}, `${titleCase(side)} air support: ${tokens(levels)}`)) : [];
  const att = (b.attackers || []).map((uid) => board.units.find((u) => u.id === uid)).filter(Boolean);
  const def = board.units.filter((u) => u.a === b.area && u.f === b.defender);
  const list = (units) => (units.length ? units.map((u) => `${unitName(u)} (level ${u.lv})`).join(", ") : "none");
  return section(
    "battle",
    `⚔ Battle in ${areaName(b.area)}`,
    h(
      "dl",
      { class: "vm-facts vm-battle-panel" },
      h("dt", {}, "Attacker"),
      h("dd", {}, chip(b.att), ` from ${areaName(b.origin)}: ${list(att)}`),
      h("dt", {}, "Defender"),
      h("dd", {}, chip(b.defender), `: ${list(def)}`),
      h("dt", {}, "Step"),
      h("dd", {}, titleCase(b.stage || "")),
      b.bonus ? [h("dt", {}, "Order bonus"), h("dd", {}, `+${b.bonus}`)] : null,
    ),
    cards.length || air.length ? h("ul", { class: "vm-revealed" }, cards, air) : h("p", { class: "muted" }, "Cards and air support are chosen in secret and shown here once both sides have chosen."),
  );
}

function secretSection(board) {
  const secret = board.secret;
  if (!secret) return null;
  const mine = board.my_secret || {};
  const choices = Object.entries(mine.choices || {});
  return section(
    "secret",
    `Secret choice: ${SECRET_KINDS[secret.kind] || titleCase(secret.kind)}`,
    h("p", {}, secret.waiting_for.length ? `Waiting for: ${secret.waiting_for.join(", ")}` : "Everyone has chosen."),
    mine.kind ? h("p", {}, mine.confirmed ? "You have confirmed your choice." : "Your choice is not confirmed yet.") : null,
    choices.length ? h("ul", {}, choices.map(([f, c]) => h("li", {}, chip(f), ` ${typeof c === "string" ? cardName(c) : Array.isArray(c) ? c.map((lv) => `air level ${lv}`).join(", ") : "chosen"}`))) : null,
    h("p", { class: "muted" }, "The other side's choices stay hidden until both have confirmed."),
  );
}

function cardsSection(board) {
  const cards = boardData()?.cards || {};
  return section(
    "cards",
    "Hands of cards",
    Object.entries(board.factions || {}).map(([f, rec]) =>
      h(
        "div",
        { class: "vm-hand", "data-faction": f },
        h("h4", {}, chip(f), ` ${rec.hand.length} in hand, ${rec.discard.length} discarded`),
        h(
          "ul",
          { class: "vm-cards" },
          rec.hand.map((id) => {
            const c = cards[id] || {};
            return h("li", { class: "vm-card", "data-card": id, title: `PP x${(c.pp ?? 0) / 100} · air support ${c.air ?? 0} · battle strength +${c.strength ?? 0}` }, h("strong", {}, cardName(id)), h("span", {}, ` ${c.pp ?? "?"}% PP · air ${c.air ?? 0} · +${c.strength ?? 0}`));
          }),
        ),
        // the discard pile is open information (the view carries it): listed, not counted
        rec.discard.length
          ? h("p", { class: "vm-discard" }, h("span", { class: "muted" }, "Discarded: "), rec.discard.map((id) => cardName(id)).join(", "))
          : null,
      ),
    ),
  );
}

function poolsSection(board) {
  return section(
    "pools",
    "Order and air support tokens",
    Object.entries(board.factions || {}).map(([f, rec]) =>
      h(
        "div",
        { class: "vm-pool", "data-faction": f },
        h("h4", {}, chip(f)),
        h("p", {}, "Orders: ", Object.entries(rec.orders || {}).filter(([, n]) => n > 0).map(([o, n]) => `${titleCase(o)} ×${n}`).join(", ") || "none"),
        h("p", {}, "Air support: ", Object.entries(rec.air || {}).map(([lv, n]) => `level ${lv} ×${n}`).join(", ") || "none", Object.keys(rec.air_drawn || {}).length ? ` (drawn: ${Object.entries(rec.air_drawn).map(([lv, n]) => `level ${lv} ×${n}`).join(", ")})` : ""),
      ),
    ),
  );
}

function productionSection(board) {
  const item = (q) => {
    if (q.kind === "unit") return `${unitShort(q.t, true)} level ${q.lv}`;
    if (q.kind === "orders") return `${titleCase(q.set)} orders`;
    if (q.kind === "sub") return "submarine";
    return titleCase(q.kind || "item");
  };
  return section(
    "production",
    "Production queues",
    Object.entries(board.factions || {}).map(([f, rec]) =>
      h(
        "div",
        { class: "vm-queue", "data-faction": f },
        h("h4", {}, chip(f), ` ${rec.pp} PP`),
        h("p", {}, "Being built: ", rec.queue.length ? rec.queue.map((q) => `${item(q)} (${q.turns} turn${q.turns === 1 ? "" : "s"} left)`).join(", ") : "nothing"),
        h("p", {}, "Ready to deploy: ", rec.deploy.length ? rec.deploy.map((d) => `${unitShort(d.t, true)} level ${d.lv}`).join(", ") : "nothing"),
        Object.keys(rec.research || {}).length ? h("p", {}, "Research: ", Object.entries(rec.research).map(([t, n]) => `${titleCase(t)} ${n} point${n === 1 ? "" : "s"}`).join(", ")) : null,
        rec.subs_ready ? h("p", {}, `Submarines ready: ${rec.subs_ready}`) : null,
      ),
    ),
  );
}

function tracksSection(board) {
  const stacks = boardData()?.tracks?.logistics || [];
  const techs = Object.keys(Object.values(board.factions || {})[0]?.tech || {});
  const factions = Object.keys(board.factions || {});
  return section(
    "tracks",
    "Tracks",
    h("p", { class: "vm-initiative" }, "Initiative: ", (board.initiative || []).map((f, i) => [i ? " → " : "", chip(f)])),
    h(
      "table",
      { class: "data-table vm-tracks" },
      h("tr", {}, h("th", {}, ""), factions.map((f) => h("th", {}, chip(f)))),
      h("tr", {}, h("th", {}, "War economy"), factions.map((f) => h("td", {}, `${board.factions[f].we}%`))),
      h(
        "tr",
        {},
        h("th", {}, "Logistics"),
        factions.map((f) => {
          const pos = board.factions[f].logistics;
          const row = stacks.find((x) => x.position === pos);
          return h("td", { title: row ? `stacks of ${row.stacks.join(", ")}` : "" }, `${pos}${row ? ` (stacks ${row.stacks.join("/")})` : ""}`);
        }),
      ),
      h("tr", {}, h("th", {}, "VP"), factions.map((f) => h("td", {}, f === "axis" ? String(board.vp?.axis ?? "") : String(board.vp?.allies ?? "")))),
      techs.map((t) => h("tr", {}, h("th", {}, titleCase(t)), factions.map((f) => h("td", {}, String(board.factions[f].tech[t]))))),
    ),
  );
}

function calendarSection(board) {
  const data = boardData();
  if (!data) return null;
  // board.turn reads "Late Summer 1939"
  const [, season = "", year = "0"] = /^(.*) (\d+)$/.exec(String(board.turn || "")) || [];
  const now = [Number(year), SEASONS.indexOf(season.toLowerCase().replaceAll(" ", "_"))];
  const when = (t) => [t.year, SEASONS.indexOf(t.season)];
  const past = (t) => when(t)[0] < now[0] || (when(t)[0] === now[0] && when(t)[1] < now[1]);
  const current = (t) => when(t)[0] === now[0] && when(t)[1] === now[1];
  return section(
    "calendar",
    "Calendar and random events",
    h(
      "ol",
      { class: "vm-calendar" },
      data.calendar.map((e) => h("li", { class: [past(e.turn) && "vm-past", current(e.turn) && "vm-now"], "data-event": e.id }, h("span", { class: "vm-when" }, `${titleCase(e.turn.season)} ${e.turn.year}`), ` ${e.name}`)),
    ),
    h("h4", {}, "Random events (one drawn each turn from a shuffled deck)"),
    h("ul", { class: "vm-random" }, data.random_events.map((e) => h("li", {}, `${e.name}${e.copies > 1 ? ` ×${e.copies}` : ""}`))),
  );
}

function diplomacySection(board) {
  const data = boardData();
  if (!data) return null;
  const rows = data.countries.map((c) => {
    const rec = board.countries?.[c.id] || {};
    const held = c.key_areas.map((a) => {
      const holder = board.control?.[a];
      return h("span", { class: `vm-key vm-${holder || "neutral"}`, title: holder ? `held by the ${factionName(holder)}` : "neutral" }, areaName(a));
    });
    const when =
      rec.status === "active"
        ? `surrenders when enemies of the ${factionName(rec.faction)} hold all ${c.key_areas.length} key area${c.key_areas.length === 1 ? "" : "s"}`
        : rec.status === "surrendered"
          ? `surrendered to the ${factionName(rec.faction)}`
          : `neutral${rec.war_entry ? `, war entry track ${rec.war_entry}` : ""}${c.pressure_cost ? `, pressure costs ${c.pressure_cost} PP` : ""}`;
    return h(
      "tr",
      { "data-country": c.id },
      h("th", {}, c.name),
      h("td", {}, rec.faction ? chip(rec.faction) : titleCase(rec.status || "neutral")),
      h("td", {}, held.map((x, i) => [i ? ", " : "", x])),
      h("td", {}, when, c.plunder ? ` (plunder ${c.plunder} PP)` : ""),
    );
  });
  return section(
    "diplomacy",
    "Diplomacy: countries, key areas, surrender",
    h("p", {}, `Ribbentrop-Molotov pact: ${board.pact ? "in force" : "broken or lapsed"} · USSR ${board.ussr_active ? "active" : "inactive"}${board.ussr_at_war ? ", at war with the Axis" : ""}`),
    h("table", { class: "data-table vm-diplomacy" }, h("tr", {}, h("th", {}, "Country"), h("th", {}, "Side"), h("th", {}, "Key areas"), h("th", {}, "Status")), rows),
  );
}

/** The side panel; filled again once the board data has come (first load). */
export function extraPanel(view) {
  const board = view?.board;
  if (!board || !board.factions) return null;
  const box = h("div", { class: "vm-panels", "aria-label": "Virtuti panels" });
  const fill = () => {
    box.replaceChildren(
      ...[battleSection(board), secretSection(board), cardsSection(board), poolsSection(board), productionSection(board), tracksSection(board), calendarSection(board), diplomacySection(board)].filter(Boolean),
    );
  };
  fill();
  if (!boardData()) loadBoardData().then(fill, () => {});
  return box;
}

export { FACTION_COLORS };

/** Why the game ended, for a record made before the server kept the rules' reason
 * (panels.js endReasonOf reads the server's finish_reason first), from the view's outcome (summary.py check_victory): a decisive
 * victory (the Axis at 18 VP, or the Allies holding the seven cities), a minor one at the
 * last turn (15 VP), or a draw; null while there is none (a resignation: the server's). */
export function endReason(view) {
  const outcome = view.board?.outcome;
  if (!outcome) return null;
  const vp = `VP: Axis ${outcome.vp?.axis ?? "?"}, Allies ${outcome.vp?.allies ?? "?"}`;
  if (outcome.how === "decisive victory") {
    const why = outcome.winner === "axis" ? "the Axis reached 18 VP" : "the Allies hold London, Paris, Moscow, Leningrad, Stalingrad, Rome and Berlin";
    return `decisive victory for the ${titleCase(outcome.winner)}: ${why} (${vp})`;
  }
  if (outcome.how === "minor victory") return `minor victory for the ${titleCase(outcome.winner)}: 15 VP or more at the end of the last turn (${vp})`;
  return `a draw: neither side had 15 VP at the end of the last turn (${vp})`;
}
