// Smoke test: the release build served from dist/ loads in Chromium, the Yew
// app mounts, nothing is requested from anywhere but 127.0.0.1, and starting
// a game (the worker's first decision included) logs no console warning; a
// wasm file that does not arrive is reported where the boot message stood.
//
// Run through `cargo xtask test --only e2e`, which builds dist/, serves it on
// 127.0.0.1 and sets PINOCHLE_BASE_URL, PINOCHLE_CHROMIUM and PINOCHLE_ARTIFACTS.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser, openPage, baseUrl, screenshot } from './harness.mjs';

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

test('page title is Pinochle', { timeout: 60_000 }, async () => {
  const { page, context } = await openPage(browser);
  try {
    await page.goto(baseUrl(), { waitUntil: 'load' });
    assert.equal(await page.title(), 'Pinochle');
  } finally {
    await context.close();
  }
});

test('a game file that does not arrive is reported in place of the boot message', { timeout: 60_000 }, async () => {
  const { page, context } = await openPage(browser);
  try {
    await page.route(/_bg\.wasm$/, (route) => route.abort('failed'));
    await page.goto(baseUrl(), { waitUntil: 'load' });
    const error = page.getByTestId('boot-error');
    await error.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await error.textContent(), /^The game could not start: .+\. Reload the page to try again\.$/);
  } finally {
    await context.close();
  }
});

test('the Yew app mounts the title and an empty felt table', { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage(browser);
  try {
    await page.goto(baseUrl(), { waitUntil: 'load' });
    // These elements exist only once the wasm app has started and rendered.
    const heading = page.getByTestId('app-title');
    await heading.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal((await heading.textContent())?.trim(), 'Pinochle');

    const felt = page.locator('[data-testid="table"] [data-testid="felt"]');
    await felt.waitFor({ state: 'visible' });
    assert.equal(await felt.locator('*').count(), 0, 'the table starts empty');
    const box = await felt.boundingBox();
    assert.ok(box && box.width > 200 && box.height > 200, `felt is laid out: ${JSON.stringify(box)}`);
    const background = await felt.evaluate((el) => getComputedStyle(el).backgroundImage);
    assert.match(background, /gradient/, 'felt is styled by app.css');

    await screenshot(page, 'smoke-table');
    assert.deepEqual(problems.errors, [], 'no console errors or page errors');
  } finally {
    await context.close();
  }
});

test('no request leaves 127.0.0.1', { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage(browser);
  try {
    await page.goto(baseUrl(), { waitUntil: 'networkidle' });
    await page.getByTestId('app-title').waitFor({ state: 'visible', timeout: 30_000 });
    assert.ok(problems.requests.length >= 3, `the page, its JS and its wasm were requested: ${problems.requests}`);
    assert.deepEqual(problems.offsite, [], 'requests to hosts other than 127.0.0.1');
    const wasm = problems.responses.find((r) => r.url.endsWith('.wasm'));
    assert.ok(wasm, 'the wasm module was fetched');
    assert.equal(wasm.status, 200);
    assert.equal(wasm.contentType, 'application/wasm');
  } finally {
    await context.close();
  }
});

test('loading the app and playing against the worker logs no console warning', { timeout: 90_000 }, async () => {
  const { page, context, problems } = await openPage(browser);
  try {
    await page.goto(`${baseUrl()}?game=bison&seed=4&pace=instant&level=basic&autostart=1`, { waitUntil: 'load' });
    await page.getByTestId('game').waitFor({ state: 'visible', timeout: 30_000 });
    // Some computer player has decided: the worker (and its loader) started.
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="game"]')?.dataset.ticket) > 0, null, {
      timeout: 30_000,
    });
    await page.getByTestId('game').click({ position: { x: 5, y: 5 } });
    assert.deepEqual(problems.warnings, [], 'console warnings');
    assert.deepEqual(problems.errors, [], 'console errors');
  } finally {
    await context.close();
  }
});

// An address that deals at once (`autostart=1`) deals once: the parameter
// leaves the address as the game starts, so a reload resumes that deal. An
// address whose settings cannot be used names the problem on the start
// screen, deals nothing and leaves the address.
test('an address deals once; one that cannot be used says why', { timeout: 60_000 }, async () => {
  const { page, context, problems } = await openPage(browser);
  try {
    await page.goto(`${baseUrl()}?game=club&pace=instant&level=basic&autostart=1`, { waitUntil: 'load' });
    const game = page.getByTestId('game');
    await game.waitFor({ state: 'visible', timeout: 30_000 });
    const deal = await page.getByTestId('deal-number').getAttribute('data-seed');
    assert.ok(deal, 'the table carries its deal number');
    assert.doesNotMatch(page.url(), /autostart/, 'the request to deal leaves the address');
    await page.reload({ waitUntil: 'load' });
    await game.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await page.getByTestId('deal-number').getAttribute('data-seed'), deal, 'the reload resumes the same deal');

    await page.goto(`${baseUrl()}?game=chess&seed=5&autostart=1`, { waitUntil: 'load' });
    await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
    const error = page.getByTestId('start').getByRole('alert').first();
    assert.match(await error.innerText(), /'game=chess' is no game here \(the games: brooklyn, bison/);
    assert.equal(await game.count(), 0, 'nothing was dealt');
    assert.equal(new URL(page.url()).search, '', 'the parameters leave the address');
    assert.deepEqual(problems.errors, [], 'console errors');
  } finally {
    await context.close();
  }
});
