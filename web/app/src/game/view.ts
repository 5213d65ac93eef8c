// The Game panel: the game kept at the table. Its state is the record text (record.ts); every
// tap changes the text (through the library's line writer) or the step of an entry in
// progress, and `redraw` draws the whole panel from that state, once.

import qrcode from 'qrcode-generator';
import { $, fill, grouped, h, signed } from '../dom';
import type { HandRecord, InPlay, PlayerRow, Replayed } from './answers.js';
import { Engine, type GameEvent, type GameStart, type WinValue } from './engine.js';
import { GAMES, forget, keep, kept, stored } from './games.js';
import {
  added, closed, houseOf, newGame, pendingLines, played, reopened, undone, withoutHand, type Game,
} from './record.js';
import { LinkError, link, packedIn, readLink, type Packed } from './share.js';
import { tileName } from '../tiles';
import type { GameSetting } from '../types';

/** What the panel needs from the rest of the page. */
export interface Host {
  wasm: ConstructorParameters<typeof Engine>[0];
  /** The shipped rulesets' names. */
  rulesets(): string[];
  /** The `[game]` keys a ruleset's system reads, with their values, and its system: a
   * shipped ruleset by name, or a house file's text (null, with the reason, when it does
   * not load). */
  rulesetGame(name: string, house?: string): { system: string; game: GameSetting[] } | { error: string };
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
  riichi: boolean;
  system: string;
  /** The player liable for the hand (pao), checked on its tiles. */
  pao: string | null;
}

type Step =
  | { at: 'sheet' }
  | { at: 'new' }
  | { at: 'games' }
  | { at: 'win'; also: boolean; winner: string | null; from: string | null | undefined; han: number | null; value: WinValue | null; pao: string | null }
  | { at: 'draw'; tenpai: string[] }
  | { at: 'pick'; what: 'riichi' | 'chombo' | 'nagashi' }
  | { at: 'abort' }
  | { at: 'correct' }
  | { at: 'spot' }
  | { at: 'share'; link: string | null; failed?: boolean }
  | { at: 'export' }
  | { at: 'hand'; index: number };

interface State {
  game: Game | null;
  step: Step;
  /** Earlier records of this game, for undo (this visit only; after a reload undo takes the
   * last line back). */
  history: string[];
  /** A sentence for the player (what could not be recorded, and why). */
  notice: string | null;
  /** The store refused the game as it is on the screen: it lives in this tab only until a
   * save succeeds (each change tries again). */
  unsaved: boolean;
  /** How many of the latest hands the sheet draws (a long game costs what is in sight). */
  shown: number;
}

/** Hands the sheet draws at first, and how many more each "earlier hands" tap adds. */
const SHEET_PAGE = 20;

const state: State = { game: null, step: { at: 'sheet' }, history: [], notice: null, unsaved: false, shown: SHEET_PAGE };
let engine: Engine;
let host: Host;

/** Figures the browser tests read: each redraw's time, and each event's from the tap to the
 * sheet redrawn (the line written, the record replayed, the panel drawn), in ms. */
export const gameMetrics = { redrawMs: [] as number[], eventMs: [] as number[] };

function shelf(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const CURRENT = 'mj3.game';

/** The name of the house file a game started under pasted text names (its `ruleset` line):
 * the file to keep beside the exported record. */
const HOUSE_FILE = 'house.toml';

/** `game` replayed as far as it is played (or `record`), under its house file. */
function replayOf(game: Game, record = played(game)): Replayed {
  return engine.replay(record, houseOf(game));
}

// ---- changes of state: each ends in one redraw ----

function setStep(step: Step): void {
  state.step = step;
  state.notice = null;
  redraw();
}

/** A tool's panel opened (and brought into sight), or closed when it is open. */
function toggle(step: Step): void {
  setStep(step.at === state.step.at ? { at: 'sheet' } : step);
  document.querySelector('#game-body .entry')?.scrollIntoView({ block: 'nearest' });
}

function setGame(game: Game | null, keepHistory = true, notice: string | null = null): void {
  if (keepHistory && state.game && game && game.id === state.game.id) state.history.push(state.game.record);
  if (!game || game.id !== state.game?.id) {
    state.history = [];
    state.shown = SHEET_PAGE;
  }
  state.game = game;
  state.step = { at: 'sheet' };
  state.notice = notice;
  save();
  redraw();
}

/** Writes the game on the screen to the store (with what the Games list shows of it), now:
 * when the store refuses it, `state.unsaved` says so and the panel offers the record. */
function save(): void {
  const game = state.game;
  if (!game) return;
  const replayed = replayOf(game, game.record);
  const players = playerNames(replayed).join(', ');
  const hands = replayed.hands.length;
  const about = `${replayed.end?.ruleset ?? ''} · ${hands === 1 ? '1 hand' : `${hands} hands`}`;
  const summarized = { ...game, players, about };
  state.unsaved = !keep(shelf(), summarized);
  if (state.unsaved) return;
  state.game = summarized;
  try {
    shelf()?.setItem(CURRENT, game.id);
  } catch {
    // The game itself is kept; which one was open last is only a convenience.
  }
}

/** The game on the screen as the store has it now: another tab's save of it taken in (and
 * said), so that a tap here adds to that tab's events rather than writing over them. */
function latest(): Game | null {
  const game = state.game;
  if (!game || state.unsaved) return game;
  const now = stored(shelf(), game.id);
  if (!now || (now.record === game.record && now.cursor === game.cursor)) return game;
  state.game = now;
  state.history = [];
  state.notice = OTHER_TAB;
  return now;
}

const OTHER_TAB = 'This game was changed in another tab or window: the sheet shows that change too.';

/** Adds the line of `event` to the game; a hand entered again is done when it ends. */
function record(event: GameEvent): void {
  const started = performance.now();
  const before = state.game;
  const game = latest();
  if (!game) return;
  const merged = game !== before ? OTHER_TAB : null;
  const written = engine.line(event);
  if ('error' in written) {
    state.notice = written.error;
    redraw();
    return;
  }
  let next = added(game, written.line);
  // A hand entered again is done when it ends (a second ron on its discard comes after).
  if (next.cursor !== null && ['win', 'draw', 'chombo', 'abort', 'correct'].includes(event.kind)) next = closed(next);
  const replayed = replayOf(next);
  if (replayed.error) {
    state.notice = replayed.error.message;
    redraw();
    return;
  }
  setGame(next, true, merged);
  gameMetrics.eventMs.push(performance.now() - started);
}

function undo(): void {
  const game = latest();
  if (!game) return;
  const previous = state.history.pop();
  if (previous !== undefined) {
    state.game = { ...game, record: previous, updated: Date.now() };
    state.step = { at: 'sheet' };
    save();
    redraw();
    return;
  }
  setGame(undone(game, replayOf(game)), false);
}

// ---- drawing ----

const seatShort = (seat: string) => seat.charAt(0);

function playerNames(replayed: Replayed): string[] {
  return replayed.end?.players ?? [];
}

/** The standings, large: each player's points, seat in the hand in play, the dealer marked. */
function standings(replayed: Replayed, next: InPlay | null): HTMLElement {
  const names = playerNames(replayed);
  const last = replayed.hands[replayed.hands.length - 1];
  const points = (name: string) => replayed.end?.standings.find((s) => s.player === name)?.points
    ?? last?.players.find((p) => p.player === name)?.total ?? replayed.end?.['starting-points'] ?? 0;
  const place = (name: string) => replayed.end?.standings.find((s) => s.player === name)?.place ?? 0;
  return h('ol', { class: 'standings', 'aria-label': 'Standings' },
    ...names.map((name) => {
      const seat = next?.seats.find((s) => s.player === name)?.seat ?? '';
      const dealer = next?.dealer === name;
      const at = place(name);
      return h('li', { class: `standing${dealer ? ' dealer' : ''}`, 'data-player': name },
        h('span', { class: 'standing-seat', 'aria-label': seat ? `${seat}${dealer ? ', dealer' : ''}` : '' }, seatShort(seat)),
        h('span', { class: 'standing-name' }, name),
        h('span', { class: 'standing-points' }, grouped(points(name))),
        h('span', { class: 'standing-place' }, at ? `${at}${['st', 'nd', 'rd'][at - 1]}` : ''));
    }));
}

function counters(next: InPlay): string {
  const parts = [next.label, `dealer ${next.dealer}`];
  parts.push(next.honba === 1 ? '1 counter' : `${next.honba} counters`);
  if (next.sticks) parts.push(next.sticks === 1 ? '1 stick' : `${next.sticks} sticks`);
  if (next.draws) parts.push(`${next.draws} drawn before`);
  return parts.join(' · ');
}

function rowCells(rows: PlayerRow[]): HTMLElement {
  return h('div', { class: 'hand-players' },
    ...rows.map((p) => h('div', { class: 'hand-player', 'data-player': p.player },
      h('span', { class: 'hp-name' }, p.player),
      h('span', { class: `hp-change ${p.change > 0 ? 'up' : p.change < 0 ? 'down' : ''}` }, signed(p.change)),
      h('span', { class: 'hp-total' }, grouped(p.total)))));
}

/** The hands drawn by the last redraw, by what they show: a hand the next redraw shows
 * alike is the same element (a 50-hand sheet is not built again for one more hand). */
let drawnHands = new Map<string, HTMLElement>();

/** What a hand of the sheet shows, as a key. */
function handKey(hand: HandRecord, index: number): string {
  const rows = hand.players.map((p) => `${p.player}:${p.change}:${p.total}`).join(',');
  return `${index}|${hand.number}|${hand.label}|${hand.kind}|${hand.dealer}|${rows}|${hand.events.join('|')}`;
}

/** The latest `state.shown` hands of the sheet, latest first, reusing the elements of hands
 * shown alike before; a button for earlier hands after them. */
function sheetItems(hands: HandRecord[]): HTMLElement[] {
  const drawn = new Map<string, HTMLElement>();
  const from = Math.max(0, hands.length - state.shown);
  const items = hands.slice(from).map((hand, i) => {
    const index = from + i;
    const key = handKey(hand, index);
    const item = drawnHands.get(key) ?? handItem(hand, index);
    drawn.set(key, item);
    return item;
  });
  drawnHands = drawn;
  items.reverse();
  if (from > 0) {
    const more = Math.min(from, SHEET_PAGE * 5);
    items.push(h('li', { class: 'sheet-more' },
      h('button', { type: 'button', id: 'sheet-more', onclick: () => { state.shown += more; redraw(); } },
        `Show ${more} earlier hands (${from} not shown)`)));
  }
  return items;
}

/** One hand of the sheet: its name, what happened, each player's change and total. */
function handItem(hand: HandRecord, index: number): HTMLElement {
  return h('li', { class: `sheet-hand ${hand.kind}`, 'data-number': hand.number },
    h('button', { type: 'button', class: 'hand-head', 'aria-label': `Hand ${hand.number}, ${hand.label}: change or delete it`, onclick: () => setStep({ at: 'hand', index }) },
      h('span', { class: 'hand-label' }, `${hand.number}. ${hand.label}`),
      h('span', { class: 'small' }, hand.kind === 'correction' ? '' : ` dealer ${hand.dealer}`)),
    h('ul', { class: 'hand-events' }, ...hand.events.map((e) => h('li', {}, e))),
    rowCells(hand.players));
}

function bigButton(text: string, onclick: () => void, extra: Record<string, string> = {}): HTMLButtonElement {
  return h('button', { type: 'button', class: 'big', onclick, ...extra }, text);
}

function choiceRow(label: string, options: [string, string, boolean][], pick: (value: string) => void): HTMLElement {
  return h('fieldset', { class: 'choices' }, h('legend', {}, label),
    ...options.map(([value, text, on]) => h('button', {
      type: 'button', class: `choice${on ? ' on' : ''}`, 'aria-pressed': String(on), 'data-value': value,
      onclick: () => pick(value),
    }, text)));
}

function system(replayed: Replayed): string {
  return replayed.rules?.system ?? 'han-fu';
}

/** The value of a `[game]` key the game is played under (its ruleset or house file, with
 * the record's own `set` lines). */
function setting(replayed: Replayed, key: string): GameSetting['value'] | null {
  return replayed.rules?.game.find((s) => s.key === key)?.value ?? null;
}

/** The words of a `[game]` key that holds a list of them. */
function listed(replayed: Replayed, key: string): string[] {
  const value = setting(replayed, key);
  return Array.isArray(value) ? value.map(String) : [];
}

/** The value pad of a win, in the terms of the ruleset's system. */
function valuePad(step: Extract<Step, { at: 'win' }>, sys: string): HTMLElement[] {
  const set = (patch: Partial<Extract<Step, { at: 'win' }>>) => setStep({ ...step, ...patch });
  const chosen = (v: WinValue | null) => JSON.stringify(v) === JSON.stringify(step.value);
  if (sys === 'han-fu') {
    const limits = ['mangan', 'haneman', 'baiman', 'sanbaiman', 'yakuman'];
    const rows = [choiceRow('Han', [1, 2, 3, 4].map((n) => [String(n), `${n}`, step.han === n]), (v) => set({ han: Number(v), value: null })),
      choiceRow('Limit', limits.map((l) => [l, l, chosen({ limit: l })]), (v) => set({ han: null, value: { limit: v } }))];
    if (step.han !== null) {
      const fus = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
      rows.splice(1, 0, choiceRow('Fu', fus.map((f) => [String(f), String(f), chosen({ 'han-fu': { han: step.han ?? 0, fu: f } })]),
        (v) => set({ value: { 'han-fu': { han: step.han ?? 0, fu: Number(v) } } })));
    }
    return rows;
  }
  if (sys === 'han-table') {
    return [choiceRow('Han', Array.from({ length: 13 }, (_, i) => [String(i + 1), String(i + 1), chosen({ han: i + 1 })]),
      (v) => set({ value: { han: Number(v) } }))];
  }
  if (sys === 'fan') {
    return [choiceRow('Fan', Array.from({ length: 9 }, (_, i) => [String(i + 5), String(i + 5), chosen({ fan: i + 5 })]),
      (v) => set({ value: { fan: Number(v) } }))];
  }
  // points: hand-points and bonus-points, or a limit.
  const current = step.value && 'points' in step.value ? step.value.points : { hand: 0, bonus: 0 };
  const stepper = (label: string, key: 'hand' | 'bonus') => h('div', { class: 'stepper', role: 'group', 'aria-label': label },
    h('span', { class: 'stepper-label' }, label),
    h('button', { type: 'button', 'aria-label': `${label}: one fewer`, onclick: () => set({ value: { points: { ...current, [key]: Math.max(0, current[key] - 1) } } }) }, '−'),
    h('output', {}, String(current[key])),
    h('button', { type: 'button', 'aria-label': `${label}: one more`, onclick: () => set({ value: { points: { ...current, [key]: current[key] + 1 } } }) }, '+'));
  return [h('div', { class: 'steppers' }, stepper('Hand-points', 'hand'), stepper('Bonus-points', 'bonus')),
    choiceRow('Limit', [['half-limit', 'half limit', chosen({ limit: 'half-limit' })], ['full-limit', 'full limit', chosen({ limit: 'full-limit' })]],
      (v) => set({ value: { limit: v } }))];
}

function winEvent(step: Extract<Step, { at: 'win' }>): GameEvent | null {
  if (!step.winner || step.from === undefined || !step.value) return null;
  return { kind: 'win', winner: step.winner, from: step.from, also: step.also, pao: step.pao, value: step.value };
}

/** What the win would pay: the record with its line added, replayed. */
function preview(event: GameEvent): HTMLElement {
  const game = state.game;
  if (!game) return h('p');
  const written = engine.line(event);
  if ('error' in written) return h('p', { class: 'rules-error', role: 'alert' }, written.error);
  const replayed = replayOf(game, played(added(game, written.line)));
  if (replayed.error) return h('p', { class: 'rules-error', role: 'alert' }, replayed.error.message);
  const hand = replayed.hands[replayed.hands.length - 1];
  const win = hand?.wins[hand.wins.length - 1];
  if (!win) return h('p', { class: 'hint' }, 'Record it to finish the hand.');
  return h('div', { class: 'preview' }, h('p', { class: 'preview-summary' }, win.summary), rowCells(win.paid));
}

function winPanel(step: Extract<Step, { at: 'win' }>, replayed: Replayed, next: InPlay): HTMLElement {
  const names = playerNames(replayed);
  const set = (patch: Partial<Extract<Step, { at: 'win' }>>) => setStep({ ...step, ...patch });
  const parts: (HTMLElement | null)[] = [];
  if (!step.also) {
    parts.push(choiceRow('Who won?', names.map((n) => [n, n, step.winner === n]), (v) => set({ winner: v, from: step.from === v ? undefined : step.from })));
  } else {
    parts.push(choiceRow('Who else won on that discard?', names.filter((n) => n !== step.from).map((n) => [n, n, step.winner === n]), (v) => set({ winner: v })));
  }
  if (step.winner && !step.also) {
    const how: [string, string, boolean][] = [['', 'Tsumo', step.from === null]];
    for (const n of names.filter((x) => x !== step.winner)) how.push([n, `Ron from ${n}`, step.from === n]);
    parts.push(choiceRow('How?', how, (v) => set({ from: v || null })));
  }
  if (step.winner && step.from !== undefined) {
    const sys = system(replayed);
    // Liability is checked on the hand's tiles (a value does not show which hand it was).
    if (step.pao) parts.push(h('p', { class: 'small', id: 'pao-tiles' }, `${step.pao} liable: enter the winning hand's tiles, on which liability is checked.`));
    else parts.push(...valuePad(step, sys));
    const seat = next.seats.find((s) => s.player === step.winner)?.seat ?? 'East';
    parts.push(h('div', { class: 'row' },
      h('button', {
        type: 'button', class: 'secondary', onclick: () => host.scoreWin({
          ruleset: replayed.rules?.ruleset ?? '', house: state.game ? houseOf(state.game) : '', winner: step.winner ?? '', from: step.from ?? null, also: step.also, seat, round: next.round,
          fromSeat: next.seats.find((x) => x.player === step.from)?.seat ?? null,
          honba: next.honba, sticks: next.sticks_now, draws: next.draws, system: sys,
          riichi: next.declared.some((d) => d.player === step.winner),
          pao: step.pao,
        }),
      }, 'Enter the tiles instead'),
      h('label', { class: 'inline' }, 'Liable (pao) ',
        h('select', {
          'aria-label': 'The player liable for the hand (pao)',
          onchange: (e: Event) => { const v = (e.target as HTMLSelectElement).value; set({ pao: v || null, han: null, value: null }); },
        }, h('option', { value: '' }, 'nobody'),
        ...names.filter((n) => n !== step.winner).map((n) => h('option', { value: n, selected: step.pao === n }, n))))));
    const event = winEvent(step);
    if (event) {
      parts.push(preview(event));
      parts.push(bigButton('Record the win', () => record(event), { id: 'record-win' }));
    }
  }
  return h('section', { class: 'entry', 'aria-label': 'A win' }, ...parts);
}

function drawPanel(step: Extract<Step, { at: 'draw' }>, replayed: Replayed): HTMLElement {
  const names = playerNames(replayed);
  const toggle = (n: string) => setStep({ at: 'draw', tenpai: step.tenpai.includes(n) ? step.tenpai.filter((x) => x !== n) : [...step.tenpai, n] });
  const ordered = names.filter((n) => step.tenpai.includes(n));
  return h('section', { class: 'entry', 'aria-label': 'An exhaustive draw' },
    choiceRow('Who was ready (tenpai)?', names.map((n) => [n, n, step.tenpai.includes(n)]), toggle),
    bigButton('Record the draw', () => record({ kind: 'draw', tenpai: ordered }), { id: 'record-draw' }));
}

function pickPanel(step: Extract<Step, { at: 'pick' }>, replayed: Replayed): HTMLElement {
  const words = { riichi: 'Who declared riichi?', chombo: 'Who made the chombo?', nagashi: 'Who has a nagashi mangan?' };
  return h('section', { class: 'entry' },
    choiceRow(words[step.what], playerNames(replayed).map((n) => [n, n, false]), (player) => record({ kind: step.what, player })));
}

function abortPanel(replayed: Replayed): HTMLElement {
  const played = listed(replayed, 'abortive-draws');
  return h('section', { class: 'entry', 'aria-label': 'An abortive draw' },
    played.includes('nine-terminals')
      ? choiceRow('Nine terminals and honours: who showed them?', playerNames(replayed).map((n) => [n, n, false]),
        (player) => record({ kind: 'abort', draw: 'nine-terminals', player }))
      : null,
    played.includes('four-kans') ? bigButton('Four kongs', () => record({ kind: 'abort', draw: 'four-kans' })) : null);
}

function correctPanel(replayed: Replayed): HTMLElement {
  const names = playerNames(replayed);
  const fields = names.map((n) => h('input', { type: 'number', inputmode: 'numeric', step: '100', value: '0', 'aria-label': `${n}: points gained (negative: lost)`, 'data-player': n }));
  const submit = () => {
    const moves: [string, number][] = fields.map((f) => [f.dataset.player ?? '', Number(f.value)]);
    record({ kind: 'correct', moves: moves.filter(([, n]) => n !== 0) });
  };
  return h('section', { class: 'entry', 'aria-label': 'A correction' },
    h('p', { class: 'small' }, 'Points moved between players; they add up to zero.'),
    ...names.map((n, i) => h('label', { class: 'field' }, h('span', {}, n), fields[i])),
    bigButton('Record the correction', submit));
}

function spotPanel(replayed: Replayed): HTMLElement {
  const names = playerNames(replayed);
  const player = h('select', { 'aria-label': 'Who' }, ...names.map((n) => h('option', { value: n }, n)));
  // The tiles of the one system paid on the spot (malaysian: circles and honours), by name.
  const kongTiles = [...'123456789'].map((d) => `${d}p`).concat(['E', 'S', 'W', 'N', 'w', 'g', 'r']);
  const tile = h('select', { 'aria-label': 'The kong\u2019s tile' }, ...kongTiles.map((t) => h('option', { value: t }, tileName(t))));
  const made = h('select', { 'aria-label': 'How the kong was made' },
    h('option', { value: 'concealed' }, 'concealed'),
    ...names.map((n) => h('option', { value: `from:${n}` }, `claimed from ${n}`)),
    h('option', { value: 'promoted' }, 'promoted from a pong'));
  const kong = () => {
    const [how, from] = made.value.split(':');
    record({ kind: 'kong', player: player.value, tile: tile.value, made: how === 'from' ? 'from' : how === 'promoted' ? 'promoted' : 'concealed', from: from ?? null });
  };
  const set = h('select', { 'aria-label': 'Which set' }, ...['flowers', 'seasons', 'faces', 'animals'].map((s) => h('option', { value: s }, s)));
  const dealt = h('select', { 'aria-label': 'When it was made' }, h('option', { value: 'dealt' }, 'dealt'), h('option', { value: 'drawn' }, 'drawn'));
  return h('section', { class: 'entry', 'aria-label': 'Paid on the spot' },
    h('label', { class: 'field' }, h('span', {}, 'Who'), player),
    h('h3', {}, 'A kong'), h('div', { class: 'row' }, tile, made), bigButton('Record the kong', kong),
    h('h3', {}, 'A full set of bonus tiles'), h('div', { class: 'row' }, set, dealt),
    bigButton('Record the set', () => record({ kind: 'bonus-set', player: player.value, set: set.value, dealt: dealt.value === 'dealt' })));
}

function handPanel(index: number, replayed: Replayed): HTMLElement {
  const game = state.game;
  const hand = replayed.hands[index];
  if (!game || !hand) return h('section');
  return h('section', { class: 'entry', 'aria-label': `Hand ${hand.number}` },
    h('h3', {}, `${hand.number}. ${hand.label}`),
    ...hand.wins.map((w) => h('p', { class: 'small' }, w.summary)),
    h('div', { class: 'row' },
      bigButton('Enter it again', () => setGame(reopened(game, replayed, index)), { id: 'hand-edit' }),
      bigButton('Delete it', () => setGame(withoutHand(game, replayed, index)), { id: 'hand-delete' }),
      h('button', { type: 'button', onclick: () => setStep({ at: 'sheet' }) }, 'Keep it')));
}

/** The QR code of `text` as an SVG, its modules drawn as one path. */
function qrSvg(text: string): SVGSVGElement {
  const code = qrcode(0, 'L');
  code.addData(text);
  code.make();
  const n = code.getModuleCount();
  let d = '';
  for (let r = 0; r < n; r += 1) for (let c = 0; c < n; c += 1) if (code.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n + 8} ${n + 8}`);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'QR code of the link to this game');
  const back = document.createElementNS(ns, 'rect');
  back.setAttribute('width', String(n + 8));
  back.setAttribute('height', String(n + 8));
  back.setAttribute('fill', '#fff');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(back, path);
  return svg;
}

function sharePanel(step: Extract<Step, { at: 'share' }>): HTMLElement {
  const game = state.game;
  if (!game) return h('section');
  const asFile = saveLink(game.record, 'game.txt', 'Save the record as a file', 'share-file');
  if (step.failed) {
    return h('section', { class: 'entry share', 'aria-label': 'Share this game' },
      h('p', { role: 'alert', id: 'share-problem' }, 'This browser could not pack the game into a link. Send the record as a file instead.'),
      h('div', { class: 'row' }, asFile));
  }
  if (step.link === null) {
    link(location.href, game.record, houseOf(game)).then(
      (made) => { if (state.step.at === 'share') setStep({ at: 'share', link: made }); },
      () => { if (state.step.at === 'share') setStep({ at: 'share', link: null, failed: true }); });
    return h('section', { class: 'entry' }, h('p', {}, 'Packing the game…'));
  }
  const shown = step.link;
  let code: Element;
  try {
    code = qrSvg(shown);
  } catch {
    // The QR library's "code length overflow": the link is longer than a code holds.
    code = h('p', { id: 'share-no-code', role: 'status' }, `This game's link is too long for a QR code (${shown.length} characters, with its house file). Copy the link below and send it, or send the record as a file.`);
  }
  const said = h('span', { class: 'small', id: 'share-copied', role: 'status' }, `${shown.length} characters`);
  const field = h('input', { type: 'text', id: 'share-link', readonly: true, value: shown, 'aria-label': 'The link to this game' });
  const copy = () => {
    const failed = () => {
      field.select();
      said.textContent = 'Could not copy: the link is selected above, copy it from there.';
    };
    if (!navigator.clipboard) {
      failed();
      return;
    }
    navigator.clipboard.writeText(shown).then(() => { said.textContent = 'Copied.'; }, failed);
  };
  return h('section', { class: 'entry share', 'aria-label': 'Share this game' },
    h('p', {}, 'Another phone scans this code, or opens the link, and gets this sheet; no account, no server.'),
    code,
    field,
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'share-copy', onclick: copy }, 'Copy the link'),
      asFile,
      said));
}

/** A link that saves `text` as the file `name`. */
function saveLink(text: string, name: string, label: string, id: string): HTMLElement {
  const file = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  return h('a', { class: 'button', href: file, download: name, id }, label);
}

function exportPanel(replayed: Replayed): HTMLElement {
  const game = state.game;
  if (!game) return h('section');
  const area = h('textarea', { id: 'record-text', rows: '10', spellcheck: 'false', autocapitalize: 'off', 'aria-label': 'The game record, as mj3 game reads it' });
  area.value = game.record;
  const house = houseOf(game);
  const houseArea = h('textarea', { id: 'house-text', rows: '6', spellcheck: 'false', autocapitalize: 'off', 'aria-label': 'The house file the record names' });
  houseArea.value = house;
  // The file the record names, saved under its own name (a folder in the name is the
  // folder to keep it in, beside the record).
  const named = replayed.house_file ?? HOUSE_FILE;
  const fileName = named.split('/').pop() ?? HOUSE_FILE;
  return h('section', { class: 'entry', 'aria-label': 'Export or import a record' },
    h('p', { class: 'small' }, 'The record: mj3 game replays it to this sheet. Paste another record here to open it.'),
    area,
    house
      ? h('p', { class: 'small', id: 'house-note' }, `It is played under a house file, which the record names ${named}: keep the two files in one folder${named.includes('/') ? ` (the house file at ${named})` : ''}, and mj3 game replays the record to this sheet.`)
      : null,
    h('details', { class: 'game-options', id: 'record-house', open: !!house },
      h('summary', {}, 'Its house file'), houseArea),
    h('div', { class: 'row' },
      saveLink(game.record, 'game.txt', 'Save as a file', 'save-record'),
      house ? saveLink(house, fileName, `Save ${fileName}`, 'save-house') : null,
      h('button', { type: 'button', id: 'import', onclick: () => openRecord(area.value, houseArea.value) }, 'Open this record')));
}

/** Opens `text` as a game, under the house file `house` when its `ruleset` line names one
 * (the one kept with the same record, or a new one). The game is kept only once it has
 * replayed and drawn; a record that is no game is said, with its line, and the game on the
 * screen stays. */
function openRecord(text: string, house = '', from = 'This record'): void {
  const record = text.endsWith('\n') ? text : `${text}\n`;
  const given = house.trim() ? house : '';
  const same = kept(shelf()).find((g) => g.record === record && houseOf(g) === given);
  if (same) {
    setGame(same, false);
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
  const before = { game: state.game, history: state.history, shown: state.shown };
  const game = newGame(record, Date.now(), given);
  state.game = game;
  state.history = [];
  state.shown = SHEET_PAGE;
  state.step = { at: 'sheet' };
  state.notice = null;
  try {
    redraw();
  } catch {
    Object.assign(state, before);
    state.notice = `${from} holds a game this phone cannot draw.`;
    redraw();
    return;
  }
  setGame(game, false);
}

/** Opens the game a link holds, or says in the page's words why it cannot; the game on the
 * screen stays until the link's has replayed and drawn. */
async function openLink(packed: Packed): Promise<void> {
  let found: { record: string; house: string };
  try {
    found = await readLink(packed, engine.limits());
  } catch (error) {
    state.notice = error instanceof LinkError ? error.message : 'This link holds no game the page can read. Ask for the link again, or for the record as a file.';
    redraw();
    return;
  }
  openRecord(found.record, found.house, 'This link');
}

/** Deletes the kept game `id` (and leaves it, when it is the one on the screen). */
function deleteGame(id: string): void {
  if (!forget(shelf(), id)) state.notice = 'The game could not be deleted: the phone refused to change its store.';
  else if (state.game?.id === id) {
    state.game = null;
    state.unsaved = false;
  }
  redraw();
}

function gamesPanel(): HTMLElement {
  const list = kept(shelf());
  return h('section', { class: 'entry', 'aria-label': 'Games on this phone' },
    h('ul', { class: 'games' }, ...list.map((g) => {
      // What the game was when kept: the list replays no long game (a game kept by an
      // earlier version of the page, small, is replayed for it).
      const old = g.players === undefined && g.record.length <= 8192 ? replayOf(g) : null;
      const players = g.players ?? old?.end?.players.join(', ') ?? '';
      const about = g.about ?? (old ? `${old.end?.ruleset ?? ''} · ${old.hands.length} hands` : '');
      return h('li', {},
        h('button', { type: 'button', class: 'game-open', onclick: () => setGame(g, false) },
          h('span', {}, players || 'a game'),
          h('small', {}, ` ${about ? `${about} · ` : ''}${new Date(g.updated).toLocaleDateString()}`)),
        h('button', { type: 'button', 'aria-label': `Delete the game of ${players || 'a game'}`, onclick: () => deleteGame(g.id) }, '✕'));
    })),
    bigButton('New game', () => setStep({ at: 'new' })));
}

/** A `[game]` setting's control, by its kind: a word as a select of the words it may take, a
 * list of words as a toggle each, a boolean as a checkbox, a number (or a list of numbers) as
 * number fields; what the setting names (its criteria, for pao) as a list of names. */
function optionControl(setting: GameSetting): { control: HTMLElement; read: () => GameSetting['value'] } {
  const label = `Game option: ${setting.key.replace(/-/g, ' ')}`;
  const { value, choices } = setting;
  if (typeof value === 'boolean') {
    const box = h('input', { type: 'checkbox', checked: value, 'aria-label': label, 'data-key': setting.key });
    return { control: box, read: () => box.checked };
  }
  if (typeof value === 'number') {
    const field = h('input', { type: 'number', inputmode: 'numeric', value: String(value), 'aria-label': label, 'data-key': setting.key });
    return { control: field, read: () => Number(field.value) };
  }
  if (typeof value === 'string' && choices) {
    const select = h('select', { 'aria-label': label, 'data-key': setting.key },
      ...choices.map((c) => h('option', { value: c, selected: c === value }, c.replace(/-/g, ' '))));
    return { control: select, read: () => select.value };
  }
  if (Array.isArray(value) && choices) {
    const boxes = choices.map((c) => h('input', { type: 'checkbox', checked: value.includes(c), value: c, 'aria-label': `${label}: ${c.replace(/-/g, ' ')}` }));
    const control = h('span', { class: 'chips', 'data-key': setting.key },
      ...boxes.map((b, i) => h('label', { class: 'chip' }, b, h('span', {}, (choices[i] ?? '').replace(/-/g, ' ')))));
    return { control, read: () => boxes.filter((b) => b.checked).map((b) => b.value) };
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) {
    const numbers = value.map((v, i) => h('input', { type: 'number', inputmode: 'numeric', value: String(v), 'aria-label': `${label} ${i + 1}` }));
    return { control: h('span', { class: 'row', 'data-key': setting.key }, ...numbers), read: () => numbers.map((n) => Number(n.value)) };
  }
  // The rest (pao's criteria) are shown as they are, for reading only.
  return { control: h('output', { 'data-key': setting.key }, Array.isArray(value) ? value.join(', ') : String(value)), read: () => value };
}

/** The start form's ruleset and pasted house file, kept while the panel is redrawn (a
 * notice redraws it). */
const draft = { ruleset: 'sanma', house: null as string | null };

function newPanel(): HTMLElement {
  const rulesets = host.rulesets();
  const ruleset = h('select', { id: 'new-ruleset', 'aria-label': 'Ruleset' },
    ...rulesets.map((r) => h('option', { value: r, selected: r === draft.ruleset }, r)),
    h('option', { value: HOUSE_FILE, selected: draft.ruleset === HOUSE_FILE }, 'a house file'));
  // A house file pasted as the hand scorer takes one (the Rulesets tab's, to begin with).
  const houseArea = h('textarea', {
    id: 'new-house', rows: '6', spellcheck: 'false', autocapitalize: 'off', placeholder: 'extends = "sanma"\n\n[game]\n…',
    'aria-label': 'The house file, pasted',
  });
  houseArea.value = draft.house ?? host.houseText();
  const houseStatus = h('div', { id: 'new-house-status' });
  const houseBox = h('div', { class: 'new-house' },
    h('p', { class: 'small' }, `Paste the house file, as on the Rulesets tab. The record names it ${HOUSE_FILE}; the file is kept with the game, in its export and in its link.`),
    houseArea, houseStatus);
  const underHouse = () => ruleset.value === HOUSE_FILE;
  const names = ['East', 'South', 'West'].map((seat, i) => h('input', { type: 'text', id: `new-player-${i}`, 'aria-label': `Player ${i + 1} (${seat} at the start)`, placeholder: ['Ann', 'Ben', 'Cat'][i], autocapitalize: 'words', spellcheck: 'false' }));
  const options = h('div', { class: 'options' });
  /** Each setting's control, read back into its typed value when the game starts. */
  const fields: { setting: GameSetting; read: () => GameSetting['value'] }[] = [];
  const drawOptions = () => {
    fields.length = 0;
    draft.ruleset = ruleset.value;
    draft.house = houseArea.value;
    houseBox.hidden = !underHouse();
    const pasted = houseArea.value.trim();
    const info = !underHouse() ? host.rulesetGame(ruleset.value)
      : pasted ? host.rulesetGame('', houseArea.value) : { error: 'Paste the house file here.' };
    fill(houseStatus, underHouse() && 'error' in info ? h('pre', { class: 'rules-error', role: 'alert' }, info.error) : null);
    fill(options, ...('error' in info ? [] : info.game).map((setting) => {
      const { control, read } = optionControl(setting);
      fields.push({ setting, read });
      return h('label', { class: 'field' }, h('span', {}, setting.key.replace(/-/g, ' ')), control);
    }));
  };
  ruleset.addEventListener('change', drawOptions);
  houseArea.addEventListener('change', drawOptions);
  drawOptions();
  // Where to start: East 1 unless the table starts keeping score later.
  const number = (label: string, value: string) => h('input', { type: 'number', inputmode: 'numeric', value, 'aria-label': label });
  const round = h('select', { 'aria-label': 'Round' }, ...['East', 'South', 'West'].map((r) => h('option', { value: r }, r)));
  const hand = h('select', { 'aria-label': 'Hand of the round' }, ...[1, 2, 3].map((n) => h('option', { value: String(n) }, String(n))));
  const dealer = h('select', { 'aria-label': 'Dealer' }, ...[0, 1, 2].map((i) => h('option', { value: String(i) }, `Player ${i + 1}`)));
  const counters = number('Counters on the table', '0');
  const sticks = number('Riichi sticks on the table', '0');
  const points = [0, 1, 2].map((i) => number(`Points of player ${i + 1}`, ''));
  const later = h('details', { class: 'game-options', id: 'start-later' }, h('summary', {}, 'Start later in the game'),
    h('label', { class: 'field' }, h('span', {}, 'Round'), round),
    h('label', { class: 'field' }, h('span', {}, 'Hand'), hand),
    h('label', { class: 'field' }, h('span', {}, 'Dealer'), dealer),
    h('label', { class: 'field' }, h('span', {}, 'Counters'), counters),
    h('label', { class: 'field' }, h('span', {}, 'Sticks'), sticks),
    ...points.map((p, i) => h('label', { class: 'field' }, h('span', {}, `Points of player ${i + 1}`), p)));
  const start = () => {
    const players = names.map((n, i) => n.value.trim() || (n.placeholder ?? `P${i + 1}`));
    const at = later.open
      ? {
        round: round.value, hand: Number(hand.value), dealer: players[Number(dealer.value)],
        counters: Number(counters.value), sticks: Number(sticks.value),
        points: players.map((p, i): [string, number] => [p, Number(points[i].value)]),
      }
      : null;
    const settings = fields.flatMap(({ setting, read }): [string, GameSetting['value']][] => {
      const now = read();
      return JSON.stringify(now) === JSON.stringify(setting.value) ? [] : [[setting.key, now]];
    });
    const house = underHouse() ? houseArea.value : '';
    const begun: GameStart = { ruleset: ruleset.value, ...(house.trim() ? { house } : {}), players, settings, at };
    const written = underHouse() && !house.trim() ? { error: 'Paste the house file the game is played under.' } : engine.start(begun);
    if ('error' in written) {
      state.notice = written.error;
      redraw();
      return;
    }
    setGame(newGame(written.record, Date.now(), house.trim() ? house : ''), false);
  };
  return h('section', { class: 'entry', 'aria-label': 'A new game' },
    h('label', { class: 'field' }, h('span', {}, 'Ruleset'), ruleset),
    houseBox,
    ...names.map((n, i) => h('label', { class: 'field' }, h('span', {}, `Player ${i + 1}`), n)),
    h('details', { class: 'game-options' }, h('summary', {}, 'Game options'), options),
    later,
    bigButton('Start', start, { id: 'new-start' }));
}

/** The actions of the hand in play. */
function actions(replayed: Replayed, next: InPlay | null): HTMLElement {
  const sys = system(replayed);
  const han = replayed.rules?.counts_han ?? false;
  const last = replayed.hands[replayed.hands.length - 1];
  const lastWin = last?.wins[last.wins.length - 1];
  const canAlso = !!lastWin?.from && pendingLines(replayed).length === 0;
  // The all-last dealer, first, may stop (while the game goes on) or play on (where the
  // ruleset ends it for him).
  const choice = replayed.dealer_choice && last ? last.dealer : null;
  const win = (also: boolean, winner: string | null) => setStep({ at: 'win', also, winner, from: also ? lastWin?.from ?? null : undefined, han: null, value: null, pao: null });
  const winners = next && state.step.at !== 'win'
    ? h('div', { class: 'winners', role: 'group', 'aria-label': 'Who won?' },
      ...playerNames(replayed).map((name) => h('button', {
        type: 'button', class: 'big win-by', 'data-winner': name, 'aria-label': `${name} won`, onclick: () => win(false, name),
      }, `${name} won`)))
    : null;
  return h('div', { class: 'actions' },
    winners,
    next ? bigButton('Draw', () => setStep({ at: 'draw', tenpai: [] }), { id: 'act-draw' }) : null,
    next ? bigButton(han ? 'Riichi' : 'Ready', () => setStep({ at: 'pick', what: 'riichi' }), { id: 'act-riichi' }) : null,
    canAlso ? bigButton('Also ron', () => win(true, null), { id: 'act-also' }) : null,
    choice && next ? bigButton(`${choice} stops the game`, () => record({ kind: 'dealer-stops' }), { id: 'act-dealer-stops' }) : null,
    choice && !next ? bigButton(`${choice} plays on`, () => record({ kind: 'dealer-plays-on' }), { id: 'act-dealer-plays-on' }) : null,
    next ? bigButton('Chombo', () => setStep({ at: 'pick', what: 'chombo' }), { id: 'act-chombo' }) : null,
    next && sys === 'fan' ? bigButton('On the spot', () => setStep({ at: 'spot' }), { id: 'act-spot' }) : null,
    next && setting(replayed, 'nagashi-mangan') === true ? bigButton('Nagashi', () => setStep({ at: 'pick', what: 'nagashi' }), { id: 'act-nagashi' }) : null,
    next && listed(replayed, 'abortive-draws').some((d) => d === 'nine-terminals' || d === 'four-kans') ? bigButton('Abortive draw', () => setStep({ at: 'abort' }), { id: 'act-abort' }) : null,
    bigButton('Correction', () => setStep({ at: 'correct' }), { id: 'act-correct' }),
    bigButton('Undo', undo, { id: 'act-undo' }));
}

function stepPanel(replayed: Replayed, next: InPlay | null): HTMLElement | null {
  const step = state.step;
  switch (step.at) {
    case 'win': return next ? winPanel(step, replayed, next) : null;
    case 'draw': return drawPanel(step, replayed);
    case 'pick': return pickPanel(step, replayed);
    case 'correct': return correctPanel(replayed);
    case 'abort': return abortPanel(replayed);
    case 'spot': return spotPanel(replayed);
    case 'share': return sharePanel(step);
    case 'export': return exportPanel(replayed);
    case 'hand': return handPanel(step.index, replayed);
    default: return null;
  }
}

/** What the store refused, at once: the game is on the screen and in this tab only; its
 * record to copy or save as a file, and a button to try again. */
function unsavedPanel(game: Game): HTMLElement {
  const area = h('textarea', { id: 'unsaved-record', rows: '3', readonly: true, spellcheck: 'false', 'aria-label': 'The record not saved on this phone' });
  area.value = game.record;
  const house = houseOf(game);
  // The house file under the name the record gives it (as Record saves it).
  const houseName = replayOf(game, game.record).house_file?.split('/').pop() ?? HOUSE_FILE;
  return h('section', { class: 'entry unsaved', id: 'unsaved', role: 'alert', 'aria-label': 'Not saved' },
    h('p', { class: 'notice' }, 'Not saved: the phone\u2019s storage is full. Until it is saved this game is only in this tab: keep its record (copy it, or save it as a file), or delete a game you no longer need and try again.'),
    area,
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'unsaved-copy', onclick: () => { area.select(); void navigator.clipboard?.writeText(game.record).catch(() => undefined); } }, 'Copy the record'),
      saveLink(game.record, 'game.txt', 'Save as a file', 'unsaved-file'),
      house ? saveLink(house, houseName, `Save ${houseName}`, 'unsaved-house') : null,
      h('button', { type: 'button', id: 'unsaved-retry', onclick: () => { save(); redraw(); } }, 'Try saving again')));
}

/** The notice: the page's sentence, and after its first line break the library's message
 * with its line and caret, preformatted. */
function noticeOf(text: string | null): HTMLElement | null {
  if (!text) return null;
  const cut = text.indexOf('\n');
  if (cut < 0) return h('p', { class: 'rules-error', role: 'alert', id: 'game-notice' }, text);
  return h('div', { class: 'rules-error', role: 'alert', id: 'game-notice' },
    h('p', {}, text.slice(0, cut)), h('pre', {}, text.slice(cut + 1)));
}

/** Draws the whole Game panel from the state. */
export function redraw(): void {
  const started = performance.now();
  const box = $('game-body');
  const notice = noticeOf(state.notice);
  const tools = h('div', { class: 'game-tools' },
    h('button', { type: 'button', id: 'games', onclick: () => toggle({ at: 'games' }) }, 'Games'),
    h('button', { type: 'button', id: 'new-game', onclick: () => toggle({ at: 'new' }) }, 'New'),
    state.game ? h('button', { type: 'button', id: 'share', onclick: () => toggle({ at: 'share', link: null }) }, 'Share') : null,
    state.game ? h('button', { type: 'button', id: 'export', onclick: () => toggle({ at: 'export' }) }, 'Record') : null);
  const unsaved = state.game && state.unsaved ? unsavedPanel(state.game) : null;
  if (state.step.at === 'new' || state.step.at === 'games' || !state.game) {
    const panel = state.step.at === 'games' ? gamesPanel() : newPanel();
    fill(box, tools, notice, unsaved, panel);
    gameMetrics.redrawMs.push(performance.now() - started);
    return;
  }
  const game = state.game;
  const replayed = replayOf(game, game.record);
  const playedTo = game.cursor === null ? replayed : replayOf(game);
  const next = playedTo.next;
  const status = next
    ? h('p', { class: 'in-play', id: 'in-play' }, counters(next))
    : h('p', { class: 'in-play over', id: 'in-play' }, replayed.end?.end ? `Game over: ${replayed.end.end}` : '');
  const pending = next?.events.length ? h('ul', { class: 'pending' }, ...next.events.map((e) => h('li', {}, e))) : null;
  const editing = game.cursor !== null
    ? h('p', { class: 'notice' }, 'Entering a hand again: the hands after it follow. ', h('button', { type: 'button', onclick: () => setGame(closed(game)) }, 'Done'))
    : null;
  const error = replayed.error ? h('pre', { class: 'rules-error', role: 'alert' }, replayed.error.shown) : null;
  const hands = sheetItems(replayed.hands);
  // The tools first: the Games list and a new game are one tap away however long the sheet.
  fill(box,
    tools,
    unsaved,
    standings(replayed, next),
    status, pending, editing, error, notice,
    actions(playedTo, next),
    stepPanel(playedTo, next),
    h('ol', { class: 'sheet', reversed: true, 'aria-label': 'The hands, latest first' }, ...hands));
  gameMetrics.redrawMs.push(performance.now() - started);
}

/** Records a win whose hand was built on the scorer's pad. */
export function recordTilesWin(win: TilesWin, hand: string): void {
  host.shown();
  record({ kind: 'win', winner: win.winner, from: win.from, also: win.also, pao: win.pao, hand });
}

/** Starts the panel: the game in the address (a shared link) or the one last played. */
export async function setupGame(given: Host): Promise<boolean> {
  host = given;
  engine = new Engine(given.wasm);
  (window as unknown as { mj3Game: unknown }).mj3Game = { metrics: gameMetrics, state, redraw };
  // Another tab's save of the game on the screen is taken in as soon as it is made.
  window.addEventListener('storage', (event) => {
    if (event.key !== GAMES && event.key !== null) return;
    const before = state.game;
    if (before && latest() !== before) {
      state.step = { at: 'sheet' };
      redraw();
    }
  });
  // A link pasted into the address bar of the open page changes only the hash.
  window.addEventListener('hashchange', () => {
    const given = packedIn(location.hash);
    if (!given) return;
    history.replaceState(null, '', '#game');
    host.shown();
    void openLink(given);
  });
  const current = shelf()?.getItem(CURRENT);
  state.game = kept(shelf()).find((g) => g.id === current) ?? null;
  const packed = packedIn(location.hash);
  if (packed) {
    history.replaceState(null, '', '#game');
    await openLink(packed);
    return true;
  }
  redraw();
  return location.hash === '#game';
}
