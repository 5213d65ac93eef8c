// The settings of a game in play or over: its `[game]` settings with the New form's controls,
// changed in the record's header (the library writes the `set` lines and replays the record;
// what it refuses is said, and nothing changes). Cancel and the phone's Back leave the record
// as it was.

import { fill, h } from '../../dom';
import type { Replayed } from '../answers.js';
import { houseOf } from '../record.js';
import type { GameSetting } from '../../types';
import { engine, redrawNow, setGame, setStep, state } from '../controller';
import { optionField } from './games';
import { bigButton } from './widgets';

/** Opens the settings (or closes them, when open), brought into sight. A step, so a dialog
 * with its history entry (view.ts, back.ts): the phone's Back answers Cancel. */
export function toggleSettings(): void {
  setStep(state.step.at === 'settings' ? { at: 'sheet' } : { at: 'settings' });
  redrawNow();
  document.getElementById('settings-dialog')?.scrollIntoView({ block: 'nearest' });
}

/** The game's settings, as it is played (its ruleset with the record's `set` lines). */
export function settingsPanel(replayed: Replayed): HTMLElement | null {
  const game = state.game;
  const settings = replayed.rules?.game;
  if (!game || !settings) return null;
  const fields = settings.map((setting) => ({ setting, ...optionField(setting) }));
  const refused = h('div', { id: 'settings-refused' });
  const save = () => {
    const changed = fields.flatMap(({ setting, read }): [string, GameSetting['value']][] => {
      const now = read();
      return JSON.stringify(now) === JSON.stringify(setting.value) ? [] : [[setting.key, now]];
    });
    if (!changed.length) {
      setStep({ at: 'sheet' });
      return;
    }
    const written = engine.settings(game.record, houseOf(game), changed);
    if ('error' in written) {
      // The dialog stays as typed; the library's message with its line and caret.
      fill(refused, h('div', { class: 'rules-error', role: 'alert' },
        h('p', {}, 'The game does not take this change: nothing was changed.'),
        h('pre', {}, written.error)));
      refused.scrollIntoView({ block: 'nearest' });
      return;
    }
    // The header grew or shrank above a hand being entered again: its place moves with it.
    const lines = (text: string) => text.split(/\r\n|\r|\n/).length;
    const cursor = game.cursor === null ? null : game.cursor + lines(written.record) - lines(game.record);
    setGame({ ...game, record: written.record, cursor, updated: Date.now() });
  };
  return h('section', { class: 'entry settings', id: 'settings-dialog', role: 'dialog', 'aria-label': 'The game\u2019s settings' },
    h('h3', {}, 'Settings of this game'),
    h('p', { class: 'small' }, 'A change is written to the record and every hand is replayed under it. Undo takes it back.'),
    h('div', { class: 'options' }, ...fields.map((f) => f.field)),
    refused,
    h('div', { class: 'row' },
      bigButton('Save the settings', save, { id: 'settings-save' }),
      h('button', { type: 'button', id: 'settings-cancel', onclick: () => setStep({ at: 'sheet' }) }, 'Cancel')));
}
