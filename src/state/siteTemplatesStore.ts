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
 * One panel's site templates, read with `GET /site-templates` when first asked for (one load at a time; a
 * refresh cancels the one in flight, whose late answer never lands). What a command creates (new,
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
   * What changed: one template's fields (`item`, its id), the list (a template added or removed, or the list
   * forgotten by `refresh`), or everything (token state or scope belief). A load does not fire it: its
   * caller has the answer.
   */
  readonly onDidChange = this.changed.event;

  constructor(private readonly session: StoreSession) {
    this.subscription = session.onDidChangePanel(['siteTemplates.list'], () => this.reset());
  }

  /** What is held; undefined before the first load finished (or after `refresh`). */
  get held(): SiteTemplatesSnapshot | undefined {
    return this.current;
  }

  template(id: string): SiteTemplate | undefined {
    const snapshot = this.current;
    return snapshot?.kind === 'loaded' ? snapshot.templates.find((template) => template.id === id) : undefined;
  }

  /**
   * Reads the list unless held, sharing a read in flight. Resolves with what is held then; undefined when
   * the read was cancelled (a refresh or a reset superseded it).
   */
  load(): Promise<SiteTemplatesSnapshot | undefined> {
    if (this.current) return Promise.resolve(this.current);
    return this.loads.join(async (signal) => {
      let next: SiteTemplatesSnapshot;
      try {
        const response = await this.session.call((api, callSignal) => api.siteTemplates.list({ signal: callSignal }), signal);
        next = { kind: 'loaded', ...parseSiteTemplates(response) };
      } catch (error) {
        next = { kind: 'failed', error };
      }
      if (signal.aborted) return undefined;
      this.current = next;
      return next;
    });
  }

  /** Forgets the list and cancels its read in flight; the next `load` asks the panel again. */
  refresh(): void {
    this.loads.cancel();
    this.current = undefined;
    this.changed.fire(LIST_CHANGED);
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
