// The library's answers, typed and checked where they enter the page: each answer has its
// schema here, copied from its table in docs/json.md (a field's path and type as the table
// writes them; `?` after the type: the table says the field is there only sometimes), and
// `checked` refuses JSON that does not fit it, naming the field, so no caller casts. The
// test `test/core.test.mjs` holds every schema to its table.

/** A field's type as docs/json.md names it. */
export type FieldType =
  | 'number' | 'string' | 'bool' | 'array' | 'object' | 'array of strings'
  | 'string or null' | 'number or null' | 'object or null' | 'array of strings or null'
  | 'number, string, bool or array';

/** A record's fields by path (`players[].total`), as a docs/json.md table lists them; a
 * type ending in `?` may be absent. */
export type Schema = Record<string, FieldType | `${FieldType}?`>;

/** An answer's shape: its table, and the tables of what lies inside it by path (`score`,
 * `waits[].score`, `discards[]`), or a choice of shapes by a field's value (`system`). */
export interface Shape {
  fields: Schema;
  inner?: Record<string, Shape | Variants>;
}

/** The shape chosen by the value of the field `by`; `otherwise` for any other value. */
export interface Variants {
  by: string;
  shapes: Record<string, Shape>;
  otherwise?: Shape;
}

/** `type` without its `?`. */
export function bareType(type: FieldType | `${FieldType}?`): FieldType {
  for (const known of TYPES) if (type === known || type === `${known}?`) return known;
  return 'object';
}

const TYPES: FieldType[] = [
  'number', 'string', 'bool', 'array', 'object', 'array of strings', 'string or null', 'number or null', 'object or null',
  'array of strings or null', 'number, string, bool or array',
];

function fits(value: unknown, type: FieldType): boolean {
  switch (type) {
    case 'array': return Array.isArray(value);
    case 'array of strings': return Array.isArray(value) && value.every((v) => typeof v === 'string');
    case 'object': return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'bool': return typeof value === 'boolean';
    case 'string or null': return value === null || typeof value === 'string';
    case 'number or null': return value === null || typeof value === 'number';
    case 'object or null': return value === null || fits(value, 'object');
    case 'array of strings or null': return value === null || fits(value, 'array of strings');
    case 'number, string, bool or array': return ['number', 'string', 'boolean'].includes(typeof value) || Array.isArray(value);
    default: return typeof value === type;
  }
}

/** A schema as a tree: each field's type, and the schema of an array's items. */
interface Node {
  type?: FieldType;
  optional?: boolean;
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
    node.optional = type.endsWith('?');
    node.type = bareType(type);
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
    if (below.type) {
      if (inner === undefined && below.optional) continue;
      if (!fits(inner, below.type)) return `${path}${key}: ${below.type} expected, got ${JSON.stringify(inner) ?? 'nothing'}`;
      if (inner === null) continue;
    }
    if (below.items && Array.isArray(inner)) {
      for (const item of inner) {
        const type = below.items.type;
        if (type && !fits(item, type)) return `${path}${key}[]: ${type} expected, got ${JSON.stringify(item)}`;
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

/** The values at `path` in `value` (`waits[].score`: each wait's score), absent ones left out. */
function at(value: unknown, path: string): unknown[] {
  let found = [value];
  for (const part of path.split('.')) {
    const key = part.endsWith('[]') ? part.slice(0, -2) : part;
    found = found.map((v) => field(v, key)).filter((v) => v !== undefined && v !== null);
    if (part.endsWith('[]')) found = found.flatMap((v) => (Array.isArray(v) ? v : []));
  }
  return found;
}

function isVariants(shape: Shape | Variants): shape is Variants {
  return 'by' in shape;
}

/** The first part of `value` that does not fit `shape` (its path from here), or null. */
export function shapeMisfit(value: unknown, shape: Shape | Variants, path = ''): string | null {
  if (isVariants(shape)) {
    const tag = field(value, shape.by);
    const chosen = (typeof tag === 'string' ? shape.shapes[tag] : undefined) ?? shape.otherwise;
    if (!chosen) return `${path}${shape.by}: one of ${Object.keys(shape.shapes).join(', ')} expected, got ${JSON.stringify(tag)}`;
    return shapeMisfit(value, chosen, path);
  }
  const own = misfit(value, shape.fields);
  if (own) return path + own;
  for (const [where, below] of Object.entries(shape.inner ?? {})) {
    for (const inner of at(value, where)) {
      const found = shapeMisfit(inner, below, `${path}${where}.`);
      if (found) return found;
    }
  }
  return null;
}

function fitsShape<T>(value: unknown, shape: Shape | Variants): value is T {
  return shapeMisfit(value, shape) === null;
}

function held<T>(value: unknown, shape: Shape | Variants, what: string): T {
  if (!fitsShape<T>(value, shape)) {
    throw new Error(`the library's ${what} answer does not fit docs/json.md: ${shapeMisfit(value, shape)}`);
  }
  return value;
}

/** `json` read and held to `shape`: the value, typed as `T`, or an error naming the misfit. */
export function checked<T>(json: string, shape: Shape | Variants, what: string): T {
  return held<T>(JSON.parse(json), shape, what);
}

/** `json` read as an array, each item held to `shape`. */
export function checkedList<T>(json: string, shape: Shape, what: string): T[] {
  const list: Shape = { fields: { items: 'array' }, inner: { 'items[]': shape } };
  return held<{ items: T[] }>({ items: JSON.parse(json) }, list, what).items;
}

// The schemas, each its docs/json.md table (named in its comment).

/** "An element". */
export const ELEMENT: Shape = { fields: {
  id: 'string', name: 'string', class: 'string', value: 'number', count: 'number', points: 'number', tiles: 'string', source: 'string',
} };

/** "A seat payment". */
export const SEAT_PAYMENT: Shape = { fields: {
  seat: 'string', role: 'string', waiting: 'bool', amount: 'number', breakdown: 'string',
} };

/** The four "Totals: …" tables, by `system`. */
export const TOTALS: Variants = { by: 'system', shapes: {
  points: { fields: {
    system: 'string', hand_points: 'number', bonus_points: 'number', minimum: 'number', limit: 'string or null', limit_points: 'number',
  } },
  'han-fu': { fields: {
    system: 'string', yaku_han: 'number', dora_han: 'number', han: 'number', yakuman: 'number', fu_lines: 'array',
    'fu_lines[].id': 'string', 'fu_lines[].label': 'string', 'fu_lines[].fu': 'number', fu: 'number', base_points: 'number',
    limit: 'string or null',
  } },
  'han-table': { fields: {
    system: 'string', yaku_han: 'number', bonus_han: 'number', han: 'number', yakuman: 'number', row: 'string',
  } },
  fan: { fields: {
    system: 'string', fan: 'number', counted: 'number', cap: 'number', minimum: 'number', points: 'number',
  } },
} };

/** "A score". */
export const SCORE: Shape = {
  fields: {
    arrangement: 'string', win_tile: 'string', elements: 'array', superseded: 'array', totals: 'object', totals_line: 'string',
    verdict: 'object', jokers: 'array of strings?', payments: 'object', 'payments.seats': 'array', notes: 'array of strings',
    stated: 'string?',
  },
  inner: { 'elements[]': ELEMENT, 'superseded[]': ELEMENT, totals: TOTALS, 'payments.seats[]': SEAT_PAYMENT },
};

/** "A discard". */
export const DISCARD: Shape = {
  fields: {
    tile: 'string', shanten: 'number or null', useful: 'array', 'useful[].tile': 'string', 'useful[].unseen': 'number',
    useful_count: 'number', waits: 'array', 'waits[].tile': 'string', 'waits[].score': 'object', best_received: 'number or null',
  },
  inner: { 'waits[].score': SCORE },
};

/** "`unready`". */
export const UNREADY: Shape = {
  fields: {
    tiles: 'number', shapes: 'string', shanten: 'number or null', useful: 'array', 'useful[].tile': 'string',
    'useful[].unseen': 'number', useful_count: 'number', discards: 'array',
  },
  inner: { 'discards[]': DISCARD },
};

/** "Score words". */
export const SCORE_WORDS: Shape = { fields: {
  verdict: 'string', reached: 'string', limit: 'string or null', elements: 'array of strings', superseded: 'array of strings',
  payments: 'array', 'payments[].seat': 'string', 'payments[].letter': 'string', 'payments[].role': 'string',
  'payments[].amount': 'string', collects: 'string or null',
  notes: 'array', 'notes[].text': 'string', 'notes[].source': 'string or null',
} };

/** "Unready words". */
export const UNREADY_WORDS: Shape = {
  fields: {
    line: 'string', distance: 'string', kinds: 'string', useful: 'string', copies: 'array of strings', discards: 'array',
    'discards[].leaves': 'string', 'discards[].waits': 'array',
  },
  inner: { 'discards[].waits[]': SCORE_WORDS },
};

/** "Words". */
export const WORDS: Shape = {
  fields: { score: 'object?', waits: 'array?', unready: 'object?' },
  inner: { score: SCORE_WORDS, 'waits[]': SCORE_WORDS, unready: UNREADY_WORDS },
};

/** "A tile name". */
export const TILE_NAME: Shape = { fields: { tile: 'string', name: 'string', set: 'string?' } };

/** "A scored line" (as `score` answers: no batch fields). */
export const SCORED_LINE: Shape = {
  fields: {
    file: 'string?', line: 'number?', input: 'string', tag: 'string or null?', ruleset: 'string', ruleset_changes: 'object?',
    'ruleset_changes.base': 'string', 'ruleset_changes.files': 'array of strings', 'ruleset_changes.overrides': 'array of strings',
    'context.seat': 'string', 'context.round': 'string', 'context.win': 'string', 'context.discarder': 'string or null',
    kind: 'string', score: 'object or null?', waits: 'array?', 'waits[].tile': 'string', 'waits[].score': 'object',
    unready: 'object?', words: 'object?',
  },
  inner: { score: SCORE, 'waits[].score': SCORE, unready: UNREADY, words: WORDS },
};

/** "A bad line". */
export const BAD_LINE: Shape = { fields: {
  file: 'string?', line: 'number?', input: 'string', tag: 'string or null?', kind: 'string', 'error.message': 'string',
  'error.column': 'number', 'error.said': 'object?', 'error.said.text': 'string', 'error.said.source': 'string or null',
} };

/** An answer about a line: `shape`, or the bad line's record (`kind: "error"`). */
export function orBadLine(shape: Shape): Variants {
  return { by: 'kind', shapes: { error: BAD_LINE }, otherwise: shape };
}

/** "`mj3 rulesets --json`", each item. */
export const RULESET_SUMMARY: Shape = { fields: { name: 'string', source: 'string', system: 'string', title: 'string' } };

/** "`mj3 rulesets --diff A B --json`". */
export const DIFF: Shape = { fields: {
  differences: 'array', 'differences[].first': 'string', 'differences[].key': 'string', 'differences[].second': 'string',
  first: 'string', second: 'string',
} };

/** "`mj3 criteria --json`", each item. */
export const CRITERION: Shape = { fields: {
  active: 'bool', aliases: 'array of strings', check: 'string', class: 'string', concealed_only: 'bool', description: 'string',
  example: 'string', id: 'string', name: 'string', needs_hand_points: 'number', open_value: 'number', source: 'string',
  value: 'number', when: 'array of strings',
} };

/** "A card entry". */
export const CARD_ENTRY: Shape = { fields: {
  ruleset: 'string', key: 'string', name: 'string', requires: 'string', class: 'string', value: 'string',
  open_value: 'string or null', conditions: 'array of strings', switched_off: 'object or null', 'switched_off.why': 'string',
  'switched_off.switch_on': 'array of strings', 'switched_off.said': 'string', example: 'object', 'example.hand': 'string', 'example.settings': 'array of strings',
  'example.element': 'string or null', 'example.reaches': 'object?', 'example.reaches.with': 'array of strings',
  'example.reaches.total': 'string', 'example.total': 'string', near_miss: 'object or null', 'near_miss.hand': 'string',
  'near_miss.settings': 'array of strings', 'near_miss.reason': 'string', 'near_miss.total': 'string', source: 'string',
  house_lines: 'array of strings',
} };

/** "A card". */
export const CARD: Shape = {
  fields: { aliases: 'array of strings', entries: 'array', name: 'string' },
  inner: { 'entries[]': CARD_ENTRY },
};

/** "`mj3 criteria QUERY --json`". */
export const LOOKUP: Shape = {
  fields: {
    cards: 'array', matches: 'array', 'matches[].keys': 'array', 'matches[].keys[].key': 'string',
    'matches[].keys[].ruleset': 'string', 'matches[].name': 'string', query: 'string',
  },
  inner: { 'cards[]': CARD },
};

/** "`mj3 compare HAND --json`". */
export const COMPARISON: Shape = { fields: {
  hand: 'string', columns: 'array', 'columns[].ruleset': 'string', 'columns[].error': 'string or null',
  'columns[].verdict': 'string', 'columns[].totals': 'string', 'columns[].limit': 'string', 'columns[].payments': 'array',
  'columns[].payments[].seat': 'string', 'columns[].payments[].amount': 'number',
  'columns[].payments[].letter': 'string', 'columns[].payments[].written': 'string', 'columns[].wait': 'string or null',
  'columns[].elements': 'array', 'columns[].elements[].key': 'string', 'columns[].elements[].name': 'string',
  'columns[].elements[].value': 'string', 'columns[].unready': 'object?', 'columns[].unready.shanten': 'number or null',
  'columns[].unready.discard': 'string or null', 'columns[].unready.useful_count': 'number', differences: 'array',
  'differences[].name': 'string', 'differences[].values': 'array', 'differences[].names': 'array', same: 'array',
  'same[].name': 'string', 'same[].values': 'array', 'same[].names': 'array',
} };

/** "An answer". */
export const WHY_ANSWER: Shape = { fields: { query: 'string', name: 'string', tile: 'string?', sentence: 'string', answer: 'string' } };

/** "`mj3 score HAND --why KEY --json`". */
export const WHY: Shape = {
  fields: { input: 'string', ruleset: 'string', why: 'array' },
  inner: { 'why[]': WHY_ANSWER },
};

/** "`mj3 score HAND --all --json`". */
export const READINGS: Shape = {
  fields: {
    input: 'string', 'picked-by': 'string', ruleset: 'string', waits: 'array', 'waits[].readings': 'array',
    'waits[].readings[].chosen': 'bool', 'waits[].readings[].score': 'object', 'waits[].tile': 'string or null',
  },
  inner: { 'waits[].readings[].score': SCORE },
};

/** "The ruleset for the pad" (the web crate's `ruleset_info`). */
export const RULESET_INFO: Shape = { fields: {
  name: 'string', title: 'string', system: 'string', counts_han: 'bool', keeps_counters: 'bool', tiles: 'array', 'tiles[].tile': 'string', 'tiles[].name': 'string',
  red_fives: 'array', 'red_fives[].tile': 'string', 'red_fives[].name': 'string', 'red_fives[].copies': 'number',
  bonus: 'array', 'bonus[].tile': 'string', 'bonus[].name': 'string', jokers: 'number', melded_chows: 'bool',
  context: 'array', 'context[].name': 'string', 'context[].label': 'string', 'context[].word': 'bool',
  'context[].example': 'string or null',
  options: 'object', game: 'array', 'game[].key': 'string', 'game[].value': 'number, string, bool or array',
  'game[].choices': 'array of strings or null', 'game[].kind': 'string', 'game[].unit': 'string or null',
  'game[].help': 'string', seats: 'array', 'seats[].letter': 'string', 'seats[].name': 'string',
  bonus_sets: 'array', 'bonus_sets[].letter': 'string', 'bonus_sets[].name': 'string',
} };

/** "A line in parts" (the web crate's `parse`). */
export const PARTS: Shape = { fields: {
  concealed: 'array of strings', jokers: 'number', declared: 'array', 'declared[].kind': 'string',
  'declared[].tiles': 'array of strings', bonus: 'array of strings', context: 'object',
} };

/** "A place in a line" (the web crate's `part_at`). */
export const PLACE: Shape = { fields: { part: 'string', name: 'string?', label: 'string?' } };

/** "A line written" (the web crate's `write`). */
export const WRITTEN: Shape = { fields: { line: 'string' } };
