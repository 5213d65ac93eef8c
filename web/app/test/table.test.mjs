// The game page as a table meets it (issue 43, the page's points 1, 5, 7, 8): a deleted game
// asks first and comes back from the bin; a link opened twice, continued or diverged keeps one
// game, updates it after a question, or keeps the link's beside it; the page reached over plain
// http by a name (not localhost) says what works there and copies all the same; the site
// carries its precompressed files; long names, five-digit points, a name with a space and the
// uma fit and read at 360 × 740, 320 × 568 and 740 × 360. Screenshots of each screen.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { DIST, NOT_SHOWN, open, phone, session, shot, startGame } from './browser.mjs';

const run = session();
const { link } = await import(new URL('../test-results/core/game/share.js', import.meta.url));

const SIZES = { phone: [360, 740], small: [320, 568], landscape: [740, 360] };

/** A page of `size` on a fresh context of `browser`. */
async function sized(browser, [width, height]) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

/** The page's visible text holds no rule-book reference, `[game]` key or CLI syntax (the
 * watcher every browser test has, browser.mjs, asked at this moment too). */
async function plainWords(page, where) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const pattern of NOT_SHOWN) assert.doesNotMatch(text, pattern, where);
}

const gamesKept = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('mj3.games') ?? '[]'));

test('deleting a game asks first (Cancel keeps it); a deleted game comes back, by the undo banner or from the bin after a reload', async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  await startGame(page, 'sanma', ['Mika', 'Sora', 'Jun']);
  const record = (await gamesKept(page))[0].record;
  await page.click('#games');
  await page.click('.game-delete');
  assert.match(await page.textContent('.games .confirm'), /Delete the game of Mika, Sora, Jun.*can be brought back/s);
  await shot(page, 'games-delete-asks');
  await plainWords(page, 'the delete question');
  await page.click('#cancel-delete');
  assert.equal((await gamesKept(page)).length, 1, 'Cancel deletes nothing');
  assert.equal(await page.locator('.games .confirm').count(), 0);
  // The phone's Back answers Cancel too, and leaves the page where it was.
  const at = page.url();
  await page.click('.game-delete');
  await page.goBack();
  await page.waitForSelector('.games .confirm', { state: 'detached' });
  assert.equal(page.url(), at);
  assert.equal((await gamesKept(page)).length, 1, 'Back deletes nothing');
  await page.click('.game-delete');
  await page.click('#confirm-delete');
  assert.equal((await gamesKept(page)).length, 0);
  assert.match(await page.textContent('#game-deleted'), /Deleted the game of Mika, Sora, Jun\./);
  await shot(page, 'games-deleted');
  // The banner's button brings it back at once.
  await page.click('#undo-delete');
  assert.deepEqual((await gamesKept(page)).map((g) => g.record), [record]);
  // Deleted again, it is in the bin after a reload, and comes back from there whole.
  await page.click('.game-delete');
  await page.click('#confirm-delete');
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.click('#tab-game');
  await page.click('#games');
  await page.click('#bin summary');
  assert.match(await page.textContent('#bin'), /Deleted games \(1\).*Mika, Sora, Jun/s);
  await shot(page, 'games-bin');
  await plainWords(page, 'the bin');
  await page.click('.bring-back');
  assert.deepEqual((await gamesKept(page)).map((g) => g.record), [record]);
  assert.equal(await page.locator('#bin').count(), 0, 'the bin is empty again');
  await page.click('.game-open');
  assert.deepEqual(await page.$$eval('.standing-name', (e) => e.map((n) => n.textContent)), ['Mika', 'Sora', 'Jun']);
  assert.deepEqual(errors, []);
  await context.close();
});

const HEADER = 'ruleset sanma\nplayers Ann Ben Cat\n';
const TWO = `${HEADER}riichi Ben\nBen ron Cat: 234p567p678s88s234s\n`;
const FOUR = `${TWO}Ben tsumo: 123p456p789p11s rrr\ndraw tenpai Ben\n`;
const OTHER = `${TWO}draw tenpai Ann\n`;

test('a link opened twice keeps one game; a continued link updates it after a question; an earlier one opens it; a diverging one is kept beside it as a copy from a link', async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  const go = async (record) => {
    await page.goto(await link(run.server.url, record));
    await page.waitForSelector('#link-offer, .standings');
  };
  await page.goto(await link(run.server.url, TWO));
  await page.waitForSelector('.standings');
  assert.equal((await gamesKept(page)).length, 1);
  await go(TWO);
  await page.waitForSelector('#link-offer');
  assert.match(await page.textContent('#link-offer'), /as it is kept here: it is opened, not copied/);
  assert.equal((await gamesKept(page)).length, 1, 'the same link twice: one game');
  await go(FOUR);
  await page.waitForSelector('#offer-update');
  assert.match(await page.textContent('#link-offer'), /continues the game of Ann, Ben, Cat kept here: it has 3 hands, this phone 1 hand\. Update the game here\?/);
  await shot(page, 'link-continues');
  await plainWords(page, 'the continued link');
  assert.equal((await gamesKept(page))[0].record, TWO, 'nothing changed before the answer');
  await page.click('#offer-update');
  assert.deepEqual((await gamesKept(page)).map((g) => g.record), [FOUR], 'updated in place, one game');
  assert.equal(await page.locator('.sheet-hand').count(), 3);
  // An earlier link of the same game opens it as kept.
  await go(TWO);
  await page.waitForSelector('#link-offer');
  assert.match(await page.textContent('#link-offer'), /as it was earlier.*not copied/s);
  assert.deepEqual((await gamesKept(page)).map((g) => g.record), [FOUR]);
  // A link that began alike and then went another way is kept beside it, marked.
  await go(OTHER);
  await page.waitForSelector('#link-offer');
  assert.match(await page.textContent('#link-offer'), /begins as the game of Ann, Ben, Cat kept here, then differs.*copy from a link/s);
  const kept = await gamesKept(page);
  assert.deepEqual(kept.map((g) => g.record).sort(), [FOUR, OTHER].sort());
  assert.equal(kept.find((g) => g.record === OTHER).copied, 'link');
  await page.click('#games');
  assert.match(await page.textContent('.games'), /copy from a link/);
  await shot(page, 'link-copy-in-games');
  await plainWords(page, 'the Games list');
  // A cut link says it is damaged or cut, and the game on the screen stays.
  const cut = await link(run.server.url, FOUR);
  await page.goto(cut.slice(0, cut.length - 7));
  await page.waitForSelector('#game-notice');
  assert.match(await page.textContent('#game-notice'), /damaged: it was cut short/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the delete question and the link\u2019s question fit at 320 \u00d7 568 and 740 \u00d7 360, their buttons in sight', async () => {
  for (const [name, size] of Object.entries({ small: SIZES.small, landscape: SIZES.landscape })) {
    const { context, page, errors } = await sized(run.browser, size);
    await open(page, `${run.server.url}#game`);
    await page.goto(await link(run.server.url, TWO));
    await page.waitForSelector('.standings');
    await page.goto(await link(run.server.url, FOUR));
    await page.waitForSelector('#offer-update');
    const inSight = async (selector) => {
      const box = await page.locator(selector).boundingBox();
      return box.y >= 0 && box.y + box.height <= size[1] && box.x + box.width <= size[0];
    };
    assert.ok(await inSight('#offer-update') && await inSight('#offer-close'), `the link's question answered without scrolling at ${size}`);
    await shot(page, `link-continues-${name}`);
    await page.click('#offer-close');
    assert.deepEqual((await gamesKept(page)).map((g) => g.record), [TWO], 'Cancel leaves the game as it was');
    await page.click('#games');
    await page.click('.game-delete');
    await page.locator('#confirm-delete').scrollIntoViewIfNeeded();
    assert.ok(await inSight('#confirm-delete') && await inSight('#cancel-delete'));
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= size[0], 'nothing wider than the screen');
    await shot(page, `games-delete-asks-${name}`);
    await plainWords(page, `the delete question at ${size}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('over plain http by a name (not localhost) the page says once what works and how to get the offline page, and copies the link all the same', async () => {
  const { port } = new URL(run.server.url);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--host-resolver-rules=MAP table.test 127.0.0.1'],
  });
  try {
    for (const [name, size] of Object.entries(SIZES)) {
      const { context, page, errors } = await sized(browser, size);
      await open(page, `http://table.test:${port}/#game`);
      assert.equal(await page.evaluate(() => window.isSecureContext), false);
      const said = await page.textContent('#insecure');
      assert.match(said, /over plain http \(table\.test:\d+\)/);
      assert.match(said, /cannot work offline or go on the home screen/);
      assert.match(said, /open it once from an https address/);
      await shot(page, `insecure-${name}`);
      await plainWords(page, `the plain-http page at ${size}`);
      if (name === 'phone') {
        // Sharing: the link is copied (or left selected to copy) where the clipboard is not offered.
        await startGame(page, 'sanma', ['Mika', 'Sora', 'Jun']);
        await page.click('#share');
        await page.waitForSelector('#share-link');
        await page.click('#share-copy');
        assert.match(await page.textContent('#share-copied'), /^(Copied\.|.*selected, copy it)/);
        const selected = await page.$eval('#share-link', (f) => [f.selectionStart, f.selectionEnd, f.value.length]);
        assert.deepEqual(selected, [0, selected[2], selected[2]], 'the whole link is selected');
        await shot(page, 'insecure-share');
        // The link copied, its dialog closed (held at the foot of the screen, it covers the page).
        await page.click('#step-cancel');
        // Said once: gone after "Got it", for good.
        await page.click('#insecure-ok');
        await page.reload();
        await page.waitForFunction(() => document.body.dataset.ready === 'true');
        assert.equal(await page.locator('#insecure').count(), 0);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  // Over localhost (a secure context) nothing is said.
  const { context, page } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  assert.equal(await page.locator('#insecure').count(), 0);
  await context.close();
});

test('the built site carries a .gz and a .br beside each file that compresses, each the same bytes', () => {
  const files = readdirSync(DIST, { recursive: true }).map(String)
    .filter((name) => /\.(html|js|css|wasm|svg|webmanifest|json)$/.test(name));
  assert.ok(files.some((f) => f.endsWith('.wasm')) && files.includes('index.html') && files.includes('sw.js'));
  for (const name of files) {
    const original = readFileSync(join(DIST, name));
    assert.ok(gunzipSync(readFileSync(join(DIST, `${name}.gz`))).equals(original), `${name}.gz`);
    assert.ok(brotliDecompressSync(readFileSync(join(DIST, `${name}.br`))).equals(original), `${name}.br`);
  }
  const wasm = files.find((f) => f.endsWith('.wasm'));
  const ratio = readFileSync(join(DIST, `${wasm}.br`)).length / readFileSync(join(DIST, wasm)).length;
  assert.ok(ratio < 0.4, `the WebAssembly in brotli is ${ratio.toFixed(2)} of its size`);
});

/** Each element of `selector` as [text, whether its text overflows it]. */
const overflows = (page, selector) => page.$$eval(selector, (list) => list.map((e) => [e.textContent, e.scrollWidth > e.clientWidth + 0.5]));

test('long names whole at 360 px, five-digit points inside their cards at 320 px and in landscape', async () => {
  const names = ['Maximilianus', 'Christophers', 'Gwendolynnes'];
  for (const [size, wide] of [[SIZES.phone, true], [SIZES.small, false], [SIZES.landscape, true]]) {
    const { context, page, errors } = await sized(run.browser, size);
    await open(page, `${run.server.url}#game`);
    await page.click('#new-game');
    await page.selectOption('#new-ruleset', 'sanma');
    for (const [i, name] of names.entries()) await page.fill(`#new-player-${i}`, name);
    await page.click('#start-later summary');
    for (const [i, points] of [98800, 18000, -11800].entries()) await page.fill(`input[aria-label="Points of player ${i + 1}"]`, String(points));
    await page.click('#new-start');
    await page.waitForSelector('.standings');
    for (const [text, over] of await overflows(page, '.standing-points')) assert.equal(over, false, `${text} inside its card at ${size}`);
    const inCards = await page.$$eval('.standing', (cards) => cards.every((c) => {
      const box = c.getBoundingClientRect();
      const points = c.querySelector('.standing-points').getBoundingClientRect();
      return points.left >= box.left && points.right <= box.right;
    }));
    assert.ok(inCards, `every card holds its points at ${size}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= size[0], `nothing runs off the screen at ${size} (${width})`);
    if (wide) {
      for (const [text, over] of await overflows(page, '.standing-name, .win-by .win-name')) assert.equal(over, false, `${text} whole at ${size}`);
    } else {
      const cut = await page.$$eval('.standing-name', (list) => list.map((e) => getComputedStyle(e).textOverflow));
      assert.deepEqual(cut, ['ellipsis', 'ellipsis', 'ellipsis'], 'cut with an ellipsis below 360 px');
    }
    await shot(page, `fit-long-names-${size.join('x')}`);
    await plainWords(page, `the sheet at ${size}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the New form: a name with a space starts the game or is refused with the library\u2019s words, nothing wiped; the uma has its unit and its sum', async () => {
  for (const size of [SIZES.phone, SIZES.small]) {
    const { context, page, errors } = await sized(run.browser, size);
    await open(page, `${run.server.url}#game`);
    await page.click('#new-game');
    await page.selectOption('#new-ruleset', 'sanma-tenhou');
    await page.click('.game-options:not(#start-later) summary');
    const check = page.locator('#uma-check');
    assert.match(await check.textContent(), /1st \+20,000 · 2nd 0 · 3rd -20,000 points; they add up to 0\./);
    assert.ok(await page.locator('.with-unit:has([data-key="target-points"]) .unit:text-is("points")').count(), 'the target says its unit');
    await page.fill('input[aria-label="Game option: uma 1"]', '15');
    assert.match(await check.textContent(), /1st \+15 · 2nd 0 · 3rd -20,000 points: they add up to -19,985, not 0/);
    await check.scrollIntoViewIfNeeded();
    await shot(page, `new-uma-${size.join('x')}`);
    await page.fill('input[aria-label="Game option: uma 1"]', '20000');
    const names = ['Ah Meng', 'Sora', 'Jun'];
    for (const [i, name] of names.entries()) await page.fill(`#new-player-${i}`, name);
    await page.click('#new-start');
    await page.waitForSelector('.standings, #game-notice');
    if (await page.locator('.standings').count()) {
      // The library takes the name quoted in the record.
      assert.deepEqual(await page.$$eval('.standing-name', (e) => e.map((n) => n.textContent)), names);
    } else {
      assert.match(await page.textContent('#game-notice'), /Ah Meng/, 'the library\u2019s error, naming the name');
      for (const [i, name] of names.entries()) assert.equal(await page.inputValue(`#new-player-${i}`), name, 'the names are kept');
      assert.equal(await page.inputValue('#new-ruleset'), 'sanma-tenhou');
      assert.equal(await page.inputValue('input[aria-label="Game option: uma 1"]'), '20000', 'the options are kept');
    }
    await shot(page, `new-name-with-space-${size.join('x')}`);
    await plainWords(page, `the New form at ${size}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
