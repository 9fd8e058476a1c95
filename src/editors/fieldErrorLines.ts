/**
 * Where a panel's error about a field points inside the text: `line 6: <div> is not closed; line 9: …`
 * becomes one problem per line; a message without a line stays one problem on the first line. A field
 * name in a 400 (`unknown field: colour`) is found where the JSON text names it. No `vscode` import.
 */

export interface LineProblem {
  /** 1-based. */
  readonly line: number;
  readonly message: string;
}

export function problemsOf(message: string): LineProblem[] {
  const parts = message.split(/;\s+/).filter((part) => part.trim() !== '');
  return parts.map((part) => {
    const match = /^\s*(?:at\s+)?line\s+(\d+)(?:[:,]\s*|\s+)(.*)$/i.exec(part) ?? /^(.*?)\s*\(line\s+(\d+)\)\s*$/i.exec(part);
    if (!match) return { line: 1, message: part.trim() };
    const [line, text] = /^\d+$/.test(match[1]) ? [match[1], match[2]] : [match[2], match[1]];
    return { line: Math.max(1, Number(line)), message: text.trim() || part.trim() };
  });
}

/** The 1-based line where a JSON text holds the member `"name":`, or 1. */
export function lineOfMember(text: string, name: string): number {
  // The quoted name followed by `:` (not an earlier string value equal to the name).
  const quoted = JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = new RegExp(`${quoted}\\s*:`).exec(text)?.index ?? -1;
  return at < 0 ? 1 : text.slice(0, at).split('\n').length;
}

/** The field names of a 400 `unknown field(s): a, b` message. */
export function unknownFields(message: string): string[] {
  const list = /unknown fields?:?\s*(.+)$/i.exec(message)?.[1];
  if (!list) return [];
  return list.split(/,\s*/).map((name) => name.replace(/^["'`]|["'`.\]\s]+$/g, '').trim()).filter((name) => name !== '');
}
