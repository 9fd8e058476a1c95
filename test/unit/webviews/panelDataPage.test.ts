// The base of the pages that show panel data, in plain Node with a fake host: it reads when the page's
// script says it is ready, sends what it shows again when the page starts over (a hidden tab shown again),
// shows a failed read in the page, lets a newer read or closing the page abort the older one, and never
// lets a superseded read reach the page.
import * as assert from 'node:assert/strict';
import type { PageOpener } from '../../../src/webviews/shared/hostedPage';
import type { Message } from '../../../src/webviews/shared/messages';
import { PanelDataPage } from '../../../src/webviews/shared/panelDataPage';

type ToPage = { type: 'words' } | { type: 'loading' } | { type: 'rows'; rows: string[] } | { type: 'problem'; message: string };
type FromPage = { type: 'ready' } | { type: 'refresh' };

/** A page as the host opens it: what was posted, a way to send it messages, and its closing. */
class FakePage {
  readonly posted: Message[] = [];
  disposed = false;
  private readonly receivers: ((message: FromPage) => void)[] = [];
  private readonly closers: (() => void)[] = [];

  post(message: Message): Thenable<boolean> {
    this.posted.push(message);
    return Promise.resolve(true);
  }

  onDidReceive = (listener: (message: FromPage) => void) => {
    this.receivers.push(listener);
    return { dispose: () => undefined };
  };

  onDidDispose = (listener: () => void) => {
    this.closers.push(listener);
    return { dispose: () => undefined };
  };

  /** The page's script sends a message (as WebviewPage delivers parsed messages). */
  async send(message: FromPage): Promise<void> {
    for (const receiver of this.receivers) receiver(message);
    await settle();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const closer of this.closers) closer();
  }

  types(): string[] {
    return this.posted.map((message) => message.type);
  }
}

async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** A read the test answers by hand. */
interface PendingRead {
  readonly signal: AbortSignal;
  answer(rows: string[]): void;
  fail(error: Error): void;
}

class RowsPage extends PanelDataPage<ToPage, FromPage, string[]> {
  readonly reads: PendingRead[] = [];
  readonly presented: string[][] = [];

  protected read(signal: AbortSignal, progress: (message: ToPage) => void): Promise<string[]> {
    progress({ type: 'loading' });
    return new Promise((resolve, reject) => this.reads.push({ signal, answer: resolve, fail: reject }));
  }

  protected present(rows: string[]): ToPage {
    this.presented.push(rows);
    return { type: 'rows', rows };
  }

  protected failure(error: unknown): ToPage {
    return { type: 'problem', message: (error as Error).message };
  }

  protected words(): ToPage {
    return { type: 'words' };
  }

  protected onMessage(message: Exclude<FromPage, { type: 'ready' }>): void {
    if (message.type === 'refresh') void this.refresh();
  }
}

function openRowsPage(): { view: RowsPage; page: FakePage } {
  const page = new FakePage();
  const host = { open: () => page } as unknown as PageOpener;
  return { view: new RowsPage(host, { viewType: 'panelOps.test', title: 'Test', bundle: 'test', parse: () => undefined }), page };
}

describe('webviews: the panel data page', () => {
  it('reads once the page says it is ready, after sending its words, and shows what it read', async () => {
    const { view, page } = openRowsPage();
    await settle();
    assert.equal(view.reads.length, 0, 'nothing is read before the page can show it');
    await page.send({ type: 'ready' });
    assert.equal(view.reads.length, 1);
    assert.deepEqual(page.types(), ['words', 'loading']);
    view.reads[0].answer(['a', 'b']);
    await view.loaded;
    assert.deepEqual(page.posted.at(-1), { type: 'rows', rows: ['a', 'b'] });
  });

  it('sends its words and what it shows again when the page starts over, without reading again', async () => {
    const { view, page } = openRowsPage();
    await page.send({ type: 'ready' });
    view.reads[0].answer(['a']);
    await view.loaded;
    page.posted.length = 0;
    await page.send({ type: 'ready' });
    assert.equal(view.reads.length, 1, 'no second read');
    assert.deepEqual(page.posted, [{ type: 'words' }, { type: 'rows', rows: ['a'] }]);
  });

  it('reads again on Refresh, and shows a failed read in the page', async () => {
    const { view, page } = openRowsPage();
    await page.send({ type: 'ready' });
    view.reads[0].answer(['a']);
    await view.loaded;
    await page.send({ type: 'refresh' });
    assert.equal(view.reads.length, 2);
    view.reads[1].fail(new Error('HTTP 500'));
    await view.loaded;
    assert.deepEqual(page.posted.at(-1), { type: 'problem', message: 'HTTP 500' });
  });

  it('aborts a read when a newer one starts, and a superseded read never reaches the page', async () => {
    const { view, page } = openRowsPage();
    await page.send({ type: 'ready' });
    await page.send({ type: 'refresh' });
    const [older, newer] = view.reads;
    assert.equal(older.signal.aborted, true, 'the newer read aborted the older');
    assert.equal(newer.signal.aborted, false);
    newer.answer(['new']);
    older.answer(['old']);
    await settle();
    assert.deepEqual(view.presented, [['new']], 'the older answer is not even presented');
    assert.deepEqual(page.posted.filter((message) => message.type === 'rows'), [{ type: 'rows', rows: ['new'] }]);

    await page.send({ type: 'refresh' });
    await page.send({ type: 'refresh' });
    view.reads[2].fail(new Error('aborted'));
    await settle();
    assert.ok(!page.posted.some((message) => message.type === 'problem'), 'a superseded read that fails says nothing');
  });

  it('aborts the read in flight when the page closes, and shows nothing after', async () => {
    const { view, page } = openRowsPage();
    await page.send({ type: 'ready' });
    const before = page.posted.length;
    page.dispose();
    assert.equal(view.reads[0].signal.aborted, true);
    view.reads[0].answer(['late']);
    await settle();
    assert.equal(page.posted.length, before);
    assert.deepEqual(view.presented, []);
  });

  it('does not read twice when it was refreshed before the page was ready', async () => {
    const { view, page } = openRowsPage();
    const loaded = view.loaded;
    void view.refresh();
    await page.send({ type: 'ready' });
    assert.equal(view.reads.length, 1);
    view.reads[0].answer(['a']);
    await loaded;
    assert.deepEqual(page.posted.at(-1), { type: 'rows', rows: ['a'] });
  });
});
