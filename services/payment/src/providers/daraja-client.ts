import { Logger } from '@nestjs/common';
import type { PaymentConfig } from '../payment.config';
import { darajaTimestamp, stkPassword } from '../rules/payment-rules';

export interface StkPushRequest {
  phone: string;
  amount: number;
  accountReference: string;
  description: string;
  callbackUrl: string;
}
export interface StkPushResponse {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResponseCode: string;
  ResponseDescription: string;
  CustomerMessage: string;
}
export type StkQueryResult =
  | { state: 'pending' }
  | { state: 'done'; resultCode: string; resultDesc: string };

export interface TransactionStatusAck {
  OriginatorConversationID: string;
  ConversationID: string;
  ResponseCode: string;
  ResponseDescription: string;
}

export class DarajaError extends Error {
  constructor(readonly status: number, message: string, readonly errorCode?: string) {
    super(message);
  }
}

/**
 * Safaricom Daraja's M-Pesa Express: OAuth (token cached until shortly before it expires), STK push, STK query.
 * One Africa/Nairobi timestamp per request, used for the password and the body alike.
 */
export class DarajaClient {
  private readonly logger = new Logger('Daraja');
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;

  constructor(private readonly config: PaymentConfig['daraja']) {}

  async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    this.pendingToken ??= this.fetchToken().finally(() => {
      this.pendingToken = null;
    });
    return this.pendingToken;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.consumerKey}:${this.config.consumerSecret}`).toString('base64');
    const res = await fetch(`${this.config.baseUrl}/oauth/v1/generate?grant_type=client_credentials`, {
      headers: { authorization: `Basic ${basic}` },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: string; errorMessage?: string };
    if (!res.ok || !body.access_token) throw new DarajaError(res.status, body.errorMessage ?? 'Daraja OAuth failed');
    // Refresh a minute early so a request never carries a token that expires on the way.
    const ttl = Math.max(0, Number(body.expires_in ?? 3599) - 60) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + ttl };
    return body.access_token;
  }

  private async post<T>(path: string, body: object): Promise<T> {
    const send = async () =>
      fetch(`${this.config.baseUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    let res = await send();
    if (res.status === 401) {
      // The cached token was revoked or expired early: fetch a new one once.
      this.token = null;
      res = await send();
    }
    const reply = (await res.json().catch(() => ({}))) as T & { errorCode?: string; errorMessage?: string };
    if (!res.ok) throw new DarajaError(res.status, reply.errorMessage ?? `Daraja answered ${res.status}`, reply.errorCode);
    return reply;
  }

  async stkPush(request: StkPushRequest, now = new Date()): Promise<StkPushResponse> {
    const timestamp = darajaTimestamp(now);
    const { shortcode, passkey } = this.config;
    const reply = await this.post<StkPushResponse>('/mpesa/stkpush/v1/processrequest', {
      BusinessShortCode: shortcode,
      Password: stkPassword(shortcode, passkey, timestamp),
      Timestamp: timestamp,
      TransactionType: 'CustomerPayBillOnline',
      Amount: request.amount,
      PartyA: request.phone,
      PartyB: shortcode,
      PhoneNumber: request.phone,
      CallBackURL: request.callbackUrl,
      AccountReference: request.accountReference,
      TransactionDesc: request.description,
    });
    if (reply.ResponseCode !== '0') throw new DarajaError(400, reply.ResponseDescription || 'STK push refused');
    return reply;
  }

  /** The push's outcome; 'pending' while Safaricom still processes it ("The transaction is being processed"). */
  async stkQuery(checkoutRequestId: string, now = new Date()): Promise<StkQueryResult> {
    const timestamp = darajaTimestamp(now);
    const { shortcode, passkey } = this.config;
    try {
      const reply = await this.post<{ ResultCode?: string | number; ResultDesc?: string }>('/mpesa/stkpushquery/v1/query', {
        BusinessShortCode: shortcode,
        Password: stkPassword(shortcode, passkey, timestamp),
        Timestamp: timestamp,
        CheckoutRequestID: checkoutRequestId,
      });
      if (reply.ResultCode === undefined) return { state: 'pending' };
      return { state: 'done', resultCode: String(reply.ResultCode), resultDesc: reply.ResultDesc ?? '' };
    } catch (error) {
      if (error instanceof DarajaError && /being processed/i.test(error.message)) return { state: 'pending' };
      this.logger.warn(`STK query ${checkoutRequestId} failed: ${(error as Error).message}`);
      throw error;
    }
  }

  /**
   * Asks M-Pesa about a transaction (Transaction Status API): by its receipt number, or, without one, by the id of
   * the request that started it (OriginalConversationID: for an STK push, its CheckoutRequestID). The answer comes
   * later, posted to `resultUrl` with the same OriginatorConversationID / ConversationID as this acknowledgement.
   */
  async transactionStatus(
    request: ({ receipt: string; originalConversationId?: undefined } | { receipt?: undefined; originalConversationId: string }) & { resultUrl: string; timeoutUrl: string; remarks: string },
  ): Promise<TransactionStatusAck> {
    const reply = await this.post<TransactionStatusAck>('/mpesa/transactionstatus/v1/query', {
      Initiator: this.config.initiatorName,
      SecurityCredential: this.config.securityCredential,
      CommandID: 'TransactionStatusQuery',
      TransactionID: request.receipt ?? '',
      ...(request.originalConversationId ? { OriginalConversationID: request.originalConversationId } : {}),
      PartyA: this.config.shortcode,
      IdentifierType: '4',
      ResultURL: request.resultUrl,
      QueueTimeOutURL: request.timeoutUrl,
      Remarks: request.remarks.slice(0, 100),
      Occasion: '',
    });
    if (String(reply.ResponseCode) !== '0' || !reply.ConversationID) throw new DarajaError(400, reply.ResponseDescription || 'Transaction status query refused');
    return reply;
  }
}
