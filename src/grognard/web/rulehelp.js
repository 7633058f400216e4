// In-game rules help (issue 9, section 5): under the prompt, the rules the current
// step of play applies, each with its number and a short summary in our own words.
// The notes are data, one file per ruleset (games/help/<ruleset>.json, checked by a
// test against the ruleset's steps and its rule cases); `key` names the view field
// that says which step the game is at (for Viktory II, board.frame.state; for HGW,
// board.step; for Victory and Virtuti, board.phase). A ruleset
// without a help file simply shows none.

import { h, put } from "./ui.js";

const cache = new Map();
// The rulesets whose help file is written (tests/web/test_rules_help_files.py keeps this
// list and the files of games/help/ in step): asking for a missing file would put a
// 404 in the console of every game of the others.
const WRITTEN = new Set(["viktory2", "victory", "hgw", "virtuti"]);

/** The help of a ruleset, or null (none written yet). Asked once per page load. */
export function rulesHelpOf(ruleset) {
  if (!WRITTEN.has(ruleset)) return Promise.resolve(null);
  if (!cache.has(ruleset)) {
    const url = new URL(`./games/help/${encodeURIComponent(ruleset)}.json`, import.meta.url);
    cache.set(
      ruleset,
      fetch(url)
        .then((response) => (response.ok ? response.json() : null))
        .catch(() => null),
    );
  }
  return cache.get(ruleset);
}

/** The value at a dotted path of the view ("board.frame.state"). */
function at(view, path) {
  return path.split(".").reduce((value, part) => (value && typeof value === "object" ? value[part] : undefined), view);
}

export class RulesHelp {
  constructor(ruleset) {
    this.help = null;
    this.shownKey = undefined;
    this.root = h("details", { class: "rules-help", hidden: true });
    rulesHelpOf(ruleset).then((help) => {
      this.help = help;
      if (this.lastView) this.render(this.lastView);
    });
  }

  /** The notes of the view's step, or [] (no help, or a step the file lacks). */
  notes(view) {
    if (!this.help || !view) return [];
    // a note that names its scenarios applies only in them (a rule the game being
    // played does not use is no help)
    return (this.help.steps[at(view, this.help.key)] || []).filter((n) => !n.scenarios || n.scenarios.includes(view.scenario));
  }

  render(view, hidden = false) {
    this.lastView = view;
    const notes = hidden ? [] : this.notes(view);
    this.root.hidden = !notes.length;
    const key = notes.map((n) => n.rule).join(" ");
    if (key === this.shownKey) return;
    this.shownKey = key;
    put(
      this.root,
      h("summary", {}, `Rules for this step: ${notes.map((n) => n.rule).join(", ")}`),
      h(
        "ul",
        { class: "rules-notes" },
        notes.map((n) => h("li", { "data-rule": n.rule }, h("strong", {}, `${n.rule} ${n.title}. `), n.summary)),
      ),
    );
  }
}
