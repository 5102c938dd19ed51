// Benchmark (not a test): how long the coach's analysis takes in the browser's
// worker, per decision kind and per preset. Drives real games at instant pace
// against basic players, asks for a hint at every decision of the human (the
// bid advisor's analysis is the same request in the auction) and plays the
// recommended action. Prints JSON: p50/p95/max milliseconds from the click to
// the recommended action in the page (by the page's clock), and the count, per
// preset and kind.
// PINOCHLE_THINK_MS waits that long before each click, as a player looks at
// the table first (the coach analyses a decision before it is asked once the
// player keeps asking; 0, the default, clicks at once). PINOCHLE_LEVEL sets
// the computer players, who are also the coach's opponents (default basic;
// at an expert table where partners exchange cards, a bid hint reads each
// other seat's limit as the expert's, its costliest analysis).
//
//   cargo xtask serve &   # or any static server of dist/
//   PINOCHLE_BASE_URL=http://127.0.0.1:8080/ node tests/bench/coach.mjs [hands per preset]

import { confirmSelection, launchBrowser } from '../e2e/harness.mjs';
import { percentiles } from './percentiles.mjs';

const base = process.env.PINOCHLE_BASE_URL ?? 'http://127.0.0.1:8080/';
const hands = Number(process.argv[2] ?? 2);
const thinkMs = Number(process.env.PINOCHLE_THINK_MS ?? 0);
const level = process.env.PINOCHLE_LEVEL ?? 'basic';
if (!['basic', 'standard', 'expert'].includes(level)) {
  console.error(`PINOCHLE_LEVEL: unknown level '${level}' (basic, standard or expert)`);
  process.exit(2);
}
const PRESETS = ['brooklyn', 'bison', 'partnership', 'double-deck', 'club'];

function kindOf(phase) {
  if (phase === 'auction') return 'bid';
  if (phase === 'play') return 'card';
  return phase;
}

const browser = await launchBrowser();
const result = {};
for (const preset of PRESETS) {
  const times = {};
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${base}?game=${preset}&seed=7&pace=instant&level=${level}&autostart=1`, { waitUntil: 'load' });
  let done = 0;
  for (let step = 0; step < 2000 && done < hands; step++) {
    await page.waitForSelector(
      '[data-testid="result-panel"], [data-testid="game-over"], [data-testid="controls"] [data-action], [data-testid="hand"] [data-action]',
      { timeout: 120_000 },
    );
    if (await page.getByTestId('result-panel').isVisible()) {
      done++;
      await page.getByTestId('next-hand').click();
      continue;
    }
    if (await page.getByTestId('game-over').isVisible()) break;
    const game = page.getByTestId('game');
    const phase = await game.getAttribute('data-phase');
    const ticket = await game.getAttribute('data-ticket');
    if (thinkMs > 0) await page.waitForTimeout(thinkMs);
    // Timed by the page's clock, from the click's event to the rows in the
    // document (Playwright's own round trips, 30 to 100 ms, left out).
    await page.evaluate(() => {
      window.__hintTimes = {};
      document.addEventListener('click', () => { window.__hintTimes.click = performance.now(); }, { capture: true, once: true });
      const seen = () => document.querySelector('[data-testid="hint-panel"] [data-action]');
      const observer = new MutationObserver(() => {
        if (window.__hintTimes.click !== undefined && seen()) {
          window.__hintTimes.rows = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    // (An action can show a moment before the turn is the player's: the
    // Hint button is enabled with it.)
    await page.waitForSelector('[data-testid="hint"]:not([disabled])', { timeout: 120_000 });
    await page.getByTestId('hint').click();
    await page.locator('[data-testid="hint-panel"] [data-action]').waitFor({ state: 'attached', timeout: 120_000 });
    const ms = Math.round(await page.evaluate(() => window.__hintTimes.rows - window.__hintTimes.click));
    (times[kindOf(phase)] ??= []).push(ms);
    const action = await page.locator('[data-testid="hint-panel"] [data-action]').getAttribute('data-action');
    if (action.startsWith('bid ')) await page.getByTestId('bid-amount').selectOption(action.slice(4));
    await page
      .locator(`[data-testid="controls"] [data-action="${action}"], [data-testid="hand"] [data-action="${action}"]`)
      .first()
      .click();
    const choosing = ['bury', 'passing', 'partner exchange'].includes(phase);
    if (choosing && (await page.getByTestId('confirm-selection').count())) {
      // A bury or pass is chosen card by card, then confirmed (a trump named
      // may open the bury: that is the next decision, hinted in turn).
      await confirmSelection(page, 120_000);
      continue;
    }
    await page.waitForFunction(
      (t) => document.querySelector('[data-testid="game"]')?.dataset.ticket !== t ||
        document.querySelector('[data-testid="result-panel"]'),
      ticket,
      { timeout: 120_000 },
    );
  }
  result[preset] = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, percentiles(v)]));
  await page.context().close();
}
const all = Object.values(result).flatMap((kinds) => Object.values(kinds));
console.log(JSON.stringify({ hands_per_preset: hands, think_ms: thinkMs, level, by_preset: result, requests: all.reduce((n, s) => n + s.count, 0) }, null, 2));
await browser.close();
