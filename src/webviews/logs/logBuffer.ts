/** The last `capacity` lines of a log: adding beyond it drops the oldest and counts them. */
export class LogBuffer<T> {
  private readonly items: (T | undefined)[];
  private start = 0;
  private size = 0;
  /** Lines dropped from the front since the buffer was created or cleared. */
  dropped = 0;

  constructor(readonly capacity: number) {
    this.items = new Array<T | undefined>(capacity);
  }

  get length(): number {
    return this.size;
  }

  push(item: T): void {
    if (this.size < this.capacity) {
      this.items[(this.start + this.size) % this.capacity] = item;
      this.size++;
      return;
    }
    this.items[this.start] = item;
    this.start = (this.start + 1) % this.capacity;
    this.dropped++;
  }

  /** Oldest first. */
  toArray(): T[] {
    const out: T[] = [];
    for (let i = 0; i < this.size; i++) out.push(this.items[(this.start + i) % this.capacity] as T);
    return out;
  }

  clear(): void {
    this.items.fill(undefined);
    this.start = 0;
    this.size = 0;
    this.dropped = 0;
  }
}
