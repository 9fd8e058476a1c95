import { LatestLoad } from './latestLoad';
import { ChangeEmitter } from './changeEmitter';
import { parseSiteTemplate, parseSiteTemplates, type SiteTemplate } from './siteTemplatesModel';
import type { StoreSession } from './storeSession';

/** What the store holds for one panel: its templates in the panel's order, or why they could not be read. */
export type SiteTemplatesSnapshot =
  | { readonly kind: 'loaded'; readonly templates: readonly SiteTemplate[]; readonly unreadable: number }
  | { readonly kind: 'failed'; readonly error: unknown };

/** Which template of which panel changed. */
export interface TemplateChange {
  readonly panelId: string;
  readonly id: string;
}

/** Fields of a template's content: a create answer carries them, the list does not show them. */
const CONTENT_FIELDS = ['html', 'css', 'body', 'content', 'style', 'variables', 'placeholders'];

/**
 * The site templates of each panel, read with `GET /site-templates` when first asked for (one load per
 * panel at a time; a refresh cancels the one in flight, whose late answer never lands). What a command
 * creates (new, duplicate, import, customize) or deletes goes through `put` and `remove`, so the views
 * follow without reading the list again. Forgotten when the active panel, its token state or sites:read
 * changes. No `vscode` import: tested in plain Node against the simulated panel.
 */
export class SiteTemplatesStore {
  private readonly snapshots = new Map<string, SiteTemplatesSnapshot>();
  private readonly loads = new Map<string, LatestLoad<SiteTemplatesSnapshot | undefined>>();
  private readonly templateChanged = new ChangeEmitter<TemplateChange>();
  private readonly listChanged = new ChangeEmitter<string>();
  private readonly resetEmitter = new ChangeEmitter<void>();
  private readonly subscription: { dispose(): unknown };

  /** A template's fields changed in place (its id); `template` has the new copy. */
  readonly onDidChangeTemplate = this.templateChanged.event;
  /**
   * A panel's list changed (its id): a template added or removed, or the list forgotten by `refresh`. A load
   * does not fire it: its caller has the answer.
   */
  readonly onDidChangeList = this.listChanged.event;
  /** Every panel's list was forgotten (another panel, token state or scope belief): views start over. */
  readonly onDidReset = this.resetEmitter.event;

  constructor(private readonly session: StoreSession) {
    this.subscription = session.onDidChangePanel(['siteTemplates.list'], () => this.reset());
  }

  /** What is held for a panel; undefined before its first load finished (or after `refresh`). */
  snapshot(panelId: string): SiteTemplatesSnapshot | undefined {
    return this.snapshots.get(panelId);
  }

  template(panelId: string, id: string): SiteTemplate | undefined {
    const snapshot = this.snapshots.get(panelId);
    return snapshot?.kind === 'loaded' ? snapshot.templates.find((template) => template.id === id) : undefined;
  }

  /**
   * Reads the panel's list unless held, sharing a read in flight. Resolves with what is held then; undefined
   * when the read was cancelled (a refresh or a reset superseded it).
   */
  load(panelId: string): Promise<SiteTemplatesSnapshot | undefined> {
    const held = this.snapshots.get(panelId);
    if (held) return Promise.resolve(held);
    return this.loaderOf(panelId).join(async (signal) => {
      let next: SiteTemplatesSnapshot;
      try {
        const response = await this.session.callOn(panelId, (api, callSignal) => api.siteTemplates.list({ signal: callSignal }), signal);
        next = { kind: 'loaded', ...parseSiteTemplates(response) };
      } catch (error) {
        next = { kind: 'failed', error };
      }
      if (signal.aborted) return undefined;
      this.snapshots.set(panelId, next);
      return next;
    });
  }

  /** Forgets a panel's list and cancels its read in flight; the next `load` asks the panel again. */
  refresh(panelId: string): void {
    this.loads.get(panelId)?.cancel();
    this.snapshots.delete(panelId);
    this.listChanged.fire(panelId);
  }

  /**
   * Takes a template the panel answered with (created, duplicated, imported, customized, saved): replaces
   * the one with its id, or joins the end of the list. Returns false when the answer has no id.
   */
  put(panelId: string, answer: unknown): boolean {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return false;
    const record = { ...(answer as Record<string, unknown>) };
    for (const field of CONTENT_FIELDS) delete record[field];
    const template = parseSiteTemplate(record);
    const id = template.id;
    if (id === undefined) return false;
    const snapshot = this.snapshots.get(panelId);
    if (snapshot?.kind !== 'loaded') return true; // nothing shown yet: the first load reads it
    const index = snapshot.templates.findIndex((candidate) => candidate.id === id);
    const templates = [...snapshot.templates];
    if (index >= 0) templates[index] = template;
    else templates.push(template);
    this.snapshots.set(panelId, { ...snapshot, templates });
    if (index >= 0) this.templateChanged.fire({ panelId, id });
    else this.listChanged.fire(panelId);
    return true;
  }

  /** A template deleted on the panel leaves its list. */
  remove(panelId: string, id: string): void {
    const snapshot = this.snapshots.get(panelId);
    if (snapshot?.kind !== 'loaded' || !snapshot.templates.some((template) => template.id === id)) return;
    this.snapshots.set(panelId, { ...snapshot, templates: snapshot.templates.filter((template) => template.id !== id) });
    this.listChanged.fire(panelId);
  }

  /** Forgets every panel's list and cancels every read in flight. */
  reset(): void {
    for (const load of this.loads.values()) load.cancel();
    this.loads.clear();
    this.snapshots.clear();
    this.resetEmitter.fire();
  }

  dispose(): void {
    for (const load of this.loads.values()) load.cancel();
    this.subscription.dispose();
    this.templateChanged.dispose();
    this.listChanged.dispose();
    this.resetEmitter.dispose();
  }

  private loaderOf(panelId: string): LatestLoad<SiteTemplatesSnapshot | undefined> {
    let load = this.loads.get(panelId);
    if (!load) {
      load = new LatestLoad();
      this.loads.set(panelId, load);
    }
    return load;
  }
}
