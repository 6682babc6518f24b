import type { VideoSessionReply, VideoSignal, VideoStreamEvent } from '@afya/appointment-service/contracts';
import { calls, getHttp } from 'shell/api-client';
import { readEventBlocks } from '../event-stream';

/** GET /api/video/{id}: the appointment service's access answer (side, window, participants) plus the ICE servers. */
export type VideoSession = VideoSessionReply;

/** The signal and stream shapes are the appointment contracts' (VideoSignal, VideoStreamEvent). */
export type { VideoSignal, VideoStreamEvent };

export const videoApi = {
  session: (id: number) => calls.appointments.videoSession({ params: { id: String(id) } }, { context: { fallback: 'Failed to open the video visit' } }),
  signal: (id: number, signal: VideoSignal) => calls.appointments.videoSignal({ params: { id: String(id) }, body: signal }, { context: { fallback: 'Failed to reach the other participant' } }),
};

/** Opens the stream (fetch, so the bearer token stays in its header) and calls `onEvent` per event until it ends. */
export async function readVideoStream(id: number, signal: AbortSignal, onEvent: (event: VideoStreamEvent) => void): Promise<void> {
  const response = await getHttp().get(`video/${id}/events`, { signal, headers: { Accept: 'text/event-stream' } });
  if (!response.body) throw new Error('no stream');
  await readEventBlocks(response.body, (block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (!event || !data) return;
    try {
      onEvent({ event, data: JSON.parse(data) } as VideoStreamEvent);
    } catch {
      // a malformed block is skipped; the next one is read
    }
  });
}
