// A player's pass over the Game tab (issue 43, and issue 42 point 7): whole evenings played by
// taps as the scorekeeper plays them, at 360 × 740 and 320 × 568 (the table view at 740 × 360
// too), a screenshot at each step (test-results/screenshots/pass-SIZE-NN-STEP.png) to look at:
// a sanma-mahjongsoul hanchan (riichi, a win by value, a win by tiles after a riichi, a double
// ron, draws, Undo/Redo, a hand entered again and cancelled, a forgotten hand inserted, a hand
// deleted, the game ended here and settled), a korean and a malaysian evening added up on the
// Evening screen; every dialog opened is closed by Cancel, by the phone's Back and by a reload
// before it is answered; two tabs, a full store, links from a stranger; a tap's time from the
// touch to the painted frame at 5 and 50 hands. Every figure against `mj3 game`/`mj3 evening`
// on the records the page exports. What the pass found wrong today is a `todo` test at the end,
// stating the behaviour expected.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT, fillStore, open, session, shot } from './browser.mjs';

const { link } = await import(new URL('../test-results/core/game/share.js', import.meta.url));

const CLI = process.env.MJ3_CLI ?? `${ROOT}target/debug/mj3`;
const run = session('table-pass-figures.json');
const PHONES = [[360, 740], [320, 568]];

/** What the pass saw of each behaviour expected, by key: a list of `[held, what]`, read by the
 * tests at the end (a defect found is a `todo` there). */
const seen = {};
const saw = (key, held, what) => (seen[key] ??= []).push([Boolean(held), what]);
const failures = (key) => (seen[key] ?? []).filter(([held]) => !held).map(([, what]) => what);

/** `mj3 ARGS…` on files written from `records` (name → text); its output. */
function cli(records, ...args) {
  const dir = mkdtempSync(join(tmpdir(), 'mj3-pass-'));
  for (const [name, text] of Object.entries(records)) writeFileSync(join(dir, name), text);
  return execFileSync(CLI, args.map((a) => (a in records ? join(dir, a) : a)), { encoding: 'utf8' });
}

/** The sheet `mj3 game --json` gives for `record`: each hand's name and sentences, and the last
 * line (the standings, the end and its settlement). */
function cliGame(record) {
  const lines = cli({ 'game.txt': record }, 'game', 'game.txt', '--json').trim().split('\n').map((l) => JSON.parse(l));
  const end = lines.pop();
  return { hands: lines.map((h) => [`${h.number}. ${h.label}`, ...h.said.map((s) => s.text)]), end, lines };
}

/** The sheet as the page draws it, first hand first. */
const pageHands = (page) => page.evaluate(() => Array.from(document.querySelectorAll('.sheet-hand'), (e) => [
  e.querySelector('.hand-label').textContent,
  ...Array.from(e.querySelectorAll('.hand-events li > .said'), (l) => l.textContent)]).reverse());

/** An amount as the page writes it, as a number (one minus sign, U+2212, or a hyphen). */
const number = (text) => Number(text.replace(/[,+\s]/g, '').replace('\u2212', '-'));

/** A button of the choice row headed `legend`. */
const choice = (legend, value) => `fieldset.choices:has(legend:text-is("${legend}")) button[data-value="${value}"]`;

/** A phone of `width` × `height` on a fresh context, with a page before ours in its history
 * (where the phone's Back from the page goes), and a numbered screenshot for each step. */
async function phoneOf([width, height], game, tag = `${game}-${width}x${height}`) {
  const context = await run.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.goto(`${run.server.url}before`);
  await open(page, `${run.server.url}#game`);
  await page.evaluate(() => { window.stayed = true; });
  let n = 0;
  const snap = async (step) => {
    n += 1;
    await shot(page, `pass-${tag}-${String(n).padStart(2, '0')}-${step}`);
  };
  return { context, page, errors, snap, size: `${width}x${height}`, width, height };
}

/** The record of the game in play, as kept on the phone. */
const kept = (page) => page.evaluate(() => {
  const id = localStorage.getItem('mj3.game');
  return JSON.parse(localStorage.getItem('mj3.games') ?? '[]').find((g) => g.id === id)?.record ?? null;
});

/** The record as the page exports it (the Record panel), closed again by its Cancel. */
async function exported(page) {
  await page.click('#export');
  const text = await page.inputValue('#record-text');
  await page.click('#step-cancel');
  await onSheet(page, 'after the Record panel');
  return text;
}

/** The page is on the game's sheet, the same document, no dialog open. */
async function onSheet(page, where, at = ['sheet']) {
  await page.waitForFunction((steps) => steps.includes(window.mj3Game?.state.step.at) && document.querySelector('.standings'), at, { timeout: 5000 })
    .catch(() => assert.fail(`${where}: not back on the sheet`));
}

/** Whether the player sees the element `selector` without scrolling: all of it on the screen
 * and not under another (the point at its middle is its own), or with `whole` false its top. */
const inSight = (page, selector, whole = true) => page.locator(selector).first().evaluate((e, all) => {
  const box = e.getBoundingClientRect();
  if (box.height === 0 || box.top < 0 || box.top >= innerHeight) return false;
  if (!all) return true;
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return box.bottom <= innerHeight + 0.5 && (hit === e || e.contains(hit));
}, whole);

/** Nothing runs off the screen sideways. */
const sideways = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A dialog tried as a player tries it: opened (a screenshot, its Cancel and its main button
 * in sight looked for), closed by Cancel, opened and closed by the phone's Back, opened and the
 * page reloaded; each time the record byte for byte as it was and the page on the sheet. Left
 * open at the end for the step to be answered. */
async function dialog(p, name, opens, { cancel = '#step-cancel', main = null, at = ['sheet'] } = {}) {
  const { page, snap, size } = p;
  const record = await kept(page);
  await opens(page);
  await page.locator(cancel).first().waitFor({ state: 'attached' });
  await snap(`${name}-open`);
  saw('cancel-in-sight', await inSight(page, cancel), `${size}: ${name}: its Cancel without a scroll`);
  if (main) saw('main-in-sight', await inSight(page, main), `${size}: ${name}: ${main} without a scroll`);
  saw('fits-sideways', (await sideways(page)) <= 0, `${size}: ${name}`);
  await page.locator(cancel).first().click();
  await onSheet(page, `${name}: Cancel`, at);
  assert.equal(await kept(page), record, `${name}: Cancel changes nothing`);
  await opens(page);
  await page.locator(cancel).first().waitFor({ state: 'attached' });
  await page.goBack();
  await onSheet(page, `${name}: Back`, at);
  assert.equal(await page.evaluate(() => window.stayed), true, `${name}: Back stays on the page`);
  assert.equal(await kept(page), record, `${name}: Back changes nothing`);
  await opens(page);
  await page.locator(cancel).first().waitFor({ state: 'attached' });
  await reload(page);
  await onSheet(page, `${name}: reloaded`);
  assert.equal(await kept(page), record, `${name}: a reload changes nothing`);
  await opens(page);
  await page.locator(cancel).first().waitFor({ state: 'attached' });
}

/** Reloads the page as the phone does; the page is marked again (to see it was not left). */
async function reload(page) {
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
  await page.evaluate(() => { window.stayed = true; });
}

/** The New form filled and started: `ruleset`, three names. */
async function newGame(p, ruleset, players) {
  const { page, snap } = p;
  // With no game yet the Game tab is the New form itself (nothing to go back to).
  if (await page.locator('.standings').count()) await dialog(p, `new-${ruleset}`, (pg) => pg.click('#new-game'), { main: '#new-start' });
  else saw('main-in-sight', await inSight(page, '#new-start'), `${p.size}: the first New form: Start without a scroll`);
  await page.selectOption('#new-ruleset', ruleset);
  for (const [i, name] of players.entries()) await page.fill(`#new-player-${i}`, name);
  await snap(`new-${ruleset}-filled`);
  await page.click('#new-start');
  await page.waitForSelector('.standings');
  await snap(`${ruleset}-started`);
}

/** The sheet holds `mj3 game`'s hands for the record exported; that record. */
async function sheetIsCli(p, where) {
  const record = await exported(p.page);
  assert.deepEqual(await pageHands(p.page), cliGame(record).hands, where);
  return record;
}

/** A win by value: the dialog tried, then `taps` (the value pad) and Record. */
async function winByValue(p, name, winner, from, taps) {
  const { page, snap } = p;
  await dialog(p, name, (pg) => pg.click(`.win-by[data-winner="${winner}"]`));
  await page.click(choice('How?', from ?? ''));
  const limits = await page.locator('fieldset.choices:has(legend:text-is("Limit")) button').allTextContents();
  saw('limit-names-plain', !limits.some((l) => /\w-\w/.test(l)), `${p.size}: the Limit row offers ${limits.join(', ')}`);
  for (const tap of taps) await tap(page);
  await page.waitForSelector('#record-win');
  saw('record-win-in-sight', await inSight(page, '#record-win'), `${p.size}: ${name}: "Record the win" without a scroll`);
  await snap(`${name}-ready`);
  await page.click('#record-win');
  await onSheet(page, name);
  await snap(`${name}-recorded`);
}

/** The settlement on the page: per player points, uma, oka, result. */
const settlement = (page) => page.locator('#settlement .settled-player').evaluateAll((items) => items.map((li) =>
  [li.dataset.player, ...['points', 'uma', 'oka', 'result'].map((c) => li.querySelector(`.${c}`)?.textContent ?? '')]));

/** "End the game here" tried (Cancel, Back, a reload), then answered; the settlement against
 * `mj3 game` on the record exported. */
async function endHere(p, name) {
  const { page, snap } = p;
  await dialog(p, `${name}-end-here`, (pg) => pg.click('#end-here'), { cancel: '#end-cancel', main: '#end-confirm' });
  await page.click('#end-confirm');
  await page.waitForSelector('#settlement');
  await page.locator('#settlement').scrollIntoViewIfNeeded();
  await snap(`${name}-settled`);
  const record = await kept(page);
  assert.match(record, /\nend\n$/);
  const { end } = cliGame(record);
  const rows = await settlement(page);
  assert.deepEqual(rows.map(([player, ...amounts]) => [player, ...amounts.map(number)]),
    end.standings.map((s) => [s.player, s.points, s.uma, s.oka, s.result]), `${name}: the settlement is mj3 game's`);
  assert.equal(rows.reduce((sum, r) => sum + number(r[4]), 0), 0);
  // mj3 game shows uma and oka where the ruleset has them; the page's columns likewise.
  const cliTable = cli({ 'game.txt': record }, 'game', 'game.txt');
  const pageColumns = await page.locator('#settlement dt').allTextContents();
  saw('settlement-like-cli', /uma/.test(cliTable) || !pageColumns.some((c) => /Uma|Oka/.test(c)),
    `${p.size}: ${name}: the page's settlement shows ${[...new Set(pageColumns)].join(', ')}; mj3 game's result table has ${/uma/.test(cliTable) ? '' : 'no '}uma or oka`);
  // The settlement's sentence: mj3 game's `Settled: …` line, or none where it prints none.
  const said = cli({ 'game.txt': record }, 'game', 'game.txt').split('\n').find((l) => l.startsWith('Settled: ')) ?? null;
  const shown = await page.locator('#settled').count() ? await page.textContent('#settled') : null;
  saw('settled-line-is-cli', shown === said, `${p.size}: ${name}: the page says ${JSON.stringify(shown)}, mj3 game ${JSON.stringify(said)}`);
  saw('fits-sideways', (await sideways(page)) <= 0, `${p.size}: ${name}: the settlement`);
  return record;
}

/** The Evening screen against `mj3 evening --json` on `records`. */
async function evening(p, name, records) {
  const { page, snap } = p;
  await dialog(p, `${name}-evening`, (pg) => pg.click('#evening-open'));
  await page.waitForSelector('#evening-payments');
  await snap(`${name}-evening`);
  const files = Object.fromEntries(records.map((r, i) => [`g${i}.txt`, r]));
  const expected = JSON.parse(cli(files, 'evening', ...Object.keys(files), '--json'));
  const totals = await page.locator('.evening-player').evaluateAll((items) => items.map((li) => [li.dataset.player, li.querySelector('.ep-total').textContent]));
  assert.deepEqual(totals.map(([who, t]) => [who, number(t)]), expected.players.map((x) => [x.player, x.total]), `${name}: totals`);
  assert.equal(totals.reduce((s, [, t]) => s + number(t), 0), 0);
  // A column for the declarations only where the system has them, in mj3 evening's word.
  const counted = await page.locator('.evening-player').first().locator('dt').allTextContents();
  assert.deepEqual(counted.filter((c) => /Riichi|Ready/.test(c)), expected.declared ? [expected.declared] : [], `${name}: ${counted}`);
  const paid = await page.locator('#evening-payments li').evaluateAll((items) => items.map((li) => [li.dataset.from, li.dataset.to, li.querySelector('.pay-points').textContent]));
  assert.deepEqual(paid.map(([f, t, n]) => [f, t, number(n)]), expected.payments.map((x) => [x.from, x.to, x.points]), `${name}: who pays whom`);
  // Each game's result is mj3 game's for it.
  for (const record of records) {
    const { end } = cliGame(record);
    assert.ok(end.end, `${name}: mj3 game says the game is over`);
  }
  await page.locator('#evening-payments').scrollIntoViewIfNeeded();
  await snap(`${name}-evening-payments`);
  saw('fits-sideways', (await sideways(page)) <= 0, `${p.size}: ${name}: the evening`);
  const text = await page.locator('#evening').innerText();
  saw('no-double-minus', !/[-\u2212]\s*[-\u2212]\d/.test(text), `${p.size}: ${name}: the evening: ${text.match(/.*[-\u2212]\s*[-\u2212]\d.*/)?.[0]}`);
  await page.click('#step-cancel');
  await onSheet(page, `${name}: the evening closed`);
  return expected;
}

/** Opens hand `number` of the sheet (its panel: enter again, insert, delete). */
const openHand = (page, number) => page.click(`.sheet-hand[data-number="${number}"] .hand-head`);

for (const size of PHONES) {
  test(`${size.join('×')}: a sanma-mahjongsoul hanchan kept by taps, every dialog tried, settled as mj3 game settles it`, async () => {
    const p = await phoneOf(size, 'hanchan');
    const { page, snap, errors } = p;
    await newGame(p, 'sanma-mahjongsoul', ['Mika', 'Sora', 'Jun']);
    assert.match(await page.locator('.standings').innerText(), /Mika[\s\S]*Sora[\s\S]*Jun/);

    // East 1, Mika deals: Mika riichi; Sora wins on Jun's discard by value (3 han 40 fu).
    await dialog(p, 'riichi', (pg) => pg.click('#act-riichi'));
    await page.click(choice('Who declared riichi?', 'Mika'));
    await onSheet(page, 'riichi');
    await snap('riichi-recorded');
    await winByValue(p, 'win-by-value', 'Sora', 'Jun', [(pg) => pg.click(choice('Han', '3')), (pg) => pg.click(choice('Fu', '40'))]);
    assert.match(await kept(page), /^riichi Mika\nSora ron Jun: 3 han 40 fu$/m);

    // East 2, Sora deals: Jun riichi, then wins by self-draw, entered by the tiles. The
    // preview's figure is what the sheet then records (issue 42 point 7).
    await page.click('#act-riichi');
    await page.click(choice('Who declared riichi?', 'Jun'));
    await onSheet(page, 'riichi Jun');
    await dialog(p, 'win-by-tiles', (pg) => pg.click('.win-by[data-winner="Jun"]'));
    await page.click(choice('How?', ''));
    await page.getByRole('button', { name: 'Enter the tiles instead' }).click();
    await page.waitForSelector('#game-win:not([hidden])');
    await snap('tiles-opened');
    const refusedAtOnce = await page.locator('#panel-score [role="alert"]:visible').allInnerTexts();
    saw('tiles-open-no-error', refusedAtOnce.length === 0, `${p.size}: the scorer opened from a win, no tile tapped yet, says: ${refusedAtOnce.join(' / ')}`);
    const filled = await page.textContent('#game-filled').catch(() => '');
    saw('tiles-carry-riichi', /riichi/i.test(filled) && /Jun/.test(await page.textContent('#game-win p')), `${p.size}: the scorer says: ${filled}`);
    // The phone's Back from the scorer, and its Cancel: the win, as it was; the scorer again.
    for (const leave of [() => page.goBack(), () => page.click('#game-win-cancel')]) {
      await leave();
      await page.waitForFunction(() => window.mj3Game.state.step.at === 'win' && !document.getElementById('panel-game').hidden);
      assert.deepEqual(await page.locator('.win-dialog button[aria-pressed="true"]').allTextContents(), ['Jun', 'Tsumo'], 'the win as it was');
      await page.getByRole('button', { name: 'Enter the tiles instead' }).click();
      await page.waitForSelector('#game-win:not([hidden])');
    }
    for (const tile of ['2p', '3p', '4p', '5p', '6p', '7p', '6s', '7s', '8s', '8s', '8s', '2s', '3s', '4s']) await page.click(`#pad button[data-tile="${tile}"]`);
    await page.waitForSelector('#game-win .preview-summary');
    const previewSaid = await page.textContent('#game-win .preview-summary');
    const previewRows = await page.locator('#game-win .hand-player').evaluateAll((l) => l.map((e) => [e.dataset.player, e.querySelector('.hp-change').textContent, e.querySelector('.hp-total').textContent]));
    const summary = await page.locator('#summary').innerText().catch(() => '');
    const summaryRows = await page.locator('#summary .sum-named').evaluateAll((l) => l.map((e) => [e.dataset.player, e.lastChild.textContent]));
    await page.locator('#game-win').scrollIntoViewIfNeeded();
    await snap('tiles-preview');
    saw('tiles-record-in-sight', await inSight(page, '#record-in-game'), `${p.size}: "Record in the game" without a scroll`);
    const before = await kept(page);
    // A reload halfway through the tiles: the record as it was, the page on the game.
    await reload(page);
    await page.waitForSelector('.standings');
    assert.equal(await kept(page), before, 'a reload in the scorer records nothing');
    await snap('tiles-reloaded');
    saw('tiles-reload-on-game', await page.getAttribute('#tab-game', 'aria-selected') === 'true', `${p.size}: after a reload in the scorer, on the Game tab`);
    await page.click('#tab-game').catch(() => undefined);
    await page.click('.win-by[data-winner="Jun"]');
    await page.click(choice('How?', ''));
    await page.getByRole('button', { name: 'Enter the tiles instead' }).click();
    await page.waitForSelector('#game-win:not([hidden])');
    for (const tile of ['2p', '3p', '4p', '5p', '6p', '7p', '6s', '7s', '8s', '8s', '8s', '2s', '3s', '4s']) await page.click(`#pad button[data-tile="${tile}"]`);
    await page.waitForSelector('#game-win .preview-summary');
    assert.equal(await page.textContent('#game-win .preview-summary'), previewSaid, 'the same preview after the reload');
    await page.click('#record-in-game');
    await onSheet(page, 'the tiles win');
    await snap('tiles-recorded');
    const hand2 = await page.locator('.sheet-hand[data-number="2"]').evaluate((e) => ({
      said: Array.from(e.querySelectorAll('.hand-events li > .said'), (l) => l.textContent),
      rows: Array.from(e.querySelectorAll('.hand-player'), (x) => [x.dataset.player, x.querySelector('.hp-change').textContent, x.querySelector('.hp-total').textContent]),
    }));
    // What each player then has: the preview's totals are the sheet's.
    assert.deepEqual(previewRows.map(([who, , total]) => [who, total]), hand2.rows.map(([who, , total]) => [who, total]), 'the totals previewed are recorded');
    const collects = /collects ([\d,]+)/.exec(previewSaid)?.[1];
    assert.ok(hand2.said.some((s) => s.includes(`collects ${collects}`)), `the preview's "collects ${collects}" is recorded: ${hand2.said}`);
    // Each player's change for the hand: the preview's (the win's payments, the stick
    // included) against the sheet's (the hand's, the winner's own riichi stick taken off).
    saw('preview-change-equals-sheet', JSON.stringify(previewRows) === JSON.stringify(hand2.rows),
      `${p.size}: preview ${previewRows.map((r) => r.slice(0, 2).join(' ')).join(', ')}; sheet ${hand2.rows.map((r) => r.slice(0, 2).join(' ')).join(', ')}`);
    // The scorer's own bar at its foot: each player's change by name, as the sheet then
    // records it (not the score's by seat, which counts the winner's own riichi stick taken
    // back as a gain).
    saw('summary-equals-recorded', JSON.stringify(summaryRows) === JSON.stringify(hand2.rows.map((r) => r.slice(0, 2))),
      `${p.size}: the scorer's bar "${summary.replace(/\n/g, ' ')}" against the sheet's ${hand2.rows.map((r) => r.slice(0, 2).join(' ')).join(', ')}`);

    // East 3, Jun deals: Mika and Sora both ron on Jun's discard ("Also ron").
    await winByValue(p, 'first-ron', 'Mika', 'Jun', [(pg) => pg.click(choice('Han', '2')), (pg) => pg.click(choice('Fu', '40'))]);
    await dialog(p, 'also-ron', (pg) => pg.click('#act-also'));
    await page.click(choice('Who else won on that discard?', 'Sora'));
    await page.click(choice('Han', '1'));
    await page.click(choice('Fu', '30'));
    saw('record-win-in-sight', await inSight(page, '#record-win'), `${p.size}: also ron: "Record the win" without a scroll`);
    await snap('also-ron-ready');
    await page.click('#record-win');
    await onSheet(page, 'also ron');
    await snap('double-ron-recorded');
    assert.equal(await page.locator('#act-also').count(), 0, 'no third ron offered');
    assert.match(await kept(page), /^Mika ron Jun: 2 han 40 fu\nand Sora ron Jun: 1 han 30 fu$/m);

    // An exhaustive draw with Sora's riichi marked ready and Jun named ready.
    await page.click('#act-riichi');
    await page.click(choice('Who declared riichi?', 'Sora'));
    await onSheet(page, 'riichi Sora');
    await dialog(p, 'draw-ready', (pg) => pg.click('#act-draw'), { main: '#record-draw' });
    assert.equal(await page.locator(choice('Who was ready (tenpai)?', 'Sora')).getAttribute('aria-pressed'), 'true', 'the riichi player is marked ready');
    assert.match(await page.textContent('#draw-declared'), /Sora declared riichi/);
    await page.click(choice('Who was ready (tenpai)?', 'Jun'));
    await page.waitForSelector('#draw-preview');
    await snap('draw-ready-preview');
    const drawPreview = await page.locator('#draw-preview .hand-player').evaluateAll((l) => l.map((e) => e.querySelector('.hp-change').textContent));
    await page.click('#record-draw');
    await onSheet(page, 'the draw');
    const drawn = await page.locator('.sheet-hand').first().locator('.hand-player .hp-change').allTextContents();
    assert.deepEqual(drawn, drawPreview, 'the draw pays what its preview said');
    // A draw with nobody ready and no kong.
    await page.click('#act-draw');
    await page.click('#record-draw');
    await onSheet(page, 'the plain draw');
    await snap('plain-draw-recorded');

    // Undo and Redo, each saying what it did.
    const withDraw = await kept(page);
    await page.click('#act-undo');
    assert.match(await page.textContent('#game-said'), /^Undone: /);
    assert.equal(await kept(page), withDraw.replace(/draw\n$/, ''));
    await snap('undone');
    await page.click('#act-redo');
    assert.match(await page.textContent('#game-said'), /^Redone: /);
    assert.equal(await kept(page), withDraw);
    await snap('redone');

    // "Enter hand 2 again" (the tile hand), then Cancel: the record and the sheet byte for byte.
    const sheetHtml = () => page.$eval('ol.sheet', (o) => o.innerHTML);
    const [record2, html2] = [await kept(page), await sheetHtml()];
    await dialog(p, 'hand-2-panel', (pg) => openHand(pg, 2));
    await snap('hand-2-panel');
    await page.click('#hand-edit');
    // The hand was entered by its 14 tiles: it opens with them, in the scorer.
    await page.waitForSelector('#panel-score:not([hidden]) #game-win:not([hidden])');
    await snap('hand-2-again');
    const tilesShown = await page.locator('#hand .hand-tiles .tile:visible').count();
    const lineShown = /234567p2367888s/.test(await page.locator('#panel-game').innerText());
    saw('again-keeps-tiles', tilesShown >= 14 || lineShown, `${p.size}: hand 2 (a tile hand) entered again opens with ${tilesShown} tiles shown`);
    // Back to the game from the scorer: the win's entry as it was, over the banner.
    await page.click('#game-win-cancel');
    await page.waitForSelector('#panel-game:not([hidden]) .win-dialog');
    const entryCancel = '.win-dialog #dialog-draft-cancel';
    saw('draft-cancel-in-sight', await page.locator(entryCancel).isVisible().catch(() => false) && await inSight(page, entryCancel),
      `${p.size}: the banner's Cancel in sight while hand 2 is entered again`);
    // A reload halfway through: the entry is still open, the record as it was.
    await reload(page);
    await page.waitForSelector('#drafting');
    assert.equal(await kept(page), record2, 'a reload while entering it again: the record byte for byte');
    await snap('hand-2-again-reloaded');
    if (await page.locator('.win-dialog').count()) await page.click('.win-dialog #step-cancel');
    await page.click('#draft-cancel');
    await page.waitForSelector('#drafting', { state: 'detached' });
    assert.equal(await kept(page), record2, 'Cancel: the record byte for byte');
    assert.equal(await sheetHtml(), html2, 'Cancel: the sheet byte for byte');
    await snap('hand-2-again-cancelled');
    // An insertion given up: its Cancel, and the phone's Back from the hand's panel.
    await openHand(page, 4);
    await page.goBack();
    await onSheet(page, 'Back from the hand\'s panel');
    await openHand(page, 4);
    await page.click('#hand-insert');
    await page.waitForSelector('#drafting');
    if (await page.locator('.win-dialog').count()) await page.click('.win-dialog #step-cancel');
    await page.click('#draft-cancel');
    await page.waitForSelector('#drafting', { state: 'detached' });
    assert.equal(await kept(page), record2, 'an insertion cancelled: the record byte for byte');
    assert.equal(await sheetHtml(), html2, 'an insertion cancelled: the sheet byte for byte');

    // A forgotten hand inserted before hand 4 (the draw after the double ron): Sora's tsumo.
    await openHand(page, 4);
    await page.click('#hand-insert');
    await page.waitForSelector('#drafting');
    await snap('insert-banner');
    assert.match(await page.textContent('#drafting'), /before hand 4/);
    await page.click('.win-by[data-winner="Sora"]');
    await page.click(choice('How?', ''));
    await page.click(choice('Han', '1'));
    await page.click(choice('Fu', '30'));
    await snap('insert-win-ready');
    await page.click('#record-win');
    await page.waitForSelector('#drafting', { state: 'detached' });
    await onSheet(page, 'the insertion');
    await snap('inserted');
    let record = await sheetIsCli(p, 'after the insertion');
    assert.match(record, /and Sora ron Jun: 1 han 30 fu\nSora tsumo: 1 han 30 fu\nriichi Sora\n/);

    // A hand deleted (asked first): the last, plain draw.
    const last = await page.locator('.sheet-hand').count();
    await dialog(p, 'delete-hand', async (pg) => {
      if (!await pg.locator('#hand-delete').count()) await openHand(pg, last);
      await pg.click('#hand-delete');
    }, { cancel: '[role="alertdialog"] #step-cancel', main: '#hand-delete-confirm', at: ['sheet', 'hand'] });
    assert.match(await page.textContent('[role="alertdialog"]'), new RegExp(`Delete hand ${last}\\?`));
    await page.click('#hand-delete-confirm');
    await onSheet(page, 'the deletion');
    assert.match(await page.textContent('#game-said'), new RegExp(`^Hand ${last} deleted`));
    await snap('hand-deleted');
    record = await sheetIsCli(p, 'after the deletion');
    assert.equal(await page.locator('.sheet-hand').count(), last - 1);

    // The table view, read across the table: at this size and in landscape.
    await dialog(p, 'table-view', (pg) => pg.click('#table-view'), { cancel: '#table-back' });
    const digits = await page.locator('.table-points').first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    saw('table-digits-48', digits >= 48, `${p.size}: the table view's points at ${digits} px`);
    await page.setViewportSize({ width: 740, height: 360 });
    await snap('table-view-landscape');
    saw('fits-sideways', (await sideways(page)) <= 0, `${p.size}→740x360: the table view`);
    saw('table-landscape-whole', await inSight(page, '.table-player:last-child'), '740x360: the third player in sight in the table view');
    await page.setViewportSize({ width: size[0], height: size[1] });
    await page.click('#table-back');
    await onSheet(page, 'the table view closed');

    // The game ended here, settled as mj3 game settles it.
    record = await endHere(p, 'hanchan');
    assert.deepEqual(await pageHands(page), cliGame(record).hands);
    const text = await page.locator('#panel-game').innerText();
    saw('no-double-minus', !/[-\u2212]\s*[-\u2212]\d/.test(text), `${p.size}: the sheet`);
    saw('names-ruleset', /Mahjong Soul/i.test(text), `${p.size}: the sheet names the game's ruleset`);
    assert.deepEqual(errors, []);
    await p.context.close();
  });
}

/** Korean hand-points typed, and bonus-points stepped. */
const points = (hand, bonus = 0) => [async (pg) => {
  await pg.fill('#points-hand', String(hand));
  for (let i = 0; i < bonus; i += 1) await pg.click('button[aria-label="Bonus-points: one more"]');
}];
/** Malaysian fan, from the choices offered. */
const fan = (n) => [(pg) => pg.click(choice('Fan', String(n)))];

for (const size of PHONES) {
  test(`${size.join('×')}: a korean evening of two games, ended here, added up on the Evening screen as mj3 evening adds it up`, async () => {
    const p = await phoneOf(size, 'korean');
    const { page, snap, errors } = p;
    await newGame(p, 'korean', ['Mika', 'Sora', 'Jun']);
    await winByValue(p, 'k1-ron', 'Sora', 'Jun', points(13, 1));
    await winByValue(p, 'k1-tsumo', 'Mika', null, points(5));
    await dialog(p, 'k-draw', (pg) => pg.click('#act-draw'), { main: '#record-draw' });
    const koreanDraw = await page.locator('section[aria-label="An exhaustive draw"]').innerText();
    saw('korean-words', !/riichi|tenpai|counter/i.test(koreanDraw), `${p.size}: korean's draw dialog: ${koreanDraw}`);
    await page.click('#record-draw');
    await onSheet(page, 'korean draw');
    await dialog(p, 'k-ready', (pg) => pg.click('#act-riichi'));
    await page.click(choice('Who declared ready?', 'Sora'));
    await onSheet(page, 'ready');
    await winByValue(p, 'k1-ready-win', 'Sora', null, points(6));
    const first = await sheetIsCli(p, 'korean game 1');
    const one = await endHere(p, 'korean-1');
    assert.equal(one, `${first}end\n`);
    await newGame(p, 'korean', ['Mika', 'Sora', 'Jun']);
    await winByValue(p, 'k2-tsumo', 'Jun', null, points(10));
    await winByValue(p, 'k2-ron', 'Mika', 'Sora', points(4, 2));
    const two = await endHere(p, 'korean-2');
    const text = await page.locator('#panel-game').innerText();
    saw('korean-words', !/riichi|tenpai|counter/i.test(text), `${p.size}: korean's sheet: ${text.match(/.*(riichi|tenpai|counter).*/i)?.[0]}`);
    await evening(p, 'korean', [one, two]);
    assert.deepEqual(errors, []);
    await p.context.close();
  });

  test(`${size.join('×')}: a malaysian evening with a kong and a bonus set paid on the spot, added up as mj3 evening adds it up`, async () => {
    const p = await phoneOf(size, 'malaysian');
    const { page, snap, errors } = p;
    await newGame(p, 'malaysian', ['Mika', 'Sora', 'Jun']);
    await dialog(p, 'm-spot-kong', (pg) => pg.click('#act-spot'));
    await page.selectOption('select[aria-label="Who"]', 'Sora');
    await page.selectOption('select[aria-label="The kong\u2019s tile"]', '5p');
    await page.selectOption('select[aria-label="How the kong was made"]', 'concealed');
    await snap('m-kong-ready');
    await page.getByRole('button', { name: 'Record the kong' }).click();
    await onSheet(page, 'the kong');
    await page.click('#act-spot');
    await page.selectOption('select[aria-label="Who"]', 'Jun');
    await page.selectOption('select[aria-label="Which set"]', 'flowers');
    await page.selectOption('select[aria-label="When it was made"]', 'drawn');
    saw('main-in-sight', await inSight(page, 'button:text("Record the set")'), `${p.size}: "Record the set" without a scroll`);
    await snap('m-bonus-set-ready');
    await page.getByRole('button', { name: 'Record the set' }).click();
    await onSheet(page, 'the bonus set');
    await snap('m-paid-on-the-spot');
    assert.match(await kept(page), /^kong Sora 5p concealed\nbonus-set Jun flowers drawn$/m);
    const offered = await page.locator('.win-by').count();
    assert.equal(offered, 3);
    await page.click('.win-by[data-winner="Sora"]');
    await page.click(choice('How?', ''));
    const fans = await page.locator('fieldset.choices:has(legend:text-is("Fan")) button').evaluateAll((b) => b.map((x) => x.dataset.value));
    await page.click('#step-cancel');
    await onSheet(page, 'fan looked at');
    await winByValue(p, 'm1-tsumo', 'Sora', null, fan(fans[2]));
    await page.click('#act-draw');
    const malaysianDraw = await page.locator('section[aria-label="An exhaustive draw"]').innerText();
    saw('malaysian-words', !/riichi|tenpai|counter/i.test(malaysianDraw), `${p.size}: malaysian's draw: ${malaysianDraw}`);
    await snap('m-draw');
    await page.click('#record-draw');
    await onSheet(page, 'malaysian draw');
    await winByValue(p, 'm1-ron', 'Jun', 'Mika', fan(fans[4]));
    const one = await endHere(p, 'malaysian-1');
    await newGame(p, 'malaysian', ['Mika', 'Sora', 'Jun']);
    await winByValue(p, 'm2-ron', 'Mika', 'Jun', fan(fans[3]));
    const two = await endHere(p, 'malaysian-2');
    assert.equal(await page.locator('#act-riichi').count(), 0, 'no Ready where malaysian has none');
    await evening(p, 'malaysian', [one, two]);
    assert.deepEqual(errors, []);
    await p.context.close();
  });
}

test('two tabs on the same game, each recording one event: both kept, or the second told plainly', async () => {
  const p = await phoneOf([360, 740], 'two-tabs', 'two-tabs');
  const { page: a, errors } = p;
  await a.click('#new-game');
  for (const [i, name] of ['Mika', 'Sora', 'Jun'].entries()) await a.fill(`#new-player-${i}`, name);
  await a.click('#new-start');
  await a.waitForSelector('.standings');
  const b = await p.context.newPage();
  b.on('pageerror', (error) => errors.push(String(error)));
  await b.setViewportSize({ width: 320, height: 568 });
  await open(b, `${run.server.url}#game`);
  await b.waitForSelector('.standings');
  await a.click('#act-riichi');
  await a.click(choice('Who declared riichi?', 'Mika'));
  await b.waitForFunction(() => /^riichi Mika$/m.test(window.mj3Game.state.game.record));
  await shot(b, 'pass-two-tabs-second-tab-320x568');
  // The second tab either records or says plainly it cannot, and offers to take it over.
  if (await b.locator('#elsewhere').count()) {
    assert.match(await b.locator('#elsewhere').textContent(), /another tab/);
    await b.click('#use-here');
  }
  await b.click('#act-draw');
  await b.click(choice('Who was ready (tenpai)?', 'Sora'));
  await b.click('#record-draw');
  await b.waitForFunction(() => /^draw tenpai/m.test(window.mj3Game.state.game.record));
  await a.waitForFunction(() => /^draw tenpai/m.test(window.mj3Game.state.game.record));
  await shot(a, 'pass-two-tabs-first-tab-360x740');
  const record = await kept(a);
  assert.match(record, /^riichi Mika\ndraw tenpai Sora$/m, 'both events kept (Mika, who declared, ready without a word)');
  // The first tab, told the game is used elsewhere, records nothing behind the second's back.
  if (await a.locator('#elsewhere').count()) assert.equal(await a.locator('#act-draw').count(), 0);
  await reload(a);
  assert.equal(await kept(a), record);
  assert.deepEqual(errors, []);
  await p.context.close();
});

for (const size of PHONES) {
  test(`${size.join('×')}: a full store: the event stays on the screen, said unsaved and given as text; saved once there is room`, async () => {
    const p = await phoneOf(size, 'store');
    const { page, snap, errors } = p;
    await newGame(p, 'sanma-mahjongsoul', ['Mika', 'Sora', 'Jun']);
    await fillStore(page);
    await page.click('.win-by[data-winner="Sora"]');
    await page.click(choice('How?', 'Jun'));
    await page.click(choice('Han', '2'));
    await page.click(choice('Fu', '30'));
    await page.click('#record-win');
    await page.waitForSelector('#unsaved', { timeout: 3000 });
    assert.equal(await page.locator('.sheet-hand').count(), 1, 'the hand stays on the screen');
    assert.match(await page.inputValue('#unsaved-record'), /^Sora ron Jun: 2 han 30 fu$/m);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap('store-full');
    saw('unsaved-in-sight', await inSight(page, '#unsaved', false), `${p.size}: the "not saved" notice in sight after the tap`);
    await page.evaluate(() => { for (const key of Object.keys(localStorage)) if (key.startsWith('filler')) localStorage.removeItem(key); });
    await page.click('#unsaved-retry');
    assert.equal(await page.locator('#unsaved').count(), 0);
    await reload(page);
    assert.match(await kept(page), /^Sora ron Jun: 2 han 30 fu$/m);
    assert.deepEqual(errors, []);
    await p.context.close();
  });

  test(`${size.join('×')}: a stranger's link cut, garbled, huge, or for a game already kept: said plainly, the game kept as it was, no copy`, async () => {
    const p = await phoneOf(size, 'links');
    const { page, snap, errors } = p;
    await newGame(p, 'sanma-mahjongsoul', ['Mika', 'Sora', 'Jun']);
    await page.click('#act-draw');
    await page.click('#record-draw');
    await onSheet(page, 'a draw');
    const record = await kept(page);
    const packed = (text) => deflateRawSync(Buffer.from(text)).toString('base64url');
    const good = packed(record);
    const links = {
      cut: `#g=${good.slice(0, Math.floor(good.length / 2))}`,
      garbled: `#g=${good.slice(0, 4)}!!~~${good.slice(8)}`,
      huge: `#g=${packed(`ruleset sanma\nplayers A B C\n${'draw\n'.repeat(20000)}`)}`,
      hugeText: `#g=${'A'.repeat(200000)}`,
    };
    for (const [name, hash] of Object.entries(links)) {
      await page.goto('about:blank');
      await open(page, `${run.server.url}${hash}`);
      await page.waitForSelector('#game-notice');
      const notice = await page.textContent('#game-notice');
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(`link-${name}`);
      assert.doesNotMatch(notice, /TypeError|RangeError|Failed to fetch|DOMException|undefined|\[object/, `${name}: ${notice}`);
      // What the player can do on the phone, not a command on a computer.
      assert.doesNotMatch(notice, /mj3 game|on a computer/, `${name}: ${notice}`);
      saw('link-said-plainly', /damaged|cut|too large|holds no game/i.test(notice), `${p.size}: ${name}: ${notice}`);
      saw('link-notice-in-sight', await inSight(page, '#game-notice', false), `${p.size}: ${name}: the notice in sight on opening`);
      assert.equal(await kept(page), record, `${name}: the game kept as it was`);
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('mj3.games')).length), 1, `${name}: no game added`);
    }
    // The link of the game kept, from a friend: opened, no copy made.
    await page.goto('about:blank');
    await open(page, await link(run.server.url, record));
    await page.waitForSelector('.standings');
    await snap('link-already-kept');
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('mj3.games')).length), 1, 'the same game: no copy');
    assert.equal(await kept(page), record);
    assert.deepEqual(errors, []);
    await p.context.close();
  });
}

/** From the tap on `selector` to the frame painted after it, in ms (as game.test.mjs): the
 * click, the next animation frame, and a task queued in it (after style, layout and paint). */
const tapToPaint = (page, selector) => page.evaluate((sel) => new Promise((done) => {
  const started = performance.now();
  document.querySelector(sel).click();
  requestAnimationFrame(() => {
    const after = new MessageChannel();
    after.port1.onmessage = () => done(performance.now() - started);
    after.port2.postMessage(null);
  });
}), selector);

test('a tap\'s time from the touch to the painted frame: a draw recorded at 5 and at 50 hands (medians)', async () => {
  const p = await phoneOf([360, 740], 'timing', 'timing');
  const { page, errors } = p;
  await newGame(p, 'sanma-mahjongsoul', ['Mika', 'Sora', 'Jun']);
  const game = (hands) => {
    const lines = ['ruleset sanma-mahjongsoul', 'players Mika Sora Jun', 'set game.rounds=0', 'set game.bust="never"'];
    // Points that go round (nobody runs out of the riichi stick's 1,000).
    const events = ['riichi Sora', 'Sora ron Jun: 3 han 40 fu', 'draw tenpai Mika', 'Jun ron Mika: 3 han 40 fu', 'riichi Mika', 'Mika ron Sora: 3 han 40 fu', 'draw'];
    for (let i = 0, n = 0; n < hands; i += 1) {
      lines.push(events[i % events.length]);
      if (!events[i % events.length].startsWith('riichi')) n += 1;
    }
    return `${lines.join('\n')}\n`;
  };
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const timed = { 5: [], 50: [] };
  for (let round = 0; round < 4; round += 1) {
    for (const hands of [5, 50]) {
      await page.click('#export');
      await page.fill('#record-text', game(hands));
      await page.click('#import');
      await page.waitForSelector(`.sheet-hand[data-number="${hands}"]`);
      for (let i = 0; i < 4; i += 1) {
        await page.click('#act-draw');
        const ms = await tapToPaint(page, '#record-draw');
        await page.waitForSelector(`.sheet-hand[data-number="${hands + 1}"]`);
        if (round > 0) timed[hands].push(ms);
        await page.click('#act-undo');
        await page.waitForSelector(`.sheet-hand[data-number="${hands + 1}"]`, { state: 'detached' });
      }
    }
  }
  run.figures.tapToPaint5HandsMedianMs = Number(median(timed[5]).toFixed(1));
  run.figures.tapToPaint50HandsMedianMs = Number(median(timed[50]).toFixed(1));
  run.figures.tapToPaint50HandsMaxMs = Number(Math.max(...timed[50]).toFixed(1));
  run.figures.tapToPaint50To5 = Number((median(timed[50]) / median(timed[5])).toFixed(2));
  assert.ok(timed[50].length >= 12 && timed[5].length >= 12);
  assert.deepEqual(errors, []);
  await p.context.close();
});

// What the pass expects of the page, held to what it saw above. A behaviour found wrong today
// is a `todo` (a defect, reported; another helper fixes it), so that CI stays green.
const EXPECTED = {
  'cancel-in-sight': ['every dialog\'s Cancel is in sight when it opens, without a scroll'],
  'main-in-sight': ['every dialog\'s main button is in sight when it opens, without a scroll'],
  'record-win-in-sight': ['"Record the win" in sight once the value is chosen, without a scroll (issue 43 point 5)'],
  'tiles-record-in-sight': ['"Record in the game" in sight on the scorer opened from a win'],
  'fits-sideways': ['nothing runs off the screen sideways'],
  'tiles-carry-riichi': ['the scorer opened from a win says the game\'s riichi (issue 42 point 7)'],
  'summary-equals-recorded': ['the scorer\'s own bar shows each player\'s change as the game then records it (issue 42 point 7)'],
  'tiles-reload-on-game': ['a reload in the scorer opened from a win lands on the Game tab'],
  'again-keeps-tiles': ['a hand entered again opens as it was (winner, how, tiles)'],
  'draft-cancel-in-sight': ['the "entering again" banner\'s Cancel is in sight while the hand is entered again'],
  'table-digits-48': ['the table view\'s points at least 48 px (issue 43 point 5)'],
  'table-landscape-whole': ['the table view in landscape shows every player without a scroll'],
  'no-double-minus': ['one minus sign'],
  'preview-change-equals-sheet': ['the scorer\'s preview shows each player\'s change for the hand as the sheet then shows it'],
  'tiles-open-no-error': ['the scorer opened from a win shows no error before a tile is tapped'],
  'limit-names-plain': ['the value pad\'s limits in plain words, not keys ("double yakuman", not "double-yakuman")'],
  'settled-line-is-cli': ['the settlement\'s sentence is mj3 game\'s "Settled:" line, or none where it prints none'],
  'settlement-like-cli': ['a game without uma or oka (korean, malaysian) shows no uma or oka columns, as mj3 game shows none'],
  'names-ruleset': ['the sheet names the game\'s ruleset (issue 43 point 4)'],
  'korean-words': ['korean said in its own words: no riichi, tenpai or counters'],
  'malaysian-words': ['malaysian said in its own words: no riichi, tenpai or counters'],
  'unsaved-in-sight': ['"not saved" in sight after the tap that failed to save'],
  'link-said-plainly': ['a broken link says it is damaged, cut or too large'],
  'link-notice-in-sight': ['a broken link\'s notice in sight on opening'],
};

/** The defects this pass found today (keys of EXPECTED), each a `todo` with what it is. */
const DEFECTS = {
};

for (const [key, [what]] of Object.entries(EXPECTED)) {
  const todo = DEFECTS[key];
  test(`expected: ${what}`, todo ? { todo: `defect: ${todo}` } : {}, () => {
    assert.ok(seen[key]?.length, `the pass looked at it (${key})`);
    assert.deepEqual(failures(key), [], what);
  });
}
