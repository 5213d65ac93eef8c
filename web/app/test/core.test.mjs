// The game's DOM-free core under node's test runner: a game is its record text (record.ts),
// every answer of the library is checked against docs/json.md (answers.ts), the link packs
// and unpacks the record byte for byte (share.ts), the games are kept on a shelf (games.ts);
// the library is the same WebAssembly the page loads, here in node.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT, cases } from './browser.mjs';
import { core, documented, glue } from './library.mjs';

const answers = await core('answers');
const { END_SCHEMA, HAND_SCHEMA, IN_PLAY_SCHEMA, REPLAYED_SCHEMA, checkedReplay } = await core('game/answers');
const { misfit } = answers;
const { Engine } = await core('game/engine');
const record = await core('game/record');
const { link, pack, packedIn, unpack } = await core('game/share');
const games = await core('game/games');

const engine = new Engine(glue);
const LIMITS = engine.limits();

const EXAMPLE = readFileSync(`${ROOT}docs/examples/sanma-game.txt`, 'utf8');

/** `schema` with each type's `?` (may be absent) taken off. */
const bare = (schema) => Object.fromEntries(Object.entries(schema).map(([path, type]) => [path, type.replace(/\?$/, '')]));

test('the game answers are typed as docs/json.md lists them, every field and type', () => {
  assert.deepEqual(HAND_SCHEMA, documented('A game hand'));
  assert.deepEqual(END_SCHEMA, documented('The end of a game'));
  assert.deepEqual(IN_PLAY_SCHEMA, documented('The hand in play'));
  assert.deepEqual(REPLAYED_SCHEMA, documented('A game replayed'));
});

/** Every schema of answers.ts and the docs/json.md table it copies. */
const TABLES = [
  ['SCORED_LINE', 'A scored line'], ['SCORE', 'A score'], ['ELEMENT', 'An element'], ['SEAT_PAYMENT', 'A seat payment'],
  ['UNREADY', '`unready`'], ['DISCARD', 'A discard'], ['BAD_LINE', 'A bad line'],
  ['WORDS', 'Words'], ['SCORE_WORDS', 'Score words'], ['UNREADY_WORDS', 'Unready words'], ['TILE_NAME', 'A tile name'],
  ['RULESET_SUMMARY', '`mj3 rulesets --json`'], ['DIFF', '`mj3 rulesets --diff A B --json`'],
  ['CRITERION', '`mj3 criteria --json`'], ['LOOKUP', '`mj3 criteria QUERY --json`'], ['CARD', 'A card'],
  ['CARD_ENTRY', 'A card entry'], ['COMPARISON', '`mj3 compare HAND --json`'],
  ['WHY', '`mj3 score HAND --why KEY --json`'], ['WHY_ANSWER', 'An answer'], ['READINGS', '`mj3 score HAND --all --json`'],
  ['RULESET_INFO', 'The ruleset for the pad'], ['PARTS', 'A line in parts'], ['PLACE', 'A place in a line'],
  ['WRITTEN', 'A line written'],
];

test('every answer the page reads has its schema, each docs/json.md table field for field and type for type', () => {
  for (const [name, title] of TABLES) {
    assert.deepEqual(bare(answers[name].fields), documented(title), `${name} against docs/json.md "${title}"`);
  }
  const systems = { points: '`"system": "points"`', 'han-fu': '`"system": "han-fu"`', 'han-table': '`"system": "han-table"`', fan: '`"system": "fan"`' };
  assert.deepEqual(Object.keys(answers.TOTALS.shapes).sort(), Object.keys(systems).sort());
  for (const [system, title] of Object.entries(systems)) {
    assert.deepEqual(answers.TOTALS.shapes[system].fields, documented(`Totals: ${title}`), `totals of ${system}`);
  }
  // A field that may be absent is one its table says is there only sometimes.
  const text = readFileSync(`${ROOT}docs/json.md`, 'utf8');
  for (const [name] of TABLES) {
    for (const [path, type] of Object.entries(answers[name].fields)) {
      if (!type.endsWith('?')) continue;
      const row = text.split('\n').find((l) => l.startsWith(`| \`${path}\` |`) && /only|batch/.test(l));
      assert.ok(row, `${name}.${path} may be absent: docs/json.md says "only" or "batch" for it`);
    }
  }
});

test('every answer of the library fits its schema: each case hand, each ruleset, each command', () => {
  const { BAD_LINE, COMPARISON, CRITERION, DIFF, LOOKUP, PARTS, PLACE, READINGS, RULESET_INFO, RULESET_SUMMARY,
    SCORED_LINE, WHY, WRITTEN, checked, checkedList, orBadLine } = answers;
  const scored = { by: 'kind', shapes: { error: BAD_LINE }, otherwise: SCORED_LINE };
  let lines = 0;
  for (const c of cases()) {
    let json;
    try {
      json = glue.score(c.line, c.ruleset, '', c.sets);
    } catch {
      continue; // a ruleset that does not load answers by throwing, not with JSON
    }
    checked(json, scored, `score of ${c.file}:${c.number}`);
    checked(glue.parse(c.line), orBadLine(PARTS), 'parse');
    checked(glue.part_at(c.line, 1), PLACE, 'part_at');
    lines += 1;
  }
  const tileNames = checkedList(glue.tile_names(), answers.TILE_NAME, 'tile_names');
  assert.equal(tileNames.find((n) => n.tile === '1p')?.name, '1 circle');
  assert.ok(lines > 800, `${lines} case lines`);
  const names = checkedList(glue.rulesets(), RULESET_SUMMARY, 'rulesets').map((r) => r.name);
  assert.ok(names.length >= 5);
  for (const name of names) {
    checked(glue.ruleset_info(name, '', []), RULESET_INFO, 'ruleset_info');
    checkedList(glue.criteria(name, '', []), CRITERION, 'criteria');
  }
  for (const line of ['222333444p678s99s riichi ron win=4p seat=S', '234p567p678s99s23s riichi', '19m19p19s ESWNwg', 'bad x']) {
    checked(glue.all(line, 'sanma', '', []), orBadLine(READINGS), 'all');
    checked(glue.why(line, ['pinfu', 'tanyao', 'mangan', 'chiitoitsu'], 'sanma', '', []), orBadLine(WHY), 'why');
  }
  for (const line of ['234p567p678s99s234s riichi tsumo', '234p567p678s99s23s', '19m19p19s ESWNwgr2p']) {
    checked(glue.compare(line, [], ''), COMPARISON, 'compare');
  }
  checked(glue.lookup('tanyo', false, '', '', []), LOOKUP, 'lookup');
  checked(glue.lookup('seven pairs', true, 'sanma', '', []), LOOKUP, 'lookup');
  checked(glue.diff('sanma', 'korean', ''), DIFF, 'diff');
  const { jokers, ...parts } = JSON.parse(glue.parse('234p567p678s99s234s riichi tsumo'));
  assert.equal(jokers, 0);
  assert.equal(checked(glue.write(JSON.stringify(parts)), WRITTEN, 'write').line, '234567p67899234s tsumo riichi');
  // A field of the wrong type is refused, named by its path.
  const broken = JSON.parse(glue.score('234p567p678s99s234s riichi tsumo', 'sanma', '', []));
  broken.score.payments.seats[1].amount = '1000';
  assert.throws(() => checked(JSON.stringify(broken), scored, 'score'), /docs\/json\.md: score\.payments\.seats\[\]\.amount: number expected/);
  broken.score.totals.system = 'dice';
  assert.throws(() => checked(JSON.stringify(broken), scored, 'score'), /score\.totals\.system: one of points, han-fu, han-table, fan expected/);
});

test('a replayed example game fits the schemas; a misfit is named by its path', () => {
  const replayed = checkedReplay(glue.game(EXAMPLE, ''));
  assert.ok(replayed.hands.length > 10);
  assert.equal(replayed.end.end !== null, true);
  const broken = JSON.parse(glue.game(EXAMPLE, ''));
  broken.hands[2].players[1].total = '35000';
  assert.match(misfit(broken.hands[2], HAND_SCHEMA), /^players\[\]\.total: number expected/);
  assert.throws(() => checkedReplay(JSON.stringify(broken)), /docs\/json\.md: hands\[\]\.players\[\]\.total/);
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
  // Entered again: a draft that replaces the hand's lines, keeping its riichi; the record
  // unchanged; the game played as far as the draft.
  let again = record.reopened(game, replayed, 0);
  assert.equal(again.record, game.record);
  assert.deepEqual(again.draft, { at: 3, replaces: [3, 4], lines: ['riichi Ben'] });
  assert.equal(engine.replay(record.played(again)).next.label, 'East 1');
  assert.equal(engine.replay(record.played(again)).next.declared[0].player, 'Ben');
  assert.equal(record.undone(again, replayed).draft.lines.length, 0, 'undo in a draft takes its line back');
  again = record.added(again, 'Ann tsumo: 123p456p789p11s rrr');
  assert.equal(again.record, game.record, 'a line goes to the draft');
  const lines = record.spliced(again).split('\n');
  assert.deepEqual(lines.slice(2, 5), ['riichi Ben', 'Ann tsumo: 123p456p789p11s rrr', 'draw tenpai Ann']);
  assert.equal(engine.replay(record.spliced(again)).hands[1].label, 'East 1');
  assert.equal(record.cancelled(again).record, game.record);
  assert.equal(record.cancelled(again).draft, null);
  // Inserted before the draw: the draft goes in between, nothing replaced.
  const inserted = record.added(record.inserting(game, replayed, 1), 'Cat tsumo: 123p456p789p11s rrr');
  assert.deepEqual(record.spliced(inserted).split('\n').slice(2, 6), ['riichi Ben', 'Ben ron Cat: 234p567p678s88s234s', 'Cat tsumo: 123p456p789p11s rrr', 'draw tenpai Ann']);
});

test('undo and redo go over whole changes of the record, bounded, each said; a kept game is read whole', () => {
  let game = record.newGame('ruleset sanma\nplayers Ann Ben Cat\n', 1);
  const texts = ['ruleset sanma\nplayers Ann Ben Cat\nriichi Ann\n', 'ruleset sanma\nplayers Ann Ben Cat\nriichi Ann\ndraw\n', 'ruleset sanma\nplayers Ann Ben Cat\ndraw\n'];
  for (const [i, text] of texts.entries()) game = record.changed(game, text, `step ${i}`);
  assert.deepEqual(game.past.at(-1), { at: 2, removed: ['riichi Ann'], added: [], what: 'step 2' });
  let back = record.stepped(game, false);
  assert.equal(back.what, 'step 2');
  assert.equal(back.game.record, texts[1]);
  back = record.stepped(back.game, false);
  assert.equal(back.game.record, texts[0]);
  const again = record.stepped(back.game, true);
  assert.equal(again.what, 'step 1');
  assert.equal(again.game.record, texts[1]);
  assert.equal(record.stepped(record.stepped(again.game, true).game, true), null, 'nothing more to redo');
  // A new change forgets what was taken back.
  assert.deepEqual(record.changed(back.game, texts[2], 'other').future, []);
  // Bounded: the latest STEPS.
  let long = record.newGame('ruleset sanma\nplayers Ann Ben Cat\n', 1);
  for (let i = 0; i < record.STEPS + 10; i += 1) long = record.changed(long, `${long.record}draw\n`, `draw ${i}`);
  assert.equal(long.past.length, record.STEPS);
  assert.equal(long.past[0].what, 'draw 10');
  // A game kept by an earlier page, mid-way through entering a hand again, reads as an
  // insertion at its cursor; steps that are not as written are dropped, the game kept.
  const old = record.normalGame({ id: 'x', record: texts[1], cursor: 3, updated: 1, past: [{ at: 'no' }] });
  assert.deepEqual(old.draft, { at: 3, replaces: [], lines: [] });
  assert.deepEqual(old.past, []);
  assert.equal('cursor' in old, false);
});

/** A house file on sanma: nagashi mangan played, 40,000 points each. */
const HOUSE = 'extends = "sanma"\nname = "our-table"\n\n[game]\nnagashi-mangan = true\nstarting-points = 40000\n';

test('a game under a house file: started, replayed and kept with its house text; its buttons from its own settings', () => {
  const start = engine.start({ ruleset: 'house.toml', house: HOUSE, players: ['Ann', 'Ben', 'Cat'] });
  assert.equal(start.record, 'ruleset house.toml\nplayers Ann Ben Cat\n');
  const game = record.newGame(start.record, 1, HOUSE);
  assert.equal(record.houseOf(game), HOUSE);
  const replayed = engine.replay(record.added(game, 'nagashi Cat').record, record.houseOf(game));
  assert.equal(replayed.error, null);
  assert.equal(replayed.house_file, 'house.toml');
  assert.equal(replayed.end['starting-points'], 40000);
  assert.equal(replayed.rules.game.find((s) => s.key === 'nagashi-mangan').value, true);
  // Near-miss: the same record without its house file does not replay; under sanma the
  // game takes no nagashi.
  assert.match(engine.replay(game.record).error.message, /house\.toml/);
  const sanma = engine.replay('ruleset sanma\nplayers Ann Ben Cat\n');
  assert.equal(sanma.rules.game.find((s) => s.key === 'nagashi-mangan').value, false);
  // Kept on the shelf with its house file; a game without one is kept as before.
  const shelf = new Map();
  const store = { getItem: (k) => shelf.get(k) ?? null, setItem: (k, v) => shelf.set(k, v) };
  games.keep(store, game);
  games.keep(store, { ...record.newGame('ruleset sanma\nplayers A B C\n', 2), id: 'plain' });
  assert.deepEqual(games.kept(store).map(record.houseOf), ['', HOUSE]);
  shelf.set('mj3.games', JSON.stringify([{ ...game, house: 3 }]));
  assert.deepEqual(games.kept(store), []);
});

test('what the record cannot read is never written', () => {
  assert.ok('error' in engine.line({ kind: 'riichi', player: 'two  spaces' }));
  assert.ok('error' in engine.line({ kind: 'riichi', player: 'Ann:' }));
  assert.ok('error' in engine.start({ ruleset: 'sanma', players: ['Ann', 'Ann', 'Cat'] }));
});

test('a record packed into a link comes back byte for byte; a cut link is refused', async () => {
  const packed = await pack(EXAMPLE);
  assert.match(packed, /^[A-Za-z0-9_-]+$/);
  assert.equal(await unpack(packed, LIMITS.record), EXAMPLE);
  const url = await link('https://example.org/mj3/#r=sanma', EXAMPLE);
  assert.ok(url.startsWith('https://example.org/mj3/#g='));
  assert.deepEqual(packedIn(new URL(url).hash), { record: packed, house: null, unknown: [] });
  assert.equal(packedIn('#r=sanma&h=123p'), null);
  // A game under a house file: the house file packed beside the record, byte for byte.
  const withHouse = await link('https://example.org/mj3/', EXAMPLE, HOUSE);
  const found = packedIn(new URL(withHouse).hash);
  assert.equal(found.record, packed);
  assert.equal(await unpack(found.house, LIMITS.house), HOUSE);
  await assert.rejects(unpack(packed.slice(0, packed.length / 2), LIMITS.record), { name: 'LinkError' });
  await assert.rejects(unpack('not a link!', LIMITS.record), { name: 'LinkError' });
});

test('games are kept on the shelf, the latest first, and forgotten', () => {
  const shelf = new Map();
  const store = { getItem: (k) => shelf.get(k) ?? null, setItem: (k, v) => shelf.set(k, v) };
  const a = record.newGame('ruleset sanma\nplayers A B C\n', 10);
  const b = { ...record.newGame('ruleset korean\nplayers A B C\n', 20), id: 'b' };
  assert.equal(games.keep(store, a), true);
  assert.equal(games.keep(store, b), true);
  assert.equal(games.keep(store, { ...a, updated: 30 }), true);
  assert.deepEqual(games.kept(store).map((g) => g.updated), [30, 20]);
  games.forget(store, 'b');
  assert.equal(games.kept(store).length, 1);
  shelf.set('mj3.games', '[{"id": 3}, "junk"]');
  assert.deepEqual(games.kept(store), []);
  shelf.set('mj3.games', 'not json');
  assert.deepEqual(games.kept(store), []);
});

test('a game deleted goes to the bin (its latest ten) and comes back whole; a full store gives the bin up first, never a kept game', () => {
  const shelf = new Map();
  let room = Infinity;
  const size = () => [...shelf.values()].reduce((n, v) => n + v.length, 0);
  const store = {
    getItem: (k) => shelf.get(k) ?? null,
    setItem: (k, v) => {
      if (size() - (shelf.get(k)?.length ?? 0) + v.length > room) throw new Error('QuotaExceededError');
      shelf.set(k, v);
    },
  };
  const made = (n) => ({ ...record.newGame(`ruleset sanma\nplayers A${n} B C\n`, n), id: `g${n}` });
  for (let n = 1; n <= 12; n += 1) games.keep(store, made(n));
  for (let n = 1; n <= 11; n += 1) assert.deepEqual(games.discard(store, `g${n}`, 100 + n), { deleted: true, binned: true });
  assert.deepEqual(games.kept(store).map((g) => g.id), ['g12']);
  assert.deepEqual(games.binned(store).map((g) => g.id), ['g11', 'g10', 'g9', 'g8', 'g7', 'g6', 'g5', 'g4', 'g3', 'g2'], 'the latest ten');
  const back = games.restore(store, 'g5');
  assert.deepEqual({ ...back }, made(5), 'back as it was kept');
  assert.equal(games.binned(store).length, 9);
  assert.equal(games.restore(store, 'g1'), null, 'given up beyond ten');
  // A game kept again under the same id meanwhile: the one brought back gets an id of its own.
  games.discard(store, 'g5', 200);
  games.keep(store, made(5));
  assert.notEqual(games.restore(store, 'g5').id, 'g5');
  assert.equal(games.kept(store).filter((g) => g.record === made(5).record).length, 2);
  // The store full: a save gives up the bin, oldest first, and keeps every game.
  room = size();
  const bigger = { ...made(12), record: `${made(12).record}${'draw\n'.repeat(20)}` };
  assert.equal(games.keep(store, bigger), true);
  assert.ok(games.binned(store).length < 8, 'the bin gave up its oldest');
  assert.equal(games.kept(store).find((g) => g.id === 'g12').record, bigger.record);
  shelf.set('mj3.bin', '[]');
  room = size();
  assert.equal(games.keep(store, { ...bigger, record: `${bigger.record}draw\n` }), false, 'no bin left: the save is refused, nothing dropped');
  assert.equal(games.kept(store).length, 3);
});

test('a record from a link stands to the games kept: the same, continuing, behind, diverging or new', () => {
  const head = 'ruleset sanma\nplayers Ann Ben Cat\n';
  const one = `${head}Ben tsumo: 123p456p789p11s rrr\n`;
  const two = `${one}draw tenpai Ben\n`;
  const other = `${one}draw tenpai Ann\n`;
  const kept = [{ ...record.newGame(two, 1), id: 'k' }];
  const first = 3;
  assert.equal(games.relation(kept, two, '', first).kind, 'same');
  assert.equal(games.relation(kept, `${two}draw\n`, '', first).kind, 'continues');
  assert.equal(games.relation(kept, one, '', first).kind, 'behind');
  assert.equal(games.relation(kept, other, '', first).kind, 'diverges');
  assert.equal(games.relation(kept, 'ruleset sanma\nplayers Ann Ben Kim\ndraw\n', '', first).kind, 'new');
  // Another house file is another game; a game being entered again is only ever the same.
  assert.equal(games.relation(kept, `${two}draw\n`, 'extends = "sanma"\n', first).kind, 'new');
  assert.equal(games.relation([{ ...kept[0], draft: { at: 3, replaces: [], lines: [] } }], `${two}draw\n`, '', first).kind, 'diverges');
  // A game of no events yet is no part of another: the evening's next game of the same
  // players is new, whichever of the two is empty.
  assert.equal(games.relation([{ ...kept[0], record: head }], two, '', first).kind, 'new');
  assert.equal(games.relation(kept, head, '', 3).kind, 'new');
  assert.equal(games.relation(kept, `${head}draw tenpai Cat\n`, '', first).kind, 'new');
});
