/** A small HTML checker for site templates: a <title> is required and every non-void element must close. */

export interface HtmlProblem {
  line?: number;
  message: string;
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style']);

export function validateHtml(html: string): HtmlProblem[] {
  const problems: HtmlProblem[] = [];
  const lineAt = (index: number) => html.slice(0, index).split('\n').length;
  const open: { name: string; line: number }[] = [];
  const tag = /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*?(\/?)>/gi;
  let match: RegExpExecArray | null;
  while ((match = tag.exec(html))) {
    const [, closing, rawName, selfClosing] = match;
    if (!rawName) continue;
    const name = rawName.toLowerCase();
    const line = lineAt(match.index);
    if (closing) {
      const at = open.map((o) => o.name).lastIndexOf(name);
      if (at < 0) {
        problems.push({ line, message: `unexpected closing tag </${name}>` });
        continue;
      }
      for (const unclosed of open.splice(at).slice(1).reverse()) problems.push({ line: unclosed.line, message: `<${unclosed.name}> is not closed` });
    } else if (!VOID_ELEMENTS.has(name) && !selfClosing) {
      open.push({ name, line });
      if (RAW_TEXT.has(name)) {
        const end = html.toLowerCase().indexOf(`</${name}`, tag.lastIndex);
        if (end >= 0) tag.lastIndex = end;
      }
    }
  }
  for (const unclosed of open.reverse()) problems.push({ line: unclosed.line, message: `<${unclosed.name}> is not closed` });
  if (!/<title\b[^>]*>[^<]*\S[^<]*<\/title>/i.test(html)) problems.push({ message: 'the document has no <title>' });
  return problems.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
}
