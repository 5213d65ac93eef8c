// The Game panel's controller: the game kept at the table, without the page. Its state is the
// record text (record.ts); every tap changes the text (through the library's line writer) or
// the step of an entry in progress, and `redraw` asks the panels (view.ts) to draw the whole
// panel from that state, once.

import type { HandRecord, InPlay, Replayed, Said, WinRecord } from './answers.js';
import { Engine, type GameEvent, type WinValue } from './engine.js';
import { GAMES, discard, keep, kept, relation, restore, stored } from './games.js';
import {
  added, cancelled, changeOf, changed, draftOf, handLines, houseOf, inserting, newGame, pendingLines, played, reopened, spliced, stepped, undone,
  upTo, withoutHand, type Game,
} from './record.js';
import { LinkError, packedIn, readLink, type Packed } from './share.js';
import type { GameSetting } from '../types';

/** What the panel needs from the rest of the page. */
export interface Host {
  wasm: ConstructorParameters<typeof Engine>[0];
  /** The shipped rulesets' names. */
  rulesets(): string[];
  /** The `[game]` keys a ruleset's system reads, with their values, and its system: a
   * shipped ruleset by name, or a house file's text (null, with the reason, when it does
   * not load). */
  rulesetGame(name: string, house?: string): { system: string; counts_han: boolean; keeps_counters: boolean; game: GameSetting[] } | { error: string };
  /** The house file pasted in the Rulesets panel, to start a game under. */
  houseText(): string;
  /** Opens the hand scorer for a win of the game (seat, round, counters, sticks from it). */
  scoreWin(win: TilesWin): void;
  /** Shows the Game panel. */
  shown(): void;
}

/** A win whose hand is being built on the scorer's pad. */
export interface TilesWin {
  /** The game's ruleset. */
  ruleset: string;
  /** The text of the house file the game is played under, or ''. */
  house: string;
  winner: string;
  from: string | null;
  /** The discarder's seat (`South`), for the scorer's `ron=`. */
  fromSeat: string | null;
  also: boolean;
  seat: string;
  round: string;
  honba: number;
  sticks: number;
  draws: number;
  /** The winner declared riichi (or ready) in the hand: the game's, not to be turned off. */
  riichi: boolean;
  /** A riichi turned on in the scorer is recorded as the winner's declaration (its line
   * before the win's): he has not declared, the system declares, and the hand is in play
   * (not a second ron on a discard already won). */
  mayDeclare: boolean;
  system: string;
  /** The system counts han (riichi, counters and sticks), and what a declaration is called
   * (`Riichi`, `Ready`; null where there is none): the library's `rules.counts_han` and
   * `rules.declaration`, for the scorer's words. */
  countsHan: boolean;
  declaration: string | null;
  /** The player liable for the hand (pao), checked on its tiles. */
  pao: string | null;
  /** The hand the scorer opens with (a win entered again: its tiles and context as its
   * record line writes them, without what the game sets); null: an empty pad. */
  hand: string | null;
  /** The hand of the sheet being entered again or inserted before, said (`draftSaid`). */
  drafting: string | null;
}

/** What a win would be recorded as: the win of the record replayed with its lines added (the
 * replay the record keeps when it is recorded) and the hand it is in, as the sheet then shows
 * them (the win's sentence, each player's change for the hand), or why the game refuses it. */
export type WinShown = { win: WinRecord; hand: HandRecord } | { error: string; source?: string | null };

/** What a line ending a hand would be recorded as: that hand of the record replayed with it. */
export type HandShown = { hand: HandRecord } | { error: string; source?: string | null };

export type Step =
  | { at: 'sheet' }
  | { at: 'new' }
  | { at: 'games' }
  /** A win (`tiles`: the hand of a win entered again that was entered by its tiles, as its
   * record line writes it, for the scorer to open with). */
  | { at: 'win'; also: boolean; winner: string | null; from: string | null | undefined; han: number | null; value: WinValue | null; pao: string | null; tiles?: string | null }
  | { at: 'draw'; tenpai: string[] }
  | { at: 'pick'; what: 'riichi' | 'chombo' | 'nagashi' }
  | { at: 'abort' }
  | { at: 'correct' }
  | { at: 'spot' }
  | { at: 'share'; link: string | null; failed?: boolean }
  | { at: 'export' }
  /** A hand of the sheet (`deleting`: its deletion asked). */
  | { at: 'hand'; index: number; deleting?: boolean }
  | { at: 'end' }
  | { at: 'settings' }
  | { at: 'evening' };

export interface State {
  game: Game | null;
  step: Step;
  /** A sentence for the player (what could not be recorded, and why): the page's, or the
   * library's as a table reads it (its source behind a tap). */
  notice: string | Said | null;
  /** What the last tap did, said (what Undo took back, Redo did again), until the next. */
  said: string | null;
  /** The store refused the game as it is on the screen: it lives in this tab only until a
   * save succeeds (each change tries again). */
  unsaved: boolean;
  /** How many of the latest hands the sheet draws (a long game costs what is in sight). */
  shown: number;
  /** What became of a link (or a pasted record) beside the games kept: a sentence, and the
   * update it offers to the game on the screen (`record` continues it), until a tap. */
  offer: Offer | null;
}

export interface Offer {
  text: string;
  update?: { id: string; record: string };
}

/** Hands the sheet draws at first, and how many more each "earlier hands" tap adds. */
export const SHEET_PAGE = 20;

export const state: State = { game: null, step: { at: 'sheet' }, notice: null, said: null, unsaved: false, shown: SHEET_PAGE, offer: null };
export let engine: Engine;
export let host: Host;

/** Figures the browser tests read: each redraw's time, and each event's from the tap to the
 * sheet redrawn (the line written, the record replayed, the panel drawn), in ms. */
export const gameMetrics = { redrawMs: [] as number[], eventMs: [] as number[] };

export function shelf(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export const CURRENT = 'mj3.game';

/** The name of the house file a game started under pasted text names (its `ruleset` line):
 * the file to keep beside the exported record. */
export const HOUSE_FILE = 'house.toml';

/** `game` replayed as far as it is played (or `record`), under its house file. */
export function replayOf(game: Game, record = played(game)): Replayed {
  return engine.replay(record, houseOf(game));
}


/** Draws the panel from the state: set by the panels (view.ts); nothing under node. */
let drawer: () => void = () => undefined;
/** A redraw is asked for and not done yet. */
let queued = false;

/** The panels' drawer, called once after each change of state. */
export function onRedraw(draw: () => void): void {
  drawer = draw;
}

/** Asks for the Game panel to be drawn from the state: once, however many changes a tap
 * makes (after the tap's handler, before the browser paints: a microtask). */
export function redraw(): void {
  if (queued) return;
  queued = true;
  queueMicrotask(() => {
    if (!queued) return;
    queued = false;
    drawer();
  });
}

/** Draws the Game panel now (a record being opened is drawn before it is kept). */
export function redrawNow(): void {
  queued = false;
  drawer();
}

/** Sets the page's side up: the host and the library (`setupGame` does it in the page; the
 * node tests with the WebAssembly loaded there). */
export function connect(given: Host): void {
  host = given;
  engine = new Engine(given.wasm);
}

// ---- changes of state: each ends in one redraw ----

export function setStep(step: Step): void {
  state.step = step;
  state.notice = null;
  state.said = null;
  state.offer = null;
  redraw();
}


/** Shows `game` (and keeps it). `keepHistory`: a change of the game on the screen, which
 * undo takes back: when its record changed and the caller made no step of it, a step is made
 * here (`changed` makes one that says what changed). */
export function setGame(game: Game | null, keepHistory = true, notice: string | null = null): void {
  if (game && game.id === heldId && !writable()) {
    state.notice = READ_ONLY;
    redraw();
    return;
  }
  const before = state.game;
  if (keepHistory && before && game && game.id === before.id && game.record !== before.record && game.past === before.past) {
    game = changed(before, game.record, 'a change of the record');
  }
  if (!game || game.id !== before?.id) state.shown = SHEET_PAGE;
  state.game = game;
  state.step = { at: 'sheet' };
  state.notice = notice;
  state.said = null;
  state.offer = null;
  // A game new to the store (started here, or a link's) is this tab's alone from the start.
  void holdGame(game?.id ?? null, !!game && !stored(shelf(), game.id));
  save();
  redraw();
}

/** Writes the game on the screen to the store (with what the Games list shows of it), now:
 * when the store refuses it, `state.unsaved` says so and the panel offers the record. */
export function save(): void {
  const game = state.game;
  if (!game) return;
  // Another tab writes this game (or may: its lock is being asked for); a game new to the
  // store is this tab's alone.
  if (hold === 'elsewhere' || hold === 'asking' || (hold === 'pending' && stored(shelf(), game.id))) {
    state.unsaved = notSaved.has(game.id);
    return;
  }
  const replayed = replayOf(game, game.record);
  const players = playerNames(replayed).join(', ');
  const hands = replayed.hands.length;
  const about = `${replayed.rules?.label ?? ''} · ${engine.counted(hands, 'hand')}`;
  const summarized = { ...game, players, about };
  state.unsaved = !keep(shelf(), summarized);
  if (state.unsaved) {
    notSaved.set(game.id, summarized);
    return;
  }
  notSaved.delete(game.id);
  state.game = summarized;
  try {
    shelf()?.setItem(CURRENT, game.id);
  } catch {
    // The game itself is kept; which one was open last is only a convenience.
  }
}

/** The game on the screen as the store has it now: another tab's save of it taken in (and
 * said), so that a tap here adds to that tab's events rather than writing over them. */
export function latest(): Game | null {
  const game = state.game;
  if (!game || state.unsaved) return game;
  const now = stored(shelf(), game.id);
  if (!now || sameState(now, game)) return game;
  state.game = now;
  state.notice = OTHER_TAB;
  return now;
}

/** Whether `a` and `b` are the game in the same state: the record and the hand drafted. */
function sameState(a: Game, b: Game): boolean {
  return a.record === b.record && JSON.stringify(draftOf(a)) === JSON.stringify(draftOf(b));
}

export const OTHER_TAB = 'This game was changed in another tab or window: the sheet shows that change too.';

// ---- one writer a game: the tab that opens a game holds its Web Lock while it shows it;
// another tab shows it read-only until it asks for it ("Use it here"), and the holder then
// hands over its record (BroadcastChannel) and lets go. Where the browser has no Web Locks,
// each tab takes in the other's saves as before (`latest`). ----

/** This tab and the game on the screen: 'mine' (its lock held here), 'pending' (asked for,
 * an instant), 'elsewhere' (another tab holds it: read-only here), 'asking' (this tab asked
 * the holder to let go), 'none' (no Web Locks: every tab writes). */
export let hold: 'mine' | 'pending' | 'elsewhere' | 'asking' | 'none' = 'none';
/** Whether this tab let go of the game for another one (said so). */
export let gaveUp = false;
/** The game whose lock this tab holds or waits for. */
export let heldId: string | null = null;
/** Lets go of the held lock. */
export let letGo: (() => void) | null = null;
/** Stops waiting for the lock. */
export let stopWaiting: AbortController | null = null;
/** The record the last tab to let go of the game handed over, and who waits for it. */
export let handed: { id: string; game: Game } | null = null;
export let handedArrived: (() => void) | null = null;
export const channel = typeof window !== 'undefined' && typeof BroadcastChannel === 'function' ? new BroadcastChannel('mj3.game') : null;

/** Games the store refused, kept for this visit (the Games list offers them, and their
 * record, until a save succeeds). */
export const notSaved = new Map<string, Game>();

export const READ_ONLY = 'This game is open in another tab or window: here it can only be read. Tap \u201cUse it here\u201d to play it in this tab.';

export function writable(): boolean {
  return hold === 'mine' || hold === 'none';
}

export function lockManager(): LockManager | null {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
}

export const lockName = (id: string) => `mj3.game.${id}`;

/** Holds the lock of game `id` (letting go of the one held before); when another tab holds
 * it, the game is read-only here and this tab waits in line for it. A `fresh` game (not in
 * the store yet: no other tab knows it) is writable at once. */
export function holdGame(id: string | null, fresh = false): Promise<void> {
  if (id === heldId) return Promise.resolve();
  letGo?.();
  letGo = null;
  stopWaiting?.abort();
  stopWaiting = null;
  heldId = id;
  gaveUp = false;
  const locks = lockManager();
  if (!id || !locks) {
    hold = 'none';
    return Promise.resolve();
  }
  hold = fresh ? 'mine' : 'pending';
  return new Promise((settled) => {
    locks.request(lockName(id), { ifAvailable: true }, (lock) => {
      if (heldId !== id) return settled();
      if (lock) return held(id, settled);
      hold = 'elsewhere';
      waitFor(id);
      redraw();
      return settled();
    }).catch(() => settled());
  });
}

/** Waits in line for the lock of game `id` (the holder closes, switches game, or lets go). */
export function waitFor(id: string): void {
  const locks = lockManager();
  if (!locks) return;
  const abort = new AbortController();
  stopWaiting = abort;
  locks.request(lockName(id), { signal: abort.signal }, async () => {
    if (heldId !== id) return;
    stopWaiting = null;
    // The holder hands its record over before it lets go; its message may come just after.
    if (hold === 'asking' && handed?.id !== id) {
      await new Promise<void>((arrived) => {
        handedArrived = arrived;
        setTimeout(arrived, 1000);
      });
      handedArrived = null;
    }
    if (heldId !== id) return;
    await held(id, () => undefined);
  }).catch(() => undefined);
}

/** The lock of `id` is this tab's: the game as the other tab left it (its handed record, or
 * the store's), or as this tab has it when the store refused it, saved and drawn. Resolves
 * when the lock is let go. */
export function held(id: string, settled: () => void): Promise<void> {
  hold = 'mine';
  if (state.game?.id === id) {
    const given = handed?.id === id ? handed.game : null;
    const now = given ?? notSaved.get(id) ?? stored(shelf(), id);
    if (now && !sameState(now, state.game)) state.game = now;
    if (gaveUpNotice()) state.notice = null;
    save();
  }
  handed = null;
  redraw();
  settled();
  return new Promise((resolve) => {
    letGo = resolve;
  });
}

export const gaveUpNotice = () => state.notice === READ_ONLY;

/** Another tab asked for the game this tab holds: the record handed over, read-only here. */
export function handOver(): void {
  const id = heldId;
  if (!id || hold !== 'mine' || !state.game || state.game.id !== id) return;
  hold = 'elsewhere';
  gaveUp = true;
  state.step = { at: 'sheet' };
  state.notice = null;
  state.unsaved = false;
  notSaved.delete(id);
  channel?.postMessage({ kind: 'released', id, game: state.game });
  const release = letGo;
  letGo = null;
  release?.();
  waitFor(id);
  redraw();
}

/** Asks the tab holding the game on the screen to let go of it. */
export function useHere(): void {
  if (hold !== 'elsewhere' || !heldId) return;
  hold = 'asking';
  channel?.postMessage({ kind: 'let-go', id: heldId });
  redraw();
}


/** Adds the lines of `events` to the game (or to the hand drafted), replayed once. A drafted
 * hand that ends is put in the record in its place, replayed once more with the hands after
 * it: one change, or, when they no longer replay, refused with the reason (the draft kept).
 * Answers why the game refuses them (also the notice, unless `quiet`), or null. */
export function record(events: GameEvent | GameEvent[], quiet = false): string | null {
  const started = performance.now();
  const refused = (why: string | Said) => {
    if (!quiet) state.notice = why;
    redraw();
    return typeof why === 'string' ? why : why.text;
  };
  if (!writable()) return refused(READ_ONLY);
  const before = state.game;
  const game = latest();
  if (!game) return null;
  const merged = game !== before ? OTHER_TAB : null;
  const next = withLines(game, Array.isArray(events) ? events : [events]);
  if ('error' in next) return refused(next.error);
  const replayed = replayOf(next.game);
  if (replayed.error) return refused(replayed.error.said);
  const draft = draftOf(next.game);
  if (!draft) {
    setGame(changed(game, next.game.record, newIn(replayOf(game), replayed)), true, merged);
  } else if (!next.closes || replayed.open_claims > 0) {
    // The drafted hand goes on, or its ron leaves the discard open to another claim (the
    // library's `open_claims`): it ends when the player says no other ron, or with the other
    // ron (after which the library says none is open).
    setGame(next.game, true, merged);
  } else {
    const why = closeDraft(game, next.game, merged);
    if (why) return refused(why);
  }
  gameMetrics.eventMs.push(performance.now() - started);
  return null;
}

/** The drafted hand of `next` (`game` with the lines that ended it) put in the record in its
 * place, the hands after it replayed: one change, said; or why the hands after it would no
 * longer replay (nothing changed). */
function closeDraft(game: Game, next: Game, merged: string | null): string | null {
  const draft = draftOf(next);
  if (!draft) return null;
  const whole = spliced(next);
  const after = replayOf(next, whole);
  if (after.error) return `Recorded here, the hands after it would no longer replay (cancel, or take a line of this hand back):\n${after.error.shown}`;
  // The hand's place: the last of the game as played with it (it ended it).
  const index = replayOf(next).hands.length - 1;
  const hand = after.hands[index];
  const what = !hand ? 'a hand entered' : draft.replaces.length
    ? `hand ${hand.number} entered again (${handWords(hand)})` : `hand ${hand.number} inserted (${handWords(hand)})`;
  // A hand of two wins (a double ron) entered again with one: said, Undo brings it back.
  const had = draft.replaces.length ? replayOf(game, game.record).hands[index]?.wins.length ?? 0 : 0;
  const fewer = hand && had > hand.wins.length ? ` It had ${had} wins, now ${hand.wins.length}: Undo brings the old hand back.` : '';
  setGame(changed(game, whole, what), true, merged);
  state.said = `${what.charAt(0).toUpperCase()}${what.slice(1)}: the hands after it are replayed.${fewer}`;
  return null;
}

/** Whether the drafted hand has ended on a ron that leaves the discard open to another claim
 * (`replayed`: the game as played, with the draft): "Also ron", or no other ron. */
export function draftWaits(replayed: Replayed): boolean {
  const game = state.game;
  const draft = game ? draftOf(game) : null;
  return !!draft && draft.lines.length > 0 && replayed.open_claims > 0 && pendingLines(replayed).length === 0;
}

/** No other ron on the discard the drafted hand ended on: the hand put in the record in its
 * place (one change, said). */
export function noOtherRon(): void {
  const game = writable() ? latest() : null;
  if (!game || !draftWaits(replayOf(game))) return;
  const why = closeDraft(game, game, null);
  if (why) {
    state.notice = why;
    redraw();
  }
}

/** The hand of the sheet (`replayed`: the record's) the draft of `game` replaces or goes
 * before: its index, or -1. */
export function draftedIndex(game: Game, replayed: Replayed): number {
  const draft = draftOf(game);
  return draft ? replayed.hands.findIndex((_, i) => handLines(replayed, i)[0] === draft.at) : -1;
}

/** What is being drafted, said for the banner and the dialogs of the entry: the hand of the
 * sheet entered again, or inserted before (its number and name, the library's); null when
 * no hand is drafted. */
export function draftSaid(game: Game | null = state.game): string | null {
  const draft = game ? draftOf(game) : null;
  if (!game || !draft) return null;
  const replayed = replayOf(game, game.record);
  const drafted = replayed.hands[draftedIndex(game, replayed)];
  if (!drafted) return 'Entering a hand';
  return draft.replaces.length
    ? `Entering hand ${drafted.number} (${drafted.label}) again`
    : `Inserting a hand before hand ${drafted.number} (${drafted.label})`;
}

/** `game` with the lines of `events` added (to its draft while a hand is drafted), and
 * whether one of them ends an entry of the sheet; or why a line cannot be written. */
function withLines(game: Game, events: GameEvent[]): { game: Game; closes: boolean } | { error: string } {
  let next = game;
  let closes = false;
  for (const event of events) {
    const written = engine.line(event);
    if ('error' in written) return written;
    next = added(next, written.line);
    closes ||= written.closes;
  }
  return { game: next, closes };
}

/** The sentences of a hand of the sheet (or the hand in play), the deal's left out (it
 * follows from the rest): the library's words. */
function handSentences(hand: { said: { text: string }[]; happened: { kind: string }[] }): string[] {
  return hand.said.filter((_, i) => hand.happened[i]?.kind !== 'deal').map((s) => s.text);
}

/** A hand of the sheet in its words: its name and what happened. */
export function handWords(hand: HandRecord): string {
  return `${hand.label}: ${handSentences(hand).join(' ')}`;
}

/** What `after` says that `before` did not: the sentences past those they share from the
 * start, each group after the name of its hand (the library's words). */
export function newIn(before: Replayed, after: Replayed): string {
  const said = (r: Replayed) => [...r.hands, ...(r.next ? [r.next] : [])]
    .flatMap((hand) => handSentences(hand).map((text) => ({ hand: hand.label, text })));
  const a = said(before);
  const b = said(after);
  let common = 0;
  while (common < a.length && common < b.length && a[common].text === b[common].text) common += 1;
  const groups: string[] = [];
  let last: string | null = null;
  for (const { hand, text } of b.slice(common)) {
    if (hand !== last) groups.push(`${hand}: ${text}`);
    else groups[groups.length - 1] += ` ${text}`;
    last = hand;
  }
  const text = groups.join('; ') || 'a line of the record';
  return text.length > SAID_MOST ? `${text.slice(0, SAID_MOST - 1)}\u2026` : text;
}

/** The most characters `newIn` says (what a step of undo keeps to say). */
const SAID_MOST = 400;

/** What recording `events` (ending in a win) would show: the record with their lines added,
 * replayed (the same replay `record` then keeps), its last win; null when they end no hand. */
export function previewOf(events: GameEvent[]): WinShown | null {
  const game = state.game;
  if (!game) return null;
  const next = withLines(game, events);
  if ('error' in next) return next;
  const replayed = replayOf(next.game);
  if (replayed.error) return { error: replayed.error.said.text, source: replayed.error.said.source };
  const hand = replayed.hands[replayed.hands.length - 1];
  const win = hand?.wins[hand.wins.length - 1];
  return win ? { win, hand } : null;
}

/** What recording `events` (ending a hand) would show: the record with their lines added,
 * replayed (the same replay `record` then keeps), its last hand; null when they end none. */
export function previewHand(events: GameEvent[]): HandShown | null {
  const game = state.game;
  if (!game) return null;
  const next = withLines(game, events);
  if ('error' in next) return next;
  const before = replayOf(game).hands.length;
  const replayed = replayOf(next.game);
  if (replayed.error) return { error: replayed.error.said.text, source: replayed.error.said.source };
  const hand = replayed.hands[before];
  return hand ? { hand } : null;
}

/** The hand a win is scored in: the hand in play, or for a second ron on the same discard
 * (`also`) the hand the first one ended, as it was in play (the record replayed up to its win
 * lines): never the next hand. */
export function handOfWin(also: boolean): InPlay | null {
  const game = state.game;
  if (!game) return null;
  const replayed = replayOf(game);
  if (!also) return replayed.next;
  const index = replayed.hands.length - 1;
  const hand = replayed.hands[index];
  if (!hand?.wins.length) return null;
  // A hand ends with its win lines, one a win.
  const own = handLines(replayed, index);
  const first = own[own.length - hand.wins.length];
  if (first === undefined) return null;
  return replayOf(game, upTo(played(game), first)).next;
}

/** The win of `step` as the scorer enters it by its tiles: seat, round, counters, sticks and
 * riichi of the hand it is won in. */
export function tilesWin(step: Extract<Step, { at: 'win' }>): TilesWin | null {
  const game = state.game;
  const hand = handOfWin(step.also);
  if (!game || !hand || !step.winner) return null;
  const replayed = replayOf(game);
  const seatOf = (player: string | null | undefined) => hand.seats.find((s) => s.player === player)?.seat ?? null;
  const riichi = hand.declared.some((d) => d.player === step.winner);
  return {
    ruleset: replayed.rules?.ruleset ?? '', house: houseOf(game), winner: step.winner, from: step.from ?? null, also: step.also,
    seat: seatOf(step.winner) ?? 'East', round: hand.round, fromSeat: seatOf(step.from),
    honba: hand.honba, sticks: hand.sticks_now, draws: hand.draws, system: system(replayed),
    countsHan: replayed.rules?.counts_han ?? true, declaration: replayed.rules?.declaration ?? null,
    riichi, mayDeclare: !riichi && !step.also && !!replayed.rules?.declaration,
    pao: step.pao, hand: step.tiles ?? null, drafting: draftSaid(game),
  };
}

/** The lines of a win entered by its tiles: the winner's riichi first when `declare`. */
function tilesEvents(win: TilesWin, hand: string, declare: boolean): GameEvent[] {
  const won: GameEvent = { kind: 'win', winner: win.winner, from: win.from, also: win.also, pao: win.pao, hand };
  return declare ? [{ kind: 'riichi', player: win.winner }, won] : [won];
}

/** What a win entered by its tiles would be recorded as (see `previewOf`). */
export function tilesPreview(win: TilesWin, hand: string, declare = false): WinShown | null {
  return previewOf(tilesEvents(win, hand, declare));
}

/** Takes back the last change: while a hand is drafted, the draft's last line (with none,
 * the draft itself: the game as it was); else the record's last change, kept with the game;
 * for a game with none kept (an earlier page's, a link's), its last line. Says what it took
 * back; Redo does it again. */
export function undo(): void {
  if (!writable()) {
    state.notice = READ_ONLY;
    redraw();
    return;
  }
  const game = latest();
  if (!game) return;
  const before = replayOf(game);
  if (draftOf(game)) {
    const back = undone(game, before);
    if (!back) {
      cancelDraft();
      return;
    }
    const what = newIn(replayOf(back), before);
    setGame(back, false);
    state.said = `Undone: ${what}.`;
    return;
  }
  const step = stepped(game, false);
  if (step) {
    setGame(step.game, false);
    state.said = `Undone: ${step.what}.`;
    return;
  }
  const back = undone(game, before);
  if (!back) {
    state.said = 'Nothing to undo.';
    redraw();
    return;
  }
  const what = newIn(replayOf(back), before);
  setGame({ ...back, future: [...(game.future ?? []), changeOf(back.record, game.record, what)] }, false);
  state.said = `Undone: ${what}.`;
}

/** Does again the last change Undo took back, and says what it was. */
export function redo(): void {
  const game = writable() ? latest() : null;
  const step = game && !draftOf(game) ? stepped(game, true) : null;
  if (!step) return;
  setGame(step.game, false);
  state.said = `Redone: ${step.what}.`;
}

/** The hand being entered again or inserted is dropped: the record is as it was. */
export function cancelDraft(): void {
  const game = writable() ? latest() : null;
  const draft = game ? draftOf(game) : null;
  if (!game || !draft) return;
  setGame(cancelled(game), false);
  state.said = draft.replaces.length ? 'Cancelled: the hand is as it was.' : 'Cancelled: no hand inserted.';
}

/** Hand `index` of the sheet entered again (`insert`: a hand entered before it): a draft,
 * the record unchanged; the entry opened with what the hand was where the page can say it
 * (the winner, how, a value stated; who was tenpai). */
export function enterAgain(index: number, insert = false): void {
  const game = writable() ? latest() : null;
  if (!game || draftOf(game)) return;
  const sheet = replayOf(game);
  let next = insert ? inserting(game, sheet, index) : reopened(game, sheet, index);
  const draft = draftOf(next);
  if (!draft) return;
  let inPlay = replayOf(next);
  // What the draft keeps of the hand must leave it in play.
  if (draft.lines.length && (inPlay.error || inPlay.hands.length !== index)) {
    next = { ...next, draft: { ...draft, lines: [] } };
    inPlay = replayOf(next);
  }
  setGame(next, false);
  if (insert) return;
  const step = entryOf(sheet.hands[index], inPlay);
  state.step = step;
  redraw();
  // A win entered by its tiles opens on the scorer with them (its Cancel comes back to the
  // win's entry, as it was).
  const tiles = step.at === 'win' && step.tiles ? tilesWin(step) : null;
  if (tiles) host.scoreWin(tiles);
}

/** Hand `index` of the sheet deleted (the hands after it replayed without it): one change,
 * said. */
export function deleteHand(index: number): void {
  const game = writable() ? latest() : null;
  if (!game || draftOf(game)) return;
  const sheet = replayOf(game);
  const hand = sheet.hands[index];
  if (!hand) return;
  const what = `hand ${hand.number} deleted (${handWords(hand)})`;
  setGame(changed(game, withoutHand(game, sheet, index).record, what));
  state.said = `${what.charAt(0).toUpperCase()}${what.slice(1)}. Undo brings it back.`;
}

/** The entry a hand of the sheet is entered again with: a win's winner, how and value (when
 * it was stated by its value), a draw's tenpai players not named yet; else the sheet. */
function entryOf(hand: HandRecord | undefined, inPlay: Replayed): Step {
  if (!hand) return { at: 'sheet' };
  const win = hand.wins[0];
  if (hand.kind === 'win' && win) return winEntry(win, false, inPlay);
  if (hand.kind === 'chombo') return { at: 'pick', what: 'chombo' };
  if (hand.kind === 'correction') return { at: 'correct' };
  if (hand.kind === 'draw') {
    const draw = hand.happened.find((e) => e.kind === 'draw' || e.kind === 'exhaustive-draw');
    if (!draw) return { at: 'abort' };
    const named = inPlay.next?.tenpai ?? [];
    const tenpai = Array.isArray(draw.tenpai) ? draw.tenpai.map(String).filter((p) => !named.includes(p)) : [];
    return { at: 'draw', tenpai };
  }
  return { at: 'sheet' };
}

/** The entry of `win` entered again (`also`: a second ron on its discard): its winner, how,
 * and its value when it was stated by its value, or its tiles when it was entered by them
 * (the library's `stated` fact tells which). */
function winEntry(win: WinRecord, also: boolean, inPlay: Replayed): Extract<Step, { at: 'win' }> {
  const value = win.pao ? null : statedValue(win, inPlay);
  const han = value && 'han-fu' in value ? value['han-fu'].han : null;
  const entry: Extract<Step, { at: 'win' }> = { at: 'win', also, winner: win.winner, from: win.from, han, value, pao: win.pao };
  return enteredByTiles(win) ? { ...entry, tiles: win.hand } : entry;
}

/** Whether `win` was entered by its tiles (its score has no stated value). */
function enteredByTiles(win: WinRecord): boolean {
  return !!win.score && typeof win.score.stated !== 'string';
}

/** The entry of "Also ron" on the discard `from` the hand in play was won on: while a hand
 * of more wins is entered again, its next win on that discard as it was (winner, value or
 * tiles); else an empty one. */
export function alsoEntry(from: string | null): Extract<Step, { at: 'win' }> {
  const empty: Extract<Step, { at: 'win' }> = { at: 'win', also: true, winner: null, from, han: null, value: null, pao: null };
  const game = state.game;
  const draft = game ? draftOf(game) : null;
  if (!game || !draft?.replaces.length) return empty;
  const sheet = replayOf(game, game.record);
  const old = sheet.hands[draftedIndex(game, sheet)];
  const played = replayOf(game);
  const won = played.hands[played.hands.length - 1]?.wins ?? [];
  const next = old?.wins.find((w) => w.from === from && !won.some((x) => x.winner === w.winner));
  return next ? winEntry(next, true, played) : empty;
}

/** The value a win was stated by, as the value pad takes it (its score's totals: the
 * library's facts); null for a win entered by its tiles or a value the pad cannot show. */
function statedValue(win: WinRecord, inPlay: Replayed): WinValue | null {
  const totals = win.score?.totals;
  const pad = inPlay.rules?.value_pad;
  if (enteredByTiles(win) || !totals || !pad) return null;
  const n = (key: string) => (typeof totals[key] === 'number' ? totals[key] as number : null);
  const limit = typeof totals.limit === 'string' ? totals.limit : null;
  switch (totals.system) {
    case 'han-fu': {
      if (limit) return pad.limits.includes(limit) ? { limit } : null;
      const han = n('han');
      const fu = n('fu');
      return han !== null && pad.han_with_fu.includes(han) && fu !== null && pad.fu.includes(fu) ? { 'han-fu': { han, fu } } : null;
    }
    case 'han-table': {
      const han = n('han');
      return han !== null && totals.row === String(han) && pad.han.includes(han) ? { han } : null;
    }
    case 'points': {
      const hand = n('hand_points');
      const bonus = n('bonus_points');
      return !limit && hand !== null && bonus !== null ? { points: { hand, bonus } } : null;
    }
    case 'fan': {
      const fan = n('fan');
      return fan !== null && pad.fan.includes(fan) ? { fan } : null;
    }
    default:
      return null;
  }
}


export function playerNames(replayed: Replayed): string[] {
  return replayed.end?.players ?? [];
}

export function system(replayed: Replayed): string {
  return replayed.rules?.system ?? 'han-fu';
}

/** The value of a `[game]` key the game is played under (its ruleset or house file, with
 * the record's own `set` lines). */
export function setting(replayed: Replayed, key: string): GameSetting['value'] | null {
  return replayed.rules?.game.find((s) => s.key === key)?.value ?? null;
}

/** The words of a `[game]` key that holds a list of them. */
export function listed(replayed: Replayed, key: string): string[] {
  const value = setting(replayed, key);
  return Array.isArray(value) ? value.map(String) : [];
}

export function winEvent(step: Extract<Step, { at: 'win' }>): GameEvent | null {
  if (!step.winner || step.from === undefined || !step.value) return null;
  return { kind: 'win', winner: step.winner, from: step.from, also: step.also, pao: step.pao, value: step.value };
}

/** Opens `text` as a game, under the house file `house` when its `ruleset` line names one
 * (the one kept with the same record, or a new one). The game is kept only once it has
 * replayed and drawn; a record that is no game is said, with its line, and the game on the
 * screen stays. */
export function openRecord(text: string, house = '', from = 'This record', fromLink = false): void {
  const record = text.endsWith('\n') ? text : `${text}\n`;
  const given = house.trim() ? house : '';
  const games = kept(shelf());
  const same = relation(games, record, given, 0);
  if (same.kind === 'same') {
    told(same.game, `${from} holds the game of ${same.game.players || 'these players'} as it is kept here: it is opened, not copied.`);
    return;
  }
  const replayed = engine.replay(record, given);
  if (!replayed.end) {
    const why = replayed.error ? replayed.error.shown : 'it names no players';
    state.notice = `${from} holds no game the page can open:\n${why}`;
    state.step = { at: 'sheet' };
    redraw();
    return;
  }
  // A link is weighed against the games kept (sharing back and forth keeps one game); a
  // record pasted in is opened as it is.
  const first = replayed.event_lines[0] ?? record.split('\n').length;
  const kin = fromLink ? relation(games, record, given, first) : { kind: 'new' as const };
  const whose = (g: Game) => `the game of ${g.players || 'these players'}`;
  const handsIn = (r: Replayed) => engine.counted(r.hands.length, 'hand');
  if (kin.kind === 'continues') {
    const kept = replayOf(kin.game, kin.game.record);
    told(kin.game, `${from} continues ${whose(kin.game)} kept here: it has ${handsIn(replayed)}, this phone ${handsIn(kept)}. Update the game here?`,
      { id: kin.game.id, record });
    return;
  }
  if (kin.kind === 'behind') {
    told(kin.game, `${from} holds ${whose(kin.game)} as it was earlier: the game kept here has all of it and more after. It is opened, not copied.`);
    return;
  }
  const before = { game: state.game, shown: state.shown };
  const game = kin.kind === 'diverges'
    ? { ...newGame(record, Date.now(), given), copied: 'link' }
    : newGame(record, Date.now(), given);
  state.game = game;
  state.shown = SHEET_PAGE;
  state.step = { at: 'sheet' };
  state.notice = null;
  try {
    redrawNow();
  } catch {
    Object.assign(state, before);
    state.notice = `${from} holds a game this phone cannot draw.`;
    redraw();
    return;
  }
  setGame(game, false);
  if (kin.kind === 'diverges') {
    state.offer = { text: `${from} begins as ${whose(kin.game)} kept here, then differs from it: it is kept beside it, marked in Games as a copy from a link.` };
    redraw();
  }
}

/** Opens the kept `game` and says `text` above it, with the update it offers. */
function told(game: Game, text: string, update?: Offer['update']): void {
  setGame(game, false);
  state.offer = update ? { text, update } : { text };
  redraw();
}

/** Takes the update a link offered: the game on the screen becomes the link's record (Undo
 * takes it back), or, `apart`, the link's record is kept beside it as a copy. */
export function takeOffer(apart: boolean): void {
  const update = state.offer?.update;
  const game = state.game;
  state.offer = null;
  if (!update || !game || game.id !== update.id) {
    redraw();
    return;
  }
  if (apart) setGame({ ...newGame(update.record, Date.now(), houseOf(game)), copied: 'link' }, false);
  else setGame(changed(game, update.record, 'the game taken in from the link'), true);
}

/** Opens the game a link holds, or says in the page's words why it cannot; the game on the
 * screen stays until the link's has replayed and drawn. */
export async function openLink(packed: Packed): Promise<void> {
  let found: { record: string; house: string };
  try {
    found = await readLink(packed, engine.limits());
  } catch (error) {
    state.notice = error instanceof LinkError ? error.message : 'This link holds no game the page can read. Ask for the link again, or for the record as a file.';
    redraw();
    return;
  }
  openRecord(found.record, found.house, 'This link', true);
}

/** Deletes the kept game `id` into the bin (and leaves it, when it is the one on the
 * screen); whether it went, and whether it can be brought back. */
export function deleteGame(id: string): { deleted: boolean; binned: boolean } {
  const unsavedOnly = notSaved.has(id) && !stored(shelf(), id);
  notSaved.delete(id);
  const done = unsavedOnly ? { deleted: true, binned: false } : discard(shelf(), id);
  if (!done.deleted) state.notice = 'The game could not be deleted: the phone refused to change its store.';
  else if (state.game?.id === id) {
    state.game = null;
    state.unsaved = false;
    void holdGame(null);
  }
  redraw();
  return done;
}

/** Brings the game `id` back from the bin; false when the store refused it. */
export function bringBack(id: string): boolean {
  const back = restore(shelf(), id);
  if (!back) state.notice = 'The game could not be brought back: the phone\u2019s storage is full. Delete a game you no longer need and try again.';
  redraw();
  return back !== null;
}

/** Records a win whose hand was built on the scorer's pad (the winner's riichi first, when
 * `declare`) and shows the game; answers why the game refuses it (the scorer keeps the hand),
 * or null. */
export function recordTilesWin(win: TilesWin, hand: string, declare = false): string | null {
  const refused = record(tilesEvents(win, hand, declare), true);
  if (refused === null) host.shown();
  return refused;
}

/** Whether the game on the screen is in play (not over): the page opens on it. */
export function inProgress(): boolean {
  const game = state.game;
  return !!game && replayOf(game, game.record).next !== null;
}

/** Starts the panel: the game in the address (a shared link) or the one last played. */
export async function setupGame(given: Host): Promise<boolean> {
  connect(given);
  (window as unknown as { mj3Game: unknown }).mj3Game = { metrics: gameMetrics, state, redraw };
  // Another tab's save of the game on the screen is taken in as soon as it is made.
  window.addEventListener('storage', (event) => {
    if (event.key !== GAMES && event.key !== null) return;
    const before = state.game;
    if (before && latest() !== before) {
      state.step = { at: 'sheet' };
      if (!writable()) state.notice = null;
      redraw();
    }
  });
  // Another tab asks for the game this one holds, or hands it over.
  channel?.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as { kind?: string; id?: string; game?: Game } | null;
    if (data?.kind === 'let-go' && data.id === heldId) handOver();
    if (data?.kind === 'released' && data.id === heldId && data.game) {
      handed = { id: data.id, game: data.game };
      handedArrived?.();
    }
  });
  // A link pasted into the address bar of the open page changes only the hash.
  window.addEventListener('hashchange', () => {
    const given = packedIn(location.hash);
    if (!given) return;
    history.replaceState(history.state, '', '#game');
    host.shown();
    void openLink(given);
  });
  const current = shelf()?.getItem(CURRENT);
  state.game = kept(shelf()).find((g) => g.id === current) ?? null;
  await holdGame(state.game?.id ?? null);
  const packed = packedIn(location.hash);
  if (packed) {
    history.replaceState(history.state, '', '#game');
    await openLink(packed);
    return true;
  }
  redraw();
  return location.hash === '#game';
}
