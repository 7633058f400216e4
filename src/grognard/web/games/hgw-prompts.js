// Hitler's Global War: prompts that name their subject (issue 26, item 9). The
// engine's prompt is short ("axis: remove 1 point more"); the page can say more from
// the view alone: which armies the points come from, what fire caused the losses
// (the log's last roll), how many of them are already removed, and where the choices
// are. Every other step's prompt is the engine's in words (inWords): the armies and
// places its frame names, by name, "tactical air" rather than "tac_air".

import { titleCase } from "../ui.js";
import { argsOf } from "./hgw-view.js";

const ROLL = /^(\w+) rolls \d+ \((.+)\)$/;
const FIRE = /^firing strength \d+, roll .*: (\d+) points? lost$/;

function points(n) {
  return `${n} point${n === 1 ? "" : "s"}`;
}

/** The last fire in the log: {total, firer, why} or null. */
function lastFire(log) {
  const lines = Array.isArray(log) ? log : [];
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const fire = FIRE.exec(lines[i]);
    if (!fire) continue;
    const roll = i > 0 ? ROLL.exec(lines[i - 1]) : null;
    return { total: Number(fire[1]), firer: roll?.[1] || "", why: roll?.[2] || "" };
  }
  return null;
}

/** "Army Group West", "Army Group West and Fourth Army", "A, B and C". */
function listWords(names) {
  return names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The prompt of the step the view is in, in full words, or null to keep the engine's.
 * `name(uid)` is an army's name, `placeWords(place)` a place's.
 */
export function promptText(view, { name, placeWords }) {
  const board = view?.board;
  const frame = board?.frame || {};
  if (!board || !(view.legal || []).length) return null;
  switch (board.step) {
    case "losses": {
      // Assault Resolution 5-6: the owner removes each lost point
      const count = Number(frame.count) || 0;
      const fire = lastFire(view.log);
      const done = fire && fire.total >= count ? fire.total - count : 0;
      const from = listWords((frame.armies || []).map(name));
      const fort = frame.fort ? ` or from the fort at ${placeWords(frame.fort)}` : "";
      const cause = fire?.why ? ` The ${fire.firer ? `${fire.firer} ` : ""}${fire.why.replace(/(\d{4,5})/, (hex) => placeWords(hex))} hit ${points(fire.total)}.` : "";
      const amphibious = frame.amphibious_due ? ` At least ${points(frame.amphibious_due)} must be amphibious.` : "";
      const what = done ? `${points(count)} more (${done} of ${fire.total} removed)` : points(count);
      return `${titleCase(frame.role || board.player)}: remove ${what} from ${from}${fort}.${cause}${amphibious} Choose each point with the buttons below.`;
    }
    case "invasions": {
      // Invasion Procedure 5: the attacker picks the next declared invasion
      const armies = (view.legal || []).filter((a) => a[0] === "invasion").map((a) => argsOf(a).army);
      const which = armies.map((uid) => {
        const target = (board.armies || []).find((army) => army.id === uid)?.status?.target;
        return target ? `${name(uid)}'s on ${placeWords(target)}` : name(uid);
      });
      return `${titleCase(frame.role || board.player)}: choose the next amphibious invasion to resolve (${listWords(which)}), with the buttons below.`;
    }
    default:
      return inWords(view, { name, placeWords });
  }
}

/**
 * The engine's prompt with the ids of its step's frame in words (issue 22: the Campaign
 * Game II steps ask about armies, places and kinds of points by id): each army the
 * frame names by its name (its first mention: an army called "it" stays "it" in "if it
 * fails"), each place by its number and name, each id_with_underscores spaced, "1
 * infantry points" singular; null when nothing changes.
 */
export function inWords(view, { name, placeWords }) {
  const engine = typeof view?.prompt === "string" ? view.prompt : "";
  if (!engine) return null;
  const frame = view.board?.frame || {};
  const armies = new Set((view.board?.armies || []).map((a) => a.id));
  const named = [];
  for (const value of Object.values(frame)) {
    for (const one of Array.isArray(value) ? value : [value]) if (typeof one === "string") named.push(one);
  }
  let text = engine;
  for (const id of new Set(named)) {
    const token = new RegExp(`(^|[\\s(])${id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[\\s?,.:;)]|$)`);
    if (armies.has(id)) text = text.replace(token, (_, before) => `${before}${name(id)}`);
    else if (/^\d{4,5}$/.test(id)) text = text.replace(new RegExp(token.source, "g"), (_, before) => `${before}${placeWords(id)}`);
  }
  text = text
    .replace(/\btac_air\b/g, "tactical air")
    .replace(/\b([a-z]+)_([a-z_]+)\b/g, (word) => word.replace(/_/g, " "))
    .replace(/\b1 ((?:[a-z]+ )?[a-z]+) points\b/g, "1 $1 point");
  return text === engine ? null : text;
}
