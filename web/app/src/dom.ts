// A small helper for building the page's elements.

/** The page's element with this id (the page's own ids: index.html and the panels). */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the page has no #${id}`);
  return found as T;
}

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | number | boolean | ((event: Event) => void) | undefined>;

/** `h('button', { class: 'x', onclick: f, 'aria-label': 'Undo' }, 'Undo')`: an element with
 * attributes (`on…` functions become listeners, `false`/`undefined` are left out) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (value === true) node.setAttribute(key, '');
    else node.setAttribute(key, String(value));
  }
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child);
  }
  return node;
}

/** Replaces every child of `parent` with `children`. */
export function fill(parent: Element, ...children: Child[]): void {
  parent.replaceChildren(...children.filter((c): c is Node | string => !!c));
}
