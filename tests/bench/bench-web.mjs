// The web benchmark behind `cargo xtask bench-web` (a benchmark, not a test):
// transfer sizes of dist/, time to an interactive start screen (first visit and
// service-worker reload) at normal CPU speed and at Chromium's 4× CPU
// throttling, and the computer players' decision times in the real Web Worker
// (see WORKER_THROTTLING for their 4× figures).
// Prints one JSON document on stdout (progress goes to stderr).
//
// Environment (set by the xtask): PINOCHLE_BASE_URL (dist/ served on
// 127.0.0.1), PINOCHLE_DIST (the dist/ directory), PINOCHLE_BENCH_VIEWS (JSON
// file of decision views per preset, from `pinochle bench --views N`),
// PINOCHLE_CHROMIUM, PINOCHLE_BENCH_RUNS (page loads per measurement).

import { chromium } from 'playwright-core';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';

const LEVELS = ['basic', 'standard', 'expert'];
/** Chromium's CPU slowdown standing in for a mid-range phone. */
const THROTTLED_RATE = 4;
const CPU_RATES = [1, THROTTLED_RATE];
/**
 * Chromium throttles a page's main thread only, and refuses to throttle a
 * worker ("Emulation.setCPUThrottlingRate: Operation is only supported for
 * pages, not workers"). A decision is CPU-bound work in the worker, so its time
 * at the throttled rate is the normal-speed time × the rate.
 */
const WORKER_THROTTLING = `measured at 1x; the ${THROTTLED_RATE}x figures are the 1x times x ${THROTTLED_RATE} (Chromium cannot throttle a worker)`;
/** What the start screen is interactive with: its form (Yew renders it with its handlers). */
const START_SCREEN = '[data-testid="start"]';
/** A same-origin blank page the decision timings run in (not part of dist/). */
const BENCH_PAGE = '/__bench-web';

/** Chromium flags as in tests/e2e/harness.mjs. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

function required(name) {
  const value = process.env[name];
  if (!value) {
    throw new Error(`${name} is not set: run the benchmark with \`cargo xtask bench-web\``);
  }
  return value;
}

function log(message) {
  process.stderr.write(`bench-web: ${message}\n`);
}

/** Nearest-rank quantile of `values` (ms), rounded to 0.1 ms. */
function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return Math.round(sorted[rank] * 10) / 10;
}

function summary(values) {
  return values.length === 0
    ? { n: 0 }
    : { n: values.length, p50: quantile(values, 0.5), p95: quantile(values, 0.95), max: quantile(values, 1) };
}

function median(values) {
  return quantile(values, 0.5);
}

/** Every file of dist/ with its raw and gzip (level 9) sizes, by path relative to dist/
 *  (not the `.gz` twins `cargo xtask dist` writes for its server: the gzip column is that). */
function distSizes(dist) {
  const files = {};
  const walk = (dir) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        walk(full);
      } else if (!name.endsWith('.gz')) {
        const bytes = readFileSync(full);
        files[path.relative(dist, full)] = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
      }
    }
  };
  walk(dist);
  return files;
}

function total(entries) {
  return entries.reduce((sum, [, s]) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
}

async function newPage(browser, cpuRate) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  // The moment the start screen appears, in ms since navigation start.
  await page.addInitScript((selector) => {
    window.__startScreenAt = new Promise((resolve) => {
      const seen = () => {
        if (document.querySelector(selector)) {
          observer.disconnect();
          resolve(performance.now());
        }
      };
      const observer = new MutationObserver(seen);
      observer.observe(document, { childList: true, subtree: true });
    });
  }, START_SCREEN);
  return { context, page };
}

/**
 * One first visit (fresh profile) and one reload served by the service worker.
 * Returns both times and the same-origin paths the first visit requested.
 */
async function startupRun(browser, base, cpuRate) {
  const { context, page } = await newPage(browser, cpuRate);
  const requested = [];
  page.on('request', (req) => {
    const { pathname } = new URL(req.url());
    requested.push(pathname === '/' ? '/index.html' : pathname);
  });
  try {
    await page.goto(base, { waitUntil: 'load' });
    const firstVisit = await page.evaluate(() => window.__startScreenAt);
    await page.evaluate(() => navigator.serviceWorker.ready);
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
      await page.reload({ waitUntil: 'load' });
    }
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), null, { timeout: 60_000 });
    const firstRequests = [...new Set(requested)];
    await page.reload({ waitUntil: 'load' });
    const fromServiceWorker = await page.evaluate(() => window.__startScreenAt);
    return { firstVisit, fromServiceWorker, firstRequests };
  } finally {
    await context.close();
  }
}

/** Starts the real worker (its loader from dist/) in the page, as the app does. */
async function startWorker(page) {
  await page.evaluate(async () => {
    const worker = new Worker('/bot-worker_loader.js');
    const first = await new Promise((resolve, reject) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(`worker error: ${event.message}`));
    });
    if (first !== 'WorkerLoaded') {
      throw new Error(`unexpected first message from the worker: ${JSON.stringify(first)}`);
    }
    worker.postMessage({ Connected: 0 });
    window.__benchWorker = worker;
  });
}

/**
 * Has the worker started by `startWorker` decide every request in turn, timing
 * each from posting the request to its answer, in the page. Speaks
 * gloo-worker's envelope as the app's JsCodec encodes it.
 */
async function timeDecisions(page, requests) {
  return page.evaluate(async (requests) => {
    const worker = window.__benchWorker;
    const times = [];
    for (const request of requests) {
      const answer = new Promise((resolve, reject) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.onerror = (event) => reject(new Error(`worker error: ${event.message}`));
      });
      const started = performance.now();
      worker.postMessage({ ProcessInput: [0, request] });
      const reply = (await answer)?.ProcessOutput?.[1];
      times.push(performance.now() - started);
      if (!reply?.Decided) {
        throw new Error(`the worker did not decide: ${JSON.stringify(reply)}`);
      }
    }
    return times;
  }, requests);
}

/**
 * Decision times (ms) per level and preset at normal CPU speed, and the same
 * times × `THROTTLED_RATE` (see `WORKER_THROTTLING`).
 */
async function decisionTimes(browser, base, viewsByPreset) {
  const { context, page } = await newPage(browser, 1);
  await page.route(`${base}${BENCH_PAGE}`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!DOCTYPE html><title>bench</title>' }),
  );
  try {
    await page.goto(`${base}${BENCH_PAGE}`);
    await startWorker(page);
    const byLevel = {};
    const throttled = {};
    for (const level of LEVELS) {
      const byPreset = {};
      const all = [];
      for (const [preset, views] of Object.entries(viewsByPreset)) {
        // The worker's `WorkerRequest::Decide(BotRequest)`.
        const requests = views.map((view, i) => ({
          Decide: {
            ticket: { game: `bench-${preset}`, moves: i, rewinds: 0 },
            level,
            seed: 1000 + i,
            view,
          },
        }));
        const times = await timeDecisions(page, requests);
        byPreset[preset] = times;
        all.push(...times);
        log(`${level} ${preset}: p95 ${quantile(times, 0.95)} ms`);
      }
      byPreset.all = all;
      const scaled = (xs) => xs.map((x) => x * THROTTLED_RATE);
      byLevel[level] = Object.fromEntries(Object.entries(byPreset).map(([k, xs]) => [k, summary(xs)]));
      throttled[level] = Object.fromEntries(Object.entries(byPreset).map(([k, xs]) => [k, summary(scaled(xs))]));
    }
    return { cpu_1x: byLevel, [`cpu_${THROTTLED_RATE}x`]: throttled };
  } finally {
    await context.close();
  }
}

async function main() {
  const base = required('PINOCHLE_BASE_URL').replace(/\/$/, '');
  const dist = required('PINOCHLE_DIST');
  const viewsByPreset = JSON.parse(readFileSync(required('PINOCHLE_BENCH_VIEWS'), 'utf8'));
  const runs = Number(process.env.PINOCHLE_BENCH_RUNS || 3);
  const loadBefore = os.loadavg();
  const browser = await chromium.launch({
    executablePath: process.env.PINOCHLE_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    const startup = {};
    let firstRequests = [];
    for (const rate of CPU_RATES) {
      const first = [];
      const fromSw = [];
      for (let run = 0; run < runs; run += 1) {
        const r = await startupRun(browser, base, rate);
        first.push(r.firstVisit);
        fromSw.push(r.fromServiceWorker);
        firstRequests = r.firstRequests;
      }
      const round = (xs) => xs.map((x) => Math.round(x));
      startup[`cpu_${rate}x`] = {
        first_visit: { median: Math.round(median(first)), runs: round(first) },
        service_worker_reload: { median: Math.round(median(fromSw)), runs: round(fromSw) },
      };
      log(`cpu ${rate}x start screen: first visit ${median(first)} ms, from the service worker ${median(fromSw)} ms`);
    }
    const decisions = await decisionTimes(browser, base, viewsByPreset);
    const files = distSizes(dist);
    const firstLoad = Object.entries(files).filter(([name]) => firstRequests.includes(`/${name}`));
    const code = firstLoad.filter(([name]) => /\.(wasm|js|css)$/.test(name) && name !== 'sw.js');
    const report = {
      sizes: {
        files,
        total: total(Object.entries(files)),
        first_load: {
          files: firstLoad.map(([name]) => name),
          all: total(firstLoad),
          wasm_js_css: total(code),
        },
      },
      start_screen_ms: startup,
      decision_ms: { ...decisions, method: WORKER_THROTTLING },
      positions_per_preset: Object.fromEntries(Object.entries(viewsByPreset).map(([p, v]) => [p, v.length])),
      chromium: browser.version(),
      load_average: { before: loadBefore, after: os.loadavg() },
      cpus: os.cpus().length,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  process.stderr.write(`bench-web: ${error.stack || error}\n`);
  process.exit(1);
});
