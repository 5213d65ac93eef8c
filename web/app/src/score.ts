// The Score panel: the notation field and the tile pad kept in step, the circumstances as
// toggles and steppers, and the result drawn big enough to show across the table.

import { app, metrics } from './app';
import { $, fill, h } from './dom';
import {
  countOf, emptyHand, fromParsed, listedTiles, setCount, setListed, tileCount, tileOrder,
  winningTile, writeLine, type HandState, type Meld,
} from './hand';
import { mj3, message } from './mj3';
import { showLineError, showResult, showSummary } from './result';
import { remember, writeAddress } from './store';
import { tileButton, tileName, tileSvg } from './tiles';
import type { ErrorRecord, Report } from './types';
import { recordTilesWin, type TilesWin } from './game/view';

type PadMode = 'hand' | 'pon' | 'kong' | 'concealed-kong' | 'chow' | 'dora' | 'ura' | 'discards';

const MODE_LABELS: Record<PadMode, string> = {
  hand: 'Hand',
  pon: 'Pon [ ]',
  kong: 'Kong [ ]',
  'concealed-kong': 'Kong ( )',
  chow: 'Chow [ ]',
  dora: 'Dora ind.',
  ura: 'Ura ind.',
  discards: 'Discard',
};

let mode: PadMode = 'hand';

/** The hand the example button shows. */
const EXAMPLE = '234p567p678s99s234s riichi tsumo';


/** Scores the line in the field and shows the result; true when the line was scored. */
export function rescore(): boolean {
  const started = performance.now();
  const line = app.line.trim();
  const result = $('result');
  if (app.rulesError) {
    showLineError(null);
    showSummary(null);
    fill(result, h('p', { class: 'rules-error', role: 'alert' }, 'The ruleset does not load: ', h('pre', {}, app.rulesError)));
    return false;
  }
  if (!line) {
    showLineError(null);
    showSummary(null);
    fill(result, h('p', { class: 'hint' }, 'Tap tiles on the pad, or type a hand. ',
      h('button', { type: 'button', id: 'example', onclick: () => setLine(EXAMPLE) }, 'Show an example')));
    return false;
  }
  let json: string;
  try {
    json = mj3.score(line, app.rules);
  } catch (error) {
    fill(result, h('p', { class: 'rules-error', role: 'alert' }, message(error)));
    return false;
  }
  const took = performance.now() - started;
  metrics.scoreMs.push(took);
  const parsed = JSON.parse(json) as Report | ErrorRecord;
  showSummary(parsed);
  if ('error' in parsed) {
    showLineError(parsed);
    fill(result);
  } else {
    showLineError(null);
    showResult(result, parsed, discard);
    if (metrics.firstResultMs === null) metrics.firstResultMs = performance.now();
  }
  result.dataset.json = json;
  return !('error' in parsed);
}

/** Discards one `tile` of a 14-tile hand with no winning shape, as the result suggests: the
 * 13 tiles left stay, and the tile joins the player's discards (the waits shown counted it). */
function discard(tile: string): void {
  edit((hand) => {
    let at = hand.concealed.indexOf(tile);
    if (at < 0 && /^5[mps]$/.test(tile)) at = hand.concealed.indexOf(`0${tile[1]}`);
    if (at < 0) return;
    const [discarded] = hand.concealed.splice(at, 1);
    hand.win = null;
    setListed(hand, 'discards', [...listedTiles(hand.context.discards), discarded]);
  });
}

/** Waits for the taps to pause before the address and the last hands are written: the
 * browser takes milliseconds to change the address, more than scoring takes. */
let pending: (() => void) | null = null;
let saving: ReturnType<typeof setTimeout> | undefined;

/** Writes what waits to be written now (the page is being left). */
export function saveNow(): void {
  clearTimeout(saving);
  pending?.();
  pending = null;
}

/** After every change: the result; then, once the taps pause, the address and (when it
 * scored) the hand among the last ones kept. */
function changed(): void {
  // What was shown for an earlier hand (compare, readings, why) goes with it.
  fill($('extra'));
  const saved = { line: app.line, ruleset: app.rules.name, sets: app.rules.sets, house: !!app.rules.house };
  const scored = rescore();
  clearTimeout(saving);
  pending = () => {
    writeAddress(saved);
    if (scored) remember(saved);
  };
  saving = setTimeout(saveNow, 400);
}

/** A change made on the pad or by a toggle: kept for undo, written into the field, scored. */
function edit(change: (hand: HandState) => void): void {
  const started = performance.now();
  app.history.push(app.line);
  const context = JSON.stringify(app.hand.context);
  change(app.hand);
  app.line = writeLine(app.hand);
  $<HTMLInputElement>('line').value = app.line;
  drawHand();
  if (JSON.stringify(app.hand.context) !== context) drawCircumstances();
  changed();
  metrics.tapMs.push(performance.now() - started);
}

/** The line typed into the field fills the pad (when it reads). */
function typed(): void {
  app.line = $<HTMLInputElement>('line').value;
  const state = fromParsed(mj3.parse(app.line));
  if (state) app.hand = state;
  drawHand();
  drawCircumstances();
  changed();
}

/** Shows `line` in the field and on the pad, and scores it. */
export function setLine(line: string, keepHistory = true): void {
  if (keepHistory && line !== app.line) app.history.push(app.line);
  app.line = line;
  $<HTMLInputElement>('line').value = line;
  app.hand = fromParsed(mj3.parse(line)) ?? emptyHand();
  drawHand();
  drawCircumstances();
  changed();
}

function undo(): void {
  const previous = app.history.pop();
  if (previous === undefined) return;
  app.line = previous;
  $<HTMLInputElement>('line').value = previous;
  app.hand = fromParsed(mj3.parse(previous)) ?? emptyHand();
  drawHand();
  drawCircumstances();
  changed();
}

const MELD_WORDS: Record<Meld['kind'], string> = {
  pon: 'pon', kong: 'open kong', 'concealed-kong': 'concealed kong', chow: 'chow',
};

/** The hand as drawn above the pad: concealed tiles (tap one to make it the winning tile),
 * the declared sets, the bonus tiles and the indicators. */
function drawHand(): void {
  const hand = app.hand;
  const win = tileCount(hand) === 14 ? winningTile(hand) : null;
  // Sorted, the winning tile apart at the end, as the line writes them.
  const sorted = [...hand.concealed].sort((a, b) => tileOrder(a) - tileOrder(b));
  if (win) sorted.splice(sorted.lastIndexOf(win), 1);
  const tile = (t: string, isWin: boolean) => {
    const button = tileButton(
      t,
      `${tileName(t)}${isWin ? ', the winning tile' : ': tap to make it the winning tile'}`,
      () => edit((s) => { s.win = t; }),
    );
    if (isWin) button.classList.add('win');
    return button;
  };
  const concealed = sorted.map((t) => tile(t, false));
  if (win) concealed.push(tile(win, true));
  const melds = hand.melds.map((meld) =>
    h('span', { class: `meld ${meld.kind}`, role: 'img', 'aria-label': `${MELD_WORDS[meld.kind]} of ${tileName(meld.tiles[0])}` },
      ...meld.tiles.map((t, i) => {
        const svg = tileSvg(t);
        svg.setAttribute('aria-hidden', 'true');
        if (meld.kind === 'concealed-kong' && (i === 0 || i === 3)) svg.classList.add('face-down');
        return svg;
      })),
  );
  const bonus = hand.bonus.map((t) => {
    const svg = tileSvg(t, t === 'N' || t === 'W');
    svg.classList.add('bonus');
    return svg;
  });
  const count = tileCount(hand);
  const status = count === 14 ? '14 tiles: a complete hand' : count === 13 ? '13 tiles: waiting' : `${count} tiles`;
  const indicators = (['dora', 'ura', 'discards'] as const).flatMap((name) => {
    const tiles = listedTiles(hand.context[name]);
    if (!tiles.length) return [];
    return [h('span', { class: 'indicators' }, h('span', { class: 'small' }, name === 'discards' ? 'discards' : `${name}:`),
      ...tiles.map((t, i) => tileButton(t, `${name} ${tileName(t)}: tap to remove`, () =>
        edit((s) => setListed(s, name, listedTiles(s.context[name]).filter((_, j) => j !== i))))))];
  });
  fill($('hand'),
    h('div', { class: 'hand-tiles' }, ...concealed),
    melds.length || bonus.length ? h('div', { class: 'hand-sets' }, ...melds, ...bonus) : null,
    indicators.length ? h('div', { class: 'hand-indicators' }, ...indicators) : null,
    h('p', { class: 'count', 'aria-live': 'polite' }, status),
  );
}

/** A tap on the pad's `tile`, as the mode says. */
function tapTile(tile: string): void {
  edit((hand) => {
    switch (mode) {
      case 'hand':
        hand.concealed.push(tile);
        hand.win = null;
        break;
      case 'pon':
        hand.melds.push({ kind: 'pon', tiles: [tile, tile, tile] });
        break;
      case 'kong':
        hand.melds.push({ kind: 'kong', tiles: [tile, tile, tile, tile] });
        break;
      case 'concealed-kong':
        hand.melds.push({ kind: 'concealed-kong', tiles: [tile, tile, tile, tile] });
        break;
      case 'chow': {
        const m = /^([1-7])([mps])$/.exec(tile);
        if (m) {
          const n = Number(m[1]);
          hand.melds.push({ kind: 'chow', tiles: [n, n + 1, n + 2].map((d) => `${d}${m[2]}`) });
        }
        break;
      }
      case 'dora':
      case 'ura':
      case 'discards':
        setListed(hand, mode, [...listedTiles(hand.context[mode]), tile]);
        break;
    }
  });
}

function tapBonus(tile: string): void {
  edit((hand) => { hand.bonus.push(tile); });
}

/** The pad: only the tiles in play under the ruleset, a row per suit, then honours, then red
 * fives, jokers and the bonus tiles. */
export function drawPad(): void {
  const info = app.info;
  const pad = $('pad');
  if (!info) {
    fill(pad);
    return;
  }
  const rows: HTMLElement[] = [];
  for (const suit of ['m', 'p', 's']) {
    const tiles = info.tiles.filter((t) => t.tile.endsWith(suit) && /^[1-9]/.test(t.tile));
    if (tiles.length) rows.push(h('div', { class: 'pad-row' }, ...tiles.map((t) => tileButton(t.tile, `Add ${t.name}`, () => tapTile(t.tile)))));
  }
  const honours = info.tiles.filter((t) => !/^[1-9]/.test(t.tile));
  if (honours.length) rows.push(h('div', { class: 'pad-row' }, ...honours.map((t) => tileButton(t.tile, `Add ${t.name}`, () => tapTile(t.tile)))));
  const extra: HTMLElement[] = [];
  for (const red of info.red_fives) extra.push(tileButton(red.tile, `Add ${tileName(red.tile)}`, () => tapTile(red.tile)));
  if (info.jokers > 0) extra.push(tileButton('J', 'Add a joker', () => edit((s) => { s.concealed.push('J'); })));
  for (const b of info.bonus) extra.push(tileButton(b.tile, `Set aside ${b.name}`, () => tapBonus(b.tile), b.tile === 'N' || b.tile === 'W'));
  if (extra.length) rows.push(h('div', { class: 'pad-row extra' }, ...extra));
  fill(pad, ...rows);
  drawModes();
}

function drawModes(): void {
  const info = app.info;
  const reads = (name: string) => !!info?.context.some((c) => c.name === name);
  const modes: PadMode[] = ['hand', 'pon', 'kong', 'concealed-kong'];
  if (info?.melded_chows) modes.push('chow');
  if (reads('dora')) modes.push('dora');
  if (reads('ura')) modes.push('ura');
  modes.push('discards');
  if (!modes.includes(mode)) mode = 'hand';
  fill($('modes'), ...modes.map((m) =>
    h('label', { class: 'seg' },
      h('input', { type: 'radio', name: 'pad-mode', value: m, checked: m === mode, onchange: () => { mode = m; } }),
      h('span', {}, MODE_LABELS[m]))));
}

/** A radio group drawn as segmented buttons. */
function segmented(name: string, legend: string, options: [string, string][], value: string, onPick: (v: string) => void): HTMLElement {
  return h('fieldset', { class: 'segmented' },
    h('legend', {}, legend),
    ...options.map(([v, text]) =>
      h('label', { class: 'seg' },
        h('input', { type: 'radio', name, value: v, checked: v === value, onchange: () => onPick(v) }),
        h('span', {}, text))));
}

function windOf(hand: HandState, name: 'seat' | 'round'): string {
  return (hand.context[name] ?? '').split('=')[1] ?? 'E';
}

const WORD_LABELS: Record<string, string> = {
  riichi: 'Riichi', 'double-riichi': 'Double riichi', ippatsu: 'Ippatsu', last: 'Last tile',
  replacement: 'Replacement tile', robbed: 'Robbed kong', first: 'First turn',
  'double-replacement': 'Double replacement',
};
const COUNT_LABELS: Record<string, string> = { honba: 'Honba', sticks: 'Riichi sticks', draws: 'Draws before' };

/** The circumstances: how the hand was won, seat and round, the ruleset's words as toggles,
 * counts as steppers, and its other keys as text. */
function drawCircumstances(): void {
  const hand = app.hand;
  const info = app.info;
  const box = $('circumstances-body');
  if (!info) {
    fill(box);
    return;
  }
  const seat = windOf(hand, 'seat');
  const seats = ['E', 'S', 'W'];
  const ron = hand.context.ron;
  const win = hand.context.tsumo ? 'tsumo' : ron ? (ron.includes('=') ? ron : 'ron') : '';
  const winOptions: [string, string][] = [['tsumo', 'Tsumo']];
  for (const from of seats.filter((s) => s !== seat)) winOptions.push([`ron=${from}`, `Ron from ${from}`]);
  const pickWin = (v: string) => edit((s) => {
    delete s.context.tsumo;
    delete s.context.ron;
    if (v === 'tsumo') s.context.tsumo = 'tsumo';
    else s.context.ron = v;
  });
  const pickWind = (name: 'seat' | 'round') => (v: string) => edit((s) => {
    if (v === 'E') delete s.context[name];
    else s.context[name] = `${name}=${v}`;
    // A ron from the winner's own seat is no ron: fall back to the seat on the left.
    if (name === 'seat' && s.context.ron === `ron=${v}`) s.context.ron = 'ron';
  });
  const words = info.context.filter((c) => c.word);
  const counts = info.context.filter((c) => COUNT_LABELS[c.name]);
  const others = info.context.filter((c) => !c.word && !COUNT_LABELS[c.name] && !['dora', 'ura', 'discards'].includes(c.name));
  fill(box,
    segmented('win', 'Won by', winOptions, win === 'ron' ? `ron=${seats[(seats.indexOf(seat) + 2) % 3]}` : win, pickWin),
    segmented('seat', 'Winner\u2019s seat', seats.map((s) => [s, s]), seat, pickWind('seat')),
    segmented('round', 'Round', seats.map((s) => [s, s]), windOf(hand, 'round'), pickWind('round')),
    words.length ? h('fieldset', { class: 'chips' }, h('legend', {}, 'Situation'),
      ...words.map((w) => h('label', { class: 'chip' },
        h('input', {
          type: 'checkbox', checked: w.name in hand.context,
          onchange: (e: Event) => {
            const on = (e.target as HTMLInputElement).checked;
            edit((s) => { if (on) s.context[w.name] = w.name; else delete s.context[w.name]; });
          },
        }),
        h('span', {}, WORD_LABELS[w.name] ?? w.name)))) : null,
    counts.length ? h('div', { class: 'steppers' }, ...counts.map((c) => {
      const n = countOf(hand, c.name);
      const label = COUNT_LABELS[c.name];
      return h('div', { class: 'stepper', role: 'group', 'aria-label': label },
        h('span', { class: 'stepper-label' }, label),
        h('button', { type: 'button', 'aria-label': `${label}: one fewer`, disabled: n <= 0, onclick: () => edit((s) => setCount(s, c.name, n - 1)) }, '−'),
        h('output', { 'aria-live': 'polite', 'aria-label': `${label}: ${n}` }, String(n)),
        h('button', { type: 'button', 'aria-label': `${label}: one more`, onclick: () => edit((s) => setCount(s, c.name, n + 1)) }, '+'));
    })) : null,
    ...others.map((c) => h('label', { class: 'key-field' },
      h('span', {}, c.name),
      h('input', {
        type: 'text', value: (hand.context[c.name] ?? '').split('=').slice(1).join('='),
        placeholder: (c.example ?? '').split('=')[1] ?? '', autocapitalize: 'off', spellcheck: 'false',
        onchange: (e: Event) => {
          const v = (e.target as HTMLInputElement).value.trim();
          edit((s) => { if (v) s.context[c.name] = `${c.name}=${v}`; else delete s.context[c.name]; });
        },
      }))),
  );
}

/** The win of a game whose hand is on the pad, or null. */
let gameWin: TilesWin | null = null;

/** The context a game fills in for a win: not written in its record line. */
const GAME_FILLED = ['seat', 'round', 'tsumo', 'ron', 'honba', 'sticks', 'draws', 'riichi'];

/** The bar above the field while a game's win is entered by its tiles. */
function drawGameWin(): void {
  const bar = $('game-win');
  bar.hidden = !gameWin;
  if (!gameWin) {
    fill(bar);
    return;
  }
  const win = gameWin;
  const how = win.from ? `ron from ${win.from}` : 'tsumo';
  fill(bar,
    h('p', {}, `${win.winner} wins by ${how} (${win.seat}, ${win.round} round): tap the tiles, then record it.`),
    h('div', { class: 'row' },
      h('button', {
        type: 'button', id: 'record-in-game', class: 'big', onclick: () => {
          const hand = { ...app.hand, context: { ...app.hand.context } };
          for (const key of GAME_FILLED) delete hand.context[key];
          gameWin = null;
          drawGameWin();
          recordTilesWin(win, writeLine(hand));
        },
      }, 'Record in the game'),
      h('button', { type: 'button', onclick: () => { gameWin = null; drawGameWin(); } }, 'Cancel')));
}

/** Starts a game's win on an empty pad: the winner's seat, the round, the counters, the sticks
 * and riichi come from the game. */
export function startGameWin(win: TilesWin): void {
  gameWin = win;
  const reads = (name: string) => !!app.info?.context.some((c) => c.name === name);
  const hand = emptyHand();
  const letter = (seat: string) => seat.charAt(0);
  if (win.seat !== 'East') hand.context.seat = `seat=${letter(win.seat)}`;
  if (win.round !== 'East') hand.context.round = `round=${letter(win.round)}`;
  if (win.fromSeat) hand.context.ron = `ron=${letter(win.fromSeat)}`;
  else hand.context.tsumo = 'tsumo';
  if (win.honba && reads('honba')) hand.context.honba = `honba=${win.honba}`;
  if (win.sticks && reads('sticks')) hand.context.sticks = `sticks=${win.sticks}`;
  if (win.draws && reads('draws')) hand.context.draws = `draws=${win.draws}`;
  if (win.riichi && reads('riichi')) hand.context.riichi = 'riichi';
  setLine(writeLine(hand));
  drawGameWin();
}

/** Redraws the pad and the circumstances for a new ruleset, and scores again. */
export function rulesetChanged(): void {
  drawPad();
  drawHand();
  drawCircumstances();
  changed();
}

export function setupScore(): void {
  const field = $<HTMLInputElement>('line');
  field.addEventListener('input', typed);
  $('undo').addEventListener('click', undo);
  window.addEventListener('pagehide', saveNow);
  $('summary').addEventListener('click', () => $('result').scrollIntoView({ block: 'start', behavior: 'smooth' }));
  $('clear').addEventListener('click', () => edit((s) => Object.assign(s, emptyHand())));
}
