// Whole games as a player meets them: two games started without touching the
// deal field get different cards (and the table shows the deal number, which
// deals the same cards again when typed in); a 4-seat Brooklyn pot game and a
// 5-seat club table play a hand; the expert plays in the worker; a game with a
// short target (opened from a rules link) reaches the game-over screen;
// leaving a game while a computer player thinks, then starting another, lets
// no answer of the old game land in the new one; and the README's
// kitchen-table partnership link plays a hand.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, baseUrl, screenshot, sharedBrowser, humanStep, TURN } from './harness.mjs';

const shared = sharedBrowser();

/** The human's cards and the deal number the table shows. */
async function dealShown(page) {
  await page.getByTestId('game').waitFor({ state: 'visible', timeout: 30_000 });
  return page.evaluate(() => ({
    deal: document.querySelector('[data-testid="deal-number"]')?.dataset.seed,
    hand: [...document.querySelectorAll('[data-testid="hand"] [data-card]')].map((e) => e.getAttribute('data-card')),
  }));
}

/** Plays as the human (see `humanStep`) until `done(page)` holds. */
async function playUntil(page, done, limit = 600) {
  const state = { bid: false, results: 0 };
  for (let i = 0; i < limit; i++) {
    if (await done(page)) return;
    await page.waitForSelector(TURN, { timeout: 90_000 });
    if (await done(page)) return;
    await humanStep(page, state, 90_000);
  }
  assert.fail('the game did not get there');
}

const resultOpen = (page) => page.getByTestId('result-panel').isVisible();

test('every new game deals fresh cards, and its deal number replays them', { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser);
  try {
    await page.goto(`${baseUrl()}?game=bison&pace=instant&level=basic`, { waitUntil: 'load' });
    await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await page.getByTestId('seed').inputValue(), '', 'the deal field starts empty');
    await page.getByTestId('start-game').click();
    const first = await dealShown(page);
    assert.match(first.deal ?? '', /^\d+$/, 'the table shows the deal number');
    assert.match(await page.getByTestId('deal-number').innerText(), new RegExp(`Deal ${first.deal}`));
    await page.getByTestId('quit').click();
    await page.getByTestId('start').waitFor({ state: 'visible' });
    assert.equal(await page.getByTestId('seed').inputValue(), '', 'still empty for the next game');
    await page.getByTestId('start-game').click();
    const second = await dealShown(page);
    assert.notEqual(second.deal, first.deal, 'another deal number');
    assert.notDeepEqual(second.hand, first.hand, 'other cards');
    // The first deal number deals the first game's cards again.
    await page.getByTestId('quit').click();
    await page.getByTestId('seed').fill(first.deal);
    await page.getByTestId('start-game').click();
    const again = await dealShown(page);
    assert.equal(again.deal, first.deal);
    assert.deepEqual(again.hand, first.hand, 'the same cards');
    // Once: the next new game deals fresh cards again.
    await page.getByTestId('quit').click();
    assert.equal(await page.getByTestId('seed').inputValue(), '', 'the deal number is used once');
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

for (const table of [
  { name: 'brooklyn-pot-4', query: 'game=brooklyn&pot=1&seats=4', seats: 4, putIn: /\$0\.25 ante/, opening: /Antes.*\+\$1\.00/ },
  { name: 'club-5', query: 'game=club&seats=5', seats: 5, putIn: /\$2\.00 each player put into the kitty bowl/, opening: /Buy-in.*\+\$10\.00/ },
]) {
  test(`${table.name}: a ${table.seats}-seat table plays a hand`, { timeout: 180_000 }, async () => {
    const { page, context, problems } = await openPage(shared.browser);
    try {
      await page.goto(`${baseUrl()}?${table.query}&seed=31&pace=instant&level=basic`, { waitUntil: 'load' });
      await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
      await page.getByTestId('start-game').click();
      await page.getByTestId('game').waitFor({ state: 'visible' });
      for (let seat = 0; seat < table.seats; seat++) {
        assert.equal(await page.getByTestId(`seat-${seat}`).count(), 1, `seat ${seat} is at the table`);
      }
      // Before the first hand is scored the sheet says what the pot or the
      // bowl already holds.
      assert.match(await page.locator('[data-testid="score-put-in"]').textContent(), table.opening);
      await playUntil(page, resultOpen);
      await screenshot(page, `${table.name}-desktop-result`);
      const rows = await page.locator('[data-testid="result-panel"] tbody tr').count();
      assert.ok(rows >= table.seats, 'the result lists every player');
      // The totals hold the money put in before the first deal, and say so.
      assert.match(await page.getByTestId('put-in-note').innerText(), table.putIn);
      // On a phone the ledger of four players and the pot (seven columns)
      // shows every column without a sideways scroll; five and the bowl
      // (eight) scroll, and fade out at the right edge until scrolled there.
      await page.getByTestId('next-hand').click();
      await page.setViewportSize({ width: 360, height: 740 });
      await page.locator('[data-testid="score-sheet"] summary').click();
      const scroller = page.locator('[data-testid="score-sheet"] .table-scroll');
      const sheet = () => scroller.evaluate((el) => ({ shown: el.clientWidth, wide: el.scrollWidth, fade: getComputedStyle(el).getPropertyValue('--more-right') }));
      // (A scroll timeline takes effect at the next frame.)
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const before = await sheet();
      if (table.seats === 4) {
        assert.ok(before.wide <= before.shown + 1 && before.fade === '0px', `the ledger fits a phone: ${JSON.stringify(before)}`);
      } else {
        assert.ok(before.wide > before.shown && before.fade !== '0px', `the wider ledger fades at its edge: ${JSON.stringify(before)}`);
        await scroller.evaluate((el) => { el.scrollLeft = el.scrollWidth; });
        await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid="score-sheet"] .table-scroll')).getPropertyValue('--more-right') === '0px');
      }
      await screenshot(page, `${table.name}-360x740-ledger`);
      assert.deepEqual(problems.errors, [], 'no console or page errors');
    } finally {
      await context.close();
    }
  });
}

test('the expert plays a hand in the worker', { timeout: 240_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser);
  try {
    await page.goto(`${baseUrl()}?game=club&seed=32&pace=instant&level=expert`, { waitUntil: 'load' });
    await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await page.getByTestId('level').inputValue(), 'expert');
    await page.getByTestId('start-game').click();
    // The club's hand opens with a card passed to the left: the prompt says
    // to whom.
    await page.getByTestId('selection').waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal(await page.locator('[data-testid="selection"] .prompt').innerText(), 'Choose 1 card to pass to Ada, on your left.');
    await playUntil(page, resultOpen);
    assert.ok(problems.requests.some((u) => u.includes('bot-worker')), 'the worker answered');
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

test('a game with a short target, opened from a rules link, reaches the game-over screen', { timeout: 240_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser);
  try {
    await page.goto(`${baseUrl()}?pace=instant&level=basic#v=1&game=bison&seed=33&target=100`, { waitUntil: 'load' });
    await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByTestId('start-game').click();
    const over = (p) => p.getByTestId('game-over').isVisible();
    await playUntil(page, async (p) => (await over(p)) || (await resultOpen(p)) && (await p.getByTestId('next-hand').innerText()).includes('final'));
    if (!(await over(page))) await page.getByTestId('next-hand').click();
    await page.getByTestId('game-over').waitFor({ state: 'visible' });
    assert.match(await page.getByTestId('game-over').innerText(), /Winner|You win/);
    await screenshot(page, 'game-over-desktop');
    // On a phone the score sheet shows every player's column without a
    // sideways scroll (a bid wraps under its bidder's name instead).
    await page.setViewportSize({ width: 360, height: 740 });
    const sheet = await page.locator('[data-testid="game-over"] .table-scroll').evaluate((el) => ({ shown: el.clientWidth, wide: el.scrollWidth }));
    assert.ok(sheet.wide <= sheet.shown + 1, `the game-over score sheet fits a phone: ${JSON.stringify(sheet)}`);
    await screenshot(page, 'game-over-360x740');
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

test('leaving while a computer player thinks: no answer of the old game lands in the new one', { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser);
  try {
    // Slow pace: a computer player's answer shows 1.4 s after it was asked.
    // Find a deal where a computer player moves first.
    let seed = 40;
    for (;; seed++) {
      assert.ok(seed < 60, 'some deal starts with a computer player');
      await page.goto(`${baseUrl()}?game=brooklyn&seed=${seed}&pace=slow&level=basic`, { waitUntil: 'load' });
      await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
      await page.getByTestId('start-game').click();
      await page.getByTestId('game').waitFor({ state: 'visible' });
      if (await page.getByTestId('thinking').isVisible()) break;
      await page.getByTestId('quit').click();
    }
    // Leave at once, and deal the same cards again: the old answer is for the
    // same seat at the same move number of the same deal.
    await page.getByTestId('quit').click();
    await page.getByTestId('start').waitFor({ state: 'visible' });
    await page.getByTestId('seed').fill(String(seed));
    // The new game asks after this click, so its own answer lands 1.4 s
    // after it at the earliest; the old game asked before it, so its answer
    // would land within those 1.4 s. Look just before they end.
    const started = Date.now();
    await page.getByTestId('start-game').click();
    await page.getByTestId('game').waitFor({ state: 'visible' });
    await page.waitForTimeout(Math.max(0, 1250 - (Date.now() - started)));
    const ticket = await page.getByTestId('game').getAttribute('data-ticket');
    assert.ok(Date.now() - started < 1400, 'checked before the new game’s own answer was due');
    assert.equal(ticket, '0', 'nothing landed yet');
    // The new game's own answer lands and play goes on.
    await page.waitForFunction(() => document.querySelector('[data-testid="game"]')?.dataset.ticket !== '0', null, {
      timeout: 30_000,
    });
    const saved = await page.evaluate(() => {
      const id = sessionStorage.getItem('pinochle/current-session');
      return JSON.parse(localStorage.getItem(`pinochle/session/${id}`)).actions.length;
    });
    assert.ok(saved >= 1, 'the new game saves its own actions');
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

test('the kitchen-table partnership link from the README plays a hand', { timeout: 240_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser);
  try {
    const link =
      '#v=2&game=partnership&name=Kitchen-table%20partnership&redeal_nines=5&pass_cards=3&pass_order=simultaneous' +
      '&concede_any_shortfall=true&automatic_set=true&head_rule=strict&target=1000&lose_at=1000&defenders_always_score=true&check=c0553e';
    await page.goto(`${baseUrl()}?pace=instant&level=basic&seed=34${link}`, { waitUntil: 'load' });
    await page.getByTestId('custom-rules').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await page.getByTestId('rules-name').innerText(), 'Kitchen-table partnership');
    await page.getByTestId('start-game').click();
    await page.getByTestId('game').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Rules', exact: true }).click();
    assert.match(await page.locator('.rules').innerText(), /Strict/, 'the rules text describes the strict head rule');
    await page.getByTestId('close-rules').click();
    await playUntil(page, resultOpen);
    await screenshot(page, 'kitchen-table-desktop-result');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'kitchen-table-phone-result');
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});
