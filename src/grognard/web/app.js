// The single-page app: hash routes, the header, the session.
//
//   #/                    lobby
//   #/game/<id>           play (or watch) a game
//   #/replay/<id>?step=n  step through a game
//   #/invite/<token>      take the seat an invite link stands for

import { api, currentUser, ensureUser, login, logout, register } from "./api.js";
import { showGame } from "./game.js";
import { showLobby } from "./lobby.js";
import { showReplay } from "./replay.js";
import { ask, clear, h, put, toast } from "./ui.js";

const root = document.getElementById("app");
const userBox = document.getElementById("user");
let leave = null;
let routing = 0;

function parseRoute() {
  const hash = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = hash.split("?");
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  return { parts, params: new URLSearchParams(query) };
}

async function route() {
  const ticket = ++routing;
  const { parts, params } = parseRoute();
  if (leave) {
    leave();
    leave = null;
  }
  clear(root).append(h("div", { class: "page-message loading" }, h("span", { class: "spinner" }), " Loading…"));
  try {
    await ensureUser();
  } catch (err) {
    clear(root).append(h("div", { class: "page-message" }, h("h1", {}, "No connection"), h("p", {}, err.message)));
    return;
  }
  showUser();
  if (ticket !== routing) return;
  const [page, id] = parts;
  let done = null;
  if (page === "game" && id) {
    document.title = "grognard · game";
    done = await showGame(root, id);
  } else if (page === "replay" && id) {
    document.title = "grognard · replay";
    done = await showReplay(root, id, params);
  } else if (page === "invite" && id) {
    try {
      const game = await api.claimInvite(id);
      location.replace(`#/game/${encodeURIComponent(game.id)}`);
    } catch (err) {
      clear(root).append(h("div", { class: "page-message" }, h("h1", {}, "This invite cannot be used"), h("p", {}, err.message), h("a", { href: "#/" }, "Back to the lobby")));
    }
    return;
  } else {
    document.title = "grognard";
    done = await showLobby(root);
  }
  if (ticket !== routing) done?.();
  else leave = done;
}

function showUser() {
  const user = currentUser();
  if (!user) {
    clear(userBox);
    return;
  }
  put(userBox,
    h("span", { class: "user-name", title: user.guest ? "A guest: your games stay with this browser" : "Signed in" }, user.guest ? `${user.name} (guest)` : user.name),
    user.guest
      ? h(
          "button",
          { type: "button", class: "link", title: "Sign in, or make an account that keeps these games", onclick: () => accountDialog() },
          "Sign in",
        )
      : h(
          "button",
          {
            type: "button",
            class: "link",
            onclick: async () => {
              await logout();
              route();
            },
          },
          "Sign out",
        ),
  );
}

async function accountDialog() {
  const username = h("input", { type: "text", autocomplete: "username", "aria-label": "Username", placeholder: "username" });
  const password = h("input", { type: "password", autocomplete: "current-password", "aria-label": "Password", placeholder: "password (8+ characters)" });
  const form = h("div", { class: "account-form" }, username, password);
  const pending = ask("Your account", null, [
    ["Cancel", null, "quiet"],
    ["Sign in", "login"],
    ["Create an account (keeps these games)", "register", "primary"],
  ]);
  document.querySelector(".modal h2")?.after(form);
  username.focus();
  const choice = await pending;
  if (!choice) return;
  try {
    if (choice === "login") await login(username.value, password.value);
    else await register(username.value, password.value);
    toast(`Welcome, ${currentUser().name}`);
    route();
  } catch (err) {
    toast(err.message, "error");
  }
}

window.addEventListener("hashchange", route);
route();
