import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvent, EventConsumer } from '@afya/service-shared';
import { AuthEvents, type FamilyLinkEventData } from '@afya/auth-service/contracts';

/**
 * Applies auth's family link events to family_links (idempotent: an upsert). An ended link stays ended whatever
 * arrives after (a link never comes back; a redelivered or late "active" changes nothing).
 */
export async function applyFamilyLinkEvent(manager: EntityManager, data: Partial<FamilyLinkEventData> | undefined): Promise<void> {
  if (!data?.link_id || !data.carer_user_id || !data.member_user_id || (data.status !== 'active' && data.status !== 'ended')) return;
  if (data.kind !== 'dependant' && data.kind !== 'linked_adult') return;
  await manager.query(
    `INSERT INTO family_links (link_id, kind, carer_user_id, member_user_id, scopes, status, ends_on, updated_at)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7::date, now())
     ON CONFLICT (link_id) DO UPDATE SET scopes = EXCLUDED.scopes, ends_on = EXCLUDED.ends_on,
       status = CASE WHEN family_links.status = 'ended' THEN 'ended' ELSE EXCLUDED.status END, updated_at = now()`,
    [data.link_id, data.kind, data.carer_user_id, data.member_user_id, Array.isArray(data.scopes) ? data.scopes : [], data.status, data.ends_on ?? null],
  );
}

/** The support service learns who cares for whom from auth (decision 0118): a member's visit messages go to them too. */
@Injectable()
export class FamilyLinksConsumer implements OnApplicationBootstrap {
  constructor(private readonly events: EventConsumer) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.events.consume('support-family-links', {
      [AuthEvents.familyLinkChanged]: (event: DomainEvent<FamilyLinkEventData>, manager) => applyFamilyLinkEvent(manager, event.data),
    });
  }
}
