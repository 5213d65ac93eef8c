// The table view: the standings large enough to read across the table (each player's points
// in digits of 48 px and more), the dealer and what is on the table, the screen kept awake
// (the Screen Wake Lock API, where the browser has it); side by side in landscape.

import { closed, opened } from '../../back';
import { h } from '../../dom';
import { amount } from '../../mj3';
import type { InPlay, Replayed } from '../answers.js';
import { playerNames, redraw } from '../controller';
import { seatShort, standingPoints } from './sheet';

/** Whether the table view is open (this visit only). */
let shown = false;
/** The wake lock held while it is open, or null. */
let awake: WakeLockSentinel | null = null;
/** A request for it is under way. */
let asking = false;

export const tableShown = () => shown;

/** Keeps the screen on while the table view is open: silently nothing where the browser has
 * no wake lock or refuses it (a low battery, the page hidden). */
async function keepAwake(): Promise<void> {
  const lock = typeof navigator !== 'undefined' ? (navigator as Partial<Navigator>).wakeLock : undefined;
  if (!shown || asking || (awake && !awake.released) || !lock?.request) return;
  asking = true;
  try {
    const held = await lock.request('screen');
    if (!shown) {
      void held.release();
      return;
    }
    awake = held;
    held.addEventListener('release', () => {
      if (awake === held) awake = null;
    });
  } catch {
    // Refused: the screen may go dark, the view stays.
  } finally {
    asking = false;
  }
}

// The browser lets go of the lock when the page is hidden: asked for again on its return.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void keepAwake();
  });
}

/** Opens the table view (or closes it, `open` false). */
export function showTable(open: boolean): void {
  shown = open;
  // A dialog of the page: the phone's Back leaves it too (back.ts).
  if (open) {
    opened('table', () => showTable(false));
    void keepAwake();
  } else {
    closed('table');
    const held = awake;
    awake = null;
    void held?.release().catch(() => undefined);
  }
  redraw();
}

/** The table view of the game as `replayed` has it, `next` the hand in play. */
export function tablePanel(replayed: Replayed, next: InPlay | null): HTMLElement {
  const facts = next
    ? [next.label, ...next.on_the_table]
    // The end's plain words (its source, a `[game]` key, is not for the table).
    : [replayed.end?.end_said ? `Game over: ${replayed.end.end_said.text}` : ''];
  return h('section', { class: 'table-view', role: 'dialog', 'aria-label': 'The table view' },
    h('div', { class: 'table-head' },
      h('p', { class: 'table-facts' }, facts.filter(Boolean).join(' \u00b7 ')),
      h('button', { type: 'button', id: 'table-back', class: 'big', onclick: () => showTable(false) }, 'Back')),
    h('ol', { class: 'table-players', 'aria-label': 'Standings' },
      ...playerNames(replayed).map((name) => {
        const seat = next?.seats.find((s) => s.player === name)?.seat ?? '';
        const dealer = next?.dealer === name;
        return h('li', { class: `table-player${dealer ? ' dealer' : ''}`, 'data-player': name },
          h('span', { class: 'table-name' },
            seat ? h('span', { class: 'table-seat', 'aria-label': seat }, seatShort(seat)) : null,
            h('span', { class: 'table-who' }, name),
            dealer ? h('span', { class: 'table-dealer' }, 'dealer') : null),
          h('span', { class: 'table-points' }, amount.written(standingPoints(replayed, name))));
      })));
}
