/*
 * The command line the test suites give Debian's Chromium (docs/testing.md, "Chromium's own work").
 *
 * Headless Chromium 156 is the whole browser, and every window Playwright opens (one per browser context) also gets
 * the omnibox popup's WebUI: a second renderer process loading chrome://omnibox-popup.top-chrome/ and its AI-mode
 * page, which no test looks at. Measured on the two-core machine, six contexts each loading a public page: 11.2-12.2 s
 * and 8.7-9.5 s of Chromium CPU with it, 8.6-8.8 s and 5.6-5.8 s without; the axe journeys of a11y.spec.ts ran 2.6
 * and 2.2 minutes. Two features turn it off.
 *
 * Chromium honours only the last `--disable-features` on its command line, and Playwright puts its own list first,
 * so a second flag would silently drop Playwright's (paint holding, HTTPS upgrades, …). Playwright has no option to
 * add a feature to its list, hence the mirror below; chromium-flags.test.ts fails when the installed Playwright's
 * list differs from it, read from the command line Playwright actually builds.
 */

/** Playwright 1.65's own `--disable-features` list (playwright-core's chromiumSwitches.ts), in its order. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
] as const;

/** The browser's own UI that headless Chromium builds for every window and no page uses. */
export const UNUSED_BROWSER_UI_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"] as const;

/** Arguments after Playwright's defaults: no sandbox (root in a container), no background traffic, no GPU. */
export const PLAYWRIGHT_CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-gpu",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES].join(",")}`,
];
