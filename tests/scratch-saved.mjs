import { chromium } from 'playwright-core';
import { humanStep, TURN } from './e2e/harness.mjs';
const base = 'http://127.0.0.1:8090/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const page = await ctx.newPage();
page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
const game = process.argv[2] || 'brooklyn';
await page.goto(base + `?game=${game}&autostart=1&pace=instant&level=basic`);
const state = {};
for (let i = 0; i < 400 && (state.results ?? 0) < 2; i++) {
  await page.waitForSelector(TURN, { timeout: 30000 });
  await humanStep(page, state);
}
await page.waitForTimeout(500);
await page.screenshot({ path: `/work/scratch/${game}-hand3.png` });
await page.getByTestId('quit').click();
await page.waitForTimeout(800);
await page.screenshot({ path: `/work/scratch/${game}-start.png`, fullPage: true });
console.log(await page.locator('.saved').allInnerTexts());
await browser.close();
