// Shared helpers for the e2e suite: launching Debian's Chromium through
// playwright-core, and watching every request a page makes.

import { before, after } from 'node:test';
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Base URL of the served dist/, set by `cargo xtask test`. */
export function baseUrl() {
  const url = process.env.PINOCHLE_BASE_URL;
  if (!url) {
    throw new Error(
      'PINOCHLE_BASE_URL is not set: run the e2e suite with `cargo xtask test --only e2e`, ' +
        'which builds dist/ and serves it on 127.0.0.1',
    );
  }
  return url;
}

/** Chromium flags for a root user on a machine without outside network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export async function launchBrowser() {
  // launch() always starts with a fresh temporary profile (user-data-dir).
  return chromium.launch({
    executablePath: process.env.PINOCHLE_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/**
 * Opens a page in a fresh context that records requests, refuses (aborts) any
 * request to a host other than 127.0.0.1, and collects console/page errors.
 * `touch` makes it a phone's: touch events, and the media a finger matches
 * (`pointer: coarse`, `hover: none`), as the page's phone styles expect.
 */
export async function openPage(browser, { touch = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, hasTouch: touch });
  const problems = { errors: [], warnings: [], requests: [], offsite: [], responses: [] };
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    const local = url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:';
    if (local) {
      return route.continue();
    }
    problems.offsite.push(url.href);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  page.on('request', (req) => problems.requests.push(req.url()));
  page.on('response', (res) =>
    problems.responses.push({
      url: res.url(),
      status: res.status(),
      contentType: res.headers()['content-type'] ?? '',
    }),
  );
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.errors.push(`console: ${msg.text()}`);
    if (msg.type() === 'warning') problems.warnings.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.errors.push(`pageerror: ${err.message}`));
  return { context, page, problems };
}

/** Saves a full-page screenshot to tests/artifacts/<name>.png. */
export async function screenshot(page, name) {
  const dir = process.env.PINOCHLE_ARTIFACTS || path.join(import.meta.dirname ?? '.', '..', 'artifacts');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  // Shows the table as a player sees it once it is still. A page still
  // moving after 3 s is taken as it is: a screenshot is not a check.
  await stillness(page, 3_000).catch(() => {});
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until the page is still: cards sliding into the trick or the hand
 * are half transparent and out of place until their animations end (the
 * endless "thinking" dots do not count).
 */
export function stillness(page, timeout = 30_000) {
  return page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
    null,
    { timeout },
  );
}

/** What shows when the human may act, or a hand result or the game's end is up. */
export const TURN =
  '[data-testid="result-panel"], [data-testid="game-over"], [data-testid="controls"] [data-action], [data-testid="hand"] [data-action]';

/**
 * Launches Chromium before a test file's tests and closes it after them; the
 * returned object's `browser` holds it meanwhile.
 */
export function sharedBrowser() {
  const shared = { browser: null };
  before(async () => {
    shared.browser = await launchBrowser();
  });
  after(async () => {
    await shared.browser?.close();
  });
  return shared;
}

/**
 * Chooses one of the table's tools (New game, Rules, Sound…) by its test id,
 * opening the Menu first where a phone keeps them behind it.
 */
export async function tableTool(page, testId) {
  const tool = page.getByTestId(testId);
  if (!(await tool.isVisible())) await page.getByTestId('table-options').click();
  await tool.click();
}

/**
 * Burying or passing: chooses the first cards that may be chosen, one at a
 * time, until the selection is complete, then confirms it and waits until the
 * position changes.
 */
export async function confirmSelection(page, timeout = 30_000) {
  const confirm = page.getByTestId('confirm-selection');
  const ticket = await page.getByTestId('game').getAttribute('data-ticket');
  const chosen = () => page.locator('[data-testid="hand"] [data-selected]').count();
  while (await confirm.isDisabled()) {
    const before = await chosen();
    await page.locator('[data-testid="hand"] [data-action]').first().click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="hand"] [data-selected]').length === n + 1,
      before,
      { timeout },
    );
  }
  await confirm.click();
  await page.waitForFunction(
    (t) => {
      const g = document.querySelector('[data-testid="game"]');
      return !g || g.dataset.ticket !== t || document.querySelector('[data-testid="result-panel"]');
    },
    ticket,
    { timeout },
  );
}

/**
 * Takes one human step: burying or passing (see `confirmSelection`), the next hand after a result (counted in
 * `state.results`; nothing when `state.stopAtResult`), else a bid once per hand then passes, play on, keep, or the
 * first enabled control; then waits until the position changes.
 */
export async function humanStep(page, state, timeout = 30_000) {
  if (await page.getByTestId('confirm-selection').count()) {
    await confirmSelection(page, timeout);
    return;
  }
  if (await page.getByTestId('result-panel').isVisible()) {
    // A test that stops at the first result must not lose it to a race
    // between its own check and this one.
    if (state.stopAtResult) return;
    state.results = (state.results ?? 0) + 1;
    state.bid = false;
    await page.getByTestId('next-hand').click();
    return;
  }
  const actions = await page.$$eval(
    '[data-testid="controls"] [data-action], [data-testid="hand"] [data-action]',
    // (An element may lose its action while Playwright collects them.)
    (els) => els.map((el) => el.getAttribute('data-action')).filter((a) => a !== null),
  );
  if (actions.length === 0) return;
  const bid = actions.find((a) => a.startsWith('bid '));
  let pick = actions[0];
  if (bid && !state.bid) {
    state.bid = true;
    pick = bid;
  } else if (bid && actions.includes('pass')) pick = 'pass';
  else if (actions.includes('play')) pick = 'play';
  else if (actions.includes('keep')) pick = 'keep';
  const ticket = await page.getByTestId('game').getAttribute('data-ticket');
  try {
    await page.locator(`[data-action="${pick}"]`).first().click({ timeout: 10_000 });
  } catch (e) {
    // The position moved on under the click (a card sliding, a pause that
    // ended): look at the table again, a few times at most.
    state.missedClicks = (state.missedClicks ?? 0) + 1;
    if (state.missedClicks > 2) throw e;
    return;
  }
  state.missedClicks = 0;
  await page.waitForFunction(
    (t) => {
      const g = document.querySelector('[data-testid="game"]');
      return !g || g.dataset.ticket !== t || document.querySelector('[data-testid="result-panel"]');
    },
    ticket,
    { timeout },
  );
}
