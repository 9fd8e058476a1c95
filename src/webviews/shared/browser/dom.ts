/**
 * Building the page from data as text: every value goes in through `textContent` or an attribute set with
 * `setAttribute` on an element created here; nothing is ever parsed as HTML.
 */

export type Child = Node | string | null | undefined | false;

export interface ElementProps {
  className?: string;
  text?: string;
  title?: string;
  attributes?: Record<string, string>;
}

/** `document.createElement(tag)` with a class, text and attributes, and children (strings become text nodes). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props?: ElementProps, ...children: Child[]): HTMLElementTagNameMap[K];
export function el(tag: string, props?: ElementProps, ...children: Child[]): HTMLElement;
export function el(tag: string, props: ElementProps = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  if (props.className) element.className = props.className;
  if (props.text !== undefined) element.textContent = props.text;
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
