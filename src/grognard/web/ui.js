// Small DOM helpers shared by every page: element builders for HTML and SVG,
// a toast for errors, and a few formatting helpers. No framework, no build step.

const SVG_NS = "http://www.w3.org/2000/svg";

// Declarations one by one through the CSSOM: the server's Content-Security-Policy
// (style-src 'self') refuses style attributes, not properties set from a script.
function setStyle(node, text) {
  for (const declaration of text.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon > 0) node.style.setProperty(declaration.slice(0, colon).trim(), declaration.slice(colon + 1).trim());
  }
}

function fill(node, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.setAttribute("class", Array.isArray(value) ? value.filter(Boolean).join(" ") : value);
    else if (key === "text") node.textContent = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") setStyle(node, String(value));
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: h("button", {class: "x", onclick: f}, "label"). */
export function h(tag, attrs, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

/** An SVG element: s("circle", {cx: 1, cy: 2, r: 3}). */
export function s(tag, attrs, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

let toastTimer = null;

/** A short message at the bottom of the screen; errors stay until clicked or replaced. */
export function toast(message, kind = "info") {
  let box = document.getElementById("toast");
  if (!box) {
    box = h("div", { id: "toast", role: "status", "aria-live": "polite" });
    box.addEventListener("click", () => box.classList.remove("shown"));
    document.body.append(box);
  }
  box.textContent = message;
  box.className = `shown ${kind}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => box.classList.remove("shown"), kind === "error" ? 9000 : 3500);
}

/** "red" -> "Red"; "race_points" -> "Race points". */
export function titleCase(text) {
  const words = String(text).replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "a" or "an" before `word`, as it is said: "an Airborne", "an AB", "an 8 PP city",
 * "a Medium Bomber" (core/words.py's rule, for the page's own labels). */
export function article(word) {
  const text = String(word).trim();
  const first = text.split(/\s+/)[0] || "";
  if (/^\d/.test(first)) return /^(8|11(\D|$)|18(\D|$))/.test(first) ? "an" : "a";
  if (first.length > 1 && /^[A-Z]+$/.test(first)) return /^[AEFHILMNORSX]/.test(first) ? "an" : "a";
  if (/^(hour|honest|honou?r|heir)/i.test(first)) return "an";
  if (/^(one|once|uni|use|usu|uti|eu|ewe)/i.test(first)) return "a";
  return /^[aeiou]/i.test(first) ? "an" : "a";
}

/** "3 minutes ago" from an ISO time. */
export function ago(iso) {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const seconds = Math.max(0, (Date.now() - then) / 1000);
  const steps = [
    [60, "second"],
    [60, "minute"],
    [24, "hour"],
    [7, "day"],
    [Infinity, "week"],
  ];
  let value = seconds;
  for (const [size, unit] of steps) {
    if (value < size) {
      const n = Math.floor(value);
      return n <= 1 && unit === "second" ? "just now" : `${n} ${unit}${n === 1 ? "" : "s"} ago`;
    }
    value /= size;
  }
  return "";
}

/** "in 3 hours" (or "now" once past) to an ISO time: a deadline in a list. */
export function until(iso) {
  const when = Date.parse(iso);
  if (Number.isNaN(when)) return "";
  const seconds = (when - Date.now()) / 1000;
  if (seconds <= 0) return "now";
  const steps = [
    [60, "minute", 60],
    [3600, "hour", 24],
    [86400, "day", Infinity],
  ];
  let best = "in under a minute";
  for (const [size, unit, below] of steps) {
    const n = Math.floor(seconds / size);
    if (n >= 1 && n < below) best = `in ${n} ${unit}${n === 1 ? "" : "s"}`;
  }
  return best;
}

/** JSON with sorted keys, to compare two values structurally. */
export function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Call `fn` once the browser has shown its next frame (or after 0.2 s, should no frame
 * come: a page opened in a background tab has none until it is looked at). */
export function afterFrame(fn) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, 200);
}

// ----- the tap guard (issue 26, item 1) --------------------------------------------------
// A phone sends a click after the finger lifts, to whatever is under the finger by then.
// A board acts on the lift (pointerup) and may open a pop-up there, so the click would
// land on a pop-up button the player never saw. A pop-up marks itself with `shownNow`;
// a pointer's click inside it is dropped when that pointer went down before it showed.
// Keyboard clicks (detail 0) and clicks that began on the pop-up are untouched.
const shownAt = new WeakMap();
let pressedAt = null;

/** Mark `node` (a pop-up) as shown now: a click begun before this moment is ignored in it. */
export function shownNow(node) {
  shownAt.set(node, performance.now());
  return node;
}

/** True when `event` is a pointer's click inside a pop-up shown after the pointer went down. */
export function isGhostClick(event) {
  if (!event.isTrusted || event.detail === 0 || pressedAt === null) return false;
  for (let node = event.target; node; node = node.parentNode) {
    const shown = shownAt.get(node);
    if (shown !== undefined && shown > pressedAt) return true;
  }
  return false;
}

if (typeof window !== "undefined") {
  window.addEventListener("pointerdown", (event) => (pressedAt = event.timeStamp), true);
  window.addEventListener(
    "click",
    (event) => {
      if (!isGhostClick(event)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
    },
    true,
  );
}

/** A modal dialog with a title, a body and buttons; resolves with the chosen value. */
export function ask(title, body, buttons) {
  return new Promise((resolve) => {
    const close = (value) => {
      overlay.remove();
      resolve(value);
    };
    const overlay = h(
      "div",
      { class: "modal-backdrop", onclick: (e) => e.target === overlay && close(null) },
      h(
        "div",
        { class: "modal", role: "dialog", "aria-modal": "true", "aria-label": title },
        h("h2", {}, title),
        body ? (body instanceof Node ? body : h("p", {}, body)) : null,
        h(
          "div",
          { class: "modal-buttons" },
          buttons.map(([label, value, kind]) =>
            h("button", { class: kind || "", onclick: () => close(value) }, label),
          ),
        ),
      ),
    );
    overlay.addEventListener("keydown", (e) => e.key === "Escape" && close(null));
    document.body.append(overlay);
    shownNow(overlay);
    overlay.querySelector("button:last-child")?.focus();
  });
}

/** Replace a node's children; null, false and undefined are skipped, arrays flattened. */
export function put(node, ...children) {
  clear(node);
  return fill(node, {}, children);
}

const ICONS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z",
  prev: "M17 4v16L6 12z",
  play: "M7 4v16l12-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  next: "M7 4v16l11-8z",
  last: "M17 4h2v16h-2zM5 4v16l11-8z",
  undo: "M9 5 3 10.5 9 16v-4c4.5 0 7.5 1.3 10 5-1-5.5-4-9.5-10-10z",
  eye: "M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8zM3 3l18 18-1.4 1.4-18-18z",
};

/** A small inline SVG icon (the fonts of every system do not have the glyphs). */
export function icon(name, size = 18) {
  return s(
    "svg",
    { class: `icon icon-${name}`, width: size, height: size, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" },
    s("path", { d: ICONS[name] || "", fill: "currentColor" }),
  );
}
