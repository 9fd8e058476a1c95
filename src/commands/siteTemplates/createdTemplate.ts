import * as vscode from 'vscode';
import type { PanelApi } from '../../api/index';
import { listFromResponse } from '../../api/listFromResponse';
import { memberNamed, scalarOf } from '../../api/silentValues';
import { parseTemplateRecord, type SiteTemplateRecord } from '../../state/siteTemplateRecord';
import type { Reconciler } from '../../runner/reconcile';
import { shownName } from './templateTarget';

/** The panel's clock may differ from ours by up to this much. */
const CLOCK_SLACK_MS = 60_000;

/** What a create asked for: the name it gave (when it gave one) and the HTML it sent. */
export interface TemplateWanted {
  readonly name?: string;
  readonly html?: string;
}

/** When the panel made a template, under whichever name it gives that (`created_at`, `created`…), wrapped or not. */
function createdAt(item: Record<string, unknown>): number {
  const value = scalarOf(memberNamed(item, ['created_at', 'created', 'createdAt', 'created_on'])?.value);
  return typeof value === 'string' ? Date.parse(value) : typeof value === 'number' ? value : Number.NaN;
}

/**
 * After a lost answer to a create (New, Duplicate, Import, Customize): the template the panel made from this
 * request, if any. The list (`GET /site-templates`) names the templates created since the request was sent
 * (a minute's clock difference allowed), newest first; with the name asked for, that name; without one (an
 * HTML page named by its <title>), the one whose HTML is what was sent (`GET /site-templates/{id}`).
 */
export async function findCreatedTemplate(api: PanelApi, wanted: TemplateWanted, sentAt: number, signal: AbortSignal): Promise<{ record: SiteTemplateRecord; answer: unknown } | undefined> {
  const items = listFromResponse(await api.siteTemplates.list({ signal }), ['items', 'templates', 'data', 'results'])
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null && !Array.isArray(item))
    .filter((item) => createdAt(item) >= sentAt - CLOCK_SLACK_MS)
    .sort((a, b) => createdAt(b) - createdAt(a));
  for (const item of items) {
    const summary = parseTemplateRecord(item);
    if (!summary || summary.builtin) continue;
    if (wanted.name !== undefined && summary.name !== wanted.name) continue;
    const answer = await api.siteTemplates.get(summary.id, { signal });
    const full = parseTemplateRecord(answer, summary.id);
    if (!full) continue;
    if (wanted.name === undefined && full.html !== wanted.html) continue;
    return { record: full, answer };
  }
  return undefined;
}

/**
 * The re-read of a template create whose answer was lost (`wantedNow`: what the request asked for, read
 * when the re-read runs): finds the template (see findCreatedTemplate); when
 * the panel holds it, `found` hears it (the caller opens it as after any create) and the sentence says it was
 * created; else that the panel holds none yet, so the operator refreshes before creating it again.
 */
export function reconcileTemplateCreate(wantedNow: () => TemplateWanted, sentAt: () => number, found: (answer: unknown) => void): Reconciler {
  return async (api, signal) => {
    const wanted = wantedNow();
    const created = await findCreatedTemplate(api, wanted, sentAt(), signal);
    const name = wanted.name ?? vscode.l10n.t('the new template');
    if (!created) {
      return vscode.l10n.t('The panel holds no new template "{0}" yet. A slow panel may still create it: refresh the Site Templates view in a minute before creating it again.', shownName(name));
    }
    found(created.answer);
    return vscode.l10n.t('The template "{0}" was created (the answer was lost; read back from the panel).', shownName(created.record.name));
  };
}
