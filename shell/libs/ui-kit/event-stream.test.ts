import { readEventBlocks } from './event-stream';

/** A stream body giving these chunks, then its end. */
function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return { getReader: () => ({ read: async () => (i < chunks.length ? { done: false, value: encoder.encode(chunks[i++]) } : { done: true, value: undefined }) }) } as unknown as ReadableStream<Uint8Array>;
}

describe('readEventBlocks (the ticket and video streams)', () => {
  it('gives each block once, whole, wherever the chunks split it, and nothing of an unfinished last one', async () => {
    const blocks: string[] = [];
    await readEventBlocks(body(['retry: 3000\nevent: ready\ndata: {}\n\n: keep', '-alive\n\nevent: ti', 'cket\ndata: {"a":1}\n', '\nevent: half\ndata: {']), (b) => blocks.push(b));
    expect(blocks).toEqual(['retry: 3000\nevent: ready\ndata: {}', ': keep-alive', 'event: ticket\ndata: {"a":1}']);
  });

  it('decodes a character split across two chunks', async () => {
    const bytes = new TextEncoder().encode('data: "Habari, mpendwa – karibu"\n\n');
    const cut = bytes.indexOf(0xe2) + 1; // inside the en dash's three bytes
    let i = 0;
    const parts = [bytes.slice(0, cut), bytes.slice(cut)];
    const split = { getReader: () => ({ read: async () => (i < parts.length ? { done: false, value: parts[i++] } : { done: true, value: undefined }) }) } as unknown as ReadableStream<Uint8Array>;
    const blocks: string[] = [];
    await readEventBlocks(split, (b) => blocks.push(b));
    expect(blocks).toEqual(['data: "Habari, mpendwa – karibu"']);
  });
});
