// The fallback for rulesets without a board module: the view's board data as a
// readable table, and every legal action as a button (see actions.js). Any ruleset
// the server knows is playable with it.

import { h, titleCase, clear } from "../ui.js";

const PALETTE = ["#c8322d", "#2d63c8", "#2c8a3e", "#e0a800", "#7b3fb0", "#1f8f8f", "#c2611f", "#555"];

export function paletteColor(role, roles) {
  const index = Math.max(0, (roles || []).indexOf(role));
  return PALETTE[index % PALETTE.length];
}

function roleChip(role, roles) {
  return h("span", { class: "role-chip", style: `--role:${paletteColor(role, roles)}` }, role);
}

function valueNode(value, roles, depth = 0) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (typeof value !== "object") return h("span", {}, String(value));
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== "object")) {
      if (!value.length) return h("span", { class: "muted" }, "none");
      return h(
        "span",
        {},
        value.map((v, i) => [i ? ", " : "", roles.includes(v) ? roleChip(v, roles) : String(v)]),
      );
    }
  }
  const keys = Object.keys(value);
  if (!keys.length) return h("span", { class: "muted" }, "none");
  if (depth < 2 && !Array.isArray(value) && keys.length <= 12) {
    return h(
      "table",
      { class: "data-table nested" },
      keys.map((key) =>
        h(
          "tr",
          {},
          h("th", {}, roles.includes(key) ? roleChip(key, roles) : titleCase(key)),
          h("td", {}, valueNode(value[key], roles, depth + 1)),
        ),
      ),
    );
  }
  return h("details", {}, h("summary", {}, `${keys.length} entries`), h("pre", {}, JSON.stringify(value, null, 1)));
}

class DataBoard {
  constructor(host) {
    this.card = h("div", { class: "data-board", "aria-label": "Game data" });
    host.append(this.card);
  }

  render(view) {
    clear(this.card);
    const roles = view.roles || [];
    const board = view.board || {};
    this.card.append(
      h("h2", {}, view.role ? `The game as ${view.role} sees it` : "The game"),
      h(
        "table",
        { class: "data-table" },
        Object.keys(board).map((key) =>
          h("tr", {}, h("th", {}, titleCase(key)), h("td", {}, valueNode(board[key], roles))),
        ),
      ),
    );
    return { drawn: new Set() };
  }

  highlight() {}

  blank() {
    clear(this.card);
  }

  destroy() {
    this.card.remove();
  }
}

export default {
  id: null,
  generic: true,
  roleColor: (role, view) => paletteColor(role, view?.roles),
  roles: () => null,
  describe: () => null,
  unitLabel: (uid) => uid,
  unitBadge: () => null,
  summary: () => null,
  extraPanel: () => null,
  createBoard: (host) => new DataBoard(host),
};
