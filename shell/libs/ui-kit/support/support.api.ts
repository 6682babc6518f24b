import type { CreateTicketPayload, DoctorTicketView, TicketMessageView, TicketStatus, TicketView } from '@afya/support-service/contracts';
import { CONVERSATION_POLL_MS, SupportMessages } from '@afya/support-service/contracts/catalog';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AppointmentView } from '@afya/appointment-service/contracts';
import { calls, getHttp, listPage, queryKeys } from 'shell/api-client';
import { useSession } from 'shell/session';
import { appointmentTypeLabel, formatDate, formatSlot, i18n } from '../../i18n';
import { doctorName } from '../appointments';
import { readEventBlocks } from '../event-stream';
import { supportKeys } from './unread';

export { supportKeys, useUnreadTickets } from './unread';

/**
 * Support tickets for every role's screen (patient and doctor Support pages, the admin desk, the menu badge):
 * fetchers, query keys and hooks in one place, so the three remotes and the shell read tickets one way.
 */
export type { TicketView, DoctorTicketView, TicketMessageView, TicketStatus };

export interface AdminTicketQuery {
  search: string;
  status: TicketStatus | 'all';
  page: number;
  limit: number;
}

export const supportApi = {
  own: async () => listPage(await calls.support.listOwn({ query: {} }, { context: { fallback: SupportMessages.loadFailed } })).items,
  doctor: async () => listPage(await calls.support.listForDoctor({ query: {} }, { context: { fallback: SupportMessages.loadFailed } })).items,
  /** One page of the desk: the tickets and the total of matches (X-Total-Count). */
  all: async (q: AdminTicketQuery) =>
    listPage(
      await calls.support.listAll(
        {
          query: {
            ...(q.search.trim() ? { search: q.search.trim() } : {}),
            ...(q.status !== 'all' ? { status: q.status } : {}),
            limit: q.limit,
            offset: (q.page - 1) * q.limit,
          },
        },
        { context: { fallback: SupportMessages.loadFailed } },
      ),
    ),
  create: (body: CreateTicketPayload) => calls.support.create({ body }, { context: { fallback: SupportMessages.createFailed } }),
  update: (id: number, body: Partial<CreateTicketPayload>) => calls.support.update({ params: { id: String(id) }, body }, { context: { fallback: SupportMessages.updateFailed } }),
  setStatus: (id: number, status: TicketStatus) => calls.support.setStatus({ params: { id: String(id) }, body: { status } }, { context: { fallback: SupportMessages.updateFailed } }),
  remove: (id: number) => calls.support.remove({ params: { id: String(id) } }, { context: { fallback: SupportMessages.deleteFailed } }),
  messages: async (id: number) => listPage(await calls.support.messages({ params: { id: String(id) } }, { context: { fallback: 'Failed to load messages' } })).items,
  post: (id: number, message: string) => calls.support.postMessage({ params: { id: String(id) }, body: { message } }, { context: { fallback: 'Failed to send reply' } }),
};

export function useTicketList(kind: 'own' | 'doctor', enabled = true) {
  return useQuery<Array<TicketView | DoctorTicketView>>({
    queryKey: supportKeys.list(kind),
    queryFn: kind === 'own' ? supportApi.own : supportApi.doctor,
    enabled,
  });
}

export function useAdminTickets(query: AdminTicketQuery) {
  return useQuery({ queryKey: supportKeys.admin(query), queryFn: () => supportApi.all(query), placeholderData: keepPreviousData });
}

/** After any change every support query is stale. */
export function useInvalidateSupport() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: supportKeys.all });
}

export function useTicketMutations() {
  const invalidate = useInvalidateSupport();
  return {
    create: useMutation({ mutationFn: supportApi.create, onSuccess: invalidate }),
    update: useMutation({ mutationFn: ({ id, body }: { id: number; body: Partial<CreateTicketPayload> }) => supportApi.update(id, body), onSuccess: invalidate }),
    setStatus: useMutation({ mutationFn: ({ id, status }: { id: number; status: TicketStatus }) => supportApi.setStatus(id, status), onSuccess: invalidate }),
    remove: useMutation({ mutationFn: (id: number) => supportApi.remove(id), onSuccess: invalidate }),
  };
}

/** The caller's own appointments as choices for a ticket's related appointment (loaded when the form opens). */
export function useRelatedAppointmentOptions(enabled: boolean) {
  const doctor = useSession((state) => state.user?.role) === 'doctor';
  return useQuery({
    queryKey: [...queryKeys.appointments, 'support-options', doctor],
    enabled,
    queryFn: async () => {
      const { items: appointments } = listPage(await calls.appointments.listOwn({ query: {} }, { context: { fallback: 'Failed to fetch appointments' } }));
      // The form names each choice in the page's language when it renders (relatedAppointmentLabel).
      return appointments.map((a) => ({ value: a.appointment_id, appointment: a, forDoctor: doctor }));
    },
  });
}

/** A related-appointment choice of the ticket form: `1 Dec 2026 09:00 AM · Dr. Grace Wanjiku · Consultation`. */
export function relatedAppointmentLabel({ appointment: a, forDoctor }: { appointment: AppointmentView; forDoctor: boolean }): string {
  const who = forDoctor ? (a.patient_full_name ?? i18n.t('roles.user', { ns: 'shell' })) : doctorName(a);
  return `${formatDate(a.appointment_date)} ${formatSlot(a.time_slot)} · ${who} · ${appointmentTypeLabel(a.appointment_type)}`;
}

/** Who besides the support team will read a ticket linked to the choice (the ticket form says so): its doctor, for a patient. */
export function relatedAppointmentDoctor({ appointment, forDoctor }: { appointment: AppointmentView; forDoctor: boolean }): string | null {
  return forDoctor ? null : doctorName(appointment);
}

/** Reads the server-sent events of GET /api/support/{id}/events, calling `onEvent` for each `event: ticket` block. */
export async function readTicketStream(body: ReadableStream<Uint8Array>, onOpen: () => void, onEvent: (data: unknown) => void): Promise<void> {
  onOpen();
  await readEventBlocks(body, (block) => {
    const lines = block.split('\n');
    if (!lines.includes('event: ticket')) return;
    const data = lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n');
    try {
      onEvent(JSON.parse(data));
    } catch {
      onEvent(null);
    }
  });
}

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 30_000;

/**
 * Live updates of one open conversation: server-sent events through fetch (so the bearer token travels in its
 * header, never in a URL, which EventSource cannot do). Each event refreshes the support queries; a dropped
 * stream is retried with backoff and, while down, the conversation is polled every CONVERSATION_POLL_MS.
 * Returns whether the stream is up.
 */
export function useTicketStream(ticketId: number | null): boolean {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!ticketId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let retry = RETRY_FIRST_MS;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: supportKeys.all });
    const connect = async () => {
      let refused = false;
      try {
        const response = await getHttp().get(`support/${ticketId}/events`, { signal: controller.signal, headers: { Accept: 'text/event-stream' } });
        if (!response.body) throw new Error('no stream');
        await readTicketStream(
          response.body,
          () => {
            setLive(true);
            retry = RETRY_FIRST_MS;
            // Whatever happened while the stream was down.
            refresh();
          },
          refresh,
        );
      } catch (error) {
        const status = (error as { response?: Response }).response?.status;
        refused = status !== undefined && status >= 400 && status < 500;
      }
      if (controller.signal.aborted) return;
      setLive(false);
      // A refused stream (the ticket is gone, the session ended) is not retried: polling covers the rest.
      if (refused) return;
      timer = setTimeout(() => void connect(), retry);
      retry = Math.min(retry * 2, RETRY_MAX_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
      setLive(false);
    };
  }, [ticketId, queryClient]);
  return live;
}

/** The messages of one ticket, oldest first, live while the stream is up and polled every 10 s when it is not. */
export function useConversation(ticketId: number | null) {
  const live = useTicketStream(ticketId);
  const messages = useQuery({
    queryKey: supportKeys.messages(ticketId ?? 0),
    queryFn: () => supportApi.messages(ticketId!),
    enabled: !!ticketId,
    refetchInterval: ticketId && !live ? CONVERSATION_POLL_MS : false,
  });
  // Reading the conversation marks it read on the server: the badge and the lists' unread marks follow.
  const queryClient = useQueryClient();
  const readAt = messages.isSuccess ? messages.dataUpdatedAt : 0;
  useEffect(() => {
    if (!readAt) return;
    for (const key of [supportKeys.unread, ['support', 'list'], ['support', 'admin']]) void queryClient.invalidateQueries({ queryKey: key });
  }, [readAt, queryClient]);
  const invalidate = useInvalidateSupport();
  const post = useMutation({ mutationFn: (message: string) => supportApi.post(ticketId!, message), onSuccess: invalidate });
  return { live, messages, post };
}
