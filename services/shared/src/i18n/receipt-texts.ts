import type { LanguageTexts } from './language';

/** The payment receipt PDF (payment service). */
export interface ReceiptTexts {
  documentTitle: (number: string, amount: string) => string;
  tagline: string;
  heading: string;
  paid: string;
  receiptNumber: string;
  datePaid: string;
  patient: string;
  unnamedPatient: (id: number) => string;
  doctor: string;
  doctorName: (name: string) => string;
  unnamedDoctor: (id: number) => string;
  appointment: string;
  paymentMethod: string;
  methodMpesa: string;
  methodCard: string;
  mpesaReceiptNumber: string;
  transactionId: string;
  amount: string;
  thanks: string;
  /** Issue 38: a covered visit's receipt (the member number masked but for its last 4). */
  payer: string;
  memberNumber: string;
  visitFee: string;
  coverAmount: string;
  youPaid: string;
}

export const RECEIPT_TEXTS: LanguageTexts<ReceiptTexts> = {
  en: {
    documentTitle: (number, amount) => `Afya receipt ${number}, ${amount}`,
    tagline: 'Medical appointments · Nairobi, Kenya',
    heading: 'Payment receipt',
    paid: 'Paid',
    receiptNumber: 'Receipt number',
    datePaid: 'Date paid',
    patient: 'Patient',
    unnamedPatient: (id) => `Patient #${id}`,
    doctor: 'Doctor',
    doctorName: (name) => `Dr. ${name}`,
    unnamedDoctor: (id) => `Doctor #${id}`,
    appointment: 'Appointment',
    paymentMethod: 'Payment method',
    methodMpesa: 'M-Pesa',
    methodCard: 'Card (Stripe)',
    mpesaReceiptNumber: 'M-Pesa receipt number',
    transactionId: 'Transaction ID',
    amount: 'Amount',
    thanks: 'Thank you for choosing Afya. Keep this receipt for your records and insurance claims.',
    payer: 'Insurance (payer)',
    memberNumber: 'Member number',
    visitFee: 'Visit fee',
    coverAmount: 'Expected from the payer',
    youPaid: 'Paid by you (co-pay)',
  },
  sw: {
    documentTitle: (number, amount) => `Risiti ya Afya ${number}, ${amount}`,
    tagline: 'Miadi ya matibabu · Nairobi, Kenya',
    heading: 'Risiti ya malipo',
    paid: 'Imelipwa',
    receiptNumber: 'Namba ya risiti',
    datePaid: 'Tarehe ya malipo',
    patient: 'Mgonjwa',
    unnamedPatient: (id) => `Mgonjwa #${id}`,
    doctor: 'Daktari',
    doctorName: (name) => `Dkt. ${name}`,
    unnamedDoctor: (id) => `Daktari #${id}`,
    appointment: 'Miadi',
    paymentMethod: 'Njia ya malipo',
    methodMpesa: 'M-Pesa',
    methodCard: 'Kadi (Stripe)',
    mpesaReceiptNumber: 'Namba ya risiti ya M-Pesa',
    transactionId: 'Namba ya muamala',
    amount: 'Kiasi',
    thanks: 'Asante kwa kuchagua Afya. Hifadhi risiti hii kwa kumbukumbu zako na madai ya bima.',
    payer: 'Bima (mlipaji)',
    memberNumber: 'Namba ya mwanachama',
    visitFee: 'Ada ya miadi',
    coverAmount: 'Inatarajiwa kutoka kwa mlipaji',
    youPaid: 'Ulicholipa (malipo ya ziada)',
  },
};
