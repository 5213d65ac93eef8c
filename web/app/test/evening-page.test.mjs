// The end of a game and the evening in Debian's Chromium at 360×740, 320×568 and 740×360: the
// three example games kept on the phone as one evening show the totals and payments of `mj3
// evening --json` (adding up to zero); a finished game shows the settlement of `mj3 game`; "End
// the game here" asks, Cancel leaves the record as it was, and the end line it records is read
// by `mj3 game` to the same settlement. Screenshots of each.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NOT_SHOWN, ROOT, SHOTS, open, session } from './browser.mjs';

const CLI = process.env.MJ3_CLI ?? `${ROOT}target/debug/mj3`;
const run = session();
const cli = (...args) => execFileSync(CLI, args, { cwd: ROOT, encoding: 'utf8' });
const FILES = ['sanma-game.txt', 'sanma-tenhou-game.txt', 'sanma-dealer-stops-game.txt'].map((f) => `docs/examples/${f}`);
const SIZES = [[360, 740], [320, 568], [740, 360]];

/** A phone of `width` × `height`. */
async function phoneOf(width, height) {
  const context = await run.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

/** Opens the page with `games` kept on the phone (`current` the one open), on the Game tab. */
async function withGames(page, games, current = null) {
  await open(page, `${run.server.url}#game`);
  await page.evaluate(([list, id]) => {
    localStorage.setItem('mj3.games', JSON.stringify(list));
    if (id) localStorage.setItem('mj3.game', id);
    else localStorage.removeItem('mj3.game');
  }, [games, current]);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
}

/** An amount as the page shows it, as a number. */
const number = (text) => Number(text.replace(/[,+]/g, ''));

/** Nothing runs off the screen sideways, and no rule-book reference, `[game]` key or CLI
 * syntax is in the visible text of the panels here (the sheet's words are issue 43's point 6). */
async function fits(page, where) {
  const { scroll, width, text } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, width: window.innerWidth,
    text: [...document.querySelectorAll('#settlement, #evening, .end-here, .end-offer')].map((e) => e.innerText).join('\n'),
  }));
  assert.ok(scroll <= width, `${where}: ${scroll} px wide in ${width}`);
  // Nor inside a panel of its own (a table wider than its box).
  const inside = await page.evaluate(() => [...document.querySelectorAll('#settlement, .settled-player, #evening, .evening-player, #evening-payments')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.id || e.className}: ${e.scrollWidth} > ${e.clientWidth}`));
  assert.deepEqual(inside, [], where);
  for (const pattern of NOT_SHOWN) assert.doesNotMatch(text, pattern, where);
}

const shotOf = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

for (const [width, height] of SIZES) {
  test(`the three example games as one evening at ${width}×${height}: the totals and payments of mj3 evening, adding up to zero`, async () => {
    const { context, page, errors } = await phoneOf(width, height);
    const now = Date.now();
    const games = FILES.map((file, i) => ({
      id: `g${i}`, record: readFileSync(`${ROOT}${file}`, 'utf8'), cursor: null, updated: now - (3 - i) * 3_600_000 / 4,
      players: 'Ann, Ben, Cat', about: `${file.split('/')[2].replace('-game.txt', '')}`,
    }));
    // A game of another evening, kept too: not added up unless picked.
    const other = { id: 'old', record: readFileSync(`${ROOT}docs/examples/korean-game.txt`, 'utf8'), cursor: null, updated: now - 3 * 86_400_000, players: 'Ann, Ben, Cat', about: 'korean' };
    // A game of today still in play: listed, not picked.
    const playing = { id: 'now', record: 'ruleset sanma\nplayers Ann Ben Cat\nAnn tsumo: 3 han 30 fu\n', cursor: null, updated: now - 60_000, players: 'Ann, Ben, Cat', about: 'sanma' };
    await withGames(page, [...games, other, playing]);
    await page.locator('#evening-open').click();
    await page.waitForSelector('#evening-payments');
    assert.deepEqual(await page.locator('.evening-game input:checked').evaluateAll((b) => b.map((x) => x.value)), ['g0', 'g1', 'g2']);

    const expected = JSON.parse(cli('evening', ...FILES, '--json'));
    const totals = await page.locator('.evening-player').evaluateAll((items) => items.map((li) => [li.dataset.player, li.querySelector('.ep-total').textContent]));
    assert.deepEqual(totals.map(([p, t]) => [p, number(t)]), expected.players.map((p) => [p.player, p.total]));
    assert.equal(totals.reduce((s, [, t]) => s + number(t), 0), 0);
    const paid = await page.locator('#evening-payments li').evaluateAll((items) => items.map((li) => [li.dataset.from, li.dataset.to, li.querySelector('.pay-points').textContent]));
    assert.deepEqual(paid.map(([f, t, p]) => [f, t, number(p)]), expected.payments.map((p) => [p.from, p.to, p.points]));
    // Per player counts, as mj3 evening gives them.
    const counts = await page.locator('.evening-player').evaluateAll((items) => items.map((li) =>
      Object.fromEntries([...li.querySelectorAll('dd')].map((dd) => [dd.dataset.count, dd.textContent]))));
    assert.deepEqual(counts.map((c) => [Number(c.games), Number(c.wins), Number(c.deal_ins), Number(c.riichi), number(c.average_win)]),
      expected.players.map((p) => [p.games, p.wins, p.deal_ins, p.riichi, p.average_win]));
    assert.equal(await page.locator('.evening-chart polyline').count(), 3);

    // A value per 1,000 points: the values mj3 evening --rate gives.
    assert.equal(await page.locator('.evening-rate span').textContent(), 'Value per 1,000 points (optional)');
    await page.locator('#evening-rate').fill('0.5');
    await page.locator('#evening-rate').press('Enter');
    await page.waitForSelector('.pay-value');
    const valued = JSON.parse(cli('evening', ...FILES, '--rate', '0.5', '--json'));
    // Each player's value with its sign, as mj3 evening's table writes it (`+11.25`, `-32.1`).
    const values = await page.locator('.ep-value').allTextContents();
    assert.deepEqual(values, valued.players.map((p) => p.signed_value));
    valued.players.forEach((p, i) => assert.equal(values[i].startsWith('+'), p.total > 0, `${p.player}: ${values[i]}`));
    assert.ok(values.some((v) => v.startsWith('+')), `a player who receives has a plus sign: ${values}`);
    assert.deepEqual(await page.locator('.pay-value').allTextContents(), valued.payments.map((p) => p.value));
    await fits(page, `the evening at ${width}×${height}`);
    await shotOf(page, `evening-${width}x${height}`);

    // The game of another evening picked too: refused (another system) in mj3 evening's words.
    await page.locator('.evening-game input[value="old"]').check();
    await page.waitForSelector('#evening-error');
    assert.match(await page.locator('#evening-error').textContent(), /an evening adds up games of one system/);
    await page.locator('.evening-game input[value="old"]').uncheck();
    await page.locator('.evening-game input[value="now"]').check();
    await page.waitForSelector('#evening-error');
    const notOver = await page.locator('#evening-error pre').textContent();
    assert.match(notOver, /is not over/);
    // The page ends a game with a tap: no record line to write, no file to read.
    assert.doesNotMatch(notOver, /`end`|docs\/game\.md/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a finished game shows the settlement of mj3 game, at each size', async () => {
  const file = 'docs/examples/sanma-tenhou-partway-game.txt';
  const lines = cli('game', file, '--json').trim().split('\n');
  const end = JSON.parse(lines[lines.length - 1]);
  const said = cli('game', file).split('\n').find((l) => l.startsWith('Settled: '));
  for (const [width, height] of SIZES) {
    const { context, page, errors } = await phoneOf(width, height);
    await withGames(page, [{ id: 'p', record: readFileSync(`${ROOT}${file}`, 'utf8'), cursor: null, updated: Date.now() }], 'p');
    await page.waitForSelector('#settlement');
    const rows = await page.locator('#settlement .settled-player').evaluateAll((items) => items.map((li) =>
      [li.dataset.player, ...['points', 'uma', 'oka', 'result'].map((c) => li.querySelector(`.${c}`).textContent)]));
    assert.deepEqual(rows.map(([p, ...amounts]) => [p, ...amounts.map(number)]),
      end.standings.map((s) => [s.player, s.points, s.uma, s.oka, s.result]));
    assert.equal(rows.reduce((s, r) => s + number(r[4]), 0), 0);
    assert.equal(await page.locator('#settled').textContent(), said);
    await fits(page, `the settlement at ${width}×${height}`);
    await page.locator('#settlement').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `settlement-${width}x${height}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('"End the game here" asks; Cancel keeps the record; the end line is read by mj3 game to the same settlement', async () => {
  // Names of 12 letters, shown whole at 360 px.
  const record = 'ruleset sanma-tenhou\nplayers Christabelle Maximilianus Bartholomew\nriichi Maximilianus\nChristabelle tsumo: 3 han 30 fu\nBartholomew ron Christabelle: mangan\n';
  for (const [width, height] of SIZES) {
    const { context, page, errors } = await phoneOf(width, height);
    await withGames(page, [{ id: 'e', record, cursor: null, updated: Date.now() }], 'e');
    await page.waitForSelector('#end-here');
    assert.equal(await page.locator('#settlement').count(), 0);
    await page.locator('#end-here').click();
    await page.locator('#end-cancel').waitFor();
    await page.locator('#end-confirm').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `end-here-${width}x${height}.png`) });
    await fits(page, `the question at ${width}×${height}`);
    await page.locator('#end-cancel').click();
    const kept = () => page.evaluate(() => JSON.parse(localStorage.getItem('mj3.games'))[0].record);
    assert.equal(await kept(), record);
    assert.equal(await page.locator('#end-confirm').count(), 0);
    // The phone's Back answers Cancel, and the page stays.
    await page.locator('#end-here').click();
    await page.locator('#end-cancel').waitFor();
    await page.goBack();
    await page.locator('#end-here').waitFor();
    assert.equal(await page.locator('#end-confirm').count(), 0);
    assert.match(page.url(), /#game$/);
    assert.equal(await kept(), record);
    await page.locator('#end-here').click();
    await page.locator('#end-confirm').click();
    await page.waitForSelector('#settlement');
    const ended = await kept();
    assert.equal(ended, `${record}end\n`);
    const dir = mkdtempSync(join(tmpdir(), 'mj3-end-'));
    writeFileSync(join(dir, 'ended.txt'), ended);
    const said = cli('game', join(dir, 'ended.txt')).split('\n').find((l) => l.startsWith('Settled: '));
    assert.equal(await page.locator('#settled').textContent(), said);
    const lines = cli('game', join(dir, 'ended.txt'), '--json').trim().split('\n');
    const end = JSON.parse(lines[lines.length - 1]);
    assert.equal(end.end, 'the record ends it early (end)');
    const results = await page.locator('#settlement .settled-player').evaluateAll((items) => items.map((li) => [li.dataset.player, li.querySelector('.result').textContent]));
    assert.deepEqual(results.map(([p, r]) => [p, number(r)]), end.standings.map((s) => [s.player, s.result]));
    assert.equal(await page.locator('#end-here').count(), 0);
    await fits(page, `the settlement of a game ended early at ${width}×${height}`);
    await page.locator('#settlement').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `ended-${width}x${height}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  }
});
