// Links from strangers and a finite store, in Debian's Chromium at phone size (issue 40): the
// page's limits hold for decompression bombs, long games and a 16 MiB record, each within
// 300 MB of the tab's peak memory (the renderer's VmHWM, read by the pid Chromium's
// SystemInfo gives); every broken link is said in the page's words; a full store loses no
// event; two tabs of one game lose no event; 31 opened links delete no game; Share of a game
// under a large house file gives its link and its file. The figures go to
// test-results/hostile-figures.json (docs/performance.md, docs/limits.md).
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ROOT, fillStore, open, phone, session, shot } from './browser.mjs';

const run = session('hostile-figures.json');
const { figures } = run;

/** A record packed as the page packs it (deflate-raw, base64url). */
const packed = (text) => deflateRawSync(Buffer.isBuffer(text) ? text : Buffer.from(text)).toString('base64url');
const START = 'ruleset sanma\nplayers Ann Ben Cat\n';
const draws = (n) => `${START}${'draw\n'.repeat(n)}`;

/** What no message on the page may contain: the browser's and the library's raw errors. */
const RAW = /TypeError|RangeError|SyntaxError|RuntimeError|InvalidCharacter|atob|TextDecoder|Failed to fetch|unreachable|DOMException|undefined|\[object/;

/** The pids of the browser's renderers (Chromium's own SystemInfo). */
async function renderers() {
  const cdp = await run.browser.newBrowserCDPSession();
  const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
  await cdp.detach();
  return processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
}

/** The peak resident memory of the processes `pids`, in MB (the largest). */
function peakMB(pids) {
  let peak = 0;
  for (const pid of pids) {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
    } catch {
      // Gone already.
    }
  }
  return Math.round(peak);
}

/** Opens `hash` in a fresh phone-sized page; returns the page, its errors, the notice shown
 * (or null), the ms until the page was ready and the Game panel drawn, and its renderer's
 * peak memory. */
async function openLink(hash, name = null) {
  const before = await renderers();
  const { context, page, errors } = await phone(run.browser);
  const started = Date.now();
  await open(page, `${run.server.url}${hash}`);
  await page.waitForSelector('#game-notice, .standings', { timeout: 60000 });
  const ms = Date.now() - started;
  const notice = await page.locator('#game-notice').textContent().catch(() => null);
  const mine = (await renderers()).filter((p) => !before.includes(p));
  const peak = peakMB(mine);
  if (name) await shot(page, name);
  return { context, page, errors, notice, ms, peak };
}

/** The Games list opens with one tap and lists `expected` games. */
async function gamesReachable(page) {
  await page.locator('#games').click();
  await page.waitForSelector('section[aria-label="Games on this phone"]');
  return page.locator('.games li').count();
}

test('decompression bombs: refused at the limit, in the page\'s words, the tab under 300 MB', async () => {
  const bombs = {
    // 310 MiB of newlines (a 400 KB link) and a 64 MiB house file of zeros.
    record310MiB: `#g=${packed(Buffer.alloc(310 << 20, 10))}`,
    house64MiB: `#g=${packed(START)}&h=${packed(Buffer.alloc(64 << 20))}`,
  };
  for (const [name, hash] of Object.entries(bombs)) {
    const got = await openLink(hash, name === 'record310MiB' ? 'link-too-large' : null);
    assert.match(got.notice ?? '', /too large for the page/, name);
    assert.doesNotMatch(got.notice, RAW);
    assert.deepEqual(got.errors, []);
    assert.ok(got.peak < 300, `${name}: ${got.peak} MB`);
    assert.equal(await gamesReachable(got.page), 0);
    figures[`${name}PeakMB`] = got.peak;
    figures[`${name}Ms`] = got.ms;
    await got.context.close();
  }
});

test('long games: the largest record the page takes replays and draws; 20,000 and 100,000 draws are refused; the Games list one tap away', async () => {
  // The largest record within the limit: some 6,500 hands of `draw`.
  const limit = 32 << 10;
  // (100 bytes short of it, so that a tap has room to add its line.)
  const most = draws(Math.floor((limit - 100 - START.length) / 5));
  // The costliest record per byte: wins, each scored and answered with its evaluation.
  // (The events of game.test.mjs's long record.)
  const winLines = ['Ben ron Cat: 234p567p678s88s234s', 'draw tenpai Ann', 'Cat tsumo: 123p456p789p11s rrr', 'riichi Ann', 'Ann ron Ben: 345p678p345s567s99s'];
  let wins = 'ruleset sanma\nplayers Ann Ben Cat\nset game.rounds=0\nset game.bust="never"\n';
  for (let i = 0; wins.length + 40 < limit - 100; i += 1) wins += `${winLines[i % winLines.length]}\n`;
  const links = { most, wins, draws20000: draws(20000), draws100000: draws(100000) };
  // An earlier build (MJ3_DIST) takes 8 GB for the 100,000 draws: not tried on the shared machine.
  if (process.env.MJ3_DIST) delete links.draws100000;
  for (const [name, record] of Object.entries(links)) {
    const hash = `#g=${packed(record)}`;
    figures[`${name}LinkChars`] = hash.length;
    const got = await openLink(hash, name === 'most' ? 'link-longest-game' : null);
    assert.deepEqual(got.errors, []);
    assert.ok(got.peak < 300, `${name}: ${got.peak} MB`);
    figures[`${name}PeakMB`] = got.peak;
    figures[`${name}OpenMs`] = got.ms;
    if (name === 'most' || name === 'wins') {
      assert.equal(got.notice, null);
      // The sheet draws the latest hands; earlier ones a tap away.
      const drawn = await got.page.locator('.sheet-hand').count();
      assert.ok(drawn <= 20, `${drawn} hands drawn`);
      await got.page.locator('#sheet-more').click();
      assert.ok(await got.page.locator('.sheet-hand').count() > drawn);
      // A tap in it: a draw recorded and drawn.
      const tapped = Date.now();
      await got.page.locator('#act-draw').click();
      await got.page.locator('#record-draw').click();
      await got.page.waitForFunction((n) => window.mj3Game.state.game.record.split('\n').length === n, record.split('\n').length + 1);
      figures[`${name}TapMs`] = Date.now() - tapped;
      figures[`${name}TapEventMs`] = Math.round(await got.page.evaluate(() => window.mj3Game.metrics.eventMs.at(-1)));
      figures[`${name}Hands`] = await got.page.evaluate(() => window.mj3Game.state.game.about);
      figures[`${name}PeakAfterTapMB`] = peakMB(await renderers());
      assert.ok(figures[`${name}PeakAfterTapMB`] < 300, `${name} after a tap: ${figures[`${name}PeakAfterTapMB`]} MB`);
    } else {
      assert.match(got.notice ?? '', /too large for the page: it opens a game record of up to 32 KB \(32768 bytes\)/);
    }
    assert.ok(await gamesReachable(got.page) <= 1);
    await got.context.close();
  }
});

test('a 16 MiB record: its link is refused at the limit; pasted, the library refuses it with its size before reading it', async () => {
  const record = draws(Math.floor(((16 << 20) - START.length) / 5));
  const got = await openLink(`#g=${packed(record)}`);
  assert.match(got.notice ?? '', /too large for the page/);
  assert.ok(got.peak < 300, `${got.peak} MB`);
  figures.record16MiBLinkPeakMB = got.peak;
  // The page's replay of the 16 MiB record itself: refused with its size before a line is
  // read, the WebAssembly memory no larger than the record's copy.
  const page = got.page;
  // (Made in the page: 16 MB through the test's protocol would cost the tab more than the page.)
  const said = await page.evaluate(([start, n]) => JSON.parse(window.mj3.game(`${start}${'draw\n'.repeat(n)}`, '')).error.message,
    [START, (record.length - START.length) / 5]);
  assert.equal(said, `the record is larger than 32768 bytes (${record.length} bytes)`);
  figures.record16MiBReplayPeakMB = peakMB(await renderers());
  assert.ok(figures.record16MiBReplayPeakMB < 300, `${figures.record16MiBReplayPeakMB} MB`);
  // A record over the limit pasted into the record box (Record, then Open this record)
  // under a game in play: said, and the game stays.
  const pasted = draws(20000);
  await page.locator('#new-game').click().catch(() => undefined);
  await page.locator('#new-start').click();
  await page.waitForSelector('.standings');
  await page.locator('#export').click();
  await page.evaluate((text) => { document.querySelector('#record-text').value = text; }, pasted);
  await page.locator('#import').click();
  await page.waitForSelector('#game-notice');
  const notice = await page.locator('#game-notice').textContent();
  assert.match(notice, new RegExp(`the record is larger than 32768 bytes \\(${pasted.length} bytes\\)`));
  assert.equal(await page.locator('.standings').count(), 1, 'the game in play stays on the screen');
  assert.deepEqual(got.errors, []);
  await got.context.close();
});

test('broken links: each said in the page\'s words, the game on the screen kept, the house text never in the hand field', async () => {
  const good = packed(draws(2));
  const links = {
    cut: [`#g=${good.slice(0, Math.floor(good.length / 2))}`, /damaged/],
    garbled: [`#g=${good.slice(0, 5)}QQQQ${good.slice(9)}`, /damaged|holds no game/],
    notAGame: [`#g=${packed('hello, world\n')}`, /holds no game the page can open/],
    notText: [`#g=${packed(Buffer.from([0xff, 0xfe, 0x00, 0x80]))}`, /not text/],
    tooLarge: [`#g=${packed(draws(20000))}`, /too large/],
    newer: [`#g=${good}&v=2`, /newer version/],
    plus: ['#g=ab+cd', /damaged/],
    slash: ['#g=ab/cd', /damaged/],
    percent: ['#g=%', /damaged/],
    nonAscii: ['#g=東京', /damaged/],
    empty: ['#g=', /holds no game/],
    headerError: [`#g=${packed('ruleset sanma\nplayers Ann Ben\n')}`, /line 2: /],
  };
  // A game in play first: a broken link leaves it on the screen.
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  await page.locator('#new-start').click();
  await page.waitForSelector('.standings');
  const shown = {};
  for (const [name, [hash, expected]] of Object.entries(links)) {
    await page.goto('about:blank');
    await open(page, `${run.server.url}${hash}`);
    await page.waitForSelector('#game-notice');
    const notice = await page.locator('#game-notice').textContent();
    shown[name] = notice;
    assert.match(notice, expected, name);
    assert.doesNotMatch(notice, RAW, name);
    assert.equal(await page.locator('.standings').count(), 1, `${name}: the game in play stays`);
    if (name === 'headerError') await shot(page, 'link-header-error');
    if (name === 'cut') await shot(page, 'link-damaged');
  }
  // A link with a house file: its packed text is not the scorer's hand.
  const house = packed('extends = "sanma"\nname = "ours"\n');
  await page.goto('about:blank');
  await open(page, `${run.server.url}#g=${packed('ruleset house.toml\nplayers Ann Ben Cat\n')}&h=${house}`);
  await page.waitForSelector('.standings');
  assert.equal(await page.inputValue('#line'), '');
  assert.deepEqual(errors, []);
  figures.brokenLinkMessages = shown;
  await context.close();
});

test('a full store: the failed save is said at once, the events stay on the screen and are given as text; saved once there is room', async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  await page.locator('#new-start').click();
  await page.waitForSelector('.standings');
  assert.equal(await fillStore(page), true, 'the store is full');
  await page.locator('#act-draw').click();
  await page.locator('#record-draw').click();
  // At once, on this tap: not saved, said, and the record offered.
  await page.waitForSelector('#unsaved', { timeout: 2000 });
  assert.equal(await page.locator('.sheet-hand').count(), 1);
  await page.locator('#act-riichi').click();
  await page.locator('fieldset.choices button[data-value="Ben"]').click();
  const offered = await page.inputValue('#unsaved-record');
  assert.match(offered, /^draw$/m);
  assert.match(offered, /^riichi Ben$/m);
  assert.equal(await page.locator('#unsaved-file').getAttribute('download'), 'game.txt');
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'game-not-saved');
  // Room made: the next try saves every event, and a reload shows them.
  await page.evaluate(() => { for (const key of Object.keys(localStorage)) if (key.startsWith('filler')) localStorage.removeItem(key); });
  await page.locator('#unsaved-retry').click();
  assert.equal(await page.locator('#unsaved').count(), 0);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const record = await page.evaluate(() => window.mj3Game.state.game.record);
  assert.equal(record, offered);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link opened with the store full: its sheet and "not saved" at once, never "holds no game"', async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  assert.equal(await fillStore(page), true, 'the store is full');
  await page.goto('about:blank');
  await open(page, `${run.server.url}#g=${packed(draws(3))}`);
  await page.waitForSelector('#unsaved');
  assert.equal(await page.locator('.sheet-hand').count(), 3);
  assert.equal(await page.locator('#game-notice').count(), 0);
  assert.match(await page.inputValue('#unsaved-record'), /^players Ann Ben Cat$/m);
  assert.deepEqual(errors, []);
  await context.close();
});

/** One tap of Draw in a page, if it offers one: whether the page recorded it. */
const tapDraw = () => {
  const draw = document.querySelector('#act-draw');
  if (!draw) return false;
  const before = window.mj3Game.metrics.eventMs.length;
  draw.click();
  document.querySelector('#record-draw')?.click();
  return window.mj3Game.metrics.eventMs.length > before;
};

/** Two phone-sized tabs of one browser (one store) on the same new game. */
async function twoTabs() {
  const { context, page: a, errors } = await phone(run.browser);
  await open(a, `${run.server.url}#game`);
  await a.locator('#new-start').click();
  await a.waitForSelector('#act-draw');
  const b = await context.newPage();
  b.on('pageerror', (error) => errors.push(String(error)));
  await open(b, `${run.server.url}#game`);
  await b.waitForSelector('.standings');
  return { context, a, b, errors };
}

test('two tabs of one game tapping at the same moment, 20 rounds, the tab in use changed by "Use it here": every event recorded is kept', async () => {
  const { context, a, b, errors } = await twoTabs();
  const recorded = { a: 0, b: 0 };
  for (let round = 0; round < 20; round += 1) {
    const [inA, inB] = await Promise.all([a.evaluate(tapDraw), b.evaluate(tapDraw)]);
    recorded.a += Number(inA);
    recorded.b += Number(inB);
    if (round % 5 === 4) {
      // Every event recorded so far is in the store (b0a50ed's build kept 20 to 24 of 40).
      await a.waitForTimeout(200);
      const inStore = await a.evaluate(() => JSON.parse(localStorage.getItem('mj3.games'))[0].record.match(/^draw$/gm)?.length ?? 0);
      assert.equal(inStore, recorded.a + recorded.b, `after round ${round + 1}: ${JSON.stringify(recorded)}`);
      // The read-only tab asks for the game, and gets it.
      const [reader, writer] = (await a.locator('#use-here').count()) ? [a, b] : [b, a];
      assert.equal(await reader.locator('#use-here').count(), 1, 'one tab offers "Use it here"');
      await reader.locator('#use-here').click();
      await reader.waitForSelector('#act-draw', { timeout: 5000 });
      await writer.waitForSelector('#elsewhere', { timeout: 5000 });
    }
  }
  assert.ok(recorded.a > 0 && recorded.b > 0, `both tabs recorded: ${JSON.stringify(recorded)}`);
  await a.reload();
  await a.waitForFunction(() => document.body.dataset.ready === 'true');
  const record = await a.evaluate(() => window.mj3Game.state.game.record);
  assert.equal(record.match(/^draw$/gm)?.length ?? 0, recorded.a + recorded.b, JSON.stringify(recorded));
  figures.twoTabsRecorded = recorded;
  assert.deepEqual(errors, []);
  await context.close();
});

test('a second tab of one game: said to be open elsewhere, read-only, following the first; "Use it here" takes it over and the first says so', async () => {
  const { context, a, b, errors } = await twoTabs();
  await b.waitForSelector('#elsewhere');
  assert.match(await b.locator('#elsewhere').textContent(), /open in another tab or window\. Here it can only be read/);
  assert.equal(await b.locator('#act-draw').count(), 0, 'nothing to tap in the second tab');
  // The first tab's events come into the second as they are saved.
  await a.locator('#act-riichi').click();
  await a.locator('fieldset.choices button[data-value="Ben"]').click();
  await b.waitForFunction(() => /^riichi Ben$/m.test(window.mj3Game.state.game.record));
  assert.equal(await b.locator('#game-notice').count(), 0);
  await shot(b, 'game-open-elsewhere');
  await b.setViewportSize({ width: 320, height: 640 });
  await shot(b, 'game-open-elsewhere-320');
  await b.setViewportSize({ width: 360, height: 740 });
  // Taken over: the second tab plays, the first reads and says why.
  await b.locator('#use-here').click();
  await b.locator('#act-draw').click();
  await b.locator('#record-draw').click();
  await a.waitForSelector('#elsewhere');
  assert.match(await a.locator('#elsewhere').textContent(), /now used in another tab or window/);
  assert.equal(await a.locator('#act-draw').count(), 0);
  await a.waitForFunction(() => /^draw$/m.test(window.mj3Game.state.game.record));
  await shot(a, 'game-let-go');
  const inB = await b.evaluate(() => window.mj3Game.state.game.record);
  assert.match(inB, /^riichi Ben\ndraw$/m);
  // A reload of the first keeps it read-only while the second holds the game.
  await a.reload();
  await a.waitForFunction(() => document.body.dataset.ready === 'true');
  await a.waitForSelector('#elsewhere');
  assert.equal(await a.evaluate(() => window.mj3Game.state.game.record), inB);
  assert.deepEqual(errors, []);
  await context.close();
});

test('two tabs of one game in a browser without Web Locks: as before, both write, each taking in the other\'s save (a riichi in one and a draw in the other are both kept), nothing said about a lock', async () => {
  const { context, page: a, errors } = await phone(run.browser);
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }));
  await open(a, `${run.server.url}#game`);
  await a.locator('#new-start').click();
  await a.waitForSelector('#act-draw');
  const b = await context.newPage();
  await open(b, `${run.server.url}#game`);
  await b.waitForSelector('#act-draw');
  assert.equal(await b.locator('#elsewhere').count(), 0);
  await a.locator('#act-riichi').click();
  await a.locator('fieldset.choices button[data-value="Ben"]').click();
  await a.waitForFunction(() => window.mj3Game.state.game.record.includes('riichi Ben'));
  await b.locator('#act-draw').click();
  await b.locator('#record-draw').click();
  const inB = await b.evaluate(() => window.mj3Game.state.game.record);
  assert.match(inB, /^riichi Ben\ndraw$/m);
  await a.reload();
  await a.waitForFunction(() => document.body.dataset.ready === 'true');
  assert.equal(await a.evaluate(() => window.mj3Game.state.game.record), inB);
  assert.equal(await a.locator('#elsewhere').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game not saved (store full) is kept when another game is opened: the Games list offers it, with its events', async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  await page.fill('#new-player-0', 'Mine');
  await page.locator('#new-start').click();
  await page.waitForSelector('#act-draw');
  assert.equal(await fillStore(page), true, 'the store is full');
  await page.locator('#act-draw').click();
  await page.locator('#record-draw').click();
  await page.waitForSelector('#unsaved');
  // Another game opened: a link pasted into the address bar, then the Games list.
  await page.evaluate((hash) => { location.hash = hash; }, `#g=${packed('ruleset sanma\nplayers Link Ben Cat\n')}`);
  await page.waitForFunction(() => window.mj3Game.state.game?.record.includes('Link'));
  await page.locator('#games').click();
  const mine = page.locator('.games li button.game-open:has-text("Mine, Ben, Cat")');
  assert.equal(await mine.count(), 1);
  assert.match(await mine.textContent(), /not saved/);
  await shot(page, 'games-not-saved');
  await mine.click();
  await page.waitForSelector('#unsaved');
  assert.match(await page.inputValue('#unsaved-record'), /^players Mine Ben Cat\ndraw$/m);
  assert.equal(await page.locator('.sheet-hand').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('31 links opened delete no game: the game in progress stays in the Games list', async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  await page.fill('#new-player-0', 'Mine');
  await page.locator('#new-start').click();
  await page.waitForSelector('.standings');
  await page.locator('#act-draw').click();
  await page.locator('#record-draw').click();
  for (let i = 0; i < 31; i += 1) {
    await page.goto('about:blank');
    await open(page, `${run.server.url}#g=${packed(`ruleset sanma\nplayers Link${i} Ben Cat\ndraw\n`)}`);
    await page.waitForSelector('.standings');
  }
  assert.equal(await gamesReachable(page), 32);
  assert.equal(await page.locator('.games li button.game-open:has-text("Mine, Ben, Cat")').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link opened on a slow phone opens its game: the scorer\'s pending address never writes over it', async () => {
  const { context, page, errors } = await phone(run.browser);
  // A game in progress on the phone: the page starting up holds it first.
  await open(page, `${run.server.url}#game`);
  await page.fill('#new-player-0', 'Mine');
  await page.locator('#new-start').click();
  await page.waitForSelector('.standings');
  await page.goto('about:blank');
  // A phone so slow that its first frame comes after the scorer's pause (the address written
  // 400 ms after the first hand is scored): the clock stopped, then moved a second at once
  // while the page waits for that frame, every timer due meanwhile fired in order.
  await context.clock.install({ time: new Date('2026-11-29T10:00:00Z') });
  await context.clock.pauseAt(new Date('2026-11-29T10:00:01Z'));
  await page.goto(`${run.server.url}#g=${packed('ruleset sanma\nplayers Link Ben Cat\ndraw\n')}`);
  // The library is loaded and the first hand scored (the page then waits for its frame).
  await page.waitForFunction(() => 'mj3' in window, null, { polling: 50, timeout: 20000 });
  await context.clock.fastForward(1000);
  await context.clock.resume();
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { polling: 50, timeout: 20000 });
  // The link's game on the screen and kept beside the one in progress.
  assert.match(await page.locator('.standings').textContent(), /Link/);
  assert.equal(await page.evaluate(() => location.hash), '#game');
  assert.equal(await gamesReachable(page), 2);
  assert.equal(await page.locator('.games li button.game-open:has-text("Link, Ben, Cat")').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Share of a game under a 9.7 KB house file: too long for a QR code, said, and the link and the file given', async () => {
  const house = readFileSync(`${ROOT}rules/sanma-tenhou.toml`, 'utf8');
  const { context, page, errors } = await phone(run.browser);
  await open(page, `${run.server.url}#game`);
  await page.selectOption('#new-ruleset', 'house.toml');
  await page.fill('#new-house', house);
  await page.locator('#new-house').dispatchEvent('change');
  await page.locator('#new-start').click();
  await page.waitForSelector('.standings');
  await page.locator('#share').click();
  await page.waitForSelector('#share-link', { timeout: 5000 });
  assert.match(await page.locator('#share-no-code').textContent(), /too long for a QR code/);
  const url = await page.inputValue('#share-link');
  assert.match(url, /#g=[A-Za-z0-9_-]+&h=[A-Za-z0-9_-]+$/);
  assert.equal(await page.locator('#share-file').getAttribute('download'), 'game.txt');
  figures.share9700HouseLinkChars = url.length;
  await page.locator('#share-no-code').scrollIntoViewIfNeeded();
  await shot(page, 'game-share-no-code');
  // The link opens the same game, house file and all.
  const other = await phone(run.browser);
  await open(other.page, url);
  await other.page.waitForSelector('.standings');
  assert.deepEqual(other.errors, []);
  await other.context.close();
  assert.deepEqual(errors, []);
  await context.close();
});
