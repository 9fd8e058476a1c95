/** The panel's `{{placeholder}}` filling (node site preview, customize): own keys of `values` only. */

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** `text` with each `{{name}}` that `values` has as its own key replaced by its value; others stay as written. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
