// History edited as people edit it (issue 43, point 2, and point 1's hand deletion and
// undo): a hand inserted between two others; a hand entered again that keeps the old one until
// the new one is recorded (Cancel, Undo inside it and a reload partway through leave every other
// hand where it was); Undo saying what it undid and Redo; deleting a hand asked first. Each
// sheet against `mj3 game --json` on the record the page exports. At 360 × 740, 320 × 568 and
// 740 × 360, with screenshots of the banner and the hand's panel.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, session, shot } from './browser.mjs';

const CLI = process.env.MJ3_CLI ?? 'mj3';
const run = session();
const SIZES = { phone: [360, 740], small: [320, 568], landscape: [740, 360] };

/** Three hands: Ann's riichi and Ben's ron on Cat, a draw with Ann tenpai, Cat's tsumo. */
const THREE = 'ruleset sanma\nplayers Ann Ben Cat\nriichi Ann\nBen ron Cat: 3 han 40 fu\ndraw tenpai Ann\nCat tsumo: 2 han 30 fu\n';

/** A page of `size` showing the game `record`, kept as the one in play. */
async function withGame(size = SIZES.phone, record = THREE) {
  const [width, height] = size;
  const context = await run.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await open(page, `${run.server.url}#game`);
  await page.evaluate((text) => {
    localStorage.setItem('mj3.games', JSON.stringify([{ id: 'h', record: text, cursor: null, draft: null, updated: Date.now() }]));
    localStorage.setItem('mj3.game', 'h');
  }, record);
  await reload(page);
  return { context, page, errors };
}

/** Reloads the page on the game (its address `#game`: the scorer may have written its hand's
 * address meanwhile, which opens the scorer; reopening on the game is another helper's). */
async function reload(page) {
  await page.evaluate(() => history.replaceState(null, '', '#game'));
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
  await page.waitForSelector('.standings');
}

/** The record kept on the phone, and its draft. */
const kept = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('mj3.games'))[0]);

/** Riichi from the sheet's actions: a win entry open over the sheet (a hand entered again opens
 * as it was) is closed by its Cancel first, as a player would; the hand's draft stays. */
async function tapRiichi(page) {
  if (await page.locator('.win-dialog').count()) await page.click('.win-dialog #step-cancel');
  await page.click('#act-riichi');
}

/** The sheet as the page draws it: each hand's name and sentences, first first; the standings. */
const pageSheet = (page) => page.evaluate(() => ({
  hands: Array.from(document.querySelectorAll('.sheet-hand'), (e) => [
    e.querySelector('.hand-label').textContent,
    ...Array.from(e.querySelectorAll('.hand-events li > .said'), (l) => l.textContent)]).reverse(),
  standings: Array.from(document.querySelectorAll('.standing-points'), (s) => s.textContent),
}));

/** The hands `mj3 game --json` gives for `record`, as the page names them. */
function cliHands(record) {
  const dir = mkdtempSync(join(tmpdir(), 'mj3-history-'));
  writeFileSync(join(dir, 'game.txt'), record);
  const records = execFileSync(CLI, ['game', join(dir, 'game.txt'), '--json'], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));
  records.pop();
  return records.map((h) => [`${h.number}. ${h.label}`, ...h.said.map((s) => s.text)]);
}

/** The record as the page exports it (the Record panel), the panel closed again. */
async function exported(page) {
  await page.click('#export');
  const text = await page.inputValue('#record-text');
  await page.click('#export');
  return text;
}

const choice = (legend, value) => `fieldset.choices:has(legend:text-is("${legend}")) button[data-value="${value}"]`;
const pressed = (page, legend) => page.$$eval(`fieldset.choices:has(legend:text-is("${legend}")) button[aria-pressed="true"]`, (bs) => bs.map((b) => b.dataset.value));

/** Opens hand `number` of the sheet. */
const openHand = (page, number) => page.click(`.sheet-hand[data-number="${number}"] .hand-head`);

/** Nothing runs off the screen sideways. */
async function fits(page, where) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `${where}: ${wide} px off the screen sideways`);
}

test('a hand inserted between two others: the banner says which, the sheet stays until it is recorded, then matches mj3 game', async () => {
  for (const [name, size] of Object.entries(SIZES)) {
    const { context, page, errors } = await withGame(size);
    const before = await pageSheet(page);
    await openHand(page, 2);
    await page.click('#hand-insert');
    assert.match(await page.textContent('#drafting'), /Inserting a hand before hand 2 \(East 2\)/);
    assert.equal(await page.getAttribute('.sheet-hand[data-number="2"]', 'data-drafted'), 'before');
    assert.deepEqual(await pageSheet(page), before, 'the sheet and standings are the game without the insertion');
    await page.locator('#drafting').scrollIntoViewIfNeeded();
    await shot(page, `history-insert-banner-${name}`);
    await fits(page, `the insertion banner at ${name}`);
    // The hand inserted: Ben's self-draw, 1 han 30 fu, in East 2.
    await page.click('.winners button[data-winner="Ben"]');
    await page.click(choice('How?', ''));
    await page.click(choice('Han', '1'));
    await page.click(choice('Fu', '30'));
    await page.click('#record-win');
    await page.waitForSelector('#drafting', { state: 'detached' });
    assert.match(await page.textContent('#game-said'), /^Hand 2 inserted \(East 2: Ben tsumo: 1 han 30 fu/);
    const record = await exported(page);
    assert.equal(record, 'ruleset sanma\nplayers Ann Ben Cat\nriichi Ann\nBen ron Cat: 3 han 40 fu\nBen tsumo: 1 han 30 fu\ndraw tenpai Ann\nCat tsumo: 2 han 30 fu\n');
    const after = await pageSheet(page);
    assert.deepEqual(after.hands, cliHands(record));
    assert.equal(after.hands.length, 4);
    assert.match(after.hands[1][1], /^Ben tsumo/);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('"Enter it again" keeps the old hand until the new one is recorded; Cancel restores the sheet byte for byte', async () => {
  const { context, page, errors } = await withGame();
  const record = (await kept(page)).record;
  const sheetHtml = () => page.$eval('ol.sheet', (o) => o.innerHTML);
  const standingsHtml = () => page.$eval('.standings', (o) => o.outerHTML);
  const [sheet, standings] = [await sheetHtml(), await standingsHtml()];
  await openHand(page, 1);
  await shot(page, 'history-hand-opened-phone');
  await page.click('#hand-edit');
  // The entry opens as the hand was: Ben's ron on Cat, 3 han 40 fu; Ann's riichi kept.
  assert.deepEqual(await pressed(page, 'Who won?'), ['Ben']);
  assert.deepEqual(await pressed(page, 'How?'), ['Cat']);
  assert.deepEqual(await pressed(page, 'Han'), ['3']);
  assert.deepEqual(await pressed(page, 'Fu'), ['40']);
  assert.match(await page.textContent('#drafting'), /Entering hand 1 \(East 1\) again/);
  assert.match(await page.textContent('.pending'), /Ann riichi/);
  assert.equal(await page.getAttribute('.sheet-hand[data-number="1"]', 'data-drafted'), 'again');
  await page.locator('#drafting').scrollIntoViewIfNeeded();
  await shot(page, 'history-again-banner-phone');
  // Changed on the pad, a riichi more recorded in it: the record is still as it was.
  await page.click(choice('Han', '4'));
  await tapRiichi(page);
  await page.click(choice('Who declared riichi?', 'Cat'));
  assert.equal((await kept(page)).record, record);
  assert.deepEqual((await kept(page)).draft.lines, ['riichi Ann', 'riichi Cat']);
  await page.click('#draft-cancel');
  await page.waitForSelector('#drafting', { state: 'detached' });
  assert.equal((await kept(page)).record, record, 'the record byte for byte');
  assert.equal((await kept(page)).draft, null);
  assert.equal(await sheetHtml(), sheet, 'the sheet byte for byte');
  assert.equal(await standingsHtml(), standings);
  assert.equal(await exported(page), record);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Undo inside "enter again" takes back the entry\'s lines only: every other hand stays where it was', async () => {
  const { context, page, errors } = await withGame();
  const record = (await kept(page)).record;
  const before = await pageSheet(page);
  await openHand(page, 2);
  await page.click('#hand-edit');
  // The draw entered again: Ann tenpai, as it was.
  assert.deepEqual(await pressed(page, 'Who was ready (tenpai)?'), ['Ann']);
  await tapRiichi(page);
  await page.click(choice('Who declared riichi?', 'Ben'));
  await page.click('#act-undo');
  assert.match(await page.textContent('#game-said'), /^Undone: East 2: Ben riichi/);
  assert.deepEqual(await pageSheet(page), before);
  assert.equal((await kept(page)).record, record);
  assert.match(await page.textContent('#drafting'), /Entering hand 2 \(East 2\) again/, 'still entering it');
  // Recorded as a draw with Ann and Ben tenpai: hand 2 changes in place, hand 3 after it.
  await page.click('#act-draw');
  await page.click(choice('Who was ready (tenpai)?', 'Ann'));
  await page.click(choice('Who was ready (tenpai)?', 'Ben'));
  await page.click('#record-draw');
  await page.waitForSelector('#drafting', { state: 'detached' });
  const text = await exported(page);
  assert.equal(text, record.replace('draw tenpai Ann', 'draw tenpai Ann Ben'));
  const after = await pageSheet(page);
  assert.deepEqual(after.hands, cliHands(text));
  // Every hand where it was: hand 1 as before, hand 2 the draw (Ben, the dealer, tenpai now,
  // keeps the deal), hand 3 Cat's tsumo after it.
  assert.deepEqual(after.hands[0], before.hands[0]);
  assert.match(after.hands[1][1], /^draw: Ann and Ben tenpai/);
  assert.match(after.hands[2][1], /^Cat tsumo/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a reload partway through "enter again" keeps the entry and every hand: Undo then takes back only its lines', async () => {
  const { context, page, errors } = await withGame();
  const record = (await kept(page)).record;
  const before = await pageSheet(page);
  await openHand(page, 3);
  await page.click('#hand-edit');
  await tapRiichi(page);
  await page.click(choice('Who declared riichi?', 'Ann'));
  await reload(page);
  assert.match(await page.textContent('#drafting'), /Entering hand 3 \(East 3\) again/);
  assert.deepEqual(await pageSheet(page), before);
  assert.match(await page.textContent('.pending'), /Ann riichi/);
  await page.click('#act-undo');
  assert.match(await page.textContent('#game-said'), /^Undone: East 3: Ann riichi/);
  assert.deepEqual(await pageSheet(page), before);
  // Nothing of it left: Undo ends the entry, the game as it was.
  await page.click('#act-undo');
  await page.waitForSelector('#drafting', { state: 'detached' });
  assert.deepEqual(await pageSheet(page), before);
  assert.equal((await kept(page)).record, record);
  // Again, reloaded, then recorded: hand 3 replaced in place.
  await openHand(page, 3);
  await page.click('#hand-edit');
  await reload(page);
  await page.click('.winners button[data-winner="Ann"]');
  await page.click(choice('How?', 'Ben'));
  await page.click(choice('Limit', 'mangan'));
  await page.click('#record-win');
  await page.waitForSelector('#drafting', { state: 'detached' });
  const text = await exported(page);
  assert.equal(text, record.replace('Cat tsumo: 2 han 30 fu', 'Ann ron Ben: mangan'));
  const after = await pageSheet(page);
  assert.deepEqual(after.hands, cliHands(text));
  assert.deepEqual(after.hands.slice(0, 2), before.hands.slice(0, 2));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Undo says what it undid and Redo does it again, after a reload too', async () => {
  const { context, page, errors } = await withGame();
  const record = (await kept(page)).record;
  await page.click('.winners button[data-winner="Ann"]');
  await page.click(choice('How?', 'Cat'));
  await page.click(choice('Han', '2'));
  await page.click(choice('Fu', '30'));
  await page.click('#record-win');
  const won = (await kept(page)).record;
  const sheet = await pageSheet(page);
  await page.click('#act-undo');
  assert.match(await page.textContent('#game-said'), /^Undone: East 3: Ann ron Cat: 2 han 30 fu/);
  assert.equal((await kept(page)).record, record);
  await shot(page, 'history-undone-phone');
  await page.click('#act-redo');
  assert.match(await page.textContent('#game-said'), /^Redone: East 3: Ann ron Cat: 2 han 30 fu/);
  assert.deepEqual(await pageSheet(page), sheet);
  assert.equal((await kept(page)).record, won);
  // The steps are kept with the game: after a reload Undo takes the win back, not a line of it.
  await reload(page);
  await page.click('#act-undo');
  assert.match(await page.textContent('#game-said'), /^Undone: East 3: Ann ron Cat/);
  assert.equal((await kept(page)).record, record);
  await reload(page);
  await page.click('#act-redo');
  assert.equal((await kept(page)).record, won);
  assert.deepEqual(errors, []);
  await context.close();
});

test('deleting a hand asks first: Cancel and the phone\'s Back keep it; deleted, Undo brings it back', async () => {
  for (const [name, size] of Object.entries(SIZES)) {
    const { context, page, errors } = await withGame(size);
    const record = (await kept(page)).record;
    const before = await pageSheet(page);
    // The heading of a past hand looks tappable: a button's height, a chevron, focusable.
    const head = page.locator('.sheet-hand[data-number="2"] .hand-head');
    const box = await head.boundingBox();
    assert.ok(box.height >= 44, `${name}: the heading is ${box.height} px high`);
    assert.equal(await page.locator('.sheet-hand[data-number="2"] .hand-chevron').isVisible(), true);
    await head.focus();
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('hand-head')), true);
    await openHand(page, 2);
    await page.locator('section[aria-label="Hand 2"]').scrollIntoViewIfNeeded();
    await shot(page, `history-hand-panel-${name}`);
    await fits(page, `the hand's panel at ${name}`);
    await page.click('#hand-delete');
    assert.match(await page.textContent('[role="alertdialog"]'), /Delete hand 2\?.*East 2: draw/s);
    await page.locator('[role="alertdialog"]').scrollIntoViewIfNeeded();
    await shot(page, `history-delete-asks-${name}`);
    await page.click('[role="alertdialog"] #step-cancel');
    assert.equal(await page.locator('[role="alertdialog"]').count(), 0);
    assert.equal((await kept(page)).record, record, 'Cancel deletes nothing');
    // The phone's Back answers Cancel, and stays on the page.
    await page.click('#hand-delete');
    const url = page.url();
    await page.goBack();
    await page.waitForSelector('[role="alertdialog"]', { state: 'detached' });
    assert.equal(page.url(), url);
    assert.equal((await kept(page)).record, record, 'Back deletes nothing');
    assert.deepEqual(await pageSheet(page), before);
    // Deleted: said, and Undo brings it back.
    await page.click('#hand-delete');
    await page.click('#hand-delete-confirm');
    assert.match(await page.textContent('#game-said'), /^Hand 2 deleted \(East 2: draw.*Undo brings it back/);
    const text = await exported(page);
    assert.equal(text, record.replace('draw tenpai Ann\n', ''));
    assert.deepEqual((await pageSheet(page)).hands, cliHands(text));
    await page.click('#act-undo');
    assert.match(await page.textContent('#game-said'), /^Undone: hand 2 deleted/);
    assert.equal((await kept(page)).record, record);
    assert.deepEqual(await pageSheet(page), before);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** A win by value entered from wherever the entry stands (the winners' buttons, or the win
 * entry already open). */
async function valueWin(page, winner, from, han, fu) {
  if (await page.locator(`.winners button[data-winner="${winner}"]`).isVisible()) await page.click(`.winners button[data-winner="${winner}"]`);
  else await page.click(choice('Who won?', winner));
  await page.click(choice('How?', from));
  await page.click(choice('Han', han));
  await page.click(choice('Fu', fu));
  await page.click('#record-win');
}

test('the issue\'s paths, by the taps the page had before: Undo inside "enter again", then the hand recorded, leaves it in its place', async () => {
  const { context, page, errors } = await withGame();
  const before = await pageSheet(page);
  await openHand(page, 1);
  await page.click('#hand-edit');
  await tapRiichi(page);
  await page.click(choice('Who declared riichi?', 'Cat'));
  await page.click('#act-undo');
  await valueWin(page, 'Ben', 'Cat', '4', '30');
  const text = await exported(page);
  const after = await pageSheet(page);
  assert.deepEqual(after.hands, cliHands(text));
  assert.equal(after.hands.length, 3);
  assert.match(after.hands[0].join(' '), /Ben ron Cat: 4 han 30 fu/, 'the hand entered again is hand 1, not moved to the end');
  assert.deepEqual(after.hands.slice(1).map((h) => h[0]), before.hands.slice(1).map((h) => h[0]));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the issue\'s paths, by the taps the page had before: a reload partway through "enter again", then Undo, deletes no other hand', async () => {
  const { context, page, errors } = await withGame();
  const before = await pageSheet(page);
  await openHand(page, 2);
  await page.click('#hand-edit');
  await tapRiichi(page);
  await page.click(choice('Who declared riichi?', 'Ben'));
  await reload(page);
  await page.click('#act-undo');
  const after = await pageSheet(page);
  assert.deepEqual(after.hands[0], before.hands[0], 'hand 1 is still there');
  assert.deepEqual(after.hands.at(-1), before.hands.at(-1), 'hand 3 is still there');
  assert.deepEqual(errors, []);
  await context.close();
});
