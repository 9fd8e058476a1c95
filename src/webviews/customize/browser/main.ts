/**
 * The Customize form: a name for the copy and a value for each variable of the template (its default filled
 * in). Every change goes to the extension, which updates the script-free preview beside the form; Create
 * sends the values. Everything shown is text from the extension's messages.
 */
import '../../shared/browser/base.css';
import './customize.css';
import { button, textField } from '../../shared/browser/controls';
import { bdi, byId, clear, el } from '../../shared/browser/dom';
import { connectToExtension } from '../../shared/browser/extensionLink';
import type { CustomizeWords, FormVariable, FromCustomizeWebview, ToCustomizeWebview } from '../protocol';

const root = byId('root');
const heading = el('h1', { className: 'data' });
const form = el('div', { className: 'form' });
const status = el('div', { className: 'status-line', attributes: { role: 'status' } });
const actions = el('div', { className: 'toolbar' });
root.append(heading, form, status, actions);

let words: CustomizeWords | undefined;
let name = '';
const values: Record<string, string> = {};
const link = connectToExtension<ToCustomizeWebview, FromCustomizeWebview, Record<string, never>>(onMessage);

function onMessage(message: ToCustomizeWebview): void {
  switch (message.type) {
    case 'words':
      words = message.words;
      clear(actions);
      actions.append(
        button(words.create, () => link.post({ type: 'submit', name, values: { ...values } }), { id: 'create' }),
        button(words.cancel, () => link.post({ type: 'cancel' }), { secondary: true, id: 'cancel' }),
      );
      return;
    case 'form':
      renderForm(message.source, message.name, message.variables);
      return;
    case 'busy':
      status.classList.remove('problem');
      status.textContent = message.busy ? message.message : '';
      for (const control of actions.children) control.toggleAttribute('disabled', message.busy);
      return;
    case 'problem':
      status.classList.add('problem');
      status.textContent = message.message;
      for (const control of actions.children) control.removeAttribute('disabled');
      return;
  }
}

function changed(): void {
  link.post({ type: 'change', name, values: { ...values } });
}

function renderForm(source: string, initialName: string, variables: readonly FormVariable[]): void {
  heading.replaceChildren(`${words?.heading ?? ''} `, bdi(source));
  clear(form);
  name = initialName;
  for (const key of Object.keys(values)) delete values[key];
  form.append(field(words?.name ?? 'Name', '', textField('', name, (value) => { name = value; changed(); })));
  form.append(el('h2', { text: words?.variables ?? '' }));
  if (variables.length === 0) form.append(el('div', { className: 'muted', text: words?.none ?? '' }));
  for (const variable of variables) {
    values[variable.name] = variable.value;
    const input = textField(variable.value, variable.value, (value) => { values[variable.name] = value; changed(); });
    form.append(field(`{{${variable.name}}}`, variable.description, input));
  }
  form.append(el('div', { className: 'muted', text: words?.previewNote ?? '' }));
}

function field(label: string, description: string, control: HTMLElement): HTMLElement {
  return el('label', { className: 'field' },
    el('span', { className: 'field-label data mono', dir: 'ltr', text: label }),
    description ? el('span', { className: 'field-description muted data', text: description }) : null,
    control);
}
