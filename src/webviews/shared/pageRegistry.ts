import type * as vscode from 'vscode';

/** What a registry keeps: a page that says when its tab closes, and can be closed. */
export interface RegisteredPage extends vscode.Disposable {
  readonly page: { readonly panel: Pick<vscode.WebviewPanel, 'reveal'>; readonly onDidDispose: vscode.Event<void> };
}

/**
 * One page per key (a panel, or a node or profile of a panel): `show` hands back the open page of the key,
 * revealed (or what `reuse` does with it), or opens one with `create`; a closed page leaves the registry.
 */
export class PageRegistry<P extends RegisteredPage> implements vscode.Disposable {
  private readonly open = new Map<string, P>();

  show(key: string, create: () => P, reuse: (page: P) => void = (page) => page.page.panel.reveal()): P {
    const existing = this.open.get(key);
    if (existing) {
      reuse(existing);
      return existing;
    }
    const page = create();
    this.open.set(key, page);
    page.page.onDidDispose(() => {
      if (this.open.get(key) === page) this.open.delete(key);
    });
    return page;
  }

  /** The open pages, oldest first. */
  get pages(): readonly P[] {
    return [...this.open.values()];
  }

  dispose(): void {
    const pages = this.pages;
    this.open.clear();
    for (const page of pages) page.dispose();
  }
}
