// Offline: after one visit the page opens and scores with the network off.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { open, phone, serviceWorkerReady, session } from './browser.mjs';

const run = session();

test('load, go offline, reload, score', async () => {
  const { context, page } = await phone(run.browser);
  await open(page, `${run.server.url}#r=sanma&h=`);
  // The service worker has cached the page and controls it.
  await serviceWorkerReady(page);
  await context.setOffline(true);
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
  await page.fill('#line', '234p567p678s99s234s riichi tsumo');
  await page.waitForSelector('.verdict');
  assert.equal(await page.textContent('.verdict'), 'legal win');
  assert.match(await page.textContent('.payments'), /\+2,600/);
  // The hand is kept in the address once the typing pauses.
  await page.waitForFunction(() => decodeURIComponent(location.hash).includes('riichi'));
  // The server is gone too: nothing but the cache answers.
  await run.server.close();
  run.server = null;
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20000 });
  assert.equal(await page.textContent('.verdict'), 'legal win');
});
