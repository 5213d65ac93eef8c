// The games kept on the phone (localStorage, or any Storage the caller gives), the one being
// played first, and the bin of the games deleted, from which they come back. The store is
// finite: a save it refuses is reported, never thrown, and no game is dropped to make room
// (the bin gives its oldest games up first). No DOM here.

import { shapeMisfit, type Shape } from '../answers.js';

import { normalGame, type Game } from './record.js';

/** The store's key of the games kept. */
export const GAMES = 'mj3.games';
/** The store's key of the bin: the games deleted, the latest first. */
export const BIN = 'mj3.bin';
/** The most games the bin holds: a deletion beyond them gives up the oldest. */
export const BIN_SIZE = 10;

export interface Shelf {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A kept game as the page writes it: what a stale or edited entry is held to. */
const GAME: Shape = {
  fields: {
    id: 'string', record: 'string', house: 'string?', updated: 'number', cursor: 'number or null?', players: 'string?', about: 'string?',
    copied: 'string?', deleted: 'number?', draft: 'object or null?', past: 'array?', future: 'array?',
  },
};

function isGame(value: unknown): value is Game {
  return shapeMisfit(value, GAME) === null;
}

function listAt(shelf: Shelf | null, key: string): Game[] {
  try {
    const list: unknown = JSON.parse(shelf?.getItem(key) ?? '[]');
    return Array.isArray(list) ? list.filter(isGame).map(normalGame) : [];
  } catch {
    return [];
  }
}

/** Every game kept, the latest changed first. */
export function kept(shelf: Shelf | null): Game[] {
  return listAt(shelf, GAMES).sort((a, b) => b.updated - a.updated);
}

/** The games in the bin, the latest deleted first. */
export function binned(shelf: Shelf | null): Game[] {
  return listAt(shelf, BIN).sort((a, b) => (b.deleted ?? 0) - (a.deleted ?? 0));
}

/** Writes `value` at `key`; when the store refuses it, gives up the bin's games oldest
 * first to make room, and tries again. False when even an empty bin leaves no room. */
function write(shelf: Shelf, key: string, value: string): boolean {
  for (;;) {
    try {
      shelf.setItem(key, value);
      return true;
    } catch {
      const bin = binned(shelf);
      if (!bin.length || key === BIN) return false;
      try {
        if (bin.length === 1) shelf.setItem(BIN, '[]');
        else shelf.setItem(BIN, JSON.stringify(bin.slice(0, -1)));
      } catch {
        return false;
      }
    }
  }
}

/** Keeps `game` (replacing its earlier self); false when the store refused it (full, or
 * not there), and then nothing was changed. No game is ever dropped to make room: only the
 * bin's, oldest first. */
export function keep(shelf: Shelf | null, game: Game): boolean {
  if (!shelf) return false;
  return write(shelf, GAMES, JSON.stringify([game, ...kept(shelf).filter((g) => g.id !== game.id)]));
}

/** The game `id` as the store has it now (another tab may have saved it), or null. */
export function stored(shelf: Shelf | null, id: string): Game | null {
  return kept(shelf).find((g) => g.id === id) ?? null;
}

/** Forgets the game `id` for good; false when the store refused the change. */
export function forget(shelf: Shelf | null, id: string): boolean {
  try {
    shelf?.setItem(GAMES, JSON.stringify(kept(shelf).filter((g) => g.id !== id)));
    return true;
  } catch {
    return false;
  }
}

/** Deletes the game `id` into the bin (its latest `BIN_SIZE`; when the store has no room
 * for it there, it is deleted all the same and `binned` is false). False (`deleted`) when
 * the store refused the deletion itself, and then nothing changed. */
export function discard(shelf: Shelf | null, id: string, now = Date.now()): { deleted: boolean; binned: boolean } {
  const game = shelf ? stored(shelf, id) : null;
  if (!shelf || !game) return { deleted: forget(shelf, id), binned: false };
  const bin = [{ ...game, deleted: now }, ...binned(shelf).filter((g) => g.id !== id)].slice(0, BIN_SIZE);
  let inBin = false;
  try {
    shelf.setItem(BIN, JSON.stringify(bin));
    inBin = true;
  } catch {
    // No room in the bin: the game is deleted all the same (the player asked for room).
  }
  if (forget(shelf, id)) return { deleted: true, binned: inBin };
  if (inBin) {
    try {
      shelf.setItem(BIN, JSON.stringify(bin.slice(1)));
    } catch {
      // The bin keeps a copy of a game still kept: bringing it back changes nothing.
    }
  }
  return { deleted: false, binned: false };
}

/** Brings the game `id` back from the bin into the games kept (with a new id when a game
 * of its id is kept again meanwhile); the game, or null when it is not in the bin or the
 * store refused it. */
export function restore(shelf: Shelf | null, id: string, now = Date.now()): Game | null {
  const found = binned(shelf).find((g) => g.id === id);
  if (!shelf || !found) return null;
  const { deleted: _deleted, ...game } = found;
  const back = stored(shelf, id) ? { ...game, id: `${id}r${now.toString(36)}` } : game;
  if (!keep(shelf, back)) return null;
  try {
    shelf.setItem(BIN, JSON.stringify(binned(shelf).filter((g) => g.id !== id)));
  } catch {
    // Still in the bin as well: a second "bring back" makes a second copy, nothing is lost.
  }
  return back;
}

/** How a record from elsewhere (a link, a pasted record) stands to the games kept: the same
 * record as one of them; one of them with more after it (`continues`); an earlier state of
 * one of them (`behind`); or one that shares its first events with one of them and then
 * differs (`diverges`). A game of no events yet continues, leads or diverges from nothing:
 * two games of one evening begin with the same header (ruleset, players). */
export type Relation =
  | { kind: 'same' | 'continues' | 'behind' | 'diverges'; game: Game }
  | { kind: 'new' };

function linesOf(text: string): string[] {
  const all = text.split('\n');
  if (all[all.length - 1] === '') all.pop();
  return all;
}

/** How many first lines `a` and `b` have in common. */
function common(a: string[], b: string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/** `record` (under `house`; `firstEvent` the line number of its first event, or past its
 * end) against the games kept: the first that is the same, else one it continues, else one
 * ahead of it, else one it diverges from. A game with a hand drafted (entered again) is never
 * updated nor taken as ahead: a link that differs from it is kept beside it. */
export function relation(games: Game[], record: string, house: string, firstEvent: number): Relation {
  const mine = linesOf(record);
  const header = Math.min(mine.length, Math.max(0, firstEvent - 1));
  const alike = games.filter((g) => (g.house ?? '') === house);
  const same = alike.find((g) => g.record === record);
  if (same) return { kind: 'same', game: same };
  const shared = alike.map((g) => ({ game: g, lines: linesOf(g.record) }))
    .map((k) => ({ ...k, common: common(mine, k.lines) }))
    .filter((k) => k.common > header);
  const open = shared.filter((k) => !k.game.draft);
  const continued = open.find((k) => k.common === k.lines.length);
  if (continued) return { kind: 'continues', game: continued.game };
  const ahead = open.find((k) => k.common === mine.length);
  if (ahead) return { kind: 'behind', game: ahead.game };
  const begun = shared[0];
  return begun ? { kind: 'diverges', game: begun.game } : { kind: 'new' };
}
