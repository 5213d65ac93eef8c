// The scorer's input as a player meets it (issue 30, points 3 and 4): every circumstance a
// control in words, never the notation's keys; the hand kept typed and written by the library;
// a ruleset that refuses the hand says why next to it; touch targets and text a finger and an
// eye can use at 360 × 740.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, phone, session, shot } from './browser.mjs';

const run = session('input-figures.json');
const { figures } = run;

/** Every context key of the notation (docs/notation.md): none may be shown to the user. */
const KEYS = ['ron=', 'seat=', 'round=', 'dora=', 'ura=', 'waiting=', 'draws=', 'honba=', 'discards=', 'win=',
  'kong-from', 'dealt=', 'others-fan', 'others-fly', 'sticks=', 'double-riichi', 'double-replacement', 'robbed-kita',
  'robbed-concealed'];

const url = (ruleset, line) => `${run.server.url}#r=${ruleset}&h=${encodeURIComponent(line)}`;

/** The text and the field hints of the circumstances box. */
const circumstancesText = (page) => page.$eval('#circumstances-body', (box) => [
  box.innerText,
  ...Array.from(box.querySelectorAll('input, select, textarea'), (c) => `${c.placeholder ?? ''} ${c.getAttribute('aria-label') ?? ''}`),
  ...Array.from(box.querySelectorAll('[aria-label]'), (c) => c.getAttribute('aria-label')),
].join('\n'));

for (const [ruleset, line] of [
  ['malaysian', '123p456p789p 99p [EEEE] +f1f2f3f4 tsumo'],
  ['korean', '123p456p789p EEE 99s tsumo'],
  ['sanma', '123p456p789p EEE 99s tsumo'],
]) {
  test(`no notation among the circumstances (${ruleset}): every key a control in words`, async () => {
    const { context, page, errors } = await phone(run.browser);
    await open(page, url(ruleset, line));
    const text = await circumstancesText(page);
    for (const key of KEYS) assert.ok(!text.includes(key), `"${key}" is shown:\n${text}`);
    assert.ok(!text.includes('='), `an "=" is shown:\n${text}`);
    assert.equal(await page.$$eval('#circumstances-body input[type="text"]', (l) => l.length), 0);
    // The pad's modes in words too, not the notation's brackets.
    const modes = await page.textContent('#modes');
    assert.ok(!/[[\]()=]/.test(modes), modes);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('malaysian\'s settlement, fly tiles, kong, sets and waiting by taps: the library writes the line', async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, url('malaysian', '123p456p789p 99p [EEEE] +f1f2f3f4 tsumo'));
  const group = (legend) => `#circumstances-body fieldset:has(legend:text-is("${legend}"))`;
  const more = async (legend, seat, times = 1) => {
    for (let i = 0; i < times; i += 1) await page.click(`${group(legend)} button[aria-label="${seat}: one more"]`);
  };
  await more('The other hands\u2019 fan (for their settlement)', 'South', 3);
  await more('The other hands\u2019 fan (for their settlement)', 'West', 1);
  await more('Fly tiles (jokers) the others held', 'South', 2);
  await page.check(`${group('Also waiting to win when it ended')} label.chip:has-text("West") input`);
  await page.check(`${group('Whole sets in the starting hand')} label.chip:has-text("Flowers") input`);
  await page.check(`${group('The kong of East wind came from')} label.seg:has-text("South\u2019s discard") input`);
  assert.equal(await page.inputValue('#line'),
    '12345678999p [EEEE] +f1f2f3f4 tsumo waiting=W kong-from=E:S dealt=f others-fan=S:2,W:0 others-fly=S:1');
  assert.equal(await page.textContent(`${group('Fly tiles (jokers) the others held')} output >> nth=0`), '1 fly tile', 'the library\u2019s count');
  assert.equal(await page.textContent(`${group('Fly tiles (jokers) the others held')} output >> nth=1`), 'not given');
  // A typed line fills the same controls: the library's parse answers typed values.
  await page.fill('#line', '123p456p789p 99p [EEEE] +f1f2f3f4 tsumo others-fan=S:6,W:3 waiting=S');
  assert.equal(await page.textContent(`${group('The other hands\u2019 fan (for their settlement)')} output >> nth=0`), '6 fan');
  assert.ok(await page.isChecked(`${group('Also waiting to win when it ended')} label.chip:has-text("South") input`));
  // The winner moving to South drops what named South among the others.
  await page.check('input[name="seat"][value="S"]');
  assert.equal(await page.inputValue('#line'), '12345678999p [EEEE] +f1f2f3f4 tsumo seat=S others-fan=W:3');
  await page.evaluate(() => document.querySelector('#circumstances .kongs').scrollIntoView());
  await shot(page, 'circumstances-malaysian');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a ruleset switch that makes the hand illegal says so in words, next to the hand', async () => {
  const { context, page, errors } = await phone(run.browser);
  await open(page, url('sanma', '123p456p789p EEE 99s +N tsumo'));
  assert.equal(await page.isVisible('#hand-illegal'), false);
  await page.selectOption('#ruleset', 'korean');
  await page.waitForSelector('#hand #hand-illegal:not([hidden])');
  const said = await page.innerText('#hand-illegal');
  assert.match(said, /^Under korean, this hand cannot be scored\. N \(North wind\) is not in play under korean\. /);
  assert.match(said, /Take it out of the bonus tiles set aside\.\s+source$/);
  assert.ok(!said.includes('`'), said);
  // The rule book stays behind a tap: the library's words carry it apart.
  assert.ok(!said.includes('\u00a7'), said);
  await page.click('#hand-illegal .source-toggle');
  assert.match(await page.innerText('#hand-illegal .said-source'), /^Three-player mahjong .*\u00a7Tiles$/);
  // Not as the raw error with a caret under the field.
  assert.equal(await page.isVisible('#line-error'), false);
  // Next to the hand: inside its box, in sight without scrolling.
  const box = await page.$eval('#hand-illegal', (e) => {
    const r = e.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom };
  });
  assert.ok(box.top > 0 && box.bottom < 740, JSON.stringify(box));
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'ruleset-refuses-hand');
  // Back to a ruleset that plays kita: the words go.
  await page.selectOption('#ruleset', 'sanma');
  await page.waitForSelector('.verdict');
  assert.equal(await page.isVisible('#hand-illegal'), false);
  // A situation word the ruleset refuses says which toggle to untick.
  await page.fill('#line', '123p456p789p EEE 99s robbed-kita ron=S win=9s');
  await page.waitForSelector('#hand-illegal:not([hidden])');
  assert.match(await page.textContent('#hand-illegal'), /Robbed a kita North/);
  // Under a ruleset that offers no such toggle, the words say so.
  await page.selectOption('#ruleset', 'korean');
  await page.fill('#line', '123p456p789p EEE 99s robbed-kita ron=S');
  await page.waitForSelector('#hand-illegal:not([hidden])');
  assert.match(await page.textContent('#hand-illegal'), /This ruleset does not play “robbed a kita north”/);
  assert.deepEqual(errors, []);
  await context.close();
});

/** Controls a finger taps seldom, or that are not the page's own: each with its reason. */
const EXCEPTIONS = [
  // The hand's own tiles: a tap picks the winning tile, at most once a hand; at 44 px the
  // fourteen would take two rows and no longer read as one hand.
  ['#hand .hand-tiles .tile', 'a hand tile (tapped at most once a hand, to pick the winning tile)'],
  // An indicator or discard shown in the hand: a tap removes it, a correction.
  ['#hand .indicators .tile', 'an indicator shown in the hand (a tap removes it: a correction)'],
  // A sentence's source: an aside for whoever asks where a rule comes from, in the line it
  // follows (at 44 px each line of the sheet would double in height).
  ['.source-toggle', 'a sentence\u2019s source (an aside, tapped seldom)'],
];

/** Every visible control of the panel shown, with its box and font size. */
const controls = (page) => page.evaluate((exceptions) => {
  const seen = new Set();
  const found = [];
  const all = document.querySelectorAll('main button, main input, main select, main textarea, main label:has(input), main [role="button"], main summary, header button, header select, nav button, #summary');
  for (const c of all) {
    const target = c.matches('input') && c.closest('label') ? c.closest('label') : c;
    if (seen.has(target) || target.closest('[hidden]') || target.offsetParent === null && getComputedStyle(target).position !== 'fixed') continue;
    seen.add(target);
    const r = target.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const exception = exceptions.find(([selector]) => target.matches(selector));
    found.push({
      what: (target.getAttribute('aria-label') || target.textContent || target.outerHTML).trim().replace(/\s+/g, ' ').slice(0, 50),
      width: Math.round(r.width * 10) / 10,
      height: Math.round(r.height * 10) / 10,
      // The smallest text in it: its own, or a child's that holds words (a tile's face is a
      // drawing, scaled with the tile).
      font: Math.min(...[target, ...target.querySelectorAll('*')]
        .filter((e) => !(e instanceof SVGElement))
        .filter((e) => e === target || Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim()))
        .map((e) => parseFloat(getComputedStyle(e).fontSize))),
      exception: exception?.[1] ?? null,
    });
  }
  return found;
}, EXCEPTIONS);

/** The controls under 44 × 44 px or with text under 14 px that are no named exception. */
const small = (list) => list.filter((c) => !c.exception && (c.width < 44 || c.height < 44 || c.font < 14));

test('at 360 × 740 every often-tapped control is at least 44 × 44 px, its text at least 14 px', async () => {
  const { context, page, errors } = await phone(run.browser);
  const checked = [];
  // The scorer under each system, with a hand that shows indicators, sets and a result.
  for (const [ruleset, line] of [
    ['sanma', '234p567p678s99s23s 4s tsumo riichi dora=3p discards=E'],
    ['malaysian', '123p456p789p 99p [EEEE] +f1f2f3f4 tsumo'],
    ['korean', '123p456p789p EEE 99s ron=S'],
  ]) {
    await open(page, url(ruleset, line));
    await page.waitForSelector('.verdict');
    checked.push(...await controls(page));
  }
  // The game: its start form, then a game under way with its actions.
  await page.click('#tab-game');
  await page.click('#new-game');
  checked.push(...await controls(page));
  await page.selectOption('#new-ruleset', 'sanma');
  for (const [i, name] of ['Ann', 'Ben', 'Cat'].entries()) await page.fill(`#new-player-${i}`, name);
  await page.click('#new-start');
  await page.waitForSelector('.standings');
  checked.push(...await controls(page));
  await page.click('.winners button >> nth=0');
  checked.push(...await controls(page));
  figures.controlsChecked = checked.length;
  figures.controlsExcepted = checked.filter((c) => c.exception).length;
  figures.controlsUnder44 = checked.filter((c) => c.width < 44 || c.height < 44).length;
  assert.ok(checked.length > 60, `${checked.length} controls seen`);
  assert.deepEqual(small(checked), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the pad is whole at 320 × 568, each tile 44 px; the space left in landscape', async () => {
  const narrow = await run.browser.newContext({ viewport: { width: 320, height: 568 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await narrow.newPage();
  await open(page, url('sanma', '234p567p678s99s23s'));
  const pad = await page.$$eval('#pad button', (tiles) => tiles.map((t) => {
    const r = t.getBoundingClientRect();
    return { left: r.left, right: r.right, width: r.width, height: r.height };
  }));
  assert.ok(pad.length >= 20, `${pad.length} tiles`);
  assert.ok(pad.every((t) => t.left >= 0 && t.right <= 320 && t.width >= 44 && t.height >= 44), JSON.stringify(pad));
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  // The tabs' names are whole, none running into the next.
  const cut = await page.$$eval('.tabs [role="tab"]', (tabs) => tabs.filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.textContent));
  assert.deepEqual(cut, []);
  await page.evaluate(() => document.getElementById('pad').scrollIntoView({ block: 'center' }));
  await shot(page, 'pad-320');
  await narrow.close();
  // In landscape the header, the tabs and the foot bar scroll away: what stays on the screen
  // is the page's.
  const wide = await run.browser.newContext({ viewport: { width: 740, height: 360 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const landscape = await wide.newPage();
  await open(landscape, url('sanma', '234p567p678s99s234s tsumo'));
  await landscape.evaluate(() => window.scrollTo(0, 400));
  figures.landscapePagePx = await landscape.evaluate(() => {
    const kept = Array.from(document.querySelectorAll('body *')).filter((e) => {
      const style = getComputedStyle(e);
      return (style.position === 'fixed' || style.position === 'sticky') && e.offsetParent !== null || (style.position === 'fixed' && !e.hidden && style.display !== 'none');
    });
    const covered = kept.reduce((sum, e) => {
      const r = e.getBoundingClientRect();
      const top = Math.max(0, r.top);
      const bottom = Math.min(window.innerHeight, r.bottom);
      return sum + Math.max(0, bottom - top);
    }, 0);
    return Math.round(window.innerHeight - covered);
  });
  assert.equal(figures.landscapePagePx, 360);
  await wide.close();
});
