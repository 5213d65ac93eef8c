// Every dialog of the Game tab closes by Cancel and by the phone's Back, and by nothing else
// (issue 43, point 1): the page is not left, nothing is recorded, the record text is the same
// byte for byte, and the page is back on the game's sheet; a dialog closed by Cancel takes its
// history entry with it (a later Back neither opens it again nor stays). The hand scorer opened
// by "Enter the tiles instead" is a dialog inside the win's: Back and Cancel return to the win.
// A reload with a dialog open lands on the sheet; reopening the page opens the game in progress.
// At 360 × 740, 320 × 568 and 740 × 360, with screenshots of the dialogs and their Cancel.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, session, shot } from './browser.mjs';

const { link } = await import(new URL('../test-results/core/game/share.js', import.meta.url));

const run = session();

const SIZES = [[360, 740], [320, 568], [740, 360]];

/** A sanma-tenhou game after a ron (so "Also ron" is offered), with riichi, nagashi and the
 * abortive draws; and a malaysian one, for what is paid on the spot. */
const TENHOU = 'ruleset sanma-tenhou\nplayers Ann Ben Cat\nAnn tsumo: 3 han 30 fu\nBen ron Cat: mangan\n';
const MALAYSIAN = 'ruleset malaysian\nplayers Ann Ben Cat\n';

/** The dialogs of the Game tab: how each is opened, and its Cancel. */
const DIALOGS = [
  ['win', (p) => p.click('.win-by[data-winner="Ann"]')],
  ['win, its winner and how chosen', async (p) => {
    await p.click('.win-by[data-winner="Cat"]');
    await p.getByRole('button', { name: 'Tsumo', exact: true }).click();
  }],
  ['also ron', (p) => p.click('#act-also')],
  ['draw', (p) => p.click('#act-draw')],
  ['riichi', (p) => p.click('#act-riichi')],
  ['chombo', (p) => p.click('#act-chombo')],
  ['nagashi', (p) => p.click('#act-nagashi')],
  ['abortive draw', (p) => p.click('#act-abort')],
  ['correction', (p) => p.click('#act-correct')],
  ['share', (p) => p.click('#share')],
  ['record', (p) => p.click('#export')],
  ['a past hand', (p) => p.locator('.hand-head').first().click()],
  ['end the game here', (p) => p.click('#end-here'), '#end-cancel'],
  ['settings', (p) => p.click('#game-settings'), '#settings-cancel'],
  ['evening', (p) => p.click('#evening-open')],
  ['new game', (p) => p.click('#new-game')],
  ['games', (p) => p.click('#games')],
];

/** A page of `width` × `height` with `record` kept as the game in progress, opened at `hash`. */
async function withGame(width, height, record, hash = '#game') {
  const context = await run.browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  page.setDefaultTimeout(5000);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await context.addInitScript(([text]) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('mj3.games', JSON.stringify([{ id: 'g', record: text, cursor: null, updated: 1 }]));
    localStorage.setItem('mj3.game', 'g');
  }, [record]);
  // An entry before the page's: where a Back from the page goes.
  await page.goto(`${run.server.url}before`);
  await open(page, `${run.server.url}${hash}`);
  // Set on this document: gone if the page is left.
  await page.evaluate(() => { window.stayed = true; });
  return { context, page, errors };
}

const kept = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('mj3.games')).find((g) => g.id === 'g').record);

/** The page is the game's sheet at the Game tab, on the same document, with the record as it
 * was and the "X won" buttons in place, and no red error. */
async function onSheet(page, record, where) {
  await page.waitForFunction(() => window.mj3Game.state.step.at === 'sheet', null, { timeout: 3000 })
    .catch(() => assert.fail(`${where}: the dialog is still open`));
  assert.equal(await page.evaluate(() => window.stayed), true, `${where}: the page was not left`);
  assert.equal(await page.getAttribute('#tab-game', 'aria-selected'), 'true', `${where}: at the Game tab`);
  assert.equal(await page.locator('.sheet').evaluate((e) => e.hidden), false, `${where}: the sheet is shown`);
  assert.equal(await page.locator('.win-by').count(), 3, `${where}: the "X won" buttons are there`);
  assert.equal(await page.locator('#game-notice, #panel-game [role="alert"]').count(), 0, `${where}: no error`);
  assert.equal(await kept(page), record, `${where}: the record is unchanged`);
}

/** The history entry the page is on is not a dialog's (nothing left behind by a closed one). */
const entry = (page) => page.evaluate(() => JSON.stringify(history.state));

for (const [width, height] of SIZES) {
  test(`${width}×${height}: every dialog closes by Cancel and by Back, with the record unchanged`, async () => {
    const { context, page, errors } = await withGame(width, height, TENHOU);
    await page.waitForSelector('.standings');
    const base = await entry(page);
    assert.equal(await page.locator('#end-here').count(), 1, '"End the game here" is on the sheet');
    for (const [name, opens, cancel = '#step-cancel'] of DIALOGS) {
      await opens(page);
      const button = page.locator(cancel);
      await button.waitFor({ state: 'visible' }).catch(() => assert.fail(`${name}: no Cancel`));
      // "End the game here" belongs to the sheet, not under a dialog.
      assert.equal(await page.locator('#end-here').count(), 0, `${name}: no "End the game here" under it`);
      assert.equal(await button.textContent(), 'Cancel', `${name}: its Cancel says so`);
      await button.scrollIntoViewIfNeeded();
      if (width !== 740) await shot(page, `dialog-${name.split(',')[0].replace(/ /g, '-')}-${width}x${height}`);
      await button.click();
      await onSheet(page, TENHOU, `${name}, Cancel`);
      assert.equal(await entry(page), base, `${name}: Cancel takes its history entry away`);
      await opens(page);
      await page.locator(cancel).waitFor();
      await page.goBack();
      await onSheet(page, TENHOU, `${name}, Back`);
      assert.equal(await entry(page), base, `${name}: Back leaves the entry the page had`);
    }
    // Paid on the spot, in a game that pays it.
    await page.evaluate((text) => localStorage.setItem('mj3.games', JSON.stringify([{ id: 'g', record: text, cursor: null, updated: 1 }])), MALAYSIAN);
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await page.evaluate(() => { window.stayed = true; });
    await page.click('#act-spot');
    await page.click('#step-cancel');
    await onSheet(page, MALAYSIAN, 'on the spot, Cancel');
    await page.click('#act-spot');
    await page.locator('#step-cancel').waitFor();
    await page.goBack();
    await onSheet(page, MALAYSIAN, 'on the spot, Back');
    // Nothing is left behind: one Back from the sheet leaves the page, as it would have.
    await page.goBack();
    assert.match(page.url(), /\/before$/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${width}×${height}: the tiles scorer opened from a win returns to the win by Back and by Cancel; Back unwinds one dialog at a time`, async () => {
    const { context, page, errors } = await withGame(width, height, TENHOU);
    const base = await entry(page);
    const toTiles = async () => {
      await page.getByRole('button', { name: 'Enter the tiles instead' }).click();
      await page.waitForSelector('#game-win:not([hidden])');
      assert.equal(await page.getAttribute('#tab-score', 'aria-selected'), 'true');
    };
    const onWin = async (where) => {
      await page.waitForFunction(() => document.getElementById('panel-game').hidden === false, null, { timeout: 3000 })
        .catch(() => assert.fail(`${where}: not back at the Game tab`));
      assert.equal(await page.evaluate(() => window.mj3Game.state.step.at), 'win', `${where}: the win dialog is open`);
      assert.ok(await page.getByRole('button', { name: 'Enter the tiles instead' }).isVisible(), `${where}: as it was`);
      assert.ok(await page.locator('#step-cancel').evaluate((b) => b.getBoundingClientRect().bottom <= innerHeight), `${where}: in sight`);
      assert.equal(await page.locator('#panel-game [role="alert"], #game-refused').count(), 0, `${where}: no error`);
      assert.equal(await kept(page), TENHOU);
      assert.equal(await page.evaluate(() => window.stayed), true);
    };
    await page.click('.win-by[data-winner="Cat"]');
    await page.getByRole('button', { name: 'Ron from Ann', exact: true }).click();
    await toTiles();
    if (width !== 740) await shot(page, `dialog-tiles-${width}x${height}`);
    // Cancel in the scorer: back at the game's win, not on the Score tab.
    await page.locator('#game-win').getByRole('button', { name: 'Cancel' }).click();
    await onWin('the scorer\u2019s Cancel');
    // Back from the scorer: the win; Back again: the sheet.
    await toTiles();
    await page.goBack();
    await onWin('Back from the scorer');
    await page.goBack();
    await onSheet(page, TENHOU, 'Back from the win');
    assert.equal(await entry(page), base);
    assert.ok(await page.locator('#game-win').isHidden(), 'the scorer\u2019s game bar is gone');
    // A dialog in a dialog: the delete question in Games; Back closes the question, then Games.
    await page.click('#games');
    await page.click('.game-delete');
    await page.goBack();
    await page.waitForSelector('.games .confirm', { state: 'detached' });
    assert.equal(await page.evaluate(() => window.mj3Game.state.step.at), 'games');
    await page.goBack();
    await onSheet(page, TENHOU, 'Back from Games');
    assert.equal(await entry(page), base);
    // A dialog left open on another tab: Back there closes it and stays on the page.
    await page.click('#act-draw');
    await page.click('#tab-reference');
    await page.goBack();
    await page.waitForFunction(() => window.mj3Game.state.step.at === 'sheet', null, { timeout: 3000 });
    assert.equal(await page.evaluate(() => window.stayed), true, 'Back from the Reference tab stays on the page');
    assert.equal(await kept(page), TENHOU);
    await page.click('#tab-game');
    // A dialog answered (a draw recorded) takes its entry away.
    await page.click('#act-draw');
    await page.click('#record-draw');
    await page.waitForFunction((was) => window.mj3Game.state.step.at === 'sheet' && JSON.stringify(history.state) === was, base);
    const drawn = await kept(page);
    assert.equal(drawn, `${TENHOU}draw\n`);
    // A win recorded from the scorer takes both entries away: one Back from the sheet leaves.
    await page.click('.win-by[data-winner="Cat"]');
    await page.getByRole('button', { name: 'Ron from Ann', exact: true }).click();
    await toTiles();
    const context_ = await page.inputValue('#line');
    await page.fill('#line', `234p567p678s88s234s ${context_}`.trim());
    await page.click('#record-in-game');
    await page.waitForFunction(() => document.getElementById('panel-game').hidden === false);
    await page.waitForFunction(() => window.mj3Game.state.step.at === 'sheet');
    assert.match(await kept(page), new RegExp(`^${drawn}Cat ron Ann: `), 'the win is recorded');
    await page.waitForFunction((was) => JSON.stringify(history.state) === was, base);
    await page.goBack();
    assert.match(page.url(), /\/before$/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${width}×${height}: a reload with a dialog open lands on the sheet; reopening the page opens the game in progress`, async () => {
    const { context, page, errors } = await withGame(width, height, TENHOU);
    for (const opens of [(p) => p.click('#act-draw'), (p) => p.click('.win-by[data-winner="Ben"]'), (p) => p.click('#games')]) {
      await opens(page);
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      await page.evaluate(() => { window.stayed = true; });
      await onSheet(page, TENHOU, 'after a reload');
    }
    // The reloaded page kept no entry of the dialog: one Back leaves it, as it would have.
    await page.goBack();
    assert.match(page.url(), /\/before$/);
    // A fresh load of the page's address (the home screen's) opens the game kept.
    await page.goto(run.server.url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await page.evaluate(() => { window.stayed = true; });
    await onSheet(page, TENHOU, 'reopened');
    assert.equal(await page.locator('[role="alert"]:visible').count(), 0, 'no red error anywhere');
    if (width !== 740) await shot(page, `reopened-${width}x${height}`);
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await page.evaluate(() => { window.stayed = true; });
    await onSheet(page, TENHOU, 'reopened and reloaded');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The Score tab as the player sees it: the line, the ruleset, and any error shown there. */
const scoreTab = (page) => page.evaluate(() => ({
  line: document.getElementById('line').value,
  ruleset: document.getElementById('ruleset').value,
  errors: [...document.querySelectorAll('#panel-score [role="alert"], #hand-illegal')]
    .filter((e) => !e.hidden && e.getClientRects().length > 0).map((e) => e.textContent),
}));

const LATER = `${TENHOU}draw\nAnn ron Ben: mangan\n`;

for (const [width, height] of SIZES.slice(0, 2)) {
  test(`${width}×${height}: the link's question (a link continuing a kept game) closes by Cancel and by Back with the record byte for byte as kept; Update updates it`, async () => {
    const { context, page, errors } = await withGame(width, height, TENHOU);
    const asked = async () => {
      await page.goto(await link(run.server.url, LATER));
      await page.waitForSelector('#offer-update');
      await page.evaluate(() => { window.stayed = true; });
      assert.equal(await kept(page), TENHOU, 'nothing changed before the answer');
      assert.equal(await page.locator('#end-here').count(), 0, 'no "End the game here" under the question');
    };
    const answered = async (where, record) => {
      await page.waitForSelector('#link-offer', { state: 'detached', timeout: 3000 })
        .catch(() => assert.fail(`${where}: the question is still open`));
      assert.equal(await page.evaluate(() => window.stayed), true, `${where}: the page was not left`);
      assert.equal(await kept(page), record, `${where}: the record kept`);
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('mj3.games')).length), 1, `${where}: one game`);
      assert.equal(await page.evaluate(() => history.state?.mj3Dialog ?? null), null, `${where}: no dialog's entry left`);
      assert.equal(await page.locator('.win-by').count(), 3, `${where}: the sheet`);
      assert.equal(await page.locator('#end-here').count(), 1, `${where}: "End the game here" back on the sheet`);
    };
    await asked();
    assert.equal(await page.textContent('#offer-close'), 'Cancel');
    await shot(page, `link-question-${width}x${height}`);
    await page.click('#offer-close');
    await answered('Cancel', TENHOU);
    await asked();
    await page.goBack();
    await answered('Back', TENHOU);
    await asked();
    await page.click('#offer-update');
    await answered('Update', LATER);
    assert.equal(await page.locator('.sheet-hand').count(), 4);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`${width}×${height}: after the tiles scorer opened from a game is cancelled or its win recorded, the Score tab is as the player left it, with no error`, async () => {
    const { context, page, errors } = await withGame(width, height, TENHOU);
    // The player's own hand on the Score tab, under the header's ruleset.
    await page.click('#tab-score');
    await page.selectOption('#ruleset', 'sanma');
    await page.fill('#line', '234p567p678s99s234s riichi tsumo');
    await page.waitForSelector('.verdict');
    const mine = await scoreTab(page);
    assert.deepEqual(mine.errors, []);
    await page.click('#tab-game');
    const toTiles = async () => {
      await page.click('.win-by[data-winner="Cat"]');
      await page.getByRole('button', { name: 'Ron from Ann', exact: true }).click();
      await page.getByRole('button', { name: 'Enter the tiles instead' }).click();
      await page.waitForSelector('#game-win:not([hidden])');
    };
    const asLeft = async (where) => {
      await page.click('#tab-score');
      assert.deepEqual(await scoreTab(page), mine, `${where}: the Score tab as the player left it`);
      assert.equal(await page.textContent('.verdict'), 'legal win', where);
      assert.ok(await page.locator('#game-win').isHidden(), `${where}: no game bar`);
      await shot(page, `score-tab-after-game-${where.replace(/ /g, '-')}-${width}x${height}`);
      await page.click('#tab-game');
    };
    await toTiles();
    await page.click('#game-win-cancel');
    await page.waitForFunction(() => document.getElementById('panel-game').hidden === false);
    await page.click('#step-cancel');
    await asLeft('cancelled');
    await toTiles();
    await page.goBack();
    await page.waitForFunction(() => document.getElementById('panel-game').hidden === false);
    await page.goBack();
    await asLeft('backed-out');
    await toTiles();
    for (const tile of ['2p', '3p', '4p', '5p', '6p', '7p', '6s', '7s', '8s', '8s', '8s', '2s', '3s', '4s']) {
      await page.click(`#pad button[data-tile="${tile}"]`);
    }
    await page.click('#record-in-game');
    await page.waitForFunction(() => window.mj3Game.state.step.at === 'sheet' && document.getElementById('panel-game').hidden === false);
    assert.match(await kept(page), /\nCat ron Ann: /, 'the win is recorded');
    await asLeft('recorded');
    // A reload on the Game tab opens the game: the address is the game's.
    assert.match(page.url(), /#game$/);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('with no game kept, or the game kept over, the page opens on the Score tab as before', async () => {
  for (const games of [[], [{ id: 'g', record: `${TENHOU}end\n`, cursor: null, updated: 1 }]]) {
    const context = await run.browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await context.addInitScript(([list]) => {
      localStorage.setItem('mj3.games', JSON.stringify(list));
      if (list.length) localStorage.setItem('mj3.game', 'g');
    }, [games]);
    await open(page, run.server.url);
    assert.equal(await page.getAttribute('#tab-score', 'aria-selected'), 'true');
    assert.equal(await page.locator('[role="alert"]:visible').count(), 0);
    await context.close();
  }
});
