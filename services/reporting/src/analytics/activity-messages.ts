import type { ActivityMessage } from '../../contracts';

/**
 * An activity line in English, from its message key and values: the entry's `title` / `detail` (the line CONTRACT.md §2 shows). The
 * key and values travel beside it, so the admin remote says the same line in Kiswahili without reading the English.
 */
export function activityEnglish(message: ActivityMessage): string {
  switch (message.key) {
    case 'user.name':
      return message.params.name;
    case 'user.id':
      return `User #${message.params.id}`;
    case 'user.registered':
      return `New ${message.params.role} registered`;
    case 'appointment.id':
      return `Appointment #${message.params.id}`;
    case 'appointment.for':
      return `Appointment #${message.params.id} for ${message.params.name}`;
    case 'appointment.when':
      return `${message.params.status} · ${message.params.date} ${message.params.slot}`;
    case 'payment.amount':
      return `Payment #${message.params.id} · Ksh ${message.params.amount.toLocaleString('en-KE')}`;
    case 'payment.status': {
      const { status, method, appointment_id } = message.params;
      return `${status}${method ? ` · ${method === 'mpesa' ? 'M-Pesa' : 'card'}` : ''}${appointment_id ? ` · appointment #${appointment_id}` : ''}`;
    }
  }
}

/** The entry's text fields: the English line and its message, from the message. */
export function activityLine(title: ActivityMessage, detail: ActivityMessage) {
  return { title: activityEnglish(title), detail: activityEnglish(detail), title_message: title, detail_message: detail };
}
