// Ruleset board modules, loaded by ruleset id. A ruleset with no module here is
// played with the generic one (every legal action a button). To add one, write
// games/<id>.js exporting the same shape as generic.js and list it below.

import generic from "./generic.js";

const MODULES = {
  viktory2: () => import("./viktory2.js"),
  victory: () => import("./victory.js"),
  virtuti: () => import("./virtuti.js"),
  hgw: () => import("./hgw.js"),
};

const loaded = new Map();

/** Does the ruleset have a board module of its own? */
export function hasBoard(id) {
  return Object.hasOwn(MODULES, id);
}

/** The board module of a ruleset (the generic one when there is none), with any
 * hook it leaves out taken from the generic module. */
export async function rulesetModule(id) {
  if (!loaded.has(id)) {
    loaded.set(
      id,
      (async () => {
        const load = MODULES[id];
        if (!load) return generic;
        try {
          const mod = (await load()).default;
          return { ...generic, generic: false, ...mod };
        } catch (err) {
          console.error(`the board module of ${id} failed to load; using the generic one`, err);
          return generic;
        }
      })(),
    );
  }
  return loaded.get(id);
}

/** Call `redraw` once when the words of `mod` have come: a board module whose names come
 * from data it loads itself (HGW's place names, from its world map) says so through
 * `wordsPending()`, the load's promise while it is on its way, else null. A page drawn
 * meanwhile read "2879" where the player should read "2879 Guam", in its prompt, buttons,
 * log and panels: the page is drawn again, whole. Returns whether a redraw was asked. */
export function redrawWhenWordsCome(mod, redraw) {
  const pending = mod.wordsPending?.();
  if (!pending) return false;
  pending.then(redraw, () => {}); // the data did not come: the page stays as it was drawn
  return true;
}
