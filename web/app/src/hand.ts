// The hand on the pad, its circumstances kept as typed values (the parts the library's
// `parse` answers and `write` takes). A typed line is read by the library's parser into this
// state, and the state is written back as a line by the library's writer: the page composes
// no notation.

/** A seat, or a round's wind. */
export type Seat = 'E' | 'S' | 'W';
export const SEATS: Seat[] = ['E', 'S', 'W'];

/** A declared set: a pon, an open kong, a concealed kong or a chow. */
export interface Meld {
  kind: 'pon' | 'kong' | 'concealed-kong' | 'chow';
  tiles: string[];
}

/** The context words the page shows as toggles. */
export type Word =
  | 'riichi' | 'double-riichi' | 'ippatsu' | 'last' | 'replacement' | 'robbed' | 'first'
  | 'double-replacement' | 'robbed-kita' | 'robbed-concealed';

/** The circumstances by the notation's names, each as a typed value (docs/notation.md). */
export type Context = { [word in Word]?: boolean } & {
  tsumo?: boolean;
  /** A ron: from that seat, or `true` from the seat before the winner. */
  ron?: boolean | Seat;
  seat?: Seat;
  round?: Seat;
  /** Indicators and discards: tiles. */
  dora?: string[];
  ura?: string[];
  discards?: string[];
  /** The other seats that were waiting to win. */
  waiting?: Seat[];
  /** Full bonus sets in the starting hand: `f`, `x`, `h`, `a`. */
  dealt?: string[];
  draws?: number;
  honba?: number;
  sticks?: number;
  /** Where each exposed kong came from, by its tile: a seat's discard or `self`. */
  'kong-from'?: Record<string, Seat | 'self'>;
  /** The fan of each non-winner's hand. */
  'others-fan'?: Partial<Record<Seat, number>>;
  /** The fly tiles (jokers) each non-winner held. */
  'others-fly'?: Partial<Record<Seat, number>>;
};

export type TileList = 'dora' | 'ura' | 'discards';
export type Count = 'draws' | 'honba' | 'sticks';
export type PerSeat = 'others-fan' | 'others-fly';

export interface HandState {
  /** Concealed tiles in the order they were added (`0p` red five, `J` joker). */
  concealed: string[];
  melds: Meld[];
  /** Bonus tiles set aside: `f1`, `x2`, `h1`, `a3`, `N` (kita), `W`. */
  bonus: string[];
  /** The winning tile when picked; otherwise the last concealed tile added. */
  win: string | null;
  context: Context;
}

export function emptyHand(): HandState {
  return { concealed: [], melds: [], bonus: [], win: null, context: {} };
}

/** What the library's `parse` answers for a line that reads. */
export interface Parsed {
  concealed: string[];
  jokers: number;
  declared: { kind: 'exposed' | 'concealed'; tiles: string[] }[];
  bonus: string[];
  context: Context & { win?: string };
}

/** The state a parsed line describes (`parse`'s answer), or null for an error record. */
export function fromParsed(parsed: Parsed | { error: unknown }): HandState | null {
  if ('error' in parsed) return null;
  const melds: Meld[] = parsed.declared.map((set) => {
    if (set.kind === 'concealed') return { kind: 'concealed-kong', tiles: set.tiles };
    if (set.tiles.length === 4) return { kind: 'kong', tiles: set.tiles };
    return { kind: set.tiles[0] === set.tiles[1] ? 'pon' : 'chow', tiles: set.tiles };
  });
  const { win, ...context } = parsed.context;
  return {
    concealed: [...parsed.concealed, ...Array<string>(parsed.jokers).fill('J')],
    melds,
    bonus: parsed.bonus,
    win: win ?? null,
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

/** The hand as the library's `write` takes it: the concealed tiles sorted, the winning tile
 * last when the hand is complete, the sets, the bonus tiles and the context. */
export function handParts(hand: HandState): object {
  const sorted = [...hand.concealed].sort((a, b) => tileOrder(a) - tileOrder(b));
  const win = winningTile(hand);
  if (tileCount(hand) === 14 && win) {
    sorted.splice(sorted.lastIndexOf(win), 1);
    sorted.push(win);
  }
  return {
    concealed: sorted,
    declared: hand.melds.map((meld) => ({
      kind: meld.kind === 'concealed-kong' ? 'concealed' : 'exposed',
      tiles: meld.tiles,
    })),
    bonus: hand.bonus,
    context: hand.context,
  };
}

/** The tiles of a listing entry (none when absent). */
export function listedTiles(hand: HandState, name: TileList): string[] {
  return hand.context[name] ?? [];
}

/** Sets the tiles of a listing entry; an empty list leaves it out. */
export function setListed(hand: HandState, name: TileList, tiles: string[]): void {
  if (tiles.length) hand.context[name] = tiles;
  else delete hand.context[name];
}

/** A count (0 when absent). */
export function countOf(hand: HandState, name: Count): number {
  return hand.context[name] ?? 0;
}

export function setCount(hand: HandState, name: Count, n: number): void {
  if (n > 0) hand.context[name] = n;
  else delete hand.context[name];
}

/** The winner's seat or the round's wind (East when not given). */
export function windOf(hand: HandState, name: 'seat' | 'round'): Seat {
  return hand.context[name] ?? 'E';
}

/** The two seats other than the winner's. */
export function otherSeats(hand: HandState): Seat[] {
  const seat = windOf(hand, 'seat');
  return SEATS.filter((s) => s !== seat);
}
