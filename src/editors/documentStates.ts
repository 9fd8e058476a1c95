/**
 * What this window last read of each panel document: the text, the panel's version of it, and the mtime
 * the editor was told. A save sends that version (the panel answers 409 when it moved on); `stat` answers
 * from here so the editor's own "file changed on disk" check only trips when a read changed the text.
 * No `vscode` import (unit-tested).
 */

export type Version = number | string;

export interface DocumentState {
  /** The text as the panel had it when read or last saved. */
  readonly base: string;
  readonly version: Version | undefined;
  readonly mtime: number;
}

export class DocumentStates {
  private readonly states = new Map<string, DocumentState>();

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): DocumentState | undefined {
    return this.states.get(key);
  }

  /** The editor now holds `text` at `version` (read, saved, or taken from the panel). */
  read(key: string, text: string, version: Version | undefined): DocumentState {
    const previous = this.states.get(key);
    const mtime = previous && previous.base === text ? previous.mtime : Math.max(this.now(), (previous?.mtime ?? 0) + 1);
    const state = { base: text, version, mtime };
    this.states.set(key, state);
    return state;
  }

  /**
   * VS Code read the document (opening or reverting it): it took the mtime of the `stat` it asked just
   * before the read, so the text read keeps that mtime even when it differs from the last one (the
   * panel's layout of a JSON document, or a change made there). A new mtime here would make the next save
   * trip VS Code's "file modified since" check although the editor shows exactly what was read.
   */
  reread(key: string, text: string, version: Version | undefined): DocumentState {
    const previous = this.states.get(key);
    if (!previous) return this.read(key, text, version);
    const state = { base: text, version, mtime: previous.mtime };
    this.states.set(key, state);
    return state;
  }

  /**
   * The panel is at `version` and holds `text` for this document (another file of the same template was
   * read or saved): when that is still the text this document was read with, it follows to that version.
   */
  follow(key: string, text: string, version: Version | undefined): void {
    const state = this.states.get(key);
    if (state && state.base === text) this.states.set(key, { ...state, version });
  }

  /** Overwrite chosen after a conflict: the next save names the panel's current version. */
  overrideVersion(key: string, version: Version | undefined): void {
    const state = this.states.get(key);
    if (state) this.states.set(key, { ...state, version });
  }
}
