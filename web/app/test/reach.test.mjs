// Within a finger's reach (issue 43, points 1, 5 and 8): every dialog of the Game tab opens where
// it is seen, its first line (its heading or question) and its main button on the screen and
// not covered, without a scroll of the page, at 360 × 740, 320 × 568 and 740 × 360, however far
// down the page was; every control a finger taps on the Game tab, in Games and in the Evening is
// at least 44 × 44 px of tap target; a reload with a dialog open loads the page once, on the
// game without the dialog, and the phone's Back then does what it did before the dialog opened.
// Measured by getBoundingClientRect and elementFromPoint; screenshots of each dialog.
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT, open, session, shot } from './browser.mjs';

const { link } = await import(new URL('../test-results/core/game/share.js', import.meta.url));

const run = session();

const SIZES = [[360, 740], [320, 568], [740, 360]];

/** A sanma-tenhou game after three hands (riichi, nagashi and the abortive draws played), in
 * play; a malaysian one, for what is paid on the spot. */
const TENHOU = 'ruleset sanma-tenhou\nplayers Ann Ben Cat\nAnn tsumo: 3 han 30 fu\nBen ron Cat: mangan\ndraw\n';
const MALAYSIAN = 'ruleset malaysian\nplayers Ann Ben Cat\n';
const EXAMPLES = ['sanma-game.txt', 'sanma-tenhou-game.txt', 'sanma-dealer-stops-game.txt']
  .map((f) => readFileSync(`${ROOT}docs/examples/${f}`, 'utf8'));

/** A page of `width` × `height` with `games` kept (the first the game in progress), at `#game`. */
async function withGames(width, height, games, seed = true) {
  const context = await run.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await context.addInitScript(([list, seeded]) => {
    // Each document of the page counted, and its load events (a reload's count).
    sessionStorage.setItem('documents', String(Number(sessionStorage.getItem('documents') ?? 0) + 1));
    addEventListener('load', () => sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') ?? 0) + 1)));
    if (!seeded || sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    const now = Date.now();
    localStorage.setItem('mj3.games', JSON.stringify(list.map((record, i) => ({ id: `g${i}`, record, cursor: null, updated: now - i * 600_000 }))));
    localStorage.setItem('mj3.game', 'g0');
  }, [games, seed]);
  // An entry before the page's: where a Back from the page goes.
  await page.goto(`${run.server.url}before`);
  await open(page, `${run.server.url}#game`);
  await page.evaluate(() => { window.stayed = true; });
  return { context, page, errors };
}

/** Where the element `selector` is on the screen, and whether it is all on it, not covered
 * (the point at its middle is it, or in it: not under another dialog, not scrolled out of its
 * box), with the page not scrolled sideways. */
const where = (page, selector) => page.evaluate((s) => {
  const e = typeof s === 'string' ? document.querySelector(s) : null;
  if (!e) return { found: false };
  const box = e.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {
    found: true, box: [box.left, box.top, box.right, box.bottom].map(Math.round),
    seen: box.top >= -0.5 && box.left >= -0.5 && box.bottom <= innerHeight + 0.5 && box.right <= innerWidth + 0.5 && box.height > 0,
    hit: !!hit && (hit === e || e.contains(hit)), at: hit ? `${hit.tagName}.${hit.className}` : null,
    over: getComputedStyle(e).position === 'fixed',
  };
}, selector);

/** Marks the dialog holding `cancel` (a section, or the delete question's row) and, in it, its
 * first line and its main button (`main`: a selector inside the dialog), for `where`. */
const mark = (page, cancel, main) => page.evaluate(([c, m]) => {
  for (const e of document.querySelectorAll('[data-reach]')) delete e.dataset.reach;
  const dialog = document.querySelector(c)?.closest('section, li');
  if (!dialog) return false;
  dialog.dataset.reach = 'dialog';
  dialog.firstElementChild.dataset.reach = 'first';
  const button = dialog.querySelector(m);
  if (button) button.dataset.reach = 'main';
  return true;
}, [cancel, main]);

/** The dialogs of the Game tab: its name, how it is opened, its Cancel, its main button. */
const DIALOGS = [
  ['draw', (p) => p.click('#act-draw'), '#step-cancel', '#record-draw'],
  ['riichi', (p) => p.click('#act-riichi'), '#step-cancel', 'button[data-value]'],
  ['chombo', (p) => p.click('#act-chombo'), '#step-cancel', 'button[data-value]'],
  ['nagashi', (p) => p.click('#act-nagashi'), '#step-cancel', 'button[data-value]'],
  ['abortive draw', (p) => p.click('#act-abort'), '#step-cancel', 'button[data-value]'],
  ['correction', (p) => p.click('#act-correct'), '#step-cancel', 'button.big:not(#step-cancel)'],
  ['a past hand', (p) => p.locator('.hand-head').last().click(), '#step-cancel', '#hand-edit'],
  ['delete a hand', async (p) => {
    await p.locator('.hand-head').last().click();
    await p.click('#hand-delete');
  }, '#step-cancel', '#hand-delete-confirm'],
  ['end the game here', (p) => p.click('#end-here'), '#end-cancel', '#end-confirm'],
  ['settings', (p) => p.click('#game-settings'), '#settings-cancel', '#settings-save'],
  ['share', async (p) => {
    await p.click('#share');
    await p.waitForSelector('#share-link');
  }, '#step-cancel', '#step-cancel'],
  ['record', (p) => p.click('#export'), '#step-cancel', '#step-cancel'],
  // The panels that take the sheet's place.
  ['games', (p) => p.click('#games'), '#step-cancel', '.game-open'],
  ['new game', (p) => p.click('#new-game'), '#step-cancel', '#new-start'],
  ['evening', async (p) => {
    await p.click('#evening-open');
    await p.waitForSelector('#evening-payments');
  }, '#step-cancel', '#step-cancel'],
];

/** Opens a dialog with the page at its top (where the actions are) or scrolled to its foot
 * (the sheet read to its end, as at a table), `from`, then as the player reaches its button;
 * holds its place to `where`. */
async function reached(page, name, opens, cancel, main, size, from = 'top') {
  await page.evaluate((foot) => scrollTo(0, foot ? document.documentElement.scrollHeight : 0), from === 'foot');
  await opens(page);
  await page.locator(cancel).waitFor({ state: 'attached' });
  assert.ok(await mark(page, cancel, main), `${name}: its dialog`);
  if (from === 'top') await shot(page, `reach-${name.split(' (')[0].replace(/ /g, '-')}-${size.join('x')}`);
  const scrolled = await page.evaluate(() => scrollX);
  assert.equal(scrolled, 0, `${name}: not scrolled sideways`);
  for (const part of ['dialog', 'first', 'main']) {
    const at = await where(page, `[data-reach="${part}"]`);
    assert.ok(at.found, `${name} at ${size}: its ${part} is there`);
    if (part === 'dialog') {
      // The dialog on the screen: its top in sight, and all of it when it is over the page (it
      // scrolls inside itself); a panel in the sheet's place (Games, New, the Evening) is the
      // page's and runs on down it.
      assert.ok(at.box[1] >= 0 && at.box[1] < size[1] - 44 && (!at.over || at.box[3] <= size[1] + 0.5),
        `${name} at ${size}: the dialog opens in sight (${at.box})`);
      // Nothing in it runs off its side (it would scroll sideways).
      const wide = await page.evaluate(() => {
        const d = document.querySelector('[data-reach="dialog"]');
        return [...d.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > d.getBoundingClientRect().right + 0.5)
          .map((e) => `${e.tagName}.${e.className}`).concat(d.scrollWidth > d.clientWidth + 0.5 ? [`${d.scrollWidth} > ${d.clientWidth}`] : []);
      });
      assert.deepEqual(wide, [], `${name} at ${size}: nothing wider than the dialog`);
      continue;
    }
    assert.ok(at.seen && at.hit, `${name} at ${size}: its ${part === 'first' ? 'first line' : 'main button'} in sight without a scroll (${JSON.stringify(at)})`);
  }
  const cancelAt = await where(page, cancel);
  assert.ok(cancelAt.seen && cancelAt.hit, `${name} at ${size}: its Cancel in sight (${JSON.stringify(cancelAt)})`);
}

for (const [width, height] of SIZES) {
  const size = [width, height];
  test(`${width}×${height}: every dialog of the Game tab opens in sight, its first line, main button and Cancel on the screen without a scroll`, async () => {
    const { context, page, errors } = await withGames(width, height, [TENHOU, ...EXAMPLES]);
    await page.waitForSelector('.standings');
    for (const [name, opens, cancel, main] of DIALOGS) {
      for (const from of ['top', 'foot']) {
        await reached(page, `${name} (from the page's ${from})`, opens, cancel, main, size, from);
        await page.click(cancel);
        // The delete question's Cancel goes back to the hand; its own Cancel to the sheet.
        if (name === 'delete a hand') await page.click('#step-cancel');
        await page.waitForFunction(() => window.mj3Game.state.step.at === 'sheet');
      }
    }
    assert.equal(await page.evaluate(() => window.stayed), true, 'the page was not left');
    // Delete a game: asked beside it in Games, however far down the list.
    await page.click('#games');
    await reached(page, 'delete a game', (p) => p.locator('.game-delete').last().click(), '#cancel-delete', '#confirm-delete', size, 'foot');
    await page.click('#cancel-delete');
    await page.click('#step-cancel');
    // The link's question: a link continuing the game kept.
    await page.goto(await link(run.server.url, `${TENHOU}Ann ron Ben: mangan\n`));
    await page.waitForSelector('#offer-update');
    await reached(page, 'the link question', async () => {}, '#offer-close', '#offer-update', size);
    await page.click('#offer-close');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${width}×${height}: what is paid on the spot (malaysian) opens in sight`, async () => {
    const { context, page, errors } = await withGames(width, height, [MALAYSIAN]);
    await reached(page, 'on the spot', (p) => p.click('#act-spot'), '#step-cancel', 'button.big', size);
    await page.click('#step-cancel');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** Every control a finger taps that is drawn on the page (a button, a summary, a select, a
 * link, a tab, an input; a checkbox or radio by its label): those smaller than 44 × 44 px, and
 * those whose tap targets overlap (a tap meant for one landing on the other), in the same
 * layer (a dialog's controls over the page's, its held foot over its content, the sticky header and
 * tabs over the page scrolled under them, are not counted). */
const small = (page) => page.evaluate(() => {
  const out = [];
  const named = (e, box) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}${e.className ? `.${String(e.className).split(' ').join('.')}` : ''} "${(e.textContent || e.getAttribute('aria-label') || '').trim().slice(0, 24)}" ${Math.round(box.width)}×${Math.round(box.height)}`;
  const drawn = [];
  for (const e of document.querySelectorAll('button, summary, select, a[href], [role="tab"], input:not([type="hidden"]), textarea')) {
    if (!e.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    let box = e.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const label = e.closest('label');
    const target = (e.type === 'checkbox' || e.type === 'radio') && label ? label : e;
    box = target.getBoundingClientRect();
    if (box.width < 43.5 || box.height < 43.5) out.push(named(e, box));
    // A dialog's foot held over its content as it scrolls is a layer of its own.
    const layer = e.closest('.bar, .tabs, .game-dialog > .row:last-child, .entry > .row.step-cancel:last-child, .game-dialog, .win-dialog, .table-view, .games > .confirm, dialog') ?? document.body;
    drawn.push({ e, target, box, layer });
  }
  for (const [i, a] of drawn.entries()) {
    for (const b of drawn.slice(i + 1)) {
      if (a.layer !== b.layer || a.target.contains(b.target) || b.target.contains(a.target)) continue;
      const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (across > 0.5 && down > 0.5) out.push(`${named(a.e, a.box)} overlaps ${named(b.e, b.box)}`);
    }
  }
  return [...new Set(out)];
});

/** Each source toggle brought to the middle of the screen: the points of its target (its middle
 * and 3 px in from each corner) that a tap would give to something else. */
const covered = (page) => page.evaluate(async () => {
  const out = [];
  for (const e of document.querySelectorAll('.source-toggle')) {
    if (!e.checkVisibility()) continue;
    e.scrollIntoView({ block: 'center' });
    await new Promise(requestAnimationFrame);
    const b = e.getBoundingClientRect();
    for (const [x, y] of [[b.left + b.width / 2, b.top + b.height / 2], [b.left + 3, b.top + 3], [b.right - 3, b.top + 3], [b.left + 3, b.bottom - 3], [b.right - 3, b.bottom - 3]]) {
      const hit = document.elementFromPoint(x, y);
      if (hit !== e && !e.contains(hit)) out.push(`${e.closest('li')?.innerText.slice(0, 30)}: (${Math.round(x - b.left)}, ${Math.round(y - b.top)}) goes to ${hit?.tagName}.${hit?.className}`);
    }
  }
  scrollTo(0, 0);
  return out;
});

for (const [width, height] of SIZES) {
  test(`${width}×${height}: every control tapped on the Game tab, in Games and in the Evening is at least 44 × 44 px`, async () => {
    const { context, page, errors } = await withGames(width, height, [TENHOU, ...EXAMPLES]);
    const found = {};
    const measure = async (screen) => {
      const list = await small(page);
      if (list.length) found[screen] = list;
    };
    // The game's sheet, each sentence's source opened too; each source's whole target takes a
    // tap (not the words of the line under it).
    await page.waitForSelector('.source-toggle');
    await measure('the game');
    const taken = await covered(page);
    assert.deepEqual(taken, [], `the sources' targets at ${width}×${height}`);
    await page.locator('.source-toggle').first().click();
    await measure('a source opened');
    for (const [name, opens, cancel] of DIALOGS) {
      await opens(page);
      await page.locator(cancel).waitFor();
      await measure(name);
      await page.click(cancel);
      if (name === 'delete a hand') await page.click('#step-cancel');
    }
    // A riichi declared: the hand in play's line, above the actions.
    await page.click('#act-riichi');
    await page.click('.game-dialog button[data-value="Ann"]');
    await page.waitForSelector('.pending li');
    await measure('a riichi declared');
    await page.click('#act-undo');
    // A finished game: its settlement and its sheet.
    await page.click('#games');
    await page.locator('.game-open').nth(2).click();
    await page.waitForSelector('#settlement');
    await measure('a finished game');
    assert.deepEqual(await covered(page), [], `the sources' targets of a finished game at ${width}×${height}`);
    // Games: the list, a game deleted (the bin opened), the question.
    await page.click('#games');
    await page.locator('.game-delete').last().click();
    await measure('games, asked');
    await page.click('#confirm-delete');
    await page.click('#bin summary');
    await measure('games, the bin open');
    await page.click('#undo-delete');
    await page.click('#step-cancel');
    // The evening of the three example games, a value per 1,000 points given.
    await page.click('#evening-open');
    await page.waitForSelector('#evening-payments');
    await page.fill('#evening-rate', '0.5');
    await page.press('#evening-rate', 'Enter');
    await measure('the evening');
    await page.click('#step-cancel');
    // A new game's form, its options open.
    await page.click('#new-game');
    for (const summary of await page.locator('#game-body details > summary').all()) await summary.click();
    await measure('a new game');
    await page.click('#step-cancel');
    // The table view.
    await page.click('#table-view');
    await measure('the table view');
    await page.click('#table-back');
    await shot(page, `reach-sheet-${width}x${height}`);
    assert.deepEqual(found, {}, `controls smaller than 44 × 44 px at ${width}×${height}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const [width, height] of SIZES) {
  test(`${width}×${height}: a reload with a dialog open loads the page once, on the game without the dialog; Back then closes a dialog and stays, and leaves as before`, async () => {
    const { context, page, errors } = await withGames(width, height, [TENHOU]);
    const count = () => page.evaluate(() => ({
      documents: Number(sessionStorage.getItem('documents')), loads: Number(sessionStorage.getItem('loads')),
      navigations: performance.getEntriesByType('navigation').map((n) => n.type),
    }));
    const opens = [
      ['the draw', (p) => p.click('#act-draw')],
      ['a win', (p) => p.click('.win-by[data-winner="Ben"]')],
      ['the tiles scorer, in a win', async (p) => {
        await p.click('.win-by[data-winner="Cat"]');
        await p.getByRole('button', { name: 'Ron from Ann', exact: true }).click();
        await p.getByRole('button', { name: 'Enter the tiles instead' }).click();
        await p.waitForSelector('#game-win:not([hidden])');
      }],
      ['the delete question in Games', async (p) => {
        await p.click('#games');
        await p.click('.game-delete');
      }],
    ];
    for (const [name, open_] of opens) {
      const before = await count();
      await open_(page);
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      // Whatever the reload set going settles (a history step, a second load) before counting.
      await page.waitForTimeout(600);
      await page.evaluate(() => { window.stayed = true; });
      const after = await count();
      assert.equal(after.documents - before.documents, 1, `${name}: one document for the reload`);
      assert.equal(after.loads - before.loads, 1, `${name}: one load event`);
      assert.deepEqual(after.navigations, ['reload'], `${name}: the document is the reload's`);
      assert.equal(await page.evaluate(() => window.mj3Game.state.step.at), 'sheet', `${name}: on the game, no dialog`);
      assert.equal(await page.evaluate(() => history.state?.mj3Dialog ?? null), null, `${name}: no dialog's entry`);
      assert.equal(await page.locator('.win-by').count(), 3, `${name}: the sheet`);
      assert.equal(await page.getAttribute('#tab-game', 'aria-selected'), 'true', `${name}: at the Game tab`);
    }
    // The phone's Back after it: a dialog opened closes by Back, on the same document.
    const before = await count();
    await page.click('#act-draw');
    await page.goBack();
    await page.waitForFunction(() => window.mj3Game.state.step.at === 'sheet');
    assert.equal(await page.evaluate(() => window.stayed), true, 'Back closed the dialog and stayed on the page');
    assert.deepEqual(await count(), before, 'no load for it');
    // And from the sheet, Back leaves as it would have before any dialog opened.
    await page.goBack();
    assert.match(page.url(), /\/before$/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
