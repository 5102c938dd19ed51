// The rules editor explains itself: a shared link opens the new-game screen
// with a plain summary of its rules and a Change button (not the editor); in
// the editor the bid steps are a table of rows and a meld's values labelled
// fields, a change marks the option changed, a refused value shows the
// engine's message beside the option and leaves the rules as they were;
// axe-core finds no serious or critical violation; at 360×740 nothing scrolls
// sideways and every control is at least 44 px tall (screenshots
// editor-summary-1280x800.png, editor-1280x800.png, editor-360x740.png). One
// page, Bison. A long rules link (the README's kitchen-table partnership)
// opens on its rules with the Deal button in view at 360×640 and 1280×800
// (editor-link-<w>x<h>.png).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { openPage, baseUrl, screenshot, sharedBrowser } from './harness.mjs';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

const shared = sharedBrowser();

/** Types `value` into a field and lets it go, as a player does (a change event). */
async function enter(page, testid, value) {
  const field = page.getByTestId(testid);
  await field.fill(value);
  await field.dispatchEvent('change');
}

/** Whether the option `key` is marked as differing from the preset. */
const isChanged = (page, key) =>
  page.getByTestId(`rule-${key}-option`).evaluate((el) => el.classList.contains('changed'));

/** The README's kitchen-table link: nine changes, a summary taller than a phone's screen. */
const KITCHEN_TABLE =
  '#v=2&game=partnership&name=Kitchen-table%20partnership&redeal_nines=5&pass_cards=3&pass_order=simultaneous' +
  '&concede_any_shortfall=true&automatic_set=true&head_rule=strict&target=1000&lose_at=1000&defenders_always_score=true&check=c0553e';

test('a rules link opens on its rules, with the Deal button in view, on a phone and a desktop', { timeout: 60_000 }, async () => {
  for (const size of [{ width: 360, height: 640 }, { width: 1280, height: 800 }]) {
    const { page, context, problems } = await openPage(shared.browser);
    try {
      await page.setViewportSize(size);
      await page.goto(`${baseUrl()}${KITCHEN_TABLE}`, { waitUntil: 'load' });
      await page.getByTestId('shared-summary').waitFor({ state: 'visible', timeout: 30_000 });
      const label = `${size.width}×${size.height}`;
      // On a phone the game list fills the first screen: the page opens on
      // the link's rules instead (they lay below it).
      await page.waitForFunction(() => {
        const r = document.querySelector('[data-testid="rules-name"]').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight;
      }, null, { timeout: 5_000 }).catch(() => {});
      const inView = (testid) =>
        page.getByTestId(testid).evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= innerHeight;
        });
      assert.ok(await inView('rules-name'), `${label}: the link's name is on the first screen`);
      assert.ok(await inView('start-game'), `${label}: the Deal button is on the first screen`);
      await screenshot(page, `editor-link-${size.width}x${size.height}`);
      assert.deepEqual(problems.errors, []);
    } finally {
      await context.close();
    }
  }
});

test('a shared link opens a summary; the editor takes friendly values and names refusals', { timeout: 90_000 }, async () => {
  const { page, context, problems } = await openPage(shared.browser);
  try {
    await page.goto(`${baseUrl()}?name=Zed#v=1&game=bison&seed=3&target=1000`, { waitUntil: 'load' });
    const summary = page.getByTestId('shared-summary');
    await summary.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await summary.innerText(), /Bison.*with these changes:\s*Game target: 1000/s);
    assert.equal(await page.getByTestId('rules-editor').count(), 0, 'the editor waits for Change');
    await screenshot(page, 'editor-summary-1280x800');

    await page.getByTestId('change-rules').click();
    await page.getByTestId('rules-editor').waitFor({ state: 'visible' });

    // Bid steps: a new row "from 350 bids go up by 50".
    assert.equal(await isChanged(page, 'bid_bands'), false);
    await page.getByTestId('rule-bid_bands-add').click();
    await page.getByTestId('rule-bid_bands-row').nth(1).waitFor({ state: 'visible' });
    await enter(page, 'rule-bid_bands-2', '350');
    await enter(page, 'rule-bid_bands-3', '50');
    assert.equal(await isChanged(page, 'bid_bands'), true, 'the bid steps are marked changed');
    assert.equal(await page.getByTestId('rule-bid_bands-3').inputValue(), '50');

    // A meld's value through its labelled field.
    await enter(page, 'rule-meld.pinochle-1', '500');
    assert.equal(await isChanged(page, 'meld.pinochle'), true, 'the double pinochle is marked changed');
    assert.match(await page.getByTestId('rule-default-meld.pinochle').innerText(), /single 40, double 300/);

    // A refused value: the engine's message, and the rules as they were.
    await enter(page, 'rule-bid_bands-1', '0');
    assert.match(await page.getByTestId('rule-error-bid_bands').innerText(), /0 is out of range/);
    assert.equal(await page.getByTestId('rule-bid_bands-1').inputValue(), '10', 'the field shows the rule kept');
    await page.getByTestId('share-rules').click();
    const link = decodeURIComponent(await page.getByTestId('share-url').inputValue());
    assert.match(link, /bid_bands=0:10,350:50/, 'the refused step changed nothing');
    assert.match(link, /meld\.pinochle=40,500/);
    assert.ok(link.startsWith(`${baseUrl()}#`), `the link carries the rules, not the sharer's own settings: ${link}`);
    await page.getByTestId('copy-link').waitFor({ state: 'visible' });

    await page.addScriptTag({ path: AXE_PATH });
    const violations = await page.evaluate(async () => {
      // eslint-disable-next-line no-undef
      const r = await axe.run(document, { resultTypes: ['violations'] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
    });
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    assert.deepEqual(serious, [], 'axe: serious or critical violations in the editor');
    await screenshot(page, 'editor-1280x800');

    await page.setViewportSize({ width: 360, height: 740 });
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: innerWidth,
      wide: [...document.querySelectorAll('.rules-editor *')]
        .filter((el) => el.getBoundingClientRect().right > innerWidth + 0.5)
        .map((el) => el.dataset.testid ?? el.className ?? el.tagName)
        .slice(0, 5),
    }));
    assert.ok(widths.page <= widths.view, `no sideways scroll at 360 px: ${JSON.stringify(widths)}`);
    assert.deepEqual(widths.wide, [], 'nothing in the editor sticks out at 360 px');
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('.rules-editor :is(button, select, input[type="number"], .rule-switch, .rule-label[for])')]
        .filter((el) => el.getBoundingClientRect().height < 44)
        .map((el) => `${el.dataset.testid ?? el.className}: ${el.getBoundingClientRect().height}px`),
    );
    assert.deepEqual(small, [], 'every control of the editor is at least 44 px tall');
    await screenshot(page, 'editor-360x740');
    assert.deepEqual(problems.errors, [], 'no console or page errors');
  } finally {
    await context.close();
  }
});
