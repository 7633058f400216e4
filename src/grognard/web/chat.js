// The chat tab of the game page. A game has two chats (server/chat.py): the players'
// and the spectators'. Players post into theirs and read the spectators' only once
// the game is over (nobody coaches a player during play); spectators post into
// theirs and read the players' only while the players share it. The server sends
// each page only what it may read; this draws it, says which chat a line is from
// when the page reads both, and lets a player share or stop sharing.

import { api } from "./api.js";
import { h, put, toast } from "./ui.js";

const WHO = { players: "player", spectators: "spectator" };

export class ChatPanel {
  /** `gameId`: the game; the tab and box are placed by the page. */
  constructor(gameId) {
    this.gameId = gameId;
    this.messages = new Map();
    this.settings = { post: "players", read: ["players"], players_public: false };
    this.drawn = "";
    this.input = h("input", { type: "text", maxlength: 500, placeholder: "Say something…", "aria-label": "Chat message" });
    this.lines = h("ol", { class: "chat-lines" });
    this.about = h("p", { class: "chat-about" });
    this.share = h("input", { type: "checkbox", onchange: () => this.setShared(this.share.checked) });
    this.shareRow = h("label", { class: "chat-share", hidden: true }, this.share, " Spectators may read this chat");
    this.form = h(
      "form",
      { class: "chat-form", onsubmit: (e) => this.send(e) },
      this.input,
      h("button", { type: "submit" }, "Send"),
    );
    this.tab = h("button", { type: "button", role: "tab", "aria-selected": "false", class: "tab", onclick: () => this.onTab?.() }, "Chat");
    this.box = h("div", { class: "chat-box", hidden: true }, this.about, this.lines, this.shareRow, this.form);
  }

  /** A game payload (GET): its settings and the messages this page may read. */
  load(payload) {
    if (payload.chat_settings) this.settings = payload.chat_settings;
    if (payload.chat) {
      this.messages = new Map(payload.chat.map((m) => [m.id, m]));
    }
    this.render(false);
  }

  /** A chat message pushed over a websocket (only the readable ones are sent). */
  receive(message) {
    this.messages.set(message.id, message);
    this.render(true);
  }

  /** The players opened or closed their chat: a spectator's page asks again for
   * what it may read now (the history too). */
  async sharedChanged(isPublic) {
    this.settings = { ...this.settings, players_public: isPublic };
    if (this.settings.post === "spectators") {
      try {
        this.load(await api.game(this.gameId));
      } catch {
        // the next reload shows it; nothing is lost meanwhile
      }
    }
    this.render(false);
  }

  /** The game ended: players now read the spectators' chat too. */
  async gameOver() {
    if (this.settings.post === "players" && !this.settings.read.includes("spectators")) {
      try {
        this.load(await api.game(this.gameId));
      } catch {
        // as above
      }
    }
  }

  render(fresh) {
    const spectator = this.settings.post === "spectators";
    const both = this.settings.read.length > 1;
    this.tab.textContent = spectator ? "Spectators" : "Chat";
    put(
      this.about,
      spectator
        ? this.settings.players_public
          ? "You are watching: this is the spectators' chat; the players share theirs with you (marked “player”)."
          : "You are watching: this is the spectators' chat. The players do not read it until the game is over, and keep theirs to themselves."
        : both
          ? "The game is over: the spectators' messages are shown too (marked “spectator”)."
          : "The players' chat. Spectators have a chat of their own, which you read once the game is over.",
    );
    this.shareRow.hidden = spectator;
    this.share.checked = Boolean(this.settings.players_public);
    const messages = [...this.messages.values()].sort((a, b) => a.id - b.id);
    const key = `${both}:${messages.map((m) => m.id).join(",")}`;
    if (key === this.drawn) return;
    this.drawn = key;
    put(
      this.lines,
      ...messages.map((m) =>
        h(
          "li",
          { class: `chat-${m.channel || "players"}` },
          both ? h("span", { class: "chat-from" }, WHO[m.channel] || "player") : null,
          h("strong", {}, m.author),
          " ",
          m.text,
        ),
      ),
    );
    this.lines.scrollTop = this.lines.scrollHeight;
    if (fresh && this.box.hidden) this.tab.classList.add("unread");
  }

  async send(event) {
    event.preventDefault();
    const text = this.input.value.trim();
    if (!text) return;
    try {
      const message = await api.chat(this.gameId, text);
      this.messages.set(message.id, message);
      this.input.value = "";
      this.render(false);
    } catch (err) {
      toast(`Chat: ${err.message}`, "error");
    }
  }

  async setShared(isPublic) {
    try {
      const answer = await api.shareChat(this.gameId, isPublic);
      this.settings = { ...this.settings, players_public: answer.players_public };
      toast(answer.players_public ? "Spectators may now read this chat." : "This chat is now for the players only.");
    } catch (err) {
      toast(`Chat: ${err.message}`, "error");
    }
    this.render(false);
  }
}
