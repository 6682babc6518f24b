import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Inject } from '@nestjs/common';
import { NatsConnection } from 'nats';
import { badRequest, BinaryTransfer, NATS_CONNECTION, notFound, parsePayload, Principal } from '@afya/service-shared';
import {
  AuthEvents,
  ChangePasswordBodySchema,
  ChangePasswordReply,
  PictureReply,
  SessionUser,
  UpdateProfileBodySchema,
  UploadPicturePayload,
} from '../../contracts';
import { hashPassword, verifyPassword } from '../users/passwords';
import { applyNewPassword } from '../users/new-password';
import { recordUserEvent } from '../users/user-events';
import { pictureUrl, toSessionUser } from '../users/user.mapper';
import { UsersRepository } from '../users/users.repository';
import { RevocationBroadcaster } from '../sessions/revocation-broadcaster';
import { TokenIssuer } from '../sessions/token-issuer';
import { detectImageType, MAX_PICTURE_BYTES } from './image-content';
import { reencodePicture } from './picture-encoder';
import { ProfilePictureEntity } from './profile-picture.entity';
import { cleanProfileChanges } from './profile-rules';

/** Picture ids are UUIDs this service chose (randomUUID): 36 dashes are not one. */
const PICTURE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const BAD_PICTURE_TYPE = 'Profile picture must be a JPEG, PNG or WebP image';
export const PICTURE_TOO_LARGE = 'Profile picture must be 2 MB or smaller';

@Injectable()
export class ProfileService {
  private readonly transfer: BinaryTransfer;

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenIssuer,
    private readonly broadcaster: RevocationBroadcaster,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
  ) {
    this.transfer = new BinaryTransfer(nc);
  }

  async get(principal: Principal): Promise<{ user: SessionUser }> {
    return { user: toSessionUser(await this.users.getLive(principal.userId)) };
  }

  async update(principal: Principal, request: unknown): Promise<{ user: SessionUser }> {
    const changes = parsePayload(UpdateProfileBodySchema, request);
    const cleaned = cleanProfileChanges(changes);
    const user = await this.users.dataSource.transaction(async (manager) => {
      const current = await this.users.getLive(principal.userId, manager, true);
      if (cleaned.firstname !== undefined) current.firstname = cleaned.firstname;
      if (cleaned.lastname !== undefined) current.lastname = cleaned.lastname;
      if (cleaned.contact_phone !== undefined) current.contactPhone = cleaned.contact_phone;
      if (cleaned.address !== undefined) current.address = cleaned.address;
      if (cleaned.language !== undefined) current.language = cleaned.language;
      // The picture is set by upload; a URL in the payload may only clear it, never point elsewhere.
      // A cleared picture is deleted: its old URL must stop serving it.
      const cleared = changes.profile_picture_url === '' ? current.profilePictureId : null;
      if (cleared) current.profilePictureId = null;
      current.updatedAt = new Date();
      await manager.save(current);
      if (cleared) await manager.delete(ProfilePictureEntity, { id: cleared });
      await recordUserEvent(manager, AuthEvents.updated, current);
      return current;
    });
    return { user: toSessionUser(user) };
  }

  async changePassword(principal: Principal, request: unknown): Promise<ChangePasswordReply> {
    const payload = parsePayload(ChangePasswordBodySchema, request);
    const existing = await this.users.getLive(principal.userId);
    if (!(await verifyPassword(existing.passwordHash, payload.currentPassword))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, 'WRONG_PASSWORD');
    }
    if (payload.currentPassword === payload.newPassword) {
      throw badRequest('New password must be different from the current password', 'SAME_PASSWORD');
    }
    const passwordHash = await hashPassword(payload.newPassword);
    const user = await this.users.dataSource.transaction(async (manager) => {
      const current = await this.users.getLive(principal.userId, manager, true);
      return applyNewPassword(manager, current, passwordHash);
    });
    const revocation = { kind: 'user' as const, userId: user.userId, sessionVersion: user.sessionVersion };
    this.broadcaster.announce(revocation);
    return { message: 'Password changed', token: this.tokens.issue(user), user: toSessionUser(user), revocation };
  }

  async uploadPicture(principal: Principal, payload: UploadPicturePayload): Promise<{ url: string; user: SessionUser }> {
    if (!payload?.image) throw badRequest('Please choose an image');
    const bytes = await this.transfer.receive(payload.image);
    if (bytes.length > MAX_PICTURE_BYTES) throw badRequest(PICTURE_TOO_LARGE, 'PICTURE_TOO_LARGE');
    const contentType = detectImageType(bytes);
    if (!contentType) throw badRequest(BAD_PICTURE_TYPE, 'PICTURE_TYPE');
    const stored = await reencodePicture(bytes, contentType);
    if (!stored) throw badRequest(BAD_PICTURE_TYPE, 'PICTURE_TYPE');
    const user = await this.users.dataSource.transaction(async (manager) => {
      const current = await this.users.getLive(principal.userId, manager, true);
      const picture = manager.create(ProfilePictureEntity, { id: randomUUID(), userId: current.userId, contentType, data: stored });
      await manager.save(picture);
      if (current.profilePictureId) await manager.delete(ProfilePictureEntity, { id: current.profilePictureId });
      current.profilePictureId = picture.id;
      current.updatedAt = new Date();
      await manager.save(current);
      await recordUserEvent(manager, AuthEvents.updated, current);
      return current;
    });
    return { url: pictureUrl(user.profilePictureId)!, user: toSessionUser(user) };
  }

  /** Pictures are served to anyone holding the unguessable URL (it is shown in <img> tags). */
  async getPicture(pictureId: string): Promise<PictureReply> {
    if (typeof pictureId !== 'string' || !PICTURE_ID.test(pictureId)) throw notFound('Picture not found');
    const picture = await this.users.dataSource.manager.findOne(ProfilePictureEntity, { where: { id: pictureId } });
    if (!picture) throw notFound('Picture not found');
    return { contentType: picture.contentType, image: await this.transfer.send(picture.data) };
  }
}
