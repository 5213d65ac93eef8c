// The games kept on the phone (localStorage, or any Storage the caller gives), the one being
// played first. No DOM here.

import { shapeMisfit, type Shape } from '../answers.js';

import type { Game } from './record.js';

const GAMES = 'mj3.games';
/** The most games kept; the oldest goes first. */
export const MAX_GAMES = 30;

export interface Shelf {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A kept game as the page writes it: what a stale or edited entry is held to. */
const GAME: Shape = { fields: { id: 'string', record: 'string', house: 'string?', updated: 'number', cursor: 'number or null' } };

function isGame(value: unknown): value is Game {
  return shapeMisfit(value, GAME) === null;
}

/** Every game kept, the latest changed first. */
export function kept(shelf: Shelf | null): Game[] {
  try {
    const list: unknown = JSON.parse(shelf?.getItem(GAMES) ?? '[]');
    return Array.isArray(list) ? list.filter(isGame).sort((a, b) => b.updated - a.updated) : [];
  } catch {
    return [];
  }
}

/** Keeps `game` (replacing its earlier self). */
export function keep(shelf: Shelf | null, game: Game): void {
  const list = [game, ...kept(shelf).filter((g) => g.id !== game.id)].slice(0, MAX_GAMES);
  shelf?.setItem(GAMES, JSON.stringify(list));
}

/** Forgets the game `id`. */
export function forget(shelf: Shelf | null, id: string): void {
  shelf?.setItem(GAMES, JSON.stringify(kept(shelf).filter((g) => g.id !== id)));
}
