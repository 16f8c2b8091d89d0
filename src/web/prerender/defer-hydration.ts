/**
 * Build step for the prerendered public pages (decision 0006): their HTML already holds the whole page, so the
 * app's JavaScript (React, React Router, the route modules: about 150 kB gzipped) starts only when it is
 * needed: on the visitor's first interaction, or at once when the visitor is signed in (the navigation is then
 * the coach's or the player's, which only the app renders).
 *
 * React Router's <Scripts/> writes `<link rel="modulepreload">` for every module of the page and one inline
 * `<script type="module">` that imports them and starts hydration. This step turns both inert (a rel and a type
 * the browser ignores) without moving them, and adds a small inline boot script that restores them in place, so
 * when React hydrates, the document is exactly what React Router rendered.
 */

/** What the inert copies are marked with. The boot script below uses the same strings. */
export const INERT_PRELOAD_REL = "flagline-modulepreload";
export const INERT_MODULE_TYPE = "flagline/module";
/** The event the app sends once it has hydrated (src/web/app/root.tsx). */
export const APP_READY_EVENT = "flagline:app-ready";
/** Set on <html> by the boot script when the session check says nobody is signed in (app.css reveals the
 * visitor navigation with it). */
const VISITOR_ATTRIBUTE = "data-visitor";
/** The role hint cookie and the attribute it becomes (src/web/lib/role-hint.ts: keep the two in step). */
const ROLE_HINT_COOKIE = "flagline-role";
const ROLE_HINT_ATTRIBUTE = "data-signed-in";

/**
 * The boot script, run inline in the page's <head>. Plain ES2020 as a string: it is not bundled, and a function's
 * source from the bundled config could carry helper calls the page does not have.
 *
 * - Starts the app (once the document is parsed): restores the modulepreload links (the browser fetches them) and replaces each inert module
 *   script with a live copy (same text, so the page's CSP hash still allows it).
 * - Triggers: a pointer or touch press, a key, focus moving into the page, the wheel; or a signed-in session.
 * - What the visitor did before the app ran is kept: text typed and boxes ticked are recorded and, once the app
 *   says it is ready (after its forms have set their initial values), written back through the native setter with
 *   an input event, which React and react-hook-form take as the visitor's edit. A form submitted meanwhile is held
 *   (the submit is cancelled, so it never goes to the server as a plain GET) and a button clicked meanwhile (not a
 *   submit button: its submit is held) is remembered; the last of them is replayed after the edits. The original
 *   event goes no further than the window, so the app never handles it as well as its replay.
 * - The session check (GET /api/session, 200 for visitors too, so their console logs no failed request): signed in
 *   starts the app; anything else (not signed in, no answer) marks the page as a visitor's, which shows the
 *   visitor navigation the prerendered page holds.
 * - The role hint cookie (lib/role-hint.ts), read first: <html data-signed-in="coach|player"> before the first
 *   paint, so the home page offers a signed-in visitor their dashboard at once (app.css); cleared when the session
 *   check says nobody is signed in.
 */
export const BOOT_SCRIPT = `(function () {
  var d = document, w = window, started = false, ready = false, replay = null, edits = [];
  // The role hint (lib/role-hint.ts), before the first paint: a signed-in visitor's calls to action show at once.
  var hint = /(?:^|;\\s*)${ROLE_HINT_COOKIE}=(coach|player)(?:;|$)/.exec(d.cookie);
  if (hint) d.documentElement.setAttribute("${ROLE_HINT_ATTRIBUTE}", hint[1]);
  function start() {
    if (started) return;
    started = true;
    // The session check can answer while the body is still parsing: the module script is at its end.
    if (d.readyState === "loading") d.addEventListener("DOMContentLoaded", run);
    else run();
  }
  function run() {
    d.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]').forEach(function (link) { link.rel = "modulepreload"; });
    d.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]').forEach(function (inert) {
      var live = d.createElement("script");
      for (var i = 0; i < inert.attributes.length; i++) live.setAttribute(inert.attributes[i].name, inert.attributes[i].value);
      live.type = "module";
      live.textContent = inert.textContent;
      inert.replaceWith(live);
    });
  }
  function early(event) {
    if (ready) return;
    var target = event.target;
    if (event.type === "submit") {
      event.preventDefault();
      replay = function () { target.requestSubmit(); };
    } else {
      var button = target && target.closest ? target.closest("button") : null;
      if (!button || button.type === "submit") return;
      replay = function () { button.click(); };
    }
    // The replay is the one that counts: React, once hydrating, would act on this event too, and a toggle done
    // twice (here and by the replay) looks like nothing happened.
    event.stopPropagation();
    start();
  }
  function edited(event) {
    var field = event.target;
    if (ready || !field || !/^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName)) return;
    edits = edits.filter(function (edit) { return edit.field !== field; });
    edits.push({ field: field, value: field.value, checked: field.checked });
  }
  function restore(edit) {
    var field = edit.field;
    if (field.type === "checkbox" || field.type === "radio") {
      if (field.checked !== edit.checked) field.click();
      return;
    }
    if (field.value === edit.value) return;
    var proto = Object.getPrototypeOf(field);
    Object.getOwnPropertyDescriptor(proto, "value").set.call(field, edit.value);
    field.dispatchEvent(new Event(field.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
  }
  w.addEventListener("${APP_READY_EVENT}", function () {
    ready = true;
    edits.forEach(restore);
    var run = replay;
    edits = [];
    replay = null;
    if (run) run();
  }, { once: true });
  w.addEventListener("submit", early, true);
  w.addEventListener("click", early, true);
  w.addEventListener("input", edited, true);
  w.addEventListener("change", edited, true);
  ["pointerdown", "touchstart", "keydown", "focusin", "wheel"].forEach(function (type) {
    w.addEventListener(type, start, { capture: true, passive: true, once: true });
  });
  fetch("/api/session", { credentials: "same-origin", headers: { Accept: "application/json" } })
    .then(function (response) { return response.ok ? response.json() : null; })
    .then(function (state) { return state && state.signedIn ? state : null; }, function () { return null; })
    .then(function (state) {
      if (state) {
        if (state.role) d.documentElement.setAttribute("${ROLE_HINT_ATTRIBUTE}", state.role);
        start();
      } else {
        d.documentElement.setAttribute("${VISITOR_ATTRIBUTE}", "");
        if (hint) {
          // A stale hint (the session ended elsewhere): the visitor's page after all.
          d.documentElement.removeAttribute("${ROLE_HINT_ATTRIBUTE}");
          d.cookie = "${ROLE_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax" + (location.protocol === "https:" ? "; Secure" : "");
        }
      }
    });
})();`;

const PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /<script type="module"/g;

/**
 * Rewrites one prerendered page. Throws when the page does not look like React Router's output (no module
 * script, or a script already inert), so a React Router upgrade that changes it fails the build instead of
 * shipping a page that never starts.
 */
export function deferHydration(html: string): string {
  if (html.includes(INERT_MODULE_TYPE)) throw new Error("deferHydration: the page is already deferred");
  const modules = html.match(MODULE_SCRIPT)?.length ?? 0;
  if (modules !== 1) throw new Error(`deferHydration: expected one <script type="module">, found ${modules}`);
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) throw new Error("deferHydration: the page has no </head>");
  const withBoot = `${html.slice(0, headEnd)}<script>${BOOT_SCRIPT}</script>${html.slice(headEnd)}`;
  return withBoot
    .replace(PRELOAD, `<link rel="${INERT_PRELOAD_REL}"`)
    .replace(MODULE_SCRIPT, `<script type="${INERT_MODULE_TYPE}"`);
}
