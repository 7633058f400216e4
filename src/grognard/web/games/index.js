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

/** What each module imports beyond the app's own modules (and the data it fetches
 * first), asked for at once when the module is: otherwise the browser finds them one
 * level of imports after another, a round trip each (tests/web/test_module_preloads.py
 * keeps the lists whole). */
const PRELOADS = {
  viktory2: ["viktory2-board.js", "viktory2-look.js", "viktory2-panels.js", "../verbs.js"],
  victory: ["victory-board.js", "victory-panels.js", "victory-view.js", "../verbs.js"],
  virtuti: ["virtutidata.js", "virtutidescribe.js", "virtutilook.js", "virtutipanels.js", "../verbs.js"],
  hgw: [
    "hgw-map.json", // the world map (hgw-world.js loadMap), the largest of all
    "/api/rulesets/hgw/board-data", // the declarations hgw-view.js awaits while it loads
    "hgw-counters.js", "hgw-describe.js", "hgw-echo.js", "hgw-forces.js", "hgw-labels.js", "hgw-panels.js", "hgw-production.js",
    "hgw-prompts.js", "hgw-sea.js", "hgw-strategic.js", "hgw-view.js", "hgw-world.js", "../verbs.js",
  ],
};

function preload(id) {
  for (const file of PRELOADS[id] || []) {
    const link = document.createElement("link");
    link.href = new URL(file, import.meta.url).href;
    if (!file.endsWith(".js")) {
      link.rel = "preload";
      link.as = "fetch";
      link.crossOrigin = "anonymous"; // as fetch() asks for it, so that fetch() takes this answer
    } else link.rel = "modulepreload";
    document.head.append(link);
  }
}

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
        preload(id);
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

/** Wait (at most `ms`) for the words of `mod` (see below) before a page's first drawing:
 * HGW's world map is asked for with the page's modules and is mostly in by the time they
 * are, so the page is drawn once, whole, rather than drawn without it and then again
 * (a Campaign Game IV page spent 0.15 s and a layout of the whole page on the first).
 * Past `ms` the page is drawn anyway, and again when the words come. */
export async function wordsSoon(mod, ms = 1500) {
  const pending = mod.wordsPending?.();
  if (!pending) return;
  let timer;
  const late = new Promise((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([pending.catch(() => {}), late]);
  clearTimeout(timer);
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
