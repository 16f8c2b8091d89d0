/* `node --import` entry for vitest's workers: registers fast-password-hooks.mjs. */
import { register } from "node:module";

register("./fast-password-hooks.mjs", import.meta.url);
