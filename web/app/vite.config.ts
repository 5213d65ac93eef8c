// Builds the page into ../dist with relative paths (it may be served from any folder), and
// writes the service worker's list of files to cache, so that the page opens offline.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/** Emits `sw.js`: src/sw.js with every built and public file listed, and a version from their names. */
function serviceWorker(): Plugin {
  return {
    name: 'mj3-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle).filter((name) => !name.endsWith('.map'));
      const copied = readdirSync(new URL('./public', import.meta.url));
      const files = [...built, ...copied].sort();
      const listed = ['./', ...files.map((name) => `./${name}`)];
      const version = createHash('sha256').update(listed.join('\n')).digest('hex').slice(0, 12);
      const source = readFileSync(new URL('./src/sw.js', import.meta.url), 'utf8')
        .replace('self.__PRECACHE__', JSON.stringify(listed))
        .replace('self.__VERSION__', JSON.stringify(version));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/** Starts the WebAssembly's download and compilation as the page's head is read, rather than
 * after the script has been fetched and run: `window.mj3Wasm` is the compiled module (or null
 * where that fails, and the script fetches it itself). */
function startWasm(): Plugin {
  return {
    name: 'mj3-start-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const wasm = Object.keys(context.bundle ?? {}).find((name) => name.endsWith('.wasm'));
        if (!wasm) return [];
        const compile = `window.mj3Wasm = WebAssembly.compileStreaming`
          + ` ? WebAssembly.compileStreaming(fetch(${JSON.stringify(`./${wasm}`)})).catch(() => null)`
          + ' : null;';
        return [{ tag: 'script', children: compile, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  base: './',
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
  },
  plugins: [startWasm(), serviceWorker()],
});
