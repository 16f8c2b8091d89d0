/*
 * The server's own HTML pages (decision 0042): the public league pages, answered as finished HTML with no script,
 * so a parent's phone on a Saturday morning shows the standings in its first paint. Markup is written with the
 * `html` tag below, which escapes every value put into it unless the value is markup made by the tag itself: a
 * league or team name can never become markup.
 */

/** Markup made by `html` (or `page`): put into another `html` template as it is, never escaped again. */
export class SafeHtml {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** What a template may hold: text (escaped), markup, a list of them, or nothing (null, undefined, false). */
export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for an element's content and for a quoted attribute's value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof SafeHtml) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** A piece of markup: the template's own text as written, every value escaped (see the top of this file). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new SafeHtml(out);
}

/**
 * These pages' Content-Security-Policy: no script at all, their one inline stylesheet, forms only to this server.
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/*
 * The whole stylesheet: small enough to come in the page (no second request before the first paint), in the app's
 * colours (the field green of the header, stone text). Tables scroll sideways inside their card on a phone. A card
 * off the screen is not laid out until it nears it (content-visibility): a 200-team league's page is 8 tables and a
 * day of 100 games, and laying them all out at once was most of a slow phone's first second.
 */
const STYLE = `
:root{color-scheme:light;--field:#10402a;--link:#14532d;--ink:#1c1917;--muted:#57534e;--line:#e7e5e4;--mine:#f0fdf4}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fafaf9}
.bar{background:var(--field);color:#fff;padding:.6rem 1rem;font-weight:700}
.bar a{color:#fff;text-decoration:none}
main{max-width:64rem;margin:0 auto;padding:1.25rem 1rem 3rem;min-height:100vh}
h1{font-size:1.9rem;line-height:1.2;margin:.15rem 0 .4rem;letter-spacing:-.01em}
h2{font-size:1.4rem;margin:2.25rem 0 .75rem}
h3{font-size:1.05rem;margin:0 0 .4rem}
h4{font-size:.95rem;margin:0 0 .25rem}
a{color:var(--link)}
.eyebrow{margin:0;font-size:.8rem;font-weight:700;letter-spacing:.06em;text-transform:uppercase;color:var(--link)}
.muted{color:var(--muted)}
.record{font-size:1.15rem;font-weight:600;margin:0;font-variant-numeric:tabular-nums}
.card{background:#fff;border:1px solid var(--line);border-radius:.75rem;padding:.9rem 1rem;margin:0 0 1rem}
.scroll{content-visibility:auto;contain-intrinsic-size:auto 30rem}
.scroll:first-of-type{content-visibility:visible}
.scroll{overflow-x:auto}
table{width:100%;border-collapse:collapse;font-size:.9rem;font-variant-numeric:tabular-nums}
caption{text-align:left;font-weight:700;font-size:1.05rem;padding-bottom:.4rem}
th,td{padding:.3rem .5rem .3rem 0;text-align:left;white-space:nowrap}
thead th{color:var(--muted);font-weight:600}
tbody tr{border-top:1px solid var(--line)}
.n{text-align:right}
tr[aria-current]{background:var(--mine)}
ul.games,ol.round{list-style:none;margin:0;padding:0}
ul.games li,ol.round li{border-top:1px solid var(--line);padding:.45rem 0;font-size:.92rem}
ul.games li:first-child,ol.round li:first-child{border-top:0}
ul.games+ul.games{border-top:1px solid var(--line)}
ul.later{content-visibility:auto;contain-intrinsic-size:auto 12rem}
.time{display:inline-block;min-width:3.4rem;font-weight:600;font-variant-numeric:tabular-nums}
.score{margin-left:.4rem;font-variant-numeric:tabular-nums}
.cancelled{margin-left:.4rem;color:#991b1b}
.line{display:block}
.place{display:block;color:var(--muted);font-size:.85rem;padding-left:3.4rem}
.rounds{display:grid;gap:1rem}
@media (min-width:48rem){.rounds{grid-template-columns:repeat(auto-fit,minmax(14rem,1fr))}}
form.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;margin:0 0 .75rem}
label{display:flex;flex-direction:column;font-size:.85rem;font-weight:600;gap:.2rem}
select,button{font:inherit;font-size:1rem;min-height:2.75rem;border-radius:.5rem;border:1px solid #a8a29e;padding:.35rem .6rem;background:#fff;color:var(--ink)}
button{background:var(--field);border-color:var(--field);color:#fff;font-weight:600;padding:.35rem 1rem}
nav.days{display:flex;justify-content:space-between;gap:1rem;margin:0 0 1rem;font-size:.95rem}
nav.days a{display:inline-block;padding:.6rem 0}
footer{max-width:64rem;margin:0 auto;padding:1rem;color:var(--muted);font-size:.85rem}
`;

/** A whole page: the document around `body`, with its title and description. */
export function page({ title, description, body }: { title: string; description: string; body: SafeHtml }): string {
  return `<!doctype html>${
    html`<html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#10402a" />
        <meta name="referrer" content="no-referrer" />
        <meta name="description" content="${description}" />
        <title>${title}</title>
        <link rel="icon" href="/favicon.png" sizes="32x32" type="image/png" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180" />
        <style>
          ${new SafeHtml(STYLE)}
        </style>
      </head>
      <body>
        <header class="bar"><a href="/">Flagline</a></header>
        <main>${body}</main>
        <footer>
          Team names only: no player, child or photo is shown on a league's public pages. Times are local to the league.
        </footer>
      </body>
    </html>`.text
  }`;
}

/**
 * A page that only says something: a league that is not there, a filter that is not the league's, a failure.
 * `reference`: the request's id, shown small, so a screenshot of a failure finds its line in the server's log.
 */
export function messagePage(
  title: string,
  message: string,
  back?: { href: string; label: string },
  reference?: string,
): string {
  return page({
    title: `${title} · Flagline`,
    description: message,
    body: html`<h1>${title}</h1>
      <p>${message}</p>
      ${reference ? html`<p class="muted">Reference: <code>${reference}</code></p>` : null}
      ${back ? html`<p><a href="${back.href}">${back.label}</a></p>` : null}`,
  });
}
