// The library's answers for a game, typed and checked where they enter the page by the
// page's one checker (../answers.ts): each record has its docs/json.md table as a schema. The
// test `test/core.test.mjs` holds the schemas to docs/json.md's tables.

import { checked, type Schema, type Shape } from '../answers.js';
import type { GameSetting, Said } from '../types.js';

export type { Said };
export interface PlayerSeat { player: string; seat: string }
export interface PlayerRow { player: string; change: number; total: number }
export interface WinRecord {
  winner: string;
  seat: string;
  from: string | null;
  pao: string | null;
  hand: string;
  honba: number;
  sticks: number;
  draws: number;
  paid: PlayerRow[];
  summary: string;
  said: Said;
  /** The win's evaluation as `mj3 score --json` writes it: what the page reads of it, its
   * stated value (a win stated by its value, not its tiles) and its totals. */
  score?: { stated?: unknown; totals?: Record<string, unknown> };
}
export interface HandRecord {
  number: number;
  line: number;
  kind: 'win' | 'draw' | 'chombo' | 'correction';
  label: string;
  round: string;
  dealer: string;
  seats: PlayerSeat[];
  honba: number;
  sticks: number;
  draws: number;
  events: string[];
  /** The same events as facts (docs/json.md, "An event"). */
  happened: HandEvent[];
  /** The same sentences as the table reads them, each with its source apart. */
  said: Said[];
  wins: WinRecord[];
  players: PlayerRow[];
  sticks_after: number;
  table_change: number;
}
/** One event of a hand as facts (`kind` names it); its sentence is `events` at the same place. */
export interface HandEvent { kind: string; [fact: string]: unknown }
export interface Standing { place: number; player: string; points: number; net: number; uma: number; oka: number; result: number }
/** docs/json.md, "The settlement of a game". */
export interface Settlement {
  returned: number;
  oka: number;
  uma: number[];
  sticks: number;
  sticks_to: string | null;
  sticks_points: number;
  total: number;
  /** The settlement changes a result (a return other than the start, an uma or an oka):
   * the result's uma and oka are shown only then, as `mj3 game` shows them. */
  adjusts: boolean;
}
export interface EndRecord {
  kind: 'end';
  ruleset: string;
  players: string[];
  'starting-points': number;
  end: string | null;
  /** Why the game ended as the table reads it. */
  end_said: Said | null;
  standings: Standing[];
  /** How a game over was settled; null while it is not over. */
  settlement: Settlement | null;
  in_play: InPlay | null;
  dealer_choice: boolean;
}
/** The hand being played (docs/json.md, "The hand in play"): where it stands as its hand
 * record will say it, and what happened in it so far, as facts and as the sheet's sentences. */
export interface InPlay extends Pick<HandRecord, 'label' | 'round' | 'dealer' | 'seats' | 'honba' | 'sticks' | 'draws' | 'events' | 'happened' | 'said'> {
  hand: number;
  sticks_now: number;
  declared: { player: string; line: number; stick: boolean }[];
  /** What the game counts on the table now, in the library's words (`2 counters`). */
  on_the_table: string[];
  tenpai: string[];
  nagashi: string[];
  kongs: { player: string; tile: string }[];
  bonus_sets: { player: string; set: string }[];
}
/** The values a win may be stated with under a ruleset (docs/json.md `rules.value_pad`). */
export interface ValuePad {
  system: string;
  /** han-fu: the han written with their fu. */
  han_with_fu: number[];
  /** han-fu: the fu counts a hand can have. */
  fu: number[];
  /** The limit words the ruleset takes. */
  limits: string[];
  /** Each of `limits` as a table names it (`2× yakuman`), the library's words. */
  limit_names: string[];
  /** han-table: the han counts. */
  han: number[];
  /** fan: the fan counts. */
  fan: number[];
  /** han-fu: each han count of `han_with_fu` with the fu it is taken with, by discard and by
   * self-draw. */
  fu_by_han: { han: number; ron: number[]; tsumo: number[] }[];
  /** points: the hand-points and the bonus-points taken, fewest and most. */
  hand_points: { least: number; most: number } | null;
  bonus_points: { least: number; most: number } | null;
  /** fan: the tiles a kong paid on the spot may be of, in notation. */
  kong_tiles: string[];
  /** fan: the full bonus sets in play, each as the record writes it and by name. */
  bonus_sets: { set: string; name: string }[];
}
/** `game(record)`: the sheet as `mj3 game --json` writes it, and the game around it. */
export interface Replayed {
  hands: HandRecord[];
  end: EndRecord | null;
  /** The line that stopped the replay: `message` as `mj3 game` says it, `said` as a table
   * reads it (its setting and source apart, no record line to write). */
  error: { line: number; message: string; shown: string; said: Said } | null;
  next: InPlay | null;
  event_lines: number[];
  /** The all-last dealer, first at the target, may stop the game or play on now. */
  dealer_choice: boolean;
  /** What the game is played under: its ruleset's system and `[game]` settings, the
   * record's `set` lines laid over them (null when the header could not be read). */
  rules: {
    ruleset: string;
    /** The ruleset as a table names it, the library's words (`Mahjong Soul three-player riichi (sanma-mahjongsoul)`). */
    label: string;
    system: string; counts_han: boolean;
    /** A riichi (or ready) is declared; a draw names who was tenpai; the table keeps counters. */
    declaration: string | null; pays_tenpai: boolean; keeps_counters: boolean;
    game: GameSetting[];
    /** The values a win may be stated with: the value pad's choices, the library's. */
    value_pad: ValuePad;
  } | null;
  /** The house file the record's `ruleset` line names, kept beside the record; null for a
   * shipped ruleset. */
  house_file: string | null;
  /** How a game over was settled, in the library's sentence; null while it is not over. */
  settled: string | null;
  /** How many more players may claim the discard the record's last line won on (an `and …
   * ron` line next); 0 after anything but a ron. */
  open_claims: number;
}

/** docs/json.md, "A game hand": the fields the page reads. */
export const HAND_SCHEMA: Schema = {
  number: 'number', line: 'number', kind: 'string', label: 'string', round: 'string', dealer: 'string',
  seats: 'array', 'seats[].player': 'string', 'seats[].seat': 'string',
  honba: 'number', sticks: 'number', draws: 'number', events: 'array', happened: 'array', said: 'array', 'said[].text': 'string', 'said[].source': 'string or null', wins: 'array',
  'wins[].winner': 'string', 'wins[].seat': 'string', 'wins[].from': 'string or null',
  'wins[].pao': 'string or null', 'wins[].hand': 'string', 'wins[].honba': 'number',
  'wins[].sticks': 'number', 'wins[].draws': 'number', 'wins[].score': 'object', 'wins[].paid': 'array',
  'wins[].paid[].player': 'string', 'wins[].paid[].change': 'number', 'wins[].paid[].total': 'number',
  'wins[].summary': 'string', 'wins[].said': 'object', 'wins[].said.text': 'string', 'wins[].said.source': 'string or null', players: 'array', 'players[].player': 'string', 'players[].change': 'number',
  'players[].total': 'number', sticks_after: 'number', table_change: 'number',
};

/** docs/json.md, "The end of a game". */
export const END_SCHEMA: Schema = {
  kind: 'string', ruleset: 'string', players: 'array', 'starting-points': 'number', end: 'string or null',
  end_said: 'object or null', 'end_said.text': 'string', 'end_said.source': 'string or null',
  standings: 'array', 'standings[].place': 'number', 'standings[].player': 'string',
  'standings[].points': 'number', 'standings[].net': 'number', 'standings[].result': 'number',
  'standings[].uma': 'number', 'standings[].oka': 'number', settlement: 'object or null',
  in_play: 'object or null', dealer_choice: 'bool',
};

/** docs/json.md, "The settlement of a game". */
export const SETTLEMENT_SCHEMA: Schema = {
  returned: 'number', oka: 'number', uma: 'array', sticks: 'number', sticks_to: 'string or null',
  sticks_points: 'number', total: 'number', adjusts: 'bool',
};

/** docs/json.md, "The hand in play". */
export const IN_PLAY_SCHEMA: Schema = {
  label: 'string', round: 'string', hand: 'number', dealer: 'string',
  seats: 'array', 'seats[].player': 'string', 'seats[].seat': 'string',
  honba: 'number', sticks: 'number', sticks_now: 'number', draws: 'number',
  declared: 'array', 'declared[].player': 'string', 'declared[].line': 'number', 'declared[].stick': 'bool',
  on_the_table: 'array of strings', tenpai: 'array of strings', nagashi: 'array of strings',
  kongs: 'array', 'kongs[].player': 'string', 'kongs[].tile': 'string',
  bonus_sets: 'array', 'bonus_sets[].player': 'string', 'bonus_sets[].set': 'string',
  events: 'array of strings', happened: 'array',
  said: 'array', 'said[].text': 'string', 'said[].source': 'string or null',
};

/** docs/json.md, "A game replayed": the web crate's own fields (web/src/game.rs) around the
 * hands and the end. */
export const REPLAYED_SCHEMA: Schema = {
  hands: 'array', end: 'object or null', error: 'object or null',
  'error.line': 'number', 'error.message': 'string', 'error.shown': 'string',
  'error.said': 'object', 'error.said.text': 'string', 'error.said.source': 'string or null',
  next: 'object or null', event_lines: 'array', dealer_choice: 'bool',
  rules: 'object or null', 'rules.ruleset': 'string', 'rules.label': 'string', 'rules.system': 'string', 'rules.counts_han': 'bool', 'rules.declaration': 'string or null', 'rules.pays_tenpai': 'bool', 'rules.keeps_counters': 'bool',
  'rules.game': 'array', 'rules.game[].key': 'string',
  'rules.game[].value': 'number, string, bool or array', 'rules.game[].choices': 'array of strings or null',
  'rules.game[].kind': 'string', 'rules.game[].unit': 'string or null', 'rules.game[].help': 'string',
  'rules.value_pad': 'object', 'rules.value_pad.system': 'string', 'rules.value_pad.han_with_fu': 'array', 'rules.value_pad.fu': 'array',
  'rules.value_pad.limits': 'array of strings', 'rules.value_pad.limit_names': 'array of strings', 'rules.value_pad.han': 'array', 'rules.value_pad.fan': 'array',
  'rules.value_pad.fu_by_han': 'array', 'rules.value_pad.fu_by_han[].han': 'number', 'rules.value_pad.fu_by_han[].ron': 'array', 'rules.value_pad.fu_by_han[].tsumo': 'array',
  'rules.value_pad.hand_points': 'object or null', 'rules.value_pad.bonus_points': 'object or null',
  'rules.value_pad.hand_points.least': 'number', 'rules.value_pad.hand_points.most': 'number', 'rules.value_pad.bonus_points.least': 'number', 'rules.value_pad.bonus_points.most': 'number',
  'rules.value_pad.han_with_fu[]': 'number', 'rules.value_pad.fu[]': 'number', 'rules.value_pad.han[]': 'number', 'rules.value_pad.fan[]': 'number', 'rules.value_pad.fu_by_han[].ron[]': 'number', 'rules.value_pad.fu_by_han[].tsumo[]': 'number',
  'rules.value_pad.kong_tiles': 'array of strings', 'rules.value_pad.bonus_sets': 'array', 'rules.value_pad.bonus_sets[].set': 'string', 'rules.value_pad.bonus_sets[].name': 'string',
  house_file: 'string or null', settled: 'string or null', open_claims: 'number',
};

/** `game(record, house)`'s answer: the hands and the end as docs/json.md lists them, the web
 * crate's own fields around them. */
const REPLAYED: Shape = {
  fields: REPLAYED_SCHEMA,
  inner: {
    // A win's `score` is checked as an object only: the sheet does not read into it, and
    // walking every win's evaluation would cost the redraw after each event.
    'hands[]': { fields: HAND_SCHEMA },
    end: { fields: END_SCHEMA, inner: { in_play: { fields: IN_PLAY_SCHEMA }, settlement: { fields: SETTLEMENT_SCHEMA } } },
    next: { fields: IN_PLAY_SCHEMA },
  },
};

/** `Replayed` read from the web crate's JSON, checked against the schemas. */
export function checkedReplay(json: string): Replayed {
  return checked<Replayed>(json, REPLAYED, 'game');
}
