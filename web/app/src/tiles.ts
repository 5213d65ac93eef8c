// Tiles drawn as SVG, so that they read the same on every phone whether or not it has a
// mahjong font: pips for circles, sticks for bamboo, a numeral for characters, letters for
// winds, and the classic frame, green and red for the dragons.

import type { TileName } from './types';

const SVG = 'http://www.w3.org/2000/svg';

/** Where the pips of 1 to 9 sit on a 30 × 40 tile face. */
const PIPS: Record<number, [number, number][]> = {
  1: [[15, 20]],
  2: [[15, 11], [15, 29]],
  3: [[8, 9], [15, 20], [22, 31]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]],
  5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]],
  6: [[9, 9], [21, 9], [9, 20], [21, 20], [9, 31], [21, 31]],
  7: [[8, 7], [15, 10], [22, 13], [9, 23], [21, 23], [9, 33], [21, 33]],
  8: [[9, 7], [21, 7], [9, 16], [21, 16], [9, 25], [21, 25], [9, 33], [21, 33]],
  9: [[8, 9], [15, 9], [22, 9], [8, 20], [15, 20], [22, 20], [8, 31], [15, 31], [22, 31]],
};

/** Each tile's name and, for a bonus tile, its set's word, as the library names them
 * (`setTileNames`, at start). */
const NAMES = new Map<string, TileName>();

/** Takes the library's tile names (`mj3.tileNames()`), once the library is loaded. */
export function setTileNames(names: TileName[]): void {
  for (const n of names) NAMES.set(n.tile, n);
}

/** A tile's name for screen readers, as the library writes it: `5 circles`, `1 circle`,
 * `red 5 circles`, `East wind`, `flower 2`; the notation itself for a tile it does not know. */
export function tileName(tile: string): string {
  return NAMES.get(tile)?.name ?? tile;
}

function el(name: string, attrs: Record<string, string | number>, text?: string): SVGElement {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

function label(text: string, y: number, size: number, cls: string): SVGElement {
  return el('text', { x: 15, y, 'font-size': size, 'text-anchor': 'middle', class: cls }, text);
}

/** The face of `tile` (`5p`, `0s`, `E`, `w`, `J`, `f1`, `N` as kita) drawn on a 30 × 40 tile. */
function face(svg: SVGElement, tile: string, bonus: boolean): void {
  const numbered = /^([0-9])([mps])$/.exec(tile);
  if (numbered) {
    const red = numbered[1] === '0';
    const n = red ? 5 : Number(numbered[1]);
    const suit = numbered[2];
    if (suit === 'm') {
      svg.append(label(String(n), 22, 20, red ? 't-red' : 't-ink'));
      svg.append(label('man', 34, 8, 't-red'));
      return;
    }
    const pips = PIPS[n] ?? [];
    pips.forEach(([x, y], i) => {
      const cls = red ? 't-red-fill' : suit === 'p' && (n === 1 || (n === 5 && i === 2)) ? 't-red-fill' : suit === 'p' ? 't-blue-fill' : 't-green-fill';
      if (suit === 'p') {
        const r = n === 1 ? 9 : n <= 4 ? 5 : n <= 6 ? 4.2 : 3.4;
        svg.append(el('circle', { cx: x, cy: y, r, class: cls }));
        if (n <= 6) svg.append(el('circle', { cx: x, cy: y, r: r / 2.4, class: 't-face-fill' }));
      } else {
        const h = n === 1 ? 22 : n <= 4 ? 13 : n <= 6 ? 9 : 7;
        svg.append(el('rect', { x: x - 1.8, y: y - h / 2, width: 3.6, height: h, rx: 1.6, class: cls }));
      }
    });
    return;
  }
  if (/^[ESWN]$/.test(tile)) {
    svg.append(label(tile, 27, 22, bonus ? 't-blue' : 't-ink'));
    if (bonus) svg.append(label('set aside', 37, 5.5, 't-ink'));
    return;
  }
  if (tile === 'w') {
    svg.append(el('rect', { x: 6, y: 7, width: 18, height: 26, rx: 2, class: 't-blue-stroke' }));
    svg.append(el('rect', { x: 9, y: 10, width: 12, height: 20, rx: 1, class: 't-blue-stroke' }));
    return;
  }
  if (tile === 'g') {
    svg.append(label('G', 27, 22, 't-green'));
    return;
  }
  if (tile === 'r') {
    svg.append(el('rect', { x: 13.2, y: 6, width: 3.6, height: 28, rx: 1, class: 't-red-fill' }));
    svg.append(el('rect', { x: 7, y: 13, width: 16, height: 11, rx: 1.5, class: 't-red-stroke' }));
    return;
  }
  if (tile === 'J') {
    svg.append(label('J', 26, 20, 't-gold'));
    svg.append(label(tileName('J'), 36, 7, 't-gold'));
    return;
  }
  const other = /^([fxha])([1-4])$/.exec(tile);
  if (other) {
    const cls = other[1] === 'f' ? 't-pink' : other[1] === 'x' ? 't-green' : other[1] === 'h' ? 't-blue' : 't-gold';
    svg.append(label(other[2], 24, 20, cls));
    svg.append(label(NAMES.get(tile)?.set ?? '', 35, 7, cls));
    return;
  }
  svg.append(label(tile, 25, 12, 't-ink'));
}

/** A tile drawn as an SVG image labelled with its name (`bonus`: an N or W set aside). */
export function tileSvg(tile: string, bonus = false): SVGElement {
  const svg = el('svg', { viewBox: '0 0 30 40', class: 'tile-svg', role: 'img', 'aria-label': tileName(tile) });
  svg.append(el('rect', { x: 0.75, y: 0.75, width: 28.5, height: 38.5, rx: 4, class: 't-body' }));
  face(svg, tile, bonus);
  return svg;
}

/** A tile as a button: drawn, labelled, with `onTap`. */
export function tileButton(tile: string, labelText: string, onTap: () => void, bonus = false): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'tile';
  button.dataset.tile = tile;
  button.setAttribute('aria-label', labelText);
  const svg = tileSvg(tile, bonus);
  svg.setAttribute('aria-hidden', 'true');
  svg.removeAttribute('role');
  button.append(svg);
  button.addEventListener('click', onTap);
  return button;
}

/** Tiles written in notation (`123p 55s E`, as the JSON's `tiles` and `arrangement` write
 * them) as a list of single tiles; brackets and marks are dropped. */
export function splitTiles(text: string): string[] {
  const tiles: string[] = [];
  let digits: string[] = [];
  for (const c of text) {
    if (/[0-9]/.test(c)) digits.push(c);
    else if (/[mps]/.test(c) && digits.length) {
      tiles.push(...digits.map((d) => d + c));
      digits = [];
    } else if (/[ESWNwgrJ]/.test(c)) tiles.push(c);
    else digits = [];
  }
  return tiles;
}
