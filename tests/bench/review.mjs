// Benchmark (not a test): how long the hand review takes in the browser's
// worker, per preset. Plays hands at instant pace against basic players (the
// harness's stand-in decides for the human), opens "Review this hand" on each
// result and times from the click until every decision of the human is graded
// (the summary line shows), as a player waits: the duplicate replay for the
// rating, asked when the hand ended, runs first in the same worker and is
// part of the time. Then, from the same click, until the open-cards par is
// shown (it is asked after the grades), and from which trick it starts.
// Prints JSON per preset: p50/p95/max milliseconds to the grades, the
// decisions graded, `par_ms` (p50/p95/max) and `par_from_trick` (each hand's
// first trick of the par, 1 for the whole deal).
//
//   cargo xtask serve &   # or any static server of dist/
//   PINOCHLE_BASE_URL=http://127.0.0.1:8080/ node tests/bench/review.mjs [hands per preset]

import { humanStep, launchBrowser, TURN } from '../e2e/harness.mjs';
import { percentiles } from './percentiles.mjs';

const base = process.env.PINOCHLE_BASE_URL ?? 'http://127.0.0.1:8080/';
const hands = Number(process.argv[2] ?? 3);
const PRESETS = [
  ['brooklyn', 31],
  ['bison', 22],
  ['partnership', 33],
  ['double-deck', 24],
  ['club', 35],
];

const browser = await launchBrowser();
const result = {};
for (const [preset, seed] of PRESETS) {
  const times = [];
  const parTimes = [];
  const parFrom = [];
  let decisions = 0;
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${base}?game=${preset}&seed=${seed}&pace=instant&level=basic&autostart=1`, { waitUntil: 'load' });
  const state = { bid: false, results: 0 };
  while (times.length < hands) {
    await page.waitForSelector(TURN, { timeout: 120_000 });
    if (await page.getByTestId('game-over').count()) break;
    if (await page.getByTestId('result-panel').isVisible()) {
      const started = Date.now();
      await page.getByTestId('review').click();
      await page.getByTestId('review-summary').waitFor({ state: 'visible', timeout: 120_000 });
      times.push(Date.now() - started);
      decisions += await page.locator('[data-testid="grade"]').count();
      const par = page.locator('[data-testid="par"][data-done="true"]');
      await par.waitFor({ state: 'visible', timeout: 120_000 });
      parTimes.push(Date.now() - started);
      const parText = await par.innerText();
      const upTo = parText.match(/up to trick (\d+)/);
      parFrom.push(upTo ? Number(upTo[1]) : parText.includes('first trick') ? 1 : null);
      await page.getByTestId('review-close').click();
    }
    await humanStep(page, state);
  }
  result[preset] = { ...percentiles(times), decisions, par_ms: percentiles(parTimes), par_from_trick: parFrom };
  await page.context().close();
}
await browser.close();
console.log(JSON.stringify(result, null, 2));
