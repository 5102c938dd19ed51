// The hand review and the statistics, end to end in every preset: finish a
// hand, open "Review this hand", step through it with the buttons and the
// arrow keys, wait until every decision of the human is graded (each `grade`
// has its data-grade and data-cost; Brooklyn's call of the auction among
// them) and the open-cards par is shown, export
// the hand's record; see the score chart on the score sheet; go back to the
// start screen and find the hand counted in the statistics with its
// duplicate rating; then import the exported record ("Review a saved hand…")
// and see the same hand replayed and graded again. A claimed hand's list
// names the moves its claim played out. Instant pace, basic players, one
// hand each (screenshots review-, import- and score-chart-<preset>-<w>x<h>.png
// at both sizes, statistics-<w>x<h>.png).
// Last, in bison on a phone, the hand just finished is played again from its
// review (play-again-bison-360x740.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { openPage, baseUrl, screenshot, sharedBrowser, humanStep, tableTool, TURN } from './harness.mjs';

const shared = sharedBrowser();

const PRESETS = [
  { id: 'brooklyn', seed: 31, size: { width: 1280, height: 800 } },
  { id: 'bison', seed: 22, size: { width: 360, height: 740 } },
  { id: 'partnership', seed: 33, size: { width: 1280, height: 800 } },
  { id: 'double-deck', seed: 24, size: { width: 360, height: 740 } },
  { id: 'club', seed: 35, size: { width: 1280, height: 800 } },
];

const GRADES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'];

// Waits until the review shows the position before move `step` (a click's
// redraw may come a frame later), failing with `what`.
async function stepShown(page, step, what) {
  await page
    .locator(`[data-testid="review-panel"][data-step="${step}"]`)
    .waitFor({ timeout: 5_000 })
    .catch(() => assert.fail(`${what}: the review does not reach step ${step}`));
}

for (const preset of PRESETS) {
  test(`${preset.id}: a finished hand is reviewed, graded and counted`, { timeout: 240_000 }, async () => {
    const { page, context } = await openPage(shared.browser);
    try {
      await page.setViewportSize(preset.size);
      await page.goto(`${baseUrl()}?game=${preset.id}&seed=${preset.seed}&pace=instant&level=basic&autostart=1`, {
        waitUntil: 'load',
      });
      const state = { bid: false, results: 0, stopAtResult: true };
      for (let i = 0; i < 600; i++) {
        await page.waitForSelector(TURN, { timeout: 60_000 });
        if (await page.getByTestId('result-panel').isVisible()) break;
        // The play-or-concede prompt says what the contract needs and what each choice costs.
        if (!state.shot && (await page.locator('[data-testid="controls"] [data-action="concede"]').count())) {
          state.shot = true;
          await screenshot(page, `prompt-with-numbers-${preset.id}`);
        }
        await humanStep(page, state);
      }
      await page.getByTestId('review').click();
      const panel = page.getByTestId('review-panel');
      await panel.waitFor({ state: 'visible' });
      assert.equal(await panel.getAttribute('data-step'), '0');
      await page.getByTestId('review-step-next').click();
      await page.getByTestId('review-step-next').click();
      await stepShown(page, 2, 'the Next button steps');
      await page.getByTestId('review-step-prev').click();
      await stepShown(page, 1, 'the Previous button steps back');
      await page.keyboard.press('ArrowRight');
      await stepShown(page, 2, 'the arrow keys step');
      await page.keyboard.press('End');
      // Every decision of the human graded by the coach in the worker.
      await page.getByTestId('review-summary').waitFor({ state: 'visible', timeout: 120_000 });
      // The same verdict heads the review, where a phone shows it before the hands.
      const summary = await page.getByTestId('review-summary').innerText();
      assert.equal(await page.getByTestId('review-verdict').innerText(), `Your decisions: ${summary} See them`);
      const grades = await page.locator('[data-testid="grade"]').evaluateAll((els) =>
        els.map((e) => ({ grade: e.dataset.grade, cost: e.dataset.cost })),
      );
      assert.ok(grades.length > 0, 'the human decided something and it is graded');
      for (const g of grades.filter((g) => g.grade !== 'ungraded')) {
        assert.ok(GRADES.includes(g.grade), `a known grade: ${g.grade}`);
        assert.ok(Number(g.cost) >= 0, `a cost: ${g.cost}`);
      }
      assert.ok(grades.some((g) => GRADES.includes(g.grade)), 'at least one decision has a grade');
      // The auction's calls are graded too (valued by the hand's result they
      // lead to): Brooklyn's human bids 310 here, and the expert's limit and
      // those values agree. (The club's human is the stuck dealer: no call.)
      const calls = await page.locator('[data-testid="grade"]').evaluateAll((els) =>
        els.filter((e) => / You (bid \d+|pass) —/.test(e.textContent)).map((e) => e.dataset.grade),
      );
      if (preset.id === 'brooklyn') {
        assert.ok(calls.length > 0 && calls.every((g) => GRADES.includes(g)), `graded calls: ${calls}`);
      }
      const par = page.locator('[data-testid="par"][data-done="true"]');
      await par.waitFor({ state: 'visible', timeout: 120_000 });
      assert.match(await par.innerText(), /Open-cards par/);
      await screenshot(page, `review-${preset.id}-${preset.size.width}x${preset.size.height}`);
      // Export: the hand's record as a file, one JSON object per line.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export').click()]);
      const exported = await download.path();
      const text = readFileSync(exported, 'utf8');
      const record = JSON.parse(text.trim().split('\n')[0]);
      assert.equal(record.hand, 1);
      assert.equal(record.preset, preset.id);
      assert.ok(record.deal && record.tricks, 'a whole hand record');
      // A claimed hand's list says which moves the claim played out.
      const claimed = page.getByTestId('review-claimed');
      if (record.claimed_cards) {
        const moves = record.actions.length;
        const from = moves - record.claimed_cards + 1;
        assert.match(await claimed.innerText(), new RegExp(`^Moves? ${from === moves ? moves : `${from}–${moves}`} w`));
      } else {
        assert.equal(await claimed.count(), 0);
      }
      await page.getByTestId('review-close').click();
      await page.getByTestId('next-hand').click();

      // The score chart on the score sheet: a line per player or side, with a
      // text alternative that states the running totals.
      const sheet = page.getByTestId('score-sheet');
      if (!(await sheet.evaluate((d) => d.open))) await sheet.locator('summary').click();
      const chart = page.locator('[data-testid="score-chart"] svg[role="img"]');
      await chart.waitFor({ state: 'visible' });
      assert.match(await chart.getAttribute('aria-label'), /after each hand\. Now: /);
      await chart.scrollIntoViewIfNeeded();
      await screenshot(page, `score-chart-${preset.id}-${preset.size.width}x${preset.size.height}`);

      await tableTool(page, 'quit');
      await page.getByTestId('stats').click();
      const stats = page.getByTestId('stats-panel');
      await stats.waitFor({ state: 'visible' });
      const hands = await stats.locator('tbody tr td[data-label="Hands"]').first().innerText();
      assert.ok(Number(hands) >= 1, `the finished hand is counted: ${hands}`);
      // The duplicate replay (asked when the hand ended, answered before the
      // grades) rated the hand: the rating moved from 1500 by at most 24.
      const rating = await stats.locator('tbody tr td.rating').first().innerText();
      assert.ok(Math.abs(Number(rating) - 1500) <= 24, `a duplicate rating near 1500: ${rating}`);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= preset.size.width + 1, `no sideways scroll: ${scroll}`);
      if (preset.id === 'bison' || preset.id === 'brooklyn') {
        // The rating chart draws a trend of two rated hands or more: the
        // stored trend gets its one rating again, as a second hand would.
        await page.evaluate(() => {
          const stats = JSON.parse(localStorage.getItem('pinochle/stats'));
          const twice = (v) => {
            if (Array.isArray(v?.trend) && v.trend.length === 1) v.trend.push(v.trend[0]);
            if (v && typeof v === 'object') Object.values(v).forEach(twice);
          };
          twice(stats);
          localStorage.setItem('pinochle/stats', JSON.stringify(stats));
        });
        await page.reload({ waitUntil: 'load' });
        await page.getByTestId('stats').click();
        const trend = page.getByTestId('rating-trend');
        assert.match(await trend.innerText(), /Your rating after each rated hand/, 'the rating chart says what it shows');
        const [chart, panel] = await Promise.all([
          trend.locator('svg[role="img"]').evaluate((el) => el.getBoundingClientRect().width),
          stats.evaluate((el) => el.clientWidth),
        ]);
        assert.ok(chart >= Math.min(panel * 0.7, 500), `the chart takes the panel's width: ${chart} of ${panel} px`);
        await screenshot(page, `statistics-${preset.size.width}x${preset.size.height}`);
      }

      // Import: the exported record opens in the review, replayed move by
      // move, its decisions graded and its par solved again.
      if (preset.id === 'club') {
        // A file that is no hand record is refused with a reason; nothing opens.
        await page.getByTestId('import').setInputFiles({
          name: 'notes.jsonl',
          mimeType: 'text/plain',
          buffer: Buffer.from('{"hand": 1}\nnot json\n'),
        });
        const error = page.getByTestId('import-error');
        await error.waitFor({ state: 'visible' });
        assert.match(await error.innerText(), /notes\.jsonl.*line 1/s);
        assert.equal(await page.getByTestId('review-panel').count(), 0);
      }
      await page.getByTestId('import').setInputFiles(exported);
      await panel.waitFor({ state: 'visible' });
      await page.getByTestId('import-tools').waitFor({ state: 'visible' });
      assert.equal(await panel.getAttribute('data-step'), '0');
      await page.keyboard.press('End');
      await stepShown(page, await page.getByTestId('review-slider').getAttribute('max'), 'End goes to the end');
      assert.match(await page.getByTestId('review-move').innerText(), /The end of hand 1/);
      await page.getByTestId('review-summary').waitFor({ state: 'visible', timeout: 120_000 });
      const regraded = await page.locator('[data-testid="grade"]').count();
      assert.equal(regraded, grades.length, 'the same decisions are graded');
      await par.waitFor({ state: 'visible', timeout: 120_000 });
      await screenshot(page, `import-${preset.id}-${preset.size.width}x${preset.size.height}`);
      await page.getByTestId('review-close').click();
      await page.getByTestId('start-game').waitFor({ state: 'visible' });
    } finally {
      await context.close();
    }
  });
}

// Play these cards again: the review of the hand just finished offers to
// play on from a decision of the human's it shows, or from the deal: then the
// same cards come back to the same seats at the first call in a practice
// copy (the game as it stood stays saved), and a reload resumes the copy.
test('bison: a hand just finished is played again from its review', { timeout: 120_000 }, async () => {
  const { page, context } = await openPage(shared.browser, { touch: true });
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${baseUrl()}?game=bison&seed=22&pace=instant&level=basic`, { waitUntil: 'load' });
    await page.getByTestId('start-game').click();
    const cards = () => page.$$eval('[data-testid="hand"] [data-card]', (els) => els.map((e) => e.dataset.card).join(' '));
    await page.waitForSelector(TURN, { timeout: 60_000 });
    const dealt = await cards();
    const state = { bid: false, stopAtResult: true };
    for (let i = 0; i < 600 && !(await page.getByTestId('result-panel').isVisible()); i++) {
      await page.waitForSelector(TURN, { timeout: 60_000 });
      await humanStep(page, state);
    }
    await page.getByTestId('review').click();
    // Shown at a later decision of the human's, the review offers to play on
    // from it.
    const moves = page.locator('.grade-list li button.link');
    assert.ok((await moves.count()) > 1, 'two decisions of the human');
    const move = (await moves.nth(1).innerText()).replace('Move ', '');
    await moves.nth(1).click();
    const fromHere = page.getByTestId('play-from-here');
    await fromHere.waitFor({ state: 'visible' });
    assert.equal(await fromHere.innerText(), `Play on from move ${move}`);
    await page.getByTestId('play-again').click();
    await page.getByTestId('review-panel').waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('result-panel').count(), 0, 'no result is open');
    const game = page.getByTestId('game');
    assert.equal(await game.getAttribute('data-hand'), '1');
    assert.equal(await game.getAttribute('data-phase'), 'auction');
    await page.waitForSelector(TURN, { timeout: 60_000 });
    assert.equal(await cards(), dealt, 'the same cards again');
    assert.match(await page.getByTestId('announcement').innerText(), /Hand 1 again: the same cards/);
    assert.ok(await page.locator('.badge.practice').isVisible(), 'a practice game');
    await screenshot(page, 'play-again-bison-360x740');
    await page.reload({ waitUntil: 'load' });
    await game.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await game.getAttribute('data-hand'), '1', 'the reload resumes the hand played again');
    assert.ok(await page.locator('.badge.practice').isVisible(), 'still the practice game');
    assert.equal(await cards(), dealt);
    // The game as it stood stays saved beside the copy, not practice.
    const saved = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('pinochle/session/'))
        .map((k) => JSON.parse(localStorage.getItem(k))),
    );
    assert.equal(saved.length, 2, 'the game and its practice copy');
    assert.deepEqual(saved.map((s) => s.practice).sort(), [false, true]);
  } finally {
    await context.close();
  }
});
