// The rules reference: search any criterion by any name, its card (the example and the
// near-miss scored live), the criteria of the ruleset, one hand compared across every
// ruleset, every reading of a hand, and "why not" for a criterion.

import { app } from './app';
import { $, fill, h } from './dom';
import { mj3, message, type RulesChoice } from './mj3';
import type { Card, CardEntry } from './types';
import { behindTap } from './said';


/** Loads a hand into the scorer (set by main). */
export let loadHand: (line: string, settings: string[], ruleset: string) => void = () => {};
export function onLoadHand(f: typeof loadHand): void {
  loadHand = f;
}

function field(label: string, ...value: (Node | string | null)[]): HTMLElement {
  return h('div', { class: 'card-field' }, h('dt', {}, label), h('dd', {}, ...value));
}

/** The hand as a button that scores it (with the settings it needs: the card says in words
 * what switches the criterion on). */
function handLink(hand: string, settings: string[], ruleset: string): HTMLElement {
  return h('button', {
    type: 'button', class: 'hand-link', 'aria-label': `Score ${hand} under ${ruleset}`,
    onclick: () => loadHand(hand, settings, ruleset),
  }, h('code', {}, hand));
}

/** The settings a hand is scored with, in the command line's `--set` form, behind a tap. */
function commandLine(settings: string[]): DocumentFragment | null {
  if (!settings.length) return null;
  const shown = h('code', { class: 'said-source small' }, settings.map((s) => `--set ${s}`).join(' '));
  return behindTap(shown, 'command line', 'The settings on the command line');
}

function entryView(entry: CardEntry): HTMLElement {
  const off = entry.switched_off;
  return h('section', { class: 'card-entry' },
    h('h3', {}, entry.ruleset, h('small', {}, ` ${entry.key}`)),
    h('dl', {},
      field('Worth', `${entry.value}${entry.open_value ? ` (open: ${entry.open_value})` : ''} · ${entry.class}`),
      field('Requires', entry.requires),
      entry.conditions.length ? field('Conditions', entry.conditions.join('; ')) : null,
      off ? field('Switched off', off.said, ' ', behindTap(h('code', { class: 'said-source' }, off.switch_on.join(' ')), 'command line', 'Switch it on from the command line')) : null,
      field('Example', handLink(entry.example.hand, entry.example.settings, entry.ruleset),
        h('span', { class: 'small' }, ` ${entry.example.element ?? 'not counted'} · ${entry.example.total}`), ' ', commandLine(entry.example.settings)),
      entry.near_miss ? field('Near miss', handLink(entry.near_miss.hand, entry.near_miss.settings, entry.ruleset),
        h('span', { class: 'small' }, ` ${entry.near_miss.reason} · ${entry.near_miss.total}`), ' ', commandLine(entry.near_miss.settings)) : null,
      field('Source', entry.source),
      entry.house_lines.length ? field('House file', h('pre', {}, entry.house_lines.join('\n'))) : null,
    ));
}

export function cardView(card: Card): HTMLElement {
  return h('article', { class: 'card' },
    h('h2', {}, card.name),
    h('p', { class: 'aliases' }, card.aliases.join(' · ')),
    ...card.entries.map(entryView));
}

/** Opens the card of the criterion `key` of the ruleset chosen, in a dialog. */
export function openCard(key: string, rules: RulesChoice): void {
  const dialog = $<HTMLDialogElement>('card-dialog');
  const body = $('card-body');
  try {
    const found = mj3.lookup(key, false, rules);
    fill(body, ...found.cards.map(cardView));
  } catch (error) {
    fill(body, h('p', { role: 'alert' }, message(error)));
  }
  if (!dialog.open) dialog.showModal();
  ($('card-close') as HTMLButtonElement).focus();
}

/** The search of the Reference panel. */
function search(): void {
  const query = $<HTMLInputElement>('search').value.trim();
  const everywhere = $<HTMLInputElement>('search-all').checked;
  const out = $('search-results');
  if (!query) {
    fill(out);
    return;
  }
  try {
    const found = mj3.lookup(query, true, everywhere ? null : app.rules);
    const cards = new Map(found.cards.map((c) => [c.name, c]));
    fill(out,
      h('ul', { class: 'matches', 'aria-label': 'Matches' }, ...found.matches.map((m) =>
        h('li', {}, h('button', {
          type: 'button', class: 'match',
          onclick: () => {
            const card = cards.get(m.name);
            if (card) fill($('search-card'), cardView(card));
          },
        }, m.name, h('small', {}, ` ${m.keys.map((k) => k.ruleset).join(', ')}`))))),
      h('div', { id: 'search-card' }, found.cards[0] ? cardView(found.cards[0]) : null));
  } catch (error) {
    fill(out, h('p', { class: 'not-found', role: 'status' }, message(error)));
  }
}

/** The criteria of the ruleset chosen, each opening its card. */
export function drawCriteria(): void {
  const out = $('criteria-list');
  try {
    const list = mj3.criteria(app.rules);
    fill(out, h('ul', { class: 'criteria' }, ...list.map((c) =>
      h('li', { class: c.active ? '' : 'off' }, h('button', {
        type: 'button', onclick: () => openCard(c.id, app.rules),
        'aria-label': `${c.name}${c.active ? '' : ' (switched off)'}: open its card`,
      }, c.name, h('small', {}, ` ${c.active ? `${c.value} ${c.class}` : 'off'}`))))));
  } catch (error) {
    fill(out, h('p', { role: 'alert' }, message(error)));
  }
}

/** The hand in the scorer under every shipped ruleset (and the house one in use). */
export function showCompare(): void {
  const out = $('extra');
  try {
    const houseText = app.rules.house;
    const c = mj3.compare(app.line, [], houseText);
    fill(out, h('h2', {}, 'Under every ruleset'),
      h('ul', { class: 'compare' }, ...[...c.columns.filter((col) => !col.error), ...c.columns.filter((col) => col.error)].map((col) => h('li', { class: col.error ? 'refused' : '' },
        h('h3', {}, col.ruleset),
        col.error ? h('p', {}, col.error) : h('div', {},
          h('p', { class: 'verdict-small' }, col.verdict.charAt(0).toUpperCase() + col.verdict.slice(1), col.wait ? ` on ${col.wait}` : ''),
          h('p', {}, col.totals),
          h('p', { class: 'compare-pay' }, ...col.payments.map((p) => h('span', {}, `${p.letter} ${p.written}`))),
          h('p', { class: 'small' }, col.elements.map((e) => `${e.name} ${e.value}`).join(', ')))))),
      c.differences.length ? h('p', { class: 'small' }, `Differ: ${c.differences.map((d) => d.name).join(', ')}`) : null);
  } catch (error) {
    fill(out, h('p', { role: 'alert' }, message(error)));
  }
  out.scrollIntoView({ block: 'start' });
}

/** Every reading of the hand in the scorer. */
export function showReadings(): void {
  const out = $('extra');
  try {
    const r = mj3.all(app.line, app.rules);
    if ('error' in r) {
      fill(out, h('p', { role: 'alert' }, r.error.message));
      return;
    }
    fill(out, h('h2', {}, 'Every reading'),
      ...r.waits.map((w) => h('section', {},
        w.tile ? h('h3', {}, `On ${w.tile}`) : null,
        h('ol', { class: 'readings' }, ...w.readings.map((reading) => h('li', { class: reading.chosen ? 'chosen' : '' },
          h('code', {}, reading.score.arrangement),
          reading.chosen ? h('strong', {}, ' ← scored') : null,
          h('p', { class: 'small' }, reading.score.elements.map((e) => e.name).join(', '))))))),
      h('p', { class: 'small' }, `Picked by: ${r['picked-by']}.`));
  } catch (error) {
    fill(out, h('p', { role: 'alert' }, message(error)));
  }
  out.scrollIntoView({ block: 'start' });
}

/** Why a criterion did or did not count for the hand in the scorer. */
export function showWhy(key: string): void {
  const out = $('extra');
  if (!key.trim()) return;
  try {
    const r = mj3.why(app.line, [key.trim()], app.rules);
    if ('error' in r) {
      fill(out, h('p', { role: 'alert' }, r.error.message));
      return;
    }
    fill(out, h('h2', {}, `Why: ${key}`), h('ul', { class: 'why' }, ...r.why.map((a) =>
      h('li', { class: `why-${a.answer}` }, a.tile ? h('strong', {}, `On ${a.tile}: `) : null, a.sentence))));
  } catch (error) {
    fill(out, h('p', { role: 'alert' }, message(error)));
  }
}

export function setupReference(): void {
  $('search').addEventListener('input', search);
  $('search-all').addEventListener('change', search);
  $('card-close').addEventListener('click', () => $<HTMLDialogElement>('card-dialog').close());
}
