import { EntityManager, In } from 'typeorm';
import { recordEvents } from '@afya/service-shared';
import { AuthEvents, type FamilyLinkEventData, majorityDay, normalScopes } from '../../contracts';
import { FamilyDependantEntity, FamilyLinkEntity } from './family.entities';

/**
 * Publishes links as they now are (auth.family.link-changed), in the change's transaction through the outbox, so the
 * support service sends a member's messages to the carers the links name (decision 0118). Only links with a member
 * and a state others act on: active or ended (a pending or declined invitation shared nothing, so it says nothing).
 */
export async function recordLinkChanges(manager: EntityManager, links: readonly FamilyLinkEntity[]): Promise<void> {
  const published = links.filter((link): link is FamilyLinkEntity & { memberUserId: number } => link.memberUserId !== null && (link.status === 'active' || link.status === 'ended'));
  if (!published.length) return;
  const childIds = published.filter((link) => link.kind === 'dependant').map((link) => link.memberUserId);
  const births = new Map<number, string>();
  if (childIds.length) for (const child of await manager.find(FamilyDependantEntity, { where: { userId: In(childIds) } })) births.set(child.userId, child.dateOfBirth);
  await recordEvents(
    manager,
    published.map((link) => {
      const born = births.get(link.memberUserId);
      const data: FamilyLinkEventData = {
        link_id: link.linkId,
        kind: link.kind,
        carer_user_id: link.carerUserId,
        member_user_id: link.memberUserId,
        scopes: normalScopes(link.scopes),
        status: link.status as 'active' | 'ended',
        ends_on: link.kind === 'dependant' && born ? majorityDay(born) : null,
      };
      return { type: AuthEvents.familyLinkChanged, data };
    }),
  );
}

/**
 * Ends the live links `where` picks (their rows locked first, so the event names exactly the links this change
 * ended) and publishes them; answers how many were active. Pending invitations it ends publish nothing.
 */
export async function endLinks(
  manager: EntityManager,
  where: { linkId?: number; carerUserId?: number; memberUserId?: number }[],
  statuses: FamilyLinkEntity['status'][],
  change: Pick<FamilyLinkEntity, 'endedReason' | 'endedAt'>,
): Promise<number> {
  const links = await manager.find(FamilyLinkEntity, { where: where.map((w) => ({ ...w, status: In(statuses) })), lock: { mode: 'pessimistic_write' } });
  if (!links.length) return 0;
  await manager.update(FamilyLinkEntity, { linkId: In(links.map((l) => l.linkId)) }, { status: 'ended', ...change });
  const wereActive = links.filter((l) => l.status === 'active');
  await recordLinkChanges(
    manager,
    wereActive.map((l) => ({ ...l, status: 'ended' as const, ...change })),
  );
  return wereActive.length;
}
