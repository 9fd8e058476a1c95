import * as vscode from 'vscode';
import { isBack, type UserInput } from '../../prompts/userInput';

/** What Create Node asks for (the fields `POST /nodes` takes); region and note may be empty. */
export interface NodeForm {
  readonly name: string;
  readonly hostname: string;
  readonly region: string;
  readonly note: string;
}

/** The panel's DNS preflight of a hostname: undefined when it resolves, else why not (shown on the step). */
export type HostnameCheck = (hostname: string) => Promise<string | undefined>;

const DNS_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The steps of Create Node on `UserInput`, with Back: name, hostname (checked by the panel's DNS preflight
 * before going on), region, note. Undefined when dismissed. Kept in one function so the steps can move
 * onto a shared wizard runner.
 */
export async function askNewNode(input: UserInput, checkHostname: HostnameCheck): Promise<NodeForm | undefined> {
  const title = vscode.l10n.t('Create Node');
  const values = { name: '', hostname: '', region: '', note: '' };
  let problem: string | undefined;
  for (let step = 1; step <= 4;) {
    const position = { step, totalSteps: 4 };
    let answer;
    switch (step) {
      case 1:
        answer = await input.text({ title, position, prompt: vscode.l10n.t('Name of the node, as the panel lists it'), value: values.name, placeholder: 'fra-7', validate: (value) => (value.trim() ? undefined : vscode.l10n.t('A name is required.')) });
        break;
      case 2:
        answer = await input.text({
          title, position, problem, value: values.hostname, placeholder: 'fra-7.example.net',
          prompt: vscode.l10n.t('Hostname (DNS name) of the server; the panel checks that it resolves'),
          validate: (value) => (DNS_NAME.test(value.trim()) ? undefined : vscode.l10n.t('Enter a DNS name such as fra-7.example.net.')),
        });
        break;
      case 3:
        answer = await input.text({ title, position, prompt: vscode.l10n.t('Region (optional)'), value: values.region, placeholder: 'eu-central' });
        break;
      default:
        answer = await input.text({ title, position, prompt: vscode.l10n.t('Note (optional)'), value: values.note });
    }
    if (answer === undefined) return undefined;
    if (isBack(answer)) {
      step = Math.max(1, step - 1);
      continue;
    }
    const key = (['name', 'hostname', 'region', 'note'] as const)[step - 1];
    values[key] = answer;
    if (step === 2) {
      problem = await checkHostname(answer);
      if (problem) continue; // the hostname step opens again and says why
    }
    step += 1;
  }
  return values;
}

/** Rename/Edit: name, region and note pre-filled with the node's; undefined when dismissed. */
export async function askNodeChanges(input: UserInput, current: { name: string; region: string; note: string }): Promise<{ name: string; region: string; note: string } | undefined> {
  const title = vscode.l10n.t('Rename/Edit Node');
  const values = { ...current };
  const prompts = [vscode.l10n.t('Name'), vscode.l10n.t('Region (may be empty)'), vscode.l10n.t('Note (may be empty)')];
  const keys = ['name', 'region', 'note'] as const;
  for (let step = 1; step <= 3;) {
    const key = keys[step - 1];
    const answer = await input.text({
      title, prompt: prompts[step - 1], value: values[key], position: { step, totalSteps: 3 },
      validate: key === 'name' ? (value) => (value.trim() ? undefined : vscode.l10n.t('A name is required.')) : undefined,
    });
    if (answer === undefined) return undefined;
    if (isBack(answer)) {
      step = Math.max(1, step - 1);
      continue;
    }
    values[key] = answer;
    step += 1;
  }
  return values;
}
