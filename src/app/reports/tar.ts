/*
 * A POSIX ustar archive of a few text files, for the console's one-file download of the event
 * bundle (`tar xf` anywhere, then `shinpan verify --bundle`). Written here rather than taken
 * from a package: regular files only, a fixed time and owner, so the same bundle always gives
 * the same bytes.
 */

export interface TarEntry {
  /** Relative, "/" between folders; at most 255 bytes, split into prefix and name as ustar asks. */
  readonly path: string;
  readonly content: string;
}

const BLOCK = 512;

/** The archive of `entries`, each file's time `mtime` (seconds since 1970). */
export function tarArchive(entries: readonly TarEntry[], mtime: number): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    const body = Buffer.from(entry.content, 'utf8');
    parts.push(header(entry.path, body.byteLength, mtime), body, new Uint8Array(padding(body.byteLength)));
  }
  parts.push(new Uint8Array(BLOCK * 2));
  return Buffer.concat(parts);
}

const padding = (size: number): number => (BLOCK - (size % BLOCK)) % BLOCK;

function header(path: string, size: number, mtime: number): Uint8Array {
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitPath(path);
  const put = (text: string, at: number, length: number) => block.write(text, at, length, 'utf8');
  const octal = (value: number, at: number, length: number) =>
    put(`${value.toString(8).padStart(length - 1, '0')}\0`, at, length);
  put(name, 0, 100);
  octal(0o644, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.max(0, Math.floor(mtime)), 136, 12);
  put('        ', 148, 8);
  put('0', 156, 1);
  put('ustar\0', 257, 6);
  put('00', 263, 2);
  put(prefix, 345, 155);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return block;
}

/** ustar keeps up to 100 bytes of name and 155 of folder prefix; longer paths are refused. */
function splitPath(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let cut = path.indexOf('/'); cut >= 0; cut = path.indexOf('/', cut + 1)) {
    const prefix = path.slice(0, cut);
    const name = path.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new RangeError(`tar: path too long for ustar (${path})`);
}
