/** The subscription page preview's answer (`GET /settings/subscription-page/preview`, shape unspecified). No `vscode` import. */
import { escapeHtml } from '../../text/html';
import { jsonText } from '../../text/jsonText';

/** The page's HTML and title from the preview answer (unspecified shape: `html`, else `content` or `body`). */
export function subscriptionPreviewOf(answer: unknown): { title?: string; html: string } {
  const page = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const html = ['html', 'content', 'body'].map((name) => page[name]).find((value): value is string => typeof value === 'string');
  const title = typeof page.title === 'string' ? page.title : undefined;
  if (html !== undefined) return { title, html };
  return { title, html: `<pre>${escapeHtml(jsonText(answer, 2))}</pre>` };
}

