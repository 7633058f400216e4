// The game page's frame (game.js): who plays (the players bar, the seat tabs of a
// screen with several seats, the status panel), the hot-seat curtain between seats with
// secrets, the result banner, and the footer (replay, rematch, resign, invites, join).

import { currentUser } from "./api.js";
import { resultText } from "./actions.js";
import { h, icon, put, titleCase } from "./ui.js";
import { gameOverSummary, statusPanel } from "./panels.js";
import { gameCharts } from "./plots.js";

/** GamePage's methods for the frame (mixed into it by game.js). */
export class PageFrame {
  seatPlayer(role) {
    const seat = (this.header.seats || []).find((s) => s.role === role);
    if (!seat) return "";
    if (seat.you) return this.header.my_seats.length > 1 ? "you (this screen)" : "you";
    if (seat.kind === "ai") return `AI · ${seat.agent}`;
    if (seat.open) return "open seat";
    return seat.player || seat.kind;
  }

  renderTop(view) {
    const el = this.el;
    const name = this.rulesetName || titleCase(this.header.ruleset);
    put(el.title, h("a", { href: "#/", class: "back", title: "Back to the lobby" }, "←"), ` ${name}`);
    const active = new Set(this.header.active || []);
    const summary = this.mod.summary(view) || view.roles.map((role) => ({ role, active: active.has(role) }));
    put(el.players,
      ...summary.map((item) =>
        h(
          "div",
          {
            class: ["player", active.has(item.role) && "to-move", item.eliminated && "eliminated"],
            style: `--role:${item.color || this.roleColor(item.role, view)}`,
            "data-role": item.role,
            title: item.detail || "",
          },
          h("span", { class: "swatch" }),
          h("span", { class: "pname" }, item.role, h("small", {}, this.seatPlayer(item.role))),
          item.score !== undefined && item.score !== null ? h("span", { class: "score", title: "Empire points" }, String(item.score)) : null,
        ),
      ),
    );
    const mine = this.header.my_seats;
    el.seatTabs.hidden = mine.length < 2;
    const seatedPeople = (this.header.seats || []).some((seat) => seat.kind !== "ai");
    el.signInHint.hidden = !(mine.length === 0 && currentUser()?.guest && this.header.status !== "finished" && seatedPeople);
    put(el.seatTabs,
      h("span", { class: "label" }, "On screen:"),
      ...mine.map((role) =>
        h(
          "button",
          {
            type: "button",
            role: "tab",
            class: ["seat-tab", role === this.seat && "current", (this.viewOf(role)?.legal || []).length && "can-act"],
            style: `--role:${this.roleColor(role, view)}`,
            "aria-selected": role === this.seat ? "true" : "false",
            onclick: () => {
              this.pinned = { role, version: this.header.version };
              this.refresh();
            },
          },
          role,
        ),
      ),
    );
  }

  /** Every player's forces, towns and score, and who is to play: always on screen. */
  renderStatus(view) {
    const rows = (this.mod.status ? this.mod.status(view) : null) ||
      (this.mod.summary(view) || view.roles.map((role) => ({ role }))).map((item) => ({ ...item, facts: item.detail ? [["", item.detail]] : [] }));
    put(this.el.statusPanel, ...statusPanel(rows, {
      active: new Set(this.header.active || []),
      seatPlayer: (role) => this.seatPlayer(role),
      roleColor: (role) => this.roleColor(role, view),
    }));
  }

  renderCurtain() {
    const curtain = this.el.curtain;
    curtain.hidden = !this.curtained;
    if (!this.curtained) return;
    const role = this.seat;
    put(curtain,
      h(
        "div",
        { class: "curtain-card", style: `--role:${this.roleColor(role)}` },
        h("div", { class: "curtain-eye", "aria-hidden": "true" }, icon("eye", 56)),
        h("h2", {}, `Pass the screen to ${role}`),
        h("p", {}, "The other seats must not see what comes next."),
        h(
          "button",
          {
            type: "button",
            class: "primary",
            onclick: () => {
              this.unveiled = role;
              this.refresh();
            },
          },
          `I am ${role}: show my view`,
        ),
      ),
    );
  }

  renderBanner(view) {
    const banner = this.el.banner;
    const result = this.header.result || view.result;
    const over = this.header.status === "finished" || Boolean(view.result);
    banner.hidden = !over || this.bannerClosed;
    if (banner.hidden) return;
    const mine = this.header.my_seats;
    let headline = resultText(result);
    if (result && mine.length === 1) {
      const best = Math.max(...Object.values(result));
      const me = result[mine[0]];
      const tied = Object.values(result).filter((v) => v === best).length;
      if (me === best && best > 0) headline = tied === 1 ? "You win!" : tied === Object.keys(result).length ? "A draw" : "You share the win";
      else headline = `You lose — ${headline.toLowerCase()}`;
    }
    if (!this.charts && this.header.status === "finished") {
      this.charts = gameCharts(this.id, this.mod, (role) => this.roleColor(role, view));
    }
    // Rebuilt only when what it shows changes: a rebuild under the pointer can swallow
    // a click on its buttons (a push arriving as the player clicks Rematch).
    const key = JSON.stringify([headline, this.header.status, this.header.finish_reason, result, mine, Boolean(this.charts), (view.log || []).length]);
    if (key === this.bannerKey && banner.childElementCount) return;
    this.bannerKey = key;
    put(banner,
      h("div", { class: "banner-title" }, headline),
      ...gameOverSummary(view, this.header, this.mod, (role) => this.roleColor(role, view)),
      // the buttons before the plots: the plots are drawn later and taller, and must
      // not move a button the player is reaching for
      h(
        "div",
        { class: "banner-buttons" },
        h("a", { class: "button primary", href: `#/replay/${encodeURIComponent(this.id)}` }, "▶ Watch the replay"),
        mine.length ? h("button", { type: "button", onclick: () => this.rematch() }, "Rematch") : null,
        h("a", { class: "button", href: "#/" }, "Lobby"),
        h(
          "button",
          {
            type: "button",
            class: "quiet",
            onclick: () => {
              this.bannerClosed = true;
              this.refresh();
            },
          },
          "Look at the board",
        ),
      ),
      this.charts || null,
    );
  }

  renderFooter(view) {
    const box = this.el.footer;
    const header = this.header;
    const parts = [];
    if (header.status === "finished") {
      parts.push(h("a", { class: "button", href: `#/replay/${encodeURIComponent(this.id)}` }, "▶ Replay"));
      if (header.my_seats.length) parts.push(h("button", { type: "button", onclick: () => this.rematch() }, "Rematch"));
    } else if (this.seat) {
      parts.push(h("button", { type: "button", class: "quiet", onclick: () => this.resign() }, `Resign ${this.seat}`));
    }
    const open = new Set((header.seats || []).filter((s) => s.open).map((s) => s.role));
    for (const [role, token] of Object.entries(header.invites || {})) {
      if (!open.has(role)) continue;
      const link = `${location.origin}${location.pathname}#/invite/${token}`;
      parts.push(
        h(
          "div",
          { class: "invite" },
          `Invite for ${role}: `,
          h("input", { type: "text", readonly: true, value: link, onfocus: (e) => e.target.select(), "aria-label": `Invite link for ${role}` }),
        ),
      );
    }
    if (!header.my_seats.length && (header.seats || []).some((s) => s.open)) {
      parts.push(h("button", { type: "button", class: "primary", onclick: () => this.join() }, "Join this game"));
    }
    parts.push(h("span", { class: "game-id", title: "Game id" }, `game ${this.id} · v${header.version}`));
    put(box, ...parts);
  }
}
