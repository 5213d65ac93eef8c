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
  // A ron: another player may claim the discard too; none did.
  await page.click('#act-no-more');
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
  await page.click('#act-no-more');
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

/** The phones the drafted dialogs are tried at. */
const PHONES = { phone: SIZES.phone, small: SIZES.small };

/** `selector`'s box lies within the screen (nothing of it above, below or beside), once the
 * page has settled (within a second: a scroll the browser restores comes after a tap). */
async function inSight(page, selector, where) {
  const { width, height } = page.viewportSize();
  let box = null;
  for (let tries = 0; tries < 10; tries += 1) {
    box = await page.locator(selector).boundingBox();
    if (box && box.y >= 0 && box.x >= 0 && box.y + box.height <= height && box.x + box.width <= width) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`${where}: ${selector} is not in sight (${JSON.stringify(box)} in ${width} × ${height})`);
}

test('a dialog of a hand entered again or inserted says which hand at its top (it covers the banner); its Cancel and the phone\'s Back keep the entry', async () => {
  for (const [name, size] of Object.entries(PHONES)) {
    const { context, page, errors } = await withGame(size);
    const record = (await kept(page)).record;
    // A win entered again: the full-screen dialog says it first, in sight.
    await openHand(page, 1);
    await page.click('#hand-edit');
    assert.equal(await page.textContent('.win-dialog > #dialog-drafting p'), 'Entering hand 1 (East 1) again');
    assert.equal(await page.$eval('.win-dialog', (d) => d.firstElementChild.id), 'dialog-drafting', 'at the dialog\'s top');
    await inSight(page, '.win-dialog #dialog-drafting', `${name}, a win entered again`);
    await inSight(page, '#record-win', `${name}, a win entered again`);
    await shot(page, `history-again-win-dialog-${name}`);
    await fits(page, `the win entered again at ${name}`);
    // The phone's Back closes the dialog, not the entry.
    await page.goBack();
    await page.waitForSelector('.win-dialog', { state: 'detached' });
    assert.match(await page.textContent('#drafting'), /Entering hand 1 \(East 1\) again/);
    // The draw dialog says it too; its Cancel keeps the entry.
    await page.click('#act-draw');
    const draw = 'section[aria-label="An exhaustive draw"]';
    assert.equal(await page.textContent(`${draw} > #dialog-drafting p`), 'Entering hand 1 (East 1) again');
    assert.equal(await page.$eval(draw, (d) => d.firstElementChild.id), 'dialog-drafting');
    await page.locator(draw).scrollIntoViewIfNeeded();
    await shot(page, `history-again-draw-dialog-${name}`);
    await page.click(`${draw} #step-cancel`);
    await page.waitForSelector(draw, { state: 'detached' });
    assert.match(await page.textContent('#drafting'), /Entering hand 1 \(East 1\) again/);
    // The banner's Cancel is in the dialog too: the entry given up from there.
    await page.click('.winners button[data-winner="Cat"]');
    await inSight(page, '.win-dialog #dialog-draft-cancel', `${name}, a win entered again`);
    await page.click('.win-dialog #dialog-draft-cancel');
    await page.waitForSelector('#drafting', { state: 'detached' });
    assert.equal(await page.locator('.win-dialog').count(), 0);
    assert.equal((await kept(page)).record, record);
    assert.equal((await kept(page)).draft, null);
    // A hand being inserted: the win and draw dialogs say before which hand.
    await openHand(page, 2);
    await page.click('#hand-insert');
    await page.click('.winners button[data-winner="Ben"]');
    assert.equal(await page.textContent('.win-dialog > #dialog-drafting p'), 'Inserting a hand before hand 2 (East 2)');
    await inSight(page, '.win-dialog #dialog-drafting', `${name}, a hand inserted`);
    await shot(page, `history-insert-win-dialog-${name}`);
    await page.click('.win-dialog #step-cancel');
    await page.waitForSelector('.win-dialog', { state: 'detached' });
    await page.click('#act-draw');
    assert.equal(await page.textContent(`${draw} > #dialog-drafting p`), 'Inserting a hand before hand 2 (East 2)');
    await page.goBack();
    await page.waitForSelector(draw, { state: 'detached' });
    assert.match(await page.textContent('#drafting'), /Inserting a hand before hand 2 \(East 2\)/);
    await page.click('#draft-cancel');
    await page.waitForSelector('#drafting', { state: 'detached' });
    // With no hand drafted, the dialogs say nothing of it.
    await page.click('.winners button[data-winner="Ann"]');
    assert.equal(await page.locator('#dialog-drafting').count(), 0);
    await page.click('.win-dialog #step-cancel');
    assert.equal((await kept(page)).record, record);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** Hand 1 a double ron on Cat's discard: Ben's and Ann's. */
const DOUBLE = 'ruleset sanma\nplayers Ann Ben Cat\nBen ron Cat: 3 han 40 fu\nand Ann ron Cat: 2 han 30 fu\ndraw tenpai Ann\nCat tsumo: 2 han 30 fu\n';

test('a double ron entered again whole: the first ron, then "Also ron" (as it was), the hand in place; a reload, Undo and Cancel on the way', async () => {
  for (const [name, size] of Object.entries(PHONES)) {
    const { context, page, errors } = await withGame(size, DOUBLE);
    const sheet = await pageSheet(page);
    await openHand(page, 1);
    await page.click('#hand-edit');
    // The first win by value reopens on the value pad with its values.
    assert.deepEqual(await pressed(page, 'Who won?'), ['Ben']);
    assert.deepEqual(await pressed(page, 'How?'), ['Cat']);
    assert.deepEqual(await pressed(page, 'Han'), ['3']);
    assert.deepEqual(await pressed(page, 'Fu'), ['40']);
    // Changed to 30 fu and recorded: another ron may follow, so the hand is not over.
    await page.click(choice('Fu', '30'));
    await page.click('#record-win');
    await page.waitForSelector('#act-no-more');
    assert.match(await page.textContent('#drafting'), /Entering hand 1 \(East 1\) again/);
    assert.equal((await kept(page)).record, DOUBLE, 'the record as it was');
    assert.deepEqual((await kept(page)).draft.lines, ['Ben ron Cat: 3 han 30 fu']);
    assert.match(await page.textContent('#draft-ended'), /^Ben ron Cat: 3 han 30 fu/, 'the ron recorded, said');
    assert.deepEqual(await pageSheet(page), sheet, 'the sheet and standings as they were');
    // The question in sight, under the banner, where the dialog closed.
    await inSight(page, '#drafting', `${name}, another ron asked`);
    await inSight(page, '#act-also', `${name}, another ron asked`);
    await inSight(page, '#act-no-more', `${name}, another ron asked`);
    await shot(page, `history-double-ron-waits-${name}`);
    await fits(page, `another ron asked at ${name}`);
    // Reloaded, it still waits; Undo takes the first ron back (the entry goes on).
    await reload(page);
    assert.ok(await page.isVisible('#act-also'), 'Also ron after a reload');
    await page.click('#act-undo');
    assert.match(await page.textContent('#game-said'), /^Undone: East 1: Ben ron Cat/);
    assert.deepEqual((await kept(page)).draft.lines, []);
    assert.equal((await kept(page)).record, DOUBLE);
    await valueWin(page, 'Ben', 'Cat', '3', '30');
    // "Also ron": the hand's second win as it was, the dialog saying which hand.
    await page.click('#act-also');
    assert.equal(await page.textContent('.win-dialog > #dialog-drafting p'), 'Entering hand 1 (East 1) again');
    assert.deepEqual(await pressed(page, 'Who else won on that discard?'), ['Ann']);
    assert.deepEqual(await pressed(page, 'Han'), ['2']);
    assert.deepEqual(await pressed(page, 'Fu'), ['30']);
    await shot(page, `history-double-ron-also-${name}`);
    // Its Back returns to the question, the entry kept.
    await page.goBack();
    await page.waitForSelector('.win-dialog', { state: 'detached' });
    assert.ok(await page.isVisible('#act-no-more'));
    await page.click('#act-also');
    await page.click('#record-win');
    // Two rons on one discard: nobody else can claim it, the hand is over and in its place.
    await page.waitForSelector('#drafting', { state: 'detached' });
    assert.match(await page.textContent('#game-said'), /^Hand 1 entered again \(East 1: Ben ron Cat: 3 han 30 fu.*Ann ron Cat: 2 han 30 fu/);
    assert.doesNotMatch(await page.textContent('#game-said'), /It had 2 wins/);
    const text = await exported(page);
    assert.equal(text, DOUBLE.replace('3 han 40 fu', '3 han 30 fu'));
    assert.deepEqual((await pageSheet(page)).hands, cliHands(text));
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('a double ron entered again: Cancel after the first ron restores the record byte for byte; "No other ron" records the hand with one, said', async () => {
  const { context, page, errors } = await withGame(SIZES.phone, DOUBLE);
  const sheetHtml = () => page.$eval('ol.sheet', (o) => o.innerHTML);
  const sheet = await sheetHtml();
  await openHand(page, 1);
  await page.click('#hand-edit');
  await page.click('#record-win');
  await page.waitForSelector('#act-no-more');
  await page.click('#draft-cancel');
  await page.waitForSelector('#drafting', { state: 'detached' });
  assert.equal((await kept(page)).record, DOUBLE, 'the record byte for byte');
  assert.equal(await sheetHtml(), sheet, 'the sheet byte for byte');
  assert.equal(await exported(page), DOUBLE);
  // No other ron: the hand has one win now, which is said, and Undo brings the old one back.
  await openHand(page, 1);
  await page.click('#hand-edit');
  await page.click('#record-win');
  await page.click('#act-no-more');
  await page.waitForSelector('#drafting', { state: 'detached' });
  assert.match(await page.textContent('#game-said'), /It had 2 wins, now 1: Undo brings the old hand back\.$/);
  const text = await exported(page);
  assert.equal(text, DOUBLE.replace('and Ann ron Cat: 2 han 30 fu\n', ''));
  assert.deepEqual((await pageSheet(page)).hands, cliHands(text));
  await page.click('#act-undo');
  assert.equal((await kept(page)).record, DOUBLE);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Hand 1 Ben's ron on Cat entered by its tiles, a dora indicator with them. */
const TILES_LINE = 'Ben ron Cat: 234p567p678s88s345s dora=W';
const TILES = `ruleset sanma\nplayers Ann Ben Cat\n${TILES_LINE}\ndraw tenpai Ann\nCat tsumo: 2 han 30 fu\n`;

test('a win entered by its tiles, entered again, opens the scorer with its tiles, winner, how and context: one tile changed and recorded in its place', async () => {
  for (const [name, size] of Object.entries(PHONES)) {
    const { context, page, errors } = await withGame(size, TILES);
    await openHand(page, 1);
    await page.click('#hand-edit');
    await page.waitForSelector('#panel-score:not([hidden]) #game-win:not([hidden])');
    const line = await page.inputValue('#line');
    for (const part of ['dora=W', 'seat=S', 'ron=W']) {
      assert.ok(line.split(' ').includes(part), `${name}: the scorer's line ${line} has ${part}`);
    }
    // The 14 tiles on the pad, the winning tile last.
    const padTiles = () => page.$$eval('#hand .hand-tiles button', (bs) => bs.map((b) => `${b.dataset.tile}${b.classList.contains('win') ? '*' : ''}`));
    assert.deepEqual(await padTiles(), ['2p', '3p', '4p', '5p', '6p', '7p', '3s', '4s', '6s', '7s', '8s', '8s', '8s', '5s*']);
    assert.equal(await page.textContent('#game-win-drafting'), 'Entering hand 1 (East 1) again');
    assert.match(await page.textContent('#game-win'), /Ben wins by ron from Cat/);
    await inSight(page, '#game-win-drafting', `${name}, the scorer`);
    await page.waitForSelector('#game-win .preview-summary');
    await shot(page, `history-again-tiles-${name}`);
    // The phone's Back: the game, the win's entry as it was; the tiles again from there.
    await page.goBack();
    await page.waitForSelector('#panel-game:not([hidden]) .win-dialog');
    assert.deepEqual(await pressed(page, 'Who won?'), ['Ben']);
    assert.deepEqual(await pressed(page, 'How?'), ['Cat']);
    assert.equal((await kept(page)).record, TILES);
    await page.getByRole('button', { name: 'Enter the tiles instead' }).click();
    await page.waitForSelector('#panel-score:not([hidden]) #game-win:not([hidden])');
    assert.equal(await page.inputValue('#line'), line, 'the same tiles again');
    // Its Cancel: the game again, the entry kept.
    await page.click('#game-win-cancel');
    await page.waitForSelector('#panel-game:not([hidden]) .win-dialog');
    assert.match(await page.textContent('#drafting'), /Entering hand 1 \(East 1\) again/);
    // One tile changed: the winning 5s taken off (Undo), a 2s tapped instead.
    await page.getByRole('button', { name: 'Enter the tiles instead' }).click();
    await page.waitForSelector('#panel-score:not([hidden]) #game-win:not([hidden])');
    await page.click('#undo');
    assert.deepEqual(await padTiles(), ['2p', '3p', '4p', '5p', '6p', '7p', '3s', '4s', '6s', '7s', '8s', '8s', '8s']);
    await page.click('#pad button[data-tile="2s"]');
    assert.equal((await padTiles()).at(-1), '2s*');
    await page.waitForSelector('#game-win .preview-summary');
    await page.click('#record-in-game');
    await page.waitForSelector('#panel-game:not([hidden]) .standings');
    // A ron: no other on that discard (the question in sight on the game).
    await inSight(page, '#act-no-more', `${name}, back from the scorer`);
    await shot(page, `history-again-tiles-recorded-${name}`);
    await page.click('#act-no-more');
    await page.waitForSelector('#drafting', { state: 'detached' });
    const text = await exported(page);
    const won = text.split('\n')[2];
    assert.match(won, /^Ben ron Cat: \S+ 2s dora=W$/, won);
    assert.equal(text, TILES.replace(TILES_LINE, won), 'hand 1 changed in its place, the others as they were');
    assert.deepEqual((await pageSheet(page)).hands, cliHands(text));
    assert.deepEqual(errors, []);
    await context.close();
  }
});
