// The result as a person reads it: the verdict and what each seat pays, big; then every
// element with its value and tiles (a tap opens its card), the totals, the limit and notes.
// A waiting hand lists each winning tile with its score.

import { app } from './app';
import { fill, h, signed } from './dom';
import { openCard } from './reference';
import { splitTiles, tileSvg } from './tiles';
import type { Element, ErrorRecord, Report, Score, Totals } from './types';
import { fromReady, unreadyView } from './unready';
import { verdictText } from './verdict';

function limitText(t: Totals): string | null {
  const limit = t.limit;
  if (typeof limit !== 'string' || !limit) return null;
  if (t.system === 'points') return `${limit} limit (${Number(t.limit_points ?? 0)})`;
  return limit;
}

function elementValue(e: Element): string {
  const times = e.count > 1 ? ` × ${e.count}` : '';
  switch (e.class) {
    case 'yaku': return `${e.value} han${times}`;
    case 'dora': return `${e.value} dora${times}`;
    case 'yakuman': return e.value > 1 ? `${e.value}× yakuman` : 'yakuman';
    case 'fan': return `${e.value} fan${times}`;
    case 'limit': return 'limit';
    case 'half-limit': return 'half limit';
    case 'hand-point': return `${e.value} hand-pt${times}`;
    case 'bonus-point': return `${e.value} bonus-pt${times}`;
  }
  return `${e.points}`;
}

function miniTiles(text: string): HTMLElement {
  const tiles = splitTiles(text);
  return h('span', { class: 'mini-tiles', 'aria-label': text }, ...tiles.map((t) => {
    const svg = tileSvg(t);
    svg.setAttribute('aria-hidden', 'true');
    return svg;
  }));
}

function elementRow(e: Element, superseded: boolean): HTMLElement {
  return h('li', { class: superseded ? 'superseded' : '' },
    h('button', {
      type: 'button', class: 'element',
      'aria-label': `${e.name}, ${elementValue(e)}${superseded ? ', not counted: a limit applies' : ''}. Open its card`,
      onclick: () => openCard(e.id, app.rules),
    },
    h('span', { class: 'el-name' }, e.name),
    h('span', { class: 'el-value' }, elementValue(e)),
    e.tiles ? miniTiles(e.tiles) : null));
}

/** Whether the hand on the pad says how it was won (tsumo, or ron): until it does, no
 * payment is shown (the library would assume a ron). */
export function wayChosen(): boolean {
  return 'tsumo' in app.hand.context || 'ron' in app.hand.context;
}

function payments(score: Score): HTMLElement {
  if (!wayChosen()) {
    return h('p', { class: 'choose-way hint' }, 'Choose how it was won (tsumo, or ron from whom) to see the payments.');
  }
  return h('ul', { class: 'payments', 'aria-label': 'Payments' },
    ...score.payments.seats.map((p) =>
      h('li', { class: `pay ${p.amount > 0 ? 'gets' : p.amount < 0 ? 'pays' : ''}` },
        h('span', { class: 'seat' }, p.seat, h('small', {}, p.role === 'winner' ? ' winner' : p.role === 'discarder' ? ' discarder' : '')),
        h('span', { class: 'amount', 'aria-label': `${p.seat} ${p.amount >= 0 ? 'receives' : 'pays'} ${Math.abs(p.amount)}` }, signed(p.amount)),
        p.breakdown ? h('span', { class: 'why-paid' }, p.breakdown) : null)));
}

/** One score drawn whole. */
export function scoreView(score: Score): HTMLElement {
  const win = score.verdict.kind === 'win';
  const limit = limitText(score.totals);
  return h('div', { class: 'score' },
    h('p', { class: `verdict ${win ? 'is-win' : 'not-win'}` }, verdictText(score)),
    payments(score),
    h('p', { class: 'totals' }, score.totals_line),
    limit ? h('p', { class: 'limit' }, `Limit: ${limit}`) : null,
    h('ul', { class: 'elements', 'aria-label': 'Elements' },
      ...score.elements.map((e) => elementRow(e, false)),
      ...score.superseded.map((e) => elementRow(e, true))),
    h('p', { class: 'arrangement' }, 'Read as ', h('code', {}, score.arrangement),
      score.jokers?.length ? ` (jokers as ${score.jokers.join(' ')})` : ''),
    score.notes.length ? h('ul', { class: 'notes' }, ...score.notes.map((n) => h('li', {}, n))) : null,
  );
}

/** The report drawn in `box`; `discard` is called with the tile of a suggested discard tapped. */
export function showResult(box: HTMLElement, report: Report, discard: (tile: string) => void): void {
  if (report.unready) {
    fill(box, ...unreadyView(report.unready, discard));
    return;
  }
  if (report.kind === 'complete') {
    if (!report.score) {
      fill(box, h('p', { class: 'verdict not-win' }, 'No winning shape'),
        h('p', {}, `These 14 tiles make no winning hand under ${report.ruleset}.`));
      return;
    }
    fill(box, scoreView(report.score));
    return;
  }
  const waits = report.waits ?? [];
  if (!waits.length) {
    fill(box, h('p', { class: 'verdict not-win' }, 'Not waiting'), h('p', {}, 'No tile completes these 13 tiles.'));
    return;
  }
  fill(box,
    h('p', { class: 'verdict' }, `Waiting on ${waits.length} tile${waits.length > 1 ? 's' : ''}`),
    h('ul', { class: 'waits' }, ...waits.map((w) => {
      const winner = w.score.payments.seats.find((p) => p.role === 'winner');
      return h('li', {},
        h('details', {},
          h('summary', { 'aria-label': `On ${w.tile}: ${verdictText(w.score)}, ${w.score.totals_line}` },
            tileSvg(w.tile),
            h('span', { class: 'wait-verdict' }, verdictText(w.score)),
            h('span', { class: 'wait-total' }, w.score.totals_line),
            winner ? h('span', { class: 'wait-amount' }, signed(winner.amount)) : null),
          scoreView(w.score)));
    })));
}

/** A message of the library as a sentence on the page: begun with a capital, without the
 * backticks that mark its names for a terminal. */
export function inWords(message: string): string {
  const words = message.replace(/`/g, '');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The bar at the foot of the screen: the verdict and the payments, in sight while tiles are
 * tapped; a tap on it shows the whole result. */
export function showSummary(report: Report | ErrorRecord | null): void {
  const bar = document.getElementById('summary') as HTMLButtonElement;
  if (!report) {
    bar.hidden = true;
    return;
  }
  bar.hidden = false;
  if ('error' in report) {
    bar.classList.remove('is-win');
    bar.classList.add('not-win');
    fill(bar, h('span', { class: 'sum-verdict' }, 'Not a hand yet'), h('span', { class: 'sum-total' }, inWords(report.error.message)));
    return;
  }
  let score: Score | null = null;
  let head = '';
  const unready = report.unready;
  if (unready) {
    const best = unready.discards[0];
    head = unready.tiles === 13 ? `Not ready: ${fromReady(unready.shanten)}` : 'No winning shape';
    if (best) head += ` · discard ${best.tile}: ${best.shanten === 0 ? 'ready' : fromReady(best.shanten)}`;
  } else if (report.kind === 'complete') {
    score = report.score ?? null;
    head = score ? verdictText(score) : 'No winning shape';
  } else {
    const waits = report.waits ?? [];
    const best = waits.reduce<{ tile: string; score: Score } | null>((b, w) => {
      const amount = (x: Score) => x.payments.seats.find((p) => p.role === 'winner')?.amount ?? 0;
      return !b || amount(w.score) > amount(b.score) ? w : b;
    }, null);
    score = best?.score ?? null;
    head = waits.length ? `Waiting on ${waits.map((w) => w.tile).join(' ')}` : 'Not waiting';
    if (best) head += ` · best ${best.tile}`;
  }
  const win = score?.verdict.kind === 'win';
  bar.classList.toggle('is-win', win);
  bar.classList.toggle('not-win', !win);
  fill(bar,
    h('span', { class: 'sum-verdict' }, head),
    score ? h('span', { class: 'sum-total' }, score.totals_line) : null,
    score && wayChosen() ? h('span', { class: 'sum-pay' }, ...score.payments.seats.map((p) => h('span', {}, `${p.seat[0]} ${signed(p.amount)}`))) : null);
}

/** The error of a line that does not read: the message, then the line with a caret under
 * the column. */
export function showLineError(record: ErrorRecord | null): void {
  const box = document.getElementById('line-error') as HTMLElement;
  const field = document.getElementById('line') as HTMLInputElement;
  if (!record) {
    box.hidden = true;
    field.removeAttribute('aria-invalid');
    return;
  }
  const column = Math.max(1, record.error.column);
  const caret = `${' '.repeat(column - 1)}^`;
  box.hidden = false;
  field.setAttribute('aria-invalid', 'true');
  fill(box, h('span', { class: 'message' }, record.error.message), '\n',
    h('span', { class: 'snippet' }, record.input), '\n', h('span', { class: 'caret' }, caret));
}
