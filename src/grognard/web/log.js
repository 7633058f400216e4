// Log lines as DOM: dice as die faces, roles and their units in colour, hexes that
// light up on the board while pointed at. Dice lines come from the core's roll
// format ("<role> rolls 3 5 (why)"), so every ruleset gets them. Places are the "q,r"
// hex ids, and whatever the board module's `placesIn` finds in the line (HGW's hex
// numbers, Virtuti's area ids), shown by the module's `placeName`; the module's
// `logWords` puts the other ids of a line in words.

import { HEX_ID } from "./board.js";
import { h } from "./ui.js";

const DICE_FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A log line as DOM: dice as die faces, roles in colour, places that light the board. */
export function logLine(text, { roles = [], roleColor = () => "#555", onHexHover = null, placesIn = null, placeName = null, logWords = null } = {}) {
  // the board module's names: a place shown by its name, the other ids in its words
  const plain = (part) => (logWords ? logWords(part) : part);
  const li = h("li", {});
  const dice = / rolls ((?:\d+ ?)+)\(/.exec(text);
  if (dice) li.classList.add("dice");
  if (/^— .* —$/.test(text)) li.classList.add("turn");
  else if (/ is hit| is lost| eliminated| wins the battle| holds | wiped out /.test(text)) li.classList.add("loss");
  else if (/ attacks | battle| bombard/.test(text)) li.classList.add("battle");
  const rolePattern = roles.length ? roles.map(escape).join("|") : "(?!)";
  const places = [...new Set(placesIn ? placesIn(text) : [])].filter((p) => !HEX_ID.test(p));
  const placePattern = places.length ? places.map(escape).join("|") : "(?!)";
  const token = new RegExp(`(-?\\d+,-?\\d+)|\\b((?:${rolePattern})(?:-[a-z]\\d+)?)\\b|( rolls )((?:\\d+ ?)+)|\\b(${placePattern})\\b`, "g");
  let last = 0;
  let match;
  while ((match = token.exec(text))) {
    if (match.index > last) li.append(plain(text.slice(last, match.index)));
    const hex = match[5] || (match[1] && HEX_ID.test(match[1]) ? match[1] : null);
    if (hex) {
      li.append(
        h("span", {
          class: "hexref",
          text: placeName ? placeName(hex) : hex,
          onmouseenter: () => onHexHover?.([hex]),
          onmouseleave: () => onHexHover?.([]),
        }),
      );
    } else if (match[2]) {
      const role = match[2].split("-")[0];
      li.append(h("span", { class: "who", style: `--role:${roleColor(role)}`, text: match[2] }));
    } else if (match[3]) {
      li.append(match[3]);
      const faces = match[4].trim().split(/\s+/).map(Number);
      li.append(
        h(
          "span",
          { class: "dice-faces", "aria-label": `dice ${faces.join(" ")}` },
          faces.map((n) => h("span", { class: `die die-${n}`, title: String(n) }, DICE_FACES[n] || String(n))),
        ),
        " ",
      );
    } else {
      li.append(match[0]);
    }
    last = token.lastIndex;
  }
  if (last < text.length) li.append(plain(text.slice(last)));
  return li;
}
