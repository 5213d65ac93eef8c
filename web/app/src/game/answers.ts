// The library's answers for a game, typed and checked where they enter the page: each field
// the page reads has its type in a schema, and `checked` refuses JSON that does not fit it
// (no `as` cast). The test `test/answers.test.mjs` holds the schemas to docs/json.md's tables.

/** A field's type as docs/json.md names it. */
export type FieldType = 'number' | 'string' | 'string or null' | 'array' | 'object' | 'boolean';

/** A record's fields by path (`players[].total`), as docs/json.md lists them. */
export type Schema = Record<string, FieldType>;

export interface PlayerSeat { player: string; seat: string }
export interface PlayerRow { player: string; change: number; total: number }
export interface WinRecord {
  winner: string;
  seat: string;
  from: string | null;
  pao: string | null;
  hand: string;
  honba: number;
  sticks: number;
  draws: number;
  paid: PlayerRow[];
  summary: string;
}
export interface HandRecord {
  number: number;
  line: number;
  kind: 'win' | 'draw' | 'chombo' | 'correction';
  label: string;
  round: string;
  dealer: string;
  seats: PlayerSeat[];
  honba: number;
  sticks: number;
  draws: number;
  events: string[];
  wins: WinRecord[];
  players: PlayerRow[];
  sticks_after: number;
  table_change: number;
}
export interface Standing { place: number; player: string; points: number; net: number; result: number }
export interface EndRecord {
  kind: 'end';
  ruleset: string;
  players: string[];
  'starting-points': number;
  end: string | null;
  standings: Standing[];
}
/** The hand being played (the web crate's answer, web/src/game.rs): where it stands as a
 * hand record says it, and what happened in it so far. */
export type InPlay = Pick<HandRecord, 'label' | 'round' | 'dealer' | 'seats' | 'honba' | 'sticks' | 'draws' | 'events'>;
/** `game(record)`: the sheet as `mj3 game --json` writes it, and the game around it. */
export interface Replayed {
  hands: HandRecord[];
  end: EndRecord | null;
  error: { line: number; message: string; shown: string } | null;
  next: InPlay | null;
  event_lines: number[];
}

/** docs/json.md, "A game hand": the fields the page reads. */
export const HAND_SCHEMA: Schema = {
  number: 'number', line: 'number', kind: 'string', label: 'string', round: 'string', dealer: 'string',
  seats: 'array', 'seats[].player': 'string', 'seats[].seat': 'string',
  honba: 'number', sticks: 'number', draws: 'number', events: 'array', wins: 'array',
  'wins[].winner': 'string', 'wins[].seat': 'string', 'wins[].from': 'string or null',
  'wins[].pao': 'string or null', 'wins[].hand': 'string', 'wins[].honba': 'number',
  'wins[].sticks': 'number', 'wins[].draws': 'number', 'wins[].score': 'object', 'wins[].paid': 'array',
  'wins[].paid[].player': 'string', 'wins[].paid[].change': 'number', 'wins[].paid[].total': 'number',
  'wins[].summary': 'string', players: 'array', 'players[].player': 'string', 'players[].change': 'number',
  'players[].total': 'number', sticks_after: 'number', table_change: 'number',
};

/** docs/json.md, "The end of a game". */
export const END_SCHEMA: Schema = {
  kind: 'string', ruleset: 'string', players: 'array', 'starting-points': 'number', end: 'string or null',
  standings: 'array', 'standings[].place': 'number', 'standings[].player': 'string',
  'standings[].points': 'number', 'standings[].net': 'number', 'standings[].result': 'number',
};

/** The web crate's own fields around them (web/src/game.rs). */
const IN_PLAY_SCHEMA: Schema = {
  label: 'string', round: 'string', dealer: 'string', seats: 'array', 'seats[].player': 'string',
  'seats[].seat': 'string', honba: 'number', sticks: 'number', draws: 'number', events: 'array',
};

function fits(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'array': return Array.isArray(value);
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'string or null': return value === null || typeof value === 'string';
    default: return typeof value === type;
  }
}

/** A schema as a tree: each field's type, and the schema of an array's items. */
interface Node {
  type?: FieldType;
  fields: Map<string, Node>;
  items?: Node;
}

function child(node: Node, key: string): Node {
  let found = node.fields.get(key);
  if (!found) {
    found = { fields: new Map() };
    node.fields.set(key, found);
  }
  return found;
}

const compiled = new WeakMap<Schema, Node>();

/** `schema` as a tree (`wins[].paid[].total`: `wins`, its items, their `paid`, …), once. */
function tree(schema: Schema): Node {
  const known = compiled.get(schema);
  if (known) return known;
  const root: Node = { fields: new Map() };
  for (const [path, type] of Object.entries(schema)) {
    let node = root;
    for (const part of path.split('.')) {
      if (part.endsWith('[]')) {
        const array = child(node, part.slice(0, -2));
        array.items ??= { fields: new Map() };
        node = array.items;
      } else {
        node = child(node, part);
      }
    }
    node.type = type;
  }
  compiled.set(schema, root);
  return root;
}

/** The field `key` of `value`, or undefined. */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
}

function walk(value: unknown, node: Node, path: string): string | null {
  for (const [key, below] of node.fields) {
    const inner = field(value, key);
    if (below.type && !fits(inner, below.type)) return `${path}${key}: ${below.type} expected, got ${JSON.stringify(inner)}`;
    if (below.items && Array.isArray(inner)) {
      for (const item of inner) {
        const found = walk(item, below.items, `${path}${key}[].`);
        if (found) return found;
      }
    } else if (below.fields.size) {
      const found = walk(inner, below, `${path}${key}.`);
      if (found) return found;
    }
  }
  return null;
}

/** The first field of `value` that does not fit `schema`, as `path: expected type`, or null. */
export function misfit(value: unknown, schema: Schema): string | null {
  return walk(value, tree(schema), '');
}

/** Why `value` is not a `Replayed` (each part against its schema), or null when it is. */
export function replayMisfit(value: unknown): string | null {
  const hands = field(value, 'hands');
  const problems = [
    misfit(value, { hands: 'array', event_lines: 'array' }),
    ...(Array.isArray(hands) ? hands : []).map((hand) => misfit(hand, HAND_SCHEMA)),
  ];
  const end = field(value, 'end');
  if (end !== null) problems.push(misfit(end, END_SCHEMA));
  const next = field(value, 'next');
  if (next !== null) problems.push(misfit(next, IN_PLAY_SCHEMA));
  const error = field(value, 'error');
  if (error !== null) problems.push(misfit(error, { line: 'number', message: 'string', shown: 'string' }));
  return problems.find((p) => p !== null) ?? null;
}

function isReplayed(value: unknown): value is Replayed {
  return replayMisfit(value) === null;
}

/** `Replayed` read from the web crate's JSON, checked against the schemas. */
export function checkedReplay(json: string): Replayed {
  const value: unknown = JSON.parse(json);
  if (!isReplayed(value)) throw new Error(`the library's game answer does not fit docs/json.md: ${replayMisfit(value)}`);
  return value;
}
