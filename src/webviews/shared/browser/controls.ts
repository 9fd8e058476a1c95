/**
 * The controls of `@vscode-elements/elements` the webviews use, registered once per page (bundled into the
 * page's script, never loaded from a CDN), and small typed constructors for them.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import type { VscodeCheckbox } from '@vscode-elements/elements/dist/vscode-checkbox/vscode-checkbox.js';
import type { VscodeSingleSelect } from '@vscode-elements/elements/dist/vscode-single-select/vscode-single-select.js';
import type { VscodeTextfield } from '@vscode-elements/elements/dist/vscode-textfield/vscode-textfield.js';
import { el } from './dom';

/** A button that runs `onClick`; `secondary` for the less important actions. */
export function button(label: string, onClick: () => void, options: { secondary?: boolean; title?: string; id?: string } = {}): HTMLElement {
  const element = el('vscode-button', { text: label, title: options.title, attributes: options.id ? { id: options.id } : {} });
  if (options.secondary) element.setAttribute('secondary', '');
  element.addEventListener('click', onClick);
  return element;
}

export function checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void): VscodeCheckbox {
  const element = el('vscode-checkbox') as VscodeCheckbox;
  element.label = label;
  element.checked = checked;
  element.addEventListener('change', () => onChange(element.checked));
  return element;
}

export function textField(placeholder: string, value: string, onInput: (value: string) => void): VscodeTextfield {
  const element = el('vscode-textfield') as VscodeTextfield;
  element.placeholder = placeholder;
  element.value = value;
  element.addEventListener('input', () => onInput(element.value));
  return element;
}

export function singleSelect(options: readonly { value: string; label: string }[], value: string, onChange: (value: string) => void): VscodeSingleSelect {
  const element = el('vscode-single-select') as VscodeSingleSelect;
  for (const option of options) {
    const item = el('vscode-option', { text: option.label });
    item.setAttribute('value', option.value);
    if (option.value === value) item.setAttribute('selected', '');
    element.appendChild(item);
  }
  element.addEventListener('change', () => onChange(element.value));
  return element;
}
