// The page says mj3's words as the library writes them: every case-file hand typed into the
// page at phone size, and what the page shows (the verdict, each element's worth, the limit,
// each seat's amount, what each wait collects, how far an unready hand is from ready) held to
// the `words` of `mj3 batch --json --words` for the same lines (docs/json.md, "Words").
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { promisify } from 'node:util';
import { ROOT, cases, open, phone, session, shot } from './browser.mjs';

const run = promisify(execFile);
const CLI = process.env.MJ3_CLI ?? join(ROOT, 'target/debug/mj3');
const shared = session();

/** The case lines by ruleset and overrides: one page and one `batch` run each. */
function groups() {
  const by = new Map();
  for (const c of cases()) {
    const key = JSON.stringify([c.ruleset, c.sets]);
    if (!by.has(key)) by.set(key, { ruleset: c.ruleset, sets: c.sets, lines: [] });
    by.get(key).lines.push(c.line);
  }
  return [...by.values()];
}

/** The `words` of each line as `mj3 batch --json --words` writes them (null: a bad line). */
async function cliWords(group) {
  const args = ['batch', '--json', '--words', '--rules', group.ruleset, ...group.sets.flatMap((s) => ['--set', s])];
  const running = run(CLI, args, { maxBuffer: 1 << 26 });
  running.child.stdin.end(`${group.lines.join('\n')}\n`);
  // Exit 1 (some line no win) and 2 (a bad line) still write every record.
  const done = await running.catch((error) => error);
  const records = String(done.stdout).trim().split('\n').map((l) => JSON.parse(l));
  return records.filter((r) => r.kind !== 'tally').map((r) => r.words ?? null);
}

/** What the page shows for each line, typed into its field: per score block its verdict,
 * element values, limit and amounts; each wait's line; an unready hand's words. */
function pageShows(lines) {
  const field = document.getElementById('line');
  const result = document.getElementById('result');
  const texts = (root, selector) => [...root.querySelectorAll(selector)].map((e) => e.textContent);
  return lines.map((line) => {
    field.value = line;
    field.dispatchEvent(new Event('input'));
    const blocks = [...result.querySelectorAll('.score')].map((block) => ({
      verdict: block.querySelector('.verdict')?.textContent ?? null,
      elements: texts(block, '.el-value'),
      limit: block.querySelector('.limit')?.textContent ?? null,
      amounts: block.querySelector('.payments') ? texts(block, '.payments .amount') : null,
    }));
    return {
      blocks,
      waits: texts(result, '.waits > li > details > summary .wait-verdict'),
      collects: texts(result, '.waits > li > details > summary .wait-amount'),
      fromReady: result.querySelector('.from-ready')?.textContent ?? null,
      discardWaits: texts(result, '.discard-waits li span'),
      summary: document.querySelector('#summary .sum-verdict')?.textContent ?? null,
    };
  });
}

test("the page shows every case-file hand's verdict, values, limit and amounts in the library's words", async () => {
  const all = groups();
  let lines = 0;
  let amounts = 0;
  let unready = 0;
  const { page, errors } = await phone(shared.browser);
  for (const group of all) {
    const expected = await cliWords(group);
    assert.equal(expected.length, group.lines.length, `${group.ruleset}: one record a line`);
    const params = new URLSearchParams({ r: group.ruleset, h: '' });
    for (const s of group.sets) params.append('s', s);
    // A new document for each ruleset (a change of the address's hash alone reloads nothing).
    await page.goto('about:blank');
    await open(page, `${shared.server.url}#${params}`);
    const shown = await page.evaluate(pageShows, group.lines);
    group.lines.forEach((line, i) => {
      const words = expected[i];
      if (!words) return;
      const where = `${group.ruleset} ${group.sets.join(' ')}: ${line}`;
      const got = shown[i];
      lines += 1;
      if (words.unready) {
        unready += 1;
        const said = words.unready;
        if (!said.discards.length) assert.equal(got.fromReady, said.distance, where);
        else assert.ok(got.fromReady.endsWith('ready') || got.fromReady.endsWith(said.discards[0].leaves), where);
        assert.equal(got.summary, said.line, where);
        const waits = said.discards.flatMap((d) => d.waits.map((w) => w.collects ?? w.verdict));
        assert.deepEqual(got.discardWaits, waits.slice(0, got.discardWaits.length), where);
        return;
      }
      const scores = words.score ? [words.score] : words.waits ?? [];
      assert.equal(got.blocks.length, scores.length, where);
      scores.forEach((said, j) => {
        const block = got.blocks[j];
        assert.equal(block.verdict, said.verdict, where);
        assert.deepEqual(block.elements, [...said.elements, ...said.superseded], where);
        assert.equal(block.limit, said.limit === null ? null : `Limit: ${said.limit}`, where);
        if (block.amounts !== null) {
          amounts += 1;
          assert.deepEqual(block.amounts, said.payments.map((p) => p.amount), where);
          // One minus sign, the library's: never the typographic one beside it.
          assert.ok(block.amounts.every((a) => !a.includes('\u2212')), where);
        }
      });
      if (words.score) assert.equal(got.summary, words.score.verdict, where);
      if (words.waits) {
        assert.deepEqual(got.waits, words.waits.map((w) => w.verdict), where);
        assert.deepEqual(got.collects, words.waits.flatMap((w) => (w.collects ? [w.collects] : [])), where);
      }
    });
  }
  await shot(page, 'words-last-case');
  await page.context().close();
  assert.deepEqual(errors, []);
  assert.ok(lines > 700, `${lines} lines compared`);
  assert.ok(amounts > 100, `${amounts} payment tables compared`);
  assert.ok(unready > 5, `${unready} unready hands compared`);
  console.log(`# ${lines} case lines: the page's words are the library's (${amounts} payment tables, ${unready} unready hands)`);
});

test('a verdict with no winning shape reads as the library says it, not as its JSON kind', async () => {
  const { page, errors } = await phone(shared.browser);
  // Seven pairs where the ruleset's criterion for it is switched off: no winning shape.
  const params = new URLSearchParams({ r: 'sanma', h: '1199p1199s EEWWgg', s: 'criteria.chiitoitsu.enabled=false' });
  await open(page, `${shared.server.url}#${params}`);
  const text = await page.locator('#result').textContent();
  assert.ok(!/no-winning-shape|no-win\b/.test(text), text);
  await page.context().close();
  assert.deepEqual(errors, []);
});

test('a tile is named by the library (1 circle, not "1 circles"); an amount has one minus sign', async () => {
  const { page, errors } = await phone(shared.browser);
  await open(page, `${shared.server.url}#r=sanma&h=`);
  const shown = await page.evaluate(() => {
    const field = document.getElementById('line');
    field.value = '111p234p567p99s234s riichi tsumo';
    field.dispatchEvent(new Event('input'));
    return {
      tile: document.querySelector('#hand button[data-tile="1p"]')?.getAttribute('aria-label'),
      amounts: [...document.querySelectorAll('#result .payments .amount')].map((e) => e.textContent),
    };
  });
  assert.equal(shown.tile, '1 circle: tap to make it the winning tile');
  assert.equal(shown.amounts.length, 3);
  assert.ok(shown.amounts.some((a) => /^-\d/.test(a)), shown.amounts.join(' '));
  await shot(page, 'words-amounts');
  await page.context().close();
  assert.deepEqual(errors, []);
});
