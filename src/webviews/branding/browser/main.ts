/**
 * The branding profile form: a row per field of spec 2.4 (a larger box for custom CSS), a swatch beside
 * each colour showing the colour as typed (only `#rgb`/`#rrggbb` values are drawn), the panel's refusals
 * beside their fields, and Save / Undo Changes / Preview. Values are set as control values and text only.
 */
import '../../shared/browser/base.css';
import './branding.css';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import type { VscodeTextarea } from '@vscode-elements/elements/dist/vscode-textarea/vscode-textarea.js';
import type { VscodeTextfield } from '@vscode-elements/elements/dist/vscode-textfield/vscode-textfield.js';
import { isHexColour, type BrandingField } from '../../../state/brandingModel';
import { button, textField } from '../../shared/browser/controls';
import { bdi, byId, clear, el } from '../../shared/browser/dom';
import { connectToExtension } from '../../shared/browser/extensionLink';
import { valueToShow, type BrandingFormState, type BrandingFormWords, type FromBrandingForm, type ToBrandingForm } from '../protocol';

const root = byId('root');
const heading = el('h1', { className: 'data' });
const toolbar = el('div', { className: 'toolbar' });
const status = el('div', { className: 'status-line', attributes: { role: 'status' } });
const rows = el('div', { className: 'rows' });
root.append(heading, rows, toolbar, status);

let words: BrandingFormWords | undefined;
let fieldNames: readonly BrandingField[] = [];
let colourFields: readonly BrandingField[] = [];
let current: BrandingFormState | undefined;
const controls = new Map<BrandingField, { input: VscodeTextfield | VscodeTextarea; problem: HTMLElement; row: HTMLElement; swatch?: HTMLElement }>();
const link = connectToExtension<ToBrandingForm, FromBrandingForm, Record<string, never>>(onMessage);

function onMessage(message: ToBrandingForm): void {
  if (message.type === 'words') {
    words = message.words;
    fieldNames = Array.isArray(message.fields) ? message.fields : [];
    colourFields = Array.isArray(message.colourFields) ? message.colourFields : [];
    build(words);
    if (current) show(current, true);
  } else if (message.type === 'state') {
    const before = current;
    const first = before === undefined || before.name !== message.state.name;
    current = message.state;
    show(message.state, first || message.saved === true, before);
  }
}

function paintSwatch(swatch: HTMLElement, value: string): void {
  const colour = value.trim();
  swatch.classList.toggle('none', !isHexColour(colour));
  swatch.style.backgroundColor = isHexColour(colour) ? colour : '';
  swatch.title = colour;
}

function markChanged(field: BrandingField): void {
  const control = controls.get(field);
  if (!control || !current) return;
  control.row.classList.toggle('changed', control.input.value !== current.fields[field]);
  if (control.swatch) paintSwatch(control.swatch, control.input.value);
}

function build(text: BrandingFormWords): void {
  clear(rows);
  controls.clear();
  for (const field of fieldNames) {
    let input: VscodeTextfield | VscodeTextarea;
    if (field === 'custom_css') {
      const area = el('vscode-textarea') as VscodeTextarea;
      area.rows = 6;
      area.addEventListener('input', () => markChanged(field));
      input = area;
    } else {
      input = textField(text.hints[field] ?? '', '', () => markChanged(field));
    }
    input.setAttribute('id', `field-${field}`);
    const problem = el('span', { className: 'problem data', attributes: { role: 'alert' } });
    const line = el('div', { className: 'line' });
    let swatch: HTMLElement | undefined;
    if (colourFields.includes(field)) {
      swatch = el('span', { className: 'swatch none' });
      line.appendChild(swatch);
    }
    line.appendChild(input);
    const row = el('div', { className: 'field' }, line, el('span', { className: 'hint', text: text.hints[field] ?? '' }), problem);
    const label = el('label', { text: field, attributes: { for: `field-${field}` } });
    rows.append(label, row);
    controls.set(field, { input, problem, row, swatch });
  }
  clear(toolbar);
  toolbar.append(
    button(text.save, () => {
      const fields: Partial<Record<BrandingField, string>> = {};
      for (const [field, control] of controls) fields[field] = control.input.value;
      link.post({ type: 'save', fields });
    }, { id: 'save' }),
    button(text.reset, () => current && show(current, true), { secondary: true }),
    button(text.preview, () => link.post({ type: 'preview' }), { secondary: true }),
  );
}

/**
 * Shows the state; `values` puts the panel's values into every control, else only into those still showing
 * the value of the state `before` (what was typed stays, and a change made elsewhere is not undone by Save).
 */
function show(state: BrandingFormState, values: boolean, before?: BrandingFormState): void {
  heading.replaceChildren(`${words?.heading ?? ''} "`, bdi(String(state.name)), '"');
  status.textContent = state.status ?? '';
  for (const [field, control] of controls) {
    const value = valueToShow(control.input.value, before?.fields[field], state.fields[field] ?? '', values);
    if (control.input.value !== value) control.input.value = value;
    control.problem.textContent = state.problems?.[field] ?? '';
    markChanged(field);
  }
  const save = toolbar.querySelector('#save');
  if (save) save.toggleAttribute('disabled', state.saving);
}
