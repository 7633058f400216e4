// Turn notices (issue 9.4): a browser notification when one of your seats becomes due
// to play while its game is open in a tab you are not looking at, and the lobby's
// settings for them and for opt-in turn e-mails (sent by the server, mail.py).

import { api } from "./api.js";
import { h, put, toast } from "./ui.js";

/** The seats of `header` that are yours and to play now. */
export function myTurnSeats(header) {
  if (!header || header.status !== "active") return [];
  const active = new Set(header.active || []);
  return (header.my_seats || []).filter((role) => active.has(role));
}

/** Notify when a seat of yours became due between `before` (its seats then) and
 * `header` (now); only for a tab in the background and with the player's permission. */
export function noticeTurn(header, before) {
  const due = myTurnSeats(header).filter((role) => !before.includes(role));
  if (!due.length || !document.hidden || !("Notification" in window)) return;
  if (Notification.permission !== "granted") return;
  const note = new Notification("Your turn", {
    body: `${header.ruleset}: you play ${due.join(", ")}`,
    tag: `grognard-${header.id}`, // one notice per game, replaced by the next
  });
  note.onclick = () => {
    window.focus();
    note.close();
  };
}

/** The lobby card: browser notifications on or off, and turn e-mails. */
export function noticeSettings() {
  const status = h("p", { class: "hint notice-status", role: "status" });
  const browser = h("button", { type: "button", class: "notify-browser" }, "Notify me in this browser");
  const describe = () => {
    if (!("Notification" in window)) {
      browser.hidden = true;
      status.textContent = "This browser cannot show notifications.";
    } else if (Notification.permission === "granted") {
      browser.hidden = true;
      status.textContent = "This browser notifies you when it is your turn in an open game tab.";
    } else if (Notification.permission === "denied") {
      browser.hidden = true;
      status.textContent = "Notifications are blocked for this site in the browser's settings.";
    }
  };
  browser.addEventListener("click", async () => {
    await Notification.requestPermission();
    describe();
  });
  describe();
  const address = h("input", {
    type: "email",
    name: "email",
    autocomplete: "email",
    placeholder: "you@example.org",
    "aria-label": "E-mail address for turn notices",
  });
  const wanted = h("input", { type: "checkbox", name: "email-turns" });
  const form = h(
    "form",
    {
      class: "email-turns",
      onsubmit: async (event) => {
        event.preventDefault();
        try {
          const body = { email: address.value.trim() || null, turns: wanted.checked };
          await api.setEmail(body);
          toast(body.turns ? "Turn e-mails on" : "Turn e-mails off");
        } catch (err) {
          toast(`Not saved: ${err.message}`, "error");
        }
      },
    },
    h("label", { class: "field" }, h("span", { class: "field-label" }, "E-mail"), address),
    h(
      "label",
      { class: "field check" },
      wanted,
      h("span", { class: "field-label" }, "E-mail me when it is my turn"),
      h("small", { class: "help" }, "And a reminder before a deadline. Every e-mail has an unsubscribe link."),
    ),
    h("button", { type: "submit" }, "Save"),
  );
  // The fields are filled from the server's answer, which arrives late on a loaded
  // machine: until then they cannot be edited, so that answer never overwrites what
  // the player typed (and the form is aria-busy).
  const fields = [address, wanted, form.querySelector("button")];
  for (const field of fields) field.disabled = true;
  form.setAttribute("aria-busy", "true");
  api
    .email()
    .then((settings) => {
      address.value = settings.email || "";
      wanted.checked = settings.turns;
      for (const field of fields) field.disabled = false;
    })
    .catch(() => put(form, h("p", { class: "hint" }, "Sign in to get turn e-mails.")))
    .finally(() => form.setAttribute("aria-busy", "false"));
  return h("details", { class: "card notices" }, h("summary", {}, "Turn notices"), status, browser, form);
}
