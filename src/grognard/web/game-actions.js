// The game page's choices (game.js): the prompt card (turn, deadline, prompt, who is
// thinking), the buttons of every action the board does not show, Undo, the selected
// unit's card with its attacks' odds, the tray of units off the board, the odds of the
// battle being fought; and the questions asked before a battle or before ending a phase
// with things left to do.

import { clear, h, put, titleCase } from "./ui.js";
import { gameOdds, oddsBlock, oddsText } from "./odds.js";
import { confirmBattle, confirmEnd, gameOverLine, obligationsOf } from "./panels.js";

/** Verbs that end a phase or a turn: asked again when obligations are left. */
export const ENDING = /^(end|done|pass|finish)/;

/** GamePage's methods for the choices (mixed into it by game.js). */
export class PageActions {
  renderSide(view, selectable, drawn) {
    const el = this.el;
    const model = this.model;
    el.turn.textContent = this.mod.turnText ? this.mod.turnText(view, this.header) : "";
    // under a time control (deadlines.py): when the seat on screen must have moved
    const due = this.header.status === "active" ? this.header.deadlines?.[view.role] : undefined;
    el.deadline.hidden = !due;
    el.deadline.textContent = due ? `Your move is due by ${new Date(due).toLocaleString()}.` : "";
    const over = this.header.status === "finished" || Boolean(view.result);
    const result = this.header.result || view.result;
    el.prompt.textContent = this.curtained
      ? ""
      : over
        ? gameOverLine(view, this.header, this.mod, result)
        : this.mod.promptText?.(view) || (this.mod.promptWords ? this.mod.promptWords(view.prompt || "") : view.prompt || "");
    this.rulesHelp.render(view, this.curtained || over);
    const aiActive = (this.header.seats || []).filter((s) => s.kind === "ai" && (this.header.active || []).includes(s.role));
    const mineActive = model.entries.length > 0 || this.busy;
    el.waiting.hidden = mineActive || this.header.status === "finished" || !(this.header.active || []).length;
    put(el.waiting,
      h("span", { class: "spinner", "aria-hidden": "true" }),
      aiActive.length
        ? ` ${aiActive.map((s) => s.role).join(", ")} (AI) is thinking…`
        : ` Waiting for ${(this.header.active || []).join(", ")}…`,
    );

    // when starting a battle is all the seat may do, the prompt says so and offers Fight
    const fights = model.entries.filter((e) => e.kind === "battle" && !e.unit && e.hex);
    const fightOnly = !this.curtained && !over && fights.length > 0 && fights.length === model.entries.length;
    // (the step's own prompt may list what is not possible now: moving, ending: it is
    // replaced, not added to)
    if (fightOnly) {
      const where = fights.length === 1 ? `the battle at ${this.place(fights[0].hex)}` : `the battles at ${fights.map((e) => this.place(e.hex)).join(", ")}`;
      el.prompt.textContent = `Fighting is your only choice now: ${where} must be fought before anything else.`;
    }
    this.mustFight = fightOnly;
    // buttons: actions that are not a click on the board
    put(el.buttons,
      ...(this.curtained ? [] : model.buttons.filter((e) => !(e.unit && selectable.has(e.unit) && drawn.has(e.unit) && e.kind !== "hit" && !e.button)))
        .map((entry) => this.actionButton(entry)),
      ...(fightOnly ? fights.map((entry) => this.actionButton({ ...entry, primary: true }, "fight")) : []),
    );
    el.undo.hidden = this.curtained || !view.can_undo || this.header.status === "finished";
    el.undo.disabled = this.busy;
    // no buttons and no Undo (a step played on the board or the tray): no empty row
    el.choices.hidden = !el.buttons.childElementCount && el.undo.hidden;

    // every choice, for keyboards and for anything the board does not show
    el.allChoices.hidden = this.curtained || model.entries.length < 2 || model.entries.length === model.buttons.length;
    // behind the curtain the list stays empty: hidden elements are still in the page
    put(el.allChoices,
      ...(this.curtained ? [] : [
        h("summary", {}, `All ${model.entries.length} choices`),
        h("div", { class: "choice-list" }, model.entries.map((entry) => this.actionButton(entry, "small"))),
      ]),
    );

    this.renderSelection(view);
    this.renderTray(view, selectable, drawn);
    this.renderExtra(view);
    this.renderBattleOdds(view);
    this.renderSince(view);
    this.renderStatus(view);
    this.renderFooter(view);
  }

  actionButton(entry, size = "") {
    const fight = size === "fight";
    return h(
      "button",
      {
        type: "button",
        class: ["action", entry.primary && "primary", fight ? "fight" : size],
        "data-verb": entry.verb,
        "data-action": JSON.stringify(entry.action),
        disabled: this.busy,
        onclick: () => this.send(entry),
        onmouseenter: () => this.setHover(entry.hexes),
        onmouseleave: () => this.setHover([]),
        onfocus: () => this.setHover(entry.hexes),
        onblur: () => this.setHover([]),
      },
      fight ? `⚔ Fight at ${this.place(entry.hex)}` : entry.label,
    );
  }

  /** Starting a battle, or ending a phase with things left to do, is asked first. */
  async send(entry) {
    if (this.busy) return;
    // a battle at a hex, or a button whose action starts one there (`startsBattleAt`)
    const battleHex = entry.kind === "battle" && !entry.unit && entry.hex ? entry.hex : entry.startsBattleAt;
    const names = { place: (hex) => this.place(hex), sideName: this.mod.oddsKeyName || null, mustFight: this.mustFight };
    const left = ENDING.test(entry.verb) ? obligationsOf(this.viewOf(this.seat), this.model, this.mod, entry) : [];
    if (battleHex || left.length) {
      // busy from the click on: a battle's question waits for its odds, and a second
      // click meanwhile must not ask (and then send) it twice
      this.busy = true;
      this.refresh();
      let yes = false;
      try {
        const roleColor = (role) => this.roleColor(role);
        yes = (!battleHex || (await confirmBattle(this.id, this.seat, { ...entry, hex: battleHex }, roleColor, names))) && (await confirmEnd(entry, left));
      } finally {
        this.busy = false;
      }
      if (!yes) {
        this.refresh();
        return;
      }
    }
    this.showHint("");
    this.sendNow(entry);
  }

  /** The odds of the battle being fought, refreshed whenever the game moves on (so
   * after every round); asked of the server once per version and hex. */
  renderBattleOdds(view) {
    const box = this.el.battleOdds;
    const hex = this.curtained || !this.mod.battleAt ? null : this.mod.battleAt(view);
    if (!hex) {
      this.battleKey = null;
      clear(box);
      return;
    }
    const key = `${this.header.version}/${this.seat ?? ""}/${hex}`;
    if (key === this.battleKey) return;
    this.battleKey = key;
    gameOdds(this.id, this.seat, hex).then((answer) => {
      if (this.battleKey !== key) return;
      put(box, answer ? oddsBlock(answer, { roleColor: (r) => this.roleColor(r), title: `Odds from here at ${hex}` }) : null);
    });
  }

  /** The odds of the selected unit's attacks (a bombardment), one line per target. */
  attackOdds(uid, targets) {
    const attacks = targets.filter((e) => e.kind === "battle");
    if (!attacks.length || !this.seat) return null;
    const box = h("ul", { class: "attack-odds", "aria-live": "polite" });
    for (const entry of attacks) {
      const line = h("li", { "data-hex": entry.hex }, `${entry.label}: …`);
      box.append(line);
      gameOdds(this.id, this.seat, entry.hex, entry.action).then((answer) => {
        line.textContent = answer ? `${entry.label}: ${oddsText(answer)}` : entry.label;
      });
    }
    return box;
  }

  renderSelection(view) {
    const box = this.el.selection;
    const uid = this.selected;
    box.hidden = !uid || this.curtained;
    if (box.hidden) {
      clear(box); // a hidden box keeps nothing of the last seat
      return;
    }
    const targets = this.model.byUnit.get(uid) || [];
    const own = this.model.unitOnly.get(uid) || [];
    put(box,
      h(
        "div",
        { class: "selection-head" },
        this.mod.unitBadge(uid, view),
        h("strong", {}, titleCase(this.mod.unitLabel(uid, view))),
        h("button", { type: "button", class: "link", onclick: () => this.select(null) }, "cancel"),
      ),
      targets.length
        ? h("p", { class: "hint" }, `${this.coarse() ? "Tap" : "Click"} a highlighted ${this.mod.placeWord || "hex"}: ${targets.length} choice${targets.length === 1 ? "" : "s"}. A ${this.coarse() ? "tap" : "click"} on another of your units selects that one instead.`)
        : null,
      this.attackOdds(uid, targets),
      own.length ? h("div", { class: "action-buttons" }, own.map((entry) => this.actionButton(entry))) : null,
    );
  }

  renderTray(view, selectable, drawn) {
    const box = this.el.tray;
    const off = [...selectable].filter((uid) => !drawn.has(uid));
    box.hidden = this.curtained || !off.length || this.mod.generic;
    if (box.hidden) {
      clear(box); // the last seat's blocks must not stay in the page
      return;
    }
    // a module may group them (Viktory II's reserve: one button per type, with a count)
    if (this.mod.trayGroups) {
      put(box, h("h3", {}, "Off the board"), h("div", { class: "tray-units" }, this.mod.trayGroups(off, view).map((group) => this.trayGroup(group, view))));
      return;
    }
    put(box,
      h("h3", {}, "Off the board"),
      h(
        "div",
        { class: "tray-units" },
        off.map((uid) =>
          h(
            "button",
            {
              type: "button",
              class: ["tray-unit", uid === this.selected && "selected"],
              "data-uid": uid,
              "aria-pressed": uid === this.selected ? "true" : "false",
              onclick: () => this.select(uid === this.selected ? null : uid),
            },
            this.mod.unitBadge(uid, view),
            this.mod.unitLabel(uid, view),
          ),
        ),
      ),
    );
  }

  /** One button for a group of units off the board ({uids, label, name}): a press
   * selects one of them (the selected one again: none). */
  trayGroup(group, view) {
    const chosen = group.uids.includes(this.selected);
    return h(
      "button",
      {
        type: "button",
        class: ["tray-unit", chosen && "selected"],
        "data-uid": group.uids[0],
        "data-count": String(group.uids.length),
        "aria-pressed": chosen ? "true" : "false",
        "aria-label": group.name || group.label,
        onclick: () => this.select(chosen ? null : group.uids[0]),
      },
      this.mod.unitBadge(group.uids[0], view),
      group.label,
    );
  }
}
