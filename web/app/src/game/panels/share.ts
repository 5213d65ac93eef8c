// The panels that carry the game elsewhere: its link and QR code, its record and house file,
// the record kept when the store is full, and the game read-only while another tab holds it.

import qrcode from 'qrcode-generator';
import { h } from '../../dom';
import type { Replayed } from '../answers.js';
import { houseOf, type Game } from '../record.js';
import { link } from '../share.js';
import {
  HOUSE_FILE, channel, gaveUp, hold, openRecord, redraw, replayOf, save, setStep, state, takeOffer, useHere, type Offer, type Step,
} from '../controller';

/** Says that the game is read-only here, and why; offers to use it here. */
export function elsewherePanel(): HTMLElement {
  const text = hold === 'asking'
    ? 'Asking the other tab or window to let go of this game\u2026 (if it does not, close it there.)'
    : gaveUp
      ? 'This game is now used in another tab or window. Here it can only be read; it follows the changes made there.'
      : 'This game is open in another tab or window. Here it can only be read; it follows the changes made there.';
  return h('section', { class: 'entry unsaved', id: 'elsewhere', role: 'status', 'aria-label': 'Open in another tab' },
    h('p', { class: 'notice' }, text),
    hold === 'elsewhere' && channel ? h('div', { class: 'row' }, h('button', { type: 'button', id: 'use-here', onclick: useHere }, 'Use it here')) : null);
}


/** What became of a link beside the games kept, and the update it offers: update the game
 * here, keep the link's apart, or leave the game as it is. */
export function offerPanel(offer: Offer): HTMLElement {
  const close = () => { state.offer = null; redraw(); };
  return h('section', { class: 'entry offer', id: 'link-offer', role: 'status', 'aria-label': 'The link' },
    h('p', {}, offer.text),
    h('div', { class: 'row' },
      offer.update ? h('button', { type: 'button', id: 'offer-update', class: 'accent', onclick: () => takeOffer(false) }, 'Update it') : null,
      offer.update ? h('button', { type: 'button', id: 'offer-apart', onclick: () => takeOffer(true) }, 'Keep both') : null,
      h('button', { type: 'button', id: 'offer-close', onclick: close }, offer.update ? 'Cancel' : 'OK')));
}

/** Copies the text of `field` (an input or textarea): the clipboard where the browser
 * offers it (a secure context), else the browser's copy command on the selected text, else
 * the text left selected to copy by hand. Says which in `said`. */
export function copyFrom(field: HTMLInputElement | HTMLTextAreaElement, said: HTMLElement): void {
  const byHand = () => {
    field.focus();
    field.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    said.textContent = copied ? 'Copied.' : 'This browser does not copy from here: the text is selected, copy it with the phone\u2019s own Copy.';
  };
  if (!navigator.clipboard || !window.isSecureContext) {
    byHand();
    return;
  }
  navigator.clipboard.writeText(field.value).then(() => { said.textContent = 'Copied.'; }, byHand);
}

/** The QR code of `text` as an SVG, its modules drawn as one path. */
export function qrSvg(text: string): SVGSVGElement {
  const code = qrcode(0, 'L');
  code.addData(text);
  code.make();
  const n = code.getModuleCount();
  let d = '';
  for (let r = 0; r < n; r += 1) for (let c = 0; c < n; c += 1) if (code.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n + 8} ${n + 8}`);
  svg.setAttribute('class', 'qr');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', 'QR code of the link to this game');
  const back = document.createElementNS(ns, 'rect');
  back.setAttribute('width', String(n + 8));
  back.setAttribute('height', String(n + 8));
  back.setAttribute('fill', '#fff');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(back, path);
  return svg;
}

export function sharePanel(step: Extract<Step, { at: 'share' }>): HTMLElement {
  const game = state.game;
  if (!game) return h('section');
  const asFile = saveLink(game.record, 'game.txt', 'Save the record as a file', 'share-file');
  if (step.failed) {
    return h('section', { class: 'entry share', 'aria-label': 'Share this game' },
      h('p', { role: 'alert', id: 'share-problem' }, 'This browser could not pack the game into a link. Send the record as a file instead.'),
      h('div', { class: 'row' }, asFile));
  }
  if (step.link === null) {
    link(location.href, game.record, houseOf(game)).then(
      (made) => { if (state.step.at === 'share') setStep({ at: 'share', link: made }); },
      () => { if (state.step.at === 'share') setStep({ at: 'share', link: null, failed: true }); });
    return h('section', { class: 'entry' }, h('p', {}, 'Packing the game…'));
  }
  const shown = step.link;
  let code: Element;
  try {
    code = qrSvg(shown);
  } catch {
    // The QR library's "code length overflow": the link is longer than a code holds.
    code = h('p', { id: 'share-no-code', role: 'status' }, `This game's link is too long for a QR code (${shown.length} characters, with its house file). Copy the link below and send it, or send the record as a file.`);
  }
  const said = h('span', { class: 'small', id: 'share-copied', role: 'status' }, `${shown.length} characters`);
  const field = h('input', { type: 'text', id: 'share-link', readonly: true, value: shown, 'aria-label': 'The link to this game' });
  const copy = () => copyFrom(field, said);
  return h('section', { class: 'entry share', 'aria-label': 'Share this game' },
    h('p', {}, 'Another phone scans this code, or opens the link, and gets this sheet; no account, no server.'),
    code,
    field,
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'share-copy', onclick: copy }, 'Copy the link'),
      asFile,
      said));
}

/** A link that saves `text` as the file `name`. */
export function saveLink(text: string, name: string, label: string, id: string): HTMLElement {
  const file = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  return h('a', { class: 'button', href: file, download: name, id }, label);
}

export function exportPanel(replayed: Replayed): HTMLElement {
  const game = state.game;
  if (!game) return h('section');
  const area = h('textarea', { id: 'record-text', rows: '10', spellcheck: 'false', autocapitalize: 'off', 'aria-label': 'The game record, as mj3 game reads it' });
  area.value = game.record;
  const house = houseOf(game);
  const houseArea = h('textarea', { id: 'house-text', rows: '6', spellcheck: 'false', autocapitalize: 'off', 'aria-label': 'The house file the record names' });
  houseArea.value = house;
  // The file the record names, saved under its own name (a folder in the name is the
  // folder to keep it in, beside the record).
  const named = replayed.house_file ?? HOUSE_FILE;
  const fileName = named.split('/').pop() ?? HOUSE_FILE;
  return h('section', { class: 'entry', 'aria-label': 'Export or import a record' },
    h('p', { class: 'small' }, 'The record: mj3 game replays it to this sheet. Paste another record here to open it.'),
    area,
    house
      ? h('p', { class: 'small', id: 'house-note' }, `It is played under a house file, which the record names ${named}: keep the two files in one folder${named.includes('/') ? ` (the house file at ${named})` : ''}, and mj3 game replays the record to this sheet.`)
      : null,
    h('details', { class: 'game-options', id: 'record-house', open: !!house },
      h('summary', {}, 'Its house file'), houseArea),
    h('div', { class: 'row' },
      saveLink(game.record, 'game.txt', 'Save as a file', 'save-record'),
      house ? saveLink(house, fileName, `Save ${fileName}`, 'save-house') : null,
      h('button', { type: 'button', id: 'import', onclick: () => openRecord(area.value, houseArea.value) }, 'Open this record')));
}

/** What the store refused, at once: the game is on the screen and in this tab only; its
 * record to copy or save as a file, and a button to try again. */
export function unsavedPanel(game: Game): HTMLElement {
  const area = h('textarea', { id: 'unsaved-record', rows: '3', readonly: true, spellcheck: 'false', 'aria-label': 'The record not saved on this phone' });
  area.value = game.record;
  const house = houseOf(game);
  // The house file under the name the record gives it (as Record saves it).
  const houseName = replayOf(game, game.record).house_file?.split('/').pop() ?? HOUSE_FILE;
  const said = h('span', { class: 'small', id: 'unsaved-copied', role: 'status' });
  return h('section', { class: 'entry unsaved', id: 'unsaved', role: 'alert', 'aria-label': 'Not saved' },
    h('p', { class: 'notice' }, 'Not saved: the phone\u2019s storage is full. Until it is saved this game is only in this tab: keep its record (copy it, or save it as a file), or delete a game you no longer need and try again.'),
    area,
    h('div', { class: 'row' },
      h('button', { type: 'button', id: 'unsaved-copy', onclick: () => copyFrom(area, said) }, 'Copy the record'),
      saveLink(game.record, 'game.txt', 'Save as a file', 'unsaved-file'),
      house ? saveLink(house, houseName, `Save ${houseName}`, 'unsaved-house') : null,
      h('button', { type: 'button', id: 'unsaved-retry', onclick: () => { save(); redraw(); } }, 'Try saving again'),
      said));
}
