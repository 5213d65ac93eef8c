// The page's own problems of issue 30 (point 3), each held here, at 360 × 740, 320 × 568 and
// 740 × 360.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, session } from './browser.mjs';

const run = session();

const SIZES = { portrait: [360, 740], small: [320, 568], landscape: [740, 360] };

async function sized(name) {
  const [width, height] = SIZES[name];
  const context = await run.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  return { context, page };
}

async function tapHand(page, tiles) {
  for (const tile of tiles) await page.click(`#pad button[data-tile="${tile}"]`);
}

const HAND = ['2p', '3p', '4p', '5p', '6p', '7p', '6s', '7s', '8s', '9s', '9s', '2s', '3s', '4s'];

test('no payment is shown before the way of winning is chosen', async () => {
  const { context, page } = await sized('portrait');
  await open(page, `${run.server.url}#r=sanma&h=`);
  await tapHand(page, HAND);
  await page.waitForSelector('.choose-way');
  assert.equal(await page.$('.payments'), null);
  assert.equal(await page.$('#summary .sum-pay'), null);
  await page.check('input[name="win"][value="tsumo"]');
  await page.waitForSelector('.payments');
  assert.ok(await page.$('#summary .sum-pay'));
  await context.close();
});

test('the foot bar fits at 320 px', async () => {
  const { context, page } = await sized('small');
  await open(page, `${run.server.url}#r=sanma&h=${encodeURIComponent('234p567p678s99s234s ron=W')}`);
  await page.waitForSelector('#summary .sum-pay');
  const cut = await page.$$eval('#summary .sum-pay span', (spans) => spans
    .filter((s) => s.scrollWidth > s.clientWidth + 0.5 || s.getBoundingClientRect().right > window.innerWidth)
    .map((s) => s.textContent));
  assert.deepEqual(cut, []);
  await context.close();
});

test('"Under every ruleset" goes when the hand, the ruleset or Clear changes', async () => {
  const { context, page } = await sized('portrait');
  await open(page, `${run.server.url}#r=sanma&h=${encodeURIComponent('234p567p678s99s234s tsumo')}`);
  const shown = async () => (await page.$$('#extra .compare li')).length;
  await page.click('#show-compare');
  assert.ok(await shown() > 0);
  await page.click('#pad button[data-tile="5p"]');
  assert.equal(await shown(), 0);
  await page.click('#show-compare');
  assert.ok(await shown() > 0);
  await page.click('#clear');
  assert.equal(await shown(), 0);
  await page.fill('#line', '234p567p678s99s234s tsumo');
  await page.click('#show-compare');
  assert.ok(await shown() > 0);
  await page.selectOption('#ruleset', 'korean');
  assert.equal(await shown(), 0);
  await context.close();
});

test('compare puts the results first and the refusals after', async () => {
  const { context, page } = await sized('portrait');
  await open(page, `${run.server.url}#r=sanma&h=${encodeURIComponent('234p567p678s99s234s tsumo')}`);
  await page.click('#show-compare');
  const refused = await page.$$eval('.compare > li', (ls) => ls.map((l) => l.classList.contains('refused')));
  assert.ok(refused.includes(true) && refused.includes(false), JSON.stringify(refused));
  assert.deepEqual(refused, [...refused].sort());
  await context.close();
});

test('a first visit opens on an empty hand, the example a button', async () => {
  const { context, page } = await sized('portrait');
  await open(page, run.server.url);
  assert.equal(await page.inputValue('#line'), '');
  await page.click('#example');
  assert.match(await page.inputValue('#line'), /tsumo/);
  await context.close();
});

for (const name of ['landscape', 'small']) {
  test(`header and foot bar give way (${SIZES[name].join(' × ')}); nothing is wider than the screen`, async () => {
    const { context, page } = await sized(name);
    await open(page, `${run.server.url}#r=sanma&h=${encodeURIComponent('234p567p678s99s234s tsumo')}`);
    const fixed = await page.evaluate(() => ['.bar', '.tabs', '#summary'].map((s) => getComputedStyle(document.querySelector(s)).position));
    assert.deepEqual(fixed, ['static', 'static', 'static']);
    for (const tab of ['#tab-score', '#tab-game']) {
      await page.click(tab);
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${tab} fits`);
    }
    await context.close();
  });
}
