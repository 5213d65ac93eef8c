// What the page keeps: the hand and ruleset in the address (so that a link shows the same
// hand), the last hands, the house ruleset and the theme on the phone (localStorage).

import { shapeMisfit, type Shape } from './answers';
import { packedIn } from './game/share';

export interface Saved {
  line: string;
  ruleset: string;
  sets: string[];
  house: boolean;
}

const RECENT = 'mj3.recent';
const HOUSE = 'mj3.house';
const THEME = 'mj3.theme';
const MAX_RECENT = 12;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The hand in the address: `#r=sanma&h=234p567p…&s=options.red-dora%3Dtrue&house=1`. */
export function readAddress(): Partial<Saved> {
  // A shared game (`#g=…&h=…`) is the Game panel's: its `h` is a packed house file.
  if (/^#?g(?:=|&|$)/.test(location.hash)) return {};
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const out: Partial<Saved> = {};
  const line = params.get('h');
  if (line !== null) out.line = line;
  const ruleset = params.get('r');
  if (ruleset) out.ruleset = ruleset;
  const sets = params.getAll('s');
  if (sets.length) out.sets = sets;
  if (params.get('house') === '1') out.house = true;
  return out;
}

export function writeAddress(saved: Saved): void {
  // A shared game's link the Game panel has not read yet (it puts `#game` in its place) is
  // never written over: on a slow phone the scorer's first write (once its taps pause) comes
  // before the panel reads the address, and the link's game would not be opened.
  if (packedIn(location.hash)) return;
  const params = new URLSearchParams();
  params.set('r', saved.ruleset);
  params.set('h', saved.line);
  for (const set of saved.sets) params.append('s', set);
  if (saved.house) params.set('house', '1');
  // The entry's state kept: an open dialog's (back.ts) stays what Back closes.
  history.replaceState(history.state, '', `#${params.toString()}`);
}

/** A kept hand as the page writes it: what a stale or edited entry is held to. */
const SAVED: Shape = { fields: { line: 'string', ruleset: 'string', sets: 'array of strings', house: 'bool' } };

function isSaved(value: unknown): value is Saved {
  return shapeMisfit(value, SAVED) === null;
}

/** The last hands kept on the phone; an entry that is not a kept hand is left out. */
export function recentHands(): Saved[] {
  try {
    const list: unknown = JSON.parse(storage()?.getItem(RECENT) ?? '[]');
    return Array.isArray(list) ? list.filter(isSaved) : [];
  } catch {
    return [];
  }
}

/** Keeps `saved` first among the last hands (once). */
export function remember(saved: Saved): void {
  if (!saved.line.trim()) return;
  const same = (s: Saved) => s.line === saved.line && s.ruleset === saved.ruleset && s.house === saved.house;
  const list = [saved, ...recentHands().filter((s) => !same(s))].slice(0, MAX_RECENT);
  storage()?.setItem(RECENT, JSON.stringify(list));
}

export function houseText(): string {
  return storage()?.getItem(HOUSE) ?? '';
}

export function saveHouseText(text: string): void {
  storage()?.setItem(HOUSE, text);
}

export type Theme = 'light' | 'dark';

export function theme(): Theme {
  const chosen = storage()?.getItem(THEME);
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function saveTheme(t: Theme): void {
  storage()?.setItem(THEME, t);
}
