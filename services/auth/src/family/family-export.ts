import { EntityManager } from 'typeorm';
import type { AccountExportReply } from '../../contracts';
import { FamilyConsentEntity, FamilyDependantEntity, FamilyLinkEntity } from './family.entities';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The person's part of the family graph for their data export: every link as carer or member, their consents, a child's birth date. */
export async function familyExport(manager: EntityManager, userId: number): Promise<AccountExportReply['family']> {
  const [asCarer, asMember, consents, dependant] = await Promise.all([
    manager.find(FamilyLinkEntity, { where: { carerUserId: userId }, order: { linkId: 'ASC' } }),
    manager.find(FamilyLinkEntity, { where: { memberUserId: userId }, order: { linkId: 'ASC' } }),
    manager.find(FamilyConsentEntity, { where: [{ givenByUserId: userId }, { memberUserId: userId }], order: { consentId: 'ASC' } }),
    manager.findOne(FamilyDependantEntity, { where: { userId } }),
  ]);
  const link = (role: 'carer' | 'member') => (l: FamilyLinkEntity) => ({
    link_id: l.linkId,
    role,
    // A carer's invitation never answered yes names no account (as GET /family shows it: the phone only).
    other_person_id: role === 'member' ? l.carerUserId : l.status === 'pending' || l.status === 'declined' ? null : l.memberUserId,
    // The phone the carer typed is theirs to see; the member never receives it (it may be the carer's guess of someone else's).
    invited_phone: role === 'carer' ? l.invitedPhone : null,
    kind: l.kind,
    relationship: l.relationship,
    scopes_asked: l.scopesAsked,
    scopes: l.scopes,
    status: l.status,
    ended_reason: l.endedReason,
    created_at: l.createdAt.toISOString(),
    responded_at: iso(l.respondedAt),
    ended_at: iso(l.endedAt),
  });
  return {
    links: [...asCarer.map(link('carer')), ...asMember.map(link('member'))],
    consents: consents.map((c) => ({ link_id: c.linkId, member_id: c.memberUserId, text_version: c.textVersion, text: c.text, given_at: c.givenAt.toISOString() })),
    dependant: dependant ? { date_of_birth: dependant.dateOfBirth, added_by: dependant.addedByUserId } : null,
  };
}
