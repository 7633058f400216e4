// The game page's connection (game.js): the state coming in (the game's payload, one
// live websocket per seat of this screen, each message kept by the version of its view)
// and the player's moves going out (act, undo, resign, rematch, join), one at a time,
// the page caught up again when the server refuses one.

import { api, ApiError } from "./api.js";
import { LiveSeat } from "./live.js";
import { ask, toast } from "./ui.js";
import { myTurnSeats, noticeTurn } from "./turnnotice.js";

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

/** What a websocket `state` message may change of the game's header, in text. */
function headerText(header) {
  const { version, status, active, result, finish_reason, rematch, seats, plies, last_acted, acted_since } = header;
  return JSON.stringify([version, status, active, result, finish_reason, rematch, seats, plies, last_acted, acted_since]);
}

/** GamePage's methods for the connection (mixed into it by game.js). */
export class PageLive {
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

  setView(role, version, view) {
    const key = role ?? "";
    const old = this.views.get(key);
    if (old && old.version > version) return;
    this.views.set(key, { version, view });
  }

  /** Take the server's game payload; draw it unless `draw` is false (the caller draws
   * at once: `run`'s `finally`, so that a move draws the board once, not twice). */
  apply(payload, draw = true) {
    if (!this.header || payload.version >= this.header.version) this.header = { ...this.header, ...payload };
    for (const [role, view] of Object.entries(payload.views || {})) this.setView(role, payload.version, view);
    if (payload.observer) this.setView(null, payload.version, payload.observer);
    if (draw) this.refresh();
  }

  onMessage(message, seat) {
    if (message.type === "state") {
      const due = myTurnSeats(this.header);
      const before = headerText(this.header);
      const held = this.views.get(seat ?? "");
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
      // every socket's first message is the view the page has just drawn from the
      // game's payload (HGW's Campaign Game IV page: a whole draw of 0.15-0.4 s)
      const same = held?.version === message.version && before === headerText(this.header) && JSON.stringify(held.view) === JSON.stringify(message.view);
      this.setView(seat, message.version, message.view);
      if (!same) this.refresh();
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
        this.apply(payload, false); // drawn by the `finally` below, no longer busy
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
