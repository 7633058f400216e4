// The game page: the board, the prompt and the choices of the seat on screen, the
// log and chat, live updates over one websocket per seat, hot-seat hand-over.
//
// Everything the player can do comes from view.legal (see actions.js): a unit with
// legal actions can be selected, the hexes it may act on light up, and a click on
// one sends the action; everything else is a button.
//
// One page object (GamePage, below: its state, its layout and `refresh`, which draws
// it all again), whose methods are written by concern in modules of their own and
// mixed into it: game-live.js (the connection: state in, moves out), game-board.js
// (the board's gestures), game-actions.js (the prompt card and the choices),
// game-log.js (the log, "since your last move"), game-frame.js (players, seat tabs,
// status, curtain, result banner, footer). They share the page's fields, listed in
// the constructor.

import { api, rulesetInfo } from "./api.js";
import { ActionModel } from "./actions.js";
import { redrawWhenWordsCome, rulesetModule, wordsSoon } from "./games/index.js";
import { afterFrame, canonical, clear, h, icon, put } from "./ui.js";
import { ChatPanel } from "./chat.js";
import { TurnStepper } from "./stepper.js";
import { RulesHelp } from "./rulehelp.js";
import { oddsCalculator } from "./odds.js";
import { ENDING, PageActions } from "./game-actions.js";
import { PageBoard } from "./game-board.js";
import { PageFrame } from "./game-frame.js";
import { PageLive } from "./game-live.js";
import { PageLog } from "./game-log.js";

/** View fields that always differ between seats; the rest differs only with secrets. */
const OWN_FIELDS = ["role", "prompt", "legal", "can_undo"];

/** The view without what every seat has of its own: equal for two seats = no secrets. */
export function sharedPart(view) {
  const out = { ...view };
  for (const key of OWN_FIELDS) delete out[key];
  return canonical(out);
}

export async function showGame(root, gameId) {
  const page = new GamePage(root, gameId);
  await page.start();
  return () => page.destroy();
}

class GamePage {
  constructor(root, gameId) {
    this.root = root;
    this.id = gameId;
    this.header = null;
    this.views = new Map(); // role (or "" for the observer) -> {version, view}
    this.seat = null;
    this.unveiled = null;
    this.selected = null;
    this.busy = false;
    this.sockets = [];
    this.socketStatus = new Map();
    this.chat = new ChatPanel(gameId);
    this.logState = { seat: undefined, lines: [] };
    this.bannerClosed = false;
    this.hover = [];
    this.actedAt = new Map(); // seat -> length of its log after its last action here
  }

  async start() {
    let payload;
    try {
      payload = await api.game(this.id);
    } catch (err) {
      clear(this.root).append(
        h("div", { class: "page-message" }, h("h1", {}, "This game cannot be shown"), h("p", {}, err.message), h("a", { href: "#/" }, "Back to the lobby")),
      );
      return;
    }
    // both at once: the ruleset list is a round trip the module's loading need not wait for
    const [mod, info] = await Promise.all([rulesetModule(payload.ruleset), rulesetInfo(payload.ruleset)]);
    await wordsSoon(mod);
    this.mod = mod;
    this.rulesetName = info?.name;
    this.layout(payload);
    this.apply(payload);
    this.openSockets();
  }

  destroy() {
    this.destroyed = true;
    this.stepper?.pause();
    for (const socket of this.sockets) socket.close();
    this.sockets = [];
    this.board?.destroy();
    this.logResizer?.disconnect();
    document.removeEventListener("keydown", this.onKey);
  }

  layout(payload) {
    this.el = {};
    const el = this.el;
    el.title = h("h1", { class: "game-title" });
    el.status = h("span", { class: "conn", title: "Live updates" });
    el.seatTabs = h("div", { class: "seat-tabs", role: "tablist", "aria-label": "Your seats" });
    // a link from a turn e-mail opened signed out lands here as a guest spectator
    el.signInHint = h("p", { class: "hint sign-in-hint", hidden: true },
      "You are watching as a guest. If one of these seats is yours (from a turn e-mail, say), sign in with its account, top right, to play it.");
    el.players = h("div", { class: "players", "aria-label": "Players" });
    el.boardHost = h("div", { class: "board-host" });
    el.banner = h("div", { class: "banner", hidden: true, role: "status" });
    el.curtain = h("div", { class: "curtain", hidden: true });
    el.menu = h("div", { class: "action-menu", hidden: true, role: "menu" });
    el.turn = h("div", { class: "turn-line" });
    el.deadline = h("p", { class: "hint deadline" });
    el.prompt = h("p", { class: "prompt", "aria-live": "polite" });
    el.hint = h("p", { class: "click-hint", role: "status", hidden: true });
    this.rulesHelp = new RulesHelp(payload.ruleset);
    el.rules = this.rulesHelp.root;
    el.statusPanel = h("section", { class: "card status-panel", "aria-label": "Players and their forces" });
    el.legend = h("details", { class: "card legend", hidden: !this.mod.legend });
    el.calc = h("div", { class: "calc-host" });
    el.battleOdds = h("div", { class: "battle-odds", "aria-live": "polite" });
    el.since = h("details", { class: "card since-card", hidden: true });
    el.waiting = h("p", { class: "waiting", hidden: true });
    el.selection = h("section", { class: "card selection-card", hidden: true, "aria-label": "Selected unit" });
    el.buttons = h("div", { class: "action-buttons" });
    el.undo = h("button", { class: "undo", type: "button", hidden: true, onclick: () => this.undo() }, icon("undo"), "Undo");
    el.tray = h("section", { class: "card tray", hidden: true, "aria-label": "Units off the board" });
    el.extra = h("div", { class: "extra" });
    el.allChoices = h("details", { class: "all-choices", hidden: true });
    el.log = h("ol", { class: "log-lines" });
    el.logTab = h("button", { type: "button", role: "tab", "aria-selected": "true", class: "tab active", onclick: () => this.showTab("log") }, "Log");
    el.chatTab = this.chat.tab;
    this.chat.onTab = () => this.showTab("chat");
    el.logBox = h("div", { class: "log-box", tabindex: "0", role: "region", "aria-label": "Game log" }, el.log);
    // the log follows new lines while it is scrolled to its end (also when the box resizes)
    this.logPinned = true;
    el.logBox.addEventListener("scroll", () => {
      this.logPinned = el.logBox.scrollHeight - el.logBox.scrollTop - el.logBox.clientHeight < 30;
    });
    this.logResizer = new ResizeObserver(() => {
      if (this.logPinned) el.logBox.scrollTop = el.logBox.scrollHeight;
    });
    this.logResizer.observe(el.logBox);
    el.chatBox = this.chat.box;
    el.footer = h("div", { class: "side-footer" });

    this.board = this.mod.createBoard(el.boardHost, {
      onHex: (hex, uid, uids) => this.onHex(hex, uid, uids),
      // a board whose names load late (Virtuti's board data): draw the whole page again
      onReady: () => {
        this.logState.stale = true; // its lines again, in the names that came with it
        this.refresh();
      },
    });
    // on a phone the first view shows a part of the map: lit places beyond it are named here
    el.litNote = h("div", { class: "lit-outside", role: "status", hidden: true },
      (el.litCount = h("span")),
      h("button", { type: "button", class: "small", onclick: () => this.board.pz?.showLit() }, "Show"));
    el.boardArea = h("div", { class: "board-area" }, el.boardHost, el.banner, el.menu, el.litNote);
    this.board.pz?.onView(() => this.renderLitNote());
    this.stepper = new TurnStepper(this.id, {
      board: this.board,
      placesIn: (line) => this.mod.placesIn(line),
      logNames: () => this.logNames(),
      roleColor: (role, view) => this.roleColor(role, view),
      onExit: () => this.refresh(),
    });
    const side = h(
      "aside",
      { class: "side" },
      h("section", { class: "card prompt-card" }, el.turn, el.deadline, el.prompt, el.rules, el.hint, el.waiting, (el.choices = h("div", { class: "choice-row" }, el.buttons, el.undo)), el.allChoices),
      el.selection,
      el.tray,
      el.extra,
      el.battleOdds,
      this.stepper.root,
      el.since,
      el.statusPanel,
      h("section", { class: "card log-card" }, h("div", { class: "tabs", role: "tablist" }, el.logTab, el.chatTab), el.logBox, el.chatBox),
      el.legend,
      el.calc,
      el.footer,
    );
    if (this.mod.legend) put(el.legend, h("summary", {}, "Legend"), this.mod.legend());
    // only a ruleset with odds has a form to ask for (GET /api/rulesets says): asking the
    // others would put a 404 in the console of every game of theirs
    rulesetInfo(payload.ruleset)
      .then((info) => (info && info.odds ? oddsCalculator(payload.ruleset, { roleColor: (role) => this.roleColor(role) }) : null))
      .then((calc) => {
        if (calc) el.calc.append(calc);
      });
    el.page = h(
      "div",
      { class: `game-page ruleset-${payload.ruleset}`, "aria-busy": "false" },
      h("div", { class: "game-top" }, el.title, el.seatTabs, el.signInHint, el.players, el.status),
      h("div", { class: "game-main" }, el.boardArea, side, el.curtain),
    );
    clear(this.root).append(el.page);
    this.board.pz?.measure();
    this.onKey = (event) => {
      const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(event.target?.tagName || "");
      if (!typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        // shortcuts: u undo, e end the phase (the primary ending button)
        if (event.key === "u" && !this.el.undo.hidden) this.undo();
        if (event.key === "e") {
          const end = this.model?.buttons.find((e) => ENDING.test(e.verb));
          if (end) this.send(end);
        }
      }
      if (event.key === "Escape") {
        this.hideMenu();
        if (this.selected) {
          this.selected = null;
          this.refresh();
        }
      }
    };
    document.addEventListener("keydown", this.onKey);
    this.chat.load(payload);
  }

  viewOf(role) {
    return this.views.get(role ?? "")?.view || null;
  }

  chooseSeat() {
    const mine = this.header.my_seats;
    if (!mine.length) return null;
    const canAct = (role) => {
      const view = this.viewOf(role);
      return view && view.legal && view.legal.length > 0;
    };
    // a seat picked in the tabs stays on screen until the game moves on
    if (this.pinned && this.pinned.version === this.header.version && mine.includes(this.pinned.role)) return this.pinned.role;
    this.pinned = null;
    if (this.seat && canAct(this.seat)) return this.seat;
    const next = mine.find(canAct);
    if (next) return next;
    return this.seat && mine.includes(this.seat) ? this.seat : mine[0];
  }

  /** Do the seats of this screen see different things (secrets)? Views are compared
   * only when all are of the same version; once they differed, the answer stays yes. */
  hasSecrets() {
    const mine = this.header.my_seats;
    if (mine.length < 2 || this.secrets) return Boolean(this.secrets);
    const entries = mine.map((role) => this.views.get(role)).filter(Boolean);
    if (entries.length < mine.length || entries.some((e) => e.version !== entries[0].version)) return false;
    const parts = entries.map((e) => sharedPart(e.view));
    this.secrets = parts.some((part) => part !== parts[0]);
    return this.secrets;
  }

  refresh() {
    if (!this.header || !this.el) return;
    // a move (or the question before it) on its way: what is on screen is about to change
    this.el.page.setAttribute("aria-busy", this.busy ? "true" : "false");
    const seat = this.chooseSeat();
    if (seat !== this.seat) {
      this.seat = seat;
      this.selected = null;
      this.hideMenu();
    }
    const view = this.viewOf(seat);
    if (!view) return;
    this.model = new ActionModel(view.legal, view, this.mod); // while busy, clicks are ignored
    const selectable = this.model.selectable();
    if (this.selected && !this.busy && !selectable.has(this.selected)) this.selected = null;
    const secrets = this.header.status !== "finished" && this.hasSecrets();
    this.curtained = secrets && seat !== null && this.unveiled !== seat;

    this.noteRecent(view);
    this.renderTop(view);
    const ui = this.boardUi(selectable);
    // behind the curtain nothing of the seat's view is on the page, not even hidden
    // while stepping through the others' moves the board shows the step, not now
    const drawn = this.curtained
      ? (this.board.blank?.(), new Set())
      : this.stepper.active
        ? (this.stepper.draw(), new Set())
        : this.board.render(view, ui)?.drawn || new Set();
    if (!this.drawnOnce) {
      // the page's first drawing puts the board on screen first, and the panels beside it
      // a frame later: HGW's world map shows that much sooner (bench_hgw_paint.py)
      this.drawnOnce = true;
      afterFrame(() => this.destroyed || this.refresh());
      return;
    }
    this.renderLitNote();
    this.renderSide(view, selectable, drawn);
    this.renderLog(view);
    if (this.header.status === "finished") this.chat.gameOver();
    this.renderBanner(view);
    this.renderCurtain();
    const mine = this.header.my_seats;
    const yourTurn = this.header.status !== "finished" && mine.some((r) => (this.header.active || []).includes(r));
    document.title = `${yourTurn ? "● your turn · " : ""}${this.rulesetName || "grognard"}`;
    // drawn before the module's words came (HGW's place names): drawn again, once, when they do
    this.wordsAsked ||= redrawWhenWordsCome(this.mod, () => this.redrawWithWords());
  }

  redrawWithWords() {
    if (this.destroyed) return;
    this.logState.stale = true; // the log is drawn line by line as it grows: all of it again
    this.refresh();
  }

  roleColor(role, view) {
    return this.mod.roleColor(role, view || this.viewOf(this.seat));
  }

  /** The board module's extra panel beside the board (`extraPanel(view)`). */
  renderExtra(view) {
    const box = this.el.extra;
    clear(box);
    if (this.curtained || !this.mod.extraPanel) return;
    const extra = this.mod.extraPanel(view);
    if (extra) box.append(extra);
  }

  /** A place as the player reads it: the module's name for it ("Lublin"), else its id. */
  place(hex) {
    return this.mod.placeName ? this.mod.placeName(hex) : hex;
  }
}

/** Each part's methods become GamePage's own (a name given twice is a mistake). */
for (const part of [PageLive, PageBoard, PageActions, PageLog, PageFrame]) {
  for (const name of Object.getOwnPropertyNames(part.prototype)) {
    if (name === "constructor") continue;
    if (Object.hasOwn(GamePage.prototype, name)) throw new Error(`GamePage.${name} is written twice (${part.name})`);
    Object.defineProperty(GamePage.prototype, name, Object.getOwnPropertyDescriptor(part.prototype, name));
  }
}
