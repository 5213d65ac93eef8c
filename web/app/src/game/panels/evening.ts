// The evening: the games of one night picked from the games kept (today's to begin with),
// added up by the library as `mj3 evening` adds them up: each player's total and its value,
// who pays whom, the wins, deal-ins, riichi and average win, and the running totals drawn.

import { h } from '../../dom';
import { amount } from '../../mj3';
import { addUp, inOrder, nameOf, todays, units, type Evening, type UnitWords } from '../evening.js';
import { kept } from '../games.js';
import { host, notSaved, redraw, replayOf, shelf } from '../controller';
import './end.css';

/** What the player picked: the games (null: today's) and the value per unit typed. */
export const evening = { picked: null as string[] | null, rate: '' };

let unitWords: UnitWords[] | null = null;

/** The words of `unit` (`per 1,000 points`), from the library. */
function per(unit: Evening['unit']): string {
  unitWords ??= units(host.wasm);
  return unitWords.find((u) => u.unit === unit)?.per ?? '';
}

const SERIES = 6;

/** The running totals as a line per player, from 0 before the first game. */
export function chart(added: Evening): SVGSVGElement {
  const NS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(NS, 'svg');
  const [width, height, left, top, bottom] = [320, 150, 4, 14, 16];
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('class', 'evening-chart');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'The running totals after each game');
  const all = added.games.flatMap((g) => g.running);
  const most = Math.max(1, ...all.map(Math.abs));
  const steps = added.games.length;
  const x = (i: number) => left + (i * (width - 2 * left)) / Math.max(1, steps);
  const y = (v: number) => top + ((most - v) * (height - top - bottom)) / (2 * most);
  const add = (tag: string, attrs: Record<string, string | number>, text?: string) => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add('line', { x1: left, x2: width - left, y1: y(0), y2: y(0), class: 'zero' });
  add('text', { x: left, y: 10, class: 'axis' }, amount.signed(most));
  add('text', { x: left, y: height - 2, class: 'axis' }, amount.signed(-most));
  for (let i = 1; i <= steps; i += 1) add('text', { x: x(i), y: height - 2, class: 'axis', 'text-anchor': 'end' }, String(i));
  added.players.forEach((player, p) => {
    const points = [0, ...added.games.map((g) => g.running[p] ?? 0)].map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
    add('polyline', { points: points.join(' '), class: `series series-${p % SERIES}`, 'data-player': player.player });
  });
  return svg;
}

/** The evening's results: per player, who pays whom, the chart, the games. */
function shown(added: Evening): Node[] {
  const valued = added.rate !== null;
  // The declarations' column only where the system has them, in the library's word.
  const declared = added.declared;
  const players = h('ul', { class: 'evening-players', 'aria-label': 'Each player\u2019s evening' },
    ...added.players.map((p, i) => h('li', { class: 'evening-player', 'data-player': p.player },
      h('div', { class: 'ep-head' },
        h('span', { class: `swatch series-${i % SERIES}`, 'aria-hidden': 'true' }),
        h('span', { class: 'ep-name' }, p.player),
        h('span', { class: `ep-total ${p.total > 0 ? 'up' : p.total < 0 ? 'down' : ''}` }, amount.signed(p.total)),
        valued ? h('span', { class: 'ep-value' }, p.signed_value ?? '') : null),
      h('dl', { class: 'ep-counts' },
        h('dt', {}, 'Games'), h('dd', { 'data-count': 'games' }, String(p.games)),
        h('dt', {}, 'Wins'), h('dd', { 'data-count': 'wins' }, String(p.wins)),
        h('dt', {}, 'Deal-ins'), h('dd', { 'data-count': 'deal_ins' }, String(p.deal_ins)),
        ...(declared ? [h('dt', {}, declared), h('dd', { 'data-count': 'riichi' }, String(p.riichi))] : []),
        h('dt', {}, 'Average win'), h('dd', { 'data-count': 'average_win' }, p.average_win === null ? '·' : amount.written(p.average_win))))));
  const payments = added.payments.length
    ? h('ol', { class: 'payments', id: 'evening-payments', 'aria-label': 'Who pays whom' },
      ...added.payments.map((pay) => h('li', { 'data-from': pay.from, 'data-to': pay.to, 'data-points': pay.points },
        h('span', { class: 'pay-who' }, `${pay.from} pays ${pay.to}`),
        h('span', { class: 'pay-points' }, amount.written(pay.points)),
        pay.value !== null ? h('span', { class: 'pay-value' }, pay.value) : null)))
    : h('p', { id: 'evening-payments' }, 'Nobody pays: every total is zero.');
  const games = h('ol', { class: 'evening-games', 'aria-label': 'The games' },
    ...added.games.map((g) => h('li', {},
      h('span', { class: 'small' }, g.name),
      h('span', { class: 'eg-results' }, g.results.map((r) => `${r.player} ${amount.signed(r.result)}`).join(' · ')))));
  return [
    h('h3', {}, 'Who pays whom'), payments,
    h('h3', {}, 'Per player'), players,
    h('h3', {}, 'The running totals'), chart(added),
    h('h3', {}, 'The games'), games,
  ];
}

/** The evening panel: the games to add up, the value per unit, and the evening. */
export function eveningPanel(): HTMLElement {
  const list = inOrder([...notSaved.values(), ...kept(shelf()).filter((g) => !notSaved.has(g.id))]);
  // Today's games that are over, to begin with (each of today's games replayed to know).
  const picked = new Set(evening.picked ?? todays(list, Date.now(), (g) => !!replayOf(g, g.record).end?.settlement));
  const boxes = list.map((g) => {
    const box = h('input', {
      type: 'checkbox', checked: picked.has(g.id), value: g.id, 'data-game': g.id,
      onchange: () => {
        evening.picked = boxes.filter((b) => b.checked).map((b) => b.value);
        redraw();
      },
    });
    return box;
  });
  const chosen = list.filter((g) => picked.has(g.id)).map((g) => g.id);
  const added = chosen.length ? addUp(host.wasm, list, chosen, evening.rate) : null;
  const result = added && 'evening' in added ? added.evening : null;
  const rate = h('input', {
    id: 'evening-rate', type: 'text', inputmode: 'decimal', autocomplete: 'off', value: evening.rate, placeholder: '0.5',
    onchange: () => {
      evening.rate = rate.value;
      redraw();
    },
  });
  return h('section', { class: 'entry evening', id: 'evening', 'aria-label': 'The evening' },
    h('h3', {}, 'The evening'),
    list.length
      ? h('fieldset', { class: 'evening-pick' }, h('legend', {}, 'Its games'),
        ...list.map((g, i) => h('label', { class: 'evening-game' }, boxes[i], h('span', {}, nameOf(g), ' ', h('small', {}, new Date(g.updated).toLocaleDateString())))))
      : h('p', {}, 'No game is kept on this phone yet.'),
    h('label', { class: 'evening-rate' }, h('span', {}, result ? `Value ${per(result.unit)} (optional)` : 'Value (optional)'), rate),
    !chosen.length && list.length ? h('p', {}, 'Pick the games of the evening.') : null,
    added && 'error' in added
      ? h('div', { class: 'rules-error', role: 'alert', id: 'evening-error' },
        h('p', {}, 'These games cannot be added up: untick the one named, or open a game cut short and tap “End the game here”.'),
        h('pre', {}, added.error))
      : null,
    ...(result ? shown(result) : []));
}
