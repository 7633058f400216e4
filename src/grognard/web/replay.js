// The replay page: step through a game's actions from any seat or as an observer.
// Each step's view comes from the server (GET /api/games/{id}/replay/{step}).

import { api, rulesetInfo } from "./api.js";
import { genericLabel, resultText } from "./actions.js";
import { redrawWhenWordsCome, rulesetModule, wordsSoon } from "./games/index.js";
import { logLine } from "./log.js";
import { clear, h, icon, put, titleCase } from "./ui.js";

const PLAY_MS = 900;
const SPEEDS = [0.5, 1, 2, 4];

/** The steps where a turn begins: 0 and the step after each turn-ending action (the
 * module's isTurnEnd, else a verb "end_turn"). */
export function turnStarts(actions, mod) {
  const ends = mod && mod.isTurnEnd ? mod.isTurnEnd : (action) => action[0] === "end_turn";
  const starts = [0];
  (actions || []).forEach(([, action], i) => {
    if (ends(action)) starts.push(i + 1);
  });
  return [...new Set(starts)];
}

export async function showReplay(root, gameId, params) {
  const page = new ReplayPage(root, gameId, params);
  await page.start();
  return () => page.destroy();
}

/** Where `item` starts within the scrolling `box`'s content, in px. (Not `offsetTop`:
 * that counts from the item's offset parent, the nearest positioned ancestor, which is
 * not the box, so the list scrolled far from its current item; issue 26, item 17.) */
function topIn(box, item) {
  return item.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientTop + box.scrollTop;
}

/** Scroll `box` so that `item` starts `at` (a fraction) of the way down it. */
function scrollTo(box, item, at) {
  box.scrollTop = Math.max(0, topIn(box, item) - box.clientHeight * at);
}

class ReplayPage {
  constructor(root, gameId, params) {
    this.root = root;
    this.id = gameId;
    this.seat = params.get("seat") || "";
    this.step = Number.parseInt(params.get("step") || "", 10);
    this.cache = new Map();
    this.timer = null;
    this.loading = 0;
  }

  async start() {
    let header;
    try {
      header = await api.game(this.id);
    } catch (err) {
      clear(this.root).append(h("div", { class: "page-message" }, h("h1", {}, "No replay"), h("p", {}, err.message), h("a", { href: "#/" }, "Back to the lobby")));
      return;
    }
    this.header = header;
    this.steps = header.plies;
    this.finished = header.status === "finished";
    this.mod = await rulesetModule(header.ruleset);
    await wordsSoon(this.mod);
    this.name = (await rulesetInfo(header.ruleset))?.name || titleCase(header.ruleset);
    this.actions = null;
    if (this.finished) {
      try {
        const replay = await api.replay(this.id);
        this.actions = replay.actions;
        this.steps = replay.actions.length;
      } catch {
        this.actions = null;
      }
    }
    if (!this.finished) this.seat = "";
    if (Number.isNaN(this.step)) this.step = this.finished ? 0 : this.steps;
    this.step = Math.max(0, Math.min(this.steps, this.step));
    this.layout();
    await this.go(this.step);
    this.onKey = (event) => {
      if (event.target.closest?.("input, select, textarea")) return;
      if (event.key === "ArrowRight") this.go(this.step + 1);
      else if (event.key === "ArrowLeft") this.go(this.step - 1);
      else if (event.key === "Home") this.go(0);
      else if (event.key === "End") this.go(this.steps);
      else if (event.key === "PageDown") this.jumpTurn(1);
      else if (event.key === "PageUp") this.jumpTurn(-1);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", this.onKey);
  }

  destroy() {
    this.destroyed = true;
    clearInterval(this.timer);
    this.board?.destroy();
    if (this.onKey) document.removeEventListener("keydown", this.onKey);
  }

  layout() {
    const el = (this.el = {});
    const button = (label, title, onclick, cls = "") => h("button", { type: "button", class: cls, title, "aria-label": title, onclick }, label);
    el.first = button(icon("first"), "First step", () => this.go(0));
    el.prev = button(icon("prev"), "Previous step", () => this.go(this.step - 1));
    el.play = button(icon("play"), "Play", () => this.togglePlay(), "play");
    el.next = button(icon("next"), "Next step", () => this.go(this.step + 1));
    el.prevTurn = button("« turn", "Back to the start of this turn, or the one before", () => this.jumpTurn(-1), "turn-jump");
    el.nextTurn = button("turn »", "To the start of the next turn", () => this.jumpTurn(1), "turn-jump");
    this.speed = 1;
    el.speed = h(
      "select",
      {
        "aria-label": "Play speed",
        class: "speed",
        onchange: (e) => {
          this.speed = Number(e.target.value);
          if (this.timer) {
            this.stop();
            this.togglePlay();
          }
        },
      },
      SPEEDS.map((v) => h("option", { value: v, selected: v === 1 }, `${v}×`)),
    );
    el.last = button(icon("last"), "Last step", () => this.go(this.steps));
    el.slider = h("input", {
      type: "range",
      min: 0,
      max: this.steps,
      value: this.step,
      "aria-label": "Step",
      oninput: (e) => this.go(Number(e.target.value)),
    });
    el.counter = h("span", { class: "step-counter", "aria-live": "polite" });
    const seatOptions = [["", "Observer"], ...(this.finished ? this.header.seats.map((s) => [s.role, titleCase(s.role)]) : [])];
    el.seat = h(
      "select",
      {
        "aria-label": "Seen by",
        onchange: (e) => {
          this.seat = e.target.value;
          this.go(this.step, true);
        },
      },
      seatOptions.map(([value, label]) => h("option", { value, selected: value === this.seat }, label)),
    );
    el.boardHost = h("div", { class: "board-host" });
    el.actionText = h("p", { class: "replay-action" });
    el.prompt = h("p", { class: "prompt" });
    el.extra = h("div", { class: "extra" });
    el.log = h("ol", { class: "log-lines" });
    el.logBox = h("div", { class: "log-box" }, el.log);
    el.list = h("ol", { class: "action-list", start: 1 });
    this.board = this.mod.createBoard(el.boardHost, { onHex: () => {} });
    const result = this.header.result;
    clear(this.root).append(
      h(
        "div",
        { class: `game-page replay-page ruleset-${this.header.ruleset}` },
        h(
          "div",
          { class: "game-top" },
          h("h1", { class: "game-title" }, h("a", { href: "#/", class: "back", title: "Back to the lobby" }, "←"), ` ${this.name}: replay`),
          result ? h("span", { class: "state done" }, resultText(result)) : h("span", { class: "state" }, "still being played"),
          h("a", { class: "button", href: `#/game/${encodeURIComponent(this.id)}` }, "Open the game"),
        ),
        h(
          "div",
          { class: "replay-controls card" },
          el.first,
          this.actions ? el.prevTurn : null,
          el.prev,
          el.play,
          el.next,
          this.actions ? el.nextTurn : null,
          el.last,
          h("label", { class: "speed-label" }, "Speed ", el.speed),
          el.slider,
          el.counter,
          h("label", { class: "seen-by" }, "Seen by ", el.seat),
        ),
        h(
          "div",
          { class: "game-main" },
          h("div", { class: "board-area" }, el.boardHost),
          h(
            "aside",
            { class: "side" },
            h("section", { class: "card prompt-card" }, el.actionText, el.prompt),
            el.extra,
            h("section", { class: "card log-card" }, h("h3", {}, "Log"), el.logBox),
            this.actions ? h("section", { class: "card list-card" }, h("h3", {}, "Actions"), h("div", { class: "list-box" }, el.list)) : null,
          ),
        ),
      ),
    );
    if (this.actions) this.renderList(null);
  }

  async viewAt(step) {
    const key = `${this.seat}|${step}`;
    if (!this.cache.has(key)) {
      const promise = api.replayStep(this.id, step, this.seat || null);
      this.cache.set(key, promise);
      promise.catch(() => this.cache.delete(key));
    }
    return this.cache.get(key);
  }

  async go(step, force = false) {
    step = Math.max(0, Math.min(this.steps, step));
    if (step === this.shown && !force) return;
    const ticket = ++this.loading;
    let data;
    let before = null;
    try {
      data = await this.viewAt(step);
      if (step > 0) before = await this.viewAt(step - 1);
    } catch (err) {
      this.el.actionText.textContent = `Cannot show step ${step}: ${err.message}`;
      return;
    }
    if (ticket !== this.loading) return; // a later click won
    this.step = step;
    this.shown = step;
    this.render(data, before);
    history.replaceState(null, "", `#/replay/${encodeURIComponent(this.id)}?step=${step}${this.seat ? `&seat=${encodeURIComponent(this.seat)}` : ""}`);
    if (this.step >= this.steps) this.stop();
  }

  label(action, view) {
    let described = null;
    try {
      described = this.mod.describe(action, view);
    } catch {
      described = null;
    }
    return described?.label || genericLabel(action);
  }

  render(data, before) {
    const el = this.el;
    const view = data.view;
    const hexes = data.action ? data.action[1].filter((a) => typeof a === "string" && /^-?\d+,-?\d+$/.test(a)) : [];
    this.board.render(view, { hover: hexes });
    el.slider.value = String(this.step);
    el.counter.textContent = `Step ${this.step} / ${this.steps}`;
    el.first.disabled = el.prev.disabled = this.step <= 0;
    el.next.disabled = el.last.disabled = this.step >= this.steps;
    if (data.action) {
      const [role, action] = data.action;
      const label = this.label(action, before ? before.view : view);
      put(el.actionText,
        h("span", { class: "role-chip", style: `--role:${this.mod.roleColor(role, view)}` }, role),
        " ",
        label,
      );
    } else {
      // a running game's steps come without their actions (they may hold secrets)
      el.actionText.textContent = this.step ? "" : "The start of the game.";
    }
    el.prompt.textContent = view.result ? resultText(view.result) : view.prompt || "";
    this.renderExtra(view);
    const lines = view.log || [];
    const previous = before ? (before.view.log || []).length : lines.length;
    const options = { placeName: this.mod.placeName || null, logWords: this.mod.logWords || null, roles: view.roles || [], roleColor: (r) => this.mod.roleColor(r, view), onHexHover: (hx) => this.board.highlight?.(new Set(hx)), placesIn: (line) => this.mod.placesIn(line) };
    put(el.log,
      ...lines.map((line, i) => {
        const li = logLine(line, options);
        if (i >= previous) li.classList.add("fresh", "step-new");
        return li;
      }),
    );
    const firstNew = el.log.querySelector(".step-new");
    if (firstNew) scrollTo(el.logBox, firstNew, 1 / 3);
    else el.logBox.scrollTop = el.logBox.scrollHeight;
    if (this.actions) this.renderList(view);
    // drawn before the module's words came (HGW's place names): the step on screen then is
    // drawn again, once, when they do
    this.drawnStep = [data, before];
    this.wordsAsked ||= redrawWhenWordsCome(this.mod, () => this.destroyed || this.render(...this.drawnStep));
  }

  /** The board module's extra panel (`extraPanel(view)`, as on the game page). */
  renderExtra(view) {
    clear(this.el.extra);
    const extra = this.mod.extraPanel ? this.mod.extraPanel(view) : null;
    if (extra) this.el.extra.append(extra);
  }

  renderList(view) {
    const list = this.el.list;
    if (!list.childElementCount && this.actions) {
      put(list,
        ...this.actions.map(([role, action], i) =>
          h(
            "li",
            { "data-step": i + 1, onclick: () => this.go(i + 1) },
            h("span", { class: "role-chip small", style: `--role:${this.mod.roleColor(role, view || { roles: this.header.seats.map((s) => s.role) })}` }, role),
            " ",
            genericLabel(action),
          ),
        ),
      );
    }
    for (const li of list.querySelectorAll(".current")) li.classList.remove("current");
    const current = list.querySelector(`[data-step="${this.step}"]`);
    if (current) {
      current.classList.add("current");
      const box = list.parentElement;
      const top = topIn(box, current);
      if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight) scrollTo(box, current, 1 / 2);
    }
  }

  togglePlay() {
    if (this.timer) this.stop();
    else {
      if (this.step >= this.steps) this.go(0);
      put(this.el.play, icon("pause"));
      this.el.play.title = "Pause";
      this.el.play.setAttribute("aria-label", "Pause");
      this.timer = setInterval(() => {
        if (this.step >= this.steps) this.stop();
        else this.go(this.step + 1);
      }, PLAY_MS / this.speed);
    }
  }

  /** To the start of the next (+1) or this/previous (-1) turn. */
  jumpTurn(direction) {
    const starts = turnStarts(this.actions, this.mod);
    const target = direction > 0 ? starts.find((s) => s > this.step) : [...starts].reverse().find((s) => s < this.step);
    this.go(target === undefined ? (direction > 0 ? this.steps : 0) : target);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    put(this.el.play, icon("play"));
    this.el.play.title = "Play";
    this.el.play.setAttribute("aria-label", "Play");
  }
}
