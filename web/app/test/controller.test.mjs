// The game's controller (src/game/controller.ts) under node, without the page: the state, the
// steps, record and undo, what the scorer is opened with, and what each tap costs in replays
// of the record (the library's `game`, counted) and in redraws (the panels' drawer, counted).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { core, glue } from './library.mjs';

const controller = await core('game/controller');
const { newGame } = await core('game/record');


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
  record_settings: (asked) => glue.record_settings(asked),
  counted: (n, thing) => glue.counted(n, thing),
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
  assert.deepEqual(controller.state.notice, { text: why, source: null });
  assert.equal(controller.state.game.record, before);
  controller.state.notice = null;
  assert.equal(typeof controller.record({ kind: 'riichi', player: 'Nobody' }, true), 'string');
  assert.equal(controller.state.notice, null);
});

test('a refusal is said as a table reads it: no rule book, setting or record line in its words, its source apart', async () => {
  await opened('ruleset sanma\nplayers Ann Ben Cat\n');
  const why = controller.record({ kind: 'kong', player: 'Ben', tile: '5p', made: 'concealed' });
  assert.equal(why, 'sanma pays nothing on the spot: kongs and bonus sets are paid with the hand');
  assert.deepEqual(controller.state.notice, { text: why, source: "on-the-spot payments are 000 \u00a7Malaysia's" });
  await opened('ruleset malaysian\nplayers Ann Ben Cat\n');
  const shown = controller.previewOf([{ kind: 'win', winner: 'Ben', from: null, hand: '123p789p (5555p) EEE ww' }]);
  assert.deepEqual(shown, { error: "Ben's kong of 5 circles was not paid on the spot", source: '000 \u00a7Malaysia: "Kongs immediately score"' });
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
  const recorded = controller.replayOf(controller.state.game).hands.at(-1);
  assert.deepEqual(recorded.wins.at(-1), shown.win);
  // Each player's change as the sheet shows it for the hand: the winner's own stick taken
  // off what the win collects (issue 42 point 6).
  assert.deepEqual(shown.hand.players, recorded.players);
  const ben = (rows) => rows.find((r) => r.player === 'Ben').change;
  assert.equal(ben(shown.hand.players), ben(shown.win.paid) - 1000);
});

/** The hands of the sheet the record replays to, each by its name and sentences. */
const sheetOf = (record) => controller.replayOf(controller.state.game, record).hands.map((h) => `${h.label}|${h.events.join('|')}`);

const THREE = 'ruleset sanma\nplayers Ann Ben Cat\nriichi Ann\nBen ron Cat: 3 han 40 fu\ndraw tenpai Ann\nCat tsumo: 2 han 30 fu\n';

test('a hand entered again is a draft: the record unchanged until it ends, Undo and Cancel inside it change no other hand', async () => {
  await opened(THREE);
  const before = controller.state.game.record;
  const sheet = sheetOf(before);
  controller.enterAgain(0);
  const game = controller.state.game;
  assert.equal(game.record, before, 'the record is unchanged while the hand is entered again');
  assert.deepEqual(game.draft, { at: 3, replaces: [3, 4], lines: ['riichi Ann'] });
  // The entry opens as the hand was: Ben's ron on Cat, 3 han 40 fu.
  assert.deepEqual(controller.state.step, { at: 'win', also: false, winner: 'Ben', from: 'Cat', han: 3, value: { 'han-fu': { han: 3, fu: 40 } }, pao: null });
  // Undo inside it takes the draft's riichi back, and only that: the record and its sheet stay.
  controller.undo();
  assert.deepEqual(controller.state.game.draft.lines, []);
  assert.equal(controller.state.game.record, before);
  assert.match(controller.state.said, /^Undone: East 1: Ann riichi/);
  // A line recorded in the draft, then Cancel: the record is as it was, byte for byte.
  assert.equal(controller.record({ kind: 'riichi', player: 'Cat' }), null);
  assert.deepEqual(controller.state.game.draft.lines, ['riichi Cat']);
  controller.cancelDraft();
  assert.equal(controller.state.game.record, before);
  assert.equal(controller.state.game.draft, null);
  assert.deepEqual(sheetOf(controller.state.game.record), sheet);
  // Undo with nothing drafted yet ends the draft, as Cancel does.
  controller.enterAgain(1, true);
  controller.record({ kind: 'riichi', player: 'Ben' });
  controller.undo();
  controller.undo();
  assert.equal(controller.state.game.draft, null);
  assert.equal(controller.state.game.record, before);
});

test('a hand entered again replaces the old one in place when it ends: one change, said, that Undo takes back and Redo makes again', async () => {
  await opened(THREE);
  const before = controller.state.game.record;
  controller.enterAgain(0);
  // A ron leaves the discard open to another claim (the library's open_claims): the hand
  // ends when the player says no other ron.
  assert.deepEqual(await cost(() => controller.record({ kind: 'win', winner: 'Ben', from: 'Cat', value: { 'han-fu': { han: 4, fu: 30 } } })), { replays: 1, draws: 1 },
    'the draft played');
  assert.equal(controller.state.game.record, before, 'the record unchanged while another ron may follow');
  assert.deepEqual(controller.state.game.draft.lines, ['riichi Ann', 'Ben ron Cat: 4 han 30 fu']);
  assert.deepEqual(await cost(() => controller.noOtherRon()), { replays: 1, draws: 1 }, 'the record with the hand in place');
  const after = controller.state.game.record;
  assert.equal(after, 'ruleset sanma\nplayers Ann Ben Cat\nriichi Ann\nBen ron Cat: 4 han 30 fu\ndraw tenpai Ann\nCat tsumo: 2 han 30 fu\n');
  assert.equal(controller.state.game.draft, null);
  assert.match(controller.state.said, /^Hand 1 entered again \(East 1: Ann riichi .*Ben ron Cat: 4 han 30 fu/);
  const labels = (record) => controller.replayOf(controller.state.game, record).hands.map((h) => h.label);
  assert.deepEqual(labels(after), labels(before), 'every hand where it was');
  controller.undo();
  assert.equal(controller.state.game.record, before);
  assert.match(controller.state.said, /^Undone: hand 1 entered again \(East 1: /);
  controller.redo();
  assert.equal(controller.state.game.record, after);
  assert.match(controller.state.said, /^Redone: hand 1 entered again/);
});

test('a hand inserted between two others; a hand that leaves the later ones unreplayable is refused, the draft kept', async () => {
  await opened(THREE);
  controller.enterAgain(1, true);
  assert.equal(controller.state.game.draft.at, 5);
  assert.equal(controller.replayOf(controller.state.game).next.label, 'East 2', 'the hand in play is the one before the draw');
  assert.equal(controller.record({ kind: 'win', winner: 'Ann', from: null, value: { 'han-fu': { han: 1, fu: 30 } } }), null);
  assert.equal(controller.state.game.record, 'ruleset sanma\nplayers Ann Ben Cat\nriichi Ann\nBen ron Cat: 3 han 40 fu\nAnn tsumo: 1 han 30 fu\ndraw tenpai Ann\nCat tsumo: 2 han 30 fu\n');
  assert.match(controller.state.said, /^Hand 2 inserted/);
  // Hand 1 entered again as a bust of Cat: the hands after it no longer replay.
  const before = controller.state.game.record;
  await opened('ruleset sanma\nplayers Ann Ben Cat\nset game.bust="below-zero"\nBen ron Cat: mangan\ndraw\n');
  controller.enterAgain(0);
  assert.equal(controller.record({ kind: 'win', winner: 'Ben', from: 'Cat', value: { limit: 'triple-yakuman' } }), null);
  controller.noOtherRon();
  assert.match(controller.state.notice, /hands after it would no longer replay/);
  assert.deepEqual(controller.state.game.draft.lines, ['Ben ron Cat: triple-yakuman'], 'the draft is kept as it was');
  assert.match(controller.state.game.record, /Ben ron Cat: mangan\ndraw\n$/);
  assert.notEqual(before, null);
});

test('deleting a hand is one change, said, that Undo brings back', async () => {
  await opened(THREE);
  const before = controller.state.game.record;
  controller.deleteHand(0);
  assert.equal(controller.replayOf(controller.state.game).hands.length, 2);
  assert.match(controller.state.said, /^Hand 1 deleted \(East 1: Ann riichi/);
  controller.undo();
  assert.equal(controller.state.game.record, before);
  assert.match(controller.state.said, /^Undone: hand 1 deleted/);
  // An event recorded: Undo says its sentence, Redo records it again.
  controller.record({ kind: 'riichi', player: 'Ben' });
  const riichi = controller.state.game.record;
  controller.undo();
  assert.match(controller.state.said, /^Undone: South 1: Ben riichi|^Undone: [A-Z][a-z]+ \d: Ben riichi/);
  controller.redo();
  assert.equal(controller.state.game.record, riichi);
});

test('a double ron entered again with one win says the hand had two', async () => {
  await opened('ruleset sanma\nplayers Ann Ben Cat\nBen ron Cat: 3 han 40 fu\nand Ann ron Cat: 2 han 30 fu\ndraw\n');
  assert.equal(controller.replayOf(controller.state.game).hands[0].wins.length, 2);
  controller.enterAgain(0);
  assert.deepEqual(controller.state.game.draft.lines, []);
  assert.equal(controller.record({ kind: 'win', winner: 'Ben', from: 'Cat', value: { 'han-fu': { han: 3, fu: 40 } } }), null);
  controller.noOtherRon();
  assert.match(controller.state.said, /It had 2 wins, now 1: Undo brings the old hand back\.$/);
  controller.undo();
  assert.match(controller.state.game.record, /and Ann ron Cat/);
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
