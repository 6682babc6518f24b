import type { VideoAccessReply, VideoSignal, VideoStreamEvent } from '@afya/appointment-service/contracts';
import { api, getHttp } from 'shell/api-client';

/** GET /api/video/{id}: the appointment service's access answer (side, window, participants) plus the ICE servers. */
export interface VideoSession extends VideoAccessReply {
  ice_servers: RTCIceServer[];
  recording: 'none';
}

/** The signal and stream shapes are the appointment contracts' (VideoSignal, VideoStreamEvent). */
export type { VideoSignal, VideoStreamEvent };

export const videoApi = {
  session: (id: number) => api.get<VideoSession>(`video/${id}`, { fallback: 'Failed to open the video visit' }),
  signal: (id: number, signal: VideoSignal) => api.post<{ relayed: true }>(`video/${id}/signal`, signal, { fallback: 'Failed to reach the other participant' }),
};

/** Opens the stream (fetch, so the bearer token stays in its header) and calls `onEvent` per event until it ends. */
export async function readVideoStream(id: number, signal: AbortSignal, onEvent: (event: VideoStreamEvent) => void): Promise<void> {
  const response = await getHttp().get(`video/${id}/events`, { signal, headers: { Accept: 'text/event-stream' } });
  if (!response.body) throw new Error('no stream');
  const reader = response.body.getReader();
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
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!event || !data) continue;
      try {
        onEvent({ event, data: JSON.parse(data) } as VideoStreamEvent);
      } catch {
        // a malformed block is skipped; the next one is read
      }
    }
  }
}
