import { chromium } from 'playwright-core';
import { humanStep, TURN } from './e2e/harness.mjs';
const base = 'http://127.0.0.1:8090/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const width = Number(process.argv[2] || 1280), height = width < 500 ? 740 : 800;
const ctx = await browser.newContext({ viewport: { width, height } });
const page = await ctx.newPage();
page.on('console', (m) => console.log('CONSOLE', m.type(), m.text()));
for (const game of ['bison', 'brooklyn']) {
  await page.goto(base + `?game=${game}&autostart=1&pace=instant&level=basic`);
  const state = {};
  for (let i = 0; i < 400 && (state.results ?? 0) < 2; i++) {
    await page.waitForSelector(TURN, { timeout: 30000 });
    await humanStep(page, state);
  }
  await page.getByTestId('quit').click();
}
await page.getByTestId('stats').click();
await page.getByTestId('stats-panel').waitFor();
await page.getByTestId('stats-panel').screenshot({ path: `/work/scratch/stats-${width}.png` });
console.log(await page.getByTestId('stats-panel').innerText());
console.log('scrollWidth', await page.evaluate(() => document.documentElement.scrollWidth));
await browser.close();
