import type { VideoAccessReply, VideoSide } from '@afya/appointment-service/contracts';
import { api, getHttp } from 'shell/api-client';

/** GET /api/video/{id}: the appointment service's access answer (side, window, participants) plus the ICE servers. */
export interface VideoSession extends VideoAccessReply {
  ice_servers: RTCIceServer[];
  recording: 'none';
}

/** What one browser sends the other: an SDP offer or answer, or an ICE candidate (the gateway refuses anything else). */
export type VideoSignal =
  | { kind: 'description'; description: { type: 'offer' | 'answer'; sdp: string } }
  | { kind: 'candidate'; candidate: { candidate: string; sdpMid: string | null; sdpMLineIndex: number | null; usernameFragment: string | null } };

/** One event of the visit's stream (GET /api/video/{id}/events). */
export type VideoStreamEvent =
  | { event: 'ready'; data: { appointment_id: number; side: VideoSide; closes_at: string } }
  | { event: 'peer'; data: { state: 'joined' | 'left'; side: VideoSide; stream: string } }
  | { event: 'signal'; data: VideoSignal }
  | { event: 'closed'; data: { reason: string } };

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
