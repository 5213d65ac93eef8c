// A game shared without a server: the whole record compressed into the page's address
// (deflate-raw by the browser's own CompressionStream, then base64url), read back the same
// way. No DOM here: node 20 has the same streams.

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

/** The page's address with the game in it: `…#g=PACKED`. */
export async function link(page: string, record: string): Promise<string> {
  return `${page.replace(/#.*$/, '')}#g=${await pack(record)}`;
}

/** The packed record in an address's hash, or null. */
export function packedIn(hash: string): string | null {
  const found = /^#?g=([A-Za-z0-9_-]+)$/.exec(hash);
  return found ? found[1] : null;
}
