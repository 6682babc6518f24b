import { Controller, ForbiddenException, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getProcessLogger } from '@afya/service-shared';
import { ProviderCallback } from '../../common/http/provider-callbacks';
import { UssdConfig } from './ussd-config';
import { fitScreen, type UssdScreen, ussdScreen } from './ussd-menu';
import { BusUssdPlatform } from './ussd-platform';
import { USSD_TEXTS } from './ussd-texts';

/** A form field as the provider sent it ('' when absent or not text). */
function field(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

/**
 * Africa's Talking's USSD callback (issue 42; docs/decisions/0112-ussd-callback-in-the-gateway.md). Each step of a
 * session is a form POST (sessionId, serviceCode, phoneNumber, networkCode, text); the answer is text/plain, "CON …"
 * while the menu goes on, "END …" when it is over. Public like every provider callback: the secret in the path
 * (USSD_CALLBACK_TOKEN) authenticates the provider, and is redacted from logs. A wrong secret is a 403 before anything
 * is read; a failure behind answers END with "try again" (a provider ends the session on an HTTP error anyway).
 */
@ApiTags('ussd')
@Controller('ussd')
export class UssdController {
  constructor(
    private readonly config: UssdConfig,
    private readonly platform: BusUssdPlatform,
  ) {}

  @ProviderCallback()
  @HttpCode(200)
  @ApiOperation({ summary: "Africa's Talking's USSD callback: one step of a session (form POST), answered CON or END (text/plain)" })
  @ApiProduces('text/plain')
  @Post('callback/:token')
  async callback(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!this.config.tokenMatches(token)) throw new ForbiddenException('Forbidden');
    const screen = fitScreen(await this.screen(request.body));
    await reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store').send(`${screen.end ? 'END' : 'CON'} ${screen.text}`);
  }

  private async screen(body: unknown): Promise<UssdScreen> {
    if (field(body, 'serviceCode') !== this.config.serviceCode) return { end: true, text: USSD_TEXTS.en.wrongServiceCode };
    const phone = field(body, 'phoneNumber');
    if (!phone) return { end: true, text: USSD_TEXTS.en.unknownPhone };
    try {
      return await ussdScreen(this.platform, phone, field(body, 'text'));
    } catch (error) {
      getProcessLogger().warn({ err: error, sessionId: field(body, 'sessionId') }, 'USSD step failed');
      return { end: true, text: USSD_TEXTS.en.unavailable };
    }
  }
}
