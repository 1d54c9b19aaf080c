/*
 * Loaded first in every page the engines suite opens (the proxy puts it at the top of <head>, a
 * same-origin script the pages' CSP allows): it records what the page reports as broken (console
 * errors, script errors, failed resource loads, unhandled rejections) in window.__nuEngineLog, and
 * gives the checks a few look-ups that see through open shadow roots, by accessible name.
 * Plain ES5 in a file of its own: it runs in the page, untranspiled.
 */
(() => {
  var log = [];
  window.__nuEngineLog = log;
  var original = console.error;
  console.error = function () {
    log.push("console.error: " + Array.prototype.map.call(arguments, String).join(" "));
    return original.apply(this, arguments);
  };
  addEventListener(
    "error",
    (event) => {
      var target = event.target;
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
        log.push("page error: " + event.message);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => {
    var reason = event.reason;
    log.push("unhandled rejection: " + (reason && reason.message ? reason.message : String(reason)));
  });

  function roots(root, into) {
    into.push(root);
    var all = root.querySelectorAll("*");
    for (var i = 0; i < all.length; i++) if (all[i].shadowRoot) roots(all[i].shadowRoot, into);
    return into;
  }
  function all(selector) {
    var found = [];
    roots(document, []).forEach((root) => {
      Array.prototype.push.apply(found, root.querySelectorAll(selector));
    });
    return found;
  }
  function text(element) {
    return (element.textContent || "").replace(/\s+/g, " ").trim();
  }
  function name(element) {
    var label = element.getAttribute("aria-label");
    if (label) return label;
    var by = element.getAttribute("aria-labelledby");
    if (by) {
      var root = element.getRootNode();
      return by
        .split(/\s+/)
        .map((id) => {
          var part = root.getElementById ? root.getElementById(id) : null;
          return part ? text(part) : "";
        })
        .join(" ")
        .trim();
    }
    if (element.labels && element.labels.length) return text(element.labels[0]);
    return text(element);
  }
  function visible(element) {
    var box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
  }
  var KINDS = {
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
  function find(kind, wanted) {
    var test =
      wanted.charAt(0) === "/"
        ? new RegExp(wanted.slice(1, wanted.lastIndexOf("/")))
        : { test: (s) => s.indexOf(wanted) >= 0 };
    var list = all(KINDS[kind] || kind);
    for (var i = 0; i < list.length; i++) if (visible(list[i]) && test.test(name(list[i]))) return list[i];
    return null;
  }
  window.__nu = { all: all, find: find, name: name, text: text, visible: visible };
})();
