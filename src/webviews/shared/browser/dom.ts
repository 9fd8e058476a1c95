/**
 * Building the page from data as text: every value goes in through `textContent` or an attribute set with
 * `setAttribute` on an element created here; nothing is ever parsed as HTML.
 *
 * Reading order: the page's `<html dir>` follows the display language (right to left in Persian, Arabic,
 * Hebrew…). A value of the panel (class `data`: a label, a node's name, a cell) is put in a `<bdi>`, so it
 * takes the direction of its own first letter and cannot reorder the words around it, while its box stays
 * aligned with the page. What is left to right by nature (log lines, JSON, ids, addresses, links: given
 * `dir: 'ltr'`) is laid out left to right whatever the page's direction.
 */

export type Child = Node | string | null | undefined | false;

export interface ElementProps {
  className?: string;
  text?: string;
  title?: string;
  attributes?: Record<string, string>;
  /** `ltr` for text that is left to right by nature (log lines, JSON, ids, addresses, versions, links). */
  dir?: 'ltr' | 'auto';
}

/** `document.createElement(tag)` with a class, text and attributes, and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props?: ElementProps, ...children: Child[]): HTMLElementTagNameMap[K];
export function el(tag: string, props?: ElementProps, ...children: Child[]): HTMLElement;
export function el(tag: string, props: ElementProps = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.dir) element.setAttribute('dir', props.dir);
  if (props.text !== undefined) {
    // A value of the panel in a page of the display language's direction: isolated in a <bdi>.
    if (!props.dir && element.classList.contains('data') && props.text !== '') element.appendChild(bdi(props.text));
    else element.textContent = props.text;
  }
  if (props.title !== undefined) element.title = props.title;
  for (const [name, value] of Object.entries(props.attributes ?? {})) element.setAttribute(name, value);
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** A value of the panel inside a sentence of the page: `<bdi>` (its own direction, isolated from the words around it). */
export function bdi(text: string): HTMLElement {
  const element = document.createElement('bdi');
  element.textContent = text;
  return element;
}

/** Removes every child of an element. */
export function clear(element: Element): void {
  element.replaceChildren();
}

/** The element with this id, which the page's own markup guarantees. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing`);
  return element as T;
}
