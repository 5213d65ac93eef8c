// Fit for fingers and for the table (issue 43, point 5; issue 42, point 5's fu list): a win by
// value recorded without a scroll at 360 × 740, 320 × 568 and 740 × 360; every tile tapped in
// tile entry at least 44 px; Korean points typed on the numeric keypad; Clear and a refused hand
// keep the game's winner, how and tiles; the table view, large and kept awake; the value pad
// offering exactly the values the library takes for the han chosen. Screenshots of each.
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, session, shot, startGame } from './browser.mjs';

const run = session();
const CLI = process.env.MJ3_CLI ?? 'mj3';

const SIZES = { phone: [360, 740], small: [320, 568], landscape: [740, 360] };
const NAMES = ['Maximilianus', 'Christophers', 'Gwendolynnes'];

/** A page of `size` on a fresh context, touch, with `init` run before the page's scripts. */
async function sized([width, height], init = null) {
  const context = await run.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  if (init) await context.addInitScript(init[0], init[1]);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page, errors };
}

/** A button of the choice row headed `legend`. */
const choice = (legend, value) => `fieldset.choices:has(legend:text-is("${legend}")) button[data-value="${value}"]`;

/** Where `selector` is, and whether all of it is on the screen of `size`. */
async function inSight(page, selector, [width, height]) {
  const box = await page.locator(selector).first().boundingBox();
  return { box, seen: !!box && box.y >= 0 && box.x >= 0 && box.y + box.height <= height + 0.5 && box.x + box.width <= width + 0.5 };
}

/** How far the page, or anything in it, is scrolled. */
const scrolled = (page) => page.evaluate(() => {
  let most = window.scrollY;
  for (const e of document.querySelectorAll('*')) most = Math.max(most, e.scrollTop);
  return most;
});

/** Taps `selector` where it is, after checking it is on the screen and nothing was scrolled. */
async function tapInSight(page, selector, size, what) {
  await page.waitForSelector(selector);
  const { box, seen } = await inSight(page, selector, size);
  assert.ok(seen, `${what}: ${selector} on the screen at ${size} (${JSON.stringify(box)})`);
  assert.equal(await scrolled(page), 0, `${what}: nothing scrolled at ${size}`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

test('a win by value is recorded without a scroll at 360 \u00d7 740, 320 \u00d7 568 and 740 \u00d7 360: the winner, how, the value, Record', async () => {
  for (const [name, size] of Object.entries(SIZES)) {
    const { context, page, errors } = await sized(size);
    await open(page, `${run.server.url}#game`);
    await startGame(page, 'sanma', NAMES);
    await page.evaluate(() => window.scrollTo(0, 0));
    await tapInSight(page, `.winners button[data-winner="${NAMES[1]}"]`, size, 'the winner');
    await tapInSight(page, choice('How?', NAMES[2]), size, 'how');
    await tapInSight(page, choice('Han', '3'), size, 'the han');
    await tapInSight(page, choice('Fu', '40'), size, 'the fu');
    await page.waitForSelector('.preview-summary');
    assert.match(await page.textContent('.preview-summary'), /3 han 40 fu/);
    await shot(page, `win-dialog-${name}`);
    const { box } = await inSight(page, '.preview-summary', size);
    assert.ok(box.y + box.height <= size[1], `what it pays in sight at ${size}`);
    await tapInSight(page, '#record-win', size, 'Record the win');
    await page.waitForSelector('.sheet-hand');
    assert.equal(await page.locator('.sheet-hand').count(), 1, `the win recorded at ${size}`);
    assert.match(await page.textContent('.sheet-hand'), /3 han 40 fu/);
    // A limit by self-draw, the same way.
    await page.evaluate(() => window.scrollTo(0, 0));
    await tapInSight(page, `.winners button[data-winner="${NAMES[0]}"]`, size, 'the winner');
    await tapInSight(page, choice('How?', ''), size, 'tsumo');
    await tapInSight(page, choice('Limit', 'haneman'), size, 'the limit');
    await shot(page, `win-dialog-limit-${name}`);
    await tapInSight(page, '#record-win', size, 'Record the win');
    await page.waitForFunction(() => document.querySelectorAll('.sheet-hand').length === 2);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= size[0], `nothing wider than the screen at ${size}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** Each box of `selector` as [label, width, height]. */
const boxes = (page, selector) => page.$$eval(selector, (list) => list.map((e) => {
  const box = e.getBoundingClientRect();
  return [e.getAttribute('aria-label') ?? e.dataset.tile ?? '', Math.round(box.width * 10) / 10, Math.round(box.height * 10) / 10];
}));

test('every tile tapped in tile entry is at least 44 px each way at 360 and 320 px wide: the pad, the hand (the winning tile), the indicators', async () => {
  for (const [name, size] of [['phone', SIZES.phone], ['small', SIZES.small]]) {
    const { context, page, errors } = await sized(size);
    await open(page, run.server.url);
    for (const ruleset of ['sanma', 'korean', 'malaysian']) {
      await page.selectOption('#ruleset', ruleset);
      await page.fill('#line', ruleset === 'sanma' ? '123p456p789s11s555s dora=1p,9s' : '123p456p789s11s555s');
      await page.waitForSelector('#hand .hand-tiles .tile');
      const pad = await boxes(page, '#pad .tile');
      const hand = await boxes(page, '#hand .tile');
      assert.ok(pad.length >= 27 && hand.length >= 14, `${ruleset}: ${pad.length} pad tiles, ${hand.length} in the hand`);
      for (const [label, width, height] of [...pad, ...hand]) {
        assert.ok(width >= 44 && height >= 44, `${ruleset} at ${size}: ${label} is ${width}\u00d7${height}`);
      }
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= size[0], `${ruleset}: nothing wider than the screen at ${size}`);
    }
    await page.selectOption('#ruleset', 'sanma');
    await page.fill('#line', '123p456p789s11s555s dora=1p,9s');
    await page.locator('#hand').scrollIntoViewIfNeeded();
    await shot(page, `tiles-hand-${name}`);
    await page.locator('#pad').scrollIntoViewIfNeeded();
    await shot(page, `tiles-pad-${name}`);
    // The winning tile is marked by a tap on one of the hand's tiles.
    await page.click('#hand .hand-tiles .tile[data-tile="1p"]');
    assert.match(await page.inputValue('#line'), /1p$|1p /);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('Korean points typed on the numeric keypad ("13"), or stepped, within what the library takes; the win recorded', async () => {
  for (const size of [SIZES.phone, SIZES.small]) {
    const { context, page, errors } = await sized(size);
    await open(page, `${run.server.url}#game`);
    await startGame(page, 'korean', ['Mika', 'Sora', 'Jun']);
    await page.click('.winners button[data-winner="Sora"]');
    await page.click(choice('How?', 'Jun'));
    const typed = page.locator('#points-hand');
    assert.equal(await typed.getAttribute('inputmode'), 'numeric');
    assert.equal(await typed.getAttribute('pattern'), '[0-9]*');
    await typed.click();
    await page.keyboard.type('13');
    assert.equal(await page.inputValue('#points-hand'), '13', 'both digits kept while the panel redraws');
    await page.waitForSelector('.preview-summary');
    assert.match(await page.textContent('.preview-summary'), /13 hand-points/);
    // Bounded by what the library takes: never stepped below the minimum.
    await page.fill('#points-hand', '3');
    await page.click('button[aria-label="Hand-points: one fewer"]');
    assert.equal(await page.inputValue('#points-hand'), '3', 'the minimum holds');
    // The steppers stay: one more bonus-point, hand-points typed again and stepped.
    await page.click('button[aria-label="Bonus-points: one more"]');
    await page.fill('#points-hand', '12');
    await page.click('button[aria-label="Hand-points: one more"]');
    assert.equal(await page.inputValue('#points-hand'), '13');
    assert.equal(await page.inputValue('#points-bonus'), '1');
    await shot(page, `korean-typed-${size.join('x')}`);
    const { seen } = await inSight(page, '#record-win', size);
    assert.ok(seen, `Record the win in sight at ${size}`);
    await page.click('#record-win');
    await page.waitForSelector('.sheet-hand');
    assert.match(await page.textContent('.sheet-hand'), /13 hand-points 1 bonus-point/);
    // Bonus-points stepped first: the hand-points start at their fewest, the bonus kept.
    await page.click('.winners button[data-winner="Mika"]');
    await page.click(choice('How?', ''));
    await page.click('button[aria-label="Bonus-points: one more"]');
    assert.deepEqual([await page.inputValue('#points-hand'), await page.inputValue('#points-bonus')], ['3', '1']);
    await page.click('#step-cancel');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** The scorer opened from a game for `winner`'s ron on `from`. */
async function byTiles(page, winner, from) {
  await page.click(`.winners button[data-winner="${winner}"]`);
  await page.click(choice('How?', from));
  await page.click('button:text("Enter the tiles instead")');
  await page.waitForSelector('#game-win:not([hidden])');
}

const wonBy = (page) => page.$eval('fieldset.segmented input[name="win"]:checked', (i) => i.value);

test('in tile entry from a game, Clear empties the tiles and keeps the winner and how; a refused hand keeps everything', async () => {
  const { context, page, errors } = await sized(SIZES.phone);
  await open(page, `${run.server.url}#game`);
  await startGame(page, 'sanma', ['Mika', 'Sora', 'Jun']);
  await byTiles(page, 'Sora', 'Jun');
  const said = await page.textContent('#game-win p');
  const how = await wonBy(page);
  assert.notEqual(how, 'tsumo');
  for (const tile of ['1p', '2p', '3p']) await page.click(`#pad button[data-tile="${tile}"]`);
  await page.click('#clear');
  assert.equal(await page.locator('#hand .hand-tiles .tile').count(), 0, 'Clear empties the tiles');
  assert.equal(await page.locator('#game-win:not([hidden])').count(), 1, 'the game\u2019s win stays');
  assert.equal(await page.textContent('#game-win p'), said, 'the same winner');
  assert.equal(await wonBy(page), how, 'the same way of winning');
  assert.equal(await page.locator('#game-refused, #game-win .rules-error').count(), 0, 'nothing contradicts the game');
  // A hand the game refuses (no yaku): recorded, refused, every tile kept, the win still open.
  for (const tile of ['1p', '2p', '3p', '4p', '5p', '6p', '7s', '8s', '9s', '1s', '1s', '5s', '5s', '5s']) await page.click(`#pad button[data-tile="${tile}"]`);
  const line = await page.inputValue('#line');
  await page.click('#record-in-game');
  await page.waitForSelector('#game-win .rules-error, #game-refused');
  assert.equal(await page.locator('#panel-score:not([hidden])').count(), 1, 'still on the scorer');
  assert.equal(await page.inputValue('#line'), line, 'the line kept');
  assert.equal(await page.locator('#hand .hand-tiles .tile').count(), 14, 'every tile kept');
  assert.equal(await page.textContent('#game-win p'), said);
  assert.equal(await wonBy(page), how);
  await shot(page, 'tiles-refused-kept');
  // Clear after the refusal keeps the win too.
  await page.click('#clear');
  assert.equal(await wonBy(page), how);
  assert.equal(await page.locator('#game-win:not([hidden])').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Stands in for the Screen Wake Lock API (or takes it away, `absent`): each request and
 * release counted in `window.wakeLog`. */
const wakeLockStub = (absent) => {
  window.wakeLog = [];
  if (absent) {
    try { delete Navigator.prototype.wakeLock; } catch { /* not there */ }
    Object.defineProperty(navigator, 'wakeLock', { value: undefined, configurable: true });
    return;
  }
  const lock = {
    request: async (type) => {
      window.wakeLog.push(`request ${type}`);
      const sentinel = new EventTarget();
      sentinel.released = false;
      sentinel.type = type;
      sentinel.release = async () => {
        if (sentinel.released) return;
        sentinel.released = true;
        window.wakeLog.push('release');
        sentinel.dispatchEvent(new Event('release'));
      };
      window.wakeSentinel = sentinel;
      return sentinel;
    },
  };
  Object.defineProperty(navigator, 'wakeLock', { value: lock, configurable: true });
};

test('the table view: each player\u2019s points in digits of 48 px and more, the dealer and the sticks on the table, the screen kept awake; side by side in landscape; Back', async () => {
  for (const [name, size] of [['phone', SIZES.phone], ['landscape', SIZES.landscape], ['small', SIZES.small]]) {
    const { context, page, errors } = await sized(size, [wakeLockStub, false]);
    await open(page, `${run.server.url}#game`);
    await startGame(page, 'sanma', NAMES);
    await page.click('#act-riichi');
    await page.click(choice('Who declared riichi?', NAMES[1]));
    await page.click('#act-draw');
    await page.click(choice('Who was ready (tenpai)?', NAMES[0]));
    await page.click('#record-draw');
    await page.waitForSelector('.sheet-hand');
    const inPlay = (await page.textContent('#in-play')).split(' \u00b7 ');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('#table-view');
    await page.waitForSelector('.table-view');
    assert.deepEqual(await page.evaluate(() => window.wakeLog), ['request screen'], 'the screen kept awake');
    const players = await page.$$eval('.table-player', (list) => list.map((p) => {
      const points = p.querySelector('.table-points');
      const box = points.getBoundingClientRect();
      const card = p.getBoundingClientRect();
      return {
        name: p.dataset.player, dealer: p.classList.contains('dealer'), points: points.textContent,
        font: parseFloat(getComputedStyle(points).fontSize), height: box.height, card: [card.x, card.y, card.right, card.bottom],
        overflows: points.scrollWidth > points.clientWidth + 0.5,
      };
    }));
    assert.deepEqual(players.map((p) => p.name), NAMES);
    for (const p of players) {
      assert.ok(p.font >= 48 && p.height >= 48, `${p.name}'s ${p.points} at ${p.font} px in a ${p.height} px box at ${size}`);
      assert.equal(p.overflows, false, `${p.points} whole at ${size}`);
      assert.ok(p.card[0] >= 0 && p.card[1] >= 0 && p.card[2] <= size[0] + 0.5 && p.card[3] <= size[1] + 0.5, `${p.name} on the screen at ${size}: ${p.card}`);
    }
    assert.deepEqual(players.filter((p) => p.dealer).map((p) => p.name), [NAMES[0]], 'the dealer marked (he kept the deal, tenpai)');
    const facts = await page.textContent('.table-facts');
    for (const fact of inPlay.filter((f) => !f.startsWith('dealer '))) assert.ok(facts.includes(fact), `"${fact}" on the table view: ${facts}`);
    if (name === 'landscape') {
      const ys = players.map((p) => p.card[1]);
      const xs = players.map((p) => p.card[0]);
      assert.ok(Math.max(...ys) - Math.min(...ys) < 2 && xs[0] < xs[1] && xs[1] < xs[2], `side by side in landscape: ${JSON.stringify(players.map((p) => p.card))}`);
    } else {
      assert.ok(players[0].card[3] <= players[1].card[1] + 0.5 && players[1].card[3] <= players[2].card[1] + 0.5, 'one above the other in portrait');
    }
    assert.equal(await scrolled(page), 0, 'nothing scrolled');
    await shot(page, `table-view-${name}`);
    // Back from the phone's screen going dark: the lock the browser let go is asked for again.
    await page.evaluate(async () => {
      await window.wakeSentinel.release();
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.waitForFunction(() => window.wakeLog.length === 3);
    assert.deepEqual(await page.evaluate(() => window.wakeLog), ['request screen', 'release', 'request screen']);
    await page.click('#table-back');
    await page.waitForSelector('.table-view', { state: 'detached' });
    assert.deepEqual((await page.evaluate(() => window.wakeLog)).slice(-1), ['release'], 'let go on the way back');
    await page.waitForSelector('.standings');
    assert.deepEqual(errors, []);
    await context.close();
  }
  // Where the browser has no wake lock, the table view is there all the same, silently.
  const { context, page, errors } = await sized(SIZES.phone, [wakeLockStub, true]);
  await open(page, `${run.server.url}#game`);
  await startGame(page, 'korean', ['Mika', 'Sora', 'Jun']);
  await page.click('#table-view');
  await page.waitForSelector('.table-view .table-points');
  assert.equal(await page.locator('.table-view .rules-error').count(), 0);
  await page.click('#table-back');
  // The phone's Back leaves it too, and only it.
  const at = page.url();
  await page.click('#table-view');
  await page.waitForSelector('.table-view');
  await page.goBack();
  await page.waitForSelector('.table-view', { state: 'detached' });
  assert.equal(page.url(), at);
  assert.equal(await page.locator('.standings').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The values of the value pad's row `legend`, as offered. */
const offered = (page, legend) => page.$$eval(`fieldset.choices:has(legend:text-is("${legend}")) button`, (bs) => bs.map((b) => Number(b.dataset.value)));

/** The fu from 0 to 200 that `mj3 batch` takes with `han` han under `ruleset`, won `how`. */
function fuTaken(ruleset, han, how) {
  const fus = [...Array(201).keys()];
  const lines = fus.map((fu) => `${han} han ${fu} fu${how}`).join('\n');
  // Refused lines make the exit status 1; each line's record says which.
  const out = spawnSync(CLI, ['batch', '--rules', ruleset, '--json', '-'], { input: `${lines}\n`, encoding: 'utf8' }).stdout;
  const kinds = out.trim().split('\n').map((l) => JSON.parse(l)).filter((r) => 'input' in r);
  return fus.filter((fu, i) => kinds[i].kind !== 'error');
}

test('the value pad offers for the han chosen exactly the fu mj3 takes with it, by ron and by tsumo, under every han-fu ruleset (no 1 han 25 fu)', async () => {
  const { context, page, errors } = await sized(SIZES.phone);
  await open(page, `${run.server.url}#game`);
  for (const ruleset of ['sanma', 'sanma-tenhou', 'sanma-mahjongsoul']) {
    await startGame(page, ruleset, ['Mika', 'Sora', 'Jun']);
    await page.click('.winners button[data-winner="Sora"]');
    for (const [from, how] of [['Jun', ''], ['', ' tsumo']]) {
      await page.click(choice('How?', from));
      for (const han of [1, 2, 3, 4]) {
        await page.click(choice('Han', String(han)));
        assert.deepEqual(await offered(page, 'Fu'), fuTaken(ruleset, han, how), `${ruleset}: ${han} han${how}`);
      }
    }
    // A fu the other way does not take is dropped when the way changes (20 fu: tsumo only).
    await page.click(choice('Han', '2'));
    const pad = await offered(page, 'Fu');
    if (pad.includes(20)) {
      await page.click(choice('Fu', '20'));
      await page.click(choice('How?', 'Jun'));
      assert.equal(await page.locator('#record-win').count(), 0, `${ruleset}: 20 fu on a discard is no value`);
    }
    await page.click(choice('How?', 'Jun'));
    await page.click(choice('Han', '1'));
    assert.ok(!(await offered(page, 'Fu')).includes(25), `${ruleset}: 1 han 25 fu offered`);
    await page.click('#step-cancel');
  }
  assert.deepEqual(errors, []);
  await context.close();
});
