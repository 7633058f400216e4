// The battle panel for block games: a view's `battle` object (the shape is in
// docs/client-view-conventions.md) as a card for the side panel: where, which round
// of how many, whose combat turn and which block fires now, both sides' blocks
// (hidden ones blank), this round's dice with their hits, casualties and retreats.
// Blocks are drawn by blocks.js; dice as faces, as the log draws them.

import { blockName, blockSvg, isHidden } from "./blocks.js";
import { h } from "./ui.js";

const DICE_FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

const given = (value) => value !== undefined && value !== null;

/** Does this value have the shape of a battle (a ruleset may put null there)? */
export function isBattle(value) {
  return Boolean(value && typeof value === "object" && value.sides && typeof value.sides === "object");
}

/** Die faces; a die of `hitOn` or less (when given) is marked as a hit. */
export function diceFaces(dice, hitOn) {
  return h(
    "span",
    { class: "dice-faces", "aria-label": `dice ${dice.join(" ")}` },
    dice.map((n) =>
      h("span", { class: ["die", `die-${n}`, given(hitOn) && n <= hitOn && "die-hit"], title: String(n) }, DICE_FACES[n] || String(n)),
    ),
  );
}

/** The same block? Only shown blocks can be told apart (by id). */
function same(a, b) {
  return Boolean(a && b && !isHidden(a) && !isHidden(b) && given(a.id) && a.id === b.id);
}

function sideRow(battle, side, blocks, color) {
  const role = side === battle.attacker ? "attacker" : side === battle.defender ? "defender" : "";
  return h(
    "div",
    { class: "battle-side", style: `--role:${color(side)}`, "data-side": side },
    h("span", { class: "side-name" }, side, role ? h("small", {}, role) : null),
    h(
      "span",
      { class: "side-units" },
      blocks.map((block) => h("span", { class: ["battle-block", same(block, battle.firing) && "firing"] }, blockSvg(block, color(block.side), 36))),
    ),
  );
}

function steps(block) {
  return !isHidden(block) && given(block.steps) ? `${block.steps} of ${block.max_steps ?? block.steps} steps · ` : "";
}

function firingLine(battle, color) {
  const block = battle.firing;
  if (!block) return battle.turn ? h("p", { class: "battle-now" }, `${battle.turn} to act`) : null;
  return h(
    "div",
    { class: "battle-now", style: `--role:${color(block.side)}` },
    blockSvg(block, color(block.side), 44),
    h("div", {}, h("strong", { class: "firing-name" }, blockName(block)), h("div", { class: "muted" }, steps(block), "takes its combat turn")),
  );
}

function fireLine(fire, color) {
  const hits = Number(fire.hits ?? 0);
  return h(
    "li",
    { class: "battle-fire", style: `--role:${color(fire.block?.side)}` },
    fire.block ? blockSvg(fire.block, color(fire.block.side), 22) : null,
    diceFaces(fire.dice || [], fire.hit_on),
    h("span", { class: "fire-hits" }, `${hits} hit${hits === 1 ? "" : "s"}`),
    given(fire.hit_on) ? h("small", { class: "muted" }, ` (${fire.hit_on} or less)`) : null,
  );
}

function lossLine(loss, color) {
  const lost = Number(loss.lost ?? 1);
  // 6.47: under double defense a first hit is half a step, lost only with the next
  const half = !loss.eliminated && lost === 0;
  const what = loss.eliminated ? "eliminated" : half ? "a half hit" : `−${lost} step${lost === 1 ? "" : "s"}`;
  return h("li", { class: "battle-loss" }, blockSvg(loss.block, color(loss.block.side), 22), ` ${blockName(loss.block)}: ${what}`);
}

function retreatLine(retreat, color, placeName) {
  return h("li", { class: "battle-retreat" }, blockSvg(retreat.block, color(retreat.block.side), 22), ` ${blockName(retreat.block)} → ${placeName(retreat.to)}`);
}

/** The battle card. `color(role)` gives a side's colour, `placeName(id)` a place's name. */
export function battlePanel(battle, { color = () => "#777", placeName = (id) => id } = {}) {
  const where = battle.name || placeName(battle.at);
  const sides = Object.keys(battle.sides);
  const fires = battle.fires || [];
  const losses = battle.casualties || [];
  const retreats = battle.retreats || [];
  return h(
    "section",
    { class: "card battle-card block-battle", "aria-label": `Battle at ${where}`, "data-at": battle.at },
    h("h3", {}, `⚔ Battle at ${where}`),
    h(
      "p",
      { class: "battle-round" },
      `Round ${battle.round}${battle.rounds ? ` of ${battle.rounds}` : ""}`,
      battle.turn ? h("span", { class: "role-chip small", style: `--role:${color(battle.turn)}` }, `${battle.turn}'s combat turn`) : null,
    ),
    firingLine(battle, color),
    h("div", { class: "battle-sides" }, sides.map((side) => sideRow(battle, side, battle.sides[side] || [], color))),
    fires.length ? h("div", { class: "battle-list" }, h("h4", {}, "Dice this round"), h("ol", { class: "battle-fires" }, fires.map((f) => fireLine(f, color)))) : null,
    losses.length ? h("div", { class: "battle-list" }, h("h4", {}, "Casualties"), h("ul", { class: "battle-losses" }, losses.map((l) => lossLine(l, color)))) : null,
    retreats.length ? h("div", { class: "battle-list" }, h("h4", {}, "Retreats"), h("ul", { class: "battle-retreats" }, retreats.map((r) => retreatLine(r, color, placeName)))) : null,
  );
}
