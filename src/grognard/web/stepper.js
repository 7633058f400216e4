// Stepping through the other players' moves on the board (issue 9, section 3): from
// the step right after this seat's last action (`last_acted` of GET /api/games/<id>)
// to now, one action at a time, with that action's log lines (dice as they fell) and
// the hexes they name outlined. The steps come from /replay/<step>, which for a game
// still being played gives the observer's view only: what a seat keeps secret of its
// own (a hidden block's face) is not drawn while stepping; nothing of the others'
// secrets ever is.

import { api } from "./api.js";
import { logLine } from "./log.js";
import { h, icon, put, toast } from "./ui.js";

/** Actions stepped through at most (a long multi-player round is shown from its end). */
const MAX_STEPS = 200;
/** Milliseconds between steps while playing them. */
const PLAY_EVERY = 900;

export class TurnStepper {
  /**
   * `board`: the page's board module instance; `placesIn(line)`: the places a log
   * line names (the module's hook); `logNames()`: the module's names for log lines
   * (log.js options placeName, logWords); `roleColor(role, view)`; `onExit()`: called when
   * stepping ends, to draw the game as it is now.
   */
  constructor(gameId, { board, placesIn, logNames = () => ({}), roleColor, onExit }) {
    this.gameId = gameId;
    this.logNames = logNames;
    this.board = board;
    this.placesIn = placesIn;
    this.roleColor = roleColor;
    this.onExit = onExit;
    this.active = false;
    this.views = new Map();
    this.timer = null;
    this.el = {
      counter: h("p", { class: "stepper-counter", "aria-live": "polite" }),
      lines: h("ol", { class: "log-lines stepper-lines" }),
      // icons, not glyphs: not every system's fonts have ⏮ and its kin
      first: h("button", { type: "button", class: "quiet", onclick: () => this.go(this.from) }, icon("first"), "Start"),
      prev: h("button", { type: "button", onclick: () => this.go(this.step - 1) }, icon("prev"), "Previous"),
      next: h("button", { type: "button", class: "primary", onclick: () => this.go(this.step + 1) }, "Next", icon("next")),
      play: h("button", { type: "button", onclick: () => this.togglePlay() }, icon("play"), "Play"),
      done: h("button", { type: "button", onclick: () => this.stop() }, "Done"),
    };
    this.root = h(
      "section",
      { class: "card stepper", hidden: true, "aria-label": "The other players' moves, step by step" },
      this.el.counter,
      h("div", { class: "stepper-buttons" }, this.el.first, this.el.prev, this.el.next, this.el.play, this.el.done),
      this.el.lines,
    );
    this.root.addEventListener("keydown", (event) => {
      if (event.key === "ArrowRight") this.go(this.step + 1);
      else if (event.key === "ArrowLeft") this.go(this.step - 1);
      else if (event.key === "Escape") this.stop();
      else return;
      event.preventDefault();
      event.stopPropagation();
    });
  }

  /** Start at the board as `seat` left it; false when nothing happened since. */
  async start(seat) {
    let payload;
    try {
      payload = await api.game(this.gameId);
    } catch (err) {
      toast(`Cannot step through the moves: ${err.message}`, "error");
      return false;
    }
    const to = payload.plies;
    const from = Math.max(payload.last_acted?.[seat] ?? 0, to - MAX_STEPS);
    if (to <= from) {
      toast("Nothing has happened since your last move.");
      return false;
    }
    this.from = from;
    this.to = to;
    this.views.clear();
    this.active = true;
    this.root.hidden = false;
    await this.go(from);
    this.el.next.focus();
    return true;
  }

  stop() {
    this.pause();
    if (!this.active) return;
    this.active = false;
    this.root.hidden = true;
    this.onExit();
  }

  async viewAt(step) {
    if (!this.views.has(step)) this.views.set(step, (await api.replayStep(this.gameId, step)).view);
    return this.views.get(step);
  }

  async go(step) {
    if (!this.active) return;
    step = Math.max(this.from, Math.min(this.to, step));
    const ticket = (this.ticket = (this.ticket || 0) + 1);
    let view;
    let before = null;
    try {
      view = await this.viewAt(step);
      if (step > this.from) before = await this.viewAt(step - 1);
    } catch (err) {
      this.pause();
      put(this.el.counter, `Cannot show step ${step}: ${err.message}`);
      return;
    }
    if (ticket !== this.ticket || !this.active) return; // a later click won, or stepping ended
    this.step = step;
    this.draw(view, before);
    if (step >= this.to) this.pause();
  }

  /** Draw the step on the board and its lines beside it (also after the page redrew). */
  draw(view = this.views.get(this.step), before = this.views.get(this.step - 1)) {
    if (!view) return;
    const log = view.log || [];
    const lines = before ? log.slice((before.log || []).length) : [];
    const hexes = new Set(lines.flatMap((line) => this.placesIn(line)));
    this.board.render(view, { selectable: new Set(), targets: new Map(), hexTargets: new Map(), labels: new Map(), hover: [...hexes], recent: hexes });
    const done = this.step - this.from;
    const total = this.to - this.from;
    put(this.el.counter, this.step === this.from ? `The board as you left it · ${total} action${total === 1 ? "" : "s"} since` : `Action ${done} of ${total}`);
    const options = { ...this.logNames(), roles: view.roles || [], roleColor: (role) => this.roleColor(role, view), onHexHover: (hx) => this.board.highlight?.(new Set(hx.length ? hx : hexes)), placesIn: this.placesIn };
    put(
      this.el.lines,
      this.step === this.from
        ? h("li", { class: "hint" }, "Press Next to see the first action.")
        : lines.length
          ? lines.map((line) => logLine(line, options))
          : h("li", { class: "hint" }, "A choice that leaves no line in the log."),
    );
    this.el.first.disabled = this.el.prev.disabled = this.step <= this.from;
    this.el.next.disabled = this.step >= this.to;
  }

  togglePlay() {
    if (this.timer) {
      this.pause();
      return;
    }
    if (this.step >= this.to) this.go(this.from);
    put(this.el.play, icon("pause"), "Pause");
    this.timer = setInterval(() => this.go(this.step + 1), PLAY_EVERY);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    put(this.el.play, icon("play"), "Play");
  }
}
