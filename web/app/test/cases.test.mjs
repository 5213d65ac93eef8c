// Every hand of tests/cases/*.txt, scored by the page's WebAssembly, gives the same JSON as
// `mj3 score --json --words` (the CLI built from the same tree): the words the page shows among it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promisify } from 'node:util';
import { ROOT, cases, open, phone, session } from './browser.mjs';

const run = promisify(execFile);
const CLI = process.env.MJ3_CLI ?? join(ROOT, 'target/debug/mj3');

/** What the CLI writes for one case (stdout, without the final newline). */
async function cli(c) {
  const args = ['score', '--json', '--words', '--rules', c.ruleset, ...c.sets.flatMap((s) => ['--set', s]), c.line];
  try {
    const { stdout } = await run(CLI, args, { maxBuffer: 1 << 24 });
    return stdout.trimEnd();
  } catch (error) {
    // Exit 1 (not a win), 2 (a line that does not read) and 3 (a ruleset that does not load)
    // still write what they write.
    return String(error.stdout ?? '').trimEnd();
  }
}

const shared = session();

test('every case-file hand scores to the same JSON in the page as in the CLI', async () => {
  const all = cases();
  assert.ok(all.length > 800, `only ${all.length} case lines`);
  const expected = [];
  for (let i = 0; i < all.length; i += 8) {
    expected.push(...(await Promise.all(all.slice(i, i + 8).map(cli))));
  }
  const { page, errors } = await phone(shared.browser);
  await open(page, shared.server.url);
  const got = await page.evaluate((list) => list.map((c) => {
    try {
      return window.mj3.score(c.line, { name: c.ruleset, house: '', sets: c.sets });
    } catch (error) {
      return `error: ${String(error)}`;
    }
  }), all);
  let differing = 0;
  all.forEach((c, i) => {
    if (got[i] !== expected[i]) {
      differing += 1;
      if (differing <= 5) {
        assert.equal(got[i], expected[i], `${c.file}:${c.number} ${c.line}`);
      }
    }
  });
  assert.equal(differing, 0);
  assert.deepEqual(errors, []);
  console.log(`# ${all.length} case lines: the page's JSON is the CLI's on every one`);
});
