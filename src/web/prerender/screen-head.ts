/**
 * Names shared by the SPA fallback's start script (spa-boot.ts, a build step) and the app (app/shell/screen-heads.tsx):
 * the attribute each screen's head in the fallback page carries, and the id of the style element that shows one.
 */
export const SCREEN_HEAD_ATTRIBUTE = "data-screen-head";
export const SCREEN_HEAD_STYLE_ID = "flagline-screen-head";
