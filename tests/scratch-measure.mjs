import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8090/';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const ctx = await browser.newContext({ viewport: { width: 360, height: 740 } });
const page = await ctx.newPage();
await page.goto(base + `?game=double-deck&autostart=1&pace=instant&level=basic`);
await page.waitForSelector('[data-testid="hand"]');
await page.waitForTimeout(1500);
const r = await page.evaluate(() => {
  const h = document.querySelector('[data-testid="hand"]');
  const cs = getComputedStyle(h);
  return { hand: h.getBoundingClientRect().toJSON(), pad: cs.padding, cards: [...h.children].map(c => { const b = c.getBoundingClientRect(); const s = getComputedStyle(c); return [Math.round(b.x), Math.round(b.y), Math.round(b.width), Math.round(b.height), s.marginLeft, s.marginRight]; }) };
});
console.log(JSON.stringify(r));
await browser.close();
