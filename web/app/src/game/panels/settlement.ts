// The end of a game: a finished game's result as `mj3 game` settles it (points, uma, oka,
// the final result of each player, the sticks left), and "End the game here" for a game cut
// short. Every amount and sentence is the library's.

import { h } from '../../dom';
import { amount } from '../../mj3';
import type { InPlay, Replayed } from '../answers.js';
import { record, setStep, state } from '../controller';
import { draftOf } from '../record.js';
import { bigButton } from './widgets';
import './end.css';

/** The result of a game over, read from its end record and the library's sentence of how it
 * was settled; null while the game is not over. */
export function settlementPanel(replayed: Replayed): HTMLElement | null {
  const end = replayed.end;
  const settlement = end?.settlement;
  if (!end || !settlement) return null;
  // First place first (the standings above say each place): the name whole and the final
  // result large, then what made it.
  const players = end.standings.map((s) => h('li', { class: 'settled-player', 'data-player': s.player, 'data-place': s.place },
    h('div', { class: 'sp-head' },
      h('span', { class: 'sp-name' }, s.player),
      h('span', { class: `result ${s.result > 0 ? 'up' : s.result < 0 ? 'down' : ''}` }, amount.signed(s.result))),
    h('dl', { class: 'sp-amounts' },
      h('dt', {}, 'Points'), h('dd', { class: 'points' }, amount.written(s.points)),
      // The uma and oka where the settlement has them (the library's fact), as `mj3 game`.
      ...(settlement.adjusts ? [
        h('dt', {}, 'Uma'), h('dd', { class: 'uma' }, amount.signed(s.uma)),
        h('dt', {}, 'Oka'), h('dd', { class: 'oka' }, amount.signed(s.oka))] : []))));
  return h('section', { class: 'settlement', id: 'settlement', 'aria-label': 'The result of the game' },
    h('h3', {}, 'The result'),
    h('ol', { class: 'settled-players' }, ...players),
    replayed.settled ? h('p', { class: 'settled', id: 'settled' }, `Settled: ${replayed.settled}.`) : null);
}

/** Asks whether to end the game here: a step, with its history entry (view.ts), so that the
 * phone's Back answers Cancel and stays on the page. */
function ask(): void {
  setStep({ at: 'end' });
}

/** "End the game here": offered between hands of a game in play, after its first hand, while
 * no hand is being entered again (the library takes `end` only there); part of the sheet, so
 * not under another dialog (a step, or the link's question). */
export function endHere(replayed: Replayed, next: InPlay | null): HTMLElement | null {
  if (!next || next.events.length || !replayed.hands.length || !state.game || draftOf(state.game)) return null;
  if ((state.step.at !== 'sheet' && state.step.at !== 'end') || state.offer?.update) return null;
  if (state.step.at === 'end') {
    const last = replayed.hands[replayed.hands.length - 1];
    return h('section', { class: 'entry end-here', role: 'dialog', 'aria-label': 'End the game here?' },
      h('h3', {}, 'End the game here?'),
      h('p', {}, `The game ends after ${last.label} and is settled as it stands. Undo takes it back.`),
      h('div', { class: 'row' },
        bigButton('End the game', () => record({ kind: 'end' }), { id: 'end-confirm' }),
        h('button', { type: 'button', id: 'end-cancel', onclick: () => setStep({ at: 'sheet' }) }, 'Cancel')));
  }
  return h('p', { class: 'end-offer' },
    h('button', { type: 'button', id: 'end-here', onclick: ask }, 'End the game here'));
}
