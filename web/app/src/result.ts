// The result as a person reads it: the verdict and what each seat pays, big; then every
// element with its value and tiles (a tap opens its card), the totals, the limit and notes.
// A waiting hand lists each winning tile with its score.

import { app } from './app';
import type { PlayerRow } from './game/answers.js';
import { amount } from './mj3';
import { fill, h } from './dom';
import { openCard } from './reference';
import { saidLine } from './said';
import { splitTiles, tileName, tileSvg } from './tiles';
import type { Element, ErrorRecord, Report, Said, Score, ScoreWords } from './types';
import { unreadyView } from './unready';

function miniTiles(text: string): HTMLElement {
  const tiles = splitTiles(text);
  return h('span', { class: 'mini-tiles', 'aria-label': text }, ...tiles.map((t) => {
    const svg = tileSvg(t);
    svg.setAttribute('aria-hidden', 'true');
    return svg;
  }));
}

/** An element's row; `worth` is what the library says it is worth. */
function elementRow(e: Element, worth: string, superseded: boolean): HTMLElement {
  return h('li', { class: superseded ? 'superseded' : '' },
    h('button', {
      type: 'button', class: 'element',
      'aria-label': `${e.name}, ${worth}${superseded ? ', not counted: a limit applies' : ''}. Open its card`,
      onclick: () => openCard(e.id, app.rules),
    },
    h('span', { class: 'el-name' }, e.name),
    h('span', { class: 'el-value' }, worth),
    e.tiles ? miniTiles(e.tiles) : null));
}

/** Whether the hand on the pad says how it was won (tsumo, or ron): until it does, no
 * payment is shown (the library would assume a ron). */
export function wayChosen(): boolean {
  return 'tsumo' in app.hand.context || 'ron' in app.hand.context;
}

/** What each seat receives or pays: the facts of the score, in its words (`words`). */
function payments(score: Score, words: ScoreWords): HTMLElement {
  if (!wayChosen()) {
    return h('p', { class: 'choose-way hint' }, 'Choose how it was won (tsumo, or ron from whom) to see the payments.');
  }
  return h('ul', { class: 'payments', 'aria-label': 'Payments' },
    ...words.payments.map((p, i) => {
      const seat = score.payments.seats[i];
      const amount = seat?.amount ?? 0;
      return h('li', { class: `pay ${amount > 0 ? 'gets' : amount < 0 ? 'pays' : ''}` },
        h('span', { class: 'seat' }, p.seat, seat?.role === 'other' && !seat.waiting ? null : h('small', {}, ` ${p.role}`)),
        h('span', { class: 'amount' }, p.amount),
        seat?.breakdown ? h('span', { class: 'why-paid' }, seat.breakdown) : null);
    }));
}

/** One score drawn whole, in the library's words for it. */
export function scoreView(score: Score, words: ScoreWords): HTMLElement {
  const win = score.verdict.kind === 'win';
  return h('div', { class: 'score' },
    h('p', { class: `verdict ${win ? 'is-win' : 'not-win'}` }, words.verdict),
    payments(score, words),
    h('p', { class: 'totals' }, score.totals_line),
    words.limit ? h('p', { class: 'limit' }, `Limit: ${words.limit}`) : null,
    h('ul', { class: 'elements', 'aria-label': 'Elements' },
      ...score.elements.map((e, i) => elementRow(e, words.elements[i] ?? '', false)),
      ...score.superseded.map((e, i) => elementRow(e, words.superseded[i] ?? '', true))),
    h('p', { class: 'arrangement' }, 'Read as ', h('code', {}, score.arrangement),
      score.jokers?.length ? ` (jokers as ${score.jokers.join(' ')})` : ''),
    words.notes.length ? h('ul', { class: 'notes' }, ...words.notes.map((n) => saidLine(n))) : null,
  );
}

/** The report drawn in `box`, in its words; `discard` is called with the tile of a
 * suggested discard tapped. */
export function showResult(box: HTMLElement, report: Report, discard: (tile: string) => void): void {
  const words = report.words;
  if (report.unready && words.unready) {
    fill(box, ...unreadyView(report.unready, words.unready, discard));
    return;
  }
  if (report.kind === 'complete') {
    if (!report.score || !words.score) {
      fill(box, h('p', {}, `These 14 tiles make no winning hand under ${report.ruleset}.`));
      return;
    }
    fill(box, scoreView(report.score, words.score));
    return;
  }
  const waits = report.waits ?? [];
  if (!waits.length) {
    fill(box, h('p', { class: 'verdict not-win' }, 'Not waiting'), h('p', {}, 'No tile completes these 13 tiles.'));
    return;
  }
  fill(box,
    h('p', { class: 'verdict' }, `Waiting on ${waits.map((w) => w.tile).join(' ')}`),
    h('ul', { class: 'waits' }, ...waits.map((w, i) => {
      const said = words.waits?.[i];
      if (!said) return null;
      return h('li', {},
        h('details', {},
          h('summary', { 'aria-label': `On ${tileName(w.tile)}: ${said.verdict}, ${w.score.totals_line}` },
            tileSvg(w.tile),
            h('span', { class: 'wait-verdict' }, said.verdict),
            h('span', { class: 'wait-total' }, w.score.totals_line),
            said.collects ? h('span', { class: 'wait-amount' }, said.collects) : null),
          scoreView(w.score, said)));
    })));
}

/** A bad line's message as a table reads it: the library's words with its sources apart,
 * or (a record without them) the message as it is. */
export function saidOf(record: ErrorRecord): Said {
  return record.error.said ?? { text: record.error.message, source: null };
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
    fill(bar, h('span', { class: 'sum-verdict' }, 'Not a hand yet'), h('span', { class: 'sum-total' }, inWords(saidOf(report).text)));
    return;
  }
  const words = report.words;
  let score: Score | null = null;
  let said: ScoreWords | null = null;
  let head = '';
  const unready = words.unready;
  if (report.unready && unready) {
    head = unready.line;
  } else if (report.kind === 'complete') {
    score = report.score ?? null;
    said = words.score ?? null;
    head = said?.verdict ?? '';
  } else {
    const waits = report.waits ?? [];
    // The wait the winner collects most on.
    let best = -1;
    waits.forEach((w, i) => {
      const amount = (x: Score) => x.payments.seats.find((p) => p.role === 'winner')?.amount ?? 0;
      if (best < 0 || amount(w.score) > amount(waits[best].score)) best = i;
    });
    score = waits[best]?.score ?? null;
    said = words.waits?.[best] ?? null;
    head = waits.length ? `Waiting on ${waits.map((w) => w.tile).join(' ')}` : 'Not waiting';
    if (best >= 0) head += ` · best ${waits[best].tile}`;
  }
  const win = score?.verdict.kind === 'win';
  bar.classList.toggle('is-win', win);
  bar.classList.toggle('not-win', !win);
  fill(bar,
    h('span', { class: 'sum-verdict' }, head),
    score ? h('span', { class: 'sum-total' }, score.totals_line) : null,
    said && wayChosen() ? h('span', { class: 'sum-pay' }, ...said.payments.map((p) => h('span', {}, `${p.letter} ${p.amount}`))) : null);
}

/** The bar's payments while a game's win is entered by its tiles: each player's change as
 * the game would record it, by name and in the game's order, as the preview above says it
 * (the score's own, by seat, counts the riichi sticks the winner takes, his own among them,
 * which the hand's change does not); none while the game refuses the hand. */
export function showGamePayments(rows: PlayerRow[] | null): void {
  const pay = document.querySelector('#summary .sum-pay');
  if (!pay) return;
  if (!rows) {
    pay.remove();
    return;
  }
  fill(pay as HTMLElement, ...rows.map((r) => h('span', { class: 'sum-named', 'data-player': r.player },
    h('span', { class: 'sum-name' }, r.player), amount.signed(r.change))));
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
