/** Marketing copy for the public pages (CONTRACT.md §1). */
import { SPECIALIZATIONS } from '@afya/appointment-service/contracts/catalog';

export const STATS = [
  { value: '10,000+', label: 'Patients' },
  { value: '500+', label: 'Doctors' },
  { value: '50+', label: 'Specialties' },
  { value: '99.9%', label: 'Uptime' },
  { value: '99%', label: 'Satisfaction' },
];

/** The 12 specialties of CONTRACT.md §1: the appointment service's list. */
export const SPECIALTIES: readonly string[] = SPECIALIZATIONS;

export const FEATURES = [
  {
    key: 'booking',
    title: 'Appointment Booking',
    text: 'Pick a doctor, a day and a free time slot. Your booking is confirmed instantly, with no queue at reception.',
  },
  {
    key: 'telemedicine',
    title: 'Telemedicine',
    text: 'See your doctor by video from home in Nakuru, Eldoret or Mombasa, without the matatu ride.',
  },
  {
    key: 'records',
    title: 'Medical Records',
    text: 'Prescriptions and visit history in one secure place. Download a prescription as PDF for your chemist.',
  },
  {
    key: 'monitoring',
    title: 'Health Monitoring',
    text: 'Follow-ups and reminders keep chronic conditions like diabetes and hypertension on track.',
  },
  {
    key: 'family',
    title: 'Family Care',
    text: 'Book for your children and parents from one account, with paediatric and geriatric specialists.',
  },
  {
    key: 'billing',
    title: 'Insurance & Billing',
    text: 'Clear fees in Ksh before you book. Pay by M-Pesa or card and keep every receipt.',
  },
  {
    key: 'support',
    title: '24/7 Support',
    text: 'Our care team answers day and night by phone, email or a support ticket.',
  },
];

export const CONTACT = {
  phone: '+254 709 123 456',
  phoneHref: 'tel:+254709123456',
  email: 'hello@afya.co.ke',
  address: 'Afya House, 4th Floor, Upper Hill Road, Nairobi',
  hours: ['Mon-Fri 8:00 AM - 6:00 PM', 'Sat-Sun 9:00 AM - 4:00 PM', 'Emergency support 24/7'],
};
