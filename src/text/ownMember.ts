/**
 * Reading a panel object by a name that came from the panel: only the object's own members count (`entry[name]`
 * with `name` = `__proto__` or `constructor` would find Object.prototype's). No `vscode` import.
 */
export function ownMember(record: object, name: string): unknown {
  return Object.hasOwn(record, name) ? (record as Record<string, unknown>)[name] : undefined;
}

/** Sets an own member even when `name` is `__proto__` (plain assignment would change the prototype). */
export function setOwnMember<T>(record: Record<string, T>, name: string, value: T): void {
  Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}
