// The table's words (issue 43 point 6, issue 42 point 5): what the page shows a player says no
// rule-book reference, `[game]` key or command line of its own; the source, and the command
// line where it helps, stay behind a tap. Every screen here is also held to `NOT_SHOWN`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, phone, session, shot, startGame } from './browser.mjs';

const run = session();

/** A button of the choice row headed `legend`. */
const choice = (legend, value) => `fieldset.choices:has(legend:text-is("${legend}")) button[data-value="${value}"]`;

/** A phone-sized page opened at the Game tab. */
async function atGame() {
  const opened = await phone(run.browser);
  await open(opened.page, `${run.server.url}#game`);
  return opened;
}

/** Opens `record` (of `hands` hands, 0: none yet) through the Record panel. */
async function importRecord(page, record, hands) {
  await page.click('#export');
  await page.fill('#record-text', record);
  await page.click('#import');
  if (hands) await page.waitForSelector(`.sheet-hand[data-number="${hands}"]`);
  else await page.waitForSelector('.standings');
}

/** `selector`'s source: hidden until its toggle is tapped, then shown. */
async function sourceBehindTap(page, selector) {
  assert.equal(await page.isVisible(`${selector} .said-source`), false);
  await page.click(`${selector} .source-toggle`);
  assert.equal(await page.isVisible(`${selector} .said-source`), true);
  return page.textContent(`${selector} .said-source`);
}

test('a refused tap says why in words, the rule book behind a tap', async () => {
  const { context, page, errors } = await atGame();
  await startGame(page, 'sanma');
  await importRecord(page, 'ruleset sanma\nplayers Ann Ben Cat\nstart East 1 dealer Ann points Ann 500 Ben 45000 Cat 59500\n', 0);
  await page.click('#act-riichi');
  await page.click(choice('Who declared riichi?', 'Ann'));
  await page.waitForSelector('#game-notice');
  const said = await page.textContent('#game-notice .said');
  assert.equal(said, 'Ann has 500 points: a riichi needs the 1,000 of its stick');
  assert.doesNotMatch(await page.locator('#game-notice').innerText(), /§|game\./);
  await shot(page, 'table-words-refused');
  assert.equal(await sourceBehindTap(page, '#game-notice'), '003 §12 Riichi');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the value pad names each limit as the score does (2× yakuman, not double-yakuman)', async () => {
  let doubled = 0;
  for (const ruleset of ['sanma', 'sanma-mahjongsoul', 'sanma-honshu', 'korean']) {
    const { context, page, errors } = await atGame();
    await startGame(page, ruleset);
    await page.click('.winners button[data-winner="Ann"]');
    await page.click(choice('How?', 'Ben'));
    const limits = page.locator('fieldset.choices:has(legend:text-is("Limit")) button');
    const shown = await limits.evaluateAll((buttons) => buttons.map((b) => [b.dataset.value, b.textContent]));
    assert.ok(shown.length > 0, ruleset);
    for (const [value, text] of shown) {
      assert.doesNotMatch(text, /-/, `${ruleset}: ${value} shown as ${text}`);
      if (value === 'double-yakuman') {
        assert.equal(text, '2\u00d7 yakuman');
        doubled += 1;
      }
    }
    if (ruleset === 'sanma') await shot(page, 'table-words-limits');
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.ok(doubled > 0, 'some ruleset offers a double yakuman');
});

test("a score's note says its words, the rule book (named by title, not file) behind a tap", async () => {
  const { context, page, errors } = await phone(run.browser);
  const malaysian = '123p456p789p EEE ww +f2 +h1 +a1 tsumo others-fan=S:2,W:4 discards=1p';
  await open(page, `${run.server.url}#r=malaysian&h=${encodeURIComponent(malaysian)}`);
  await page.waitForSelector('ul.notes');
  const notes = await page.locator('ul.notes > li > .said').allTextContents();
  assert.ok(notes.includes('the discards are not used'), notes.join(' | '));
  assert.ok(notes.includes("neither non-winner's hand reaches the minimum (below 5 fan)"), notes.join(' | '));
  assert.doesNotMatch(await page.locator('ul.notes').innerText(), /§/);
  const discards = 'ul.notes > li:has(.said:text-is("the discards are not used"))';
  assert.equal(await sourceBehindTap(page, discards), '000 \u00a7Malaysia gives no sacred-discard rule');
  assert.deepEqual(errors, []);
  await context.close();
  const sanma = await phone(run.browser);
  await check(sanma.page);
  assert.deepEqual(sanma.errors, []);
  await sanma.context.close();
});

/** The dealer's renhou note under sanma: its source, by the rule book's title, behind a tap. */
async function check(page) {
  await open(page, `${run.server.url}#r=sanma&h=${encodeURIComponent('234p567p678s99s234s ron=S first')}`);
  await page.waitForSelector('ul.notes');
  const renhou = 'ul.notes > li:has(.said:text-matches("no renhou$"))';
  assert.doesNotMatch(await page.locator(renhou).innerText(), /§|\.txt/);
  const source = await sourceBehindTap(page, renhou);
  assert.match(source, /\(003\) §12 Renhou/);
  assert.doesNotMatch(source, /\.txt/);
}

test("a reference card says in words what a criterion needs; the command line's --set behind a tap", async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#r=sanma&h=`);
  await page.click('#tab-reference');
  await page.fill('#search', 'renhou');
  await page.waitForSelector('#search-card .card h2');
  const entry = page.locator('#search-card .card-entry:has(h3:text-matches("^sanma "))').first();
  const text = await entry.innerText();
  assert.match(text, /switched off in this ruleset/);
  assert.doesNotMatch(text, /--set|enabled = false/);
  assert.equal(await entry.locator('.hand-link').first().innerText(), '234p567p678s 99s 234s ron first seat=S');
  const toggle = entry.locator('.source-toggle').first();
  await toggle.click();
  await entry.locator('.hand-link').first().scrollIntoViewIfNeeded();
  await shot(page, 'table-words-reference');
  assert.match(await entry.locator('.said-source').first().innerText(), /^--set criteria\.renhou\.enabled=true$/);
  // The example still scores with the criterion switched on.
  await entry.locator('.hand-link').first().click();
  await page.waitForSelector('#tab-score[aria-selected="true"], #panel-score:not([hidden])');
  assert.deepEqual(errors, []);
  await context.close();
});
