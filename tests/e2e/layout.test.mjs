// The table fits the screen, explains itself and forgives a slip: in every
// preset, in card play after meld, the hand, the trick and the prompt lie
// inside the viewport, and the trump with them, at 1280×800, 768×1024,
// 915×412, 740×360 and 667×320 (sideways), 360×740, 360×640, 375×629 and
// 375×553 with no sideways scroll, the trick's cards at least 60 px tall, a
// hand of more than six in two rows from 620 px tall (screenshots layout-<preset>-<w>x<h>.png), and on the phone the score sheet
// opens over the table at full size without moving the trick
// (layout-<preset>-360x740-score-sheet.png); held sideways at 667×320,
// every decision of a hand the human bids for (the auction, the trump, the
// bury, play or concede, the passes, the play) shows its prompt, its
// buttons and the whole hand without a scroll (sideways-<preset>-<phase>.png),
// and upright at 375×553 in Brooklyn, bison, the double deck (also as a
// defender) and the club (upright-<preset>-<phase>.png);
// a partnership auction's bidding war at 360×640 keeps to a few rows of calls
// with the newest in view and the hand on the screen (long-auction-360x640.png);
// in each preset clicking an
// illegal card shows its reason and after playing a card the focus stays in
// the hand; burying is select-then-confirm and the selection can be changed
// before confirming (bury-confirm.png); the Deal button is above the fold at 1280×800
// and on a phone's first screen; axe-core
// finds no serious or critical violation on the start screen, the rules
// dialog, the rules editor, the table and the result panel, which on a phone
// lies over the coach's panels; the table's
// options, Rules and New game fold behind a Menu button on a phone, which a
// choice, a tap elsewhere or Escape closes, and the Sound choice is
// remembered; by keyboard the focus goes to each decision's first choice
// and never stays on a button the page made into the next decision's.
// Sideways the bid advisor leaves the auction's calls and the Scores tab in
// view; upright the hint and the advisor open together both show; a storage
// warning shows above the hand's result; a refused save of the rules is said
// in view, as an alert.
// Instant pace and basic players throughout.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, baseUrl, screenshot, sharedBrowser, humanStep, stillness, TURN } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

const shared = sharedBrowser();

// Desktop, a tablet held upright (the phone layout with full-size cards),
// phones held sideways (a wide one too: any screen under 520 px tall takes
// the phone's layout), a phone, and a short one either way up (an iPhone
// SE's Safari leaves 375×553 and 667×320, where the table scrolled the trump
// off the screen, or the hand).
const SIZES = [
  { width: 1280, height: 800 },
  { width: 768, height: 1024 },
  { width: 915, height: 412 },
  { width: 740, height: 360 },
  { width: 667, height: 320 },
  { width: 360, height: 740 },
  { width: 360, height: 640 },
  { width: 375, height: 629 },
  { width: 375, height: 553 },
];

const PRESETS = [
  { id: 'brooklyn', seed: 21 },
  { id: 'bison', seed: 22 },
  { id: 'partnership', seed: 23 },
  { id: 'double-deck', seed: 24 },
  { id: 'club', seed: 25 },
];

async function startGame(page, preset, seed) {
  await page.goto(`${baseUrl()}?game=${preset}&seed=${seed}&pace=instant&level=basic`, { waitUntil: 'load' });
  await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
  await page.getByTestId('start-game').click();
  await page.getByTestId('game').waitFor({ state: 'visible' });
}

/** Plays as the human (see `humanStep`) until `done(page)` holds. */
async function playUntil(page, done, limit = 400) {
  const state = { bid: false, results: 0 };
  for (let i = 0; i < limit; i++) {
    await page.waitForSelector(TURN, { timeout: 60_000 });
    if (await done(page)) return;
    await humanStep(page, state);
  }
  assert.fail('the game never got there');
}

/** Clicks `target` (a bid, a card) and waits until the game has moved on. */
async function actOn(page, target) {
  const ticket = await page.getByTestId('game').getAttribute('data-ticket');
  await target.click();
  await page.waitForFunction((t) => document.querySelector('[data-testid="game"]')?.dataset.ticket !== t, ticket);
}

/** The human is to play a card, after meld. */
const humanToPlayCard = (page) =>
  page.evaluate(() => {
    const game = document.querySelector('[data-testid="game"]');
    return (
      game?.dataset.phase === 'play' &&
      !document.querySelector('[data-testid="result-panel"]') &&
      document.querySelector('[data-testid="hand"] [data-action]') !== null
    );
  });

/** Where the hand, the trick and the prompt lie, and whether the page scrolls. */
function fit(page) {
  return page.evaluate(() => {
    const box = (sel) => {
      const el = document.querySelector(sel);
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    // Each card of the hand, not the hand's box (a fan may overhang by a shadow).
    const cards = [...document.querySelectorAll('[data-testid="hand"] .in-hand')].map((c) => {
      const r = c.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
    });
    return {
      width: innerWidth,
      height: innerHeight,
      scrollWidth: document.documentElement.scrollWidth,
      scrollHeight: document.documentElement.scrollHeight,
      hand: cards,
      // The table clips what overflows it: the cards must lie within the
      // hand's own area, not only the viewport.
      handArea: box('.hand-area'),
      trick: box('[data-testid="trick"]'),
      // The cards on the trick, to check they can be read.
      trickCards: [...document.querySelectorAll('[data-testid="trick"] .played')].map((c) => c.getBoundingClientRect().height),
      prompt: box('[data-testid="controls"]'),
      trump: box('[data-testid="trump"]'),
    };
  });
}

function assertInside(name, r, f) {
  assert.ok(r, `${name} is on the table`);
  assert.ok(r.top >= -1 && r.bottom <= f.height + 1, `${name} is inside the viewport vertically: ${JSON.stringify(r)} in ${f.height}`);
  assert.ok(r.left >= -1 && r.right <= f.width + 1, `${name} is inside the viewport horizontally: ${JSON.stringify(r)} in ${f.width}`);
}

for (const preset of PRESETS) {
  test(`${preset.id}: hand, trick, prompt and trump fit from 1280×800 to 375×553, sideways too, in card play; an illegal card says why; the focus stays in the hand`, { timeout: 120_000 }, async () => {
    const { page, context, problems } = await openPage(shared.browser);
    try {
      await startGame(page, preset.id, preset.seed);
      // Card play after meld, with a card that may not be played.
      await playUntil(page, async (p) => (await humanToPlayCard(p)) && (await p.locator('[data-testid="hand"] .illegal').count()) > 0);
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.waitForTimeout(100);
        const f = await fit(page);
        const label = `${preset.id} at ${size.width}×${size.height}`;
        assert.ok(f.scrollWidth <= f.width, `${label}: no sideways scroll (${f.scrollWidth} > ${f.width})`);
        assert.ok(f.scrollHeight <= f.height + 1, `${label}: no page scroll (${f.scrollHeight} > ${f.height})`);
        for (const card of f.hand) {
          assertInside(`${label}: a card of the hand`, card, f);
          assert.ok(card.left >= f.handArea.left - 1 && card.right <= f.handArea.right + 1,
            `${label}: a card of the hand lies within the hand's area: ${JSON.stringify([card, f.handArea])}`);
          assert.ok(card.height >= 44, `${label}: a card is at least 44 px tall`);
        }
        if (size.width <= 375 && size.height >= 620 && f.hand.length > 6) {
          // A phone 620 px tall or more lays any hand of more than six in
          // two rows (a partnership hand of 12 was one row of 46 px cards).
          const rows = new Set(f.hand.map((c) => Math.round(c.top))).size;
          assert.equal(rows, 2, `${label}: a hand of ${f.hand.length} lies in two rows`);
        }
        assertInside(`${label}: the trick`, f.trick, f);
        assert.ok(f.trickCards.length > 0, `${label}: a card is on the trick`);
        for (const height of f.trickCards) {
          assert.ok(height >= 60, `${label}: a card on the trick is at least 60 px tall (${height})`);
        }
        assertInside(`${label}: the prompt`, f.prompt, f);
        assertInside(`${label}: the trump`, f.trump, f);
        await screenshot(page, `layout-${preset.id}-${size.width}x${size.height}`);
      }
      // On the phone the score sheet unfolds over the table at full size
      // (its chart and table readable, inside the screen) and the trick
      // keeps its size underneath; nothing scrolls.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.waitForTimeout(100);
      const sheet = page.locator('.side details').last();
      const trickBefore = (await fit(page)).trickCards;
      await sheet.locator('summary').click();
      await page.waitForTimeout(100);
      const open = await fit(page);
      const label = `${preset.id} at 360×740 with the score sheet open`;
      assert.ok(open.scrollHeight <= open.height + 1, `${label}: no page scroll`);
      assert.deepEqual(open.trickCards, trickBefore, `${label}: the trick keeps its size`);
      const box = await sheet.evaluate((d) => {
        const r = d.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, clipped: d.scrollHeight > d.clientHeight + 1 };
      });
      assertInside(`${label}: the score sheet`, box, open);
      assert.ok(!box.clipped, `${label}: the score sheet shows all it holds`);
      await screenshot(page, `layout-${preset.id}-360x740-score-sheet`);
      await sheet.locator('summary').click();
      const illegal = page.locator('[data-testid="hand"] .illegal').first();
      const title = await illegal.getAttribute('title');
      await illegal.click({ force: true });
      const reason = page.getByTestId('card-reason');
      await reason.waitFor({ state: 'visible' });
      assert.equal(await reason.innerText(), title, `${preset.id}: the reason shows in visible text`);
      const before = await page.getByTestId('game').getAttribute('data-ticket');
      await page.locator('[data-testid="hand"] .playable').first().focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction((t) => document.querySelector('[data-testid="game"]')?.dataset.ticket !== t, before);
      await page.waitForSelector(TURN, { timeout: 60_000 });
      const inHand = await page.evaluate(() => document.activeElement?.closest('[data-testid="hand"]') !== null);
      assert.ok(inHand || (await page.getByTestId('result-panel').count()) > 0, `${preset.id}: the focus is in the hand`);
      assert.deepEqual(problems.errors, [], 'no console or page errors');
    } finally {
      await context.close();
    }
  });
}

// A phone held sideways (an iPhone SE's Safari leaves 667×320): through a
// whole hand that the human bids for, every decision's prompt, its buttons
// and the whole hand lie on the screen with nothing to scroll. The table
// was laid out for the play only: the declarer's longer questions (keep or
// give the dealer the contract, play or concede, the trump, the bury)
// pushed the hand below the screen's edge, and an open auction the Menu.
// The same upright at 375×553 in Brooklyn, the double deck and the club,
// where the trump's two rows of suits and play or concede scrolled the table
// 32 and 39 px, and the double deck's two rows of cards 23 px in the play.
const SIDEWAYS = { width: 667, height: 320 };
const SHORT_UPRIGHT = { width: 375, height: 553 };
const DECLARER_PHASES = new Set(['escape choice', 'trump', 'bury', 'concession', 'partner exchange', 'play or pass']);
// Bison upright on deal 2, where play or throw in (two paragraphs over the
// buried cards) scrolled 4 px. And the double deck upright with the human
// passing, so that the dealer (deal 7: Cleo) wins the bid: with the
// dealer's and the bidder's badges her seat ran to five lines and the play
// scrolled 12 px. And Brooklyn upright with a mouse (a desktop window as
// small as a short phone), where the auction's line of key letters scrolled
// the table 12 px.
// (Brooklyn's deal 21, bid up as these cases bid, leaves a contract that
// every point of the play could not make: the defenders claim it before the
// first card. Deal 20's is played.)
const DECISION_PRESETS = PRESETS.map((p) => (p.id === 'brooklyn' ? { ...p, seed: 20 } : p));
const DECISION_CASES = [
  ...DECISION_PRESETS.map((preset) => ({ preset, size: SIDEWAYS, tag: 'sideways' })),
  ...DECISION_PRESETS.filter((p) => ['brooklyn', 'double-deck', 'club'].includes(p.id)).map((preset) => ({ preset, size: SHORT_UPRIGHT, tag: 'upright' })),
  { preset: { id: 'bison', seed: 2 }, size: SHORT_UPRIGHT, tag: 'upright' },
  { preset: { id: 'double-deck', seed: 7 }, size: SHORT_UPRIGHT, tag: 'upright-defending', defend: true },
  { preset: DECISION_PRESETS.find((p) => p.id === 'brooklyn'), size: SHORT_UPRIGHT, tag: 'upright-mouse', mouse: true },
];

// In the page, `uncovered(el)`: whether a tap at the middle of `el` reaches
// it (nothing lies over it there).
function defineUncovered() {
  window.uncovered = (el) => {
    const r = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
  };
}

// Sideways, the bid advisor lies between the seats and the hand: the seats'
// calls and the partner's badge, the bid buttons and the four trumps' rows
// all in view (it had covered the seats and the auction's record); in the
// play a hint lies on the right, beside the trick it speaks of (it had
// covered it).
test('partnership at 740×360: the bid advisor leaves the seats and the bid in view, a card hint the trick', { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser, { touch: true });
  try {
    await page.addInitScript(defineUncovered);
    await page.setViewportSize({ width: 740, height: 360 });
    await startGame(page, 'partnership', 5);
    await page.getByTestId('bid-advisor-toggle').check();
    await page.locator('[data-testid="bid-advisor"] svg').first().waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => {
      const panel = document.querySelector('.coach-panels').getBoundingClientRect();
      return {
        seats: [1, 2, 3].map((s) => uncovered(document.querySelector(`[data-testid="seat-${s}"] .seat-head`))),
        bid: uncovered(document.querySelector('[data-testid="bid"]')),
        rows: [...document.querySelectorAll('.advice tbody tr')].map((r) => r.getBoundingClientRect().bottom <= panel.bottom + 1),
      };
    });
    assert.deepEqual(seen, { seats: [true, true, true], bid: true, rows: [true, true, true, true] }, JSON.stringify(seen));
    await screenshot(page, 'sideways-bid-advisor-partnership');
    // At the next call, with calls to read, the auction's tab and its
    // newest call and the Scores tab lie beside the advisor, not under it.
    await actOn(page, page.locator('[data-testid="controls"] [data-action^="bid "]').first());
    await page.locator('[data-testid="controls"] [data-action^="bid "]').first().waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="bid-advisor"] svg').first().waitFor({ timeout: 60_000 });
    const beside = await page.evaluate(() => {
      const panel = document.querySelector('.coach-panels').getBoundingClientRect();
      const bids = document.querySelector('[data-testid="auction"] .auction-bids').getBoundingClientRect();
      const last = document.querySelector('[data-testid="auction"] li:last-child').getBoundingClientRect();
      return {
        tabs: ['auction', 'score-sheet'].map((t) => uncovered(document.querySelector(`[data-testid="${t}"] summary`))),
        newest: last.top >= bids.top - 1 && last.bottom <= bids.bottom + 1 && last.left >= panel.right,
        firstRow: uncovered(document.querySelector('.advice tbody tr')),
        bid: uncovered(document.querySelector('[data-testid="bid"]')),
      };
    });
    assert.deepEqual(beside, { tabs: [true, true], newest: true, firstRow: true, bid: true }, JSON.stringify(beside));
    await screenshot(page, 'sideways-bid-advisor-auction-partnership');
    // In the play a card's hint lies over the right half: the trick it
    // speaks of stays in view on the left, the hand below.
    await page.getByTestId('bid-advisor-toggle').uncheck();
    await playUntil(page, humanToPlayCard);
    await page.getByTestId('hint').click();
    await page.locator('[data-testid="hint-panel"] .coach-choice').first().waitFor({ timeout: 60_000 });
    const apart = await page.evaluate(() => {
      const [panel, trick, hand] = ['.coach-panels', '[data-testid="trick"]', '[data-testid="hand"]'].map((s) => document.querySelector(s).getBoundingClientRect());
      const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      return { trick: overlap(panel, trick), hand: overlap(panel, hand) };
    });
    assert.deepEqual(apart, { trick: false, hand: false }, 'the hint leaves the trick and the hand in view');
    await screenshot(page, 'sideways-hint-partnership');
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

// Upright, the hint and the bid advisor open together share the coach's
// box, each scrolling in its part: one under the other, the advisor lay
// below the box's fold at 360×740 (and at 390×844 showed one row).
test('bison at 360×740 and 390×844: the hint and the bid advisor open together both show', { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser, { touch: true });
  try {
    await page.addInitScript(defineUncovered);
    await page.setViewportSize({ width: 360, height: 740 });
    await startGame(page, 'bison', 4);
    await actOn(page, page.locator('[data-testid="controls"] [data-action^="bid "]').first());
    await page.locator('[data-testid="controls"] [data-action^="bid "]').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('bid-advisor-toggle').check();
    await page.locator('[data-testid="bid-advisor"] svg').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('hint').click();
    await page.locator('[data-testid="hint-panel"] .coach-choice').first().waitFor({ timeout: 60_000 });
    for (const size of [{ width: 360, height: 740 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(100);
      const seen = await page.evaluate(() => {
        return {
          hint: uncovered(document.querySelector('[data-testid="hint-panel"] .coach-choice.best')),
          advisor: uncovered(document.querySelector('[data-testid="bid-advisor"] h3')),
          row: uncovered(document.querySelector('.advice tbody tr')),
          auction: uncovered(document.querySelector('[data-testid="auction"] summary')),
          bid: uncovered(document.querySelector('[data-testid="bid"]')),
        };
      });
      assert.deepEqual(seen, { hint: true, advisor: true, row: true, auction: true, bid: true }, `${size.width}×${size.height}: ${JSON.stringify(seen)}`);
      await screenshot(page, `hint-and-advisor-${size.width}x${size.height}`);
    }
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

// A storage warning raised by a hand ("Rating not saved": here the
// statistics are a newer version's, which this one leaves alone) shows above
// the hand's result, which had hidden it; Next hand stays in reach.
test('a storage warning shows above the hand result on a phone', { timeout: 120_000 }, async () => {
  const { page, context } = await openPage(shared.browser, { touch: true });
  try {
    await page.addInitScript(defineUncovered);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(baseUrl(), { waitUntil: 'load' });
    await page.evaluate(() => localStorage.setItem('pinochle/stats', JSON.stringify({ schema: 99 })));
    await startGame(page, 'bison', 5);
    await page.getByTestId('dismiss-problems').click();
    await playUntil(page, async (p) => (await p.getByTestId('result-panel').count()) > 0 && (await p.getByTestId('storage-warning').count()) > 0);
    for (const size of [{ width: 360, height: 740 }, { width: 740, height: 360 }]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(100);
      const seen = await page.evaluate(() => {
        const warning = document.querySelector('[data-testid="storage-warning"]');
        const w = warning.getBoundingClientRect();
        const r = document.querySelector('[data-testid="result-panel"]').getBoundingClientRect();
        return {
          warning: uncovered(warning),
          ok: uncovered(document.querySelector('[data-testid="dismiss-warning"]')),
          apart: w.bottom <= r.top,
          next: uncovered(document.querySelector('[data-testid="next-hand"]')),
        };
      });
      assert.deepEqual(seen, { warning: true, ok: true, apart: true, next: true }, `${size.width}×${size.height}: ${JSON.stringify(seen)}`);
      await screenshot(page, `warning-over-result-${size.width}x${size.height}`);
    }
  } finally {
    await context.close();
  }
});

// Saving the edited rules when they cannot be saved (a newer version's list
// of rule sets is kept as it is) says so where the player is, under the Save
// button, brought into view, as an alert: it was said at the form's head, a
// phone's long editor away.
test('a refused save of the rules is said in view, as an alert, on a phone', { timeout: 60_000 }, async () => {
  const { page, context } = await openPage(shared.browser, { touch: true });
  try {
    await page.addInitScript(defineUncovered);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(baseUrl(), { waitUntil: 'load' });
    await page.evaluate(() => localStorage.setItem('pinochle/presets', JSON.stringify({ schema: 99, presets: [] })));
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('dismiss-problems').click();
    await page.getByTestId('customize-rules').click();
    await page.getByTestId('preset-name').fill('Friday');
    await page.getByTestId('save-preset').click();
    const refusal = page.getByTestId('preset-error');
    await refusal.waitFor({ state: 'visible' });
    const seen = await refusal.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return {
        role: el.getAttribute('role'),
        text: el.innerText.startsWith('The rules were not saved'),
        inView: r.top >= 0 && r.bottom <= innerHeight,
        seen: uncovered(el),
      };
    });
    assert.deepEqual(seen, { role: 'alert', text: true, inView: true, seen: true }, JSON.stringify(seen));
    await screenshot(page, 'rules-not-saved-360x740');
  } finally {
    await context.close();
  }
});

for (const { preset, size, tag, defend, mouse } of DECISION_CASES) {
  const hand = defend ? 'a hand another seat bids for' : 'a bid-for hand';
  const by = mouse ? ' with a mouse' : '';
  test(`${preset.id} at ${size.width}×${size.height}${by}: each decision of ${hand} fits without a scroll`, { timeout: 120_000 }, async () => {
    // A phone's (the auction's key letters are for a mouse and keyboard),
    // or a small desktop window's.
    const { page, context, problems } = await openPage(shared.browser, { touch: !mouse });
    try {
      await page.setViewportSize(size);
      await startGame(page, preset.id, preset.seed);
      const seen = new Set();
      for (let i = 0; i < 200; i++) {
        await page.waitForSelector(TURN, { timeout: 60_000 });
        if (await page.getByTestId('result-panel').isVisible()) break;
        const phase = await page.getByTestId('game').getAttribute('data-phase');
        // Cards still sliding in (the deal, a trick gathered) come to rest.
        await stillness(page);
        const f = await page.evaluate(() => {
          const off = [];
          const check = (el, what) => {
            // (A closed disclosure's choices keep a box but do not show.)
            if (!el.checkVisibility({ visibilityProperty: true })) return;
            const r = el.getBoundingClientRect();
            if (r.top < -1 || r.bottom > innerHeight + 1 || r.left < -1 || r.right > innerWidth + 1) {
              off.push(`${what} at ${Math.round(r.top)}..${Math.round(r.bottom)}`);
            }
          };
          document.querySelectorAll('[data-testid="hand"] .in-hand').forEach((c) => check(c, `card ${c.dataset.card}`));
          document.querySelectorAll('[data-testid="controls"] button, [data-testid="controls"] select, .tools button').forEach((b) =>
            check(b, `button "${b.textContent.trim()}"`));
          const table = document.querySelector('.table-content');
          return { off, scroll: table.scrollHeight - table.clientHeight };
        });
        const label = `${preset.id} in the ${phase}`;
        assert.deepEqual(f.off, [], `${label}: on the screen`);
        assert.ok(f.scroll <= 1, `${label}: the table scrolls ${f.scroll} px`);
        if (!seen.has(phase)) {
          seen.add(phase);
          await screenshot(page, `${tag}-${preset.id}-${phase.replace(/ /g, '-')}`);
        }
        // Bid whenever bidding is allowed, to be the declarer (or pass).
        const bid = page.locator('[data-testid="controls"] [data-action^="bid "]').first();
        if (!defend && (await bid.count())) {
          await actOn(page, bid);
        } else {
          await humanStep(page, { bid: true, stopAtResult: true });
        }
      }
      if (!defend) {
        assert.ok([...seen].some((p) => DECLARER_PHASES.has(p)), `${preset.id}: a declarer's decision was seen (${[...seen]})`);
      }
      assert.ok(seen.has('play'), `${preset.id}: the play was seen`);
      assert.deepEqual(problems.errors, [], 'no console or page errors');
    } finally {
      await context.close();
    }
  });
}

// A bidding war on a phone: the partnership auction at 360×640 ran to 16
// calls in two columns of eight, which pushed the hand's second row below
// the screen; the calls now keep to a box of four rows (two under 720 px
// tall), scrolled so that the newest shows.
test('a long auction on a phone keeps to a few rows with the newest call in view, and the hand stays on the screen', { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser);
  try {
    await page.setViewportSize({ width: 360, height: 640 });
    await startGame(page, 'partnership', 3);
    let longest = 0;
    for (let i = 0; i < 40; i++) {
      await page.waitForSelector(TURN, { timeout: 60_000 });
      if ((await page.getByTestId('game').getAttribute('data-phase')) !== 'auction') break;
      await stillness(page);
      const f = await page.evaluate(() => {
        const box = document.querySelector('[data-testid="auction"] .auction-bids');
        const calls = box ? [...box.querySelectorAll('li')] : [];
        const last = calls.at(-1)?.getBoundingClientRect();
        const b = box?.getBoundingClientRect();
        const cards = [...document.querySelectorAll('[data-testid="hand"] .in-hand')].map((c) => c.getBoundingClientRect().bottom);
        return {
          calls: calls.length,
          lastInBox: !last || (last.top >= b.top - 1 && last.bottom <= b.bottom + 1),
          boxHeight: b?.height ?? 0,
          callHeight: calls[0]?.getBoundingClientRect().height ?? 0,
          handBottom: Math.max(...cards),
          height: innerHeight,
        };
      });
      if (f.calls > 12 && longest <= 12) await screenshot(page, 'long-auction-360x640');
      longest = Math.max(longest, f.calls);
      assert.ok(f.lastInBox, `after ${f.calls} calls the newest shows`);
      assert.ok(f.boxHeight <= 4 * f.callHeight + 8, `after ${f.calls} calls the box is ${f.boxHeight} px, four rows at most`);
      assert.ok(f.handBottom <= f.height + 1, `after ${f.calls} calls the hand's last row ends at ${f.handBottom} of ${f.height}`);
      const bid = page.locator('[data-testid="controls"] [data-action^="bid "]').first();
      if (!(await bid.count())) break;
      await actOn(page, bid);
    }
    assert.ok(longest > 12, `the auction ran to ${longest} calls`);
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

test('burying is select, change, then confirm', { timeout: 180_000 }, async () => {
  const { page, context } = await openPage(shared.browser);
  try {
    await startGame(page, 'brooklyn', 3);
    // Bid on every hand until the human is declarer and buries.
    const state = { bid: false, results: 0 };
    for (let i = 0; ; i++) {
      assert.ok(i < 600, 'the human never buried');
      await page.waitForSelector(TURN, { timeout: 60_000 });
      if ((await page.getByTestId('game').getAttribute('data-phase')) === 'bury') break;
      // Keep bidding: the human wants the contract.
      if (await page.getByTestId('bid').isVisible()) {
        await actOn(page, page.getByTestId('bid'));
      } else {
        await humanStep(page, state);
      }
    }
    const choices = page.locator('[data-testid="hand"] [data-action^="bury"]');
    const confirm = page.getByTestId('confirm-selection');
    const cards = page.locator('[data-testid="hand"] button');
    const chosenAt = () => cards.evaluateAll((els) => els.flatMap((e, i) => (e.dataset.selected ? [i] : [])));
    // The copy chosen is the one that rises, not its twin.
    const faces = await cards.evaluateAll((els) => els.map((e) => [e.dataset.card, !!e.dataset.action]));
    const twin = faces.findIndex(([card, may], i) => i > 0 && may && card === faces[i - 1][0]);
    if (twin > 0) {
      await cards.nth(twin).click();
      assert.deepEqual(await chosenAt(), [twin], `the later ${faces[twin][0]} is the one chosen`);
      await cards.nth(twin).click();
      assert.deepEqual(await chosenAt(), [], 'put back');
    }
    await choices.first().click();
    await choices.first().click();
    await choices.first().click();
    assert.equal(await page.locator('[data-testid="hand"] [data-selected]').count(), 3, 'three cards selected');
    assert.ok(await confirm.isEnabled(), 'the selection can be confirmed');
    const first = await page.locator('[data-testid="hand"] [data-selected]').first().getAttribute('data-card');
    // Change the mind: unselect one and pick another.
    await page.locator('[data-testid="hand"] [data-selected]').first().click();
    assert.equal(await page.locator('[data-testid="hand"] [data-selected]').count(), 2);
    assert.ok(await confirm.isDisabled(), 'two of three cannot be confirmed');
    await choices.last().click();
    assert.match(await page.getByTestId('selection-meld').innerText(), /meld/i, 'the meld that remains is shown');
    await screenshot(page, 'bury-confirm');
    // On a short phone (a browser's bars leave 550-650 px) the prompt keeps
    // its height, so its confirm button is never cut off inside it: the
    // table scrolls instead.
    for (const size of [{ width: 375, height: 600 }, { width: 320, height: 540 }]) {
      await page.setViewportSize(size);
      const clipped = await page.getByTestId('controls').evaluate((c) => c.scrollHeight - c.clientHeight);
      assert.ok(clipped <= 1, `${size.width}x${size.height}: the prompt hides ${clipped} px of itself`);
      await confirm.scrollIntoViewIfNeeded();
      const box = await confirm.boundingBox();
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="confirm-selection"]') !== null, [box.x + box.width / 2, box.y + box.height / 2]);
      assert.ok(hit, `${size.width}x${size.height}: the confirm button shows`);
      await screenshot(page, `bury-confirm-${size.width}x${size.height}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // A reload keeps the choice, copy for copy.
    const before = await chosenAt();
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('[data-testid="game"][data-phase="bury"]', { timeout: 60_000 });
    await page.waitForSelector('[data-testid="hand"] [data-selected]');
    assert.deepEqual(await chosenAt(), before, 'the chosen cards after a reload');
    const chosen = await page.$$eval('[data-testid="hand"] [data-selected]', (els) => els.map((e) => e.getAttribute('data-card')));
    assert.ok(!chosen.includes(first) || chosen.filter((c) => c === first).length < 2, 'the selection changed');
    const own = Number(await page.getByTestId('game').getAttribute('data-own-cards'));
    await confirm.click();
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid="game"]')?.dataset.ownCards) === n - 3, own);
    assert.equal(await page.locator('.set-aside [data-card]').count(), 3, 'the three cards are buried');
  } finally {
    await context.close();
  }
});

async function axeScan(page, what) {
  await page.addScriptTag({ path: AXE_PATH });
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
  });
  const serious = found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(serious, [], `axe: serious or critical violations on ${what}`);
}

test('axe finds no serious violation on the start screen, rules, editor, table and result', { timeout: 180_000 }, async () => {
  const { page, context } = await openPage(shared.browser);
  try {
    await page.goto(`${baseUrl()}?game=partnership&seed=5&pace=instant&level=basic`, { waitUntil: 'load' });
    await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
    await axeScan(page, 'the start screen');
    const deal = await page.getByTestId('start-game').boundingBox();
    assert.ok(deal && deal.y + deal.height <= 800, `the Deal button is above the fold at 1280×800: ${JSON.stringify(deal)}`);
    await page.setViewportSize({ width: 360, height: 740 });
    const phoneDeal = await page.getByTestId('start-game').boundingBox();
    assert.ok(phoneDeal && phoneDeal.y + phoneDeal.height <= 740, `the Deal button is on a phone's first screen: ${JSON.stringify(phoneDeal)}`);
    // On a phone it sits in an opaque bar as wide as the form, which the text
    // scrolls under (a floating button covered a line of the game list).
    const bar = await page.evaluate(() => {
      const deal = document.querySelector('.start-deal');
      const form = document.querySelector('form.start');
      return {
        width: deal.getBoundingClientRect().width,
        form: form.getBoundingClientRect().width,
        background: getComputedStyle(deal).backgroundColor,
      };
    });
    assert.ok(bar.width >= bar.form && !/rgba\(0, 0, 0, 0\)|transparent/.test(bar.background), `the Deal bar: ${JSON.stringify(bar)}`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('customize-rules').click();
    await page.getByTestId('rules-editor').waitFor({ state: 'visible' });
    await axeScan(page, 'the rules editor');
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('start-game').click();
    await page.getByTestId('game').waitFor({ state: 'visible' });
    await page.getByTestId('rules-button').click();
    await page.getByTestId('rules-dialog').waitFor({ state: 'visible' });
    await axeScan(page, 'the rules dialog');
    await page.getByTestId('close-rules').click();
    await page.getByTestId('bid-advisor-toggle').check();
    await playUntil(page, humanToPlayCard);
    await axeScan(page, 'the table');
    await playUntil(page, (p) => p.getByTestId('result-panel').isVisible());
    await axeScan(page, 'the result panel');
    // On a phone the coach's panels lie over the table; the result dialog lies
    // over them (the next hand's bidding has begun behind it).
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByTestId('bid-advisor').waitFor({ state: 'attached' });
    const onTop = await page.evaluate(() => {
      const hit = (el) => {
        const r = el.getBoundingClientRect();
        return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      };
      const advisor = document.querySelector('[data-testid="bid-advisor"]');
      return [hit(document.querySelector('[data-testid="next-hand"]'))?.dataset.testid, advisor.contains(hit(advisor))];
    });
    assert.deepEqual(onTop, ['next-hand', false], 'the result dialog lies over the bid advisor');
    // A result taller than the screen (a claim's tricks on a phone held
    // sideways; here a screen short enough that this one is) scrolls under
    // its buttons: Next hand stays on screen.
    await page.setViewportSize({ width: 740, height: 240 });
    const scrolled = await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="result-panel"]');
      const r = document.querySelector('[data-testid="next-hand"]').getBoundingClientRect();
      const table = panel.querySelector('.table-scroll');
      return [
        panel.scrollHeight > panel.clientHeight,
        document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)?.dataset.testid,
        table.clientHeight >= table.scrollHeight,
      ];
    });
    assert.deepEqual(scrolled, [true, 'next-hand', true], 'the result scrolls whole (its table unsquashed) and Next hand stays on screen');
  } finally {
    await context.close();
  }
});

// On a phone the last trick lies over the trick, its four cards in one row
// (below the trick it squeezed the trick to a sliver and wrapped its fourth
// card under the label).
test('partnership at 360×740: the last trick lies over the trick, its cards in one row', { timeout: 120_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser, { touch: true });
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await startGame(page, 'partnership', 8);
    await playUntil(page, async (p) => (await humanToPlayCard(p)) && Number(await p.getByTestId('game').getAttribute('data-tricks-done')) >= 1);
    await page.getByTestId('last-trick-button').click();
    await page.getByTestId('last-trick').waitFor({ state: 'visible' });
    const shown = await page.evaluate(() => {
      const panel = document.querySelector('[data-testid="last-trick"]');
      const box = panel.getBoundingClientRect();
      const center = document.querySelector('.center').getBoundingClientRect();
      const cards = [...panel.querySelectorAll('[data-card]')].map((c) => c.getBoundingClientRect());
      const mid = cards[0];
      return {
        cards: cards.length,
        rows: new Set(cards.map((c) => Math.round(c.top))).size,
        inside: box.top >= center.top - 1 && box.bottom <= center.bottom + 1,
        onTop: panel.contains(document.elementFromPoint(mid.x + mid.width / 2, mid.y + mid.height / 2)),
      };
    });
    assert.deepEqual(shown, { cards: 4, rows: 1, inside: true, onTop: true }, JSON.stringify(shown));
    await screenshot(page, 'last-trick-partnership-360x740');
    await page.getByTestId('last-trick-button').click();
    await page.getByTestId('last-trick').waitFor({ state: 'detached' });
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});

test('the table tools: on a phone behind Menu, which a choice, a tap elsewhere or Escape closes; Sound toggles and is remembered', { timeout: 120_000 }, async () => {
  const { page } = await openPage(shared.browser);
  try {
    await page.setViewportSize({ width: 360, height: 740 });
    await startGame(page, 'bison', 26);
    const sound = page.getByTestId('sound');
    for (const id of ['sound', 'rules-button', 'quit']) {
      assert.equal(await page.getByTestId(id).isVisible(), false, `${id} is folded away on a phone`);
    }
    assert.ok(await page.getByTestId('last-trick-button').isVisible(), 'Last trick stays on the bar');
    await page.getByTestId('table-options').click();
    await sound.waitFor({ state: 'visible' });
    assert.ok(await page.getByTestId('rules-button').isVisible() && await page.getByTestId('quit').isVisible(), 'Rules and New game are in the menu');
    const before = await sound.getAttribute('aria-pressed');
    await sound.click();
    const after = before === 'true' ? 'false' : 'true';
    await page.waitForFunction((want) => document.querySelector('[data-testid="sound"]').getAttribute('aria-pressed') === want, after);
    assert.equal(await sound.isVisible(), false, 'choosing Sound closes the menu');
    // A switch that is on shows a tick; off, none.
    const tick = await sound.evaluate((b) => getComputedStyle(b, '::before').content);
    assert.equal(tick.includes('✓'), after === 'true', `Sound ${after}: its tick is ${tick}`);
    // A tap elsewhere closes it, and so does Escape.
    await page.getByTestId('table-options').click();
    await sound.waitFor({ state: 'visible' });
    await page.getByTestId('announcement').click();
    await sound.waitFor({ state: 'hidden' });
    await page.getByTestId('table-options').click();
    await sound.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await sound.waitFor({ state: 'hidden' });
    // By keyboard: Escape from inside the menu takes the focus back to its button.
    await page.getByTestId('table-options').focus();
    await page.keyboard.press('Enter');
    await sound.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    assert.ok(await page.evaluate(() => document.activeElement.closest('.disclosure-body') !== null), 'Tab enters the menu');
    await page.keyboard.press('Escape');
    await sound.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => document.activeElement.dataset.testid), 'table-options', 'the focus is back on Menu');
    assert.equal(await page.evaluate(() => localStorage.getItem('pinochle/sound')), after === 'true' ? 'on' : 'off');
    // Upright and sideways, the open menu lies wholly on the screen (sideways
    // its button ends the bar at the right edge; the list had run off it).
    for (const size of [{ width: 360, height: 740 }, { width: 844, height: 390 }]) {
      await page.setViewportSize(size);
      await page.getByTestId('table-options').click();
      await sound.waitFor({ state: 'visible' });
      const box = await page.locator('.disclosure.open .disclosure-body').boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= size.width, `the menu at ${size.width}×${size.height}: ${JSON.stringify(box)}`);
      await page.keyboard.press('Escape');
      await sound.waitFor({ state: 'hidden' });
    }
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('game').waitFor({ state: 'visible', timeout: 30_000 });
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.equal(await page.getByTestId('table-options').isVisible(), false, 'no Options button on a wide screen');
    assert.equal(await page.getByTestId('sound').getAttribute('aria-pressed'), after, 'the choice outlives a reload');
  } finally {
    await page.context().close();
  }
});

// The rules window takes the keyboard focus as it opens (Page Down scrolls
// it, Tab starts in it) and gives it back to the Rules button as it closes.
test('the rules window takes the keyboard focus and gives it back', { timeout: 60_000 }, async () => {
  const { page, context } = await openPage(shared.browser);
  try {
    await startGame(page, 'brooklyn', 31);
    await page.getByTestId('rules-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('rules-dialog').waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('[data-testid="rules-dialog"]').contains(document.activeElement));
    const scrolled = await page.evaluate(() => document.querySelector('[data-testid="rules-dialog"]').scrollTop);
    await page.keyboard.press('PageDown');
    await page.waitForFunction((was) => document.querySelector('[data-testid="rules-dialog"]').scrollTop > was, scrolled);
    await page.keyboard.press('Escape');
    await page.getByTestId('rules-dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.dataset.testid === 'rules-button');
  } finally {
    await context.close();
  }
});

// By keyboard, each decision made with buttons takes the focus on its first
// choice (not the auction, where B and P bid and pass), a bury's third card
// hands it to the confirming button, and Enter pressed twice there confirms
// the bury and no more: the focus moves on to play or throw in, on Play. The
// arrow keys step between the trump buttons.
test('bison by keyboard: the focus goes to each decision, never onto another one', { timeout: 90_000 }, async () => {
  const { page, context } = await openPage(shared.browser);
  try {
    await page.goto(`${baseUrl()}?game=bison&seed=11&pace=instant&level=basic`, { waitUntil: 'load' });
    await page.getByTestId('start-game').focus();
    await page.keyboard.press('Enter');
    const phase = (name) =>
      page.waitForFunction((p) => document.querySelector('[data-testid="game"]')?.dataset.phase === p, name, { timeout: 30_000 });
    const focused = () => page.evaluate(() => document.activeElement?.dataset.action ?? document.activeElement?.tagName);
    await page.waitForSelector(TURN, { timeout: 30_000 });
    await page.keyboard.press('b');
    await phase('trump');
    // (The focus follows the page's drawing of the decision, a moment after
    // the phase: waited for, as a slow machine may read between the two.)
    const focusOn = (pattern) =>
      page
        .waitForFunction((p) => new RegExp(p).test(document.activeElement?.dataset.action ?? document.activeElement?.tagName), pattern, { timeout: 5_000 })
        .catch(() => {});
    await focusOn('^trump ');
    const first = await focused();
    assert.match(first, /^trump /, 'naming trump has the focus');
    // The arrow keys step between the suits, as they do along the hand.
    await page.keyboard.press('ArrowRight');
    const second = await focused();
    assert.match(second, /^trump /, 'ArrowRight moves to the next suit');
    assert.notEqual(second, first, 'ArrowRight moves to the next suit');
    await page.keyboard.press('ArrowLeft');
    assert.equal(await focused(), first, 'ArrowLeft moves back');
    await page.keyboard.press('Enter');
    await phase('bury');
    await page.waitForSelector('[data-testid="hand"] [data-action^="bury "]:focus');
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Enter');
      if (i < 2) await page.keyboard.press('ArrowRight');
    }
    await page.waitForSelector('[data-testid="confirm-selection"]:focus');
    await page.keyboard.press('Enter');
    await phase('concession');
    await focusOn('^play$');
    assert.equal(await focused(), 'play', 'play or throw in: the focus is on Play');
  } finally {
    await context.close();
  }
});
