// Benchmark (not a test): how long the coach's analysis takes in the browser's
// worker, per decision kind and per preset. Drives real games at instant pace
// against basic players, asks for a hint at every decision of the human (the
// bid advisor's analysis is the same request in the auction) and plays the
// recommended action. Prints JSON: p50/p95/max milliseconds from the click to
// the recommended action on screen, and the count, per preset and kind.
//
//   cargo xtask serve &   # or any static server of dist/
//   PINOCHLE_BASE_URL=http://127.0.0.1:8080/ node tests/bench/coach.mjs [hands per preset]

import { confirmSelection, launchBrowser } from '../e2e/harness.mjs';
import { percentiles } from './percentiles.mjs';

const base = process.env.PINOCHLE_BASE_URL ?? 'http://127.0.0.1:8080/';
const hands = Number(process.argv[2] ?? 2);
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
  await page.goto(`${base}?game=${preset}&seed=7&pace=instant&level=basic&autostart=1`, { waitUntil: 'load' });
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
    const t0 = Date.now();
    await page.getByTestId('hint').click();
    await page.locator('[data-testid="hint-panel"] [data-action]').waitFor({ state: 'attached', timeout: 120_000 });
    const ms = Date.now() - t0;
    (times[kindOf(phase)] ??= []).push(ms);
    const action = await page.locator('[data-testid="hint-panel"] [data-action]').getAttribute('data-action');
    if (action.startsWith('bid ')) await page.getByTestId('bid-amount').selectOption(action.slice(4));
    await page
      .locator(`[data-testid="controls"] [data-action="${action}"], [data-testid="hand"] [data-action="${action}"]`)
      .first()
      .click();
    if (await page.getByTestId('confirm-selection').count()) {
      // A bury or pass is chosen card by card, then confirmed.
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
console.log(JSON.stringify({ hands_per_preset: hands, by_preset: result, requests: all.reduce((n, s) => n + s.count, 0) }, null, 2));
await browser.close();
