/** A streamed text answer (node logs) as an async iterable of decoded chunks that can be cancelled. */
import type { TextStream } from './call';

interface DestroyableBody extends AsyncIterable<unknown> {
  destroy(error?: Error): unknown;
}

/** Wraps a response body. It can be iterated once; `mapError` turns transport failures into API errors. */
export function textStream(body: DestroyableBody, contentType: string, mapError: (error: unknown) => Error): TextStream {
  let cancelled = false;
  let started = false;

  async function* chunks(): AsyncGenerator<string> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of body) {
        if (cancelled) return;
        const text = decoder.decode(chunk as Uint8Array, { stream: true });
        if (text) yield text;
      }
      const tail = decoder.decode();
      if (tail) yield tail;
    } catch (error) {
      if (!cancelled) throw mapError(error);
    } finally {
      body.destroy();
    }
  }

  const iterate = (): AsyncIterator<string> => {
    if (started) throw new Error('This stream has already been read');
    started = true;
    return chunks();
  };

  return {
    contentType,
    [Symbol.asyncIterator]: iterate,
    async readAll() {
      let all = '';
      for await (const chunk of { [Symbol.asyncIterator]: iterate }) all += chunk;
      return all;
    },
    cancel() {
      cancelled = true;
      body.destroy();
    },
  };
}
