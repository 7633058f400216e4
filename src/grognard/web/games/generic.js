// The fallback for rulesets without a board module: the view's board data as a
// readable table, and every legal action as a button (see actions.js). Any ruleset
// the server knows is playable with it.
//
// Views that follow docs/client-view-conventions.md get more: `board.blocks` is
// drawn as blocks grouped by place (in the order of `board.areas` when given), and
// `board.battle` as the battle panel in the side panel.

import { battlePanel, isBattle } from "../battle.js";
import { blockSvg, isHidden } from "../blocks.js";
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

/** Names of the places of `board.areas` (id -> name), for labels. */
function placeNames(board) {
  const names = new Map();
  for (const area of Array.isArray(board.areas) ? board.areas : []) if (area?.id !== undefined) names.set(area.id, area.name || titleCase(area.id));
  return names;
}

/** Blocks grouped by `at`: the places of `board.areas` first (empty ones too), then any other. */
function blocksByPlace(board) {
  const groups = new Map([...placeNames(board).keys()].map((id) => [id, []]));
  for (const block of board.blocks) {
    const at = block.at ?? null;
    if (!groups.has(at)) groups.set(at, []);
    groups.get(at).push(block);
  }
  return groups;
}

/** The block map: a card per place with its blocks (shown ones first, then blank ones). */
function blockMap(board, roles) {
  const names = placeNames(board);
  const fight = isBattle(board.battle) ? board.battle.at : undefined;
  return h(
    "div",
    { class: "block-map", "aria-label": "Blocks by place" },
    [...blocksByPlace(board)].map(([at, blocks]) =>
      h(
        "section",
        { class: ["place", at === fight && "battle-place"], "data-place": at ?? "" },
        h("h3", {}, at === null ? "Off the map" : names.get(at) || titleCase(at), at === fight ? h("span", { class: "place-battle" }, " ⚔") : null),
        h(
          "div",
          { class: "place-blocks" },
          [...blocks].sort((a, b) => isHidden(a) - isHidden(b)).map((block) => blockSvg(block, paletteColor(block.side, roles), 56)),
        ),
      ),
    ),
  );
}

/** Board keys drawn by the conventions rather than listed in the table. */
function drawnKeys(board) {
  const keys = new Set();
  if (Array.isArray(board.blocks)) keys.add("blocks").add("areas");
  if (board.battle === null || isBattle(board.battle)) keys.add("battle");
  return keys;
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
    const drawn = drawnKeys(board);
    this.card.append(
      h("h2", {}, view.role ? `The game as ${view.role} sees it` : "The game"),
      ...(Array.isArray(board.blocks) ? [blockMap(board, roles)] : []),
      h(
        "table",
        { class: "data-table" },
        Object.keys(board)
          .filter((key) => !drawn.has(key))
          .map((key) => h("tr", {}, h("th", {}, titleCase(key)), h("td", {}, valueNode(board[key], roles)))),
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
  describe: () => null,
  unitLabel: (uid) => uid,
  unitBadge: () => null,
  summary: () => null,
  // the places a log line names (outlined by "since your last move" and the stepper):
  // axial hex ids "q,r" by default; a board whose places are named otherwise says how
  placesIn: (line) => line.match(/-?\d+,-?\d+/g) || [],
  // the role whose move a log line tells, or null: its first word when that is a role
  lineActor: (line, view) => {
    const first = line.split(" ")[0];
    return (view?.roles || []).includes(first) ? first : null;
  },
  extraPanel: (view) => {
    const board = view?.board || {};
    if (!isBattle(board.battle)) return null;
    const names = placeNames(board);
    return battlePanel(board.battle, { color: (role) => paletteColor(role, view.roles), placeName: (id) => names.get(id) || titleCase(id) });
  },
  createBoard: (host) => new DataBoard(host),
};
