// Battle odds on screen (issue 9, section 1): the forecast of a battle as a small
// block (chance to win, to hold, of mutual destruction, expected losses), and a
// battle calculator for hypothetical battles, built from the ruleset's odds form
// (GET /api/rulesets/{id}/odds-form; the contract is in docs/adding-a-ruleset.md).
// Nothing here knows a ruleset: the form says which unit types, terrains and flags
// there are.

import { api } from "./api.js";
import { clear, h, put, titleCase } from "./ui.js";

const percent = (p) => `${Math.round(p * 100)}%`;
// a loss under a twentieth is "under 0.1", not "0.0": some loss is still possible
const units = (n, unit) => (n > 0 && n < 0.05 ? `under 0.1 ${unit || "units"}` : `${(Math.round(n * 10) / 10).toFixed(1)} ${unit || "units"}`);

// A ruleset whose hits reduce units before they are eliminated (Virtuti: a reduced Army
// stays on the map) says how many hit points each side is expected to lose in a note
// "expected HP absorbed: attacker a, defender b" (games/virtuti/odds.py): shown beside
// the units eliminated, so that "0.0 units" does not read as a battle that costs nothing.
const ABSORBED = /^expected HP absorbed: attacker ([\d.]+), defender ([\d.]+)$/;

function absorbed(odds) {
  const found = (odds.notes || []).map((note) => ABSORBED.exec(note)).find(Boolean);
  return found ? { attacker: found[1], defender: found[2] } : null;
}

/** A side's expected losses: "0.4 units", or "0.0 units eliminated, 1.4 HP lost". */
function lossesOf(odds, side) {
  const n = side === "attacker" ? odds.attacker_losses : odds.defender_losses;
  const hp = absorbed(odds);
  return hp ? `${units(n, odds.unit)} eliminated, ${hp[side]} HP lost` : units(n, odds.unit);
}

/** A note as a sentence of its own, whatever its ruleset wrote: a capital first and a
 * full stop last (the notes of HGW's odds are sentences, others' are phrases; joined
 * by semicolons they read "Exact; A strike ... forecast.."). */
function sentence(text) {
  const words = text.trim();
  const capital = words.charAt(0).toUpperCase() + words.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** The notes not already shown in the losses line. */
function otherNotes(odds) {
  return (odds.notes || []).filter((note) => !ABSORBED.test(note));
}

/** The roles of a described battle ({roles: {attacker, defender}}), with fallbacks. */
function sides(battle) {
  const roles = (battle && battle.roles) || {};
  return { attacker: roles.attacker || "attacker", defender: roles.defender || "defender" };
}

/** A one-line summary: "red wins 64% · expected losses red 1.9, yellow 1.8". */
export function oddsText(answer) {
  if (!answer || !answer.odds) return "";
  const { odds, battle } = answer;
  const { attacker, defender } = sides(battle);
  if (odds.kind === "bombard") {
    return `${percent(odds.attacker_wins)} chance of a hit; ${defender} expects to lose ${units(odds.defender_losses, odds.unit)}`;
  }
  return `${attacker} wins ${percent(odds.attacker_wins)} · expected losses ${attacker} ${lossesOf(odds, "attacker")}, ${defender} ${lossesOf(odds, "defender")}`;
}

/** A fort that defends the battle's hex (a battle's `fort`: its points), in words. */
function fortText(battle, defender) {
  const points = Number(battle?.fort) || 0;
  return points ? `the ${defender} fort of ${points} point${points === 1 ? "" : "s"}` : "";
}

/** HGW's strike on a naval base or a coast (odds_base.py): its strike points, from
 * carriers (tripled) or coastal air, in words. */
function strikeText(battle) {
  const n = Number(battle.strike) || 0;
  return `${n} strike point${n === 1 ? "" : "s"} (${battle.mission === "carriers" ? "carrier points, tripled" : "coastal air"})`;
}

/** What a strike on a naval base meets (odds_base.py): the ships in port, whose guns
 * (and carriers' fighters) fire at it, and the base's coastal air. */
function baseDefenceText(battle, list) {
  const air = Number(battle.air) || 0;
  const ships = Object.values(battle.defender || {}).some(Boolean) ? list(battle.defender) : "";
  return [ships, air && `${air} coastal air point${air === 1 ? "" : "s"}`].filter(Boolean).join(", ") || "no units";
}

// what a strike on a naval base is aimed at (odds_base.py `aim`)
const STRIKE_AIMS = { ships: "aimed at the ships in port", air: "aimed at the coastal air", morale: "aimed at morale" };

/** Who fights on each side, and where: a small definition list. `sideName(key, n)`: the
 * ruleset's words for an entry of a side ("army_2", 1 -> "1 Army of level 2"), else
 * "n key". */
export function battleSummary(answer, sideName = null) {
  const battle = answer.battle || {};
  const { attacker, defender } = sides(battle);
  const entry = ([type, n]) => (sideName ? sideName(type, n) : `${n} ${type}`);
  const list = (counts) =>
    Object.entries(counts || {})
      .filter(([, n]) => n)
      .map(entry)
      .join(", ") || "no units";
  const place = [battle.kind === "base_strike" && STRIKE_AIMS[battle.aim], battle.terrain, battle.settlement, battle.naval && "at sea", battle.naval_support && "naval support for the defender", fortText(battle, defender), battle.garrison && "a garrison point"]
    .filter(Boolean)
    .join(", ");
  return h(
    "dl",
    { class: "battle-summary" },
    h("dt", {}, attacker),
    h("dd", {}, battle.kind === "bombard" ? `${battle.dice || 1} bombarding die` : battle.kind === "base_strike" ? strikeText(battle) : list(battle.attacker)),
    h("dt", {}, defender),
    h("dd", {}, battle.kind === "base_strike" ? baseDefenceText(battle, list) : list(battle.defender)),
    place ? [h("dt", {}, "where"), h("dd", {}, place)] : null,
  );
}

/** The forecast as a block: a bar of the three outcomes and the expected losses. */
export function oddsBlock(answer, { roleColor = () => "#777", title = null } = {}) {
  const { odds, battle } = answer;
  const { attacker, defender } = sides(battle);
  const color = (role) => (role === "attacker" || role === "defender" ? "#777" : roleColor(role));
  const bombard = odds.kind === "bombard";
  const outcomes = bombard
    ? [
        ["win", `a hit`, odds.attacker_wins, color(attacker)],
        ["hold", "a miss", odds.defender_wins, "#b9b2a5"],
      ]
    : [
        ["win", `${attacker} wins`, odds.attacker_wins, color(attacker)],
        ["hold", `${defender} holds`, odds.defender_wins, color(defender)],
        ["mutual", "nobody left", odds.mutual, "#8a8a8a"],
      ];
  const how = odds.exact
    ? "exact"
    : `sampled from ${odds.samples} battles, ±${percent(odds.interval)} (95%)`;
  return h(
    "div",
    {
      class: "odds-block",
      "data-win": odds.attacker_wins.toFixed(4),
      "data-exact": odds.exact ? "true" : "false",
      role: "group",
      "aria-label": title || "Battle odds",
    },
    title ? h("div", { class: "odds-title" }, title) : null,
    h(
      "div",
      { class: "odds-bar", "aria-hidden": "true" },
      outcomes
        .filter(([, , p]) => p > 0.005)
        .map(([key, , p, c]) => h("span", { class: `odds-seg odds-${key}`, style: `width:${(p * 100).toFixed(1)}%;--seg:${c}` })),
    ),
    h(
      "ul",
      { class: "odds-outcomes" },
      outcomes.map(([key, label, p]) => h("li", { class: `odds-${key}` }, h("strong", {}, percent(p)), ` ${label}`)),
    ),
    h(
      "p",
      { class: "odds-losses" },
      bombard
        ? `Expected losses: ${defender} ${units(odds.defender_losses, odds.unit)}; no return fire.`
        : `Expected losses: ${attacker} ${lossesOf(odds, "attacker")}, ${defender} ${lossesOf(odds, "defender")}.`,
    ),
    fortText(battle, defender) ? h("p", { class: "odds-fort" }, `Defended by ${fortText(battle, defender)}: it fires with the defence and absorbs losses.`) : null,
    h("p", { class: "odds-how" }, [how, ...otherNotes(odds)].map(sentence).join(" ")),
  );
}

// The server computes one odds call of an address at a time and refuses a second one
// meanwhile (429, docs/server.md "Availability"); a page that shows several attacks'
// odds at once would lose all but one. So the page asks them one after another.
let oddsInFlight = Promise.resolve(null);

/** The odds of the battle at a hex of a game, or null (none, or no odds for it); asked
 * after the page's earlier odds calls have been answered. */
export function gameOdds(gameId, seat, hex, action = null) {
  const answer = oddsInFlight.then(() => askOdds(gameId, seat, hex, action));
  oddsInFlight = answer;
  return answer;
}

async function askOdds(gameId, seat, hex, action) {
  try {
    const answer = await api.gameOdds(gameId, seat, hex, action);
    return answer && answer.odds ? answer : null;
  } catch {
    return null; // odds are a help: a refusal (rate limit, no calculator) shows nothing
  }
}

// ----- the calculator -------------------------------------------------------------------------
/** The hypothetical-battle calculator of a ruleset, as a panel; null when it has none. */
export async function oddsCalculator(ruleset, { roleColor } = {}) {
  let form;
  try {
    form = await api.oddsForm(ruleset);
  } catch {
    return null;
  }
  return new OddsCalculator(ruleset, form, { roleColor }).el;
}

class OddsCalculator {
  constructor(ruleset, form, { roleColor }) {
    this.ruleset = ruleset;
    this.form = form;
    this.roleColor = roleColor;
    this.result = h("div", { class: "calc-result", "aria-live": "polite" });
    this.fields = h("div", { class: "calc-fields" });
    this.flags = {};
    this.el = h(
      "details",
      { class: "card odds-calc" },
      h("summary", {}, "Battle calculator"),
      h("form", { class: "calc-form", onsubmit: (e) => this.submit(e) }, this.fields, h("button", { type: "submit", class: "primary" }, "Work out the odds")),
      this.result,
    );
    this.build();
  }

  naval() {
    return Boolean(this.flags.naval && this.flags.naval.checked);
  }

  build() {
    const form = this.form;
    const typesOf = () => (this.naval() ? form.sides.naval || [] : form.sides.land || []);
    // a ruleset's choices made per side (`choices`: {name: {label, per_side, options}}),
    // e.g. Virtuti's battle card: a select in each side's box, "none" first
    const sideChoices = (who) =>
      Object.entries(form.choices || {})
        .filter(([, spec]) => spec.per_side)
        .map(([name, spec]) =>
          h(
            "label",
            { class: "calc-choice" },
            spec.label,
            h(
              "select",
              { name: `${name}-${who}`, "data-choice": name, "data-side": who, "aria-label": `${titleCase(who)}: ${spec.label}` },
              h("option", { value: "" }, "none"),
              Object.entries(spec.options || {}).map(([value, text]) => h("option", { value }, text)),
            ),
          ),
        );
    const sideBox = (who) => {
      const box = h("fieldset", { class: `calc-side calc-${who}` }, h("legend", {}, titleCase(who)), ...sideChoices(who));
      for (const type of typesOf()) {
        const id = `calc-${who}-${type}`;
        box.append(
          h(
            "label",
            { for: id },
            titleCase(type),
            h("input", { id, type: "number", min: 0, max: form.most_units || 40, value: who === "attacker" || type === typesOf()[0] ? 1 : 0, name: `${who}-${type}`, inputmode: "numeric" }),
          ),
        );
      }
      return box;
    };
    const select = (name, label, values) =>
      h(
        "label",
        {},
        label,
        h("select", { name, "aria-label": label }, values.map((v) => h("option", { value: v === null ? "" : v }, v === null ? "none" : titleCase(v)))),
      );
    const flags = Object.entries(form.flags || {}).map(([name, help]) => {
      const input = this.flags[name] || h("input", { type: "checkbox", name, onchange: name === "naval" ? () => this.build() : null });
      if (name === "pre_fire" && !this.flags[name]) input.checked = true;
      this.flags[name] = input;
      return h("label", { class: "calc-flag", title: help }, input, ` ${help}`);
    });
    put(
      this.fields,
      h("div", { class: "calc-sides" }, sideBox("attacker"), sideBox("defender")),
      this.naval() ? null : h("div", { class: "calc-where" }, form.terrain ? select("terrain", "Terrain", form.terrain) : null, form.settlement ? select("settlement", "Town or city", form.settlement) : null),
      h("div", { class: "calc-flags" }, flags),
    );
  }

  description() {
    const out = { attacker: {}, defender: {} };
    for (const input of this.fields.querySelectorAll("input[type=number]")) {
      const [who, type] = input.name.split("-");
      const n = Number(input.value || 0);
      if (n) out[who][type] = n;
    }
    for (const sel of this.fields.querySelectorAll("select")) {
      const choice = sel.dataset.choice;
      if (choice) {
        if (sel.value !== "") (out[choice] = out[choice] || {})[sel.dataset.side] = sel.value;
      } else out[sel.name] = sel.value === "" ? null : sel.value;
    }
    for (const [name, input] of Object.entries(this.flags)) out[name] = input.checked;
    return out;
  }

  async submit(event) {
    event.preventDefault();
    const battle = this.description();
    clear(this.result).append(h("p", { class: "hint" }, "Working it out…"));
    try {
      const answer = await api.odds(this.ruleset, battle);
      put(this.result, oddsBlock(answer, { roleColor: this.roleColor }));
    } catch (err) {
      put(this.result, h("p", { class: "calc-error", role: "alert" }, err.message));
    }
  }
}
