import { LatestLoad } from './latestLoad';
import { ALL_CHANGED, ChangeEmitter, LIST_CHANGED, type StoreChange } from './changeEmitter';
import { parseSiteTemplate, parseSiteTemplates, type SiteTemplate } from './siteTemplatesModel';
import type { StoreSession } from './storeSession';

/** What the store holds: the panel's templates in the panel's order, or why they could not be read. */
export type SiteTemplatesSnapshot =
  | { readonly kind: 'loaded'; readonly templates: readonly SiteTemplate[]; readonly unreadable: number }
  | { readonly kind: 'failed'; readonly error: unknown };

/** Fields of a template's content: a create answer carries them, the list does not show them. */
const CONTENT_FIELDS = ['html', 'css', 'body', 'content', 'style', 'variables', 'placeholders'];

/**
 * One panel's site templates, read with `GET /site-templates` when first asked for (`load`, sharing a read in
 * flight) and again on `refresh` (which cancels a read in flight, whose late answer never lands). What a command creates (new,
 * duplicate, import, customize) or deletes goes through `put` and `remove`, so the views follow without
 * reading the list again. Forgotten when the panel's token state or sites:read changes. No `vscode`
 * import: tested in plain Node against the simulated panel.
 */
export class SiteTemplatesStore {
  private current: SiteTemplatesSnapshot | undefined;
  private readonly loads = new LatestLoad<SiteTemplatesSnapshot | undefined>();
  private readonly changed = new ChangeEmitter<StoreChange>();
  private readonly subscription: { dispose(): unknown };

  /**
   * What changed: one template's fields (`item`, its id), the list (read for the first time, a template added,
   * removed or reordered, a read failed or succeeded again), or everything (token state or scope belief). A
   * read, a put or a remove that changes nothing fires nothing.
   */
  readonly onDidChange = this.changed.event;

  constructor(private readonly session: StoreSession) {
    this.subscription = session.onDidChangePanel(['siteTemplates.list'], () => this.reset());
  }

  /** What is held; undefined before the first read finished. */
  get held(): SiteTemplatesSnapshot | undefined {
    return this.current;
  }

  /** The template held with this id, if any. */
  get(id: string): SiteTemplate | undefined {
    const snapshot = this.current;
    return snapshot?.kind === 'loaded' ? snapshot.templates.find((template) => template.id === id) : undefined;
  }

  /**
   * What is held, else (nothing held yet) a read of the list, sharing a read in flight. Resolves with what is
   * held then; undefined when the read was cancelled (a refresh or a reset superseded it).
   */
  load(): Promise<SiteTemplatesSnapshot | undefined> {
    if (this.current) return Promise.resolve(this.current);
    return this.loads.join((signal) => this.read(signal));
  }

  /** Reads the list again now, cancelling a read in flight; what changed fires. */
  refresh(): Promise<SiteTemplatesSnapshot | undefined> {
    return this.loads.start((signal) => this.read(signal));
  }

  private async read(signal: AbortSignal): Promise<SiteTemplatesSnapshot | undefined> {
    let next: SiteTemplatesSnapshot;
    try {
      const response = await this.session.call((api, callSignal) => api.siteTemplates.list({ signal: callSignal }), signal);
      next = { kind: 'loaded', ...parseSiteTemplates(response) };
    } catch (error) {
      next = { kind: 'failed', error };
    }
    if (signal.aborted) return undefined;
    const before = this.current;
    this.current = next;
    this.fireChanges(before, next);
    return next;
  }

  /** Fires each changed template when the same templates are listed in the same order, else the list; nothing when nothing changed. */
  private fireChanges(before: SiteTemplatesSnapshot | undefined, after: SiteTemplatesSnapshot): void {
    if (before !== undefined && textOf(before) === textOf(after)) return;
    if (before?.kind !== 'loaded' || after.kind !== 'loaded' || before.unreadable !== after.unreadable || before.templates.length !== after.templates.length
      || after.templates.some((template, index) => template.id === undefined || template.id !== before.templates[index].id)) {
      this.changed.fire(LIST_CHANGED);
      return;
    }
    after.templates.forEach((template, index) => {
      if (textOf(template) !== textOf(before.templates[index])) this.changed.fire({ kind: 'item', id: template.id as string });
    });
  }

  /**
   * Takes a template the panel answered with (created, duplicated, imported, customized, saved): replaces
   * the one with its id, or joins the end of the list. Returns false when the answer has no id.
   */
  put(answer: unknown): boolean {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return false;
    const record = { ...(answer as Record<string, unknown>) };
    for (const field of CONTENT_FIELDS) delete record[field];
    const template = parseSiteTemplate(record);
    const id = template.id;
    if (id === undefined) return false;
    const snapshot = this.current;
    if (snapshot?.kind !== 'loaded') return true; // nothing shown yet: the first load reads it
    const index = snapshot.templates.findIndex((candidate) => candidate.id === id);
    if (index >= 0 && textOf(snapshot.templates[index]) === textOf(template)) return true; // the same as held: nothing changes
    const templates = [...snapshot.templates];
    if (index >= 0) templates[index] = template;
    else templates.push(template);
    this.current = { ...snapshot, templates };
    this.changed.fire(index >= 0 ? { kind: 'item', id } : LIST_CHANGED);
    return true;
  }

  /** A template deleted on the panel leaves the list. */
  remove(id: string): void {
    const snapshot = this.current;
    if (snapshot?.kind !== 'loaded' || !snapshot.templates.some((template) => template.id === id)) return;
    this.current = { ...snapshot, templates: snapshot.templates.filter((template) => template.id !== id) };
    this.changed.fire(LIST_CHANGED);
  }

  /** Forgets the list and cancels the read in flight. */
  reset(): void {
    this.loads.cancel();
    this.current = undefined;
    this.changed.fire(ALL_CHANGED);
  }

  dispose(): void {
    this.loads.cancel();
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** What is held as text, to tell whether a read or a put changed it (a failure by its message). */
function textOf(value: SiteTemplatesSnapshot | SiteTemplate): string {
  return JSON.stringify(value, (key, part: unknown) => (key === 'error' ? String(part) : typeof part === 'bigint' ? part.toString() : part)) ?? '';
}
