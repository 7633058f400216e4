// The game page: the board, the prompt and the choices of the seat on screen, the
// log and chat, live updates over one websocket per seat, hot-seat hand-over.
//
// Everything the player can do comes from view.legal (see actions.js): a unit with
// legal actions can be selected, the hexes it may act on light up, and a click on
// one sends the action; everything else is a button.

import { api, ApiError, currentUser, rulesetInfo } from "./api.js";
import { ActionModel, resultText } from "./actions.js";
import { rulesetModule } from "./games/index.js";
import { LiveSeat } from "./live.js";
import { logLine } from "./log.js";
import { ask, canonical, clear, h, icon, put, shownNow, titleCase, toast } from "./ui.js";
import { ChatPanel } from "./chat.js";
import { TurnStepper } from "./stepper.js";
import { RulesHelp } from "./rulehelp.js";
import { gameOdds, oddsBlock, oddsCalculator, oddsText } from "./odds.js";
import { confirmBattle, confirmEnd, gameOverSummary, obligationsOf, statusPanel } from "./panels.js";
import { gameCharts } from "./plots.js";
import { myTurnSeats, noticeTurn } from "./turnnotice.js";

/** Verbs that end a phase or a turn: asked again when obligations are left. */
const ENDING = /^(end|done|pass|finish)/;

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

/** The span "since your last move" counts, from a websocket `state` message of one
 * seat: the actions played, the seat's last one and who played how many since (the
 * message speaks for its own seat; the others' entries are kept). */
function spanOf(header, message) {
  if (message.plies === undefined || !message.seat) return {};
  const lastActed = { ...header.last_acted };
  delete lastActed[message.seat];
  return {
    plies: message.plies,
    last_acted: { ...lastActed, ...message.last_acted },
    acted_since: { ...header.acted_since, ...message.acted_since },
  };
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

  // ----- set-up ---------------------------------------------------------------------
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
    this.mod = await rulesetModule(payload.ruleset);
    this.rulesetName = (await rulesetInfo(payload.ruleset))?.name;
    this.layout(payload);
    this.apply(payload);
    this.openSockets();
  }

  destroy() {
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
    el.boardArea = h("div", { class: "board-area" }, el.boardHost, el.banner, el.menu);
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

  openSockets() {
    const seats = this.header.my_seats.length ? this.header.my_seats : [null];
    for (const seat of seats) {
      this.sockets.push(
        new LiveSeat(this.id, seat, {
          onMessage: (message, from) => this.onMessage(message, from),
          onStatus: (status, detail) => {
            // an open socket is live once its first state has come (the server answers
            // every connection with the seat's view): until then the page may be behind
            this.socketStatus.set(seat ?? "", status === "live" ? "opened" : status);
            if (status === "refused") toast(`Live updates refused: ${detail}`, "error");
            this.showConnection();
          },
        }),
      );
    }
  }

  showConnection() {
    const states = [...this.socketStatus.values()];
    const live = states.length && states.every((st) => st === "live");
    const refused = states.includes("refused");
    this.el.status.className = `conn ${live ? "live" : refused ? "down" : "waiting"}`;
    this.el.status.textContent = live ? "live" : refused ? "offline" : "reconnecting…";
    this.el.status.dataset.state = live ? "live" : refused ? "down" : "reconnecting";
  }

  // ----- incoming state -----------------------------------------------------------------
  setView(role, version, view) {
    const key = role ?? "";
    const old = this.views.get(key);
    if (old && old.version > version) return;
    this.views.set(key, { version, view });
  }

  apply(payload) {
    if (!this.header || payload.version >= this.header.version) this.header = { ...this.header, ...payload };
    for (const [role, view] of Object.entries(payload.views || {})) this.setView(role, payload.version, view);
    if (payload.observer) this.setView(null, payload.version, payload.observer);
    this.refresh();
  }

  onMessage(message, seat) {
    if (message.type === "state") {
      const due = myTurnSeats(this.header);
      if (message.version >= this.header.version) {
        const mine = new Set(this.header.my_seats);
        this.header = {
          ...this.header,
          version: message.version,
          status: message.status,
          active: message.active,
          result: message.result,
          finish_reason: message.finish_reason,
          rematch: message.rematch,
          seats: message.seats.map((s) => ({ ...s, you: mine.has(s.role) })),
          ...spanOf(this.header, message),
        };
      }
      this.setView(seat, message.version, message.view);
      this.refresh();
      if (this.socketStatus.get(seat ?? "") === "opened") {
        this.socketStatus.set(seat ?? "", "live");
        this.showConnection();
      }
      noticeTurn(this.header, due);
      // a seat of mine became due under a time control: its new deadline is in the game
      if (this.header.time_control && myTurnSeats(this.header).some((r) => !due.includes(r))) {
        api.game(this.header.id).then((payload) => this.apply(payload), () => {});
      }
    } else if (message.type === "chat") {
      this.chat.receive(message.message);
    } else if (message.type === "chat_settings") {
      this.chat.sharedChanged(message.players_public);
    }
  }

  // ----- which seat is on screen --------------------------------------------------------
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

  // ----- drawing --------------------------------------------------------------------------
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
    this.renderSide(view, selectable, drawn);
    this.renderLog(view);
    if (this.header.status === "finished") this.chat.gameOver();
    this.renderBanner(view);
    this.renderCurtain();
    const mine = this.header.my_seats;
    const yourTurn = this.header.status !== "finished" && mine.some((r) => (this.header.active || []).includes(r));
    document.title = `${yourTurn ? "● your turn · " : ""}${this.rulesetName || "grognard"}`;
  }

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

  roleColor(role, view) {
    return this.mod.roleColor(role, view || this.viewOf(this.seat));
  }

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
        ? `${resultText(result) || "The game is over"}${this.header.finish_reason ? ` (${this.header.finish_reason})` : ""}.`
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
      ...(this.curtained ? [] : model.buttons.filter((e) => !(e.unit && selectable.has(e.unit) && drawn.has(e.unit) && e.kind !== "hit")))
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
    clear(el.extra);
    if (!this.curtained) {
      const extra = this.mod.extraPanel ? this.mod.extraPanel(view) : null;
      if (extra) el.extra.append(extra);
    }
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

  setHover(hexes) {
    this.hover = hexes || [];
    this.board.highlight?.(new Set(this.hover));
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
    if (this.logPinned) box.scrollTop = box.scrollHeight;
  }

  /** The board module's names for log lines (log.js): places and other ids. */
  logNames() {
    return { placeName: this.mod.placeName || null, logWords: this.mod.logWords || null };
  }

  /** A place as the player reads it: the module's name for it ("Lublin"), else its id. */
  place(hex) {
    return this.mod.placeName ? this.mod.placeName(hex) : hex;
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
    put(banner,
      h("div", { class: "banner-title" }, headline),
      ...gameOverSummary(view, this.header, this.mod, (role) => this.roleColor(role, view)),
      this.charts || null,
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
    );
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

  // ----- the player's gestures --------------------------------------------------------
  select(uid) {
    this.selected = uid;
    this.hideMenu();
    this.refresh();
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

  versionOf(role) {
    return this.views.get(role)?.version ?? this.header.version;
  }

  async run(label, call, seat = null) {
    if (this.busy) return;
    this.busy = true;
    this.hover = [];
    this.hideMenu();
    this.refresh();
    try {
      const payload = await call();
      if (payload && payload.views) {
        if (seat && payload.views[seat]) this.actedAt.set(seat, (payload.views[seat].log || []).length);
        this.apply(payload);
      }
    } catch (err) {
      toast(`${label}: ${err.message}`, "error");
      if (err instanceof ApiError && (err.status === 409 || err.status === 403)) {
        try {
          this.apply(await api.game(this.id));
        } catch {
          /* the websocket will catch up */
        }
      }
    } finally {
      this.busy = false;
      this.refresh();
    }
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

  sendNow(entry) {
    const seat = this.seat;
    const keep = entry.unit;
    return this.run(
      "That move was refused",
      async () => {
        const payload = await api.act(this.id, seat, entry.action, this.versionOf(seat));
        // keep a unit selected while it can still act (a move of several hexes)
        this.selected = keep && entry.hex ? keep : null;
        return payload;
      },
      seat,
    );
  }

  undo() {
    const seat = this.seat;
    return this.run(
      "Cannot undo",
      async () => {
        this.selected = null;
        return api.undo(this.id, seat, this.versionOf(seat));
      },
      seat,
    );
  }

  async resign() {
    const seat = this.seat;
    const sure = await ask(`Resign ${seat}?`, "The game ends; the other players share the win.", [
      ["Keep playing", false],
      [`Resign ${seat}`, true, "danger"],
    ]);
    if (sure) await this.run("Cannot resign", () => api.resign(this.id, seat, this.versionOf(seat)));
  }

  async rematch() {
    try {
      const payload = await api.rematch(this.id);
      location.hash = `#/game/${encodeURIComponent(payload.id)}`;
    } catch (err) {
      toast(`No rematch: ${err.message}`, "error");
    }
  }

  async join() {
    try {
      await api.join(this.id);
      location.reload();
    } catch (err) {
      toast(`Cannot join: ${err.message}`, "error");
    }
  }
}
