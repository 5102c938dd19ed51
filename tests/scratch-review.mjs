import { chromium } from 'playwright-core';
import { humanStep, TURN } from './e2e/harness.mjs';
const base = 'http://127.0.0.1:8090/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const game = process.argv[2] || 'bison';
const width = Number(process.argv[3] || 1280), height = width < 500 ? 740 : 800;
const ctx = await browser.newContext({ viewport: { width, height } });
const page = await ctx.newPage();
page.on('console', (m) => { if (m.type() !== 'info') console.log('CONSOLE', m.type(), m.text()); });
await page.goto(base + `?game=${game}&seed=22&autostart=1&pace=instant&level=basic`);
const state = {};
for (let i = 0; i < 400; i++) {
  await page.waitForSelector(TURN, { timeout: 30000 });
  if (await page.getByTestId('result-panel').isVisible()) break;
  await humanStep(page, state);
}
await page.getByTestId('review').click();
await page.getByTestId('review-panel').waitFor();
for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
console.log('step', await page.getByTestId('review-panel').getAttribute('data-step'));
await page.screenshot({ path: `/work/scratch/review-${game}-${width}.png` });
await page.keyboard.press('End');
await page.waitForSelector('[data-testid="review-summary"]', { timeout: 120000 }); await page.screenshot({ path: `/work/scratch/review-${game}-${width}-end.png` }); console.log(await page.locator('[data-testid="grade"]').evaluateAll(els => els.map(e => e.dataset.grade + ':' + e.dataset.cost).join(' ')));
console.log(await page.getByTestId('review-move').innerText());
await browser.close();
