// The page's shared state: the ruleset chosen, what the library says of it, and the hand.

import { mj3, type RulesChoice } from './mj3';
import { emptyHand, type HandState } from './hand';
import type { RulesetInfo } from './types';

export interface App {
  rules: RulesChoice;
  info: RulesetInfo | null;
  /** Why the ruleset chosen does not load (a house TOML with a mistake), or null. */
  rulesError: string | null;
  hand: HandState;
  /** The line in the notation field. */
  line: string;
  /** Earlier lines, for undo. */
  history: string[];
  /** Called when the ruleset changes, so that every panel redraws. */
  listeners: (() => void)[];
}

export const app: App = {
  rules: { name: 'korean', house: '', sets: [] },
  info: null,
  rulesError: null,
  hand: emptyHand(),
  line: '',
  history: [],
  listeners: [],
};

/** Figures the browser tests read: when the WebAssembly was ready, the first result was
 * drawn and it was on the screen (ms after the page started loading), and how long each
 * re-score after a tap took. */
export const metrics = {
  wasmReadyMs: null as number | null,
  firstResultMs: null as number | null,
  firstResultPaintedMs: null as number | null,
  tapMs: [] as number[],
  scoreMs: [] as number[],
};
(window as unknown as { mj3Metrics: typeof metrics }).mj3Metrics = metrics;

/** Loads what the library says of the ruleset chosen; a ruleset that does not load keeps
 * the error for the page to show. */
export function loadRuleset(): void {
  try {
    app.info = mj3.rulesetInfo(app.rules);
    app.rulesError = null;
  } catch (error) {
    app.info = null;
    app.rulesError = typeof error === 'string' ? error : String(error);
  }
  for (const listener of app.listeners) listener();
}
