// A game is its record text: every change is a change of that text (a line added, lines
// taken out), and everything shown is the text replayed by the library. A hand being entered
// again or inserted is a draft beside the record, which stays as it was until the draft's hand
// is recorded (then one change). Each change is kept as a step that undo and redo go over.
// No DOM here.

import type { Replayed } from './answers.js';

/** A hand being entered again (it replaces the lines `replaces`) or inserted (`replaces`
 * empty): its lines so far, which go in at line `at` (from 1) once the hand ends. */
export interface Draft {
  at: number;
  replaces: number[];
  lines: string[];
}

/** One change of the record, as undo takes it back: from line `at` (from 0) the lines
 * `removed` became `added`; `what` says it in the sheet's words. */
export interface Change {
  at: number;
  removed: string[];
  added: string[];
  what: string;
}

export interface Game {
  /** Its key among the games kept on the phone. */
  id: string;
  /** The record, as `mj3 game` reads it. */
  record: string;
  /** The text of the house file its `ruleset` line names (`house.toml`); absent under a
   * shipped ruleset. */
  house?: string;
  /** The hand being entered again or inserted; null (or absent) when none. */
  draft?: Draft | null;
  /** The changes of the record, the latest last (undo takes them back), and the changes
   * taken back (redo does them again): at most `STEPS` each. */
  past?: Change[];
  future?: Change[];
  /** A page before drafts kept a hand entered again in the record, new lines going before
   * this line: read as an insertion there (`normalGame`). */
  cursor?: number | null;
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

/** The most steps undo (and redo) keeps of a game, and the most text they hold together. */
export const STEPS = 50;
export const STEPS_TEXT = 64 * 1024;

/** A new game with `record` (its header), under the house file `house` when one is given. */
export function newGame(record: string, now = Date.now(), house = ''): Game {
  const id = `g${now.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return house ? { id, record, house, draft: null, updated: now } : { id, record, draft: null, updated: now };
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

/** The draft of `game`, or null. */
export function draftOf(game: Game): Draft | null {
  return game.draft ?? null;
}

/** `record`'s lines before line `line` (from 1). */
export function upTo(record: string, line: number): string {
  return text(lines(record).slice(0, Math.max(0, line - 1)));
}

/** The record as far as the game is played: while a hand is drafted, the lines before it
 * and the draft's lines (the draft's hand is the hand in play). */
export function played(game: Game): string {
  const draft = draftOf(game);
  if (!draft) return game.record;
  const gone = new Set(draft.replaces);
  const before = lines(game.record).slice(0, draft.at - 1).filter((_, i) => !gone.has(i + 1));
  return text([...before, ...draft.lines]);
}

/** The record with the draft in place: its lines at `at`, the lines it replaces out. */
export function spliced(game: Game): string {
  const draft = draftOf(game);
  if (!draft) return game.record;
  const gone = new Set(draft.replaces);
  const out: string[] = [];
  const all = lines(game.record);
  all.forEach((line, i) => {
    if (i + 1 === draft.at) out.push(...draft.lines);
    if (!gone.has(i + 1)) out.push(line);
  });
  if (draft.at > all.length) out.push(...draft.lines);
  return text(out);
}

/** `game` with `line` added after the last one (or to the draft). */
export function added(game: Game, line: string, now = Date.now()): Game {
  const draft = draftOf(game);
  if (draft) return { ...game, draft: { ...draft, lines: [...draft.lines, line] }, updated: now };
  return { ...game, record: text([...lines(game.record), line]), updated: now };
}

/** `game` without the lines numbered `numbers` (from 1). */
export function without(game: Game, numbers: number[], now = Date.now()): Game {
  const gone = new Set(numbers);
  return { ...game, record: text(lines(game.record).filter((_, i) => !gone.has(i + 1))), updated: now };
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

/** `game` with hand `index` being entered again: a draft that replaces its lines, holding
 * already those of them before the lines that end it (a riichi, a tenpai: what the new entry
 * keeps unless taken back). The record is unchanged. */
export function reopened(game: Game, replayed: Replayed, index: number, now = Date.now()): Game {
  const own = handLines(replayed, index);
  const hand = replayed.hands[index];
  if (!own.length || !hand) return game;
  // A hand ends with its win lines, or with one line (a draw, a chombo, a correction).
  const ending = Math.max(1, hand.wins.length);
  const all = lines(game.record);
  const kept = own.slice(0, Math.max(0, own.length - ending)).map((n) => all[n - 1]);
  return { ...game, draft: { at: own[0], replaces: own, lines: kept }, updated: now };
}

/** `game` with a hand being inserted before hand `index` of the sheet: an empty draft. */
export function inserting(game: Game, replayed: Replayed, index: number, now = Date.now()): Game {
  const own = handLines(replayed, index);
  if (!own.length) return game;
  return { ...game, draft: { at: own[0], replaces: [], lines: [] }, updated: now };
}

/** `game` without its draft: the record as it was. */
export function cancelled(game: Game, now = Date.now()): Game {
  return { ...game, draft: null, updated: now };
}

/** `game` without the last event line of what is played: the draft's last line while a hand
 * is drafted (null when it has none), else the record's. */
export function undone(game: Game, replayed: Replayed, now = Date.now()): Game | null {
  const draft = draftOf(game);
  if (draft) return draft.lines.length ? { ...game, draft: { ...draft, lines: draft.lines.slice(0, -1) }, updated: now } : null;
  const last = replayed.event_lines[replayed.event_lines.length - 1];
  return last === undefined ? null : without(game, [last], now);
}

/** The change from `before` to `after` (their lines in common at both ends left out). */
export function changeOf(before: string, after: string, what: string): Change {
  const a = lines(before);
  const b = lines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end += 1;
  return { at: start, removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end), what };
}

/** `record` with `change` made (`back`: taken back). */
function applied(record: string, change: Change, back: boolean): string {
  const all = lines(record);
  const [from, to] = back ? [change.added, change.removed] : [change.removed, change.added];
  all.splice(change.at, from.length, ...to);
  return text(all);
}

/** `steps` bounded: the latest `STEPS`, holding at most `STEPS_TEXT` characters. */
function bounded(steps: Change[]): Change[] {
  const out = steps.slice(-STEPS);
  const size = (c: Change) => c.what.length + [...c.removed, ...c.added].reduce((n, l) => n + l.length + 1, 0);
  let total = out.reduce((n, c) => n + size(c), 0);
  while (out.length > 1 && total > STEPS_TEXT) total -= size(out.shift() as Change);
  return total > STEPS_TEXT ? [] : out;
}

/** `game` with its record become `record` (its draft done), the change a step of undo said
 * as `what`; nothing left to redo. */
export function changed(game: Game, record: string, what: string, now = Date.now()): Game {
  if (record === game.record) return { ...game, draft: null, updated: now };
  const step = changeOf(game.record, record, what);
  return { ...game, record, draft: null, past: bounded([...(game.past ?? []), step]), future: [], updated: now };
}

/** `game` with its latest change taken back (`redo`: its latest taken back done again), and
 * what it was; null when there is none. */
export function stepped(game: Game, redo: boolean, now = Date.now()): { game: Game; what: string } | null {
  const from = (redo ? game.future : game.past) ?? [];
  const step = from[from.length - 1];
  if (!step) return null;
  const record = applied(game.record, step, !redo);
  const to = bounded([...((redo ? game.past : game.future) ?? []), step]);
  const rest = from.slice(0, -1);
  const next = redo ? { past: to, future: rest } : { past: rest, future: to };
  return { game: { ...game, ...next, record, draft: null, updated: now }, what: step.what };
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isLines = (v: unknown): v is string[] => Array.isArray(v) && v.every((l) => typeof l === 'string' && !l.includes('\n'));

function isDraft(v: unknown): v is Draft {
  const d = v as Draft;
  return typeof v === 'object' && v !== null && isNumber(d.at) && d.at >= 1 && Array.isArray(d.replaces) && d.replaces.every(isNumber) && isLines(d.lines);
}

function isChange(v: unknown): v is Change {
  const c = v as Change;
  return typeof v === 'object' && v !== null && isNumber(c.at) && isLines(c.removed) && isLines(c.added) && typeof c.what === 'string';
}

/** A kept game as this page keeps it: a draft, steps that are not as written dropped (the
 * game itself kept), and an earlier page's hand entered again (`cursor`) an insertion there. */
export function normalGame(game: Game): Game {
  const { cursor, ...rest } = game;
  const draft = isDraft(rest.draft) ? rest.draft : typeof cursor === 'number' && cursor >= 1 ? { at: cursor, replaces: [], lines: [] } : null;
  const { past, future, ...kept } = { ...rest, draft };
  const steps = (v: unknown) => (Array.isArray(v) && v.every(isChange) ? v : []);
  return { ...kept, ...(past ? { past: steps(past) } : {}), ...(future ? { future: steps(future) } : {}) };
}
