// The installable, offline app (issue 6): the manifest and service worker pass
// Chromium's installability check (DevTools protocol: Page.getInstallabilityErrors
// returns none); the generated precache list covers every file the page loads;
// after the first visit the app starts offline; and a new build of the service
// worker brings up the "new version — reload" prompt, over any dialog open at
// the table, whose button reloads the page under the new worker.
//
// Run through `cargo xtask test --only e2e` (dist/ built by `cargo xtask dist`,
// which writes dist/sw.js with the build's precache list).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { launchBrowser, openPage, baseUrl, screenshot } from './harness.mjs';

const DIST = path.join(import.meta.dirname, '..', '..', 'dist');

let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

/** Loads the app and waits until the service worker is active and controls the page. */
async function loadControlled(page) {
  await page.goto(baseUrl(), { waitUntil: 'load' });
  await page.getByTestId('app-title').waitFor({ state: 'visible', timeout: 30_000 });
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    // clients.claim() normally takes the first page; a reload makes sure.
    await page.reload({ waitUntil: 'load' });
  }
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 30_000 });
}

/**
 * Runs `body(page, original, serve)` on a page controlled by the worker,
 * where `original` is dist/sw.js as built and `serve(text)` serves `text`
 * in its place, as a new build's worker would be; the built one is put
 * back after, whatever happens.
 */
async function withServedWorker(body) {
  const { page, context } = await openPage(browser);
  const swPath = path.join(DIST, 'sw.js');
  const original = readFileSync(swPath, 'utf8');
  try {
    await loadControlled(page);
    await body(page, original, (text) => writeFileSync(swPath, text));
  } finally {
    writeFileSync(swPath, original);
    await context.close();
  }
}

test('manifest and service worker pass the installability check', { timeout: 90_000 }, async () => {
  // Chromium never offers to install from an incognito (non-persistent) context,
  // so this check uses a real, temporary profile.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'pinochle-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.PINOCHLE_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = { errors: [] };
  page.on('pageerror', (err) => problems.errors.push(`pageerror: ${err.message}`));
  try {
    await loadControlled(page);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector('link[rel="manifest"]');
      return (await fetch(link.href)).json();
    });
    assert.equal(manifest.name, 'Pinochle');
    assert.equal(manifest.short_name, 'Pinochle');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    assert.ok(manifest.theme_color, 'theme colour');
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
    for (const want of ['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']) {
      assert.ok(sizes.includes(want), `icon ${want} in ${sizes}`);
    }
    for (const icon of manifest.icons) {
      const status = await page.evaluate(async (src) => (await fetch(src)).status, icon.src);
      assert.equal(status, 200, `${icon.src} is served`);
    }
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'Chromium finds the app installable');
    assert.deepEqual(problems.errors, [], 'no page errors');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the precache list holds every file the page loads', { timeout: 90_000 }, async () => {
  const { page, context, problems } = await openPage(browser);
  try {
    await loadControlled(page);
    const cached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((k) => k.startsWith('pinochle-'));
      const urls = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
      }
      return { names, urls };
    });
    assert.equal(cached.names.length, 1, `one cache per version: ${cached.names}`);
    const origin = new URL(baseUrl()).origin;
    const loaded = [...new Set(problems.requests)]
      .map((u) => new URL(u))
      .filter((u) => u.origin === origin && u.pathname !== '/sw.js' && u.pathname !== '/manifest.webmanifest')
      .map((u) => `${u.origin}${u.pathname}`);
    for (const url of loaded) {
      assert.ok(cached.urls.includes(url), `${url} is precached (cache: ${cached.urls.join(', ')})`);
    }
    const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
    assert.doesNotMatch(sw, /__PINOCHLE_/, 'dist/sw.js was generated from the template');
  } finally {
    await context.close();
  }
});

test('after the first visit the app starts offline', { timeout: 90_000 }, async () => {
  const { page, context } = await openPage(browser);
  try {
    await loadControlled(page);
    await context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await page.getByTestId('app-title').waitFor({ state: 'visible', timeout: 30_000 });
    await page.getByTestId('start').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await page.evaluate(() => navigator.onLine), false, 'the browser is offline');
    await screenshot(page, 'pwa-offline-start');
  } finally {
    await context.setOffline(false);
    await context.close();
  }
});

// A deploy half done serves a new sw.js with the old index.html (or the other
// way round): the new version must not cache a page that names files it does
// not list (the app would start without its stylesheet until the next
// version). Its install fails, the version in use stays, and no prompt shows.
test('a service worker whose index.html is another build\'s is not installed', { timeout: 90_000 }, async () => {
  await withServedWorker(async (page, original, serve) => {
    const css = original.match(/'\.\/(app-[0-9a-f]+\.css)'/)[1];
    assert.ok(original.includes(`  './${css}',\n`), 'the list holds the stylesheet');
    serve(
      original
        .replace(/const VERSION = '([0-9a-f]+)'/, "const VERSION = '$1-half'")
        // The new build's list, without the stylesheet the old page names.
        .replace(`  './${css}',\n`, ''),
    );
    const settled = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update().catch(() => {});
      for (let i = 0; i < 100 && (registration.installing || registration.waiting); i += 1) {
        if (registration.waiting) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return {
        waiting: Boolean(registration.waiting),
        caches: (await caches.keys()).filter((k) => k.startsWith('pinochle-')),
      };
    });
    assert.equal(settled.waiting, false, 'no new version waits');
    assert.equal(settled.caches.length, 1, `only the version in use is cached: ${settled.caches}`);
    assert.doesNotMatch(settled.caches[0], /-half$/);
    assert.equal(await page.getByTestId('update-prompt').count(), 0, 'no prompt');
  });
});

test('a new build brings up the "new version — reload" prompt', { timeout: 120_000 }, async () => {
  await withServedWorker(async (page, original, serve) => {
    const before = await page.evaluate(() => navigator.serviceWorker.controller.scriptURL);
    assert.equal(await page.getByTestId('update-prompt').count(), 0, 'no prompt for the version in use');
    // A player mid-game with a dialog open must still see and reach the prompt:
    // the click below fails if the dialog's backdrop lies over it.
    await page.goto(`${baseUrl()}?pace=instant&level=basic`, { waitUntil: 'load' });
    await page.getByTestId('start-game').click();
    await page.getByTestId('rules-button').click();
    await page.getByTestId('rules-dialog').waitFor({ state: 'visible' });
    // A different worker script is what a new build looks like to the browser.
    serve(original.replace(/const VERSION = '([0-9a-f]+)'/, "const VERSION = '$1-next'"));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const prompt = page.getByTestId('update-prompt');
    await prompt.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await prompt.textContent(), /new version/i);
    // The bar has its own row: the table starts below it and still ends at
    // the screen's foot, so it covers neither the header row nor the hand.
    const rows = await page.evaluate(() => ({
      bar: document.querySelector('.update-prompt').getBoundingClientRect().bottom,
      app: document.querySelector('.app').getBoundingClientRect().toJSON(),
      screen: window.innerHeight,
    }));
    assert.ok(rows.bar <= rows.app.top, `the table starts below the bar: ${JSON.stringify(rows)}`);
    assert.ok(rows.app.bottom <= rows.screen + 0.5, `the table ends on screen: ${JSON.stringify(rows)}`);
    await screenshot(page, 'pwa-update-prompt');
    // Later puts it off (the bar takes a row at the top of the screen) until the
    // next load, which shows it again while the new version waits.
    await page.getByTestId('update-later').click();
    await prompt.waitFor({ state: 'detached' });
    await page.reload({ waitUntil: 'load' });
    await prompt.waitFor({ state: 'visible', timeout: 30_000 });
    await Promise.all([page.waitForEvent('load', { timeout: 30_000 }), page.getByTestId('update-reload').click()]);
    await page.getByTestId('app-title').waitFor({ state: 'visible', timeout: 30_000 });
    const version = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('pinochle-')));
    assert.equal(version.length, 1, `old caches are deleted: ${version}`);
    assert.match(version[0], /-next$/, 'the new version is in control');
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller.scriptURL), before);
  });
});
