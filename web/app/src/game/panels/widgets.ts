// The Game panel's buttons.

import { h } from '../../dom';

export function bigButton(text: string, onclick: () => void, extra: Record<string, string> = {}): HTMLButtonElement {
  return h('button', { type: 'button', class: 'big', onclick, ...extra }, text);
}

export function choiceRow(label: string, options: [string, string, boolean][], pick: (value: string) => void): HTMLElement {
  return h('fieldset', { class: 'choices' }, h('legend', {}, label),
    ...options.map(([value, text, on]) => h('button', {
      type: 'button', class: `choice${on ? ' on' : ''}`, 'aria-pressed': String(on), 'data-value': value,
      onclick: () => pick(value),
    }, text)));
}
