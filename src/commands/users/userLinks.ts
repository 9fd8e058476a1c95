import * as vscode from 'vscode';
import type { User, KeyLink } from '../../api/types';
import { withoutBack } from '../../prompts/userInput';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { UserItem } from '../../views/shared/userTreeItems';
import { runRead } from '../../runner/actionRunner';
import { userName, type UserCommandsContext } from './userActionsSupport';
import { linksIn } from '../../state/userAnswers';
import { scalarOf } from '../../api/silentValues';
import { registerPanelCommand } from '../registerPanelCommand';
import { numberText } from '../../text/displayLanguage';

/** The two links of a proxy (spec 2.1): the app-scheme link and the web link. */
const LINK_KINDS = ['tg', 'tme'] as const;

interface LinkChoice extends vscode.QuickPickItem {
  readonly url: string;
}

/** One pick item per link and kind: "ams-1 (tg)", "ams-1 (tme)". The URL is never shown or logged. */
function linkChoices(links: readonly KeyLink[]): LinkChoice[] {
  return links.flatMap((link) => LINK_KINDS.flatMap((kind) => {
    // The links' members besides tg are not shown by the contract: a URL may come wrapped (`{url, enabled}`), the hostname renamed.
    const url = scalarOf(link[kind]);
    if (typeof url !== 'string' || url === '') return [];
    const record = link as unknown as Record<string, unknown>;
    const text = (names: readonly string[]) => names.map((name) => scalarOf(record[name])).find((value) => typeof value === 'string' && value !== '');
    const node = escapeIcons(plainLabel(text(['node_name', 'hostname', 'host', 'fqdn', 'node_id']), 60)) || vscode.l10n.t('node');
    return [{
      label: `${node} (${kind})`,
      description: kind === 'tg' ? vscode.l10n.t('app link') : vscode.l10n.t('web link'),
      url,
    }];
  }));
}

/** Reads a user's links (`GET /keys/{id}/links`, users:write: they embed the secret). */
async function readLinks(context: UserCommandsContext, panelId: string, user: User, target?: UserItem['target']): Promise<LinkChoice[] | undefined> {
  const outcome = await runRead(context, {
    panelId,
    busyLabel: vscode.l10n.t('Reading links…'),
    failure: vscode.l10n.t('Could not read the links of "{0}"', userName(user)),
    target,
    run: (api, signal) => api.keys.links(user.id, { signal }),
  });
  if (outcome.kind !== 'done') return undefined;
  const choices = linkChoices(linksIn(outcome.value));
  if (choices.length === 0) void context.input.notify('info', vscode.l10n.t('"{0}" has no links: bind it to a node first.', userName(user)));
  return choices.length > 0 ? choices : undefined;
}

/** Copy Link: picks one link of the user (node and kind) and puts it on the clipboard. */
export async function copyLink(context: UserCommandsContext, panelId: string, user: User, target?: UserItem['target']): Promise<string | undefined> {
  const choices = await readLinks(context, panelId, user, target);
  if (!choices) return undefined;
  const chosen = choices.length === 1 ? choices[0] : withoutBack(await context.input.pick({
    title: vscode.l10n.t('Copy a Link of "{0}"', userName(user)),
    placeholder: vscode.l10n.t('Node and kind of link'),
    items: choices,
  }));
  if (!chosen) return undefined;
  await vscode.env.clipboard.writeText(chosen.url);
  const told = vscode.l10n.t('Copied the {0} link of "{1}" ({2}).', chosen.description ?? '', userName(user), chosen.label);
  void context.input.notify('info', told);
  return told;
}

/** Copy All Links: every link of the user, one per line. */
async function copyAllLinks(context: UserCommandsContext, item: UserItem): Promise<string | undefined> {
  const choices = await readLinks(context, item.panelId, item.user, item.target);
  if (!choices) return undefined;
  await vscode.env.clipboard.writeText(choices.map((choice) => choice.url).join('\n'));
  const told = vscode.l10n.t('Copied {0} links of "{1}".', numberText(choices.length), userName(item.user));
  void context.input.notify('info', told);
  return told;
}

/** "Copy Link…" and "Copy All Links" on a user item. */
export function registerUserLinks(context: UserCommandsContext): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.users.copyLink', (item?: unknown) => (item instanceof UserItem ? copyLink(context, item.panelId, item.user, item.target) : undefined)),
    registerPanelCommand('panelOps.users.copyAllLinks', (item?: unknown) => (item instanceof UserItem ? copyAllLinks(context, item) : undefined)),
  );
}
