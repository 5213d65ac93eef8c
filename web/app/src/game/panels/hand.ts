// The entries of the hand in play: its actions and the panel of the step being entered (a
// win, a draw, a riichi, a chombo, …), and a hand of the sheet to change or delete.

import { fill, h } from '../../dom';
import type { InPlay, Replayed, ValuePad } from '../answers.js';
import type { GameEvent, WinValue } from '../engine.js';
import { pendingLines, reopened, withoutHand } from '../record.js';
import { saidLine } from '../../said';
import { tileName } from '../../tiles';
import {
  host, listed, playerNames, previewHand, previewOf, record, setGame, setStep, setting, state, system, tilesWin, undo, winEvent,
  type HandShown, type Step, type WinShown,
} from '../controller';
import { rowCells } from './sheet';
import { exportPanel, sharePanel } from './share';
import { bigButton, choiceRow } from './widgets';

/** The value pad of a win, in the terms of the ruleset's system: the choices are the
 * library's (`rules.value_pad`), each a value the ruleset takes. */
export function valuePad(step: Extract<Step, { at: 'win' }>, pad: ValuePad): HTMLElement[] {
  const set = (patch: Partial<Extract<Step, { at: 'win' }>>) => setStep({ ...step, ...patch });
  const chosen = (v: WinValue | null) => JSON.stringify(v) === JSON.stringify(step.value);
  const limitRow = (onPick: Partial<Extract<Step, { at: 'win' }>>) =>
    choiceRow('Limit', pad.limits.map((l) => [l, l, chosen({ limit: l })]), (v) => set({ ...onPick, value: { limit: v } }));
  const counts = (label: string, ns: number[], value: (n: number) => WinValue) =>
    choiceRow(label, ns.map((n) => [String(n), String(n), chosen(value(n))]), (v) => set({ value: value(Number(v)) }));
  if (pad.system === 'han-fu') {
    const rows = [choiceRow('Han', pad.han_with_fu.map((n) => [String(n), `${n}`, step.han === n]), (v) => set({ han: Number(v), value: null })),
      limitRow({ han: null })];
    if (step.han !== null) {
      const han = step.han;
      rows.splice(1, 0, counts('Fu', pad.fu, (fu) => ({ 'han-fu': { han, fu } })));
    }
    return rows;
  }
  if (pad.system === 'han-table') {
    // A row by name: the yakuman rows have no han count.
    const rows = [counts('Han', pad.han, (han) => ({ han }))];
    if (pad.limits.length) rows.push(limitRow({}));
    return rows;
  }
  if (pad.system === 'fan') return [counts('Fan', pad.fan, (fan) => ({ fan }))];
  // points: hand-points and bonus-points, or a limit.
  const current = step.value && 'points' in step.value ? step.value.points : { hand: 0, bonus: 0 };
  const stepper = (label: string, key: 'hand' | 'bonus') => h('div', { class: 'stepper', role: 'group', 'aria-label': label },
    h('span', { class: 'stepper-label' }, label),
    h('button', { type: 'button', 'aria-label': `${label}: one fewer`, onclick: () => set({ value: { points: { ...current, [key]: Math.max(0, current[key] - 1) } } }) }, '−'),
    h('output', {}, String(current[key])),
    h('button', { type: 'button', 'aria-label': `${label}: one more`, onclick: () => set({ value: { points: { ...current, [key]: current[key] + 1 } } }) }, '+'));
  const rows: HTMLElement[] = [h('div', { class: 'steppers' }, stepper('Hand-points', 'hand'), stepper('Bonus-points', 'bonus'))];
  if (pad.limits.length) rows.push(limitRow({}));
  return rows;
}

/** What the win would pay: the record with its line added, replayed. */
export function preview(event: GameEvent): HTMLElement {
  return winPreview(previewOf([event]));
}

/** A win as the game would record it: its summary and what each player is paid, or why the
 * game refuses it. */
export function winPreview(shown: WinShown | null): HTMLElement {
  if (!shown) return h('p', { class: 'hint' }, 'Record it to finish the hand.');
  if ('error' in shown) return h('p', { class: 'rules-error', role: 'alert' }, shown.error);
  return h('div', { class: 'preview' }, h('p', { class: 'preview-summary' }, saidLine(shown.win.said, 'span')), rowCells(shown.win.paid));
}

export function winPanel(step: Extract<Step, { at: 'win' }>, replayed: Replayed): HTMLElement {
  const names = playerNames(replayed);
  const set = (patch: Partial<Extract<Step, { at: 'win' }>>) => setStep({ ...step, ...patch });
  const parts: (HTMLElement | null)[] = [];
  if (!step.also) {
    parts.push(choiceRow('Who won?', names.map((n) => [n, n, step.winner === n]), (v) => set({ winner: v, from: step.from === v ? undefined : step.from })));
  } else {
    // Neither the discarder nor who already won on it.
    const won = replayed.hands[replayed.hands.length - 1]?.wins.map((w) => w.winner) ?? [];
    parts.push(choiceRow('Who else won on that discard?', names.filter((n) => n !== step.from && !won.includes(n)).map((n) => [n, n, step.winner === n]), (v) => set({ winner: v })));
  }
  if (step.winner && !step.also) {
    const how: [string, string, boolean][] = [['', 'Tsumo', step.from === null]];
    for (const n of names.filter((x) => x !== step.winner)) how.push([n, `Ron from ${n}`, step.from === n]);
    parts.push(choiceRow('How?', how, (v) => set({ from: v || null })));
  }
  if (step.winner && step.from !== undefined) {
    const pad = replayed.rules?.value_pad;
    // Liability is checked on the hand's tiles (a value does not show which hand it was).
    if (step.pao) parts.push(h('p', { class: 'small', id: 'pao-tiles' }, `${step.pao} liable: enter the winning hand's tiles, on which liability is checked.`));
    else if (pad) parts.push(...valuePad(step, pad));
    const byTiles = () => {
      const tiles = tilesWin(step);
      if (tiles) host.scoreWin(tiles);
    };
    parts.push(h('div', { class: 'row' },
      h('button', {
        type: 'button', class: 'secondary', onclick: byTiles,
      }, 'Enter the tiles instead'),
      h('label', { class: 'inline' }, 'Liable (pao) ',
        h('select', {
          'aria-label': 'The player liable for the hand (pao)',
          onchange: (e: Event) => { const v = (e.target as HTMLSelectElement).value; set({ pao: v || null, han: null, value: null }); },
        }, h('option', { value: '' }, 'nobody'),
        ...names.filter((n) => n !== step.winner).map((n) => h('option', { value: n, selected: step.pao === n }, n))))));
    const event = winEvent(step);
    if (event) {
      parts.push(preview(event));
      parts.push(bigButton('Record the win', () => record(event), { id: 'record-win' }));
    }
  }
  return h('section', { class: 'entry', 'aria-label': 'A win' }, ...parts);
}

export function drawPanel(step: Extract<Step, { at: 'draw' }>, replayed: Replayed): HTMLElement {
  const names = playerNames(replayed);
  const pays = replayed.rules?.pays_tenpai ?? false;
  // Who is tenpai at the draw already: the players who declared (a declaration needs a
  // ready hand: 003 §9.4) and those named by a `tenpai` line; not to be unmarked.
  const next = replayed.next;
  const already = pays ? names.filter((n) => next?.declared.some((d) => d.player === n) || next?.tenpai.includes(n)) : [];
  const toggle = (n: string) => setStep({ at: 'draw', tenpai: step.tenpai.includes(n) ? step.tenpai.filter((x) => x !== n) : [...step.tenpai, n] });
  const ordered = names.filter((n) => step.tenpai.includes(n) && !already.includes(n));
  const event: GameEvent = { kind: 'draw', tenpai: ordered };
  // Where the system pays nothing at an exhaustive draw, nobody's tenpai is asked for.
  let asked: HTMLElement | null = null;
  if (pays) {
    asked = choiceRow('Who was ready (tenpai)?', names.map((n) => [n, n, already.includes(n) || step.tenpai.includes(n)]), toggle);
    for (const button of asked.querySelectorAll<HTMLButtonElement>('button[data-value]')) {
      if (already.includes(button.dataset.value ?? '')) button.disabled = true;
    }
  }
  const declared = names.filter((n) => next?.declared.some((d) => d.player === n));
  return h('section', { class: 'entry', 'aria-label': 'An exhaustive draw' },
    asked,
    pays && declared.length ? h('p', { class: 'small', id: 'draw-declared' }, `${new Intl.ListFormat('en').format(declared)} declared riichi: ready at the draw.`) : null,
    pays ? drawPreview(previewHand([event])) : null,
    bigButton('Record the draw', () => record(event), { id: 'record-draw' }));
}

/** What the draw would pay: the record with its line added, replayed (what recording it
 * keeps): each player's change and total. */
function drawPreview(shown: HandShown | null): HTMLElement | null {
  if (!shown) return null;
  if ('error' in shown) return h('p', { class: 'rules-error', role: 'alert', id: 'draw-preview' }, shown.error);
  return h('div', { class: 'preview', id: 'draw-preview' },
    h('p', { class: 'preview-summary' }, 'Recorded so, the draw pays:'), rowCells(shown.hand.players));
}

export function pickPanel(step: Extract<Step, { at: 'pick' }>, replayed: Replayed): HTMLElement {
  // The system's own word: riichi where han are counted, ready under `points`.
  const declared = replayed.rules?.counts_han ?? true ? 'Who declared riichi?' : 'Who declared ready?';
  const words = { riichi: declared, chombo: 'Who made the chombo?', nagashi: 'Who has a nagashi mangan?' };
  return h('section', { class: 'entry' },
    choiceRow(words[step.what], playerNames(replayed).map((n) => [n, n, false]), (player) => record({ kind: step.what, player })));
}

export function abortPanel(replayed: Replayed): HTMLElement {
  const played = listed(replayed, 'abortive-draws');
  return h('section', { class: 'entry', 'aria-label': 'An abortive draw' },
    played.includes('nine-terminals')
      ? choiceRow('Nine terminals and honours: who showed them?', playerNames(replayed).map((n) => [n, n, false]),
        (player) => record({ kind: 'abort', draw: 'nine-terminals', player }))
      : null,
    played.includes('four-kans') ? bigButton('Four kongs', () => record({ kind: 'abort', draw: 'four-kans' })) : null);
}

export function correctPanel(replayed: Replayed): HTMLElement {
  const names = playerNames(replayed);
  const fields = names.map((n) => h('input', { type: 'number', inputmode: 'numeric', step: '100', value: '0', 'aria-label': `${n}: points gained (negative: lost)`, 'data-player': n }));
  const submit = () => {
    const moves: [string, number][] = fields.map((f) => [f.dataset.player ?? '', Number(f.value)]);
    record({ kind: 'correct', moves: moves.filter(([, n]) => n !== 0) });
  };
  return h('section', { class: 'entry', 'aria-label': 'A correction' },
    h('p', { class: 'small' }, 'Points moved between players; they add up to zero.'),
    ...names.map((n, i) => h('label', { class: 'field' }, h('span', {}, n), fields[i])),
    bigButton('Record the correction', submit));
}

export function spotPanel(replayed: Replayed): HTMLElement {
  const names = playerNames(replayed);
  const player = h('select', { 'aria-label': 'Who' }, ...names.map((n) => h('option', { value: n }, n)));
  // The tiles of the one system paid on the spot (malaysian: circles and honours), by name.
  const kongTiles = [...'123456789'].map((d) => `${d}p`).concat(['E', 'S', 'W', 'N', 'w', 'g', 'r']);
  const tile = h('select', { 'aria-label': 'The kong\u2019s tile' }, ...kongTiles.map((t) => h('option', { value: t }, tileName(t))));
  // A kong is claimed from another player's discard: the menu follows who kongs.
  const made = h('select', { 'aria-label': 'How the kong was made' });
  const madeOptions = () => {
    const was = made.value;
    fill(made, h('option', { value: 'concealed' }, 'concealed'),
      ...names.filter((n) => n !== player.value).map((n) => h('option', { value: `from:${n}`, selected: was === `from:${n}` }, `claimed from ${n}`)),
      h('option', { value: 'promoted', selected: was === 'promoted' }, 'promoted from a pong'));
  };
  madeOptions();
  player.addEventListener('change', madeOptions);
  const kong = () => {
    const [how, from] = made.value.split(':');
    record({ kind: 'kong', player: player.value, tile: tile.value, made: how === 'from' ? 'from' : how === 'promoted' ? 'promoted' : 'concealed', from: from ?? null });
  };
  const set = h('select', { 'aria-label': 'Which set' }, ...['flowers', 'seasons', 'faces', 'animals'].map((s) => h('option', { value: s }, s)));
  const dealt = h('select', { 'aria-label': 'When it was made' }, h('option', { value: 'dealt' }, 'dealt'), h('option', { value: 'drawn' }, 'drawn'));
  return h('section', { class: 'entry', 'aria-label': 'Paid on the spot' },
    h('label', { class: 'field' }, h('span', {}, 'Who'), player),
    h('h3', {}, 'A kong'), h('div', { class: 'row' }, tile, made), bigButton('Record the kong', kong),
    h('h3', {}, 'A full set of bonus tiles'), h('div', { class: 'row' }, set, dealt),
    bigButton('Record the set', () => record({ kind: 'bonus-set', player: player.value, set: set.value, dealt: dealt.value === 'dealt' })));
}

export function handPanel(index: number, replayed: Replayed): HTMLElement {
  const game = state.game;
  const hand = replayed.hands[index];
  if (!game || !hand) return h('section');
  return h('section', { class: 'entry', 'aria-label': `Hand ${hand.number}` },
    h('h3', {}, `${hand.number}. ${hand.label}`),
    ...hand.wins.map((w) => h('p', { class: 'small' }, saidLine(w.said, 'span'))),
    h('div', { class: 'row' },
      bigButton('Enter it again', () => setGame(reopened(game, replayed, index)), { id: 'hand-edit' }),
      bigButton('Delete it', () => setGame(withoutHand(game, replayed, index)), { id: 'hand-delete' }),
      h('button', { type: 'button', id: 'step-cancel', onclick: () => setStep({ at: 'sheet' }) }, 'Cancel')));
}

/** The actions of the hand in play. */
export function actions(replayed: Replayed, next: InPlay | null): HTMLElement {
  const sys = system(replayed);
  const han = replayed.rules?.counts_han ?? false;
  const last = replayed.hands[replayed.hands.length - 1];
  const lastWin = last?.wins[last.wins.length - 1];
  // Another claim on the discard just won on, while the library says one is open.
  const canAlso = replayed.open_claims > 0 && !!lastWin?.from && pendingLines(replayed).length === 0;
  // The all-last dealer, first, may stop (while the game goes on) or play on (where the
  // ruleset ends it for him).
  const choice = replayed.dealer_choice && last ? last.dealer : null;
  const win = (also: boolean, winner: string | null) => setStep({ at: 'win', also, winner, from: also ? lastWin?.from ?? null : undefined, han: null, value: null, pao: null });
  const winners = next && state.step.at !== 'win'
    ? h('div', { class: 'winners', role: 'group', 'aria-label': 'Who won?' },
      ...playerNames(replayed).map((name) => h('button', {
        type: 'button', class: 'big win-by', 'data-winner': name, 'aria-label': `${name} won`, onclick: () => win(false, name),
      }, h('span', { class: 'win-name' }, name), h('span', { class: 'win-word' }, 'won'))))
    : null;
  return h('div', { class: 'actions' },
    winners,
    next ? bigButton('Draw', () => setStep({ at: 'draw', tenpai: [] }), { id: 'act-draw' }) : null,
    next && replayed.rules?.declares ? bigButton(han ? 'Riichi' : 'Ready', () => setStep({ at: 'pick', what: 'riichi' }), { id: 'act-riichi' }) : null,
    canAlso ? bigButton('Also ron', () => win(true, null), { id: 'act-also' }) : null,
    choice && next ? bigButton(`${choice} stops the game`, () => record({ kind: 'dealer-stops' }), { id: 'act-dealer-stops' }) : null,
    choice && !next ? bigButton(`${choice} plays on`, () => record({ kind: 'dealer-plays-on' }), { id: 'act-dealer-plays-on' }) : null,
    next ? bigButton('Chombo', () => setStep({ at: 'pick', what: 'chombo' }), { id: 'act-chombo' }) : null,
    next && sys === 'fan' ? bigButton('On the spot', () => setStep({ at: 'spot' }), { id: 'act-spot' }) : null,
    next && setting(replayed, 'nagashi-mangan') === true ? bigButton('Nagashi', () => setStep({ at: 'pick', what: 'nagashi' }), { id: 'act-nagashi' }) : null,
    next && listed(replayed, 'abortive-draws').some((d) => d === 'nine-terminals' || d === 'four-kans') ? bigButton('Abortive draw', () => setStep({ at: 'abort' }), { id: 'act-abort' }) : null,
    bigButton('Correction', () => setStep({ at: 'correct' }), { id: 'act-correct' }),
    bigButton('Undo', undo, { id: 'act-undo' }));
}

export function stepPanel(replayed: Replayed, next: InPlay | null): HTMLElement | null {
  const step = state.step;
  switch (step.at) {
    case 'win': return next || step.also ? winPanel(step, replayed) : null;
    case 'draw': return drawPanel(step, replayed);
    case 'pick': return pickPanel(step, replayed);
    case 'correct': return correctPanel(replayed);
    case 'abort': return abortPanel(replayed);
    case 'spot': return spotPanel(replayed);
    case 'share': return sharePanel(step);
    case 'export': return exportPanel(replayed);
    case 'hand': return handPanel(step.index, replayed);
    default: return null;
  }
}
