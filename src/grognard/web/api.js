// The server's JSON API, with the session: a guest session is started on first use,
// and every state-changing request echoes the CSRF token in X-CSRF-Token.

export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

const session = { user: null, csrf: null, ready: null };

function cookie(name) {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

async function request(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") {
    const csrf = session.csrf || cookie("grognard_csrf");
    if (csrf) headers["X-CSRF-Token"] = csrf;
  }
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: "same-origin",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new ApiError(0, "the server cannot be reached: check that `grognard serve` is running");
  }
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { detail: text };
  }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.detail) || `${response.status} ${response.statusText}`);
  }
  return data;
}

function remember(answer) {
  session.user = answer.user;
  session.csrf = answer.csrf_token;
  return session.user;
}

/** The signed-in user; a guest session is started when there is none. */
export function ensureUser() {
  if (!session.ready) {
    session.ready = (async () => {
      const me = await request("GET", "/api/me");
      if (me.user) return remember(me);
      return remember(await request("POST", "/api/guest", {}));
    })();
    session.ready.catch(() => {
      session.ready = null;
    });
  }
  return session.ready;
}

export function currentUser() {
  return session.user;
}

export async function login(username, password) {
  remember(await request("POST", "/api/login", { username, password }));
  session.ready = Promise.resolve(session.user);
  return session.user;
}

export async function register(username, password) {
  remember(await request("POST", "/api/register", { username, password }));
  session.ready = Promise.resolve(session.user);
  return session.user;
}

export async function logout() {
  await request("POST", "/api/logout");
  session.user = null;
  session.csrf = null;
  session.ready = null;
}

export const api = {
  rulesets: () => request("GET", "/api/rulesets"),
  roles: (id, scenario, options) => {
    const query = new URLSearchParams({ options: JSON.stringify(options) });
    if (scenario) query.set("scenario", scenario);
    return request("GET", `/api/rulesets/${encodeURIComponent(id)}/roles?${query}`);
  },
  lobby: () => request("GET", "/api/lobby"),
  email: () => request("GET", "/api/me/email"),
  setEmail: (body) => request("PUT", "/api/me/email", body),
  game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  create: (body) => request("POST", "/api/games", body),
  act: (id, seat, action, version) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/actions`, { seat, action, expected_version: version }),
  undo: (id, seat, version) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/undo`, { seat, expected_version: version }),
  resign: (id, seat, version) =>
    request("POST", `/api/games/${encodeURIComponent(id)}/resign`, { seat, expected_version: version }),
  rematch: (id) => request("POST", `/api/games/${encodeURIComponent(id)}/rematch`),
  join: (id, seat) => request("POST", `/api/games/${encodeURIComponent(id)}/join`, seat ? { seat } : {}),
  claimInvite: (token) => request("POST", `/api/invites/${encodeURIComponent(token)}`),
  chat: (id, text) => request("POST", `/api/games/${encodeURIComponent(id)}/chat`, { text }),
  shareChat: (id, isPublic) => request("POST", `/api/games/${encodeURIComponent(id)}/chat/share`, { public: isPublic }),
  replay: (id) => request("GET", `/api/games/${encodeURIComponent(id)}/replay`),
  oddsForm: (ruleset) => request("GET", `/api/rulesets/${encodeURIComponent(ruleset)}/odds-form`),
  odds: (ruleset, battle) => request("POST", `/api/rulesets/${encodeURIComponent(ruleset)}/odds`, battle),
  gameOdds: (id, seat, hex, action) => {
    const query = new URLSearchParams({ hex });
    if (seat) query.set("seat", seat);
    if (action) query.set("action", JSON.stringify(action));
    return request("GET", `/api/games/${encodeURIComponent(id)}/odds?${query}`);
  },
  whyNot: (id, seat, action) => {
    const query = new URLSearchParams({ seat, action: JSON.stringify(action) });
    return request("GET", `/api/games/${encodeURIComponent(id)}/why?${query}`);
  },
  replayStep: (id, step, seat) =>
    request(
      "GET",
      `/api/games/${encodeURIComponent(id)}/replay/${step}${seat ? `?seat=${encodeURIComponent(seat)}` : ""}`,
    ),
};

let rulesetsPromise = null;

/** The ruleset descriptions (asked once per page load). */
export function rulesets() {
  if (!rulesetsPromise) {
    rulesetsPromise = api.rulesets();
    rulesetsPromise.catch(() => {
      rulesetsPromise = null;
    });
  }
  return rulesetsPromise;
}

/** One ruleset's description, or null. */
export async function rulesetInfo(id) {
  try {
    return (await rulesets()).find((r) => r.id === id) || null;
  } catch {
    return null;
  }
}
