import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { busNamespace, NATS_CONNECTION } from '@afya/service-shared';
import type { VideoSide } from '@afya/appointment-service/contracts';
import type { SignalMessage } from './signal-message';

/** The subject prefix the gateway replicas relay video signalling on (bus-users.js lets only the gateway use it). */
export const VIDEO_RELAY = 'relay.video';
export const videoRelaySubject = (appointmentId: number | '>') => `${busNamespace()}.${VIDEO_RELAY}.${appointmentId}`;

/**
 * One relayed message between the replicas: a side's signal, or its stream opening or closing. `reply` marks the
 * presence answer a side sends when it hears the other join (so each learns the other is there whoever came first).
 */
export type RelayMessage =
  | { type: 'signal'; from: VideoSide; stream: string; signal: SignalMessage }
  | { type: 'joined'; from: VideoSide; stream: string; reply?: boolean }
  | { type: 'left'; from: VideoSide; stream: string };

interface LocalStream {
  id: string;
  side: VideoSide;
  deliver: (message: RelayMessage) => void;
  end: () => void;
}

const codec = JSONCodec<RelayMessage>();

/**
 * Relays video signalling between the two participants' streams, wherever they are connected: every message goes
 * to NATS (`<ns>.relay.video.<appointment>`), every replica hears it on one subscription and hands it to its own open
 * streams of that visit, of the other side only. A stream never hears itself or its own side (a second tab of the same
 * person gets nothing meant for the first). Core NATS, no JetStream: a signal is worth nothing once late, and a
 * browser that missed one re-joins (the other side then starts a fresh negotiation).
 */
@Injectable()
export class VideoRelayHub implements OnModuleDestroy {
  private readonly logger = new Logger('VideoRelayHub');
  private readonly streams = new Map<number, Set<LocalStream>>();
  private subscription: Subscription | null = null;

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  /**
   * Opens a stream of `side` on visit `appointmentId`: `deliver` gets the other side's messages, `end` is called
   * when this gateway shuts down. Announces the stream to the other side. Returns the stream's id and its closer.
   */
  open(appointmentId: number, side: VideoSide, deliver: (message: RelayMessage) => void, end: () => void): { id: string; close: () => void } {
    this.ensureSubscribed();
    const stream: LocalStream = { id: randomUUID(), side, deliver, end };
    let set = this.streams.get(appointmentId);
    if (!set) this.streams.set(appointmentId, (set = new Set()));
    set.add(stream);
    this.publish(appointmentId, { type: 'joined', from: side, stream: stream.id });
    let closed = false;
    return {
      id: stream.id,
      close: () => {
        if (closed) return;
        closed = true;
        set.delete(stream);
        if (!set.size) this.streams.delete(appointmentId);
        this.publish(appointmentId, { type: 'left', from: side, stream: stream.id });
      },
    };
  }

  /** Sends one side's signal to the other side's streams (on any replica). */
  signal(appointmentId: number, from: VideoSide, stream: string, signal: SignalMessage): void {
    this.publish(appointmentId, { type: 'signal', from, stream, signal });
  }

  /** Streams open on this replica (for tests and logs). */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private publish(appointmentId: number, message: RelayMessage): void {
    try {
      this.nc.publish(videoRelaySubject(appointmentId), codec.encode(message));
    } catch (error) {
      this.logger.warn(`video relay publish failed: ${(error as Error).message}`);
    }
  }

  private ensureSubscribed(): void {
    if (this.subscription) return;
    const prefix = `${busNamespace()}.${VIDEO_RELAY}.`;
    this.subscription = this.nc.subscribe(videoRelaySubject('>'), {
      callback: (error, msg) => {
        if (error) return this.logger.warn(`video relay: ${error.message}`);
        const appointmentId = Number(msg.subject.slice(prefix.length));
        const set = this.streams.get(appointmentId);
        if (!set) return;
        let message: RelayMessage;
        try {
          message = codec.decode(msg.data);
        } catch {
          return;
        }
        for (const stream of [...set]) {
          if (stream.side === message.from) continue;
          stream.deliver(message);
          // The other side just arrived: tell it this side is here (once per arrival; a reply is not answered).
          if (message.type === 'joined' && !message.reply) {
            this.publish(appointmentId, { type: 'joined', from: stream.side, stream: stream.id, reply: true });
          }
        }
      },
    });
  }

  onModuleDestroy(): void {
    for (const set of this.streams.values()) for (const stream of [...set]) stream.end();
    this.streams.clear();
    this.subscription?.unsubscribe();
    this.subscription = null;
  }
}
