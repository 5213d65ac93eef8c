// The game's controller (src/game/controller.ts) under node, without the page: the state, the
// steps, record and undo, what the scorer is opened with, and what each tap costs in replays
// of the record (the library's `game`, counted) and in redraws (the panels' drawer, counted).
import { readFileSync, readdirSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';

const core = (name) => import(new URL(`../test-results/core/${name}.js`, import.meta.url));
const controller = await core('game/controller');
const { newGame } = await core('game/record');

const glue = await import(new URL('../src/wasm/mj3_web.js', import.meta.url));
const wasmFile = readdirSync(new URL('../src/wasm/', import.meta.url)).find((n) => n.endsWith('.wasm'));
glue.initSync({ module: readFileSync(new URL(`../src/wasm/${wasmFile}`, import.meta.url)) });

/** What the controller asked of the library and of the page. */
const counts = { replays: 0, draws: 0, shown: 0 };
const wasm = {
  game: (record, house) => {
    counts.replays += 1;
    return glue.game(record, house);
  },
  game_limits: () => glue.game_limits(),
  record_line: (event) => glue.record_line(event),
  record_start: (start) => glue.record_start(start),
  counted: (n, thing) => glue.counted(n, thing),
  record_settings: (asked) => glue.record_settings(asked),
};
controller.connect({
  wasm, rulesets: () => [], rulesetGame: () => ({ error: 'none here' }), houseText: () => '',
  scoreWin: () => undefined, shown: () => { counts.shown += 1; },
});
controller.onRedraw(() => { counts.draws += 1; });

/** A sanma record of `hands` hands: rons, draws, tsumos and riichi in turn. */
function longRecord(hands) {
  const lines = ['ruleset sanma', 'players Ann Ben Cat', 'set game.rounds=0', 'set game.bust="never"'];
  const events = ['Ben ron Cat: 234p567p678s88s234s', 'draw tenpai Ann', 'Cat tsumo: 123p456p789p11s rrr', 'riichi Ann', 'Ann ron Ben: 345p678p345s567s99s'];
  for (let i = 0, count = 0; count < hands; i += 1) {
    lines.push(events[i % events.length]);
    if (i % events.length !== 3) count += 1;
  }
  return `${lines.join('\n')}\n`;
}

/** Opens `record` as the game on the screen, drawn. */
async function opened(record) {
  controller.setGame(newGame(record, 1), false);
  await Promise.resolve();
  controller.replayOf(controller.state.game);
}

/** What `tap` costs: the replays it asks of the library and the redraws, once drawn. */
async function cost(tap) {
  counts.replays = 0;
  counts.draws = 0;
  tap();
  await Promise.resolve();
  return { replays: counts.replays, draws: counts.draws };
}

test('a tap that records an event replays the record once and redraws once, in a 5-hand and a 50-hand game', async () => {
  for (const hands of [5, 50]) {
    await opened(longRecord(hands));
    assert.deepEqual(await cost(() => controller.record({ kind: 'riichi', player: 'Ben' })), { replays: 1, draws: 1 }, `${hands} hands: riichi`);
    assert.deepEqual(await cost(() => controller.record({ kind: 'draw', tenpai: ['Ben'] })), { replays: 1, draws: 1 }, `${hands} hands: draw`);
    assert.equal(controller.replayOf(controller.state.game).hands.length, hands + 1);
  }
});

test('a win previewed and then recorded: the preview is the one replay, what it shows is what is recorded', async () => {
  await opened(longRecord(5));
  const win = { kind: 'win', winner: 'Ben', from: 'Cat', value: { 'han-fu': { han: 3, fu: 40 } } };
  let shown;
  assert.deepEqual(await cost(() => { shown = controller.previewOf([win]); }), { replays: 1, draws: 0 });
  assert.deepEqual(await cost(() => controller.record(win)), { replays: 0, draws: 1 });
  const replayed = controller.replayOf(controller.state.game);
  const hand = replayed.hands.at(-1);
  assert.deepEqual(shown.win, hand.wins.at(-1));
});

test('a refused event changes nothing and says why; recorded quietly it leaves no notice', async () => {
  await opened(longRecord(5));
  const before = controller.state.game.record;
  const why = controller.record({ kind: 'riichi', player: 'Nobody' });
  assert.equal(typeof why, 'string');
  assert.equal(controller.state.notice, why);
  assert.equal(controller.state.game.record, before);
  controller.state.notice = null;
  assert.equal(typeof controller.record({ kind: 'riichi', player: 'Nobody' }, true), 'string');
  assert.equal(controller.state.notice, null);
});

test('the scorer opened for a win has the hand in play; for "Also ron" the hand the first ron ended, not the next', async () => {
  await opened('ruleset sanma\nplayers Ann Ben Cat\nriichi Cat\nBen ron Ann: 234p567p678s88s234s\n');
  // The deal passed to Ben: the next hand seats Cat South, with no stick on the table.
  assert.equal(controller.replayOf(controller.state.game).next.seats.find((s) => s.player === 'Cat').seat, 'South');
  const also = controller.tilesWin({ at: 'win', also: true, winner: 'Cat', from: 'Ann', han: null, value: null, pao: null });
  assert.equal(also.seat, 'West');
  assert.equal(also.fromSeat, 'East');
  assert.equal(also.round, 'East');
  assert.equal(also.honba, 0);
  assert.equal(also.sticks, 1);
  assert.equal(also.riichi, true);
  assert.equal(also.mayDeclare, false);
  // A first win: the next hand is the hand in play; Ann has not declared and may.
  const first = controller.tilesWin({ at: 'win', also: false, winner: 'Ann', from: null, han: null, value: null, pao: null });
  assert.equal(first.seat, 'West');
  assert.equal(first.honba, 0);
  assert.equal(first.riichi, false);
  assert.equal(first.mayDeclare, true);
});

test('a riichi turned on in the scorer is recorded as the declaration before the win, in one replay', async () => {
  await opened('ruleset sanma\nplayers Ann Ben Cat\n');
  const win = controller.tilesWin({ at: 'win', also: false, winner: 'Ben', from: 'Cat', han: null, value: null, pao: null });
  const hand = '234p567p345s88s999s';
  assert.ok('error' in controller.tilesPreview(win, hand, false), 'no yaku without the riichi');
  const shown = controller.tilesPreview(win, hand, true);
  assert.ok('win' in shown, JSON.stringify(shown));
  counts.shown = 0;
  assert.deepEqual(await cost(() => assert.equal(controller.recordTilesWin(win, hand, true), null)), { replays: 0, draws: 1 });
  assert.equal(counts.shown, 1);
  assert.match(controller.state.game.record, /\nriichi Ben\nBen ron Cat: .*\n$/);
  assert.deepEqual(controller.replayOf(controller.state.game).hands.at(-1).wins.at(-1), shown.win);
});

test('the Games list says a game\u2019s hands in the library\u2019s words, one hand singular, and its ruleset by the name a table reads (no set line)', async () => {
  for (const [hands, said] of [[1, '1 hand'], [2, '2 hands']]) {
    const record = longRecord(hands).replace('set game.bust="never"', 'set game.bust="never"\nset game.uma=[15000,0,-15000]');
    await opened(record);
    const game = controller.state.game;
    const about = (controller.notSaved.get(game.id) ?? game).about;
    assert.equal(about, `Japanese three-player riichi (sanma), 3 settings changed · ${said}`);
  }
});
