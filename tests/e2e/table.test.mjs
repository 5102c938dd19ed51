// The table, end to end, for every preset: start a game from the start screen
// with a fixed seed (?seed=…&pace=instant&level=basic prefill it), play whole
// hands through the page as the human by clicking enabled controls, reach the
// hand-result panel and check the score sheet. Along the way: opponents' hidden
// cards are never in the DOM, no request leaves 127.0.0.1, an axe-core scan of
// the table finds no serious or critical violations, and screenshots at
// 360×740 and 1280×800 go to tests/artifacts/.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { launchBrowser, openPage, baseUrl, screenshot, confirmSelection } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

const PRESETS = [
  { id: 'brooklyn', seed: 11, hands: 2 },
  { id: 'bison', seed: 12, hands: 2 },
  { id: 'partnership', seed: 13, hands: 2 },
  { id: 'double-deck', seed: 14, hands: 1 },
  { id: 'club', seed: 15, hands: 2 },
];

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SIDEWAYS = { width: 740, height: 360 };

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Face-up cards outside the human's hand must be public: trick, kitty, meld, last trick, set aside. */
async function checkNoHiddenCards(page) {
  const report = await page.evaluate(() => {
    const game = document.querySelector('[data-testid="game"]');
    if (!game) return null;
    const hand = game.querySelectorAll('[data-testid="hand"] [data-card]').length;
    const stray = [...document.querySelectorAll('[data-card]')]
      .filter((el) => !el.closest('[data-testid="hand"], [data-testid="trick"], [data-testid="kitty"], .meld-list, [data-testid="last-trick"], .set-aside'))
      .map((el) => el.getAttribute('data-card'));
    const backsWithFaces = document.querySelectorAll('.backs [data-card]').length;
    return { hand, own: Number(game.dataset.ownCards), stray, backsWithFaces };
  });
  if (!report) return;
  assert.equal(report.hand, report.own, 'the DOM hand equals the engine view of the human hand');
  assert.deepEqual(report.stray, [], 'no face-up card outside the public areas');
  assert.equal(report.backsWithFaces, 0, 'opponents show card backs only');
}

/** Chooses the human's action: bid once per hand, play on, challenge, else the first enabled control. */
async function chooseAction(page, state) {
  const actions = await page.$$eval(
    '[data-testid="controls"] [data-action], [data-testid="hand"] [data-action]',
    // (An element may lose its action while Playwright collects them.)
    (els) => els.map((el) => el.getAttribute('data-action')).filter((a) => a !== null),
  );
  if (actions.length === 0) return null;
  const bid = actions.find((a) => a.startsWith('bid '));
  let pick;
  if (bid && !state.bidThisHand) {
    state.bidThisHand = true;
    pick = bid;
  } else if (actions.includes('pass') && bid) {
    pick = 'pass';
  } else if (actions.includes('play')) {
    pick = 'play';
  } else if (actions.includes('keep')) {
    pick = 'keep';
  } else if (actions.includes('challenge')) {
    pick = 'challenge';
  } else {
    pick = actions[0];
  }
  return pick;
}

async function waitForTurn(page) {
  await page.waitForSelector(
    '[data-testid="result-panel"], [data-testid="game-over"], [data-testid="controls"] [data-action], [data-testid="hand"] [data-action]',
    { timeout: 60_000 },
  );
}

async function playHands(page, preset, hooks) {
  const state = { bidThisHand: false, results: 0, steps: 0, cardPlays: 0 };
  while (state.results < preset.hands) {
    state.steps += 1;
    assert.ok(state.steps < 400, `${preset.id}: too many steps without finishing the hands`);
    await waitForTurn(page);
    await checkNoHiddenCards(page);
    const panel = page.getByTestId('result-panel');
    if (await panel.isVisible()) {
      state.results += 1;
      await hooks.onResult(panel, state.results);
      await page.getByTestId('next-hand').click();
      state.bidThisHand = false;
      continue;
    }
    if (await page.getByTestId('game-over').isVisible()) break;
    if (await page.getByTestId('confirm-selection').count()) {
      await confirmSelection(page);
      continue;
    }
    const ticket = await page.getByTestId('game').getAttribute('data-ticket');
    const action = await chooseAction(page, state);
    if (!action) continue;
    if (action.startsWith('play ') && state.cardPlays++ === 2) await hooks.onMidPlay();
    await page.locator(`[data-action="${action}"]`).first().click();
    await page.waitForFunction(
      (t) => {
        const g = document.querySelector('[data-testid="game"]');
        return !g || g.dataset.ticket !== t || document.querySelector('[data-testid="result-panel"]');
      },
      ticket,
      { timeout: 30_000 },
    );
  }
  return state;
}

async function axeScan(page) {
  await page.addScriptTag({ path: AXE_PATH });
  const result = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, help: v.help }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

for (const preset of PRESETS) {
  test(`${preset.id}: play ${preset.hands} hand(s) through the page`, { timeout: 240_000 }, async () => {
    const { page, context, problems } = await openPage(browser);
    try {
      await page.setViewportSize(DESKTOP);
      await page.goto(`${baseUrl()}?game=${preset.id}&seed=${preset.seed}&pace=instant&level=basic`, { waitUntil: 'load' });
      await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
      assert.ok(await page.getByTestId(`game-${preset.id}`).isChecked(), 'the URL chose the game');
      await page.getByTestId('start-game').click();
      await page.getByTestId('game').waitFor({ state: 'visible' });

      let shotMid = false;
      const state = await playHands(page, preset, {
        onMidPlay: async () => {
          if (shotMid) return;
          shotMid = true;
          await screenshot(page, `${preset.id}-desktop-play`);
          await page.setViewportSize(PHONE);
          await screenshot(page, `${preset.id}-phone-play`);
          const serious = await axeScan(page);
          assert.deepEqual(serious, [], `axe: serious or critical violations on the ${preset.id} table`);
          await page.setViewportSize(DESKTOP);
        },
        onResult: async (panel, n) => {
          const text = await panel.innerText();
          assert.match(text, /Hand \d+ result/);
          assert.match(await page.getByTestId('outcome').innerText(), /\S/);
          if (n === 1) {
            await screenshot(page, `${preset.id}-desktop-result`);
            assert.ok(!(await page.getByTestId('deal-note').isVisible()), 'the desktop shows the deal number in the table bar');
            await page.setViewportSize(PHONE);
            await screenshot(page, `${preset.id}-phone-result`);
            // A phone's table bar has no deal number: the result gives it.
            const seed = await page.getByTestId('deal-number').getAttribute('data-seed');
            assert.ok(await page.getByTestId('deal-note').isVisible(), 'the phone shows the deal number in the result');
            assert.match(await page.getByTestId('deal-note').innerText(), new RegExp(`^Deal ${seed}:`));
            for (const size of [PHONE, SIDEWAYS]) {
              await page.setViewportSize(size);
              await checkMoreBelowCue(panel, `${preset.id} at ${size.width}x${size.height}`);
            }
            await page.setViewportSize(DESKTOP);
          }
          const rows = await page.locator('[data-testid="score-sheet"] [data-testid="score-row"]').count();
          assert.equal(rows, n, 'the score sheet has a row per completed hand');
          assert.equal(await page.locator('[data-testid="score-totals"]').count(), 1, 'the score sheet shows totals');
        },
      });
      assert.ok(state.results >= 1 || (await page.getByTestId('game-over').isVisible()), 'a hand result was reached');
      assert.deepEqual(problems.offsite, [], 'no request leaves 127.0.0.1');
      assert.ok(
        problems.requests.some((u) => u.includes('bot-worker')),
        'the computer players run in the Web Worker',
      );
      assert.deepEqual(problems.errors, [], 'no console or page errors');
    } finally {
      await context.close();
    }
  });
}

/** A result longer than its panel casts a shadow over its buttons (more lies
 * below) until it is scrolled to its end; one that fits casts none. */
async function checkMoreBelowCue(panel, where) {
  const cue = async (scrollTop) =>
    panel.evaluate(async (p, top) => {
      p.scrollTop = top;
      // The scroll timeline moves the shadow on the next frames.
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return {
        overflows: p.scrollHeight > p.clientHeight + 1,
        // At the end the shadow has faded to a transparent one.
        shadow: !/^(none|rgba\(0, 0, 0, 0\) )/.test(getComputedStyle(p.querySelector('.result-actions')).boxShadow),
      };
    }, scrollTop);
  const top = await cue(0);
  assert.equal(top.shadow, top.overflows, `${where}: a shadow over the buttons exactly when more lies below`);
  if (top.overflows) {
    const end = await cue(1e6);
    assert.equal(end.shadow, false, `${where}: no shadow at the end of the result`);
    await cue(0);
  }
}

test('illegal cards are disabled with the reason, and the rules are readable', { timeout: 120_000 }, async () => {
  const { page, context } = await openPage(browser);
  try {
    await page.goto(`${baseUrl()}?game=bison&seed=12&pace=instant&level=basic`, { waitUntil: 'load' });
    await page.getByTestId('start-game').waitFor({ state: 'visible', timeout: 30_000 });
    await screenshot(page, 'start-desktop');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'start-phone');
    // On a phone the rules open below the screen's edge: they come into view.
    await page.getByTestId('show-rules').click();
    const rules = await page.locator('.rules').innerText();
    assert.match(rules, /renege/i);
    assert.match(rules, /Pinochle/);
    await page.waitForFunction(() => {
      const top = document.querySelector('.rules').getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    }, null, { timeout: 5_000 });
    await screenshot(page, 'start-phone-rules');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('start-game').click();
    // Pass through the auction until a trick is being followed and a card is illegal.
    for (let i = 0; i < 200; i++) {
      await waitForTurn(page);
      if (await page.getByTestId('result-panel').isVisible()) {
        await page.getByTestId('next-hand').click();
        continue;
      }
      const illegal = page.locator('[data-testid="hand"] .illegal').first();
      if (await illegal.count()) {
        const reason = await illegal.getAttribute('title');
        assert.match(reason ?? '', /must|may not/);
        const described = await illegal.getAttribute('aria-describedby');
        assert.ok(described, 'the reason is linked for screen readers');
        await illegal.focus();
        assert.equal(await illegal.getAttribute('aria-disabled'), 'true');
        return;
      }
      const ticket = await page.getByTestId('game').getAttribute('data-ticket');
      const action = await chooseAction(page, { bidThisHand: true });
      if (!action) continue;
      await page.locator(`[data-action="${action}"]`).first().click();
      await page.waitForFunction(
        (t) => document.querySelector('[data-testid="game"]')?.dataset.ticket !== t || document.querySelector('[data-testid="result-panel"]'),
        ticket,
        { timeout: 30_000 },
      );
    }
    assert.fail('no illegal card was ever shown');
  } finally {
    await context.close();
  }
});

