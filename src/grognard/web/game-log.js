// The game page's log (game.js): the game's log lines, following new ones, and "since
// your last move": what the other players did since this seat last acted, outlined on
// the board, with the way into stepping through it (stepper.js).

import { logLine } from "./log.js";
import { h, put, titleCase } from "./ui.js";

/** GamePage's methods for the log (mixed into it by game.js). */
export class PageLog {
  /** Hexes named by what the other players did since this seat last acted: shown on
   * the board, so that a move made elsewhere can be seen. "Last acted" is the log's
   * length after this page's last action for the seat, else (after a reload) the
   * seat's own last log line. */
  noteRecent(view) {
    const lines = this.seat === null ? [] : view.log || []; // an observer follows everybody alike
    let from = this.actedAt.get(this.seat);
    if (from === undefined || from > lines.length) {
      from = lines.length;
      while (from > 0 && lines.length - from < 80 && this.mod.lineActor(lines[from - 1], view) !== this.seat) from -= 1;
    }
    const hexes = new Set();
    const since = [];
    for (const line of lines.slice(from)) {
      const actor = this.mod.lineActor(line, view);
      if (actor !== null && actor !== this.seat) {
        since.push(line);
        for (const hex of this.mod.placesIn(line)) hexes.add(hex);
      }
    }
    this.recent = [...hexes];
    this.since = since;
  }

  /** "Since your last move": how many actions each side played since this seat's last
   * one (the server's `acted_since`: the span the stepper steps through), and the
   * other players' log lines since, dice as they fell; hovering a line outlines its
   * places on the board. Actions that left no line this seat may read (secret orders,
   * cards, a hidden deployment) are counted by who made them, and nothing more. */
  renderSince(view) {
    const box = this.el.since;
    const lines = this.curtained ? [] : this.since || [];
    const span = this.curtained || !this.seat ? null : this.header.acted_since?.[this.seat];
    const counts = Object.entries(span || {}).filter(([, n]) => n > 0);
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    // what the board module can tell of a secret choice under way, in words that name no choice
    const secret = total && this.mod.secretNote ? this.mod.secretNote(view, this.seat) : null;
    box.hidden = !lines.length && !total && !secret;
    if (box.hidden) return;
    const options = { ...this.logNames(), roles: view.roles || [], roleColor: (role) => this.roleColor(role, view), onHexHover: (hexes) => this.setHover(hexes), placesIn: (line) => this.mod.placesIn(line) };
    const shown = lines.slice(-30);
    const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
    const who = counts.map(([role, n]) => `${titleCase(role)} ${n}`).join(", ");
    const title = span ? `Since your last move: ${plural(total, "action")}${who ? ` (${who})` : ""}` : `Since your last move: ${plural(lines.length, "event")}`;
    const unseen = secret
      ? h("p", { class: "hint since-hidden" }, secret)
      : span && total && !lines.length
        ? h("p", { class: "hint since-hidden" }, `${counts.map(([role, n]) => `${titleCase(role)}: ${plural(n, "choice")}`).join("; ")}, with nothing you may see yet: secret until their reveal.`)
        : null;
    put(box,
      h("summary", {}, title),
      h("button", { type: "button", class: "step-through", onclick: () => this.stepper.start(this.seat) }, "Step through on the board"),
      unseen,
      lines.length > shown.length ? h("p", { class: "hint" }, `The last ${shown.length}; the log has them all.`) : null,
      h("ol", { class: "log-lines since-lines" }, shown.map((line) => logLine(line, options))),
    );
  }

  renderLog(view) {
    const lines = this.curtained ? [] : view.log || [];
    const state = this.logState;
    const list = this.el.log;
    const same = !state.stale && state.seat === this.seat && lines.length >= state.lines.length && state.lines.every((line, i) => line === lines[i]);
    const box = this.el.logBox;
    const options = {
      ...this.logNames(),
      roles: view.roles || [],
      roleColor: (role) => this.roleColor(role, view),
      onHexHover: (hexes) => this.setHover(hexes),
      placesIn: (line) => this.mod.placesIn(line),
    };
    if (!same) put(list, ...lines.map((line) => logLine(line, options)));
    else {
      for (const line of lines.slice(state.lines.length)) {
        const li = logLine(line, options);
        if (state.seat !== undefined) li.classList.add("fresh");
        list.append(li);
      }
    }
    state.seat = this.seat;
    state.stale = false;
    state.lines = lines.slice();
    if (!same) this.logPinned = true;
    if (this.logPinned && !this.logScrollAsked) {
      // at the next frame: scrollHeight read now would lay the whole page out once more,
      // in the middle of drawing it (HGW's Campaign Game IV page: 0.2 s)
      this.logScrollAsked = true;
      requestAnimationFrame(() => {
        this.logScrollAsked = false;
        if (this.logPinned) box.scrollTop = box.scrollHeight;
      });
    }
  }

  /** The board module's names for log lines (log.js): places and other ids. */
  logNames() {
    return { placeName: this.mod.placeName || null, logWords: this.mod.logWords || null };
  }

  showTab(which) {
    const log = which === "log";
    this.el.logBox.hidden = !log;
    this.el.chatBox.hidden = log;
    this.el.logTab.classList.toggle("active", log);
    this.el.chatTab.classList.toggle("active", !log);
    this.el.logTab.setAttribute("aria-selected", log ? "true" : "false");
    this.el.chatTab.setAttribute("aria-selected", log ? "false" : "true");
    if (!log) this.el.chatTab.classList.remove("unread");
  }
}
