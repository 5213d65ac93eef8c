// A hand with no winning shape, as the library analyses it and in its words: how far it is
// from ready and what brings it closer. 13 tiles: the useful draws with their unseen copies;
// 14 tiles: the discards best first, each with what it leaves, and a tap on one keeps the 13
// tiles left.

import { h } from './dom';
import { tileName, tileSvg } from './tiles';
import type { Discard, ScoreWords, Unready, UnreadyWords, Useful, Wait } from './types';

/** A tile with its unseen copies under it (`copies`: the library's words for them). */
function usefulTile(u: Useful, copies: string): HTMLElement {
  const svg = tileSvg(u.tile);
  svg.setAttribute('aria-hidden', 'true');
  return h('li', { 'aria-label': `${tileName(u.tile)}: ${copies} unseen` },
    svg, h('span', { 'aria-hidden': 'true' }, `×${u.unseen}`));
}

function usefulList(u: Unready, words: UnreadyWords, label: string): HTMLElement {
  return h('div', { class: 'useful' },
    h('p', { class: 'useful-head' }, `${label}: ${words.kinds}, `, h('strong', {}, words.useful), ' unseen'),
    h('ul', { class: 'useful-tiles', 'aria-label': label }, ...u.useful.map((d, i) => usefulTile(d, words.copies[i] ?? ''))));
}

/** What the winner collects on a wait, or why it is no win, in the library's words. */
function waitText(said: ScoreWords | undefined): string {
  return said?.collects ?? said?.verdict ?? '';
}

function discardRow(d: Discard, leaves: string, waits: ScoreWords[], discard: (tile: string) => void): HTMLElement {
  const ready = d.shanten === 0 && d.waits.length > 0;
  const shown = ready ? `ready on ${d.waits.map((w) => w.tile).join(' ')}` : leaves;
  const svg = tileSvg(d.tile);
  svg.setAttribute('aria-hidden', 'true');
  return h('li', { class: ready ? 'is-ready' : '' },
    h('button', {
      type: 'button', class: 'discard', 'data-tile': d.tile,
      'aria-label': `Discard ${tileName(d.tile)}: leaves it ${shown}, ${d.useful_count} useful. Keep the 13 tiles left`,
      onclick: () => discard(d.tile),
    },
    svg,
    h('span', { class: 'discard-leaves' }, shown),
    h('span', { class: 'discard-useful' }, `${d.useful_count} useful`)),
    ready
      ? h('ul', { class: 'discard-waits', 'aria-label': `Waits after discarding ${tileName(d.tile)}` },
        ...d.waits.map((w: Wait, i) => {
          const tile = tileSvg(w.tile);
          tile.setAttribute('aria-hidden', 'true');
          const win = w.score.verdict.kind === 'win';
          const text = waitText(waits[i]);
          return h('li', { class: win ? 'is-win' : 'not-win', 'aria-label': `On ${tileName(w.tile)}: ${text}` },
            tile, h('span', { 'aria-hidden': 'true' }, text));
        }))
      : null);
}

/** The analysis drawn whole in `words`; `discard` is called with the tile of a discard tapped. */
export function unreadyView(u: Unready, words: UnreadyWords, discard: (tile: string) => void): (HTMLElement | null)[] {
  const shapes = h('p', { class: 'small' }, `Shapes counted: ${u.shapes}.`);
  if (u.tiles === 13) {
    return [
      h('p', { class: 'verdict not-win' }, 'Not ready'),
      h('p', { class: 'from-ready' }, words.distance),
      u.useful.length ? usefulList(u, words, 'Useful draws') : null,
      shapes,
    ];
  }
  const best = words.discards[0];
  return [
    h('p', { class: 'verdict not-win long' }, words.line),
    h('p', { class: 'from-ready' }, !best ? words.distance
      : u.discards[0]?.shanten === 0 ? 'A discard leaves it ready' : `The best discard leaves it ${best.leaves}`),
    u.discards.length
      ? h('div', {},
        h('p', { class: 'small' }, 'Each discard, best first, and what it leaves (a tap keeps the 13 tiles left):'),
        h('ol', { class: 'discards', 'aria-label': 'Discards, best first' },
          ...u.discards.map((d, i) => discardRow(d, words.discards[i]?.leaves ?? '', words.discards[i]?.waits ?? [], discard))))
      : null,
    shapes,
  ];
}
