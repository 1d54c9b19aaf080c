/*
 * Loaded first in every page the engines suite opens (the proxy puts it at the top of <head>, a
 * same-origin script the pages' CSP allows): it records what the page reports as broken (console
 * errors, script errors, failed resource loads, unhandled rejections) in window.__nuEngineLog, and
 * gives the checks a few look-ups that see through open shadow roots, by accessible name.
 * A plain script in a file of its own: it runs in the page as it is, untranspiled.
 */
(() => {
  const log = [];
  window.__nuEngineLog = log;
  const original = console.error;
  console.error = (...parts) => {
    log.push(`console.error: ${parts.map(String).join(" ")}`);
    return original.apply(console, parts);
  };
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target && target !== window && target.tagName) {
        log.push(
          "resource error: <" +
            target.tagName.toLowerCase() +
            " rel=" +
            (target.rel || "") +
            "> " +
            (target.href || target.src),
        );
      } else {
        log.push(`page error: ${event.message}`);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    log.push(`unhandled rejection: ${reason?.message ? reason.message : String(reason)}`);
  });

  const roots = function roots(root, into) {
    into.push(root);
    const all = root.querySelectorAll("*");
    for (let i = 0; i < all.length; i++) if (all[i].shadowRoot) roots(all[i].shadowRoot, into);
    return into;
  };
  const all = function all(selector) {
    const found = [];
    roots(document, []).forEach((root) => {
      Array.prototype.push.apply(found, root.querySelectorAll(selector));
    });
    return found;
  };
  const text = function text(element) {
    return (element.textContent || "").replace(/\s+/g, " ").trim();
  };
  const name = function name(element) {
    const label = element.getAttribute("aria-label");
    if (label) return label;
    const by = element.getAttribute("aria-labelledby");
    if (by) {
      const root = element.getRootNode();
      return by
        .split(/\s+/)
        .map((id) => {
          const part = root.getElementById ? root.getElementById(id) : null;
          return part ? text(part) : "";
        })
        .join(" ")
        .trim();
    }
    if (element.labels?.length) return text(element.labels[0]);
    return text(element);
  };
  /** Inside an `inert` or `aria-hidden` subtree (the server's still picture of a step), across shadow roots. */
  const outOfReach = function outOfReach(element) {
    for (let node = element; node; node = node.parentNode || node.host) {
      if (node.nodeType === 1 && (node.hasAttribute("inert") || node.getAttribute("aria-hidden") === "true"))
        return true;
    }
    return false;
  };
  const visible = function visible(element) {
    const box = element.getBoundingClientRect();
    return (
      box.width > 0 &&
      box.height > 0 &&
      getComputedStyle(element).visibility !== "hidden" &&
      !outOfReach(element)
    );
  };
  const KINDS = {
    button: "button, [role=button], a.button",
    link: "a[href]",
    textbox:
      "input:not([type]), input[type=text], input[type=email], input[type=tel], input[type=search], input[type=password], textarea, [role=combobox]",
    combobox: "select, [role=combobox]",
    checkbox: "input[type=checkbox]",
    radio: "input[type=radio]",
    option: "[role=option]",
    heading: "h1, h2, h3",
    dialog: "dialog",
    any: "*",
  };
  /** The first visible element of a kind whose accessible name contains `name` (or matches /re/). */
  const find = function find(kind, wanted) {
    const test =
      wanted.charAt(0) === "/"
        ? new RegExp(wanted.slice(1, wanted.lastIndexOf("/")))
        : { test: (s) => s.indexOf(wanted) >= 0 };
    const list = all(KINDS[kind] || kind);
    for (let i = 0; i < list.length; i++) if (visible(list[i]) && test.test(name(list[i]))) return list[i];
    return null;
  };
  /**
   * Where a press on the element would land: its box, and whether the element (or a node inside
   * it, across shadow roots) is what the page has at its centre. The drivers press only once two
   * reads agree and it is on top, as Playwright waits for an element to be stable.
   */
  const at = function at(element) {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    let hit = document.elementFromPoint(x, y);
    while (hit?.shadowRoot) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    let onTop = false;
    for (let node = hit; node; node = node.parentNode || node.host) {
      if (node === element) {
        onTop = true;
        break;
      }
    }
    return [box.left, box.top, box.width, box.height, onTop].join(" ");
  };
  window.__nu = { all: all, at: at, find: find, name: name, text: text, visible: visible };
})();
