// The evening's settlement under node's test runner: the page's evening module (game/evening.ts,
// DOM-free) asks the same WebAssembly the page loads, and its answer is held to `mj3 evening
// --json` (the CLI web/test.sh builds: MJ3_CLI) for the three example games as one evening;
// a finished game's settlement to `mj3 game`'s; the schemas to docs/json.md.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT } from './browser.mjs';
import { core, documented, glue } from './library.mjs';

const { EVENING_SCHEMA, addUp, asked, inOrder, nameOf, todays, units } = await core('game/evening');
const { SETTLEMENT_SCHEMA } = await core('game/answers');
const { Engine } = await core('game/engine');


const CLI = process.env.MJ3_CLI ?? `${ROOT}target/debug/mj3`;
const FILES = ['sanma-game.txt', 'sanma-tenhou-game.txt', 'sanma-dealer-stops-game.txt'].map((f) => `docs/examples/${f}`);
const cli = (...args) => execFileSync(CLI, args, { cwd: ROOT, encoding: 'utf8' });

/** The three example games kept on a phone, played one after the other today. */
function keptGames(now = Date.now()) {
  return FILES.map((file, i) => ({
    id: `g${i}`, record: readFileSync(`${ROOT}${file}`, 'utf8'), cursor: null, updated: now - (FILES.length - i) * 60_000,
    players: 'Ann, Ben, Cat', about: file,
  }));
}

test('the evening and the settlement are typed as docs/json.md lists them', () => {
  assert.deepEqual(EVENING_SCHEMA, documented('`mj3 evening FILE… --json`'));
  assert.deepEqual(SETTLEMENT_SCHEMA, documented('The settlement of a game'));
  assert.deepEqual({ unit: 'string', per: 'string' }, documented('The units of an evening'));
});

test('the three example games as one evening: the web crate answers mj3 evening --json byte for byte', () => {
  for (const rate of ['0.5', null]) {
    const games = FILES.map((file) => ({ name: file, record: readFileSync(`${ROOT}${file}`, 'utf8'), house: '' }));
    const page = glue.evening(JSON.stringify({ games, rate }));
    const args = rate ? ['evening', ...FILES, '--rate', rate, '--json'] : ['evening', ...FILES, '--json'];
    assert.equal(`${page}\n`, cli(...args), `rate ${rate}`);
  }
});

test('the page\u2019s evening of its kept games: the totals and payments of mj3 evening, adding up to zero', () => {
  const games = keptGames();
  const added = addUp(glue, games, todays(games), '0.5');
  assert.ok('evening' in added, added.error);
  const { evening } = added;
  const expected = JSON.parse(cli('evening', ...FILES, '--rate', '0.5', '--json'));
  // The games are named as the page names them; everything else is mj3 evening's.
  assert.deepEqual(evening.games.map((g) => g.name), games.map(nameOf));
  const unnamed = (e) => ({ ...e, games: e.games.map((g) => ({ ...g, name: '' })) });
  assert.deepEqual(unnamed(evening), unnamed(expected));
  assert.deepEqual(evening.players.map((p) => [p.player, p.total, p.value]),
    [['Ann', -71200, '-35.6'], ['Ben', 19500, '9.75'], ['Cat', 51700, '25.85']]);
  assert.equal(evening.players.reduce((s, p) => s + p.total, 0), 0);
  assert.deepEqual(evening.payments.map((p) => [p.from, p.to, p.points, p.value]),
    [['Ann', 'Ben', 19500, '9.75'], ['Ann', 'Cat', 51700, '25.85']]);
  // The payments settle every total.
  for (const p of evening.players) {
    const net = evening.payments.reduce((s, pay) => s + (pay.to === p.player ? pay.points : 0) - (pay.from === p.player ? pay.points : 0), 0);
    assert.equal(net, p.total, p.player);
  }
  assert.equal(evening.fewest, true);
});

test('the evening picks today\u2019s games in the order played; a game of another day only when picked', () => {
  const now = new Date(2026, 10, 28, 23, 30).getTime();
  const games = keptGames(now);
  const yesterday = { ...games[0], id: 'old', updated: new Date(2026, 10, 27, 22, 0).getTime() };
  const all = [games[2], yesterday, games[0], games[1]];
  assert.deepEqual(todays(all, now), ['g0', 'g1', 'g2']);
  assert.deepEqual(todays(all, now, (g) => g.id !== 'g1'), ['g0', 'g2']);
  assert.deepEqual(inOrder(all).map((g) => g.id), ['old', 'g0', 'g1', 'g2']);
  const request = JSON.parse(asked(all, ['g2', 'g0'], ' 2.25 '));
  assert.deepEqual(request.games.map((g) => g.record), [games[0].record, games[2].record]);
  assert.equal(request.rate, '2.25');
  assert.equal(JSON.parse(asked(all, ['g0'], '')).rate, null);
});

test('an evening the library refuses says why in mj3 evening\u2019s words', () => {
  const games = keptGames();
  const cut = { ...games[0], id: 'cut', record: games[0].record.split('\n').slice(0, 6).join('\n') };
  const added = addUp(glue, [cut], ['cut'], '');
  assert.ok('error' in added);
  // Its words, not the record line mj3 evening advises (the page ends a game with a tap).
  assert.match(added.error, /is not over \(.*\): its result is not final$/);
  assert.doesNotMatch(added.error, /`end`|docs\/game\.md/);
  const bad = addUp(glue, games, ['g0'], 'half');
  assert.ok('error' in bad);
  assert.match(bad.error, /`half` is no value per unit/);
});

test('the units of a value are the library\u2019s words, and an evening says its unit', () => {
  assert.deepEqual(units(glue), [{ unit: 'thousand', per: 'per 1,000 points' }, { unit: 'point', per: 'per point' }]);
  const korean = readFileSync(`${ROOT}docs/examples/korean-game.txt`, 'utf8');
  const added = addUp(glue, [{ id: 'k', record: korean, cursor: null, updated: 1 }], ['k'], '10');
  assert.ok('evening' in added, added.error);
  assert.equal(added.evening.unit, 'point');
  const expected = JSON.parse(cli('evening', 'docs/examples/korean-game.txt', '--rate', '10', '--json'));
  assert.deepEqual(added.evening.players, expected.players);
  assert.deepEqual(added.evening.payments, expected.payments);
});

test('a finished game\u2019s settlement is mj3 game\u2019s: standings, uma, oka, results and its sentence', () => {
  const engine = new Engine(glue);
  for (const file of ['sanma-tenhou-game.txt', 'sanma-tenhou-partway-game.txt', 'sanma-mahjongsoul-leftover-game.txt', 'sanma-game.txt']) {
    const path = `docs/examples/${file}`;
    const replayed = engine.replay(readFileSync(`${ROOT}${path}`, 'utf8'));
    const lines = cli('game', path, '--json').trim().split('\n');
    const end = JSON.parse(lines[lines.length - 1]);
    assert.deepEqual(replayed.end.settlement, end.settlement, file);
    assert.deepEqual(replayed.end.standings, end.standings, file);
    assert.equal(replayed.end.standings.reduce((s, st) => s + st.result, 0), 0, file);
    const said = cli('game', path).split('\n').find((l) => l.startsWith('Settled: '));
    if (said) assert.equal(`Settled: ${replayed.settled}.`, said, file);
    // No Settled line where the settlement changes no result and leaves no stick: none here.
    else assert.equal(replayed.settled, null, `${file}: mj3 game says no Settled line`);
    assert.ok(replayed.end.settlement, `${file} is settled`);
  }
  const playing = engine.replay('ruleset sanma\nplayers Ann Ben Cat\nAnn tsumo: 3 han 30 fu\n');
  assert.equal(playing.settled, null);
  assert.equal(playing.end.settlement, null);
});
