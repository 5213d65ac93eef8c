// A game shared without a server: the whole record compressed into the page's address
// (deflate-raw by the browser's own CompressionStream, then base64url), and the house file it
// names beside it, packed the same way; read back the same way. A link is a stranger's text:
// it is inflated as a stream and stopped at the page's limits, and whatever is wrong with it
// is said in the page's own words (a LinkError), never the browser's. No DOM here: node 20
// has the same streams.

/** What a link may hold, in bytes (the web crate's `game_limits`, docs/limits.md). */
export interface Limits {
  record: number;
  house: number;
}

/** Why a link holds no game the page can open. */
export type LinkProblem = 'empty' | 'damaged' | 'not-text' | 'too-large' | 'newer';

/** A link the page cannot open, with the sentence that says so to a player. */
export class LinkError extends Error {
  constructor(readonly problem: LinkProblem, message: string) {
    super(message);
    this.name = 'LinkError';
  }
}

const DAMAGED = 'This link is damaged: it was cut short or changed on the way, and holds no game the page can read. Ask for the link again, or for the record as a file.';

function kib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

/** The refusal of a link whose `what` (the record, the house file) unpacks beyond `limit`. */
function tooLarge(what: string, limit: number, size: number | null): LinkError {
  const held = size === null ? 'more than that' : kib(size);
  return new LinkError('too-large', `This link's ${what} is too large for the page: it opens ${what === 'record' ? 'a game record' : 'a house file'} of up to ${kib(limit)} (${limit} bytes), and this one holds ${held}. Nothing was opened, and your games here are as they were: ask whoever sent it for a smaller link (${what === 'record' ? 'one game\u2019s record' : 'a house file'} takes a few KB).`);
}

/** The bytes of `stream` run through `transform`, fed 1 KiB at a time so that no more than
 * about 1 MB is inflated ahead of the reader (deflate packs at most about 1,000 to 1), and
 * stopped once more than `limit` bytes come out (`onLimit` says what then). */
async function through(bytes: Uint8Array, transform: CompressionStream | DecompressionStream, limit: number, onLimit: () => Error): Promise<Uint8Array> {
  const SLICE = 1024;
  let at = 0;
  const source = new ReadableStream<BufferSource>({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + SLICE));
      at += SLICE;
    },
  }, { highWaterMark: 0 });
  const reader = source.pipeThrough(transform).getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw onLimit();
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text (already checked to be of its letters). */
function unbase64url(text: string): Uint8Array {
  // A length of 4n+1 letters is no base64 at all: the link was cut.
  if (text.length % 4 === 1) throw new LinkError('damaged', DAMAGED);
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The record packed for an address. */
export async function pack(record: string): Promise<string> {
  const bytes = new TextEncoder().encode(record);
  return base64url(await through(bytes, new CompressionStream('deflate-raw'), Infinity, () => new Error('unreachable')));
}

/** The text a packed address holds, at most `limit` bytes of it; `what` names it in the
 * refusal ('record', 'house file'). Throws a LinkError, with the sentence for the player, on
 * anything but such a text. */
export async function unpack(packed: string, limit: number, what = 'record'): Promise<string> {
  if (!/^[A-Za-z0-9_-]*$/.test(packed)) throw new LinkError('damaged', DAMAGED);
  if (!packed) throw new LinkError('empty', 'This link holds no game: it ends where the game should begin (after #g=). Ask for the link again.');
  let bytes: Uint8Array;
  try {
    bytes = await through(unbase64url(packed), new DecompressionStream('deflate-raw'), limit, () => tooLarge(what, limit, null));
  } catch (error) {
    if (error instanceof LinkError) throw error;
    throw new LinkError('damaged', DAMAGED);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError('not-text', 'This link holds no game record: what it carries is not text. Ask for the link again, or for the record as a file.');
  }
}

/** The page's address with the game in it: `…#g=PACKED`, and `&h=PACKED` the house file the
 * record names when it is played under one. */
export async function link(page: string, record: string, house = ''): Promise<string> {
  const withHouse = house ? `&h=${await pack(house)}` : '';
  return `${page.replace(/#.*$/, '')}#g=${await pack(record)}${withHouse}`;
}

/** A game link's parts as the address has them: the packed record, the packed house file
 * (or null), and the names of parts this page does not know (a later version's). */
export interface Packed {
  record: string;
  house: string | null;
  unknown: string[];
}

/** The packed parts of a standard base64 or percent-escaped copy, as base64url: a link
 * pasted through a messenger may come back with `%2B`, `+`, `/` or `=`. */
function tidied(part: string): string {
  let text = part;
  try {
    text = decodeURIComponent(part);
  } catch {
    // A lone `%`: left as it is, and refused as damaged.
  }
  return text.replace(/\s+/g, '').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The packed game in an address's hash (`#g=…&h=…`), or null when the hash is no game
 * link (`#r=sanma&h=123p…` is the scorer's hand). */
export function packedIn(hash: string): Packed | null {
  const text = hash.replace(/^#/, '');
  if (!/^g(?:=|&|$)/.test(text)) return null;
  const out: Packed = { record: '', house: null, unknown: [] };
  for (const part of text.split('&')) {
    const eq = part.indexOf('=');
    const key = eq < 0 ? part : part.slice(0, eq);
    const value = eq < 0 ? '' : part.slice(eq + 1);
    if (key === 'g') out.record = tidied(value);
    else if (key === 'h') out.house = tidied(value);
    else if (key) out.unknown.push(key);
  }
  return out;
}

/** The record and house file a game link holds, each within the page's `limits`; throws a
 * LinkError saying what is wrong in the page's words. */
export async function readLink(packed: Packed, limits: Limits): Promise<{ record: string; house: string }> {
  if (packed.unknown.length) {
    throw new LinkError('newer', 'This link was made by a newer version of mj3 than this page. Reload the page (or reopen it when online) to update it, then open the link again.');
  }
  const record = await unpack(packed.record, limits.record, 'record');
  const house = packed.house === null ? '' : await unpack(packed.house, limits.house, 'house file');
  return { record, house };
}
