// The hand on the pad and its line of notation. A typed line is read by the library's own
// parser (`parse` in the WebAssembly) into this state; the state is written back as a line
// in the notation's usual order.

/** A declared set: `[555p]` pon, `[5555p]` open kong, `(5555p)` concealed kong, `[123p]` chow. */
export interface Meld {
  kind: 'pon' | 'kong' | 'concealed-kong' | 'chow';
  tiles: string[];
}

export interface HandState {
  /** Concealed tiles in the order they were added (`0p` red five, `J` joker). */
  concealed: string[];
  melds: Meld[];
  /** Bonus tiles set aside: `f1`, `x2`, `h1`, `a3`, `N` (kita), `W`. */
  bonus: string[];
  /** The winning tile when picked (`win=`); otherwise the last concealed tile added. */
  win: string | null;
  /** Context words and keys as written, by entry name: `riichi` → `riichi`, `dora` → `dora=3p,N`. */
  context: Record<string, string>;
}

export function emptyHand(): HandState {
  return { concealed: [], melds: [], bonus: [], win: null, context: {} };
}

/** What the library's `parse` answers for a line that reads. */
interface Parsed {
  concealed: string[];
  jokers: number;
  declared: { kind: 'exposed' | 'concealed'; tiles: string[] }[];
  bonus: string[];
  win: string | null;
  context: { name: string; text: string }[];
}

/** The state a parsed line describes (`parse`'s JSON), or null for an error record. */
export function fromParsed(json: string): HandState | null {
  const parsed = JSON.parse(json) as Parsed | { error: unknown };
  if ('error' in parsed) return null;
  const melds: Meld[] = parsed.declared.map((set) => {
    if (set.kind === 'concealed') return { kind: 'concealed-kong', tiles: set.tiles };
    if (set.tiles.length === 4) return { kind: 'kong', tiles: set.tiles };
    return { kind: set.tiles[0] === set.tiles[1] ? 'pon' : 'chow', tiles: set.tiles };
  });
  const context: Record<string, string> = {};
  for (const entry of parsed.context) {
    if (entry.name !== 'win') context[entry.name] = entry.text;
  }
  return {
    concealed: [...parsed.concealed, ...Array<string>(parsed.jokers).fill('J')],
    melds,
    bonus: parsed.bonus,
    win: parsed.win,
    context,
  };
}

const SUIT_ORDER = ['m', 'p', 's'];
const HONOUR_ORDER = ['E', 'S', 'W', 'N', 'w', 'g', 'r'];

/** Sort key of a tile: suits in `m p s` order by number (a red five as a five), then honours,
 * then jokers. */
export function tileOrder(tile: string): number {
  const numbered = /^([0-9])([mps])$/.exec(tile);
  if (numbered) {
    const n = numbered[1] === '0' ? 5.5 : Number(numbered[1]);
    return SUIT_ORDER.indexOf(numbered[2]) * 10 + n;
  }
  const honour = HONOUR_ORDER.indexOf(tile);
  return honour >= 0 ? 40 + honour : 60;
}

/** Tiles in notation: runs of one suit share their letter (`123p`), honours and jokers as letters. */
export function writeTiles(tiles: string[]): string {
  let out = '';
  let run = '';
  let suit = '';
  const flush = () => {
    if (run) out += run + suit;
    run = '';
    suit = '';
  };
  for (const tile of tiles) {
    const numbered = /^([0-9])([mps])$/.exec(tile);
    if (numbered) {
      if (suit && suit !== numbered[2]) flush();
      run += numbered[1];
      suit = numbered[2];
    } else {
      flush();
      out += tile;
    }
  }
  flush();
  return out;
}

/** How many tiles the hand counts (a kong as three). */
export function tileCount(hand: HandState): number {
  return hand.concealed.length + hand.melds.length * 3;
}

/** The winning tile: the one picked, else the last concealed tile added that is no joker. */
export function winningTile(hand: HandState): string | null {
  if (hand.win && hand.concealed.includes(hand.win)) return hand.win;
  const plain = hand.concealed.filter((t) => t !== 'J');
  return plain.length ? plain[plain.length - 1] : null;
}

/** Context entries in the order the notation's vocabulary lists them. */
const CONTEXT_ORDER = [
  'tsumo', 'ron', 'seat', 'round', 'riichi', 'double-riichi', 'ippatsu', 'last', 'replacement',
  'robbed', 'first', 'double-replacement', 'dora', 'ura', 'waiting', 'draws', 'honba', 'sticks',
  'discards', 'kong-from', 'dealt', 'others-fan', 'others-fly',
];

/** The hand as one line of notation: concealed tiles sorted, then the sets, the bonus tiles,
 * `win=` when the winning tile is not the last one written, and the context. */
export function writeLine(hand: HandState): string {
  const parts: string[] = [];
  const sorted = [...hand.concealed].sort((a, b) => tileOrder(a) - tileOrder(b));
  const win = winningTile(hand);
  const complete = tileCount(hand) === 14;
  // The winning tile goes last among the concealed tiles, so that no `win=` is needed.
  if (complete && win) {
    const at = sorted.lastIndexOf(win);
    if (at >= 0) sorted.splice(at, 1);
    const head = writeTiles(sorted);
    if (head) parts.push(head);
    parts.push(win);
  } else if (sorted.length) {
    parts.push(writeTiles(sorted));
  }
  for (const meld of hand.melds) {
    const tiles = writeTiles(meld.tiles);
    parts.push(meld.kind === 'concealed-kong' ? `(${tiles})` : `[${tiles}]`);
  }
  if (hand.bonus.length) parts.push('+' + hand.bonus.join(''));
  const names = Object.keys(hand.context).sort(
    (a, b) => CONTEXT_ORDER.indexOf(a) - CONTEXT_ORDER.indexOf(b),
  );
  for (const name of names) parts.push(hand.context[name]);
  return parts.join(' ');
}

/** The tiles a `dora=`/`ura=`/`discards=` entry lists (`dora=3p,N` → `3p`, `N`). */
export function listedTiles(text: string | undefined): string[] {
  if (!text) return [];
  const value = text.split('=')[1] ?? '';
  return value.split(',').filter((t) => t.length > 0);
}

/** The entry `name=` listing `tiles`, or nothing when the list is empty. */
export function setListed(hand: HandState, name: string, tiles: string[]): void {
  if (tiles.length) hand.context[name] = `${name}=${tiles.join(',')}`;
  else delete hand.context[name];
}

/** The number a `honba=2` entry holds (0 when absent or not a number). */
export function countOf(hand: HandState, name: string): number {
  const value = Number((hand.context[name] ?? '').split('=')[1]);
  return Number.isFinite(value) ? value : 0;
}

export function setCount(hand: HandState, name: string, n: number): void {
  if (n > 0) hand.context[name] = `${name}=${n}`;
  else delete hand.context[name];
}
