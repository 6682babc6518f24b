import type { MessageLanguage } from './language';

/**
 * The names of fixed choices a person reads on a document (appointment types, specializations, visit modes):
 * CONTRACT.md's English values as keys. A value not listed is printed as it is.
 */
export const CHOICE_LABELS_SW: Readonly<Record<string, string>> = {
  'Regular Checkup': 'Uchunguzi wa kawaida',
  'Follow-up': 'Ufuatiliaji',
  Consultation: 'Ushauri wa daktari',
  Emergency: 'Dharura',
  Vaccination: 'Chanjo',
  'Lab Work': 'Vipimo vya maabara',
  Cardiology: 'Magonjwa ya moyo',
  Dermatology: 'Magonjwa ya ngozi',
  Endocrinology: 'Magonjwa ya homoni',
  Gastroenterology: 'Magonjwa ya tumbo',
  Neurology: 'Magonjwa ya mishipa ya fahamu',
  Oncology: 'Saratani',
  Orthopedics: 'Mifupa',
  Pediatrics: 'Magonjwa ya watoto',
  Psychiatry: 'Afya ya akili',
  Radiology: 'Radiolojia',
  Surgery: 'Upasuaji',
  Urology: 'Magonjwa ya njia ya mkojo',
  'In person': 'Ana kwa ana',
  Video: 'Video',
};

export function choiceLabel(value: string, language: MessageLanguage): string {
  return language === 'sw' ? (CHOICE_LABELS_SW[value] ?? value) : value;
}

/** A clinic slot as its reader writes time: '02:30 PM' in English (as booked), '14:30' in Kiswahili. */
export function slotLabel(slot: string, language: MessageLanguage): string {
  if (language === 'en') return slot;
  const match = /^(\d{1,2}):(\d{2})\s*(AM|PM)$/i.exec(slot.trim());
  if (!match) return slot;
  const hour = (Number(match[1]) % 12) + (match[3].toUpperCase() === 'PM' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${match[2]}`;
}
