// A game shared without a server: the whole record compressed into the page's address
// (deflate-raw by the browser's own CompressionStream, then base64url), and the house file it
// names beside it, packed the same way; read back the same way. No DOM here: node 20 has the
// same streams.

async function through(bytes: Uint8Array<ArrayBuffer>, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The record packed for an address. */
export async function pack(record: string): Promise<string> {
  return base64url(await through(new TextEncoder().encode(record), new CompressionStream('deflate-raw')));
}

/** The record a packed address holds (throws on one that was cut or changed). */
export async function unpack(packed: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]*$/.test(packed)) throw new Error('the link holds no game record');
  const bytes = await through(unbase64url(packed), new DecompressionStream('deflate-raw'));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The page's address with the game in it: `…#g=PACKED`, and `&h=PACKED` the house file
 * the record names when it is played under one. */
export async function link(page: string, record: string, house = ''): Promise<string> {
  const withHouse = house ? `&h=${await pack(house)}` : '';
  return `${page.replace(/#.*$/, '')}#g=${await pack(record)}${withHouse}`;
}

/** The packed record in an address's hash, and the packed house file (or null), or null. */
export function packedIn(hash: string): { record: string; house: string | null } | null {
  const found = /^#?g=([A-Za-z0-9_-]+)(?:&h=([A-Za-z0-9_-]+))?$/.exec(hash);
  return found ? { record: found[1], house: found[2] ?? null } : null;
}
