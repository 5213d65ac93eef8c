// Boots the page: loads the WebAssembly, restores the hand from the address (or the last
// one kept), wires the panels, and registers the service worker that keeps the page offline.

import './style.css';
import { app, loadRuleset, metrics } from './app';
import { gameCalls, load, message, mj3, raw } from './mj3';
import { drawCriteria, onLoadHand, setupReference, showCompare, showReadings, showWhy } from './reference';
import { choose, drawPicker, setupRulesets, shippedNames } from './rulesets';
import { rulesetChanged, saveNow, setLine, setupScore, startGameWin, takeScoreTab } from './score';
import { inProgress, setupGame } from './game/view';
import { houseText, readAddress, recentHands, saveTheme, theme, type Theme } from './store';
import { $, fill, h } from './dom';
import { setTileNames } from './tiles';
import type { GameSetting } from './types';


function applyTheme(t: Theme): void {
  document.documentElement.dataset.theme = t;
  const button = $('theme');
  const other = t === 'dark' ? 'light' : 'dark';
  button.setAttribute('aria-label', `Switch to the ${other} theme`);
  button.textContent = t === 'dark' ? '☀' : '☾';
}

/** Shows the tab `id` (`tab-game`, `tab-score`, …). */
let selectTab: (id: string) => void = () => {};

function setupTabs(): void {
  const tabs = Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]'));
  const select = (tab: HTMLButtonElement) => {
    for (const t of tabs) {
      const on = t === tab;
      t.setAttribute('aria-selected', String(on));
      t.tabIndex = on ? 0 : -1;
      $(t.getAttribute('aria-controls') ?? '').hidden = !on;
    }
    $('summary').classList.toggle('other-tab', tab.id !== 'tab-score');
    // The header's ruleset is the scorer's: on the Game tab the game names its own (the sheet
    // says it), so the picker is not shown there to contradict it.
    document.body.dataset.tab = tab.id;
    if (tab.id === 'tab-reference') drawCriteria();
    // The game's address is `#game` (a reload opens the game); the hand's is written by the
    // scorer once its taps pause, so what waits is written first.
    if (tab.id === 'tab-game') {
      saveNow();
      history.replaceState(history.state, '', '#game');
    }
  };
  selectTab = (id) => {
    const tab = tabs.find((t) => t.id === id);
    if (tab) select(tab);
  };
  tabs.forEach((tab, i) => {
    tab.addEventListener('click', () => select(tab));
    tab.addEventListener('keydown', (e) => {
      const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      const next = tabs[(i + step + tabs.length) % tabs.length];
      next.focus();
      select(next);
    });
  });
}

function drawRecent(): void {
  const list = recentHands();
  fill($('recent-list'), ...list.map((s) => h('li', {},
    h('button', {
      type: 'button', class: 'hand-link', 'aria-label': `Score again: ${s.line} under ${s.house ? 'house rules' : s.ruleset}`,
      onclick: () => {
        if (!s.house && s.ruleset !== app.rules.name) choose(s.ruleset);
        setLine(s.line);
      },
    }, h('code', {}, s.line), h('small', {}, ` ${s.house ? 'house' : s.ruleset}`)))));
}

/** Resolves once what has been drawn so far is on the screen (at once in a hidden tab). */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    if (document.hidden) resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** What the game asks of each ruleset (its system and `[game]` settings), once per name. */
const gameRules = new Map<string, { system: string; counts_han: boolean; keeps_counters: boolean; game: GameSetting[] } | { error: string }>();

/** The store's key saying the player has read why this address cannot go offline. */
const INSECURE_TOLD = 'mj3.insecure-told';

/** Where the page is not in a secure context (plain http from another machine: no service
 * worker, no clipboard), says so once, above the tabs: what works, and how to get the page
 * that goes offline and installs. Gone for good on "Got it". */
function tellInsecure(): void {
  if (window.isSecureContext) return;
  try {
    if (localStorage.getItem(INSECURE_TOLD) === location.host) return;
  } catch {
    // No store: said on every visit.
  }
  const box = h('section', { class: 'insecure', id: 'insecure', role: 'status', 'aria-label': 'This address' },
    h('p', {}, `Opened over plain http (${location.host}): scoring, the rules and the games kept on this phone work while the page is open, but from here it cannot work offline or go on the home screen.`),
    h('p', {}, 'For that, open it once from an https address, then Add to Home screen (whoever serves it: the README\u2019s \u201cOn a phone\u201d).'),
    h('button', {
      type: 'button', id: 'insecure-ok', onclick: () => {
        try {
          localStorage.setItem(INSECURE_TOLD, location.host);
        } catch {
          // Said again next visit.
        }
        box.remove();
      },
    }, 'Got it'));
  document.querySelector('header.bar')?.after(box);
}

async function main(): Promise<void> {
  applyTheme(theme());
  $('theme').addEventListener('click', () => {
    const next: Theme = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    saveTheme(next);
    applyTheme(next);
  });
  await load();
  setTileNames(mj3.tileNames());
  metrics.wasmReadyMs = performance.now();
  // The library's calls, for the browser tests (and the curious, from the console).
  (window as unknown as { mj3: typeof raw }).mj3 = raw;
  const saved = readAddress();
  const last = recentHands()[0];
  app.rules = {
    name: saved.ruleset ?? last?.ruleset ?? 'sanma',
    house: saved.house ? houseText() : '',
    sets: saved.sets ?? [],
  };
  setupTabs();
  setupReference();
  setupScore();
  app.listeners.push(rulesetChanged, drawPicker);
  onLoadHand((line, settings, ruleset) => {
    app.rules = { name: ruleset, house: '', sets: settings };
    $<HTMLTextAreaElement>('sets').value = settings.join('\n');
    loadRuleset();
    (document.getElementById('tab-score') as HTMLButtonElement).click();
    setLine(line);
  });
  $('show-compare').addEventListener('click', showCompare);
  $('show-readings').addEventListener('click', showReadings);
  $('why-form').addEventListener('submit', (e) => {
    e.preventDefault();
    showWhy($<HTMLInputElement>('why-key').value);
  });
  $('recent-open').addEventListener('toggle', drawRecent);
  // The bar at the foot stands aside while the payments themselves are in sight.
  new IntersectionObserver(([entry]) => {
    $('summary').classList.toggle('away', entry.isIntersecting);
  }).observe($('result'));
  loadRuleset();
  // A first visit opens on an empty hand; the example is a button (score.ts's hint). The
  // hand shown at the start comes from the address or the store: nothing is written back
  // (a link or `#game` in the address stays for the Game tab to read).
  setLine(saved.line ?? last?.line ?? '', false, false);
  // The list of rulesets loads every one of them: after the first result is on the screen.
  await painted();
  if (metrics.firstResultMs !== null) metrics.firstResultPaintedMs = performance.now();
  setupRulesets();
  const inGame = await setupGame({
    wasm: gameCalls,
    rulesets: () => shippedNames(),
    rulesetGame: (name, house = '') => {
      const read = () => {
        try {
          const info = mj3.rulesetInfo({ name, house, sets: [] });
          return { system: info.system, counts_han: info.counts_han, keeps_counters: info.keeps_counters, game: info.game };
        } catch (error) {
          return { error: message(error) };
        }
      };
      // A pasted house file is read each time (it changes as it is edited).
      if (house) return read();
      const known = gameRules.get(name) ?? read();
      gameRules.set(name, known);
      return known;
    },
    houseText,
    scoreWin: (win) => {
      takeScoreTab();
      if (win.house) {
        // The game's own house file, for this win's tiles.
        if (app.rules.house !== win.house) {
          app.rules = { ...app.rules, house: win.house, sets: [] };
          loadRuleset();
        }
      } else if (app.rules.house || win.ruleset !== app.rules.name) choose(win.ruleset);
      selectTab('tab-score');
      startGameWin(win);
      window.scrollTo(0, 0);
    },
    shown: () => selectTab('tab-game'),
  });
  // The game's address, a link to one, or the page's own address (the home screen's, with no
  // hand in it) while a game kept is in play: the Game tab.
  if (inGame || (saved.line === undefined && inProgress())) selectTab('tab-game');
  tellInsecure();
  document.body.dataset.ready = 'true';
  if ('serviceWorker' in navigator && location.protocol !== 'file:') {
    navigator.serviceWorker.register('./sw.js').catch(() => {});
  }
}

main().catch((error) => {
  document.body.dataset.ready = 'failed';
  fill($('result'), h('p', { role: 'alert' }, `mj3 could not start: ${String(error)}`));
});
