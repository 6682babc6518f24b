/**
 * The CSV reports' header row in Kiswahili (?lang=sw), keyed by the English header. Only the header row is
 * translated: the columns, their order and their values stay as in English, so a spreadsheet reads both alike.
 */
export const REPORT_HEADERS_SW: Readonly<Record<string, string>> = {
  'Appointment ID': 'Namba ya miadi',
  Patient: 'Mgonjwa',
  'Patient Email': 'Barua pepe ya mgonjwa',
  Doctor: 'Daktari',
  'Appointment Date': 'Tarehe ya miadi',
  'Time Slot': 'Muda wa miadi',
  Type: 'Aina',
  Visit: 'Ziara',
  Status: 'Hali',
  'Amount (Ksh)': 'Kiasi (Ksh)',
  Paid: 'Imelipwa',
  'Booked At': 'Iliwekwa',
  'User ID': 'Namba ya mtumiaji',
  'First Name': 'Jina la kwanza',
  'Last Name': 'Jina la mwisho',
  Email: 'Barua pepe',
  Phone: 'Simu',
  Role: 'Jukumu',
  'Registered At': 'Alisajiliwa',
  'Payment ID': 'Namba ya malipo',
  Method: 'Njia ya malipo',
  'Refunded (Ksh)': 'Kilichorejeshwa (Ksh)',
  'Net (Ksh)': 'Kiasi halisi (Ksh)',
  'Provider Reference': 'Kumbukumbu ya mtoa huduma',
  Date: 'Tarehe',
  'Prescription ID': 'Namba ya agizo la dawa',
  Medicines: 'Dawa',
  'Issued At': 'Lilitolewa',
  // issue 38: the revenue CSV's split
  'Paid As': 'Aina ya malipo',
  Payer: 'Mlipaji',
  'Insurer Expected (Ksh)': 'Inatarajiwa kutoka kwa bima (Ksh)',
};
