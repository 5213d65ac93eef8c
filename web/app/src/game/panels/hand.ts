// The entries of the hand in play: its actions and the panel of the step being entered (a
// win, a draw, a riichi, a chombo, …), and a hand of the sheet to change or delete.

import { closed, opened } from '../../back';
import { fill, h } from '../../dom';
import type { InPlay, Replayed, ValuePad } from '../answers.js';
import type { GameEvent, WinValue } from '../engine.js';
import { draftOf, pendingLines } from '../record.js';
import { saidLine } from '../../said';
import { tileName } from '../../tiles';
import {
  alsoEntry, cancelDraft, deleteHand, draftSaid, draftWaits, enterAgain, handWords, host, listed, noOtherRon, playerNames, previewHand, previewOf, record,
  redo, replayOf, setStep, setting, state, system, tilesWin, undo, winEvent, type HandShown, type Step, type WinShown,
} from '../controller';
import { rowCells } from './sheet';
import { exportPanel, sharePanel } from './share';
import { bigButton, choiceRow } from './widgets';
import './history.css';

/** The fu the han count `han` is taken with, won as `step` says (`from` null: by
 * self-draw), as the library lists them (`rules.value_pad.fu_by_han`). */
export function fuOffered(pad: ValuePad, han: number, tsumo: boolean): number[] {
  const row = pad.fu_by_han.find((r) => r.han === han);
  return row ? (tsumo ? row.tsumo : row.ron) : [];
}

/** A points entry typed into, to be focused again (with its caret) once the panel is drawn
 * anew around it. */
let typing: { id: string; caret: number } | null = null;

/** The value pad of a win, in the terms of the ruleset's system: the choices are the
 * library's (`rules.value_pad`), each a value the ruleset takes. */
export function valuePad(step: Extract<Step, { at: 'win' }>, pad: ValuePad): HTMLElement[] {
  const set = (patch: Partial<Extract<Step, { at: 'win' }>>) => setStep({ ...step, ...patch });
  const chosen = (v: WinValue | null) => JSON.stringify(v) === JSON.stringify(step.value);
  const limitRow = (onPick: Partial<Extract<Step, { at: 'win' }>>) =>
    choiceRow('Limit', pad.limits.map((l, i) => [l, pad.limit_names[i] ?? l, chosen({ limit: l })]), (v) => set({ ...onPick, value: { limit: v } }));
  const counts = (label: string, ns: number[], value: (n: number) => WinValue) =>
    choiceRow(label, ns.map((n) => [String(n), String(n), chosen(value(n))]), (v) => set({ value: value(Number(v)) }));
  if (pad.system === 'han-fu') {
    const rows = [choiceRow('Han', pad.han_with_fu.map((n) => [String(n), `${n}`, step.han === n]), (v) => set({ han: Number(v), value: null })),
      limitRow({ han: null })];
    if (step.han !== null) {
      const han = step.han;
      // Only the fu this han count is taken with, won this way (1 han has no 25 fu).
      const fuRow = counts('Fu', fuOffered(pad, han, step.from === null), (fu) => ({ 'han-fu': { han, fu } }));
      fuRow.classList.add('fu-row');
      rows.splice(1, 0, fuRow);
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
  // points: hand-points and bonus-points, typed or stepped within what the library takes, or
  // a limit.
  const given = step.value && 'points' in step.value ? step.value.points : null;
  const entry = (label: string, key: 'hand' | 'bonus') => {
    const bounds = (key === 'hand' ? pad.hand_points : pad.bonus_points) ?? { least: 0, most: 0 };
    const now = given ? given[key] : key === 'bonus' ? 0 : null;
    const put = (n: number | null) => {
      // Bonus-points given first start the hand-points at their fewest (shown, to change).
      const hand = given?.hand ?? (key === 'bonus' ? pad.hand_points?.least ?? null : null);
      const points = { hand, bonus: given?.bonus ?? 0, [key]: n };
      set({ value: points.hand === null ? null : { points: { hand: points.hand, bonus: points.bonus } } });
    };
    const within = (n: number) => Math.min(bounds.most, Math.max(bounds.least, n));
    const id = `points-${key}`;
    const field = h('input', {
      type: 'text', inputmode: 'numeric', pattern: '[0-9]*', maxlength: String(String(bounds.most).length), id,
      class: 'points-typed', autocomplete: 'off', enterkeyhint: 'done',
      'aria-label': `${label} (${bounds.least} to ${bounds.most})`, placeholder: String(bounds.least),
      value: now === null ? '' : String(now),
      'aria-invalid': String(now !== null && (now < bounds.least || now > bounds.most)),
      oninput: (e: Event) => {
        const target = e.target as HTMLInputElement;
        const digits = target.value.replace(/\D/g, '');
        typing = { id, caret: target.selectionStart ?? digits.length };
        put(digits === '' ? null : Number(digits));
      },
    }) as HTMLInputElement;
    if (typing?.id === id) {
      const caret = typing.caret;
      typing = null;
      // Drawn anew around the typing: the keypad stays up, the caret where it was.
      queueMicrotask(() => {
        field.focus();
        field.setSelectionRange(caret, caret);
      });
    }
    return h('div', { class: 'stepper', role: 'group', 'aria-label': label },
      h('span', { class: 'stepper-label' }, label),
      h('button', { type: 'button', 'aria-label': `${label}: one fewer`, onclick: () => put(within(now === null ? bounds.least : now - 1)) }, '\u2212'),
      field,
      h('button', { type: 'button', 'aria-label': `${label}: one more`, onclick: () => put(within(now === null ? bounds.least : now + 1)) }, '+'));
  };
  const rows: HTMLElement[] = [h('div', { class: 'steppers' }, entry('Hand-points', 'hand'), entry('Bonus-points', 'bonus'))];
  if (pad.limits.length) rows.push(limitRow({}));
  return rows;
}

/** What the win would pay: the record with its line added, replayed. */
export function preview(event: GameEvent): HTMLElement {
  return winPreview(previewOf([event]));
}

/** A win as the game would record it, as the sheet then shows it: the win's sentence and each
 * player's change for the hand (a riichi stick put out in it taken off), or why the game
 * refuses it. */
export function winPreview(shown: WinShown | null): HTMLElement {
  if (!shown) return h('p', { class: 'hint' }, 'Record it to finish the hand.');
  if ('error' in shown) return h('p', { class: 'rules-error', role: 'alert' }, saidLine({ text: shown.error, source: shown.source ?? null }, 'span'));
  return h('div', { class: 'preview' }, h('p', { class: 'preview-summary' }, saidLine(shown.win.said, 'span')), rowCells(shown.hand.players));
}

export function winPanel(step: Extract<Step, { at: 'win' }>, replayed: Replayed): HTMLElement {
  const names = playerNames(replayed);
  const set = (patch: Partial<Extract<Step, { at: 'win' }>>) => setStep({ ...step, ...patch });
  const parts: (HTMLElement | null)[] = [];
  const foot: HTMLElement[] = [];
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
    // A fu the han is not taken with, won the other way, is dropped (20 fu on a discard).
    const pad = replayed.rules?.value_pad;
    const keeps = (from: string | null) => {
      const fu = step.value && 'han-fu' in step.value ? step.value['han-fu'].fu : null;
      return !pad || fu === null || step.han === null || fuOffered(pad, step.han, from === null).includes(fu);
    };
    parts.push(choiceRow('How?', how, (v) => set({ from: v || null, ...(keeps(v || null) ? {} : { value: null }) })));
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
      foot.push(preview(event));
      foot.push(bigButton('Record the win', () => record(event), { id: 'record-win' }));
    }
  }
  // Its own Cancel, in the foot beside Record (the Game panel adds none where one is).
  foot.push(h('button', { type: 'button', id: 'step-cancel', onclick: () => setStep({ at: 'sheet' }) }, 'Cancel'));
  // A dialog over the sheet: its choices above, what the win pays and its buttons held at the
  // bottom, all in sight on a phone without a scroll.
  return h('section', { class: 'entry win-dialog', role: 'dialog', 'aria-label': 'A win' },
    h('div', { class: 'dialog-body' }, ...parts),
    h('div', {
      class: 'dialog-foot',
      onclick: (e: Event) => (e.target as Element).closest('.preview-summary')?.classList.toggle('whole'),
    }, ...foot));
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
  if ('error' in shown) return h('p', { class: 'rules-error', role: 'alert', id: 'draw-preview' }, saidLine({ text: shown.error, source: shown.source ?? null }, 'span'));
  return h('div', { class: 'preview', id: 'draw-preview' },
    h('p', { class: 'preview-summary' }, 'Recorded so, the draw pays:'), rowCells(shown.hand.players));
}

export function pickPanel(step: Extract<Step, { at: 'pick' }>, replayed: Replayed): HTMLElement {
  // The system's own word (the library's): riichi where han are counted, ready under `points`.
  const declared = `Who declared ${(replayed.rules?.declaration ?? 'Riichi').toLowerCase()}?`;
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
  // The tiles and sets in play, as the library lists them for the game's ruleset.
  const kongTiles = replayed.rules?.value_pad.kong_tiles ?? [];
  const sets = replayed.rules?.value_pad.bonus_sets ?? [];
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
  const set = h('select', { 'aria-label': 'Which set' }, ...sets.map((s) => h('option', { value: s.set }, s.name)));
  const dealt = h('select', { 'aria-label': 'When it was made' }, h('option', { value: 'dealt' }, 'dealt'), h('option', { value: 'drawn' }, 'drawn'));
  return h('section', { class: 'entry', 'aria-label': 'Paid on the spot' },
    h('label', { class: 'field' }, h('span', {}, 'Who'), player),
    ...(kongTiles.length ? [h('h3', {}, 'A kong'), h('div', { class: 'row' }, tile, made), bigButton('Record the kong', kong)] : []),
    ...(sets.length ? [h('h3', {}, 'A full set of bonus tiles'), h('div', { class: 'row' }, set, dealt),
      bigButton('Record the set', () => record({ kind: 'bonus-set', player: player.value, set: set.value, dealt: dealt.value === 'dealt' }))] : []));
}

/** Asks whether to delete the hand of `step`: a dialog with a history entry of its own
 * (back.ts), so that the phone's Back answers Cancel and stays on the page. */
function askDelete(step: Extract<Step, { at: 'hand' }>): void {
  setStep({ ...step, deleting: true });
  opened('delete-hand', () => {
    const now = state.step;
    if (now.at === 'hand' && now.deleting) setStep({ ...now, deleting: false });
  });
}

/** A hand of the sheet (`replayed`: the record's sheet): what happened in it, and to enter
 * it again, insert a hand before it, or delete it (asked first). */
export function handPanel(step: Extract<Step, { at: 'hand' }>, replayed: Replayed): HTMLElement {
  const game = state.game;
  const hand = replayed.hands[step.index];
  if (!game || !hand) return h('section');
  const close = h('button', { type: 'button', id: 'step-cancel', onclick: () => setStep({ at: 'sheet' }) }, 'Cancel');
  const said = h('ul', { class: 'hand-events' }, ...hand.said.map((s) => saidLine(s)));
  const head = h('h3', {}, `${hand.number}. ${hand.label}`);
  if (draftOf(game)) {
    return h('section', { class: 'entry', 'aria-label': `Hand ${hand.number}` }, head, said,
      h('p', { class: 'small' }, 'A hand is being entered: record it or cancel it first.'), h('div', { class: 'row' }, close));
  }
  if (step.deleting) {
    return h('section', { class: 'entry confirm-hand', role: 'alertdialog', 'aria-label': `Delete hand ${hand.number}?` },
      h('h3', {}, `Delete hand ${hand.number}?`),
      h('p', {}, handWords(hand)),
      h('p', { class: 'small' }, 'The hands after it are replayed without it. Undo brings it back.'),
      h('div', { class: 'row' },
        bigButton('Delete it', () => {
          closed('delete-hand');
          deleteHand(step.index);
        }, { id: 'hand-delete-confirm', class: 'big danger' }),
        bigButton('Cancel', () => {
          closed('delete-hand');
          setStep({ ...step, deleting: false });
        }, { id: 'step-cancel' })));
  }
  return h('section', { class: 'entry', 'aria-label': `Hand ${hand.number}` }, head, said,
    h('div', { class: 'row hand-choices' },
      bigButton('Enter it again', () => enterAgain(step.index), { id: 'hand-edit' }),
      bigButton('Insert a hand before it', () => enterAgain(step.index, true), { id: 'hand-insert' }),
      bigButton('Delete it…', () => askDelete(step), { id: 'hand-delete' }),
      close));
}

/** The actions of the hand in play. */
export function actions(replayed: Replayed, next: InPlay | null): HTMLElement {
  const sys = system(replayed);
  const last = replayed.hands[replayed.hands.length - 1];
  const lastWin = last?.wins[last.wins.length - 1];
  const draft = state.game ? draftOf(state.game) : null;
  // Another claim on the discard just won on, while the library says one is open; never,
  // while a hand is drafted, on the hand before the draft.
  const canAlso = replayed.open_claims > 0 && !!lastWin?.from && pendingLines(replayed).length === 0 && !(draft && !draft.lines.length);
  const redoable = !draft && !!state.game?.future?.length;
  // The all-last dealer, first, may stop (while the game goes on) or play on (where the
  // ruleset ends it for him).
  const choice = replayed.dealer_choice && last ? last.dealer : null;
  const win = (also: boolean, winner: string | null) =>
    setStep(also ? alsoEntry(lastWin?.from ?? null) : { at: 'win', also, winner, from: undefined, han: null, value: null, pao: null });
  // The drafted hand ended on a ron another player may claim too: "Also ron", or no other
  // (the hand then goes in the record in its place); the next hand is the record's already.
  if (canAlso && draftWaits(replayed)) {
    return h('div', { class: 'actions draft-waits' },
      // What the hand has so far, in the library's words.
      last ? h('ul', { class: 'pending', id: 'draft-ended' }, ...last.said.map((s) => saidLine(s))) : null,
      h('p', { class: 'small', id: 'draft-waits' },
        `Another ron on ${lastWin?.from ?? ''}\u2019s discard? Hand ${last?.number ?? ''} is recorded once there is none.`),
      bigButton('Also ron', () => win(true, null), { id: 'act-also' }),
      bigButton('No other ron', noOtherRon, { id: 'act-no-more' }),
      bigButton('Undo', undo, { id: 'act-undo' }));
  }
  const winners = next && state.step.at !== 'win'
    ? h('div', { class: 'winners', role: 'group', 'aria-label': 'Who won?' },
      ...playerNames(replayed).map((name) => h('button', {
        type: 'button', class: 'big win-by', 'data-winner': name, 'aria-label': `${name} won`, onclick: () => win(false, name),
      }, h('span', { class: 'win-name' }, name), h('span', { class: 'win-word' }, 'won'))))
    : null;
  return h('div', { class: 'actions' },
    winners,
    next ? bigButton('Draw', () => setStep({ at: 'draw', tenpai: [] }), { id: 'act-draw' }) : null,
    next && replayed.rules?.declaration ? bigButton(replayed.rules.declaration, () => setStep({ at: 'pick', what: 'riichi' }), { id: 'act-riichi' }) : null,
    canAlso ? bigButton('Also ron', () => win(true, null), { id: 'act-also' }) : null,
    choice && next ? bigButton(`${choice} stops the game`, () => record({ kind: 'dealer-stops' }), { id: 'act-dealer-stops' }) : null,
    choice && !next ? bigButton(`${choice} plays on`, () => record({ kind: 'dealer-plays-on' }), { id: 'act-dealer-plays-on' }) : null,
    next ? bigButton('Chombo', () => setStep({ at: 'pick', what: 'chombo' }), { id: 'act-chombo' }) : null,
    next && sys === 'fan' ? bigButton('On the spot', () => setStep({ at: 'spot' }), { id: 'act-spot' }) : null,
    next && setting(replayed, 'nagashi-mangan') === true ? bigButton('Nagashi', () => setStep({ at: 'pick', what: 'nagashi' }), { id: 'act-nagashi' }) : null,
    next && listed(replayed, 'abortive-draws').some((d) => d === 'nine-terminals' || d === 'four-kans') ? bigButton('Abortive draw', () => setStep({ at: 'abort' }), { id: 'act-abort' }) : null,
    bigButton('Correction', () => setStep({ at: 'correct' }), { id: 'act-correct' }),
    bigButton('Undo', undo, { id: 'act-undo' }),
    redoable ? bigButton('Redo', redo, { id: 'act-redo' }) : null);
}

/** The panel of an event entered into a drafted hand, saying at its top which hand that is,
 * with the banner's Cancel (the dialog covers the banner). */
function drafted(panel: HTMLElement | null): HTMLElement | null {
  const said = draftSaid();
  const draft = state.game ? draftOf(state.game) : null;
  if (!panel || !said || !draft) return panel;
  panel.prepend(h('div', { class: 'dialog-drafting', id: 'dialog-drafting' },
    h('p', {}, said),
    h('button', { type: 'button', id: 'dialog-draft-cancel', onclick: cancelDraft }, draft.replaces.length ? 'Keep the hand as it was' : 'Insert no hand')));
  return panel;
}

export function stepPanel(replayed: Replayed, next: InPlay | null): HTMLElement | null {
  const step = state.step;
  switch (step.at) {
    case 'win': return next || step.also ? drafted(winPanel(step, replayed)) : null;
    case 'draw': return drafted(drawPanel(step, replayed));
    case 'pick': return drafted(pickPanel(step, replayed));
    case 'correct': return drafted(correctPanel(replayed));
    case 'abort': return drafted(abortPanel(replayed));
    case 'spot': return drafted(spotPanel(replayed));
    case 'share': return sharePanel(step);
    case 'export': return exportPanel(replayed);
    case 'hand': return state.game ? handPanel(step, replayOf(state.game, state.game.record)) : null;
    default: return null;
  }
}
