// A hand with no winning shape, as the library analyses it: how far it is from ready and what
// brings it closer. 13 tiles: the useful draws with their unseen copies; 14 tiles: the
// discards best first, each with what it leaves, and a tap on one keeps the 13 tiles left.

import { h, signed } from './dom';
import { tileName, tileSvg } from './tiles';
import type { Discard, Unready, Useful, Wait } from './types';
import { verdictText } from './verdict';

/** `2 tiles from ready`, `1 tile from ready`, `ready`; null: no winning shape can be reached. */
export function fromReady(shanten: number | null): string {
  if (shanten === null) return 'no winning shape can be reached';
  if (shanten === 0) return 'ready';
  return `${shanten} tile${shanten > 1 ? 's' : ''} from ready`;
}

const copies = (n: number) => `${n} cop${n === 1 ? 'y' : 'ies'}`;

/** A tile with its unseen copies under it. */
function usefulTile(u: Useful): HTMLElement {
  const svg = tileSvg(u.tile);
  svg.setAttribute('aria-hidden', 'true');
  return h('li', { 'aria-label': `${tileName(u.tile)}: ${copies(u.unseen)} unseen` },
    svg, h('span', { 'aria-hidden': 'true' }, `×${u.unseen}`));
}

function usefulList(useful: Useful[], total: number, label: string): HTMLElement {
  return h('div', { class: 'useful' },
    h('p', { class: 'useful-head' }, `${label}: ${useful.length} kind${useful.length === 1 ? '' : 's'}, `,
      h('strong', {}, `${total} tile${total === 1 ? '' : 's'}`), ' unseen'),
    h('ul', { class: 'useful-tiles', 'aria-label': label }, ...useful.map(usefulTile)));
}

/** What the winner collects on a wait, or why it is no win. */
function waitText(w: Wait): string {
  const winner = w.score.payments.seats.find((p) => p.role === 'winner');
  return w.score.verdict.kind === 'win' && winner ? signed(winner.amount) : verdictText(w.score);
}

function discardRow(d: Discard, discard: (tile: string) => void): HTMLElement {
  const ready = d.shanten === 0 && d.waits.length > 0;
  const leaves = ready ? `ready on ${d.waits.map((w) => w.tile).join(' ')}` : fromReady(d.shanten);
  const svg = tileSvg(d.tile);
  svg.setAttribute('aria-hidden', 'true');
  return h('li', { class: ready ? 'is-ready' : '' },
    h('button', {
      type: 'button', class: 'discard', 'data-tile': d.tile,
      'aria-label': `Discard ${tileName(d.tile)}: leaves it ${leaves}, ${d.useful_count} useful. Keep the 13 tiles left`,
      onclick: () => discard(d.tile),
    },
    svg,
    h('span', { class: 'discard-leaves' }, leaves),
    h('span', { class: 'discard-useful' }, `${d.useful_count} useful`)),
    ready
      ? h('ul', { class: 'discard-waits', 'aria-label': `Waits after discarding ${tileName(d.tile)}` },
        ...d.waits.map((w) => {
          const tile = tileSvg(w.tile);
          tile.setAttribute('aria-hidden', 'true');
          const win = w.score.verdict.kind === 'win';
          return h('li', { class: win ? 'is-win' : 'not-win', 'aria-label': `On ${tileName(w.tile)}: ${waitText(w)}` },
            tile, h('span', { 'aria-hidden': 'true' }, waitText(w)));
        }))
      : null);
}

/** The analysis drawn whole; `discard` is called with the tile of a discard tapped. */
export function unreadyView(u: Unready, discard: (tile: string) => void): (HTMLElement | null)[] {
  const shapes = h('p', { class: 'small' }, `Shapes counted: ${u.shapes}.`);
  if (u.tiles === 13) {
    return [
      h('p', { class: 'verdict not-win' }, 'Not ready'),
      h('p', { class: 'from-ready' }, `${fromReady(u.shanten)[0].toUpperCase()}${fromReady(u.shanten).slice(1)}`,
        u.shanten !== null && u.shanten > 0 ? ` (${u.shanten}-shanten)` : ''),
      u.useful.length ? usefulList(u.useful, u.useful_count, 'Useful draws') : null,
      shapes,
    ];
  }
  const best = u.discards[0];
  const head = best
    ? best.shanten === 0 ? 'A discard leaves it ready' : `The best discard leaves it ${fromReady(best.shanten)}`
    : fromReady(u.shanten);
  return [
    h('p', { class: 'verdict not-win' }, 'No winning shape'),
    h('p', { class: 'from-ready' }, head),
    u.discards.length
      ? h('div', {},
        h('p', { class: 'small' }, 'Each discard, best first, and what it leaves (a tap keeps the 13 tiles left):'),
        h('ol', { class: 'discards', 'aria-label': 'Discards, best first' }, ...u.discards.map((d) => discardRow(d, discard))))
      : null,
    shapes,
  ];
}
