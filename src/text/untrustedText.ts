import * as vscode from 'vscode';
import { escapeMarkdown, plainLabel } from './plainText';

export { plainLabel } from './plainText';

/**
 * A tooltip builder for text from the panel: every value is cleaned with `plainLabel` and escaped, the
 * result is never trusted (no command links), and HTML is not rendered.
 */
export class UntrustedMarkdown {
  private readonly parts: string[] = [];

  /** A bold heading line made of untrusted text. */
  heading(value: unknown, max = 200): this {
    const text = plainLabel(value, max);
    if (text) this.parts.push(`**${escapeMarkdown(text)}**`);
    return this;
  }

  /**
   * `label: value`, skipped when the value is empty. Both are made plain: the value is untrusted, and so is
   * the label where it is a member name of the panel's answer (health fields, node and template details).
   */
  field(label: string, value: unknown, max = 500): this {
    const text = plainLabel(value, max);
    if (text) this.parts.push(`${escapeMarkdown(plainLabel(label, 100))}: ${escapeMarkdown(text)}`);
    return this;
  }

  /** A paragraph of untrusted text. */
  paragraph(value: unknown, max = 1000): this {
    const text = plainLabel(value, max);
    if (text) this.parts.push(escapeMarkdown(text));
    return this;
  }

  build(): vscode.MarkdownString {
    const markdown = new vscode.MarkdownString(this.parts.join('\n\n'), false);
    markdown.isTrusted = false;
    markdown.supportHtml = false;
    markdown.supportThemeIcons = false;
    return markdown;
  }
}

/** Starts a tooltip made of untrusted text. */
export function untrustedMarkdown(): UntrustedMarkdown {
  return new UntrustedMarkdown();
}
