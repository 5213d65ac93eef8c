// The page's other calls answer with the JSON of the matching `mj3 … --json` command:
// --all, --why, criteria, a criteria lookup, compare, rulesets and --diff, and a house TOML
// with --set overrides.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promisify } from 'node:util';
import { ROOT, open, phone, session } from './browser.mjs';

const run = promisify(execFile);
const CLI = process.env.MJ3_CLI ?? join(ROOT, 'target/debug/mj3');

async function cli(...args) {
  try {
    return (await run(CLI, args, { maxBuffer: 1 << 24 })).stdout.trimEnd();
  } catch (error) {
    return String(error.stdout ?? '').trimEnd();
  }
}

const HOUSE = 'extends = "sanma"\nname = "our-table"\n\n[options]\nkuitan = false\n';
const SANMA = { name: 'sanma', house: '', sets: [] };

const shared = session();
/** The page the calls are made in: opened by the first call (node 20 runs a file's `before`
 * hooks side by side, so not in one of its own after the session's). */
let opened = null;
async function page() {
  opened ??= phone(shared.browser).then(async ({ page: p }) => {
    await open(p, shared.server.url);
    return p;
  });
  return opened;
}

/** Calls `window.mj3[name](...args)` in the page. */
const call = async (name, ...args) => (await page()).evaluate(([n, a]) => window.mj3[n](...a), [name, args]);

test('--all and --why answer as the CLI does', async () => {
  for (const line of ['222333444p678s99s riichi ron win=4p seat=S', '234p567p678s99s23s riichi']) {
    assert.equal(await call('all', line, SANMA), await cli('score', '--json', '--all', '-r', 'sanma', line));
    assert.equal(
      await call('why', line, ['pinfu', 'tanyao', 'chiitoitsu'], SANMA),
      await cli('score', '--json', '-r', 'sanma', '--why', 'pinfu', '--why', 'tanyao', '--why', 'chiitoitsu', line),
    );
  }
});

test('criteria, a lookup, compare, rulesets and --diff answer as the CLI does', async () => {
  assert.equal(await call('criteria', SANMA), await cli('criteria', '--json', '-r', 'sanma'));
  assert.equal(await call('lookup', 'tanyo', false, null), await cli('criteria', '--json', 'tanyo'));
  assert.equal(await call('lookup', 'seven pairs', true, SANMA), await cli('criteria', '--json', '--all', '-r', 'sanma', 'seven', 'pairs'));
  const line = '234p567p678s99s234s riichi tsumo';
  assert.equal(await call('compare', line, [], ''), await cli('compare', '--json', line));
  assert.equal(await call('compare', line, ['sanma', 'korean'], ''), await cli('compare', '--json', '-r', 'sanma,korean', line));
  assert.equal(await call('rulesets'), await cli('rulesets', '--json'));
  assert.equal(await call('diff', 'sanma-tenhou', 'sanma-mahjongsoul', ''), await cli('rulesets', '--json', '--diff', 'sanma-tenhou', 'sanma-mahjongsoul'));
});

test('a pasted house ruleset with --set overrides scores as the CLI scores its file', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mj3-web-'));
  const file = join(dir, 'house.toml');
  writeFileSync(file, HOUSE);
  const line = '[222p] 345p567p678s88s ron seat=S';
  const house = { name: '', house: HOUSE, sets: ['options.red-dora=true'] };
  // The same file name, so that the JSON names it the same; the CLI is run from its folder.
  const expected = (await run(CLI, ['score', '--json', '--words', '-r', 'house.toml', '--set', 'options.red-dora=true', line], { cwd: dir })
    .catch((e) => e)).stdout.trimEnd();
  assert.equal(await call('score', line, house), expected);
  assert.equal(await call('diff', 'sanma', 'house.toml', HOUSE), await cli('rulesets', '--json', '--diff', 'sanma', file).then((s) => s.replaceAll(file, 'house.toml')));
});
