import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transformWithOxc, type Plugin } from 'vite';
import { SAVED_READS } from './src/sw/saved-reads-protocol.ts';

const webDir = decodeURIComponent(new URL('.', import.meta.url).pathname);

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name)).map((f) => `${entry.name}/${f}`)
      : [entry.name],
  );
}

/**
 * Writes /sw.js: web/src/sw/service-worker.ts, its types stripped, with the list of every built file (the bundle and
 * web/public) to keep for offline use, a version that changes whenever a file does, and the
 * names of the saved reads it shares with the pages (saved-reads-protocol.ts).
 */
export function serviceWorker(): Plugin {
  return {
    name: 'shinpan-service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((f) => !f.endsWith('.map'));
      const publicFiles = filesUnder(join(webDir, 'public'));
      // index.html is written after this hook runs; its content follows the hashed names above.
      const precache = [...new Set([...built, 'index.html', ...publicFiles])].map((f) => `/${f}`).sort();
      const hash = createHash('sha256');
      for (const file of Object.values(bundle)) hash.update(file.type === 'chunk' ? file.code : file.source);
      for (const f of publicFiles) hash.update(readFileSync(join(webDir, 'public', f)));
      const typed = join(webDir, 'src', 'sw', 'service-worker.ts');
      const { code } = await transformWithOxc(readFileSync(typed, 'utf8'), typed, { lang: 'ts' });
      // A classic worker script: the type-only import leaves an empty module marker behind.
      const source = code
        .replace(/^export \{\};?\s*$/m, '')
        .replace('self.__SHINPAN_PRECACHE__', JSON.stringify(precache))
        .replace('self.__SHINPAN_VERSION__', JSON.stringify(hash.digest('hex').slice(0, 16)))
        .replace('self.__SHINPAN_SAVED_READS__', JSON.stringify(SAVED_READS));
      // Registered as a classic script: a module statement left in it fails its evaluation, and
      // with it the offline console, on every phone.
      if (/^(import|export)\b/m.test(source)) this.error('sw.js must be a classic script: service-worker.ts may import types only');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|ico)$/;

/**
 * Leaves `name.br` and `name.gz` beside every text file of the build, compressed once at full
 * strength, for the server to send as they are (only where it saves something).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'shinpan-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const path = join(outDir, file);
        const raw = readFileSync(path);
        const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${path}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}
