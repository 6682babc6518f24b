import { BadRequestException, Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import {
  AuthPatterns,
  ChangePasswordBodySchema,
  ChangePasswordReply,
  MAX_PICTURE_BYTES,
  PictureReply,
  ProfilePictureBodySchema,
  UploadPictureReply,
  UploadPictureReplySchema,
} from '@afya/auth-service/contracts';
import { BinaryTransfer, subject } from '@afya/service-shared';
import { AllowedBeforePasswordChange, Public } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { RevocationStore } from '../../common/auth/revocation-store';
import { ServiceClient } from '../../common/bus/service-client';
import { ReplyOf } from '../../common/http/reply-docs';

class ChangePasswordDto extends createZodDto(ChangePasswordBodySchema) {}
class ProfilePictureDto extends createZodDto(ProfilePictureBodySchema) {}

export const PICTURE_TOO_LARGE = 'Profile picture must be 2 MB or smaller';

/** The browser sends a data URL (FileReader.readAsDataURL); bare base64 is accepted too. */
export function decodeDataUrl(input: string): Buffer {
  const comma = input.startsWith('data:') ? input.indexOf(',') : -1;
  return Buffer.from(comma >= 0 ? input.slice(comma + 1) : input, 'base64');
}

/** The signed-in user's calls that are not declared (contracts/calls.ts): the password change, the profile picture. */
@ApiTags('user')
@ApiBearerAuth()
@Controller('user')
export class UserController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly revocations: RevocationStore,
    private readonly transfer: BinaryTransfer,
  ) {}

  /** Revokes every older token of this user and answers with a fresh session. */
  @AllowedBeforePasswordChange()
  @HttpCode(200)
  @ApiOperation({ summary: 'Change the password; older tokens are refused, a fresh session is returned' })
  @Post('change-password')
  async changePassword(@Body() body: ChangePasswordDto, @CurrentCaller() caller: Caller) {
    const { revocation, ...reply } = await this.bus.send<ChangePasswordReply>(subject(AuthPatterns.changePassword), body, caller);
    this.revocations.apply(revocation);
    return reply;
  }

  @HttpCode(200)
  @ReplyOf(200, UploadPictureReplySchema)
  @ApiOperation({ summary: 'Upload a profile picture (a data URL, at most 2 MB)' })
  @Post('profile-picture')
  async uploadPicture(@Body() body: ProfilePictureDto, @CurrentCaller() caller: Caller): Promise<UploadPictureReply> {
    const bytes = decodeDataUrl(body.imageBase64);
    if (bytes.length > MAX_PICTURE_BYTES) throw new BadRequestException(PICTURE_TOO_LARGE);
    return this.bus.send(subject(AuthPatterns.uploadPicture), { image: await this.transfer.send(bytes) }, caller);
  }

  /** Public so <img src> works; the id is a random UUID chosen by the server. */
  @Public()
  @ApiOperation({ summary: 'A profile picture (public, so an img element can show it)' })
  @Get('profile-picture/:id')
  async picture(@Param('id') id: string, @CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const picture = await this.bus.send<PictureReply>(subject(AuthPatterns.getPicture), { id }, caller);
    await reply
      .header('content-type', picture.contentType)
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(await this.transfer.receive(picture.image));
  }
}
