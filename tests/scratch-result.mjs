import { chromium } from 'playwright-core';
import { humanStep, TURN } from './e2e/harness.mjs';
const base = 'http://127.0.0.1:8090/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const game = process.argv[2] || 'partnership';
const width = Number(process.argv[3] || 1280), height = width < 500 ? 740 : 800;
const ctx = await browser.newContext({ viewport: { width, height } });
const page = await ctx.newPage();
await page.goto(base + `?game=${game}&autostart=1&pace=instant&level=basic`);
const state = {};
let shotKitty = false;
for (let i = 0; i < 400; i++) {
  await page.waitForSelector(TURN, { timeout: 30000 });
  if (!shotKitty && await page.waitForTimeout(1200) === undefined && await page.locator('.kitty .card, [data-testid="kitty"] .card').count() > 0) { await page.screenshot({ path: `/work/scratch/${game}-${width}-kitty.png` }); shotKitty = true; }
  if (await page.getByTestId('result-panel').isVisible()) break;
  await humanStep(page, state);
}
await page.screenshot({ path: `/work/scratch/${game}-${width}-result.png` });
await browser.close();
