/** Cuts a text stream into lines; a line with no end in sight is emitted once it reaches `maxPending` characters. */
export class LineSplitter {
  private pending = '';

  constructor(private readonly maxPending = 65_536) {}

  /** The complete lines in `chunk` (with what came before it); keeps the unfinished last line. */
  push(chunk: string): string[] {
    const text = this.pending + chunk;
    const lines = text.split(/\r?\n/);
    this.pending = lines.pop() ?? '';
    if (this.pending.length > this.maxPending) {
      lines.push(this.pending);
      this.pending = '';
    }
    return lines;
  }

  /** The unfinished last line, once the stream has ended. */
  end(): string[] {
    const rest = this.pending;
    this.pending = '';
    return rest ? [rest] : [];
  }
}
