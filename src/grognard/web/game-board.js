// The game page's board gestures (game.js): what the board is told to light up, and
// what a click or tap on it means: select a unit, act on a hex (a pop-up menu when a
// click stands for several actions), or a brief reason why nothing happens (the board
// module's guess, then the ruleset's own answer from the server).

import { api } from "./api.js";
import { h, put, shownNow, titleCase } from "./ui.js";

/** GamePage's methods for the board (mixed into it by game.js). */
export class PageBoard {
  boardUi(selectable) {
    if (this.curtained) return { selectable: new Set(), targets: new Map(), hexTargets: new Map() };
    const targets = this.selected ? this.model.targetsOf(this.selected) : new Map();
    const labels = new Map();
    for (const [hex, entries] of this.model.hexOnly) labels.set(hex, entries.map((e) => e.label).join("; "));
    if (this.selected) for (const entry of this.model.byUnit.get(this.selected) || []) labels.set(entry.hex, entry.label);
    return {
      selectable,
      selected: this.selected,
      targets,
      hexTargets: this.selected ? new Map() : this.model.hexTargets(),
      labels,
      hover: this.hover,
      recent: new Set(this.recent || []),
    };
  }

  /** "3 lit places outside the view", with a button that brings them on screen (the
   * board's PanZoom), while the board shows the seat's choices and some lie beyond it. */
  renderLitNote() {
    const note = this.el?.litNote;
    if (!note) return;
    const count = this.curtained || this.stepper?.active || !this.board.pz ? 0 : this.board.pz.litOutside().length;
    note.hidden = count === 0;
    this.el.litCount.textContent = count ? `${count} lit ${count === 1 ? "place" : "places"} outside the view` : "";
  }

  setHover(hexes) {
    this.hover = hexes || [];
    this.board.highlight?.(new Set(this.hover));
  }

  select(uid) {
    this.selected = uid;
    this.hideMenu();
    this.refresh();
  }

  /** A brief reason for a click that does nothing, under the prompt; `source` says
   * who gave it ("server": the ruleset's own answer, "page": the board module's). */
  showHint(text, source = "page") {
    const hint = this.el.hint;
    this.whyAsked = null; // a later hint wins over a server answer still on its way
    hint.textContent = text || "";
    hint.hidden = !text;
    hint.dataset.source = source;
  }

  /** The ruleset's own reason for the action a click meant (`intent`), from the
   * server (`GET /api/games/<id>/why`): it replaces the page's guess when it comes. */
  askWhy(action) {
    const asked = {};
    this.whyAsked = asked;
    api
      .whyNot(this.id, this.seat, action)
      .then((answer) => {
        if (this.whyAsked !== asked || !answer || answer.legal || !answer.reason) return;
        this.showHint(`${titleCase(answer.reason)}${/[.!?]$/.test(answer.reason) ? "" : "."}`, "server");
      })
      .catch(() => {}); // a help: a refusal (rate limit, a drop) keeps the page's guess
  }

  explain(hex, uid) {
    const view = this.viewOf(this.seat);
    const model = this.model;
    let why = this.mod.whyNot ? this.mod.whyNot(view, { hex, uid, seat: this.seat, selected: this.selected, model }) : null;
    if (!why) {
      if (!this.seat) why = "You are watching this game: observers cannot act.";
      else if (this.header.status === "finished") why = "The game is over.";
      else if (model.empty) why = `Nothing to do now: waiting for ${(this.header.active || []).join(", ") || "the game"}.`;
      else if (this.selected) why = `${titleCase(this.mod.unitLabel(this.selected, view))} cannot act on ${this.place(hex)}: the lit ${this.mod.placeWord ? `${this.mod.placeWord}s` : "hexes"} are where it can.`;
      else if (model.selectable().size) why = `Nothing happens at ${this.place(hex)} by itself: pick one of your units first (the ringed counters).`;
      else why = `Nothing to do at ${this.place(hex)}: use the buttons beside the board.`;
    }
    this.showHint(why);
    const meant = this.seat && !model.empty && this.mod.intent ? this.mod.intent(view, { hex, uid, seat: this.seat, selected: this.selected }) : null;
    if (meant) this.askWhy(meant);
  }

  onHex(hex, uid, uids) {
    if (this.busy || this.curtained) return;
    if (this.stepper.active) {
      this.showHint("The board shows the other players' moves: press Done to play from where the game is now.");
      return;
    }
    this.hideMenu();
    this.showHint("");
    const model = this.model;
    const selectable = model.selectable();
    const members = (uids ? uids.split(" ") : uid ? [uid] : []).filter((u) => selectable.has(u));
    // on a touch screen, counters are small: a tap on a hex where several things could
    // be meant opens a pop-up of 44 px choices (select each unit there, or act there)
    // (a board whose counters a finger can hit, `tapSelects`, selects a tapped one of
    // yours as a click does)
    if (this.coarse() && this.mod.unitsAt && !(this.mod.tapSelects && members.length)) {
      const here = this.mod.unitsAt(this.viewOf(this.seat), hex).filter((u) => selectable.has(u) && u !== this.selected);
      const acts = this.selected ? model.at(this.selected, hex) : model.hexOnly.get(hex) || [];
      if (here.length + acts.length >= 2 && here.length >= 1) {
        this.choose([...acts, ...here.map((u) => this.selectEntry(u))], hex);
        return;
      }
    }
    // a click on a unit of yours that can act selects it: it never moves the selected
    // unit onto that hex (that takes a click on the hex beside the counters)
    if (members.length && !(members.length === 1 && members[0] === this.selected && model.at(this.selected, hex).length)) {
      if (members.includes(this.selected)) {
        const next = members[(members.indexOf(this.selected) + 1) % members.length];
        this.select(members.length > 1 ? next : null);
      } else {
        this.select(members.includes(uid) ? uid : members[0]);
      }
      return;
    }
    if (this.selected) {
      const entries = model.at(this.selected, hex);
      if (entries.length) {
        this.choose(entries, hex);
        return;
      }
    }
    if (model.hexOnly.has(hex)) {
      this.choose(model.hexOnly.get(hex), hex);
      return;
    }
    this.explain(hex, uid);
    if (this.selected) {
      this.selected = null;
      this.hideMenu();
      this.refresh();
    }
  }

  coarse() {
    return window.matchMedia?.("(pointer: coarse)").matches ?? false;
  }

  /** A pop-up choice that selects a unit rather than acting. */
  selectEntry(uid) {
    const view = this.viewOf(this.seat);
    return { select: uid, verb: "select", label: `Select ${this.mod.unitLabel(uid, view)}` };
  }

  choose(entries, hex) {
    const act = (entry) => (entry.select ? this.select(entry.select) : this.send(entry));
    if (entries.length === 1) {
      act(entries[0]);
      return;
    }
    const menu = this.el.menu;
    put(menu,
      h("div", { class: "menu-title" }, `At ${this.place(hex)}:`),
      ...entries.map((entry) =>
        h("button", { type: "button", role: "menuitem", class: "action small", "data-verb": entry.verb, onclick: () => act(entry) }, entry.label),
      ),
      h("button", { type: "button", class: "link", onclick: () => this.hideMenu() }, "cancel"),
    );
    menu.hidden = false;
    shownNow(menu);
    const area = this.el.boardArea.getBoundingClientRect();
    const target = this.el.boardArea.querySelector(`[data-hex="${hex}"]`);
    const rect = target ? target.getBoundingClientRect() : { left: area.left + area.width / 2, top: area.top + area.height / 2, width: 0, height: 0 };
    const x = Math.min(area.width - 260, Math.max(8, rect.left - area.left + rect.width / 2 - 120));
    const y = Math.min(area.height - 40 - entries.length * 36, Math.max(8, rect.top - area.top + rect.height));
    menu.style.left = `${x}px`;
    menu.style.top = `${Math.max(8, y)}px`;
    menu.querySelector("button")?.focus();
  }

  hideMenu() {
    if (this.el?.menu) this.el.menu.hidden = true;
  }
}
