// The sheet and the standings: what the game has been so far.

import { h } from '../../dom';
import { amount } from '../../mj3';
import type { HandRecord, InPlay, PlayerRow, Replayed } from '../answers.js';
import { SHEET_PAGE, engine, playerNames, redraw, redrawNow, setStep, state } from '../controller';
import { saidLine } from '../../said';

export const seatShort = (seat: string) => seat.charAt(0);

/** `name`'s points now: the standings of the game, or his total after the last hand. */
export function standingPoints(replayed: Replayed, name: string): number {
  const last = replayed.hands[replayed.hands.length - 1];
  return replayed.end?.standings.find((s) => s.player === name)?.points
    ?? last?.players.find((p) => p.player === name)?.total ?? replayed.end?.['starting-points'] ?? 0;
}

/** The standings, large: each player's points, seat in the hand in play, the dealer marked. */
export function standings(replayed: Replayed, next: InPlay | null): HTMLElement {
  const names = playerNames(replayed);
  const points = (name: string) => standingPoints(replayed, name);
  const place = (name: string) => replayed.end?.standings.find((s) => s.player === name)?.place ?? 0;
  return h('ol', { class: 'standings', 'aria-label': 'Standings' },
    ...names.map((name) => {
      const seat = next?.seats.find((s) => s.player === name)?.seat ?? '';
      const dealer = next?.dealer === name;
      const at = place(name);
      return h('li', { class: `standing${dealer ? ' dealer' : ''}`, 'data-player': name },
        h('span', { class: 'standing-seat', 'aria-label': seat ? `${seat}${dealer ? ', dealer' : ''}` : '' }, seatShort(seat)),
        h('span', { class: 'standing-name' }, name),
        h('span', { class: 'standing-points' }, amount.written(points(name))),
        h('span', { class: 'standing-place' }, at ? `${at}${['st', 'nd', 'rd'][at - 1]}` : ''));
    }));
}

export function counters(next: InPlay): string {
  // What the table counts is the library's words, as far as the system keeps it.
  return [next.label, `dealer ${next.dealer}`, ...next.on_the_table].join(' · ');
}

export function rowCells(rows: PlayerRow[]): HTMLElement {
  return h('div', { class: 'hand-players' },
    ...rows.map((p) => h('div', { class: 'hand-player', 'data-player': p.player },
      h('span', { class: 'hp-name' }, p.player),
      h('span', { class: `hp-change ${p.change > 0 ? 'up' : p.change < 0 ? 'down' : ''}` }, amount.signed(p.change)),
      h('span', { class: 'hp-total' }, amount.written(p.total)))));
}

/** The hands drawn by the last redraw, by what they show: a hand the next redraw shows
 * alike is the same element (a 50-hand sheet is not built again for one more hand). */
export let drawnHands = new Map<string, HTMLElement>();

/** What a hand of the sheet shows, as a key. */
export function handKey(hand: HandRecord, index: number): string {
  const rows = hand.players.map((p) => `${p.player}:${p.change}:${p.total}`).join(',');
  return `${index}|${hand.number}|${hand.label}|${hand.kind}|${hand.dealer}|${rows}|${hand.events.join('|')}`;
}

/** The latest `state.shown` hands of the sheet, latest first, reusing the elements of hands
 * shown alike before; a button for earlier hands after them. */
export function sheetItems(hands: HandRecord[]): HTMLElement[] {
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
        `Show ${engine.counted(more, 'hand')} more (${from} not shown)`)));
  }
  return items;
}

/** Opens hand `index`'s panel, brought into sight (the sheet is below it). */
function openHand(index: number): void {
  setStep({ at: 'hand', index });
  redrawNow();
  document.querySelector('#game-body .entry')?.scrollIntoView({ block: 'nearest' });
}

/** One hand of the sheet: its name, what happened, each player's change and total. */
export function handItem(hand: HandRecord, index: number): HTMLElement {
  return h('li', { class: `sheet-hand ${hand.kind}`, 'data-number': hand.number },
    h('button', { type: 'button', class: 'hand-head', 'aria-label': `Hand ${hand.number}, ${hand.label}: change, insert before or delete it`, onclick: () => openHand(index) },
      h('span', { class: 'hand-label' }, `${hand.number}. ${hand.label}`),
      h('span', { class: 'small' }, hand.kind === 'correction' ? '' : ` dealer ${hand.dealer}`),
      h('span', { class: 'hand-chevron', 'aria-hidden': 'true' }, '›')),
    h('ul', { class: 'hand-events' }, ...hand.said.map((s) => saidLine(s))),
    rowCells(hand.players));
}

/** Marks the hand `number` of the sheet as being entered again (`again`) or as the one a hand
 * is being inserted before (`before`); the others unmarked. */
export function markDrafted(items: HTMLElement[], number: number | null, how: 'again' | 'before'): void {
  for (const item of items) {
    const marked = number !== null && item.dataset.number === String(number);
    const mark = item.querySelector(':scope > .drafted-mark');
    if (!marked) {
      if (item.dataset.drafted) delete item.dataset.drafted;
      mark?.remove();
      continue;
    }
    if (item.dataset.drafted === how && mark) continue;
    item.dataset.drafted = how;
    mark?.remove();
    item.insertBefore(h('p', { class: 'drafted-mark' }, how === 'again' ? 'Being entered again' : 'A hand is being inserted before this one'), item.firstChild);
  }
}
