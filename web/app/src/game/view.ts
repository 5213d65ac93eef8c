// The Game panel drawn: the tools, the standings, the hand in play and its entries, the
// sheet, each from the controller's state (controller.ts), by the panels (panels/*.ts).

import { closed as closedDialog, opened as openedDialog } from '../back';
import { $, fill, h } from '../dom';
import { draftOf, handLines } from './record.js';
import type { Said } from './answers.js';
import {
  cancelDraft, gameMetrics, hold, onRedraw, redrawNow, replayOf, setStep, state, writable, type Step,
} from './controller';
import { gamesPanel, newPanel } from './panels/games';
import { actions, stepPanel } from './panels/hand';
import { counters, markDrafted, sheetItems, standings } from './panels/sheet';
import { elsewherePanel, offerPanel, unsavedPanel } from './panels/share';
import { eveningPanel } from './panels/evening';
import { saidLine } from '../said';
import { endHere, settlementPanel } from './panels/settlement';
import { showTable, tablePanel, tableShown } from './panels/table';
import { settingsPanel, toggleSettings } from './panels/settings';

export { inProgress, recordTilesWin, setupGame, tilesPreview, type Host, type TilesWin } from './controller';

/** A tool's panel opened (and brought into sight), or closed when it is open. */
function toggle(step: Step): void {
  setStep(step.at === state.step.at ? { at: 'sheet' } : step);
  // Drawn now, to be brought into sight.
  redrawNow();
  document.querySelector('#game-body .entry')?.scrollIntoView({ block: 'nearest' });
}

/** The step open, and the link's question (an update it offers), are dialogs with a history
 * entry of their own (back.ts): the phone's Back closes them (the question as its Cancel:
 * the game as it is); closed by the page (Cancel, or what they record), their entry goes. */
function stepEntry(): void {
  if (state.step.at === 'sheet') closedDialog('step');
  if (state.offer?.update) openedDialog('offer', () => { state.offer = null; redrawNow(); });
  else closedDialog('offer');
  if (state.step.at !== 'sheet') openedDialog('step', () => setStep({ at: 'sheet' }));
}

/** `panel`, a step's dialog, with its Cancel at its foot (unless it has its own), beside the
 * button that answers it when that comes last. */
function withCancel(panel: HTMLElement | null): HTMLElement | null {
  if (!panel || state.step.at === 'sheet' || panel.querySelector('#step-cancel')) return panel;
  // With no game the New form is the panel itself: nothing to go back to.
  if (!state.game && state.step.at === 'new') return panel;
  const last = panel.lastElementChild;
  const answer = last instanceof HTMLButtonElement && last.classList.contains('big') ? last : null;
  panel.append(h('div', { class: 'row step-cancel' }, answer,
    h('button', { type: 'button', id: 'step-cancel', onclick: () => setStep({ at: 'sheet' }) }, 'Cancel')));
  return panel;
}

/** The notice: the page's sentence (after its first line break the library's message with its
 * line and caret, preformatted), or the library's sentence as a table reads it, its source
 * behind a tap. */
function noticeOf(notice: string | Said | null): HTMLElement | null {
  if (!notice) return null;
  if (typeof notice !== 'string') return h('p', { class: 'rules-error', role: 'alert', id: 'game-notice' }, saidLine(notice, 'span'));
  const text = notice;
  const cut = text.indexOf('\n');
  if (cut < 0) return h('p', { class: 'rules-error', role: 'alert', id: 'game-notice' }, text);
  return h('div', { class: 'rules-error', role: 'alert', id: 'game-notice' },
    h('p', {}, text.slice(0, cut)), h('pre', {}, text.slice(cut + 1)));
}

/** The panel's two parts, kept across redraws: what is drawn anew each time (the tools, the
 * standings, the hand in play and its entry: small), and the sheet, in which only the hands
 * that changed are put in or taken out (a tap's cost does not grow with the game). */
let parts: { top: HTMLElement; sheet: HTMLOListElement } | null = null;

/** The panel's parts in `box` (made the first time). */
function partsOf(box: HTMLElement): { top: HTMLElement; sheet: HTMLOListElement } {
  if (!parts || parts.top.parentElement !== box) {
    parts = {
      top: h('div', { class: 'game-top' }),
      sheet: h('ol', { class: 'sheet', reversed: true, 'aria-label': 'The hands, latest first' }),
    };
    fill(box, parts.top, parts.sheet);
  }
  return parts;
}

/** `list` holding `items` in order: an item already in its place stays (its style and layout
 * are not done again), the others are put in or taken out. */
function reconcile(list: HTMLElement, items: HTMLElement[]): void {
  const wanted = new Set<Element>(items);
  for (const child of Array.from(list.children)) if (!wanted.has(child)) child.remove();
  items.forEach((item, i) => {
    const there = list.children[i] ?? null;
    if (there !== item) list.insertBefore(item, there);
  });
}

/** Draws the whole Game panel from the state. */
export function redraw(): void {
  const started = performance.now();
  stepEntry();
  const { top, sheet } = partsOf($('game-body'));
  const notice = noticeOf(state.notice);
  const tools = h('div', { class: 'game-tools' },
    h('button', { type: 'button', id: 'games', onclick: () => toggle({ at: 'games' }) }, 'Games'),
    h('button', { type: 'button', id: 'new-game', onclick: () => toggle({ at: 'new' }) }, 'New'),
    h('button', { type: 'button', id: 'evening-open', onclick: () => toggle({ at: 'evening' }) }, 'Evening'),
    state.game ? h('button', { type: 'button', id: 'share', onclick: () => toggle({ at: 'share', link: null }) }, 'Share') : null,
    state.game ? h('button', { type: 'button', id: 'export', onclick: () => toggle({ at: 'export' }) }, 'Record') : null,
    state.game ? h('button', { type: 'button', id: 'game-settings', onclick: toggleSettings }, 'Settings') : null,
    state.game ? h('button', { type: 'button', id: 'table-view', onclick: () => showTable(true) }, 'Table view') : null);
  const unsaved = state.game && state.unsaved ? unsavedPanel(state.game) : null;
  if (state.step.at === 'new' || state.step.at === 'games' || state.step.at === 'evening' || !state.game) {
    const at = state.step.at;
    const panel = at === 'games' ? gamesPanel() : at === 'evening' ? eveningPanel() : newPanel();
    fill(top, tools, notice, unsaved, withCancel(panel));
    sheet.hidden = true;
    gameMetrics.redrawMs.push(performance.now() - started);
    return;
  }
  const game = state.game;
  const replayed = replayOf(game, game.record);
  const draft = draftOf(game);
  // While a hand is drafted, the standings and the sheet are the record's (the game without
  // the draft); the hand in play and its entries are the draft's.
  const playedTo = draft ? replayOf(game) : replayed;
  const next = playedTo.next;
  const status = next
    ? h('p', { class: 'in-play', id: 'in-play' }, counters(next))
    : h('p', { class: 'in-play over', id: 'in-play' }, ...(replayed.end?.end_said ? ['Game over: ', saidLine(replayed.end.end_said, 'span')] : []));
  const pending = next?.said.length ? h('ul', { class: 'pending' }, ...next.said.map((s) => saidLine(s))) : null;
  // The hand of the sheet the draft replaces, or goes before.
  const at = draft ? replayed.hands.findIndex((_, i) => handLines(replayed, i)[0] === draft.at) : -1;
  const drafted = at >= 0 ? replayed.hands[at] : null;
  const editing = draft
    ? h('div', { class: 'drafting', id: 'drafting', role: 'status' },
      h('p', {}, drafted
        ? draft.replaces.length ? `Entering hand ${drafted.number} (${drafted.label}) again` : `Inserting a hand before hand ${drafted.number} (${drafted.label})`
        : 'Entering a hand',
      ': the sheet shows the game without it until it is recorded.'),
      h('button', { type: 'button', id: 'draft-cancel', onclick: cancelDraft }, draft.replaces.length ? 'Cancel: keep the hand as it was' : 'Cancel'))
    : null;
  const said = state.said ? h('p', { class: 'said', id: 'game-said', role: 'status' }, state.said) : null;
  const error = replayed.error ? h('pre', { class: 'rules-error', role: 'alert' }, replayed.error.shown) : null;
  const hands = sheetItems(replayed.hands);
  // The tools first: the Games list and a new game are one tap away however long the sheet.
  // Read-only while another tab holds the game (nothing to tap for an instant while asked).
  const mine = writable();
  fill(top,
    tools,
    unsaved,
    state.offer ? offerPanel(state.offer) : null,
    hold === 'elsewhere' || hold === 'asking' ? elsewherePanel() : null,
    replayed.rules ? h('p', { class: 'game-ruleset small', id: 'game-ruleset' }, replayed.rules.label) : null,
    standings(replayed, replayed.next),
    status, settlementPanel(replayed), mine ? editing : null, pending, error, notice, said,
    mine && state.step.at === 'settings' ? settingsPanel(replayed) : null,
    mine ? actions(playedTo, next) : null,
    mine ? withCancel(stepPanel(playedTo, next)) : null,
    mine ? endHere(replayed, next) : null,
    tableShown() ? tablePanel(replayed, next) : null);
  reconcile(sheet, hands);
  markDrafted(hands, drafted ? drafted.number : null, draft?.replaces.length ? 'again' : 'before');
  sheet.hidden = false;
  gameMetrics.redrawMs.push(performance.now() - started);
}


onRedraw(redraw);
