/**
 * Reads a server-sent events body (a fetch's, so the bearer token stays in its header), calling `onBlock` with each
 * block (an event's lines, between blank lines; chunk boundaries anywhere) until the stream ends. What a block
 * means is the caller's: the ticket and video streams each read their own events.
 */
export async function readEventBlocks(body: ReadableStream<Uint8Array>, onBlock: (block: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onBlock(block);
    }
  }
}
