// The Rulesets panel: the shipped rulesets, `--set` overrides, a pasted house ruleset (its
// mistakes shown with file, line and column) and the differences between two rulesets.

import { app, loadRuleset } from './app';
import { $, fill, h } from './dom';
import { mj3, message } from './mj3';
import { houseText, saveHouseText } from './store';
import type { RulesetSummary } from './types';

const HOUSE = 'house.toml';

let shipped: RulesetSummary[] = [];

/** The shipped rulesets' names (once the list has loaded). */
export function shippedNames(): string[] {
  return shipped.map((r) => r.name);
}

/** The ruleset picker in the header: the shipped rulesets, and the house one when it is in use. */
export function drawPicker(): void {
  const picker = $<HTMLSelectElement>('ruleset');
  const options = shipped.map((r) => h('option', { value: r.name, selected: !app.rules.house && r.name === app.rules.name }, r.name));
  const house = app.rules.house
    ? h('option', { value: HOUSE, selected: true }, 'house rules')
    : null;
  fill(picker, ...options, house);
}

/** Chooses a ruleset (a shipped name, or `house.toml` for the pasted one). */
export function choose(name: string): void {
  if (name === HOUSE) {
    app.rules = { ...app.rules, house: houseText() };
  } else {
    app.rules = { ...app.rules, name, house: '' };
  }
  loadRuleset();
  drawPicker();
  drawStatus();
}

/** Whether the ruleset in use loads, under the house editor. */
function drawStatus(): void {
  const status = $('house-status');
  if (app.rules.house && app.rulesError) {
    fill(status, h('p', { class: 'rules-error', role: 'alert' }, h('pre', {}, app.rulesError)));
  } else if (app.rules.house) {
    fill(status, h('p', { class: 'ok', role: 'status' }, `In use: ${app.info?.name ?? 'house'} — ${app.info?.title ?? ''}`));
  } else {
    fill(status);
  }
}

function applyHouse(): void {
  const text = $<HTMLTextAreaElement>('house').value;
  saveHouseText(text);
  if (!text.trim()) {
    choose(app.rules.name);
    return;
  }
  app.rules = { ...app.rules, house: text };
  loadRuleset();
  drawPicker();
  drawStatus();
}

function applySets(): void {
  const sets = $<HTMLTextAreaElement>('sets').value
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  app.rules = { ...app.rules, sets };
  loadRuleset();
  drawStatus();
  const status = $('sets-status');
  fill(status, app.rulesError ? h('pre', { class: 'rules-error', role: 'alert' }, app.rulesError) : h('span', { role: 'status' }, sets.length ? `${sets.length} override${sets.length > 1 ? 's' : ''} in use` : 'No overrides'));
}

function showDiff(): void {
  const a = $<HTMLSelectElement>('diff-a').value;
  const b = $<HTMLSelectElement>('diff-b').value;
  const out = $('diff-out');
  try {
    const d = mj3.diff(a, b, houseText());
    if (!d.differences.length) {
      fill(out, h('p', {}, `${d.first} and ${d.second} agree on every setting.`));
      return;
    }
    fill(out, h('table', { class: 'diff' },
      h('caption', {}, `${d.differences.length} settings differ`),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Setting'), h('th', { scope: 'col' }, d.first), h('th', { scope: 'col' }, d.second))),
      h('tbody', {}, ...d.differences.map((row) => h('tr', {}, h('th', { scope: 'row' }, row.key), h('td', {}, row.first), h('td', {}, row.second))))));
  } catch (error) {
    fill(out, h('pre', { class: 'rules-error', role: 'alert' }, message(error)));
  }
}

export function setupRulesets(): void {
  shipped = mj3.rulesets();
  fill($('ruleset-list'), ...shipped.map((r) => h('li', {},
    h('button', { type: 'button', class: 'ruleset-choice', onclick: () => choose(r.name), 'aria-label': `Use ${r.name}: ${r.title}` },
      h('strong', {}, r.name), h('span', {}, ` ${r.title}`), h('small', {}, ` ${r.system} · ${r.source}`)))));
  const names = [...shipped.map((r) => r.name), HOUSE];
  for (const [id, pick] of [['diff-a', 0], ['diff-b', 1]] as const) {
    fill($(id), ...names.map((n, i) => h('option', { value: n, selected: i === pick }, n)));
  }
  $<HTMLTextAreaElement>('house').value = houseText();
  $<HTMLTextAreaElement>('sets').value = app.rules.sets.join('\n');
  $('house-apply').addEventListener('click', applyHouse);
  $('sets-apply').addEventListener('click', applySets);
  $('diff-show').addEventListener('click', showDiff);
  $<HTMLSelectElement>('ruleset').addEventListener('change', (e) => choose((e.target as HTMLSelectElement).value));
  drawPicker();
}
