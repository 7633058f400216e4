// Pieces of the game page that guard and explain (issue 9, sections 2 and 3): the
// question before a battle (sides and odds), the question before ending a phase with
// things left to do, the status panel and the game-over summary. Each gets what it
// shows from the view, the legal actions and the ruleset module, so every ruleset
// has them.

import { resultText } from "./actions.js";
import { battleSummary, gameOdds, oddsBlock } from "./odds.js";
import { ask, h } from "./ui.js";

// ----- before a battle -----------------------------------------------------------------------
/** Ask before starting the battle of `entry` (an action of kind "battle" at a hex):
 * who fights on each side, and the odds when the ruleset has them (of the battle as
 * it would stand after `entry.oddsAction`, when the entry names one: a move into it);
 * `place(hex)` names the place, `sideName(key)` a side's entry (odds.js battleSummary);
 * `mustFight`: nothing else is legal, so the question offers no "Not now". */
export async function confirmBattle(gameId, seat, entry, roleColor, { place = (hex) => hex, sideName = null, mustFight = false } = {}) {
  const answer = await gameOdds(gameId, seat, entry.hex, entry.oddsAction || null);
  const body = h(
    "div",
    { class: "battle-confirm" },
    answer ? battleSummary(answer, sideName) : h("p", {}, entry.label),
    answer ? oddsBlock(answer, { roleColor }) : h("p", { class: "hint" }, "No odds for this battle."),
  );
  // a battle that must be fought (nothing else is legal) is not put off: the player may
  // only look at the board first
  if (mustFight) body.prepend(h("p", { class: "must-fight" }, "This battle must be fought before anything else."));
  // a ruleset may put the question in its own words (`question`, `go`): a move that
  // meets the enemy on its way is not a battle the player starts
  return ask(entry.question || `Start the battle at ${place(entry.hex)}?`, body, [
    [mustFight ? "Look at the board first" : "Not now", false],
    [entry.go || `⚔ Fight at ${place(entry.hex)}`, true, "primary"],
  ]);
}

// ----- before ending a phase --------------------------------------------------------------------
/** Things the seat may have forgotten before an ending action: the ruleset's own list
 * (`mod.obligations`; null from it = no list of its own for this step), else units
 * that can still act and battles not fought, from the legal actions. */
export function obligationsOf(view, model, mod, entry) {
  const own = mod.obligations ? mod.obligations(view, model, entry) : null;
  if (own) return own;
  const out = [];
  const units = [...model.selectable()].filter((uid) => (model.byUnit.get(uid) || []).length);
  if (units.length) {
    const names = units.slice(0, 6).map((uid) => mod.unitLabel(uid, view));
    out.push(`${units.length} unit${units.length === 1 ? " can" : "s can"} still act: ${names.join(", ")}${units.length > 6 ? ", …" : ""}`);
  }
  const battles = [...model.hexOnly.entries()].filter(([, entries]) => entries.some((e) => e.kind === "battle")).map(([hex]) => hex);
  if (battles.length) out.push(`battle${battles.length === 1 ? "" : "s"} not fought at ${battles.join(", ")}`);
  return out;
}

/** True when nothing is left, else the player's answer to a question listing it. */
export async function confirmEnd(entry, left) {
  if (!left.length) return true;
  const body = h("div", { class: "end-confirm" }, h("p", {}, "Still to do:"), h("ul", { class: "obligations" }, left.map((line) => h("li", {}, line))));
  return ask(`${entry.label}?`, body, [
    ["Go back", false],
    [entry.label, true, "primary"],
  ]);
}

// ----- the status panel ---------------------------------------------------------------------------
/** The children of the status panel: a row per player with who plays it, "to play",
 * its score (labelled) and the facts the module lists. */
export function statusPanel(rows, { active, seatPlayer, roleColor }) {
  return [
    h("h3", {}, "Players"),
    h(
      "ul",
      { class: "status-rows" },
      rows.map((row) =>
        h(
          "li",
          {
            class: ["status-row", active.has(row.role) && "to-move", row.eliminated && "eliminated"],
            style: `--role:${row.color || roleColor(row.role)}`,
            "data-role": row.role,
          },
          h(
            "div",
            { class: "status-head" },
            h("span", { class: "swatch", "aria-hidden": "true" }),
            h("strong", {}, row.role),
            h("small", {}, seatPlayer(row.role)),
            active.has(row.role) ? h("span", { class: "to-play" }, "to play") : null,
            row.eliminated ? h("span", { class: "out" }, "out") : null,
            row.score !== undefined && row.score !== null
              ? h("span", { class: "status-score" }, `${row.scoreLabel || "Score"}: `, h("b", {}, String(row.score)))
              : null,
          ),
          (row.facts || []).length
            ? h("dl", { class: "status-facts" }, row.facts.map(([label, value]) => [label ? h("dt", {}, label) : null, h("dd", {}, value)]))
            : null,
        ),
      ),
    ),
  ];
}

// ----- game over ------------------------------------------------------------------------------------
/** "Empire points" → "empire points", but "VP" and "PP held" keep their capitals. */
function lowerFirst(label) {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** Why the game ended: the server's finish reason (the rules' own words, State.end_reason,
 * or a resignation, a clock), its place ids put in words by the module's `reasonWords`.
 * A record made before the server kept the rules' reason says only "the game is over",
 * and a reason longer than its column is cut ("…"): then the module's `endReason`
 * rebuilds it from the view's log. */
export function endReasonOf(view, header, mod) {
  const told = header.finish_reason || null;
  if (told && told !== GENERIC_END && !told.endsWith("…")) return mod.reasonWords ? mod.reasonWords(told, view) : told;
  return (mod.endReason && mod.endReason(view)) || told;
}

/** The prompt card's line once the game is over: the result and the real reason, as the
 * banner gives it; the server's generic "the game is over" (all it knows of a game the
 * rules ended) is not repeated after the result that says as much. */
export function gameOverLine(view, header, mod, result) {
  const title = resultText(result) || "The game is over";
  const reason = endReasonOf(view, header, mod);
  if (!reason || reason === GENERIC_END) return `${title}.`;
  const sentence = reason.charAt(0).toUpperCase() + reason.slice(1);
  return `${title}. ${sentence}${/[.!?]$/.test(sentence) ? "" : "."}`;
}

/** What the server records for a game its rules ended (server/gamechange.py). */
const GENERIC_END = "the game is over";

/** The winner, the reason (the module's `endReason`, else the server's), the result
 * labelled as such and the final score from the status rows. */
export function gameOverSummary(view, header, mod, roleColor) {
  const result = header.result || view.result;
  const best = result ? Math.max(...Object.values(result)) : null;
  const winners = result ? Object.keys(result).filter((role) => result[role] === best && best > 0) : [];
  const rows = mod.status ? mod.status(view) || [] : [];
  const scored = rows.filter((row) => row.score !== undefined && row.score !== null);
  const reason = endReasonOf(view, header, mod);
  const chip = (role, text) => h("span", { class: "role-chip", style: `--role:${roleColor(role)}` }, text);
  return [
    h("div", { class: "banner-winner" }, winners.length ? `Winner${winners.length > 1 ? "s" : ""}: ${winners.join(", ")}` : "No winner"),
    reason ? h("div", { class: "banner-reason" }, `Reason: ${reason}`) : null,
    result
      ? h(
          "div",
          { class: "banner-scores", "aria-label": "Result" },
          h("span", { class: "banner-label" }, "Result (1 = a win):"),
          Object.entries(result).map(([role, score]) => chip(role, `${role} ${Math.round(score * 100) / 100}`)),
        )
      : null,
    scored.length
      ? h(
          "div",
          { class: "banner-scores final-score", "aria-label": "Final score" },
          h("span", { class: "banner-label" }, `Final ${lowerFirst(scored[0].scoreLabel || "score")}:`),
          scored.map((row) => chip(row.role, `${row.role} ${row.score}`)),
        )
      : null,
  ];
}
