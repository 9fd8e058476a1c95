/**
 * The access gateway step: the extra request headers and the client certificate an access gateway in
 * front of a panel asks for. One pick lists what is set (header names only: values are never shown
 * again) with the actions; its first item goes on. After a refused check a row with the reason comes
 * first and the row that fixes it starts highlighted. Used by Connect (an optional step: Enter goes on
 * without a gateway) and by "Set Access Gateway…".
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import { clientCertificateFacts, headerNameProblem, headerValueProblem, needsPassphrase, readClientCertificate } from '../api/accessGateway';
import { reasonWords } from '../api/reasonWords';
import { withoutBack, type UserInput } from '../prompts/userInput';
import { describeError } from '../text/describeError';
import { plainLabel } from '../text/plainText';
import type { GatewayFix, GatewayProblem } from './gatewayRefusal';
import { isGatewaySet, type GatewaySetup } from './gatewaySetup';

type Action = 'reason' | 'finish' | 'addHeader' | 'header' | 'certificate' | 'removeCertificate';

interface GatewayItem extends vscode.QuickPickItem {
  readonly action: Action;
  readonly index?: number;
}

export interface GatewayQuestion {
  readonly title: string;
  /** Connect goes on to the next step; Set Access Gateway saves. */
  readonly finish: 'continue' | 'save';
  /** Why the check refused the previous setup (and, when known, the row that fixes it). */
  readonly problem?: GatewayProblem;
}

/** The first item's label in Connect (tests answer with it). */
export function continueLabel(): string {
  return vscode.l10n.t('Continue');
}

/** The first item's label in Set Access Gateway (tests answer with it). */
export function saveGatewayLabel(): string {
  return vscode.l10n.t('Save');
}

/** "headers A, B; client certificate c.p12", or "no access gateway": names only, never a value. */
export function gatewaySummary(setup: GatewaySetup | undefined): string {
  if (!isGatewaySet(setup)) return vscode.l10n.t('no access gateway');
  const parts = [
    ...(setup.headers.length > 0 ? [vscode.l10n.t('headers {0}', setup.headers.map((header) => header.name).join(', '))] : []),
    ...(setup.certificatePath ? [vscode.l10n.t('client certificate {0}', basename(setup.certificatePath))] : []),
  ];
  return parts.join('; ');
}

/** Edits the setup until the operator goes on (the setup) or dismisses the pick (undefined). */
export async function editGateway(input: UserInput, current: GatewaySetup, question: GatewayQuestion): Promise<GatewaySetup | undefined> {
  let setup = current;
  let problem = question.problem;
  for (;;) {
    const picked = withoutBack(await input.pick<GatewayItem>({
      title: question.title,
      placeholder: vscode.l10n.t('Headers and a client certificate that an access gateway in front of the panel asks for (optional)'),
      items: itemsOf(setup, question.finish, problem),
      problem: problem?.message,
    }));
    if (!picked) return undefined;
    if (picked.action === 'reason') continue; // the reason row only explains: the pick opens again as it was
    problem = undefined;
    switch (picked.action) {
      case 'finish':
        return setup;
      case 'addHeader': {
        const header = await askHeader(input, question.title, setup);
        if (header) setup = { ...setup, headers: [...setup.headers, header] };
        break;
      }
      case 'header': {
        const index = picked.index ?? -1;
        const header = setup.headers[index];
        if (!header) break;
        const value = withoutBack(await input.text({
          title: question.title,
          prompt: vscode.l10n.t('New value of {0} (kept in VS Code\'s secret storage; leave empty to remove the header)', header.name),
          password: true,
          validate: (text) => (text ? valueWords(header.name, text) : undefined),
        }));
        if (value === undefined) break;
        setup = { ...setup, headers: value ? setup.headers.map((other, i) => (i === index ? { name: other.name, value } : other)) : setup.headers.filter((_, i) => i !== index) };
        break;
      }
      case 'certificate': {
        const chosen = await askCertificate(input, question.title);
        // Not a refused check: the file itself cannot be used (the sentence says why and names it).
        if (typeof chosen === 'string') problem = { message: chosen, headline: chosen, fix: 'certificate' };
        else if (chosen) setup = { headers: setup.headers, certificatePath: chosen.path, ...(chosen.passphrase ? { passphrase: chosen.passphrase } : {}) };
        break;
      }
      case 'removeCertificate':
        setup = { headers: setup.headers };
        break;
    }
  }
}

/**
 * The rows: after a refusal, first a row with the reason (its headline as the label, the rest as the
 * detail; always shown, also while the operator types a filter), and the row that fixes it highlighted
 * (`picked`) instead of the one that goes on, which would only repeat the failed check.
 */
function itemsOf(setup: GatewaySetup, finish: GatewayQuestion['finish'], problem: GatewayProblem | undefined): GatewayItem[] {
  const items = rowsOf(setup, finish);
  if (!problem) return items;
  const fixRow = fixRowOf(items, problem.fix);
  const headline = problem.headline && problem.message.startsWith(problem.headline) ? problem.headline : undefined;
  const reason: GatewayItem = {
    action: 'reason',
    label: `$(warning) ${headline ?? vscode.l10n.t('The check was refused')}`,
    detail: (headline ? problem.message.slice(headline.length).trim() : problem.message) || undefined,
    alwaysShow: true,
  };
  return [reason, ...items.map((item) => (item === fixRow ? { ...item, picked: true } : item))];
}

/** The row that fixes the refusal: the certificate row, the first header (else Add Header…); none when unknown. */
function fixRowOf(items: readonly GatewayItem[], fix: GatewayFix | undefined): GatewayItem | undefined {
  if (fix === 'certificate') return items.find((item) => item.action === 'certificate');
  if (fix === 'header') return items.find((item) => item.action === 'header') ?? items.find((item) => item.action === 'addHeader');
  return undefined;
}

function rowsOf(setup: GatewaySetup, finish: GatewayQuestion['finish']): GatewayItem[] {
  return [
    {
      action: 'finish',
      label: finish === 'continue' ? `$(arrow-right) ${continueLabel()}` : `$(check) ${saveGatewayLabel()}`,
      description: isGatewaySet(setup) ? vscode.l10n.t('with {0}', gatewaySummary(setup)) : vscode.l10n.t('without an access gateway'),
    },
    { action: 'addHeader', label: `$(add) ${vscode.l10n.t('Add Header…')}`, description: vscode.l10n.t('e.g. CF-Access-Client-Id and CF-Access-Client-Secret, or X-Api-Key') },
    ...setup.headers.map((header, index): GatewayItem => ({
      action: 'header',
      index,
      label: header.name,
      description: vscode.l10n.t('value hidden; choose to change or remove it'),
    })),
    {
      action: 'certificate',
      label: `$(key) ${vscode.l10n.t('Client Certificate…')}`,
      description: setup.certificatePath ? plainLabel(setup.certificatePath, 200) : vscode.l10n.t('for mutual TLS: a PEM file (certificate and key) or a PKCS#12 file'),
    },
    ...(setup.certificatePath ? [{ action: 'removeCertificate' as const, label: `$(trash) ${vscode.l10n.t('Remove Client Certificate')}` }] : []),
  ];
}

async function askHeader(input: UserInput, title: string, setup: GatewaySetup): Promise<{ name: string; value: string } | undefined> {
  const others = setup.headers.map((header) => header.name);
  const name = withoutBack(await input.text({
    title,
    prompt: vscode.l10n.t('Header name, as the access gateway expects it'),
    placeholder: 'CF-Access-Client-Id',
    validate: (text) => {
      const problem = text ? headerNameProblem(text, others) : { kind: 'gatewayHeaderName' as const, name: '' };
      return problem && reasonWords({ kind: 'config', problem }, vscode.l10n.t);
    },
  }));
  if (!name) return undefined;
  const value = withoutBack(await input.text({
    title,
    prompt: vscode.l10n.t('Value of {0} (kept in VS Code\'s secret storage like the token; never shown again)', name),
    password: true,
    validate: (text) => valueWords(name, text),
  }));
  return value ? { name, value } : undefined;
}

function valueWords(name: string, value: string): string | undefined {
  const problem = headerValueProblem(name, value);
  return problem && reasonWords({ kind: 'config', problem }, vscode.l10n.t);
}

/** The chosen file and passphrase once the certificate opens with them, why it does not, or undefined when dismissed. */
async function askCertificate(input: UserInput, title: string): Promise<{ path: string; passphrase?: string } | string | undefined> {
  const file = await input.openFile({
    title: vscode.l10n.t('Client certificate: a PEM file with the certificate and its key, or a PKCS#12 file'),
    filters: { [vscode.l10n.t('Certificates')]: ['pem', 'crt', 'key', 'p12', 'pfx'], [vscode.l10n.t('All files')]: ['*'] },
  });
  if (!file) return undefined;
  // A PEM file whose key is not encrypted opens without one: asked only for PKCS#12 and encrypted keys.
  const passphrase = !needsPassphrase(file.fsPath) ? '' : withoutBack(await input.text({
    title,
    prompt: vscode.l10n.t('Passphrase of {0} (leave empty if it has none; kept in VS Code\'s secret storage)', basename(file.fsPath)),
    password: true,
  }));
  if (passphrase === undefined) return undefined;
  try {
    clientCertificateFacts(readClientCertificate(file.fsPath, passphrase || undefined));
  } catch (error) {
    return describeError(error);
  }
  return { path: file.fsPath, ...(passphrase ? { passphrase } : {}) };
}
