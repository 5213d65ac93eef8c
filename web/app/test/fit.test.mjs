// Fit for fingers and for the table (issue 43, point 5; issue 42, point 5's fu list): a win by
// value recorded without a scroll at 360 × 740, 320 × 568 and 740 × 360; every tile tapped in
// tile entry at least 44 px; Korean points typed on the numeric keypad; Clear and a refused hand
// keep the game's winner, how and tiles; the table view, large and kept awake; the value pad
// offering exactly the values the library takes for the han chosen. Screenshots of each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, session, shot } from './browser.mjs';

const run = session();

const SIZES = { phone: [360, 740], small: [320, 568], landscape: [740, 360] };
const NAMES = ['Maximilianus', 'Christophers', 'Gwendolynnes'];

/** A page of `size` on a fresh context, touch, with `init` run before the page's scripts. */
async function sized([width, height], init = null) {
  const context = await run.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

/** A button of the choice row headed `legend`. */
const choice = (legend, value) => `fieldset.choices:has(legend:text-is("${legend}")) button[data-value="${value}"]`;

/** Starts a game from the New form. */
async function startGame(page, ruleset, players) {
  await page.click('#new-game');
  await page.selectOption('#new-ruleset', ruleset);
  for (const [i, name] of players.entries()) await page.fill(`#new-player-${i}`, name);
  await page.click('#new-start');
  await page.waitForSelector('.standings');
}

/** Where `selector` is, and whether all of it is on the screen of `size`. */
async function inSight(page, selector, [width, height]) {
  const box = await page.locator(selector).first().boundingBox();
  return { box, seen: !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= height + 0.5 && box.x + box.width <= width + 0.5 };
}

/** How far the page, or anything in it, is scrolled. */
const scrolled = (page) => page.evaluate(() => {
  let most = window.scrollY;
  for (const e of document.querySelectorAll('*')) most = Math.max(most, e.scrollTop);
  return most;
});

/** Taps `selector` where it is, after checking it is on the screen and nothing was scrolled. */
async function tapInSight(page, selector, size, what) {
  await page.waitForSelector(selector);
  const { box, seen } = await inSight(page, selector, size);
  assert.ok(seen, `${what}: ${selector} on the screen at ${size} (${JSON.stringify(box)})`);
  assert.equal(await scrolled(page), 0, `${what}: nothing scrolled at ${size}`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

test('a win by value is recorded without a scroll at 360 \u00d7 740, 320 \u00d7 568 and 740 \u00d7 360: the winner, how, the value, Record', async () => {
  for (const [name, size] of Object.entries(SIZES)) {
    const { context, page, errors } = await sized(size);
    await open(page, `${run.server.url}#game`);
    await startGame(page, 'sanma', NAMES);
    await page.evaluate(() => window.scrollTo(0, 0));
    await tapInSight(page, `.winners button[data-winner="${NAMES[1]}"]`, size, 'the winner');
    await tapInSight(page, choice('How?', NAMES[2]), size, 'how');
    await tapInSight(page, choice('Han', '3'), size, 'the han');
    await tapInSight(page, choice('Fu', '40'), size, 'the fu');
    await page.waitForSelector('.preview-summary');
    assert.match(await page.textContent('.preview-summary'), /3 han 40 fu/);
    await shot(page, `win-dialog-${name}`);
    const { box } = await inSight(page, '.preview-summary', size);
    assert.ok(box.y + box.height <= size[1], `what it pays in sight at ${size}`);
    await tapInSight(page, '#record-win', size, 'Record the win');
    await page.waitForSelector('.sheet-hand');
    assert.equal(await page.locator('.sheet-hand').count(), 1, `the win recorded at ${size}`);
    assert.match(await page.textContent('.sheet-hand'), /3 han 40 fu/);
    // A limit by self-draw, the same way.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tapInSight(page, `.winners button[data-winner="${NAMES[0]}"]`, size, 'the winner');
    await tapInSight(page, choice('How?', ''), size, 'tsumo');
    await tapInSight(page, choice('Limit', 'haneman'), size, 'the limit');
    await shot(page, `win-dialog-limit-${name}`);
    await tapInSight(page, '#record-win', size, 'Record the win');
    await page.waitForFunction(() => document.querySelectorAll('.sheet-hand').length === 2);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= size[0], `nothing wider than the screen at ${size}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
