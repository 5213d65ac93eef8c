// What the node tests of the page's DOM-free core share: its modules as tsc compiled them
// (tsconfig.core.json, into test-results/core/), the same WebAssembly the page loads, started
// here in node, and the field tables of docs/json.md that the answers' schemas copy.
import { readFileSync, readdirSync } from 'node:fs';
import assert from 'node:assert/strict';
import { ROOT } from './browser.mjs';

/** The core module `name` (`game/record`, `answers`, …) as tsc compiled it. */
export const core = (name) => import(new URL(`../test-results/core/${name}.js`, import.meta.url));

/** The library's WebAssembly glue (src/wasm/, as web/build.sh wrote it), started. */
export const glue = await import(new URL('../src/wasm/mj3_web.js', import.meta.url));
const wasmFile = readdirSync(new URL('../src/wasm/', import.meta.url)).find((n) => n.endsWith('.wasm'));
glue.initSync({ module: readFileSync(new URL(`../src/wasm/${wasmFile}`, import.meta.url)) });

/** The field table of docs/json.md's section `title` (its first table): path → type. */
export function documented(title) {
  const text = readFileSync(`${ROOT}docs/json.md`, 'utf8');
  const start = text.search(new RegExp(`^#{2,3} ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`, 'm'));
  assert.ok(start >= 0, `docs/json.md has "${title}"`);
  const section = text.slice(start).split(/\n#{2,3} /)[0];
  const table = section.slice(section.indexOf('\n| field |')).split('\n\n')[0];
  const rows = [...table.matchAll(/^\| ((?:`[^`]+`(?:, )?)+) \| ([^|]+) \|/gm)];
  return Object.fromEntries(rows.flatMap(([, paths, type]) =>
    [...paths.matchAll(/`([^`]+)`/g)].map(([, path]) => [path, type.trim()])));
}
