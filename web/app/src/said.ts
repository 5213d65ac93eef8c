// A sentence of mj3's as a table reads it: the library's words, their source behind a tap.

import { h } from './dom';
import type { Said } from './types';

/** A sentence as the table reads it (the library's `said`: a sheet's, a score's note): its
 * plain words, and where they come from (a rule book's section, a setting, a payment's sums)
 * behind a tap on "source", for whoever asks. */
export function saidLine(said: Said, tag: 'li' | 'span' = 'li'): HTMLElement {
  if (!said.source) return h(tag, {}, h('span', { class: 'said' }, said.text));
  const source = h('span', { class: 'said-source small', hidden: true }, said.source);
  return h(tag, {}, h('span', { class: 'said' }, said.text), ' ', behindTap(source, 'source', 'Where this comes from'));
}

/** A button showing and hiding `shown` (hidden at first), labelled `label`: what whoever asks
 * may see (a source, the command line's form of a setting). */
export function behindTap(shown: HTMLElement, label: string, name: string): DocumentFragment {
  shown.hidden = true;
  const toggle = h('button', {
    type: 'button', class: 'source-toggle', 'aria-expanded': 'false', 'aria-label': name,
    onclick: () => {
      shown.hidden = !shown.hidden;
      toggle.setAttribute('aria-expanded', String(!shown.hidden));
    },
  }, label);
  const both = document.createDocumentFragment();
  both.append(toggle, shown);
  return both;
}
