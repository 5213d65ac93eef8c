// The evening: the games of one night, picked from the games kept on the phone, added up by
// the library (the web crate's `evening`, the object `mj3 evening --json` writes): totals,
// values at a rate, who pays whom, per player counts, running totals. No DOM here.

import { checked, checkedList, type Schema, type Shape } from '../answers.js';
import type { Game } from './record.js';

/** The web crate's exports the evening uses (web/src/lib.rs). */
export interface EveningWasm {
  evening(asked: string): string;
  evening_units(): string;
}

export interface EveningPlayer {
  player: string;
  games: number;
  total: number;
  value: string | null;
  /** The same with its sign (`+9.75`), as the library writes a gain or a loss. */
  signed_value: string | null;
  wins: number;
  deal_ins: number;
  riichi: number;
  won: number;
  average_win: number | null;
}
export interface EveningGame {
  name: string;
  ruleset: string;
  end: string;
  results: { player: string; place: number; result: number }[];
  running: number[];
}
export interface Payment { from: string; to: string; points: number; value: string | null }
/** docs/json.md, "`mj3 evening FILE… --json`". */
export interface Evening {
  unit: 'thousand' | 'point';
  /** What the declarations `riichi` counts are called (`Riichi`, `Ready`); null where the
   * system declares nothing, and none are shown. */
  declared: string | null;
  rate: string | null;
  players: EveningPlayer[];
  games: EveningGame[];
  payments: Payment[];
  fewest: boolean;
}

/** docs/json.md, "`mj3 evening FILE… --json`". */
export const EVENING_SCHEMA: Schema = {
  unit: 'string', declared: 'string or null', rate: 'string or null', players: 'array', 'players[].player': 'string',
  'players[].games': 'number', 'players[].total': 'number', 'players[].value': 'string or null', 'players[].signed_value': 'string or null',
  'players[].wins': 'number', 'players[].deal_ins': 'number', 'players[].riichi': 'number',
  'players[].won': 'number', 'players[].average_win': 'number or null', games: 'array',
  'games[].name': 'string', 'games[].ruleset': 'string', 'games[].end': 'string', 'games[].results': 'array',
  'games[].results[].player': 'string', 'games[].results[].place': 'number', 'games[].results[].result': 'number',
  'games[].running': 'array', payments: 'array', 'payments[].from': 'string', 'payments[].to': 'string',
  'payments[].points': 'number', 'payments[].value': 'string or null', fewest: 'bool',
};

const EVENING: Shape = { fields: EVENING_SCHEMA };

/** One unit a value is given per, with its words (`per 1,000 points`). */
export interface UnitWords { unit: Evening['unit']; per: string }
const UNITS: Shape = { fields: { unit: 'string', per: 'string' } };

/** One game of the evening as the library takes it. */
export interface EveningEntry { name: string; record: string; house: string }

/** What the evening answered: the evening, or the library's reason it cannot be added up. */
export type Added = { evening: Evening } | { error: string };

/** The games kept, in the order played (the earliest finished first). */
export function inOrder(games: Game[]): Game[] {
  return [...games].sort((a, b) => a.updated - b.updated);
}

/** The start of the local day of `now` (ms). */
function dayStart(now: number): number {
  const day = new Date(now);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/** The games of the day of `now` (changed since its midnight) that are `over`, by id: the
 * evening picked unless the player picks others (a game still in play is left to be picked). */
export function todays(games: Game[], now = Date.now(), over: (game: Game) => boolean = () => true): string[] {
  const from = dayStart(now);
  return inOrder(games).filter((g) => g.updated >= from && over(g)).map((g) => g.id);
}

/** What a kept game is called in the evening: its players and what the Games list says of
 * it, with the time of its last change. */
export function nameOf(game: Game): string {
  const time = new Date(game.updated).toTimeString().slice(0, 5);
  return [game.players, game.about, time].filter((part) => part).join(' · ');
}

/** The request the web crate's `evening` takes, for `picked` (ids) of `games` in the order
 * played, at `rate` (a decimal text; empty: none). */
export function asked(games: Game[], picked: string[], rate: string): string {
  const chosen = new Set(picked);
  const entries: EveningEntry[] = inOrder(games)
    .filter((g) => chosen.has(g.id))
    .map((g) => ({ name: nameOf(g), record: g.record, house: g.house ?? '' }));
  return JSON.stringify({ games: entries, rate: rate.trim() === '' ? null : rate.trim() });
}

/** The message of what the library threw. */
function message(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The evening of `picked` added up by the library, or its reason why not. */
export function addUp(wasm: EveningWasm, games: Game[], picked: string[], rate: string): Added {
  let json: string;
  try {
    json = wasm.evening(asked(games, picked, rate));
  } catch (error) {
    return { error: message(error) };
  }
  return { evening: checked<Evening>(json, EVENING, 'evening') };
}

/** The units and their words, from the library. */
export function units(wasm: EveningWasm): UnitWords[] {
  return checkedList<UnitWords>(wasm.evening_units(), UNITS, 'evening_units');
}
