// The lobby: a "new game" form built from the ruleset's scenarios, option schema
// and roles; the player's games (with "your turn"), and the open public games.

import { api, rulesets } from "./api.js";
import { resultText } from "./actions.js";
import { hasBoard, rulesetModule } from "./games/index.js";
import { ago, clear, h, put, titleCase, toast, until } from "./ui.js";
import { noticeSettings } from "./turnnotice.js";

/** Days per move a new game may have (the server allows 1 to 30). */
const MOVE_DAYS = [1, 2, 3, 5, 7, 14];

const REFRESH_MS = 15000;

export async function showLobby(root) {
  const lobby = new Lobby(root);
  await lobby.start();
  return () => lobby.destroy();
}

class Lobby {
  constructor(root) {
    this.root = root;
    this.timer = null;
  }

  async start() {
    this.form = h("form", { class: "card new-game", "aria-label": "New game", onsubmit: (e) => this.create(e) });
    this.mine = h("div", { class: "game-list", "aria-label": "Your games" });
    this.open = h("div", { class: "game-list", "aria-label": "Open games" });
    clear(this.root).append(
      h(
        "div",
        { class: "lobby" },
        h(
          "section",
          { class: "lobby-new" },
          h("h2", {}, "New game"),
          this.form,
          noticeSettings(),
        ),
        h(
          "section",
          { class: "lobby-lists" },
          h("h2", {}, "Your games"),
          this.mine,
          h("h2", {}, "Open games"),
          h("p", { class: "hint" }, "Public games with a free seat: take it and play."),
          this.open,
        ),
      ),
    );
    try {
      this.rulesets = await rulesets();
    } catch (err) {
      put(this.form, h("p", { class: "error" }, `Cannot load the rulesets: ${err.message}`));
      return;
    }
    this.byId = new Map(this.rulesets.map((r) => [r.id, r]));
    // Viktory II (the most complete game), else the first ruleset with a board of its own
    const start = this.rulesets.find((r) => r.id === "viktory2") || this.rulesets.find((r) => hasBoard(r.id));
    await this.buildForm((start || this.rulesets[0])?.id);
    await this.refreshLists();
    this.timer = setInterval(() => this.refreshLists(), REFRESH_MS);
  }

  destroy() {
    clearInterval(this.timer);
  }

  // ----- the new game form ------------------------------------------------------------
  async buildForm(rulesetId) {
    const ruleset = this.byId.get(rulesetId);
    if (!ruleset) {
      put(this.form, h("p", {}, "This server has no rulesets."));
      return;
    }
    this.ruleset = ruleset;
    this.saved = null;
    this.mod = await rulesetModule(ruleset.id);
    const field = (label, control, help) =>
      h("label", { class: "field" }, h("span", { class: "field-label" }, label), control, help ? h("small", { class: "help" }, help) : null);

    this.rulesetSelect = h(
      "select",
      { name: "ruleset", onchange: (e) => this.buildForm(e.target.value) },
      this.rulesets.map((r) => h("option", { value: r.id, selected: r.id === ruleset.id }, r.name)),
    );
    this.scenarioSelect = h(
      "select",
      { name: "scenario", onchange: () => this.renderSeats() },
      ruleset.scenarios.map((sc) => h("option", { value: sc.id, title: sc.description }, sc.name)),
    );
    this.optionInputs = new Map();
    const options = ruleset.options.map((option) => {
      let control;
      if (option.type === "bool") {
        control = h("input", { type: "checkbox", name: option.id, checked: Boolean(option.default) });
        this.optionInputs.set(option.id, control);
        return h(
          "label",
          { class: "field check", title: option.description },
          control,
          h("span", { class: "field-label" }, titleCase(option.id)),
          h("small", { class: "help" }, option.description),
        );
      }
      if (option.type === "int") {
        control = h("input", {
          type: "number",
          name: option.id,
          value: option.default,
          min: option.min,
          max: option.max,
          step: 1,
          required: true,
        });
      } else {
        control = h(
          "select",
          { name: option.id },
          (option.choices || []).map((choice) =>
            h("option", { value: String(choice), selected: String(choice) === String(option.default) }, titleCase(String(choice))),
          ),
        );
      }
      control.addEventListener("change", () => this.renderSeats());
      this.optionInputs.set(option.id, control);
      return field(titleCase(option.id), control, option.description);
    });
    this.seatBox = h("div", { class: "seats" });
    this.seatError = h("p", { class: "error seat-error", role: "alert" });
    this.ladderNote = h("div", { class: "hint ladder-note" });
    this.publicBox = h("input", { type: "checkbox", name: "public" });
    // the time control (deadlines.py): days per move, and what a seat out of time becomes
    this.clockSelect = h(
      "select",
      { name: "move-days" },
      h("option", { value: "" }, "No clock"),
      MOVE_DAYS.map((d) => h("option", { value: String(d) }, d === 1 ? "1 day per move" : `${d} days per move`)),
    );
    this.expirySelect = h(
      "select",
      { name: "on-expiry", disabled: true },
      h("option", { value: "ai" }, "The AI takes over the seat"),
      h("option", { value: "forfeit" }, "The seat forfeits the game"),
    );
    this.clockSelect.addEventListener("change", () => {
      this.expirySelect.disabled = this.clockSelect.value === "";
    });
    // text, not a number input: a saved server game's seed has 256 bits, more than a JS number holds
    this.seedInput = h("input", {
      type: "text",
      name: "seed",
      inputmode: "numeric",
      pattern: "[0-9]{1,78}",
      autocomplete: "off",
      placeholder: "random",
    });
    this.savedInput = h("input", {
      type: "file",
      name: "saved-game",
      accept: ".json,application/json",
      onchange: (e) => this.loadSaved(e.target.files[0]),
    });
    this.savedNote = h("p", { class: "hint saved-note", role: "status" });
    const scenario = ruleset.scenarios.length > 1 ? field("Scenario", this.scenarioSelect) : null;
    this.scenarioNote = h("p", { class: "hint scenario-note" });
    this.scenarioSelect.addEventListener("change", () => {
      this.describeScenario();
      this.renderSeats();
    });
    put(this.form,
      this.rulesets.length > 1 ? field("Game", this.rulesetSelect) : h("div", { class: "ruleset-name" }, ruleset.name),
      scenario,
      this.scenarioNote,
      h("fieldset", { class: "seats-fieldset" }, h("legend", {}, "Seats"), this.seatBox, this.ladderNote, this.seatError),
      h(
        "fieldset",
        { class: "clock-fieldset" },
        h("legend", {}, "Time control"),
        field("Time", this.clockSelect, "For play over days: each player gets this long for every move."),
        field("When time runs out", this.expirySelect),
      ),
      ruleset.options.length
        ? h("details", { class: "options", open: ruleset.options.length <= 4 }, h("summary", {}, "Options"), h("div", { class: "option-grid" }, options))
        : null,
      h(
        "details",
        { class: "advanced" },
        h("summary", {}, "More"),
        h(
          "label",
          { class: "field check" },
          this.publicBox,
          h("span", { class: "field-label" }, "Public"),
          h("small", { class: "help" }, "List the game under “Open games” so that anyone may take an invited seat."),
        ),
        field("Seed", this.seedInput, "The same seed and moves give the same game (not with invited players)."),
        field(
          "Continue a saved game",
          this.savedInput,
          "A replay file (grognard play --save): the game goes on from its last move, with the seats chosen here.",
        ),
      ),
      this.savedNote,
      h("div", { class: "form-buttons" }, h("button", { type: "submit", class: "primary big" }, "Start the game")),
    );
    this.describeScenario();
    this.renderSeats();
  }

  /** Fill the form from a replay file and keep its moves for `create`. The settings
   * that the moves depend on are locked until the saved game is put away. */
  async loadSaved(file) {
    if (!file) return;
    let replay;
    try {
      replay = parseReplay(await file.text());
      if (replay?.format !== "grognard-replay" || !Array.isArray(replay.actions)) throw new Error("not a grognard replay file");
      if (!this.byId.has(replay.ruleset)) throw new Error(`this server does not play ${replay.ruleset}`);
    } catch (err) {
      toast(`Cannot open ${file.name}: ${err.message}`, "error");
      this.savedInput.value = "";
      return;
    }
    if (replay.ruleset !== this.ruleset.id) await this.buildForm(replay.ruleset);
    this.scenarioSelect.value = replay.scenario;
    for (const option of this.ruleset.options) {
      const input = this.optionInputs.get(option.id);
      const value = replay.options?.[option.id];
      if (value === undefined) continue;
      if (option.type === "bool") input.checked = Boolean(value);
      else input.value = String(value);
    }
    this.seedInput.value = String(replay.seed);
    this.saved = { moves: replay.actions, rulesetVersion: replay.ruleset_version, rngVersion: replay.rng_version };
    this.lockSettings(true);
    put(
      this.savedNote,
      `Goes on from ${file.name} after ${replay.actions.length} moves. `,
      h("button", { type: "button", class: "link", onclick: () => this.forgetSaved() }, "Start afresh instead"),
    );
    this.describeScenario();
    await this.renderSeats();
  }

  forgetSaved() {
    this.saved = null;
    this.savedInput.value = "";
    this.lockSettings(false);
    this.savedNote.textContent = "";
  }

  lockSettings(locked) {
    for (const input of [this.rulesetSelect, this.scenarioSelect, this.seedInput, ...this.optionInputs.values()]) {
      input.disabled = locked;
    }
  }

  describeScenario() {
    const chosen = this.ruleset.scenarios.find((sc) => sc.id === this.scenarioSelect.value) || this.ruleset.scenarios[0];
    this.scenarioNote.textContent = chosen ? chosen.description : "";
  }

  optionValues() {
    const out = {};
    for (const option of this.ruleset.options) {
      const input = this.optionInputs.get(option.id);
      if (option.type === "bool") out[option.id] = input.checked;
      else if (option.type === "int") out[option.id] = input.value === "" ? option.default : Number.parseInt(input.value, 10);
      else out[option.id] = (option.choices || []).find((c) => String(c) === input.value) ?? input.value;
    }
    return out;
  }

  /** The roles for the settings in the form: the server knows them (they may depend
   * on the options, as the number of players does); a reply that arrives after a
   * later change is dropped. Bad settings are shown, with the seats left as they were. */
  async roles() {
    const scenario = this.scenarioSelect.value || this.ruleset.scenarios[0]?.id;
    const asked = (this.rolesAsked = (this.rolesAsked || 0) + 1);
    try {
      const answer = await api.roles(this.ruleset.id, scenario, this.optionValues());
      if (asked !== this.rolesAsked) return null;
      this.seatError.textContent = "";
      return answer.roles;
    } catch (err) {
      if (asked === this.rolesAsked) this.seatError.textContent = err.message;
      return null;
    }
  }

  async renderSeats() {
    const roles = await this.roles();
    if (!roles) return;
    const previous = new Map([...this.seatBox.querySelectorAll("select")].map((s) => [s.name, s.value]));
    const agents = this.ruleset.agents || [];
    const bestAi = agents.includes("heuristic") ? "ai:heuristic" : agents.length ? `ai:${agents[0]}` : "hotseat";
    const choices = [
      ["me", "Me"],
      ["hotseat", "Me too, on this screen (hot-seat)"],
      // the difficulty levels strongest first as measured (the server's ladder), each
      // with its readable label and its measured figures
      ...ladderOrder(agents, this.ruleset.ladder).map((a) => this.levelChoice(a)),
      ["invite", "A friend (invite link)"],
    ];
    this.describeLadder();
    put(this.seatBox,
      ...roles.map((role, i) => {
        const fallback = i === 0 ? "me" : bestAi;
        const value = previous.get(`seat-${role}`) || fallback;
        return h(
          "label",
          { class: "seat-row", style: `--role:${this.mod.roleColor(role, { roles })}` },
          h("span", { class: "seat-role" }, h("span", { class: "swatch" }), role),
          h(
            "select",
            { name: `seat-${role}`, "data-role": role, "aria-label": `Who plays ${role}` },
            choices.map(([v, label, title]) => h("option", { value: v, selected: v === value, title }, label)),
          ),
        );
      }),
    );
  }

  /** A difficulty level's choice: [value, label with its measured strength, details]. */
  levelChoice(agent) {
    const label = (this.ruleset.agent_labels || {})[agent] || `Computer: ${agent}`;
    const level = ((this.ruleset.ladder || {}).levels || []).find((l) => l.level === agent);
    if (!level) return [`ai:${agent}`, label, undefined];
    let title;
    if (level.measured) {
      const [lo, hi] = level.elo95;
      title = `Elo ${signed(level.elo)} (95 % interval ${signed(lo)} to ${signed(hi)})`;
      const record = level.vs_heuristic;
      if (record) {
        const [wlo, whi] = record.wilson95.map((x) => Math.round(x * 100));
        title += `; against the heuristic ${record.wins} won, ${record.draws} drawn, ${record.losses} lost (95 % interval ${wlo}–${whi} %)`;
      }
    }
    return [`ai:${agent}`, `${label} — ${level.text}`, title];
  }

  /** Under the seats: each level's measured strength, strongest first, and where the
   * figures come from; or that this game was not measured. */
  describeLadder() {
    const ladder = this.ruleset.ladder || {};
    const run = ladder.run;
    if (!run) {
      put(this.ladderNote, "The AI levels' strength has not been measured on this game yet.");
      return;
    }
    const chosen = this.scenarioSelect.value || this.ruleset.scenarios[0]?.id;
    const name = (id) => this.ruleset.scenarios.find((sc) => sc.id === id)?.name || id;
    let text =
      `AI levels strongest first, as measured on ${run.date}: a round robin of ${run.games} games ` +
      `(${name(run.scenario)}, sides alternating; Elo: the levels average 0).`;
    if (chosen !== run.scenario) text += ` Not measured on ${name(chosen)}.`;
    const offered = this.ruleset.agents || [];
    put(this.ladderNote,
      text,
      h("ol", { class: "ladder-levels" },
        (ladder.levels || []).filter((l) => offered.includes(l.level)).map((l) =>
          h("li", { "data-level": l.level }, h("strong", {}, l.level), `: ${l.text}`))),
    );
  }

  async create(event) {
    event.preventDefault();
    const button = this.form.querySelector("button[type=submit]");
    const seats = {};
    for (const select of this.seatBox.querySelectorAll("select")) seats[select.dataset.role] = select.value;
    const body = {
      ruleset: this.ruleset.id,
      scenario: this.scenarioSelect.value || null,
      options: this.optionValues(),
      seats,
      public: this.publicBox.checked,
    };
    if (this.clockSelect.value !== "") {
      body.move_days = Number(this.clockSelect.value);
      body.on_expiry = this.expirySelect.value;
    }
    // sent as decimal text (the server reads it as a whole number): no precision lost
    if (this.seedInput.value !== "") body.seed = this.seedInput.value.trim();
    if (this.saved) {
      body.moves = this.saved.moves;
      body.ruleset_version = this.saved.rulesetVersion;
      if (this.saved.rngVersion !== undefined) body.rng_version = this.saved.rngVersion;
    }
    button.disabled = true;
    try {
      const game = await api.create(body);
      location.hash = `#/game/${encodeURIComponent(game.id)}`;
    } catch (err) {
      toast(`The game was not created: ${err.message}`, "error");
    } finally {
      button.disabled = false;
    }
  }

  // ----- the lists --------------------------------------------------------------------------
  async refreshLists() {
    let lobby;
    try {
      lobby = await api.lobby();
    } catch (err) {
      put(this.mine, h("p", { class: "error" }, err.message));
      return;
    }
    const mine = await Promise.all(lobby.mine.map((game) => this.gameRow(game, false)));
    const open = await Promise.all(lobby.open.filter((g) => !g.my_seats.length).map((game) => this.gameRow(game, true)));
    put(this.mine, ...(mine.length ? mine : [h("p", { class: "empty" }, "No games yet: start one.")]));
    put(this.open, ...(open.length ? open : [h("p", { class: "empty" }, "No open games right now.")]));
  }

  async gameRow(game, joinable) {
    const mod = await rulesetModule(game.ruleset);
    const name = this.byId?.get(game.ruleset)?.name || game.ruleset;
    const finished = game.status === "finished";
    const seats = game.seats.map((seat) =>
      h(
        "span",
        {
          class: ["role-chip", seat.you && "you", game.active.includes(seat.role) && "to-move"],
          style: `--role:${mod.roleColor(seat.role, { roles: game.seats.map((s) => s.role) })}`,
          title: seat.kind,
        },
        `${seat.role}: ${seat.you ? "you" : seat.kind === "ai" ? `AI ${seat.agent}` : seat.open ? "open" : seat.player}`,
      ),
    );
    let state;
    if (finished) state = h("span", { class: "state done" }, resultText(game.result) || "finished");
    else if (game.your_turn) state = h("span", { class: "state your-turn" }, "your turn");
    else state = h("span", { class: "state" }, `waiting for ${game.active.join(", ") || "…"}`);
    // under a time control: by when one of your seats must move (the earliest)
    const due = !finished && game.my_deadline
      ? h("span", { class: "state deadline", title: new Date(game.my_deadline).toLocaleString() }, `move due ${until(game.my_deadline)}`)
      : null;
    const actions = [];
    if (joinable) {
      actions.push(
        h(
          "button",
          {
            type: "button",
            class: "primary",
            onclick: async () => {
              try {
                await api.join(game.id);
                location.hash = `#/game/${encodeURIComponent(game.id)}`;
              } catch (err) {
                toast(`Cannot join: ${err.message}`, "error");
              }
            },
          },
          "Join",
        ),
      );
    } else {
      actions.push(h("a", { class: "button", href: `#/game/${encodeURIComponent(game.id)}` }, finished ? "Look" : "Play"));
      if (finished) actions.push(h("a", { class: "button", href: `#/replay/${encodeURIComponent(game.id)}` }, "Replay"));
    }
    return h(
      "div",
      { class: ["game-row", game.your_turn && "your-turn"], "data-game": game.id },
      h("div", { class: "game-row-main" }, h("strong", {}, name), " ", h("span", { class: "muted" }, ago(game.updated_at)), h("div", { class: "chips" }, seats)),
      due ? h("div", { class: "row-state" }, state, due) : state,
      h("div", { class: "row-actions" }, actions),
    );
  }
}

/** A replay file's JSON, its seed kept as the decimal text written in the file (a
 * 256-bit seed would lose its low digits as a JS number). */
export function parseReplay(text) {
  const replay = JSON.parse(text, (key, value, context) =>
    key === "seed" && typeof value === "number" && context?.source ? context.source : value,
  );
  if (typeof replay?.seed === "number") {
    // a browser without JSON.parse source text: read the digits from the file itself
    const match = /"seed"\s*:\s*(\d+)/.exec(text);
    if (match) replay.seed = match[1];
  }
  return replay;
}

/** The offered AI levels in the order of the server's measured ladder (strongest
 * first); levels the ladder does not list keep the server's order, after it. */
export function ladderOrder(agents, ladder) {
  const measured = ((ladder || {}).levels || []).filter((l) => l.measured).map((l) => l.level);
  const first = measured.filter((a) => agents.includes(a));
  return [...first, ...agents.filter((a) => !first.includes(a))];
}

/** An Elo figure with its sign and thousands separator: +1,120, −85. */
function signed(value) {
  const text = Math.abs(value).toLocaleString("en-US");
  return value < 0 ? `−${text}` : `+${text}`;
}
