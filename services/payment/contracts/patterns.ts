/** The payment service's bus patterns (their own file, so calls.ts and index.ts do not import each other). */
/** Request-reply patterns (NATS subjects without the bus namespace). */
export const PaymentPatterns = {
  health: 'payment.v1.health',
  /** The caller's own payments, for their data export (DataExportPaymentsReply). */
  dataExport: 'payment.v1.data-export',
  /** POST /payments/create: a Stripe Checkout Session for an own, unpaid appointment → {url}. */
  create: 'payment.v1.card.create',
  /** POST /payments/confirm: retrieve the session from Stripe and fulfil only if Stripe says it is paid. */
  confirm: 'payment.v1.card.confirm',
  /** POST /payments/stripe/webhook: the raw body and Stripe-Signature header, verified by the service. */
  stripeWebhook: 'payment.v1.card.webhook',
  /** POST /mpesa/stkpush */
  stkPush: 'payment.v1.mpesa.stkpush',
  /** GET /mpesa/status/:checkoutRequestId (owner or admin) */
  stkStatus: 'payment.v1.mpesa.status',
  /** POST /mpesa/callback/:token (Safaricom; no caller) */
  mpesaCallback: 'payment.v1.mpesa.callback',
  /** POST /mpesa/transaction-status/:token[/timeout] (Safaricom's answer to a Transaction Status query; no caller) */
  mpesaTransactionStatus: 'payment.v1.mpesa.transaction-status',
  /** GET /admin/payments: every payment and the total (PaymentHistoryReply; own for a patient, admin: all, with patient name). */
  history: 'payment.v1.history',
  /** GET /payments/history: one page of the caller's payments (admin: everyone's), newest first, as a RowsPage. */
  historyPage: 'payment.v1.history.page',
  /** GET /payments/:id/receipt: a PDF (BinaryRef) for a completed payment of the owner or an admin. */
  receipt: 'payment.v1.receipt',
  /** POST /admin/payments/:id/refund */
  refund: 'payment.v1.refund',
  /** GET /admin/payments/disputes (also the admin overview's "payment disputes"). */
  disputes: 'payment.v1.disputes',
} as const;
export type PaymentPattern = (typeof PaymentPatterns)[keyof typeof PaymentPatterns];
