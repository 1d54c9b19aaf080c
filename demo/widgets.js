// The gallery's own behaviour: an on-page log of every nu-* event (tests read it), buttons that
// open the dialogs, and a pretend e-mail sender that drives the send button's states.

const EVENTS = ["nu-change", "nu-confirm", "nu-cancel", "nu-error", "nu-send"];
const log = document.getElementById("event-log");

function record(event) {
  const source = event.target instanceof Element ? event.target.id || event.target.localName : "?";
  const line = document.createElement("div");
  line.className = "event-line";
  line.dataset.source = source;
  line.dataset.type = event.type;
  line.textContent = `${source} ${event.type} ${JSON.stringify(event.detail ?? null)}`;
  log.prepend(line);
}

for (const type of EVENTS) document.addEventListener(type, record);

document.getElementById("event-log-clear").addEventListener("click", () => log.replaceChildren());

// Dialogs: the element closes itself and sets its own `open` back to false, so setting it to
// true opens it again.
for (const button of document.querySelectorAll("[data-open]")) {
  button.addEventListener("click", () => {
    document.getElementById(button.dataset.open)?.setAttribute("open", "true");
  });
}

for (const button of document.querySelectorAll("[data-error-target]")) {
  button.addEventListener("click", () => {
    document.getElementById(button.dataset.errorTarget)?.setAttribute("message", "請先填寫所有必填欄位。");
  });
}

// A pretend mail sender: "sending", then "sent" after a moment (or "error" for an address with "fail").
document.addEventListener("nu-send", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLElement) || input.localName !== "nu-email-input") return;
  input.setAttribute("status", "sending");
  setTimeout(() => {
    input.setAttribute("status", event.detail.email.includes("fail") ? "error" : "sent");
  }, 1500);
});
