// The phone's Back closes the dialog open, and only it: each dialog open keeps a history entry
// of its own (a dialog opened from another one, one more), and a dialog the page closes itself
// (its Cancel, or its answer) takes its entry away, so that a later Back neither opens it
// again nor leaves the page. One mechanism for every dialog of the page.

/** A dialog open: its name, the key of its history entry, how Back closes it. */
interface Level {
  name: string;
  key: string;
  close: () => void;
  /** Its entry is in the history (it waits while the page goes back over closed ones). */
  pushed: boolean;
}

const levels: Level[] = [];
/** The page is going back over the entries of dialogs it closed (one popstate to come). */
let returning = false;
let made = 0;

/** The dialog key of a history entry's state (null: not a dialog's entry). */
function keyOf(entry: unknown): string | null {
  const key = entry && typeof entry === 'object' ? (entry as { mj3Dialog?: unknown }).mj3Dialog : null;
  return typeof key === 'string' ? key : null;
}

/** Gives the dialogs open their history entries, in order. */
function push(): void {
  if (returning) return;
  levels.forEach((level, i) => {
    if (level.pushed) return;
    history.pushState({ mj3Dialog: level.key, depth: i + 1 }, '');
    level.pushed = true;
  });
}

/** Whether the dialog `name` is open. */
export function isOpen(name: string): boolean {
  return levels.some((l) => l.name === name);
}

/** The dialog `name` is open, above those open now (nothing new when it already is): the
 * phone's Back closes it by `close`. */
export function opened(name: string, close: () => void): void {
  const open = levels.find((l) => l.name === name);
  if (open) {
    open.close = close;
    return;
  }
  levels.push({ name, key: `${name}.${++made}.${Date.now()}`, close, pushed: false });
  push();
}

/** The dialog `name` closed by the page (its Cancel, or its answer): it and the dialogs opened
 * from it lose their history entries, and those dialogs are closed. Nothing when it is not
 * open. */
export function closed(name: string): void {
  const at = levels.findIndex((l) => l.name === name);
  if (at < 0) return;
  const gone = levels.splice(at);
  const entries = gone.filter((l) => l.pushed);
  // Only the page's own entries are gone back over (never an entry before them).
  if (entries.length && keyOf(history.state) === entries[entries.length - 1].key) {
    returning = true;
    history.go(-entries.length);
  }
  for (const level of gone.slice(1).reverse()) level.close();
}

if (typeof window !== 'undefined') {
  // A reload with a dialog open opens the page on the game with no dialog (what a dialog held
  // is not kept): its entries are gone back over, so that Back from the reloaded page does
  // what it would have done before the dialog. The page loads once: the entries a document
  // pushed share its document with the one they were pushed from, and a reload gives them the
  // new one, so going back over them is a step within the page (a popstate, which a test
  // driver reports as a navigation), not a second load (test/reach.test.mjs counts both).
  const depth = (history.state as { depth?: unknown } | null)?.depth;
  if (keyOf(history.state) !== null && typeof depth === 'number' && Number.isInteger(depth) && depth > 0) {
    returning = true;
    history.go(-depth);
  }
  window.addEventListener('popstate', () => {
    if (returning) {
      returning = false;
      push();
      return;
    }
    // Back (or Forward) to an entry: the dialogs opened after it close, latest first.
    const key = keyOf(history.state);
    const gone = levels.splice(levels.findIndex((l) => l.key === key) + 1);
    for (const level of gone.reverse()) level.close();
  });
}
