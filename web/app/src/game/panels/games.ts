// The games kept on this phone, and a new game's form.

import { fill, h } from '../../dom';
import type { GameStart } from '../engine.js';
import { kept } from '../games.js';
import { newGame } from '../record.js';
import type { GameSetting } from '../../types';
import {
  HOUSE_FILE, deleteGame, engine, host, notSaved, redraw, replayOf, setGame, setStep, shelf, state,
} from '../controller';
import { bigButton } from './widgets';

export function gamesPanel(): HTMLElement {
  // The games the store refused first, as this tab has them.
  const list = [...notSaved.values(), ...kept(shelf()).filter((g) => !notSaved.has(g.id))];
  return h('section', { class: 'entry', 'aria-label': 'Games on this phone' },
    h('ul', { class: 'games' }, ...list.map((g) => {
      // What the game was when kept: the list replays no long game (a game kept by an
      // earlier version of the page, small, is replayed for it).
      const old = g.players === undefined && g.record.length <= 8192 ? replayOf(g) : null;
      const players = g.players ?? old?.end?.players.join(', ') ?? '';
      const about = g.about ?? (old ? `${old.end?.ruleset ?? ''} · ${old.hands.length} hands` : '');
      return h('li', {},
        h('button', { type: 'button', class: 'game-open', onclick: () => setGame(notSaved.get(g.id) ?? g, false) },
          h('span', {}, players || 'a game'),
          notSaved.has(g.id) ? h('strong', { class: 'not-saved' }, ' not saved') : null,
          h('small', {}, ` ${about ? `${about} · ` : ''}${new Date(g.updated).toLocaleDateString()}`)),
        h('button', { type: 'button', 'aria-label': `Delete the game of ${players || 'a game'}`, onclick: () => deleteGame(g.id) }, '✕'));
    })),
    bigButton('New game', () => setStep({ at: 'new' })));
}

/** A `[game]` setting's control, by its kind: a word as a select of the words it may take, a
 * list of words as a toggle each, a boolean as a checkbox, a number (or a list of numbers) as
 * number fields; what the setting names (its criteria, for pao) as a list of names. */
export function optionControl(setting: GameSetting): { control: HTMLElement; read: () => GameSetting['value'] } {
  const label = `Game option: ${setting.key.replace(/-/g, ' ')}`;
  const { value, choices } = setting;
  if (typeof value === 'boolean') {
    const box = h('input', { type: 'checkbox', checked: value, 'aria-label': label, 'data-key': setting.key });
    return { control: box, read: () => box.checked };
  }
  if (typeof value === 'number') {
    const field = h('input', { type: 'number', inputmode: 'numeric', value: String(value), 'aria-label': label, 'data-key': setting.key });
    return { control: field, read: () => Number(field.value) };
  }
  if (typeof value === 'string' && choices) {
    const select = h('select', { 'aria-label': label, 'data-key': setting.key },
      ...choices.map((c) => h('option', { value: c, selected: c === value }, c.replace(/-/g, ' '))));
    return { control: select, read: () => select.value };
  }
  if (Array.isArray(value) && choices) {
    const boxes = choices.map((c) => h('input', { type: 'checkbox', checked: value.includes(c), value: c, 'aria-label': `${label}: ${c.replace(/-/g, ' ')}` }));
    const control = h('span', { class: 'chips', 'data-key': setting.key },
      ...boxes.map((b, i) => h('label', { class: 'chip' }, b, h('span', {}, (choices[i] ?? '').replace(/-/g, ' ')))));
    return { control, read: () => boxes.filter((b) => b.checked).map((b) => b.value) };
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'number')) {
    const numbers = value.map((v, i) => h('input', { type: 'number', inputmode: 'numeric', value: String(v), 'aria-label': `${label} ${i + 1}` }));
    return { control: h('span', { class: 'row', 'data-key': setting.key }, ...numbers), read: () => numbers.map((n) => Number(n.value)) };
  }
  // The rest (pao's criteria) are shown as they are, for reading only.
  return { control: h('output', { 'data-key': setting.key }, Array.isArray(value) ? value.join(', ') : String(value)), read: () => value };
}

/** The start form's ruleset and pasted house file, kept while the panel is redrawn (a
 * notice redraws it). */
export const draft = { ruleset: 'sanma', house: null as string | null };

export function newPanel(): HTMLElement {
  const rulesets = host.rulesets();
  const ruleset = h('select', { id: 'new-ruleset', 'aria-label': 'Ruleset' },
    ...rulesets.map((r) => h('option', { value: r, selected: r === draft.ruleset }, r)),
    h('option', { value: HOUSE_FILE, selected: draft.ruleset === HOUSE_FILE }, 'a house file'));
  // A house file pasted as the hand scorer takes one (the Rulesets tab's, to begin with).
  const houseArea = h('textarea', {
    id: 'new-house', rows: '6', spellcheck: 'false', autocapitalize: 'off', placeholder: 'extends = "sanma"\n\n[game]\n…',
    'aria-label': 'The house file, pasted',
  });
  houseArea.value = draft.house ?? host.houseText();
  const houseStatus = h('div', { id: 'new-house-status' });
  const houseBox = h('div', { class: 'new-house' },
    h('p', { class: 'small' }, `Paste the house file, as on the Rulesets tab. The record names it ${HOUSE_FILE}; the file is kept with the game, in its export and in its link.`),
    houseArea, houseStatus);
  const underHouse = () => ruleset.value === HOUSE_FILE;
  const names = ['East', 'South', 'West'].map((seat, i) => h('input', { type: 'text', id: `new-player-${i}`, 'aria-label': `Player ${i + 1} (${seat} at the start)`, placeholder: ['Ann', 'Ben', 'Cat'][i], autocapitalize: 'words', spellcheck: 'false' }));
  const options = h('div', { class: 'options' });
  /** Each setting's control, read back into its typed value when the game starts. */
  const fields: { setting: GameSetting; read: () => GameSetting['value'] }[] = [];
  const drawOptions = () => {
    fields.length = 0;
    draft.ruleset = ruleset.value;
    draft.house = houseArea.value;
    houseBox.hidden = !underHouse();
    const pasted = houseArea.value.trim();
    const info = !underHouse() ? host.rulesetGame(ruleset.value)
      : pasted ? host.rulesetGame('', houseArea.value) : { error: 'Paste the house file here.' };
    fill(houseStatus, underHouse() && 'error' in info ? h('pre', { class: 'rules-error', role: 'alert' }, info.error) : null);
    fill(options, ...('error' in info ? [] : info.game).map((setting) => {
      const { control, read } = optionControl(setting);
      fields.push({ setting, read });
      return h('label', { class: 'field' }, h('span', {}, setting.key.replace(/-/g, ' ')), control);
    }));
  };
  ruleset.addEventListener('change', drawOptions);
  houseArea.addEventListener('change', drawOptions);
  drawOptions();
  // Where to start: East 1 unless the table starts keeping score later.
  const number = (label: string, value: string) => h('input', { type: 'number', inputmode: 'numeric', value, 'aria-label': label });
  const round = h('select', { 'aria-label': 'Round' }, ...['East', 'South', 'West'].map((r) => h('option', { value: r }, r)));
  const hand = h('select', { 'aria-label': 'Hand of the round' }, ...[1, 2, 3].map((n) => h('option', { value: String(n) }, String(n))));
  const dealer = h('select', { 'aria-label': 'Dealer' }, ...[0, 1, 2].map((i) => h('option', { value: String(i) }, `Player ${i + 1}`)));
  const counters = number('Counters on the table', '0');
  const sticks = number('Riichi sticks on the table', '0');
  const points = [0, 1, 2].map((i) => number(`Points of player ${i + 1}`, ''));
  const later = h('details', { class: 'game-options', id: 'start-later' }, h('summary', {}, 'Start later in the game'),
    h('label', { class: 'field' }, h('span', {}, 'Round'), round),
    h('label', { class: 'field' }, h('span', {}, 'Hand'), hand),
    h('label', { class: 'field' }, h('span', {}, 'Dealer'), dealer),
    h('label', { class: 'field' }, h('span', {}, 'Counters'), counters),
    h('label', { class: 'field' }, h('span', {}, 'Sticks'), sticks),
    ...points.map((p, i) => h('label', { class: 'field' }, h('span', {}, `Points of player ${i + 1}`), p)));
  const start = () => {
    const players = names.map((n, i) => n.value.trim() || (n.placeholder ?? `P${i + 1}`));
    const at = later.open
      ? {
        round: round.value, hand: Number(hand.value), dealer: players[Number(dealer.value)],
        counters: Number(counters.value), sticks: Number(sticks.value),
        points: players.map((p, i): [string, number] => [p, Number(points[i].value)]),
      }
      : null;
    const settings = fields.flatMap(({ setting, read }): [string, GameSetting['value']][] => {
      const now = read();
      return JSON.stringify(now) === JSON.stringify(setting.value) ? [] : [[setting.key, now]];
    });
    const house = underHouse() ? houseArea.value : '';
    const begun: GameStart = { ruleset: ruleset.value, ...(house.trim() ? { house } : {}), players, settings, at };
    const written = underHouse() && !house.trim() ? { error: 'Paste the house file the game is played under.' } : engine.start(begun);
    if ('error' in written) {
      state.notice = written.error;
      redraw();
      return;
    }
    setGame(newGame(written.record, Date.now(), house.trim() ? house : ''), false);
  };
  return h('section', { class: 'entry', 'aria-label': 'A new game' },
    h('label', { class: 'field' }, h('span', {}, 'Ruleset'), ruleset),
    houseBox,
    ...names.map((n, i) => h('label', { class: 'field' }, h('span', {}, `Player ${i + 1}`), n)),
    h('details', { class: 'game-options' }, h('summary', {}, 'Game options'), options),
    later,
    bigButton('Start', start, { id: 'new-start' }));
}
