import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiTags, ApiOperation } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthPatterns, type PicturePayload, PictureReply } from '@afya/auth-service/contracts';
import { BinaryTransfer, subject } from '@afya/service-shared';
import { Public } from '../../common/auth/access.decorators';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { ServiceClient } from '../../common/bus/service-client';

export { decodeDataUrl, PICTURE_TOO_LARGE } from './auth.calls';

/**
 * The profile picture itself (a public image, not JSON). The user's other calls are declared
 * (services/auth/contracts/calls.ts; the upload's handling: auth.calls.ts).
 */
@ApiTags('user')
@Controller('user')
export class UserController {
  constructor(
    private readonly bus: ServiceClient,
    private readonly transfer: BinaryTransfer,
  ) {}

  /** Public so <img src> works; the id is a random UUID chosen by the server. */
  @Public()
  @ApiOperation({ summary: 'A profile picture (public, so an img element can show it)' })
  @Get('profile-picture/:id')
  async picture(@Param('id') id: string, @CurrentCaller() caller: Caller, @Res() reply: FastifyReply): Promise<void> {
    const picture = await this.bus.send<PictureReply>(subject(AuthPatterns.getPicture), { id } satisfies PicturePayload, caller);
    await reply
      .header('content-type', picture.contentType)
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(await this.transfer.receive(picture.image));
  }
}
