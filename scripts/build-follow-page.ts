/**
 * The follow page (docs/product.md §15, issue #30), built after the app (`npm run build:web`): its script bundled and
 * minified by esbuild into build/client/assets/follow-<hash>.js, and build/client/follow.html written from
 * src/web/follow-page/page.html with that script's address. The server answers /follow/<token> with that page
 * (src/server/http/static.ts). The page is not part of the React app: its whole script is a few kilobytes.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { basename } from "node:path";
import { build } from "esbuild";

const CLIENT = "build/client";

const result = await build({
  entryPoints: ["src/web/follow-page/main.ts"],
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2020",
  outdir: `${CLIENT}/assets`,
  entryNames: "follow-[hash]",
  metafile: true,
  logLevel: "warning",
});
const script = Object.keys(result.metafile.outputs).find((f) => f.endsWith(".js"));
if (!script) throw new Error("esbuild wrote no script for the follow page");
const page = readFileSync("src/web/follow-page/page.html", "utf8").replace("%SCRIPT%", `/assets/${basename(script)}`);
writeFileSync(`${CLIENT}/follow.html`, page);
console.log(`follow page: /assets/${basename(script)}, ${result.metafile.outputs[script]!.bytes} bytes`);
