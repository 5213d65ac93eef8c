// The games kept on the phone (localStorage, or any Storage the caller gives), the one being
// played first. The store is finite: a save it refuses is reported, never thrown, and no game
// is dropped to make room. No DOM here.

import { shapeMisfit, type Shape } from '../answers.js';

import type { Game } from './record.js';

/** The store's key of the games kept. */
export const GAMES = 'mj3.games';

export interface Shelf {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A kept game as the page writes it: what a stale or edited entry is held to. */
const GAME: Shape = {
  fields: { id: 'string', record: 'string', house: 'string?', updated: 'number', cursor: 'number or null', players: 'string?', about: 'string?' },
};

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

/** Keeps `game` (replacing its earlier self); false when the store refused it (full, or
 * not there), and then nothing was changed. No game is ever dropped to make room. */
export function keep(shelf: Shelf | null, game: Game): boolean {
  if (!shelf) return false;
  try {
    shelf.setItem(GAMES, JSON.stringify([game, ...kept(shelf).filter((g) => g.id !== game.id)]));
    return true;
  } catch {
    return false;
  }
}

/** The game `id` as the store has it now (another tab may have saved it), or null. */
export function stored(shelf: Shelf | null, id: string): Game | null {
  return kept(shelf).find((g) => g.id === id) ?? null;
}

/** Forgets the game `id`; false when the store refused the change. */
export function forget(shelf: Shelf | null, id: string): boolean {
  try {
    shelf?.setItem(GAMES, JSON.stringify(kept(shelf).filter((g) => g.id !== id)));
    return true;
  } catch {
    return false;
  }
}
