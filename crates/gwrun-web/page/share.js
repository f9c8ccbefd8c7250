// share.js — a program in the link: its LIST text (code page 437 bytes) compressed with
// raw DEFLATE (the browser's CompressionStream) and written in base64url after
// `#program=`. Opening such a link loads the program, ready to RUN. The page never sends
// the program anywhere: the fragment stays in the browser.

const PREFIX = 'program=';

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64Url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i);
  return bytes;
}

/** The link that opens `program` (bytes) on this page. */
export async function shareUrl(program) {
  const packed = await pipe(program, new CompressionStream('deflate-raw'));
  const url = new URL(location.href);
  url.hash = PREFIX + toBase64Url(packed);
  return url.href;
}

/** The program a link's fragment holds, or null when it holds none (throws when it is damaged). */
export async function sharedProgram(hash) {
  const h = hash.replace(/^#/, '');
  if (!h.startsWith(PREFIX)) return null;
  return pipe(fromBase64Url(h.slice(PREFIX.length)), new DecompressionStream('deflate-raw'));
}
