// The one door between the game and the library: the web crate's game calls (replay a
// record, write a record line, write a new game's header), typed. The browser passes the
// WebAssembly module; the unit tests pass the same module loaded in node.

import { checkedReplay, type Replayed } from './answers.js';
import type { EveningWasm } from './evening.js';
import type { Limits } from './share.js';
import type { GameSetting } from '../types.js';

/** The web crate's exports the game uses (web/src/lib.rs). */
export interface Wasm extends EveningWasm {
  game(record: string, house: string): string;
  game_limits(): string;
  record_line(event: string): string;
  record_start(start: string): string;
  /** `n` of one of mj3's things in the library's words (`1 hand`, `3 hands`). */
  counted(n: number, thing: string): string;
  record_settings(asked: string): string;
}

/** A win's value as the table states it. */
export type WinValue =
  | { 'han-fu': { han: number; fu: number | null } }
  | { han: number }
  | { limit: string }
  | { points: { hand: number; bonus: number } }
  | { fan: number };

/** An event of the game, as tapped (web/src/game.rs `Event`). */
export type GameEvent =
  | { kind: 'win'; winner: string; from: string | null; also?: boolean; pao?: string | null; riichi_discard?: boolean; hand?: string; value?: WinValue }
  | { kind: 'riichi'; player: string }
  | { kind: 'draw'; tenpai: string[] }
  | { kind: 'nagashi'; player: string }
  | { kind: 'chombo'; player: string }
  | { kind: 'abort'; draw: string; player?: string | null }
  | { kind: 'kong'; player: string; tile: string; made: 'concealed' | 'from' | 'promoted'; from?: string | null; fed_by?: string | null }
  | { kind: 'bonus-set'; player: string; set: string; dealt: boolean }
  | { kind: 'correct'; moves: [string, number][] }
  | { kind: 'dealer-stops' }
  | { kind: 'dealer-plays-on' }
  | { kind: 'end' };

/** How a new game starts. */
export interface GameStart {
  /** A shipped ruleset, or the name of the house file (`house.toml`) when `house` is given. */
  ruleset: string;
  /** The text of the house file the game is played under. */
  house?: string;
  players: string[];
  first_dealer?: string | null;
  /** The `[game]` settings this game changes, each key with its value (the web crate writes
   * the record's `set` lines). */
  settings?: [string, number | string | boolean | (number | string)[]][];
  /** Where a table that starts keeping score late starts. */
  at?: { round: string; hand: number; dealer: string; counters: number; sticks: number; points: [string, number][] } | null;
}

/** The message of what the library threw. */
function message(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return String(error);
}

export class Engine {
  /** The latest answers, newest first: the game's record, the record a preview adds a line
   * to (recording that line then replays nothing again), and while a hand is drafted the
   * record played as far as the draft and the record with the draft in place. */
  private recent: { record: string; house: string; replayed: Replayed }[] = [];

  constructor(private readonly wasm: Wasm) {}

  /** The record replayed, `house` the text of the house file its `ruleset` line names (the
   * answers of the four texts used last are kept). A replay the page could not finish (its memory
   * exhausted) is a Replayed with that error, never a throw. */
  replay(record: string, house = ''): Replayed {
    const kept = this.recent.find((r) => r.record === record && r.house === house);
    if (kept) {
      // The latest used first: the record on the screen stays while drafts come and go.
      this.recent = [kept, ...this.recent.filter((r) => r !== kept)];
      return kept.replayed;
    }
    let replayed: Replayed;
    try {
      replayed = checkedReplay(this.wasm.game(record, house));
    } catch {
      const said = 'The page could not replay this game on this phone.';
      return { hands: [], end: null, error: { line: 0, message: said, shown: said, said: { text: said, source: null } }, next: null, event_lines: [], dealer_choice: false, rules: null, house_file: null, settled: null, open_claims: 0 };
    }
    this.recent = [{ record, house, replayed }, ...this.recent.slice(0, 3)];
    return replayed;
  }

  /** `n` hands, games… as the library says them (`1 hand`, `3 hands`). */
  counted(n: number, thing: 'hand' | 'game'): string {
    return this.wasm.counted(n, thing);
  }

  /** The largest record and house file the page opens, in bytes. */
  limits(): Limits {
    return JSON.parse(this.wasm.game_limits()) as Limits;
  }

  /** The record line of `event` and whether it closes an entry of the sheet (the library
   * says: `closes_entry`), or the reason it cannot be written. */
  line(event: GameEvent): { line: string; closes: boolean } | { error: string } {
    try {
      const written = JSON.parse(this.wasm.record_line(JSON.stringify(event))) as { line: string; closes_entry: boolean };
      return { line: written.line, closes: written.closes_entry };
    } catch (error) {
      return { error: message(error) };
    }
  }

  /** `record` with the `[game]` settings of `settings` written into its header (the
   * library's `set` lines), or why the game, replayed so, refuses them. */
  settings(record: string, house: string, settings: [string, GameSetting['value']][]): { record: string } | { error: string } {
    try {
      return { record: this.wasm.record_settings(JSON.stringify({ record, house, settings })) };
    } catch (error) {
      return { error: message(error) };
    }
  }

  /** The header of a new game's record, or why it does not start. */
  start(start: GameStart): { record: string } | { error: string } {
    try {
      return { record: this.wasm.record_start(JSON.stringify(start)) };
    } catch (error) {
      return { error: message(error) };
    }
  }
}
