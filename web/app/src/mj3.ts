// The mj3 library in WebAssembly: loaded once, then every call answers synchronously. The
// page's one door to it: `mj3` answers each call with the JSON `mj3 … --json` writes, read
// and held to its docs/json.md table (answers.ts), typed; `raw` answers the JSON text itself
// (for the tests that compare it with the command line's, byte for byte). Both throw the
// message the command line prints.
import init, * as wasm from './wasm/mj3_web.js';
import {
  BAD_LINE, COMPARISON, CRITERION, DIFF, LOOKUP, PARTS, PLACE, READINGS, RULESET_INFO, RULESET_SUMMARY, SCORED_LINE,
  TILE_NAME, WHY, WRITTEN, checked, checkedList, orBadLine,
} from './answers';
import type {
  Comparison, Criterion, Diff, ErrorRecord, Lookup, Parsed, Place, Readings, Report, RulesetInfo, RulesetSummary,
  TileName, WhyAnswer,
} from './types';

/** Which ruleset a call is under: a shipped one by name, or a pasted house TOML. */
export interface RulesChoice {
  name: string;
  house: string;
  sets: string[];
}

declare global {
  interface Window {
    /** The module compiled while the page was read (index.html's first script), if any. */
    mj3Wasm?: Promise<WebAssembly.Module | null> | null;
  }
}

/** Instantiates the module index.html started compiling, or fetches and compiles it here. */
export async function load(): Promise<void> {
  const compiled = await window.mj3Wasm;
  await init(compiled ? { module_or_path: compiled } : undefined);
}

/** The message of an error the library threw (a string), or of any other error. */
export function message(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error) return error.message;
  return String(error);
}

const house = (r: RulesChoice) => (r.house.trim() ? r.house : '');

/** The library's answers as JSON text. */
export const raw = {
  version: (): string => wasm.version(),
  score: (line: string, r: RulesChoice): string => wasm.score(line, r.name, house(r), r.sets),
  all: (line: string, r: RulesChoice): string => wasm.all(line, r.name, house(r), r.sets),
  why: (line: string, keys: string[], r: RulesChoice): string =>
    wasm.why(line, keys, r.name, house(r), r.sets),
  criteria: (r: RulesChoice): string => wasm.criteria(r.name, house(r), r.sets),
  lookup: (query: string, all: boolean, r: RulesChoice | null): string =>
    r ? wasm.lookup(query, all, r.name, house(r), r.sets) : wasm.lookup(query, all, '', '', []),
  compare: (line: string, rulesets: string[], houseText: string): string =>
    wasm.compare(line, rulesets, houseText),
  rulesets: (): string => wasm.rulesets(),
  diff: (a: string, b: string, houseText: string): string => wasm.diff(a, b, houseText),
  rulesetInfo: (r: RulesChoice): string => wasm.ruleset_info(r.name, house(r), r.sets),
  parse: (line: string): string => wasm.parse(line),
  tileNames: (): string => wasm.tile_names(),
  write: (parts: string): string => wasm.write(parts),
  partAt: (line: string, column: number): string => wasm.part_at(line, column),
  game: (record: string, houseText: string): string => wasm.game(record, houseText),
  game_limits: (): string => wasm.game_limits(),
};

/** An amount as every text of mj3 writes it, by the library's writer: grouped (`35,000`,
 * `-4,000`), or `signed` (`+8,000`, `-4,000`, `0`). */
export const amount = {
  written: (n: number): string => wasm.written(n),
  signed: (n: number): string => wasm.signed(n),
  /** `n` of one of mj3's things in the library's words (`1 hand`, `3 hands`, `2 fan`). */
  counted: (n: number, thing: Counted): string => wasm.counted(n, thing),
};

/** The things the library counts (web/src/lib.rs `counted`). */
export type Counted = 'hand' | 'game' | 'fan' | 'fly-tile' | 'point' | 'tile';

/** The library's answers, typed, each held to its docs/json.md table. */
export const mj3 = {
  version: (): string => wasm.version(),
  score: (line: string, r: RulesChoice): Report | ErrorRecord =>
    checked(raw.score(line, r), { by: 'kind', shapes: { error: BAD_LINE }, otherwise: SCORED_LINE }, 'score'),
  all: (line: string, r: RulesChoice): Readings | ErrorRecord => checked(raw.all(line, r), orBadLine(READINGS), 'all'),
  why: (line: string, keys: string[], r: RulesChoice): { why: WhyAnswer[] } | ErrorRecord =>
    checked(raw.why(line, keys, r), orBadLine(WHY), 'why'),
  criteria: (r: RulesChoice): Criterion[] => checkedList(raw.criteria(r), CRITERION, 'criteria'),
  lookup: (query: string, all: boolean, r: RulesChoice | null): Lookup =>
    checked(raw.lookup(query, all, r), LOOKUP, 'lookup'),
  compare: (line: string, rulesets: string[], houseText: string): Comparison =>
    checked(raw.compare(line, rulesets, houseText), COMPARISON, 'compare'),
  rulesets: (): RulesetSummary[] => checkedList(raw.rulesets(), RULESET_SUMMARY, 'rulesets'),
  diff: (a: string, b: string, houseText: string): Diff => checked(raw.diff(a, b, houseText), DIFF, 'diff'),
  rulesetInfo: (r: RulesChoice): RulesetInfo => checked(raw.rulesetInfo(r), RULESET_INFO, 'ruleset_info'),
  parse: (line: string): Parsed | ErrorRecord => checked(raw.parse(line), orBadLine(PARTS), 'parse'),
  tileNames: (): TileName[] => checkedList(raw.tileNames(), TILE_NAME, 'tile_names'),
  write: (parts: string): { line: string } => checked(raw.write(parts), WRITTEN, 'write'),
  partAt: (line: string, column: number): Place => checked(raw.partAt(line, column), PLACE, 'part_at'),
};

/** The web crate's game calls (web/src/game.rs), for the Game panel's engine. */
export const gameCalls = {
  game: (record: string, houseText: string): string => wasm.game(record, houseText),
  game_limits: (): string => wasm.game_limits(),
  record_line: (event: string): string => wasm.record_line(event),
  record_start: (start: string): string => wasm.record_start(start),
  record_settings: (asked: string): string => wasm.record_settings(asked),
  evening: (asked: string): string => wasm.evening(asked),
  evening_units: (): string => wasm.evening_units(),
  counted: (n: number, thing: string): string => wasm.counted(n, thing),
};
