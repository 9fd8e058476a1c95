import * as vscode from 'vscode';
import type { Editors } from '../../editors/editors';
import { panelRootUri, templateFileUri } from '../../editors/panelUri';
import { parseTemplateRecord, type SiteTemplateRecord } from '../../state/siteTemplateRecord';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { SiteTemplatesStore } from '../../state/siteTemplatesStore';
import { runRead, type ActionContext, type ActionOutcome } from '../../runner/actionRunner';
import { shownName, type TemplateTarget } from './templateTarget';

/** What the site template commands use: the action runner's services (prompts included), the editors and the templates store. */
export interface TemplateCommandContext extends ActionContext {
  readonly editors: Editors;
  /** Every connected panel's stores: a template's panel's site-templates store is `panels.get(panelId)`. */
  readonly panels: PanelStoresLookup;
}

/** The site-templates store of panel `panelId`, or none (signed out). */
export function templatesOf(context: TemplateCommandContext, panelId: string): SiteTemplatesStore | undefined {
  return context.panels.get(panelId)?.siteTemplates;
}

/**
 * Reads a template for a command (`GET /site-templates/{id}` through the action runner): undefined when it
 * failed (the runner has said why) or the answer is unreadable. `failure` starts the failure sentence.
 */
export async function readTemplate(context: ActionContext, target: TemplateTarget, failure: string): Promise<SiteTemplateRecord | undefined> {
  const outcome = await runRead(context, {
    panelId: target.panelId,
    busyLabel: vscode.l10n.t('Reading "{0}"…', shownName(target.name)),
    failure,
    run: (api, signal) => api.siteTemplates.get(target.templateId, { signal }),
  });
  return outcome.kind === 'done' ? parseTemplateRecord(outcome.value, target.templateId) : undefined;
}

/**
 * After the panel created a template (New, Duplicate, Customize, Import): the store takes it (the view shows
 * it without reading the list again), an open panel folder lists it, and its index.html opens. Returns the template, undefined when the answer is unreadable.
 */
export async function openCreated(context: TemplateCommandContext, panelId: string, answer: unknown): Promise<SiteTemplateRecord | undefined> {
  templatesOf(context, panelId)?.put(answer);
  context.editors.fileSystem.changedFolder(vscode.Uri.joinPath(panelRootUri(panelId), 'site-templates'));
  const created = parseTemplateRecord(answer);
  if (!created) return undefined;
  context.editors.templates.remember(panelId, created);
  await vscode.window.showTextDocument(templateFileUri(panelId, created, 'index.html'), { preview: false });
  return created;
}

/**
 * What a template create came to: the template opened when the panel answered, or when the re-read after a
 * lost answer found it (`found`, the panel's copy); undefined otherwise (the runner has told why).
 */
export function createdOutcome(context: TemplateCommandContext, panelId: string, outcome: ActionOutcome<unknown>, found: unknown): Promise<SiteTemplateRecord | undefined> {
  if (outcome.kind === 'done') return openCreated(context, panelId, outcome.value);
  if (outcome.kind === 'reconciled' && found !== undefined) return openCreated(context, panelId, found);
  return Promise.resolve(undefined);
}
