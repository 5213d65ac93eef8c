// A game is its record text: every change is a change of that text (a line added, lines
// taken out), and everything shown is the text replayed by the library. No DOM here.

import type { Replayed } from './answers.js';

export interface Game {
  /** Its key among the games kept on the phone. */
  id: string;
  /** The record, as `mj3 game` reads it. */
  record: string;
  /** The text of the house file its `ruleset` line names (`house.toml`); absent under a
   * shipped ruleset. */
  house?: string;
  /** While a hand is being entered again: the line (from 1) before which new lines go. */
  cursor: number | null;
  /** When it last changed (ms since 1970). */
  updated: number;
  /** Its players, and its ruleset and number of hands, as the Games list shows them
   * (written when it is kept, so that the list replays no game). */
  players?: string;
  about?: string;
  /** Where a game kept beside the one it begins like came from ('link'), as the Games list
   * says. */
  copied?: string;
  /** When it was deleted into the bin (ms since 1970). */
  deleted?: number;
}

/** A new game with `record` (its header), under the house file `house` when one is given. */
export function newGame(record: string, now = Date.now(), house = ''): Game {
  const id = `g${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return house ? { id, record, house, cursor: null, updated: now } : { id, record, cursor: null, updated: now };
}

/** The house file's text the game is played under ('' under a shipped ruleset). */
export function houseOf(game: Game): string {
  return game.house ?? '';
}

function lines(record: string): string[] {
  const all = record.split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
}

function text(all: string[]): string {
  return all.length ? `${all.join('\n')}\n` : '';
}

/** The record as far as the game is played: up to the cursor while a hand is entered again. */
export function played(game: Game): string {
  return game.cursor === null ? game.record : text(lines(game.record).slice(0, game.cursor - 1));
}

/** `game` with `line` added after the last one (or at the cursor). */
export function added(game: Game, line: string, now = Date.now()): Game {
  const all = lines(game.record);
  if (game.cursor === null) return { ...game, record: text([...all, line]), updated: now };
  all.splice(game.cursor - 1, 0, line);
  return { ...game, record: text(all), cursor: game.cursor + 1, updated: now };
}

/** `game` without the lines numbered `numbers` (from 1); a cursor after them moves up. */
export function without(game: Game, numbers: number[], now = Date.now()): Game {
  const gone = new Set(numbers);
  const all = lines(game.record).filter((_, i) => !gone.has(i + 1));
  const cursor = game.cursor === null ? null : game.cursor - numbers.filter((n) => n < (game.cursor ?? 0)).length;
  return { ...game, record: text(all), cursor, updated: now };
}

/** The event lines of hand `index` of the sheet (its own lines, after the hand before it). */
export function handLines(replayed: Replayed, index: number): number[] {
  const hand = replayed.hands[index];
  if (!hand) return [];
  const after = index > 0 ? replayed.hands[index - 1].line : 0;
  return replayed.event_lines.filter((n) => n > after && n <= hand.line);
}

/** The event lines of the hand in play (after the last hand of the sheet). */
export function pendingLines(replayed: Replayed): number[] {
  const last = replayed.hands[replayed.hands.length - 1];
  return replayed.event_lines.filter((n) => n > (last?.line ?? 0));
}

/** `game` without hand `index` of the sheet; the hands after it are replayed from the text. */
export function withoutHand(game: Game, replayed: Replayed, index: number, now = Date.now()): Game {
  return without(game, handLines(replayed, index), now);
}

/** `game` with hand `index` taken out and the cursor where it was, to be entered again. */
export function reopened(game: Game, replayed: Replayed, index: number, now = Date.now()): Game {
  const own = handLines(replayed, index);
  if (!own.length) return game;
  return { ...without(game, own, now), cursor: own[0] };
}

/** `game` without the last event line of what is played (the one before the cursor). */
export function undone(game: Game, replayed: Replayed, now = Date.now()): Game {
  const before = game.cursor === null ? replayed.event_lines : replayed.event_lines.filter((n) => n < (game.cursor ?? 0));
  const last = before[before.length - 1];
  return last === undefined ? game : without(game, [last], now);
}

/** The hand being entered again is done: new lines go at the end again. */
export function closed(game: Game): Game {
  return { ...game, cursor: null };
}
