// The Score panel: the notation field and the tile pad kept in step, the circumstances as
// toggles and steppers, and the result drawn big enough to show across the table.

import { app, loadRuleset, metrics } from './app';
import { closed, opened } from './back';
import { $, fill, h } from './dom';
import {
  SEATS, countOf, emptyHand, fromParsed, handParts, listedTiles, otherSeats, setCount, setListed,
  tileCount, tileOrder, windOf, winningTile, type Count, type HandState, type Meld, type PerSeat,
  type Seat, type Word,
} from './hand';
import { amount, mj3, message, type Counted, type RulesChoice } from './mj3';
import { inWords, saidOf, showGamePayments, showLineError, showResult, showSummary } from './result';
import { remember, writeAddress } from './store';
import { tileButton, tileName, tileSvg } from './tiles';
import type { ErrorRecord, Report, Said } from './types';
import { saidLine } from './said';
import { recordTilesWin, tilesPreview, type TilesWin } from './game/view';
import { winPreview } from './game/panels/hand';

type PadMode = 'hand' | 'pon' | 'kong' | 'concealed-kong' | 'chow' | 'dora' | 'ura' | 'discards';

const MODE_LABELS: Record<PadMode, string> = {
  hand: 'Hand',
  pon: 'Pon',
  kong: 'Open kong',
  'concealed-kong': 'Closed kong',
  chow: 'Chow',
  dora: 'Dora indicator',
  ura: 'Ura indicator',
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
  let parsed: Report | ErrorRecord;
  try {
    parsed = mj3.score(line, app.rules);
  } catch (error) {
    fill(result, h('p', { class: 'rules-error', role: 'alert' }, message(error)));
    return false;
  }
  // A line refused that reads but holds no tile yet (a game's win opened on the pad, its
  // seat and round set) is a hand not begun, not an error: the hint, as for an empty field.
  // (A value stated in place of tiles is scored, and never reaches this.)
  const read = 'error' in parsed ? mj3.parse(line) : null;
  if (read && !('error' in read) && read.concealed.length + read.jokers + read.declared.length === 0) {
    showLineError(null);
    showSummary(null);
    fill(result, h('p', { class: 'hint' }, 'Tap tiles on the pad, or type a hand.'));
    return false;
  }
  const took = performance.now() - started;
  metrics.scoreMs.push(took);
  showSummary(parsed);
  if ('error' in parsed) {
    // A line that reads but that the ruleset refuses is said in words next to the hand; a
    // line that does not read gets the caret under the field.
    const reads = !('error' in mj3.parse(line));
    showLineError(reads ? null : parsed);
    if (reads) showIllegal(saidOf(parsed), whatToChange(line, parsed.error.column));
    fill(result);
  } else {
    showLineError(null);
    showResult(result, parsed, discard);
    if (metrics.firstResultMs === null) metrics.firstResultMs = performance.now();
  }
  return !('error' in parsed);
}

/** Says next to the hand why the ruleset refuses it (the rule's source behind a tap), and
 * what to change. */
function showIllegal(why: Said, change: string): void {
  const box = document.getElementById('hand-illegal');
  if (!box) return;
  box.hidden = false;
  const ruleset = app.rules.house ? 'the house rules' : app.rules.name;
  fill(box, h('strong', {}, `Under ${ruleset}, this hand cannot be scored. `),
    saidLine({ text: `${inWords(why.text)}. ${change}`, source: why.source }, 'span'));
}

/** What to change for an error at `column` of the line: the part of the hand the library
 * says it falls in, in words. */
function whatToChange(line: string, column: number): string {
  const { part, name, label = '' } = mj3.partAt(line, column);
  const listed = (['dora', 'ura', 'discards'] as const).find((n) => n === name);
  const word = WORDS.find((w) => w === name);
  if (part === 'bonus') return 'Take it out of the bonus tiles set aside.';
  if (part === 'declared') return 'Take that set out of the declared sets.';
  if (part === 'value') return 'Enter the hand by its tiles, or pick another ruleset.';
  if (listed) return `Take it out of the ${label.toLowerCase()}.`;
  if (word && app.info?.context.some((c) => c.name === word)) return `Untick “${label}” under How it was won.`;
  if (word) return `This ruleset does not play “${label.toLowerCase()}”: take it out of the notation field.`;
  if (part === 'context') return 'Change it under How it was won.';
  return 'Take it out of the hand, or pick another ruleset.';
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
    setListed(hand, 'discards', [...listedTiles(hand, 'discards'), discarded]);
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
function changed(write = true): void {
  // What was shown for an earlier hand (compare, readings, why) goes with it.
  fill($('extra'));
  const saved = { line: app.line, ruleset: app.rules.name, sets: app.rules.sets, house: !!app.rules.house };
  const scored = rescore();
  if (gameWin) {
    gameRefused = null;
    drawGameWin(scored);
  }
  clearTimeout(saving);
  if (!write) {
    pending = null;
    return;
  }
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
  app.line = writeLine(app.hand) ?? app.line;
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

/** Shows `line` in the field and on the pad, and scores it; unless `write` is false, the
 * address and the recent hands are written once the taps pause. */
export function setLine(line: string, keepHistory = true, write = true): void {
  if (keepHistory && line !== app.line) app.history.push(app.line);
  app.line = line;
  $<HTMLInputElement>('line').value = line;
  app.hand = fromParsed(mj3.parse(line)) ?? emptyHand();
  drawHand();
  drawCircumstances();
  changed(write);
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
  const tiles = amount.counted(count, 'tile');
  const status = count === 14 ? `${tiles}: a complete hand` : count === 13 ? `${tiles}: waiting` : tiles;
  const indicators = (['dora', 'ura', 'discards'] as const).flatMap((name) => {
    const tiles = listedTiles(hand, name);
    if (!tiles.length) return [];
    const words = labelOf(name);
    return [h('span', { class: 'indicators' }, h('span', { class: 'small' }, `${words}:`),
      ...tiles.map((t, i) => tileButton(t, `${words}: ${tileName(t)}, tap to remove`, () =>
        edit((s) => setListed(s, name, listedTiles(s, name).filter((_, j) => j !== i))))))];
  });
  fill($('hand'),
    h('div', { class: 'hand-tiles' }, ...concealed),
    melds.length || bonus.length ? h('div', { class: 'hand-sets' }, ...melds, ...bonus) : null,
    indicators.length ? h('div', { class: 'hand-indicators' }, ...indicators) : null,
    h('p', { class: 'count', 'aria-live': 'polite' }, status),
    h('p', { id: 'hand-illegal', class: 'hand-illegal', role: 'alert', hidden: true }),
  );
}

/** A context entry's name for people, as the library gives it for the ruleset. */
function labelOf(name: string): string {
  return app.info?.context.find((c) => c.name === name)?.label ?? name;
}

/** A seat's name, as the library gives it (`East`). */
function seatName(seat: Seat): string {
  return app.info?.seats.find((s) => s.letter === seat)?.name ?? seat;
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
        setListed(hand, mode, [...listedTiles(hand, mode), tile]);
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
function segmented(name: string, legend: string, options: [string, string][], value: string, onPick: (v: string) => void, locked = false): HTMLElement {
  return h('fieldset', { class: 'segmented', disabled: locked },
    h('legend', {}, legend),
    ...options.map(([v, text]) =>
      h('label', { class: 'seg' },
        h('input', { type: 'radio', name, value: v, checked: v === value, onchange: () => onPick(v) }),
        h('span', {}, text))));
}

/** The context words shown as toggles, and the counts shown as steppers (their labels are the
 * library's: `labelOf`). */
const WORDS: readonly Word[] = [
  'riichi', 'double-riichi', 'ippatsu', 'last', 'replacement', 'robbed', 'first', 'double-replacement', 'robbed-kita',
  'robbed-concealed',
];
const COUNTS: readonly Count[] = ['honba', 'sticks', 'draws'];
const PER_SEAT: Record<PerSeat, { legend: string; unit: Counted }> = {
  'others-fan': { legend: 'The other hands\u2019 fan (for their settlement)', unit: 'fan' },
  'others-fly': { legend: 'Fly tiles (jokers) the others held', unit: 'fly-tile' },
};

/** A stepper: − the value +; `shown` says the value in words. */
function stepper(label: string, shown: string, less: (() => void) | null, more: () => void, locked = false): HTMLElement {
  return h('div', { class: 'stepper', role: 'group', 'aria-label': label },
    h('span', { class: 'stepper-label' }, label),
    h('button', { type: 'button', 'aria-label': `${label}: one fewer`, disabled: !less || locked, onclick: () => less?.() }, '−'),
    h('output', { 'aria-live': 'polite', 'aria-label': `${label}: ${shown}` }, shown),
    h('button', { type: 'button', 'aria-label': `${label}: one more`, disabled: locked, onclick: more }, '+'));
}

/** A checkbox drawn as a chip. */
function chip(text: string, checked: boolean, onToggle: (on: boolean) => void, locked = false): HTMLElement {
  return h('label', { class: 'chip' },
    h('input', { type: 'checkbox', checked, disabled: locked, onchange: (e: Event) => onToggle((e.target as HTMLInputElement).checked) }),
    h('span', {}, text));
}

/** Each other seat's count (`others-fan`, `others-fly`): not given, or 0 and up. */
function perSeat(hand: HandState, name: PerSeat): HTMLElement {
  const { legend, unit } = PER_SEAT[name];
  const set = (seat: Seat, n: number | null) => edit((s) => {
    const values = { ...s.context[name] };
    if (n === null) delete values[seat];
    else values[seat] = n;
    if (Object.keys(values).length) s.context[name] = values;
    else delete s.context[name];
  });
  return h('fieldset', { class: 'per-seat' }, h('legend', {}, legend),
    ...otherSeats(hand).map((seat) => {
      const n = hand.context[name]?.[seat];
      return stepper(seatName(seat), n === undefined ? 'not given' : amount.counted(n, unit),
        n === undefined ? null : () => set(seat, n > 0 ? n - 1 : null),
        () => set(seat, n === undefined ? 0 : n + 1));
    }));
}

/** Where each exposed kong came from: not said, a seat's discard, or the winner's own pon. */
function kongFrom(hand: HandState): HTMLElement | null {
  const kongs = hand.melds.filter((m) => m.kind === 'kong').map((m) => m.tiles[0]);
  if (!kongs.length) return null;
  const from = hand.context['kong-from'] ?? {};
  return h('div', { class: 'kongs' }, ...kongs.map((tile) => segmented(`kong-from-${tile}`, `The kong of ${tileName(tile)} came from`,
    [['', 'Not said'], ...otherSeats(hand).map((s): [string, string] => [s, `${seatName(s)}\u2019s discard`]), ['self', 'Own pon']],
    from[tile] ?? '', (v) => edit((s) => {
      const now = { ...s.context['kong-from'] };
      if (v === 'self' || v === 'E' || v === 'S' || v === 'W') now[tile] = v;
      else delete now[tile];
      if (Object.keys(now).length) s.context['kong-from'] = now;
      else delete s.context['kong-from'];
    }))));
}

/** Drops what names the winner's own seat among the others (after the seat changed). */
function forgetOwnSeat(hand: HandState): void {
  const seat = windOf(hand, 'seat');
  if (hand.context.ron === seat) hand.context.ron = true;
  const waiting = hand.context.waiting?.filter((s) => s !== seat);
  if (waiting?.length) hand.context.waiting = waiting;
  else delete hand.context.waiting;
  for (const name of ['others-fan', 'others-fly'] as const) {
    const values = { ...hand.context[name] };
    delete values[seat];
    if (Object.keys(values).length) hand.context[name] = values;
    else delete hand.context[name];
  }
  const kongs = hand.context['kong-from'];
  if (kongs) for (const [tile, from] of Object.entries(kongs)) if (from === seat) delete kongs[tile];
}

/** The circumstances: how the hand was won, seat and round, the ruleset's words as toggles,
 * counts as steppers, and each other entry it reads as a control in words. */
function drawCircumstances(): void {
  const hand = app.hand;
  const info = app.info;
  const box = $('circumstances-body');
  if (!info) {
    fill(box);
    return;
  }
  const reads = (name: string) => info.context.some((c) => c.name === name);
  const seat = windOf(hand, 'seat');
  const others = otherSeats(hand);
  const ron = hand.context.ron;
  // A plain ron is from the seat before the winner's.
  const win = hand.context.tsumo ? 'tsumo' : ron === true ? SEATS[(SEATS.indexOf(seat) + 2) % 3] : ron || '';
  const winOptions: [string, string][] = [['tsumo', 'Tsumo'], ...others.map((from): [string, string] => [from, `Ron from ${from}`])];
  const pickWin = (v: string) => edit((s) => {
    delete s.context.tsumo;
    delete s.context.ron;
    if (v === 'tsumo') s.context.tsumo = true;
    else if (v === 'E' || v === 'S' || v === 'W') s.context.ron = v;
  });
  const pickWind = (name: 'seat' | 'round') => (v: string) => edit((s) => {
    if (v === 'S' || v === 'W') s.context[name] = v;
    else delete s.context[name];
    if (name === 'seat') forgetOwnSeat(s);
  });
  const words = WORDS.filter((w) => reads(w));
  const counts = COUNTS.filter((c) => reads(c));
  const waiting = hand.context.waiting ?? [];
  const dealtSets = info.bonus_sets;
  const dealt = hand.context.dealt ?? [];
  // A game's win: what the game sets is shown, and not changed here (a riichi the winner has
  // not declared may be turned on: it is recorded as his declaration).
  const byGame = gameWin !== null;
  const riichiLocked = !!gameWin && (gameWin.riichi || !gameWin.mayDeclare);
  fill(box,
    gameWin ? h('p', { class: 'small', id: 'game-filled' }, gameFilledNote(gameWin)) : null,
    segmented('win', 'Won by', winOptions, win, pickWin, byGame),
    segmented('seat', 'Winner\u2019s seat', SEATS.map((s) => [s, s]), seat, pickWind('seat'), byGame),
    segmented('round', 'Round', SEATS.map((s) => [s, s]), windOf(hand, 'round'), pickWind('round'), byGame),
    words.length ? h('fieldset', { class: 'chips' }, h('legend', {}, 'Situation'),
      ...words.map((w) => chip(labelOf(w), !!hand.context[w], (on) => edit((s) => {
        if (on) s.context[w] = true;
        else delete s.context[w];
      }), w === 'riichi' && riichiLocked))) : null,
    counts.length ? h('div', { class: 'steppers' }, ...counts.map((c) => {
      const n = countOf(hand, c);
      return stepper(labelOf(c), String(n), n > 0 ? () => edit((s) => setCount(s, c, n - 1)) : null,
        () => edit((s) => setCount(s, c, n + 1)), byGame);
    })) : null,
    reads('waiting') ? h('fieldset', { class: 'chips' }, h('legend', {}, 'Also waiting to win when it ended'),
      ...others.map((other) => chip(seatName(other), waiting.includes(other), (on) => edit((s) => {
        const now = (s.context.waiting ?? []).filter((x) => x !== other);
        if (on) now.push(other);
        if (now.length) s.context.waiting = SEATS.filter((x) => now.includes(x));
        else delete s.context.waiting;
      })))) : null,
    reads('kong-from') ? kongFrom(hand) : null,
    reads('dealt') && dealtSets.length ? h('fieldset', { class: 'chips bonus-sets' }, h('legend', {}, 'Whole sets in the starting hand'),
      ...dealtSets.map(({ letter, name }) => chip(name, dealt.includes(letter), (on) => edit((s) => {
        const now = (s.context.dealt ?? []).filter((x) => x !== letter);
        if (on) now.push(letter);
        if (now.length) s.context.dealt = now;
        else delete s.context.dealt;
      })))) : null,
    reads('others-fan') ? perSeat(hand, 'others-fan') : null,
    reads('others-fly') ? perSeat(hand, 'others-fly') : null,
  );
}

/** The win of a game whose hand is on the pad, or null. */
let gameWin: TilesWin | null = null;
/** Why the game refused that win when it was recorded (the hand stays on the pad). */
let gameRefused: string | null = null;

/** The context a game fills in for a win: not written in its record line. */
const GAME_FILLED = ['seat', 'round', 'tsumo', 'ron', 'honba', 'sticks', 'draws', 'riichi'] as const;

/** The hand as one line of notation, written by the library (`write`); null (and the reason
 * shown) if the library finds no notation in it. */
function writeLine(hand: HandState): string | null {
  try {
    return mj3.write(JSON.stringify(handParts(hand))).line;
  } catch (error) {
    fill($('result'), h('p', { class: 'rules-error', role: 'alert' }, message(error)));
  }
  return null;
}

/** The context the game sets for `win`: the winner's seat, the round, how it was won, the
 * counters, sticks and drawn hands of the hand in play, and his riichi. */
function gameContext(win: TilesWin): HandState['context'] {
  const reads = (name: string) => !!app.info?.context.some((c) => c.name === name);
  const hand = emptyHand();
  const letter = (seat: string): Seat | null => {
    const wind = seat.charAt(0);
    return wind === 'E' || wind === 'S' || wind === 'W' ? wind : null;
  };
  const seat = letter(win.seat);
  const round = letter(win.round);
  if (seat && seat !== 'E') hand.context.seat = seat;
  if (round && round !== 'E') hand.context.round = round;
  const from = win.fromSeat ? letter(win.fromSeat) : null;
  if (from) hand.context.ron = from;
  else hand.context.tsumo = true;
  if (win.honba && reads('honba')) hand.context.honba = win.honba;
  if (win.sticks && reads('sticks')) hand.context.sticks = win.sticks;
  if (win.draws && reads('draws')) hand.context.draws = win.draws;
  if (win.riichi && reads('riichi')) hand.context.riichi = true;
  return hand.context;
}

/** What the game sets, said above the circumstances. */
function gameFilledNote(win: TilesWin): string {
  // In the system's words (the library's): riichi with its stick where han are counted,
  // ready under `points`, no declaration under `fan`; counters and sticks only where the
  // table keeps them.
  const called = win.declaration;
  const word = called?.toLowerCase();
  const declared = !called ? ''
    : win.riichi ? ` ${win.winner} declared ${word} in the game.`
      : win.mayDeclare ? ` ${called} on records ${win.winner}\u2019s declaration${win.countsHan ? ', with its stick,' : ''} before the win.`
        : ` ${win.winner} did not declare ${word} in this hand.`;
  const set = win.countsHan ? 'the seat, the round, how it was won, the counters and the sticks' : 'the seat, the round and how it was won';
  return `Set by the game: ${set}.${declared}`;
}

/** The game's win as the pad has it: the line to record (without what the game sets), whether
 * the winner's riichi is declared with it, or why the pad contradicts the game. */
function gameWinLine(win: TilesWin): { line: string; declare: boolean } | { error: string } {
  const hand = { ...app.hand, context: { ...app.hand.context } };
  const wanted = gameContext(win);
  const differs = GAME_FILLED.filter((key) => key !== 'riichi' && JSON.stringify(hand.context[key]) !== JSON.stringify(wanted[key]));
  if (differs.length) return { error: `The game sets ${differs.join(', ')} for this win: put ${differs.length === 1 ? 'it' : 'them'} back as the game has ${differs.length === 1 ? 'it' : 'them'}, or Cancel.` };
  const riichi = !!hand.context.riichi;
  const word = (win.declaration ?? 'Riichi').toLowerCase();
  if (win.riichi && !riichi) return { error: `${win.winner} declared ${word} in the game: it stays on (Undo the declaration in the game to take it back).` };
  if (riichi && !win.riichi && !win.mayDeclare) return { error: `${win.winner} did not declare ${word} in this hand, and it cannot be declared now.` };
  for (const key of GAME_FILLED) delete hand.context[key];
  const line = writeLine(hand);
  return line === null ? { error: 'The hand has no notation yet.' } : { line, declare: riichi && !win.riichi };
}

/** The bar above the field while a game's win is entered by its tiles: what the game would
 * record (the record replayed with the win's lines), or why it refuses it. */
function drawGameWin(scored = false): void {
  const bar = $('game-win');
  bar.hidden = !gameWin;
  if (!gameWin) {
    fill(bar);
    return;
  }
  const win = gameWin;
  const how = win.from ? `ron from ${win.from}` : 'tsumo';
  const line = gameWinLine(win);
  const shown = 'error' in line ? line : scored ? tilesPreview(win, line.line, line.declare) : null;
  if (shown) showGamePayments('error' in shown ? null : shown.hand.players);
  const record = () => {
    const now = gameWinLine(win);
    gameRefused = 'error' in now ? now.error : recordTilesWin(win, now.line, now.declare);
    if (gameRefused === null) {
      gameWin = null;
      giveBackScoreTab();
      drawCircumstances();
    }
    drawGameWin(true);
  };
  fill(bar,
    win.drafting ? h('p', { class: 'dialog-drafting', id: 'game-win-drafting' }, win.drafting) : null,
    h('p', {}, `${win.winner} wins by ${how} (${win.seat}, ${win.round} round): tap the tiles, then record it.`),
    shown ? winPreview(shown) : null,
    gameRefused && !(shown && 'error' in shown && shown.error === gameRefused)
      ? h('p', { class: 'rules-error', role: 'alert', id: 'game-refused' }, gameRefused) : null,
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'record-in-game', class: 'big', onclick: record }, 'Record in the game'),
      h('button', { type: 'button', id: 'game-win-cancel', onclick: () => { closed('tiles'); leaveGameWin(); } }, 'Cancel')));
}

/** The game's win given up on the pad (its Cancel, or the phone's Back): back to the game,
 * where the win's dialog is as it was. */
function leaveGameWin(): void {
  gameWin = null;
  gameRefused = null;
  giveBackScoreTab();
  drawGameWin();
  drawCircumstances();
  $('tab-game').click();
}

/** The Score tab as the player left it (the line, its undo, the ruleset) while a game's win
 * has it: given back when the win is left or recorded. */
let playerTab: { line: string; history: string[]; rules: RulesChoice } | null = null;

/** A game's win takes the Score tab over (before it sets the game's ruleset): what the player
 * had there is kept to give back. */
export function takeScoreTab(): void {
  playerTab ??= { line: app.line, history: [...app.history], rules: app.rules };
}

/** The Score tab given back as the player left it: nothing of the game's win stays there (its
 * line, scored without tiles, would be an error the player did not make), and the address is
 * not written (the game's is kept: the player did not change the hand). */
function giveBackScoreTab(): void {
  const tab = playerTab;
  playerTab = null;
  if (!tab) return;
  if (tab.rules !== app.rules) {
    app.rules = tab.rules;
    loadRuleset();
  }
  setLine(tab.line, false);
  app.history = tab.history;
  clearTimeout(saving);
  pending = null;
}

/** Starts a game's win on an empty pad: the winner's seat, the round, the counters, the sticks
 * and riichi come from the game. A dialog inside the game's win, with its own history entry
 * (back.ts): Back returns to the win. */
export function startGameWin(win: TilesWin): void {
  opened('tiles', leaveGameWin);
  gameWin = win;
  gameRefused = null;
  const hand = emptyHand();
  hand.context = gameContext(win);
  const given = win.hand ? fromParsed(mj3.parse(win.hand)) : null;
  if (!given) {
    setLine(writeLine(hand) ?? '');
    return;
  }
  // A win entered again by its tiles: its hand and context as recorded, what the game sets
  // laid over them; Undo takes its tiles off from the last, as if they had just been tapped.
  const context = { ...given.context };
  for (const key of GAME_FILLED) delete context[key];
  const whole: HandState = { ...given, context: { ...context, ...hand.context } };
  const line = writeLine(whole);
  if (line === null) {
    setLine(writeLine(hand) ?? '');
    return;
  }
  const tapped = whole.concealed.map((_, n) => writeLine({ ...whole, concealed: whole.concealed.slice(0, n), win: null }));
  setLine(line, false);
  app.history = tapped.filter((l): l is string => l !== null);
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
  // Clear takes the tiles away; a game's win keeps what the game set (the winner's seat, how
  // he won, …) and a riichi turned on to be declared.
  $('clear').addEventListener('click', () => edit((s) => {
    const riichi = s.context.riichi;
    Object.assign(s, emptyHand());
    if (gameWin) s.context = { ...gameContext(gameWin), ...(riichi ? { riichi } : {}) };
  }));
}
