// The game's DOM-free core under node's test runner: a game is its record text (record.ts),
// every answer of the library is checked against docs/json.md (answers.ts), the link packs
// and unpacks the record byte for byte (share.ts), the games are kept on a shelf (games.ts);
// the library is the same WebAssembly the page loads, here in node.
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT } from './browser.mjs';

const core = (name) => import(new URL(`../test-results/core/${name}.js`, import.meta.url));
const { END_SCHEMA, HAND_SCHEMA, checkedReplay, misfit } = await core('answers');
const { Engine } = await core('engine');
const record = await core('record');
const { link, pack, packedIn, unpack } = await core('share');
const games = await core('games');

const glue = await import(new URL('../src/wasm/mj3_web.js', import.meta.url));
const wasmFile = readdirSync(new URL('../src/wasm/', import.meta.url)).find((n) => n.endsWith('.wasm'));
glue.initSync({ module: readFileSync(new URL(`../src/wasm/${wasmFile}`, import.meta.url)) });
const engine = new Engine(glue);

const EXAMPLE = readFileSync(`${ROOT}docs/examples/sanma-game.txt`, 'utf8');

/** The field tables of docs/json.md's section `title`: path → type. */
function documented(title) {
  const text = readFileSync(`${ROOT}docs/json.md`, 'utf8');
  const start = text.indexOf(`### ${title}`);
  assert.ok(start >= 0, `docs/json.md has "### ${title}"`);
  const section = text.slice(start).split(/\n#{2,3} /)[0];
  const rows = [...section.matchAll(/^\| `([^`]+)` \| ([^|]+) \|/gm)];
  return Object.fromEntries(rows.map(([, path, type]) => [path, type.trim()]));
}

test('the game answers are typed as docs/json.md lists them, every field and type', () => {
  assert.deepEqual(HAND_SCHEMA, documented('A game hand'));
  assert.deepEqual(END_SCHEMA, documented('The end of a game'));
});

test('a replayed example game fits the schemas; a misfit is named by its path', () => {
  const replayed = checkedReplay(glue.game(EXAMPLE));
  assert.ok(replayed.hands.length > 10);
  assert.equal(replayed.end.end !== null, true);
  const broken = JSON.parse(glue.game(EXAMPLE));
  broken.hands[2].players[1].total = '35000';
  assert.match(misfit(broken.hands[2], HAND_SCHEMA), /^players\[\]\.total: number expected/);
  assert.throws(() => checkedReplay(JSON.stringify(broken)), /docs\/json\.md: players\[\]\.total/);
});

test('a game is its record: lines added, the last taken back, a hand deleted or entered again', () => {
  const start = engine.start({ ruleset: 'sanma', players: ['Ann', 'Ben', 'Cat'] });
  assert.equal(start.record, 'ruleset sanma\nplayers Ann Ben Cat\n');
  let game = record.newGame(start.record, 1);
  const add = (event) => {
    const written = engine.line(event);
    assert.ok('line' in written, JSON.stringify(written));
    game = record.added(game, written.line, 2);
  };
  add({ kind: 'riichi', player: 'Ben' });
  add({ kind: 'win', winner: 'Ben', from: 'Cat', hand: '234p567p678s88s234s' });
  add({ kind: 'draw', tenpai: ['Ann'] });
  add({ kind: 'riichi', player: 'Cat' });
  let replayed = engine.replay(game.record);
  assert.equal(replayed.error, null);
  assert.equal(replayed.hands.length, 2);
  assert.deepEqual(replayed.event_lines, [3, 4, 5, 6]);
  assert.deepEqual(record.pendingLines(replayed), [6]);
  assert.equal(replayed.next.events.length, 1);
  // Undo takes the riichi back.
  game = record.undone(game, replayed);
  assert.equal(game.record.split('\n').filter(Boolean).at(-1), 'draw tenpai Ann');
  // The first hand deleted: the draw is now East 1's, under Ann.
  replayed = engine.replay(game.record);
  assert.deepEqual(record.handLines(replayed, 0), [3, 4]);
  const without = record.withoutHand(game, replayed, 0);
  const after = engine.replay(without.record);
  assert.equal(after.hands.length, 1);
  assert.equal(after.hands[0].label, 'East 1');
  // Entered again: the cursor stands where the hand was; a new line goes there.
  let again = record.reopened(game, replayed, 0);
  assert.equal(again.cursor, 3);
  assert.equal(engine.replay(record.played(again)).next.label, 'East 1');
  again = record.added(again, 'Ann tsumo: 123p456p789p11s rrr');
  assert.equal(again.cursor, 4);
  again = record.closed(again);
  const lines = again.record.split('\n');
  assert.equal(lines[2], 'Ann tsumo: 123p456p789p11s rrr');
  assert.equal(lines[3], 'draw tenpai Ann');
  assert.equal(engine.replay(again.record).hands[1].label, 'East 1');
});

test('what the record cannot read is never written', () => {
  assert.ok('error' in engine.line({ kind: 'riichi', player: 'two words' }));
  assert.ok('error' in engine.start({ ruleset: 'sanma', players: ['Ann', 'Ann', 'Cat'] }));
});

test('a record packed into a link comes back byte for byte; a cut link is refused', async () => {
  const packed = await pack(EXAMPLE);
  assert.match(packed, /^[A-Za-z0-9_-]+$/);
  assert.equal(await unpack(packed), EXAMPLE);
  const url = await link('https://example.org/mj3/#r=sanma', EXAMPLE);
  assert.ok(url.startsWith('https://example.org/mj3/#g='));
  assert.equal(packedIn(new URL(url).hash), packed);
  assert.equal(packedIn('#r=sanma&h=123p'), null);
  await assert.rejects(unpack(packed.slice(0, packed.length / 2)));
  await assert.rejects(unpack('not a link!'));
});

test('games are kept on the shelf, the latest first, and forgotten', () => {
  const shelf = new Map();
  const store = { getItem: (k) => shelf.get(k) ?? null, setItem: (k, v) => shelf.set(k, v) };
  const a = record.newGame('ruleset sanma\nplayers A B C\n', 10);
  const b = { ...record.newGame('ruleset korean\nplayers A B C\n', 20), id: 'b' };
  games.keep(store, a);
  games.keep(store, b);
  games.keep(store, { ...a, updated: 30 });
  assert.deepEqual(games.kept(store).map((g) => g.updated), [30, 20]);
  games.forget(store, 'b');
  assert.equal(games.kept(store).length, 1);
  shelf.set('mj3.games', '[{"id": 3}, "junk"]');
  assert.deepEqual(games.kept(store), []);
  shelf.set('mj3.games', 'not json');
  assert.deepEqual(games.kept(store), []);
});
