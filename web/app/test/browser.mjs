// What every browser test shares: a static server for web/dist on the loopback address, and
// Debian's Chromium (never a downloaded browser) driven by playwright-core; the case lines.
import { createServer } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { after, afterEach, before } from 'node:test';
import assert from 'node:assert/strict';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

/** The site served: web/dist, or MJ3_DIST (an earlier commit's build, to see a test fail on it). */
export const DIST = process.env.MJ3_DIST ? `${process.env.MJ3_DIST.replace(/\/$/, '')}/` : fileURLToPath(new URL('../../dist/', import.meta.url));
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

/** Serves web/dist on 127.0.0.1 at a free port, and `extra` (path → [type, text]) beside it;
 * returns its address and a way to stop it. */
export async function serve(extra = {}) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (extra[path]) {
      const [type, text] = extra[path];
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' }).end(text);
      return;
    }
    const file = normalize(join(DIST, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(DIST)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache' });
      response.end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** The `[game]` table's keys the library lists (docs/game.md's table of them, held to the
 * library's by its tests) that are written with a hyphen: a word no sentence of the page has. */
export const GAME_KEYS = readFileSync(join(ROOT, 'docs/game.md'), 'utf8').split('\n')
  .map((line) => /^\| `([a-z]+(?:-[a-z]+)+)` \| [^|]*\| [^|]*\| (?:all|han-fu|han-table|points|fan)/.exec(line)?.[1])
  .filter(Boolean);

/** What the page never shows a player (issue 43, "The table's words"): a rule-book reference
 * (`(003 §11)`, or by its file's name, `003_39dfac9db387ff3e.txt §12`), a `[game]` key in any
 * form (`game.nagashi-mangan`, `(last-dealer-stops)`, `[game]`) or a record line's word in
 * brackets, CLI syntax. */
export const NOT_SHOWN = [
  /\(0\d\d §/, /\d{3}_[0-9a-f]{16}\.txt/, /\[game\]/, /(?<![\w/-])game\.(?!md\b)[a-z]/, /--set\b/,
  /\((?:end|dealer-stops|dealer-plays-on)\)/,
  new RegExp(`(?<![\\w-])(?:${GAME_KEYS.join('|')})(?![\\w-])`),
];

/** Every visible text matching `NOT_SHOWN` that a page of this process showed and the test
 * running has not yet been held to: `{ url, text }`. */
const shown = [];

/** Watches every page of `context`: the page's visible text (`innerText`, so nothing hidden
 * behind a closed toggle) is read after each change of the document (once the frame is
 * painted, so a tap's time is not lengthened) and after each navigation, and each line
 * matching `NOT_SHOWN` is recorded; read once more before the context closes. */
async function watch(context) {
  await context.exposeBinding('__mj3Shown', ({ page }, text) => shown.push({ url: page.url(), text }));
  await context.addInitScript((sources) => {
    const patterns = sources.map((s) => new RegExp(s));
    const seen = new Set();
    // A line the page may show: a sentence's source the player tapped open (`.said-source`),
    // and a line of the player's own file quoted by an error (`3 | nagashi-mangan = maybe`).
    const asked = () => new Set(Array.from(document.querySelectorAll('.said-source'), (e) => e.innerText.trim()));
    const quoted = /^\s*\d+ \| /;
    const scan = () => {
      const text = document.body?.innerText ?? '';
      const sources = asked();
      for (const line of text.split('\n')) {
        if (sources.has(line.trim()) || quoted.test(line)) continue;
        if (!seen.has(line) && patterns.some((p) => p.test(line))) {
          seen.add(line);
          window.__mj3Shown?.(line);
        }
      }
    };
    window.__mj3Scan = scan;
    let queued = false;
    const later = () => {
      if (queued) return;
      queued = true;
      requestAnimationFrame(() => setTimeout(() => { queued = false; scan(); }, 0));
    };
    const start = () => {
      new MutationObserver(later).observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
      scan();
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
    else start();
    window.addEventListener('load', scan);
  }, NOT_SHOWN.map((p) => p.source));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    for (const page of context.pages()) await page.evaluate(() => window.__mj3Scan?.()).catch(() => {});
    return close(...args);
  };
}

/** Fails the test just run when a page showed a text `NOT_SHOWN` forbids (each test file
 * imports this module, so each of its tests is held to it). */
export async function nothingHidden() {
  const found = shown.splice(0);
  assert.deepEqual(found, [], 'the page showed a rule-book reference, a [game] key or CLI syntax');
}
afterEach(nothingHidden);

/** Debian's Chromium, headless, with the flags the project's wasm notes give; each context
 * it opens is watched for text the page never shows (`watch`). */
export async function launch() {
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    await watch(context);
    return context;
  };
  return browser;
}

async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run',
    ],
  });
}

/** A phone-sized page (360 × 740, touch) on a fresh context. */
export async function phone(browser, options = {}) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

/** Opens the page and waits until mj3 has started. */
export async function open(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
}

/** Where screenshots go: docs/screenshots/ with `web/test.sh --screenshots`. */
export const SHOTS = process.env.MJ3_SCREENSHOTS ?? new URL('../test-results/screenshots/', import.meta.url).pathname;

/** A screenshot of the page as it is on the screen, named `name`. */
export const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

/** The server and the browser of a test file, started before its tests and stopped after
 * them; the figures its tests set are written to test-results/`figuresFile` when named. */
export function session(figuresFile = null) {
  const shared = { browser: null, server: null, figures: {} };
  before(async () => {
    shared.server = await serve();
    shared.browser = await launch();
    mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await shared.browser?.close();
    await shared.server?.close();
    if (figuresFile) {
      const file = new URL(`../test-results/${figuresFile}`, import.meta.url).pathname;
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, `${JSON.stringify(shared.figures, null, 2)}\n`);
      console.log(`# ${figuresFile}: ${JSON.stringify(shared.figures)}`);
    }
  });
  return shared;
}

/** Resolves once the service worker has cached the page and controls it. */
export function serviceWorkerReady(page) {
  return page.waitForFunction(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
  }, null, { timeout: 20000 });
}

/** Each case line as the case runner reads it: the hand, its ruleset and `@KEY=VALUE` overrides. */
export function cases() {
  const dir = join(ROOT, 'tests/cases');
  const out = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.txt')).sort()) {
    let ruleset = null;
    readFileSync(join(dir, name), 'utf8').split('\n').forEach((raw, i) => {
      const line = raw.split(' #')[0].trim();
      if (!line || line.startsWith('#')) return;
      if (line.startsWith('ruleset:')) {
        ruleset = line.slice('ruleset:'.length).trim();
        return;
      }
      const [hand, checks = ''] = line.split(' | ');
      if (!ruleset || checks === undefined) return;
      const words = `${hand} ${checks}`.split(/\s+/).filter(Boolean);
      const sets = words.filter((w) => w.startsWith('@')).map((w) => w.slice(1));
      const text = hand.split(/\s+/).filter((w) => w && !w.startsWith('@')).join(' ');
      out.push({ file: name, number: i + 1, ruleset, sets, line: text });
    });
  }
  return out;
}

/** Starts a game from the Game tab's New form: `ruleset`, the players' names, each control
 * tapped by `tap` (a click, unless the test times its taps or counts them); `form` is what
 * the test does on the form once the ruleset is chosen, before the names are filled in (the
 * game's options, a house file). */
export async function startGame(page, ruleset, players = ['Ann', 'Ben', 'Cat'], tap = (selector) => page.click(selector), form = async () => {}) {
  await tap('#new-game');
  await page.selectOption('#new-ruleset', ruleset);
  await form();
  for (const [i, name] of players.entries()) await page.fill(`#new-player-${i}`, name);
  await tap('#new-start');
  await page.waitForSelector('.standings');
}

/** Fills the origin's localStorage until it refuses even one character more; true once it
 * refuses. */
export async function fillStore(page) {
  return page.evaluate(() => {
    let i = 0;
    for (let size = 1 << 20; size >= 1; size >>= 1) {
      const text = 'x'.repeat(size);
      try {
        for (;;) localStorage.setItem(`filler${(i += 1)}`, text);
      } catch {
        // Full at this size: smaller pieces next.
      }
    }
    // The last few characters (a new key costs its name too): one item grown a character at a time.
    const key = Object.keys(localStorage).find((k) => k.startsWith('filler'));
    for (;;) {
      try {
        localStorage.setItem(key, `${localStorage.getItem(key)}x`);
      } catch {
        break;
      }
    }
    try {
      localStorage.setItem('p', 'x');
      localStorage.removeItem('p');
      return false;
    } catch {
      return true;
    }
  });
}
