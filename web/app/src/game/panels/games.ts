// The games kept on this phone (a deletion asked first, and the bin it goes to), and a new
// game's form.

import { closed, opened } from '../../back';
import { fill, h } from '../../dom';
import { amount } from '../../mj3';
import type { GameStart } from '../engine.js';
import { BIN_SIZE, binned, kept } from '../games.js';
import { newGame, type Game } from '../record.js';
import type { GameSetting } from '../../types';
import {
  HOUSE_FILE, bringBack, deleteGame, engine, host, notSaved, redraw, replayOf, setGame, setStep, shelf,
} from '../controller';
import { bigButton } from './widgets';

/** The game whose deletion is being asked (its row asks, with Cancel), and the game last
 * deleted (the list says so, with a button that brings it back). */
const asking = { id: null as string | null, deleted: null as { id: string; players: string; binned: boolean } | null };

/** Asks whether to delete the game `id`: a dialog with a history entry of its own (back.ts),
 * so that the phone's Back answers Cancel, and stays on the page. */
function ask(id: string): void {
  asking.id = id;
  opened('delete-game', () => {
    asking.id = null;
    redraw();
  });
  redraw();
}

/** The question answered (by a button): its history entry is taken back. */
function answered(): void {
  asking.id = null;
  closed('delete-game');
}

/** What the Games list says of a game: its players, and its ruleset, hands and day. */
function described(g: Game): { players: string; about: string } {
  // What the game was when kept: the list replays no long game (a game kept by an earlier
  // version of the page, small, is replayed for it).
  const old = g.players === undefined && g.record.length <= 8192 ? replayOf(g) : null;
  const players = g.players ?? old?.end?.players.join(', ') ?? '';
  const about = g.about ?? (old ? `${old.rules?.label ?? ''} · ${engine.counted(old.hands.length, 'hand')}` : '');
  return { players: players || 'a game', about };
}

const day = (ms: number) => new Date(ms).toLocaleDateString();

export function gamesPanel(): HTMLElement {
  // The games the store refused first, as this tab has them.
  const list = [...notSaved.values(), ...kept(shelf()).filter((g) => !notSaved.has(g.id))];
  const bin = binned(shelf());
  const { deleted } = asking;
  const gone = deleted && (bin.some((g) => g.id === deleted.id) || !deleted.binned)
    ? h('p', { class: 'deleted', role: 'status', id: 'game-deleted' },
      `Deleted the game of ${deleted.players}.`,
      deleted.binned
        ? h('button', { type: 'button', id: 'undo-delete', onclick: () => { asking.deleted = null; bringBack(deleted.id); } }, 'Bring it back')
        : ' The phone\u2019s storage had no room to keep it in the bin.')
    : null;
  return h('section', { class: 'entry', 'aria-label': 'Games on this phone' },
    gone,
    h('ul', { class: 'games' }, ...list.map((g) => {
      const { players, about } = described(g);
      if (asking.id === g.id) {
        return h('li', { class: 'confirm', role: 'alertdialog', 'aria-label': 'Delete this game?' },
          h('p', {}, `Delete the game of ${players}${about ? ` (${about})` : ''}? `,
            notSaved.has(g.id) && !kept(shelf()).some((k) => k.id === g.id)
              ? 'It is not saved on this phone: it cannot be brought back.'
              : 'It is kept under Deleted games, at the foot of this list, and can be brought back from there.'),
          h('div', { class: 'row' },
            h('button', { type: 'button', id: 'confirm-delete', class: 'danger', onclick: () => {
              answered();
              const done = deleteGame(g.id);
              asking.deleted = done.deleted ? { id: g.id, players, binned: done.binned } : null;
              redraw();
            } }, 'Delete'),
            h('button', { type: 'button', id: 'cancel-delete', onclick: () => { answered(); redraw(); } }, 'Cancel')));
      }
      return h('li', {},
        h('button', { type: 'button', class: 'game-open', onclick: () => { asking.deleted = null; setGame(notSaved.get(g.id) ?? g, false); } },
          h('span', {}, players),
          notSaved.has(g.id) ? h('strong', { class: 'not-saved' }, ' not saved') : null,
          g.copied === 'link' ? h('strong', { class: 'copied' }, ' copy from a link') : null,
          h('small', {}, ` ${about ? `${about} · ` : ''}${day(g.updated)}`)),
        h('button', { type: 'button', class: 'game-delete', 'aria-label': `Delete the game of ${players}`, onclick: () => ask(g.id) }, '✕'));
    })),
    bigButton('New game', () => setStep({ at: 'new' })),
    bin.length
      ? h('details', { class: 'game-options bin', id: 'bin' },
        h('summary', {}, `Deleted games (${bin.length})`),
        h('p', { class: 'small' }, `The last ${BIN_SIZE} games deleted are kept here, fewer when the phone\u2019s storage needs their room.`),
        h('ul', { class: 'games' }, ...bin.map((g) => {
          const { players, about } = described(g);
          return h('li', {},
            h('span', { class: 'game-open binned' }, h('span', {}, players),
              h('small', {}, ` ${about ? `${about} · ` : ''}deleted ${day(g.deleted ?? g.updated)}`)),
            h('button', { type: 'button', class: 'bring-back', 'aria-label': `Bring back the game of ${players}`, onclick: () => { asking.deleted = null; bringBack(g.id); } }, 'Bring back'));
        })))
      : null);
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
  const words = (Array.isArray(value) ? value.map(String) : [String(value)]).map((v) => v.replace(/-/g, ' '));
  return { control: h('output', { 'data-key': setting.key }, words.join(', ')), read: () => value };
}

/** The start form's ruleset and pasted house file, kept while the panel is redrawn (a
 * notice redraws it). */
export const draft = { ruleset: 'sanma', house: null as string | null };

/** A setting's control with its unit (the library's row says it) after it; the uma's three
 * fields with what each place gets and whether the three add up to zero, as they are typed. */
function withUnit(setting: GameSetting, control: HTMLElement, read: () => GameSetting['value']): HTMLElement {
  if (!setting.unit) return control;
  if (setting.kind !== 'places') return h('span', { class: 'with-unit' }, control, h('span', { class: 'unit' }, setting.unit));
  const check = h('span', { class: 'uma-check small', id: 'uma-check', role: 'status' });
  const said = () => {
    const uma = read();
    if (!Array.isArray(uma) || uma.some((v) => typeof v !== 'number' || !Number.isFinite(v))) {
      check.textContent = 'Three numbers of points, one for each place.';
      return;
    }
    const numbers = uma as number[];
    const sum = numbers.reduce((a, b) => a + b, 0);
    const places = numbers.map((v, i) => `${['1st', '2nd', '3rd'][i] ?? `${i + 1}th`} ${amount.signed(v)}`).join(' · ');
    check.textContent = sum === 0
      ? `${places} points; they add up to 0.`
      : `${places} points: they add up to ${amount.signed(sum)}, not 0, so the results will not add up to zero.`;
    check.classList.toggle('off', sum !== 0);
  };
  control.addEventListener('input', said);
  said();
  return h('span', { class: 'with-unit uma' }, control, check);
}

/** A `[game]` setting as the New form and the settings of a game in play show it: its key,
 * its control with its unit (and the uma's check), its one-line help; and its value read
 * back. */
export function optionField(setting: GameSetting): { field: HTMLElement; read: () => GameSetting['value'] } {
  const { control, read } = optionControl(setting);
  const field = h('label', { class: 'field' }, h('span', {}, setting.key.replace(/-/g, ' ')), withUnit(setting, control, read),
    h('span', { class: 'help small' }, setting.help));
  return { field, read };
}

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
  // What the library refused of the form, under it; the form keeps all that was typed.
  const refused = h('div', { id: 'new-start-error' });
  const options = h('div', { class: 'options' });
  /** Each setting's control, read back into its typed value when the game starts. */
  const fields: { setting: GameSetting; read: () => GameSetting['value'] }[] = [];
  // Where to start: East 1 unless the table starts keeping score later.
  const number = (label: string, value: string) => h('input', { type: 'number', inputmode: 'numeric', value, 'aria-label': label });
  const counters = number('Counters on the table', '0');
  const sticks = number('Riichi sticks on the table', '0');
  const countersField = h('label', { class: 'field' }, h('span', {}, 'Counters'), counters);
  const sticksField = h('label', { class: 'field' }, h('span', {}, 'Sticks'), sticks);
  const drawOptions = () => {
    fields.length = 0;
    draft.ruleset = ruleset.value;
    draft.house = houseArea.value;
    houseBox.hidden = !underHouse();
    const pasted = houseArea.value.trim();
    const info = !underHouse() ? host.rulesetGame(ruleset.value)
      : pasted ? host.rulesetGame('', houseArea.value) : { error: 'Paste the house file here.' };
    fill(houseStatus, underHouse() && 'error' in info ? h('pre', { class: 'rules-error', role: 'alert' }, info.error) : null);
    // Counters and sticks only where a game under the system keeps them.
    countersField.style.display = 'error' in info || info.keeps_counters ? '' : 'none';
    sticksField.style.display = 'error' in info || info.counts_han ? '' : 'none';
    fill(options, ...('error' in info ? [] : info.game).map((setting) => {
      const { field, read } = optionField(setting);
      fields.push({ setting, read });
      return field;
    }));
  };
  ruleset.addEventListener('change', drawOptions);
  houseArea.addEventListener('change', drawOptions);
  drawOptions();
  const round = h('select', { 'aria-label': 'Round' }, ...['East', 'South', 'West'].map((r) => h('option', { value: r }, r)));
  const hand = h('select', { 'aria-label': 'Hand of the round' }, ...[1, 2, 3].map((n) => h('option', { value: String(n) }, String(n))));
  const dealer = h('select', { 'aria-label': 'Dealer' }, ...[0, 1, 2].map((i) => h('option', { value: String(i) }, `Player ${i + 1}`)));
  const points = [0, 1, 2].map((i) => number(`Points of player ${i + 1}`, ''));
  const later = h('details', { class: 'game-options', id: 'start-later' }, h('summary', {}, 'Start later in the game'),
    h('label', { class: 'field' }, h('span', {}, 'Round'), round),
    h('label', { class: 'field' }, h('span', {}, 'Hand'), hand),
    h('label', { class: 'field' }, h('span', {}, 'Dealer'), dealer),
    countersField,
    sticksField,
    ...points.map((p, i) => h('label', { class: 'field' }, h('span', {}, `Points of player ${i + 1}`), p)));
  const start = () => {
    const players = names.map((n, i) => n.value.trim() || (n.placeholder ?? `P${i + 1}`));
    const at = later.open
      ? {
        round: round.value, hand: Number(hand.value), dealer: players[Number(dealer.value)],
        counters: countersField.style.display ? 0 : Number(counters.value), sticks: sticksField.style.display ? 0 : Number(sticks.value),
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
      const cut = written.error.indexOf('\n');
      fill(refused, cut < 0
        ? h('p', { class: 'rules-error', role: 'alert', id: 'game-notice' }, written.error)
        : h('div', { class: 'rules-error', role: 'alert', id: 'game-notice' },
          h('p', {}, written.error.slice(0, cut)), h('pre', {}, written.error.slice(cut + 1))));
      refused.scrollIntoView({ block: 'nearest' });
      return;
    }
    fill(refused);
    setGame(newGame(written.record, Date.now(), house.trim() ? house : ''), false);
  };
  return h('section', { class: 'entry', 'aria-label': 'A new game' },
    h('label', { class: 'field' }, h('span', {}, 'Ruleset'), ruleset),
    houseBox,
    ...names.map((n, i) => h('label', { class: 'field' }, h('span', {}, `Player ${i + 1}`), n)),
    h('details', { class: 'game-options' }, h('summary', {}, 'Game options'), options),
    later,
    refused,
    bigButton('Start', start, { id: 'new-start' }));
}
