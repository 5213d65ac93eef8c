// A sentence of mj3's as a table reads it: the library's words, their source behind a tap.

import { h } from './dom';

/** A sentence as the table reads it (the library's `said`: a sheet's, a score's note): its
 * plain words, and where they come from (a rule book's section, a setting, a payment's sums)
 * behind a tap on "source", for whoever asks. */
export function saidLine(said: { text: string; source: string | null }, tag: 'li' | 'span' = 'li'): HTMLElement {
  if (!said.source) return h(tag, {}, h('span', { class: 'said' }, said.text));
  const source = h('span', { class: 'said-source small', hidden: true }, said.source);
  const toggle = h('button', {
    type: 'button', class: 'source-toggle', 'aria-expanded': 'false', 'aria-label': 'Where this comes from',
    onclick: () => {
      source.hidden = !source.hidden;
      toggle.setAttribute('aria-expanded', String(!source.hidden));
    },
  }, 'source');
  return h(tag, {}, h('span', { class: 'said' }, said.text), ' ', toggle, source);
}
