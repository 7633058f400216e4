// A websocket that follows one seat of a game (or the observer) and comes back on
// its own after a drop: the server answers every (re)connection with the seat's
// current view, so nothing is missed. Refusals (close codes 4xxx) are not retried.
//
// A state message's view carries only the log lines from `log_from` on: the socket
// keeps the lines it was sent before and hands on whole views (a new socket starts
// from line 0).

const KEEPALIVE_MS = 25000;
const MAX_BACKOFF_MS = 10000;

export class LiveSeat {
  /**
   * @param {string} gameId
   * @param {string|null} seat  a role, or null for the observer
   * @param {{onMessage: Function, onStatus: Function}} handlers
   */
  constructor(gameId, seat, handlers) {
    this.gameId = gameId;
    this.seat = seat;
    this.handlers = handlers;
    this.socket = null;
    this.closed = false;
    this.attempt = 0;
    this.retryTimer = null;
    this.pingTimer = null;
    this.status = "connecting";
    this.wake = () => {
      if (!this.closed && (!this.socket || this.socket.readyState > 1)) this.connectNow();
    };
    window.addEventListener("online", this.wake);
    document.addEventListener("visibilitychange", this.wake);
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = this.seat ? `?seat=${encodeURIComponent(this.seat)}` : "";
    return `${scheme}://${location.host}/ws/games/${encodeURIComponent(this.gameId)}${query}`;
  }

  setStatus(status, detail) {
    this.status = status;
    this.handlers.onStatus?.(status, detail);
  }

  connectNow() {
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    this.setStatus(this.attempt ? "reconnecting" : "connecting");
    let socket;
    try {
      socket = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    let log = []; // this socket's lines of the seat's log
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.setStatus("live");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping", id: Date.now() }), KEEPALIVE_MS);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message.type === "state" && message.view) {
        log = log.slice(0, message.log_from || 0).concat(message.view.log || []);
        message.view.log = log;
      }
      this.handlers.onMessage(message, this.seat);
    });
    socket.addEventListener("close", (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket || this.closed) return;
      if (event.code >= 4000 && event.code < 5000) {
        this.setStatus("refused", event.reason || `refused (${event.code})`);
        return;
      }
      this.retry();
    });
  }

  retry() {
    if (this.closed) return;
    this.attempt += 1;
    this.setStatus("reconnecting");
    const delay = Math.min(MAX_BACKOFF_MS, 400 * 2 ** Math.min(this.attempt, 6)) * (0.75 + Math.random() / 2);
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    window.removeEventListener("online", this.wake);
    document.removeEventListener("visibilitychange", this.wake);
    if (this.socket) this.socket.close(1000);
  }
}
