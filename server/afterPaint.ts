/**
 * A page that paints from its HTML (server/hostFrame.ts) requests its scripts only after that
 * first paint. Its paint needs no script, and a script requested before it counts against the
 * page's LCP in Lighthouse's simulation (Lantern counts every request started before the observed
 * LCP, at any priority: docs/performance.md), though in the browser the step is already painted.
 *
 * The starter is one fixed inline script (allowed by its CSP hash); what it starts is in its
 * `data-after-paint` attribute: the page's module script first, then the modules to download ahead
 * (warm: each in a task of its own: starting a request costs the page 1–4 ms of main thread, and the
 * six in one task made a 23 ms task right after the paint), then the chunks to prefetch (`data-prefetch`,
 * `<link rel="prefetch">`: another page's code, for a link the customer may follow). It
 * starts them when the browser reports the first contentful paint (where paint timing is not
 * supported: the task after the first frame), at the latest after 3 s; a hidden tab has no paint
 * to wait for: it starts at once.
 *
 * Until the shell has taken over the frame (HOST_LIVE_EVENT), a tap on the frame's language switch
 * is kept: the choice goes where hosts/language.ts reads it when the shell starts, so the page
 * turns to that language as soon as it is live instead of ignoring the tap. It listens in the
 * capture phase: the button's `lang` is read before any handler re-renders it.
 */
import { createHash } from "node:crypto";
import { HOST_LIVE_EVENT, LANG_STORAGE_KEY } from "../hosts/hostTexts.ts";

const KEEP_EARLY_LANGUAGE_TAP = `function early(e){var b=e.target.closest&&e.target.closest(".lang-switch");if(!b)return;try{localStorage.setItem(${JSON.stringify(LANG_STORAGE_KEY)},b.lang==="en"?"en":"zh-HK")}catch(x){}}document.addEventListener("click",early,true);document.addEventListener(${JSON.stringify(HOST_LIVE_EVENT)},function(){document.removeEventListener("click",early,true)});`;

export const AFTER_PAINT_SCRIPT = `(function(){${KEEP_EARLY_LANGUAGE_TAP}var s=document.currentScript,u=s.dataset.afterPaint.split(" "),p=(s.dataset.prefetch||"").split(" "),d=false,t=PerformanceObserver.supportedEntryTypes||[];function add(r,h){var l=document.createElement("link");l.rel=r;l.href=h;document.head.appendChild(l)}function go(){if(d)return;d=true;var m=document.createElement("script");m.type="module";m.crossOrigin="";m.src=u[0];document.head.appendChild(m);var i=1,j=0;(function next(){if(u.length>i)fetch(u[i++]).catch(function(){});else if(p[j])add("prefetch",p[j++]);else return;setTimeout(next)})()}document.addEventListener("visibilitychange",go);if(document.visibilityState==="hidden")return go();if(t.indexOf("paint")>=0)new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});else requestAnimationFrame(function(){setTimeout(go)});setTimeout(go,3000)})()`;

/**
 * Why the modules are downloaded ahead with `fetch()` and never with `<link rel="modulepreload">`:
 * WebKit remembers a modulepreload that failed (a moment without network) for the rest of the
 * session, for that URL, in every page: the import, a reload, a later visit all get the same
 * failure without a request, and the form never comes back. A failed `fetch()` is remembered
 * nowhere. The module's own import then finds the file in the HTTP cache (chunks are immutable; the
 * entry is revalidated). Pages that the server writes without a starter use WARM_SCRIPT.
 */
export const WARM_SCRIPT = `(function(){var u=document.currentScript.dataset.warm.split(" "),i=0;(function next(){if(i<u.length){fetch(u[i++]).catch(function(){});setTimeout(next)}})()})()`;

export const WARM_HASH = `'sha256-${createHash("sha256").update(WARM_SCRIPT).digest("base64")}'`;

/** Downloads `urls` (escaped by the caller) into the HTTP cache as the page's HTML is read. */
export function warmStarter(urls: string): string {
  return `<script data-warm="${urls}">${WARM_SCRIPT}</script>`;
}

export const AFTER_PAINT_HASH = `'sha256-${createHash("sha256").update(AFTER_PAINT_SCRIPT).digest("base64")}'`;

/**
 * The starter for `moduleScript` and `preloads` (`attribute`), then `prefetch`: chunks another page
 * may need, fetched into the HTTP cache at low priority (URLs the server wrote: escaped by the caller).
 */
export function afterPaintStarter(attribute: string, prefetch = ""): string {
  const prefetchAttribute = prefetch ? ` data-prefetch="${prefetch}"` : "";
  return `<script data-after-paint="${attribute}"${prefetchAttribute}>${AFTER_PAINT_SCRIPT}</script>`;
}
