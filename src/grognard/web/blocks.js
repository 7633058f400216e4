// Victory-style wooden blocks in SVG, for any ruleset whose view lists blocks in the
// shape of docs/client-view-conventions.md:
//   {id, side, at, kind, letter, firepower, steps, max_steps}  a block its viewer may see
//   {side, at, hidden: true}                                   a block stood upright, facing away
//
// A shown block has its step numbers on its edges and is turned so that the current
// strength reads on the top edge. A hidden block is a blank face in its side's
// colour: nothing of its identity is put in the DOM (no text, no title, no data
// attributes), and nothing that looks like data is made up for it.

import { s } from "./ui.js";

/** The face of a block is drawn in a box of this size, centred on 0,0. */
export const BLOCK_BOX = 44;
const HALF = BLOCK_BOX / 2 - 2; // the wood
const LABEL = HALF - 3; // the label stuck on it
const STEP_RADIUS = LABEL - 3.6; // where the step numbers sit, from the centre

/** Is this view entry a blank (hidden) block? */
export function isHidden(block) {
  return Boolean(block?.hidden);
}

/**
 * The turn of a block's face, in degrees, that puts `steps` on the top edge.
 *
 * The face is drawn with the full strength on the top edge and one step less on each
 * following edge clockwise (right, bottom, left). Victory 4.0 and 6.2: the current
 * strength is the number on the top edge as the owner sees it; the Step Reduction
 * note next to the Unit Data Chart: each step lost turns the block a quarter turn
 * counter-clockwise, which brings the next lower number (on the right edge) to the
 * top. SVG's y axis points down, so a positive angle turns clockwise and a
 * counter-clockwise turn is negative: (steps - maxSteps) * 90.
 */
export function blockRotation(steps, maxSteps) {
  return (steps - maxSteps) * 90;
}

/** The side's wood with its rounded corners: every block has it, hidden or not. */
function wood(color) {
  return s("rect", { class: "block-wood", x: -HALF, y: -HALF, width: 2 * HALF, height: 2 * HALF, rx: 4, fill: color });
}

/** The step numbers on the edges (max on top, then clockwise), turned as a whole. */
function stepRing(steps, maxSteps) {
  const ring = s("g", { class: "block-steps", transform: `rotate(${blockRotation(steps, maxSteps)})` });
  for (let edge = 0; edge < Math.min(4, maxSteps); edge += 1) {
    const value = maxSteps - edge;
    ring.append(
      s(
        "g",
        { transform: `rotate(${edge * 90})` },
        s("text", { class: ["block-step", value === steps && "now"], y: -STEP_RADIUS, "data-step": value, text: String(value) }),
      ),
    );
  }
  return ring;
}

/** The short name printed on a block: `short` when the view gives it, else the
 * kind's first three letters (its full name is in the block's title). */
export function shortName(block) {
  return String(block.short ?? String(block.kind ?? "").slice(0, 3)).toUpperCase();
}

/** What is printed on a shown block, upright: its short name, letter and firepower. */
function label(block) {
  const short = shortName(block);
  const rating = `${block.letter ?? ""}${block.firepower ?? ""}`;
  const name = s("text", { class: "block-kind", y: rating ? -2 : 0, text: short });
  if (short.length > 3) {
    name.setAttribute("textLength", "18");
    name.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return [name, rating ? s("text", { class: "block-rating", y: 6, text: rating }) : null];
}

/** One block as an SVG group centred on 0,0 (BLOCK_BOX wide), for a board's own SVG. */
export function blockShape(block, color) {
  if (isHidden(block)) {
    return s("g", { class: "block block-hidden" }, wood(color), s("rect", { class: "block-grain", x: -LABEL, y: -LABEL, width: 2 * LABEL, height: 2 * LABEL, rx: 2 }));
  }
  const maxSteps = Number(block.max_steps ?? block.steps ?? 0);
  const steps = Number(block.steps ?? maxSteps);
  return s(
    "g",
    {
      class: "block block-shown",
      "data-block": block.id,
      "data-steps": steps,
      "data-max-steps": maxSteps,
      "data-rotation": blockRotation(steps, maxSteps),
    },
    s("title", { text: blockTitle(block) }),
    wood(color),
    s("rect", { class: "block-label", x: -LABEL, y: -LABEL, width: 2 * LABEL, height: 2 * LABEL, rx: 2 }),
    stepRing(steps, maxSteps),
    label(block),
  );
}

/** A block as a standalone <svg> of `size` pixels, for HTML panels and lists. */
export function blockSvg(block, color, size = 40) {
  const half = BLOCK_BOX / 2;
  const attrs = { class: "block-svg", width: size, height: size, viewBox: `${-half} ${-half} ${BLOCK_BOX} ${BLOCK_BOX}`, role: "img" };
  attrs["aria-label"] = isHidden(block) ? `${block.side} block, hidden` : blockTitle(block);
  return s("svg", attrs, blockShape(block, color));
}

/** "Hussars A1"; a hidden block is only "a red block". */
export function blockName(block) {
  if (isHidden(block)) return `a ${block.side} block`;
  const rating = `${block.letter ?? ""}${block.firepower ?? ""}`;
  return `${block.kind ?? block.id ?? "block"}${rating ? ` ${rating}` : ""}`;
}

/** "Hussars A1 (red-hussars), 2 of 3 steps": the name, the id and the steps. */
export function blockTitle(block) {
  if (isHidden(block)) return blockName(block);
  const steps = block.steps !== undefined ? `, ${block.steps} of ${block.max_steps ?? block.steps} steps` : "";
  return `${blockName(block)}${block.id ? ` (${block.id})` : ""}${steps}`;
}
