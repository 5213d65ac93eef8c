// A game in progress as a table changes it (issue 43, points 4 and 6), at 360 × 740 and
// 320 × 568: the settings changed after Start (written to the record's header, the record
// replayed, Cancel and Back leaving it as it was); the draw dialog marking who declared and
// showing what the draw pays before it is recorded; "Also ron" only while the library says a
// claim is open; the kong menu never offering a claim from the player who kongs; the words of
// korean's system. Every figure the page shows is held to `mj3 game --json` on the exported
// record.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, session, shot, startGame as newGame } from './browser.mjs';

const CLI = process.env.MJ3_CLI ?? 'mj3';
const run = session();

const SIZES = [{ width: 360, height: 740 }, { width: 320, height: 568 }];

/** A phone of `size` on a fresh context, its page errors gathered. */
async function phoneOf(size) {
  const context = await run.browser.newContext({ viewport: size, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await open(page, `${run.server.url}#game`);
  return { context, page, errors };
}

const tapOn = (page) => (selector) => page.locator(selector).first().click();
const choice = (legend, value) => `fieldset.choices:has(legend:text-is("${legend}")) button[data-value="${value}"]`;

/** Starts a game from the New form, each tap on the first control its selector finds. */
const startGame = (page, ruleset, players = ['Ann', 'Ben', 'Cat']) => newGame(page, ruleset, players, tapOn(page));

/** A win stated by han and fu, recorded. */
async function winByValue(page, winner, from, han = '3', fu = '30') {
  const tap = tapOn(page);
  await tap(`.winners button[data-winner="${winner}"]`);
  await tap(choice('How?', from ?? ''));
  await tap(choice('Han', han));
  await tap(choice('Fu', fu));
  await tap('#record-win');
  await page.waitForSelector('#panel-game:not([hidden]) .standings');
  assert.equal(await page.$('#game-notice'), null, `${winner} won`);
}

async function exported(page) {
  await tapOn(page)('#export');
  const text = await page.inputValue('#record-text');
  await tapOn(page)('#export');
  return text;
}

/** `mj3 game --json` on `record`: its hand records and its end record. */
function cli(record) {
  const dir = mkdtempSync(join(tmpdir(), 'mj3-after-'));
  const file = join(dir, 'game.txt');
  writeFileSync(file, record);
  const records = execFileSync(CLI, ['game', file, '--json'], { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));
  const end = records.pop();
  return { hands: records, end };
}

const grouped = (n) => `${n < 0 ? '-' : ''}${String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
const signed = (n) => (n > 0 ? `+${grouped(n)}` : n < 0 ? `-${grouped(-n)}` : '0');
/** One minus sign: the page writes U+2212 or '-', compared as one. */
const plain = (s) => s.replace(/\u2212/g, '-');

/** The settlement the page shows: per player the result, uma and oka. */
function pageSettlement(page) {
  return page.$$eval('#settlement .settled-player', (rows) => rows.map((r) => [
    r.dataset.player, r.querySelector('.result').textContent, r.querySelector('.uma').textContent, r.querySelector('.oka').textContent]));
}
const cliSettlement = (end) => end.standings.map((s) => [s.player, signed(s.result), signed(s.uma), signed(s.oka)]);

/** Opens the settings dialog. */
async function openSettings(page) {
  await tapOn(page)('#game-settings');
  await page.waitForSelector('#settings-dialog');
}

async function typeUma(page, uma) {
  for (const [i, v] of uma.entries()) await page.fill(`#settings-dialog [data-key="uma"] input >> nth=${i}`, String(v));
}

for (const size of SIZES) {
  const at = `${size.width}x${size.height}`;

  test(`${at}: uma, target and each game option changed after Start are written to the record; the settlement is mj3 game's; Cancel and Back change nothing; a refused change is said and changes nothing`, async () => {
    const { context, page, errors } = await phoneOf(size);
    const tap = tapOn(page);
    await startGame(page, 'sanma');
    await winByValue(page, 'Ben', 'Cat');
    await winByValue(page, 'Cat', 'Ann');
    await winByValue(page, 'Ann', 'Ben');
    const before = await exported(page);
    // The dialog shows the game's own values with their units, help and the zero-sum check.
    await openSettings(page);
    const fields = await page.$$eval('#settings-dialog [data-key="uma"] input', (l) => l.map((i) => i.value));
    // The game's own uma: sanma (003) has none, as mj3 game settles it.
    const settledUma = (record) => cli(`${record}end\n`).end.settlement.uma.map(String);
    assert.deepEqual(fields, settledUma(before));
    assert.match(await page.textContent('#settings-dialog'), /points/);
    assert.equal(await page.locator('#settings-dialog .help').count() > 3, true, 'each option with its help');
    await typeUma(page, [20000, 5000, -20000]);
    assert.match(await page.textContent('#settings-dialog .uma-check'), /not 0/);
    await page.evaluate(() => document.querySelector('#settings-dialog').scrollIntoView({ block: 'start' }));
    await shot(page, `after-start-settings-${at}`);
    await page.evaluate(() => document.querySelector('#settings-dialog [data-key="uma"]').scrollIntoView({ block: 'center' }));
    await shot(page, `after-start-settings-uma-${at}`);
    // Cancel: the record byte for byte as it was.
    await tap('#settings-cancel');
    assert.equal(await page.$('#settings-dialog'), null);
    assert.equal(await exported(page), before);
    // Back: the same, and the page stays.
    await openSettings(page);
    await typeUma(page, [30000, 0, -30000]);
    await page.goBack();
    await page.waitForSelector('#settings-dialog', { state: 'detached' });
    assert.match(page.url(), /#game/);
    assert.equal(await exported(page), before);
    // Saved: the record's header says it, and the page's standings are mj3 game's.
    await openSettings(page);
    await typeUma(page, [20000, 0, -20000]);
    await page.fill('#settings-dialog input[data-key="target-points"]', '40000');
    await tap('#settings-save');
    await page.waitForSelector('#settings-dialog', { state: 'detached' });
    assert.equal(await page.$('#game-notice'), null);
    const changed = await exported(page);
    assert.match(changed, /^set game\.uma=\[20000,0,-20000\]$/m);
    assert.match(changed, /^set game\.target-points=40000$/m);
    assert.equal(changed.split('\n').filter((l) => !l.startsWith('set ')).join('\n'), before.split('\n').filter((l) => !l.startsWith('set ')).join('\n'), 'only the set lines changed');
    // The game ended here: its settlement is mj3 game's on the exported record.
    await tap('#end-here');
    await tap('#end-confirm');
    await page.waitForSelector('#settlement');
    const ended = await exported(page);
    assert.deepEqual((await pageSettlement(page)).map((r) => r.map(plain)), cliSettlement(cli(ended).end));
    // Changed again on the finished game: replayed, the settlement follows.
    await openSettings(page);
    await typeUma(page, [10000, 0, -10000]);
    await tap('#settings-save');
    await page.waitForSelector('#settings-dialog', { state: 'detached' });
    const again = await exported(page);
    assert.match(again, /^set game\.uma=\[10000,0,-10000\]$/m);
    assert.doesNotMatch(again, /uma=\[20000/);
    const { end } = cli(again);
    assert.equal(end.standings[0].uma, 10000);
    assert.deepEqual((await pageSettlement(page)).map((r) => r.map(plain)), cliSettlement(end));
    // A change the game refuses (one round: the game would be over before its last hand):
    // said, and nothing changed.
    await openSettings(page);
    await page.fill('#settings-dialog input[data-key="rounds"]', '1');
    await tap('#settings-save');
    await page.waitForSelector('#settings-dialog [role="alert"]');
    assert.match(await page.textContent('#settings-dialog [role="alert"]'), /over/);
    await shot(page, `after-start-settings-refused-${at}`);
    await tap('#settings-cancel');
    assert.equal(await exported(page), again);
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const ruleset of ['sanma', 'sanma-mahjongsoul']) {
    test(`${at}: ${ruleset}: the draw dialog marks the riichi player ready (not to be unmarked) and shows what the draw pays, as recorded and as mj3 game says`, async () => {
      const { context, page, errors } = await phoneOf(size);
      const tap = tapOn(page);
      await startGame(page, ruleset);
      await tap('#act-riichi');
      await tap(choice('Who declared riichi?', 'Ben'));
      await page.waitForSelector('#panel-game:not([hidden]) .standings');
      await tap('#act-draw');
      const ready = 'Who was ready (tenpai)?';
      const ben = page.locator(choice(ready, 'Ben'));
      assert.equal(await ben.getAttribute('aria-pressed'), 'true', 'Ben declared riichi: ready');
      assert.equal(await ben.isDisabled(), true, 'a riichi player is tenpai at a draw');
      const preview = async () => page.$$eval('#draw-preview .hand-player', (l) => l.map((p) => [
        p.dataset.player, p.querySelector('.hp-change').textContent, p.querySelector('.hp-total').textContent]));
      const alone = await preview();
      assert.equal(alone.length, 3);
      // Ann ready too: the preview changes.
      await tap(choice(ready, 'Ann'));
      const two = await preview();
      assert.notDeepEqual(two, alone);
      await page.locator('#draw-preview').scrollIntoViewIfNeeded();
      await shot(page, `after-start-draw-${ruleset}-${at}`);
      await tap('#record-draw');
      await page.waitForSelector('.sheet-hand');
      assert.equal(await page.$('#game-notice'), null);
      const recorded = await page.$$eval('.sheet-hand:first-child .hand-player', (l) => l.map((p) => [
        p.dataset.player, p.querySelector('.hp-change').textContent, p.querySelector('.hp-total').textContent]));
      assert.deepEqual(two, recorded);
      const { hands } = cli(await exported(page));
      assert.deepEqual(two.map((r) => r.map(plain)), hands[0].players.map((p) => [p.player, signed(p.change), grouped(p.total)]));
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('"Also ron" is offered only while the library says another claim on the discard is open', async () => {
  const { context, page, errors } = await phoneOf(SIZES[0]);
  const tap = tapOn(page);
  await startGame(page, 'sanma');
  await winByValue(page, 'Ben', 'Ann');
  assert.equal(await page.locator('#act-also').count(), 1, 'one ron: a second claim is open');
  await tap('#act-also');
  const offered = await page.$$eval('fieldset.choices:has(legend:text-is("Who else won on that discard?")) button', (l) => l.map((b) => b.dataset.value));
  assert.deepEqual(offered, ['Cat'], 'neither the discarder nor the first winner');
  await tap(choice('Who else won on that discard?', 'Cat'));
  await tap(choice('Han', '3'));
  await tap(choice('Fu', '30'));
  await tap('#record-win');
  await page.waitForSelector('#panel-game:not([hidden]) .standings');
  assert.equal(await page.$('#game-notice'), null);
  assert.equal(await page.locator('#act-also').count(), 0, 'two rons: no other player is left');
  await winByValue(page, 'Ben', null);
  assert.equal(await page.locator('#act-also').count(), 0, 'after a tsumo');
  await tap('#act-draw');
  await tap('#record-draw');
  await page.waitForSelector('.sheet-hand');
  assert.equal(await page.locator('#act-also').count(), 0, 'after a draw');
  // korean: two claims, one win by priority: the hand shows one win, and no third claim.
  await startGame(page, 'korean');
  await tap('.winners button[data-winner="Ben"]');
  await tap(choice('How?', 'Ann'));
  for (let i = 0; i < 3; i += 1) await tap('button[aria-label="Hand-points: one more"]');
  await tap('#record-win');
  await page.waitForSelector('#panel-game:not([hidden]) .standings');
  assert.equal(await page.locator('#act-also').count(), 1);
  await tap('#act-also');
  await tap(choice('Who else won on that discard?', 'Cat'));
  for (let i = 0; i < 3; i += 1) await tap('button[aria-label="Hand-points: one more"]');
  await tap('#record-win');
  await page.waitForSelector('#panel-game:not([hidden]) .standings');
  assert.equal(await page.$('#game-notice'), null);
  const { hands } = cli(await exported(page));
  assert.equal(hands[0].wins.length, 1, 'one win by priority');
  assert.equal(await page.locator('#act-also').count(), 0, 'no third claim on a discard');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the kong menu offers no claim from the player who kongs', async () => {
  const { context, page, errors } = await phoneOf(SIZES[0]);
  const tap = tapOn(page);
  await startGame(page, 'malaysian');
  await tap('#act-spot');
  for (const who of ['Ann', 'Ben', 'Cat']) {
    await page.selectOption('select[aria-label="Who"]', who);
    const offered = await page.$$eval('select[aria-label="How the kong was made"] option', (l) => l.map((o) => o.textContent));
    assert.ok(!offered.some((o) => o.includes(`from ${who}`)), `${who}: ${offered.join(', ')}`);
    assert.equal(offered.filter((o) => o.startsWith('claimed from')).length, 2, offered.join(', '));
  }
  // A claimed kong recorded from the menu: as mj3 game reads it.
  await page.selectOption('select[aria-label="Who"]', 'Cat');
  await page.selectOption('select[aria-label="The kong\u2019s tile"]', '9p');
  await page.selectOption('select[aria-label="How the kong was made"]', 'from:Ben');
  await tap('button:text("Record the kong")');
  await page.waitForSelector('#panel-game:not([hidden]) .standings');
  assert.equal(await page.$('#game-notice'), null);
  assert.match(await exported(page), /^kong Cat 9p from Ben$/m);
  assert.deepEqual(errors, []);
  await context.close();
});

test('korean is said in its own words: Ready, never riichi or tenpai; no counters', async () => {
  const { context, page, errors } = await phoneOf(SIZES[1]);
  const tap = tapOn(page);
  await startGame(page, 'korean');
  const words = async (where) => {
    const text = await page.locator('#panel-game').innerText();
    assert.doesNotMatch(text, /riichi|tenpai|counter/i, `${where}: ${text}`);
  };
  await words('at the start');
  await tap('#act-riichi');
  await words('asking who is ready');
  await tap(choice('Who declared ready?', 'Ben'));
  await page.waitForSelector('#panel-game:not([hidden]) .standings');
  await words('after a ready');
  await tap('#act-draw');
  await words('in the draw dialog');
  await shot(page, 'after-start-korean-draw-320x568');
  await tap('#record-draw');
  await page.waitForSelector('.sheet-hand');
  await words('after a draw');
  // A win entered by its tiles: the scorer says what the game sets in korean's words.
  await tap('.winners button[data-winner="Cat"]');
  await tap(choice('How?', ''));
  await tap('button:text("Enter the tiles instead")');
  await page.waitForSelector('#game-win:not([hidden])');
  const filled = await page.textContent('#game-filled');
  assert.doesNotMatch(filled, /riichi|tenpai|counter|stick/i, filled);
  assert.match(filled, /ready/i, filled);
  assert.deepEqual(errors, []);
  await context.close();
});
