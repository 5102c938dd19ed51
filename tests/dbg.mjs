import { launchBrowser, openPage } from './e2e/harness.mjs';
const url = process.argv[2];
const browser = await launchBrowser();
const { page, context, problems } = await openPage(browser);
page.on('console', (m) => console.log('console', m.type(), m.text()));
await page.goto(url, { waitUntil: 'load' });
await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30000 });
await page.getByTestId('start-game').click();
for (let i = 0; i < 40; i++) {
  await page.waitForTimeout(500);
  const info = await page.evaluate(() => {
    const g = document.querySelector('[data-testid="game"]');
    return { phase: g?.dataset.phase, ticket: g?.dataset.ticket, status: document.querySelector('.status')?.innerText, controls: document.querySelector('[data-testid="controls"]')?.innerText };
  });
  console.log(JSON.stringify(info));
  const actions = await page.$$eval('[data-testid="controls"] [data-action], [data-testid="hand"] [data-action]', (els) => els.map((el) => el.getAttribute('data-action')));
  if (actions.length) {
    const pick = actions.includes('pass') ? 'pass' : actions[0];
    await page.locator(`[data-action="${pick}"]`).first().click();
  }
  if (await page.getByTestId('result-panel').isVisible()) { console.log('RESULT'); break; }
}
await page.screenshot({ path: '/tmp/dbg/shot.png' });
console.log(problems.errors);
await browser.close();
