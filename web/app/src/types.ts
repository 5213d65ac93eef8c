// The JSON the library answers with (docs/json.md describes every field); only the fields
// the page reads are typed here.

/** A sentence as the table reads it: the plain words, and where they come from apart (shown
 * behind a tap); docs/json.md, "A game hand" `said`, "A bad line" `error.said`. */
export interface Said { text: string; source: string | null }

export interface ErrorRecord {
  input: string;
  /** `said`: the message as a table reads it, its sources apart (the page's answers carry it
   * for a line that was read). */
  error: { message: string; column: number; said?: Said };
}

export interface Element {
  id: string;
  name: string;
  class: string;
  value: number;
  count: number;
  points: number;
  tiles: string;
  source: string;
}

export interface SeatPayment {
  seat: string;
  role: string;
  waiting: boolean;
  amount: number;
  breakdown: string;
}

export interface Totals {
  system: 'points' | 'fan' | 'han-fu' | 'han-table';
  [field: string]: unknown;
}

export interface Score {
  arrangement: string;
  win_tile: string;
  elements: Element[];
  superseded: Element[];
  totals: Totals;
  /** The totals in one line, as every text of the library writes them. */
  totals_line: string;
  verdict: { kind: string; have?: number; need?: number; tile?: string; honba?: number };
  jokers?: string[];
  payments: { seats: SeatPayment[] };
  notes: string[];
}

export interface Wait {
  tile: string;
  score: Score;
}

/** One seat's payment in the library's words. */
export interface PaymentWords {
  seat: string;
  letter: string;
  role: string;
  amount: string;
}

/** A score in the library's words (docs/json.md, "Score words"): the page shows them as they come. */
export interface ScoreWords {
  verdict: string;
  reached: string;
  limit: string | null;
  elements: string[];
  superseded: string[];
  payments: PaymentWords[];
  collects: string | null;
  /** The score's notes as the table reads them, each with its source apart. */
  notes: Said[];
}

/** How far a hand with no winning shape is from ready, in the library's words. */
export interface UnreadyWords {
  line: string;
  distance: string;
  kinds: string;
  useful: string;
  copies: string[];
  discards: { leaves: string; waits: ScoreWords[] }[];
}

/** A scored line's words (docs/json.md, "Words"). */
export interface Words {
  score?: ScoreWords;
  waits?: ScoreWords[];
  unready?: UnreadyWords;
}

/** A tile with its name, as the library names it. */
export interface TileName {
  tile: string;
  name: string;
  set?: string;
}

/** A draw that brings the hand closer to ready, with its copies not yet seen. */
export interface Useful {
  tile: string;
  unseen: number;
}

/** One discard of a 14-tile hand with no winning shape: what the 13 tiles left are. */
export interface Discard {
  tile: string;
  shanten: number | null;
  useful: Useful[];
  useful_count: number;
  waits: Wait[];
  best_received: number | null;
}

/** How far a hand with no winning shape is from ready, and what brings it closer. */
export interface Unready {
  tiles: 13 | 14;
  shapes: string;
  shanten: number | null;
  useful: Useful[];
  useful_count: number;
  discards: Discard[];
}

export interface Report {
  input: string;
  ruleset: string;
  context: { seat: string; round: string; win: string; discarder: string | null };
  kind: 'complete' | 'waiting';
  score?: Score | null;
  waits?: Wait[];
  unready?: Unready;
  /** The line's words: the web crate gives them with every score. */
  words: Words;
}

export interface RulesetSummary {
  name: string;
  title: string;
  system: string;
  source: string;
}

/** A `[game]` setting, from its row in the library's table: its kind (`number`, `switch`,
 * `word`, `words`, `criteria`, `places`) and a number's unit, its value as the ruleset holds
 * it, the words it may take (a word, or a list of words), else null, and its one-line help. */
export interface GameSetting {
  key: string;
  kind: string;
  unit: string | null;
  value: number | string | boolean | (number | string)[];
  choices: string[] | null;
  help: string;
}

export interface RulesetInfo {
  name: string;
  title: string;
  system: string;
  /** A game under it keeps riichi sticks; counters. */
  counts_han: boolean;
  keeps_counters: boolean;
  tiles: { tile: string; name: string }[];
  red_fives: { tile: string; copies: number }[];
  bonus: { tile: string; name: string }[];
  jokers: number;
  melded_chows: boolean;
  context: { name: string; label: string; word: boolean; example: string | null }[];
  /** The `[game]` keys the system reads, each with its value and the words it may take. */
  game: GameSetting[];
  seats: { letter: string; name: string }[];
  bonus_sets: { letter: string; name: string }[];
}

export interface CardEntry {
  ruleset: string;
  key: string;
  name: string;
  requires: string;
  class: string;
  value: string;
  open_value: string | null;
  conditions: string[];
  /** Why it is off: `said` in words a table reads, `switch_on` the command line's `--set` form. */
  switched_off: { why: string; switch_on: string[]; said: string } | null;
  example: { hand: string; settings: string[]; element: string | null; total: string };
  near_miss: { hand: string; settings: string[]; reason: string; total: string } | null;
  source: string;
  house_lines: string[];
}

export interface Card {
  name: string;
  aliases: string[];
  entries: CardEntry[];
}

export interface Lookup {
  query: string;
  matches: { name: string; keys: { ruleset: string; key: string }[] }[];
  cards: Card[];
}

export interface Comparison {
  hand: string;
  columns: {
    ruleset: string;
    error: string | null;
    verdict: string;
    totals: string;
    limit: string;
    payments: { seat: string; amount: number; letter: string; written: string }[];
    wait: string | null;
    elements: { key: string; name: string; value: string }[];
  }[];
  differences: { name: string; values: (string | null)[] }[];
  same: { name: string; values: (string | null)[] }[];
}

export interface WhyAnswer {
  query: string;
  name: string;
  tile?: string;
  sentence: string;
  answer: string;
}

export interface Readings {
  input: string;
  ruleset: string;
  'picked-by': string;
  waits: { tile: string | null; readings: { score: Score; chosen: boolean }[] }[];
}

export interface Criterion {
  id: string;
  name: string;
  class: string;
  value: number;
  active: boolean;
  description: string;
}

export interface Diff {
  first: string;
  second: string;
  differences: { key: string; first: string; second: string }[];
}

/** Where in a line a column falls (the web crate's `part_at`). */
export interface Place {
  part: 'concealed' | 'declared' | 'bonus' | 'context' | 'value' | 'none';
  name?: string;
  label?: string;
}

export type { Parsed } from './hand';
