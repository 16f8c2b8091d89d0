// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_READY_EVENT, BOOT_SCRIPT } from "./defer-hydration";

/*
 * The boot script on its own, in a DOM: an app that is hydrating listens at its root (as React does), and the
 * visitor taps before the app has said it is ready. The tap must act exactly once, through the replay.
 */
function boot(): {
  button: HTMLButtonElement;
  form: HTMLFormElement;
  appClicks: () => number;
  appSubmits: () => number;
} {
  document.body.innerHTML = `<div id="root"><button type="button">Menu</button><form><input name="q" /><button type="submit">Go</button></form></div>`;
  vi.stubGlobal("fetch", () => new Promise(() => {}));
  new Function(BOOT_SCRIPT)();
  let clicks = 0;
  let submits = 0;
  const root = document.getElementById("root")!;
  root.addEventListener("click", (event) => {
    if ((event.target as HTMLElement).matches('button[type="button"]')) clicks += 1;
  });
  root.addEventListener("submit", (event) => {
    event.preventDefault();
    submits += 1;
  });
  return {
    button: root.querySelector('button[type="button"]')!,
    form: root.querySelector("form")!,
    appClicks: () => clicks,
    appSubmits: () => submits,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the public pages' boot script", () => {
  it("a button tapped while the app starts is pressed once, by the replay when the app is ready", () => {
    const { button, appClicks } = boot();
    button.click();
    expect(appClicks()).toBe(0);
    window.dispatchEvent(new Event(APP_READY_EVENT));
    expect(appClicks()).toBe(1);
    button.click();
    expect(appClicks()).toBe(2);
  });

  it("a form sent while the app starts is sent once, when the app is ready", () => {
    const { form, appSubmits } = boot();
    form.requestSubmit();
    expect(appSubmits()).toBe(0);
    window.dispatchEvent(new Event(APP_READY_EVENT));
    expect(appSubmits()).toBe(1);
  });
});
