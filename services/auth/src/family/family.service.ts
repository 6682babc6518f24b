import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, MoreThan } from 'typeorm';
import { badRequest, forbidden, notFound, parsePayload, Principal, RpcFailure } from '@afya/service-shared';
import {
  AcceptInvitationBodySchema,
  AddDependantBodySchema,
  AuthEvents,
  cleanName,
  DEPENDANT_CONSENT,
  FAMILY_SCOPES,
  FamilyAccessPayloadSchema,
  FamilyAccessReply,
  FamilyCarer,
  FamilyInvitation,
  FamilyMember,
  FamilyMessages,
  FamilyReply,
  FamilyScope,
  InviteBodySchema,
  dependantBirthProblem,
  grantProblem,
  invitationLimitProblem,
  linkGrants,
  linkStatusOn,
  nairobiDay,
  normalizePhone,
  normalScopes,
} from '../../contracts';
import { recordUserEvent } from '../users/user-events';
import { UserEntity } from '../users/user.entity';
import { UsersRepository } from '../users/users.repository';
import { familyClock } from './family-clock';
import { endLinks, recordLinkChanges } from './family-events';
import { FamilyConsentEntity, FamilyDependantEntity, FamilyLinkEntity } from './family.entities';

const fullNameOf = (user: Pick<UserEntity, 'firstname' | 'lastname'> | undefined | null) => (user ? `${user.firstname} ${user.lastname}`.trim() : '');

/** "Amina Wanjiru Otieno" → first name "Amina", last name "Wanjiru Otieno" (the users table keeps two parts). */
export function splitFullName(fullName: string): { firstname: string; lastname: string } {
  const words = fullName.trim().split(/\s+/);
  return { firstname: words[0], lastname: words.slice(1).join(' ') };
}

/**
 * The family graph (issue 36, docs/decisions/0110-family-graph-in-auth.md): children a patient cares for (accounts
 * without a login, so their appointments and prescriptions are theirs), adults linked by an accepted invitation, the
 * scopes each link grants, and the consents given. Other services ask `access` before acting for a member.
 */
@Injectable()
export class FamilyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
  ) {}

  private today(): string {
    return nairobiDay(familyClock.now());
  }

  private static patient(principal: Principal): void {
    if (principal.role !== 'user') throw forbidden();
  }

  /** GET /family. */
  async view(principal: Principal): Promise<FamilyReply> {
    FamilyService.patient(principal);
    const manager = this.dataSource.manager;
    const me = await this.users.getLive(principal.userId);
    const today = this.today();
    const phone = me.contactPhone ? normalizePhone(me.contactPhone) : null;
    const [asCarer, toMe, carersOfMe] = await Promise.all([
      manager.find(FamilyLinkEntity, { where: { carerUserId: me.userId }, order: { createdAt: 'DESC', linkId: 'DESC' } }),
      phone
        ? manager.find(FamilyLinkEntity, { where: { invitedPhone: phone, status: 'pending', kind: 'linked_adult' }, order: { createdAt: 'DESC' } })
        : Promise.resolve([]),
      manager.find(FamilyLinkEntity, { where: { memberUserId: me.userId, status: 'active', kind: 'linked_adult' }, order: { createdAt: 'DESC' } }),
    ]);
    const people = new Map<number, UserEntity>();
    const ids = [...new Set([...asCarer.map((l) => l.memberUserId), ...toMe.map((l) => l.carerUserId), ...carersOfMe.map((l) => l.carerUserId)])].filter(
      (id): id is number => id !== null,
    );
    if (ids.length) for (const user of await manager.find(UserEntity, { where: { userId: In(ids) } })) people.set(user.userId, user);
    const children = new Map<number, string>();
    const childIds = asCarer.filter((l) => l.kind === 'dependant' && l.memberUserId !== null).map((l) => l.memberUserId as number);
    if (childIds.length) for (const child of await manager.find(FamilyDependantEntity, { where: { userId: In(childIds) } })) children.set(child.userId, child.dateOfBirth);

    const members = asCarer.map((link) => this.memberView(link, people.get(link.memberUserId ?? -1), children.get(link.memberUserId ?? -1), today));
    // Live links first, then waiting invitations, then ended ones (each newest first, as read).
    const rank = { active: 0, pending: 1, ended: 2 } as const;
    members.sort((a, b) => rank[a.status] - rank[b.status]);
    const invitations: FamilyInvitation[] = toMe
      .filter((link) => link.carerUserId !== me.userId)
      .map((link) => ({ invitation_id: link.linkId, from_name: fullNameOf(people.get(link.carerUserId)), relationship: link.relationship, scopes: normalScopes(link.scopesAsked) }));
    const carers: FamilyCarer[] = carersOfMe.map((link) => ({
      link_id: link.linkId,
      carer_name: fullNameOf(people.get(link.carerUserId)),
      relationship: link.relationship,
      scopes: normalScopes(link.scopes),
      status: 'active',
    }));
    return { members, invitations, carers };
  }

  private memberView(link: FamilyLinkEntity, person: UserEntity | undefined, dateOfBirth: string | undefined, today: string): FamilyMember {
    const facts = { kind: link.kind, status: link.status, scopes: link.scopes, dateOfBirth, endedReason: link.endedReason };
    const { status, ended_reason } = linkStatusOn(facts, today);
    const scopes: FamilyScope[] =
      status === 'pending' ? normalScopes(link.scopesAsked) : status === 'ended' ? [] : FAMILY_SCOPES.filter((scope) => linkGrants(facts, scope, today));
    // An invitation never answered yes shows the phone the carer typed: never whose account it is (a declined one
    // tells only that someone said no).
    const unanswered = link.status === 'pending' || link.status === 'declined';
    return {
      member_id: unanswered ? null : link.memberUserId,
      link_id: link.linkId,
      full_name: unanswered || !person ? (link.invitedPhone ? `+${link.invitedPhone}` : '') : fullNameOf(person),
      ...(dateOfBirth ? { date_of_birth: dateOfBirth } : {}),
      relationship: link.relationship,
      kind: link.kind,
      scopes,
      status,
      ...(ended_reason ? { ended_reason } : {}),
    };
  }

  /** POST /family/dependants: the child's account (no login), the link and the consent, in one transaction. */
  async addDependant(principal: Principal, request: unknown): Promise<{ member: FamilyMember; message: string }> {
    FamilyService.patient(principal);
    const body = parsePayload(AddDependantBodySchema, request);
    const now = familyClock.now();
    const today = nairobiDay(now);
    const problem = dependantBirthProblem(body.date_of_birth, today);
    if (problem) throw badRequest(problem);
    const { link, child, dateOfBirth } = await this.dataSource.transaction(async (manager) => {
      const carer = await this.users.getLive(principal.userId, manager);
      const child = manager.create(UserEntity, {
        ...splitFullName(cleanName(body.full_name)),
        // No login: an address that can never receive mail (RFC 2606 .invalid) and a hash no password matches.
        email: `dependant-${randomBytes(12).toString('hex')}@dependants.invalid`,
        passwordHash: `dependant:${randomBytes(24).toString('base64url')}`,
        role: 'user',
        status: 'active',
        contactPhone: null,
        address: null,
        mustChangePassword: false,
        language: carer.language,
      });
      await manager.save(child);
      await recordUserEvent(manager, AuthEvents.registered, child);
      await manager.insert(FamilyDependantEntity, { userId: child.userId, dateOfBirth: body.date_of_birth, addedByUserId: carer.userId, createdAt: now });
      const link = manager.create(FamilyLinkEntity, {
        kind: 'dependant',
        carerUserId: carer.userId,
        memberUserId: child.userId,
        invitedPhone: null,
        relationship: body.relationship,
        scopesAsked: [...FAMILY_SCOPES],
        scopes: [...FAMILY_SCOPES],
        status: 'active',
        endedReason: null,
        createdAt: now,
        respondedAt: now,
        endedAt: null,
      });
      await manager.save(link);
      await manager.insert(FamilyConsentEntity, {
        linkId: link.linkId,
        givenByUserId: carer.userId,
        memberUserId: child.userId,
        textVersion: DEPENDANT_CONSENT.version,
        text: DEPENDANT_CONSENT.text,
        givenAt: now,
      });
      await recordLinkChanges(manager, [link]);
      return { link, child, dateOfBirth: body.date_of_birth };
    });
    return { member: this.memberView(link, child, dateOfBirth, today), message: FamilyMessages.dependantAdded };
  }

  /**
   * POST /family/invitations. The account behind the phone is never looked up here: the invitation names the phone,
   * and whoever holds an account with that phone sees it (GET /family). So the reply and its time are the same
   * whether or not the phone has an account.
   */
  async invite(principal: Principal, request: unknown): Promise<{ message: string }> {
    FamilyService.patient(principal);
    const body = parsePayload(InviteBodySchema, request);
    const phone = normalizePhone(body.phone);
    const me = await this.users.getLive(principal.userId);
    if (me.contactPhone && normalizePhone(me.contactPhone) === phone) throw badRequest(FamilyMessages.selfInvite);
    const now = familyClock.now();
    await this.dataSource.transaction(async (manager) => {
      // One invitation at a time per carer (the row lock), so the limits hold under concurrent requests.
      await manager.findOne(UserEntity, { where: { userId: me.userId }, lock: { mode: 'pessimistic_write' } });
      const [pending, sentLastDay, same] = await Promise.all([
        manager.count(FamilyLinkEntity, { where: { carerUserId: me.userId, status: 'pending' } }),
        manager.count(FamilyLinkEntity, { where: { carerUserId: me.userId, kind: 'linked_adult', createdAt: MoreThan(new Date(now.getTime() - 86_400_000)) } }),
        manager.findOne(FamilyLinkEntity, { where: { carerUserId: me.userId, invitedPhone: phone, status: 'pending' } }),
      ]);
      if (same) {
        // Asked again: the waiting invitation now asks for these scopes (no second invitation to the same phone).
        await manager.update(FamilyLinkEntity, { linkId: same.linkId }, { scopesAsked: body.scopes, relationship: body.relationship });
        return;
      }
      const limit = invitationLimitProblem(pending, sentLastDay);
      if (limit) throw new RpcFailure(429, limit, 'FAMILY_INVITATION_LIMIT');
      await manager.insert(FamilyLinkEntity, {
        kind: 'linked_adult',
        carerUserId: me.userId,
        memberUserId: null,
        invitedPhone: phone,
        relationship: body.relationship,
        scopesAsked: body.scopes,
        scopes: [],
        status: 'pending',
        endedReason: null,
        createdAt: now,
        respondedAt: null,
        endedAt: null,
      });
    });
    return { message: FamilyMessages.invitationSent };
  }

  /** An invitation sent to the caller's phone and still waiting, locked; 404 for any other id. */
  private async invitationTo(manager: EntityManager, principal: Principal, id: number): Promise<{ link: FamilyLinkEntity; me: UserEntity }> {
    const me = await this.users.getLive(principal.userId, manager);
    const link = await manager.findOne(FamilyLinkEntity, { where: { linkId: id }, lock: { mode: 'pessimistic_write' } });
    const phone = me.contactPhone ? normalizePhone(me.contactPhone) : null;
    if (!link || link.status !== 'pending' || link.kind !== 'linked_adult' || !phone || link.invitedPhone !== phone || link.carerUserId === me.userId) {
      throw notFound(FamilyMessages.invitationNotFound);
    }
    return { link, me };
  }

  /** POST /family/invitations/{id}/accept: some or all of the scopes asked. */
  async accept(principal: Principal, request: { id: number; scopes?: unknown }): Promise<{ message: string }> {
    FamilyService.patient(principal);
    const { scopes } = parsePayload(AcceptInvitationBodySchema, { scopes: request?.scopes });
    await this.dataSource.transaction(async (manager) => {
      const { link, me } = await this.invitationTo(manager, principal, Number(request.id));
      const problem = grantProblem(link.scopesAsked, scopes);
      if (problem) throw badRequest(problem);
      // A link already live between the two (an earlier invitation accepted): this one replaces it.
      await endLinks(manager, [{ carerUserId: link.carerUserId, memberUserId: me.userId }], ['active', 'pending'], { endedReason: 'ended_by_member', endedAt: familyClock.now() });
      const accepted = { memberUserId: me.userId, scopes, status: 'active' as const, respondedAt: familyClock.now() };
      await manager.update(FamilyLinkEntity, { linkId: link.linkId }, accepted);
      await recordLinkChanges(manager, [{ ...link, ...accepted }]);
    });
    return { message: FamilyMessages.accepted };
  }

  /** POST /family/invitations/{id}/decline. */
  async decline(principal: Principal, request: { id: number }): Promise<{ message: string }> {
    FamilyService.patient(principal);
    await this.dataSource.transaction(async (manager) => {
      const { link, me } = await this.invitationTo(manager, principal, Number(request.id));
      await manager.update(FamilyLinkEntity, { linkId: link.linkId }, { memberUserId: me.userId, status: 'declined', respondedAt: familyClock.now() });
    });
    return { message: FamilyMessages.declined };
  }

  /** DELETE /family/members/{member_id}: the carer ends their live link to the member; another person's member: 404. */
  async endMember(principal: Principal, request: { member_id: number }): Promise<{ message: string }> {
    FamilyService.patient(principal);
    const ended = await this.dataSource.transaction((manager) =>
      endLinks(manager, [{ carerUserId: principal.userId, memberUserId: Number(request.member_id) }], ['active'], { endedReason: 'ended_by_carer', endedAt: familyClock.now() }),
    );
    if (!ended) throw notFound(FamilyMessages.memberNotFound);
    return { message: FamilyMessages.linkEnded };
  }

  /** DELETE /family/carers/{link_id}: the linked adult ends a carer's link to them. */
  async endCarer(principal: Principal, request: { link_id: number }): Promise<{ message: string }> {
    FamilyService.patient(principal);
    const ended = await this.dataSource.transaction((manager) =>
      endLinks(manager, [{ linkId: Number(request.link_id), memberUserId: principal.userId }], ['active'], { endedReason: 'ended_by_member', endedAt: familyClock.now() }),
    );
    if (!ended) throw notFound(FamilyMessages.linkNotFound);
    return { message: FamilyMessages.linkEnded };
  }

  /**
   * auth.v1.family.access (asked by the appointment and prescription services before acting for a member): the
   * caller's link to the member if it grants `scope` today. Never linked (another person's member): 404. A link that
   * is pending, declined, ended, past the child's 18th birthday, or without the scope: 403.
   */
  async access(principal: Principal, request: unknown): Promise<FamilyAccessReply> {
    FamilyService.patient(principal);
    const { member_id, scope } = parsePayload(FamilyAccessPayloadSchema, request);
    const manager = this.dataSource.manager;
    const links = await manager.find(FamilyLinkEntity, { where: { carerUserId: principal.userId, memberUserId: member_id }, order: { createdAt: 'DESC', linkId: 'DESC' } });
    if (!links.length) throw notFound(FamilyMessages.memberNotFound);
    const link = links.find((l) => l.status === 'active') ?? links[0];
    const [member, carer, child] = await Promise.all([
      manager.findOne(UserEntity, { where: { userId: member_id } }),
      manager.findOne(UserEntity, { where: { userId: principal.userId } }),
      link.kind === 'dependant' ? manager.findOne(FamilyDependantEntity, { where: { userId: member_id } }) : Promise.resolve(null),
    ]);
    if (!member || member.deletedAt) throw notFound(FamilyMessages.memberNotFound);
    const facts = { kind: link.kind, status: link.status, scopes: link.scopes, dateOfBirth: child?.dateOfBirth };
    if (!linkGrants(facts, scope, this.today())) throw forbidden(FamilyMessages.noScope, 'FAMILY_SCOPE');
    return { member_id, member_name: fullNameOf(member), kind: link.kind, relationship: link.relationship, carer_name: fullNameOf(carer) };
  }

  /** Erasure: every link of the person ends (as carer or member); a child's own records stay theirs. */
  static async endLinksOf(manager: EntityManager, userId: number): Promise<void> {
    await endLinks(manager, [{ carerUserId: userId }, { memberUserId: userId }], ['active', 'pending'], { endedReason: 'ended_by_carer', endedAt: new Date() });
  }
}
