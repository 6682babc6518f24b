import { badRequest } from '@afya/service-shared';
import { AuthMessages, LANGUAGES, MIN_ADDRESS_LENGTH, MIN_NAME_LENGTH, MIN_PHONE_LENGTH, UpdateProfilePayload } from '../../contracts';

/**
 * Bidirectional controls (LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI, LRM/RLM, ALM): invisible, and able to make a
 * name read differently from what it is ("Trojan Source" reordering in lists, receipts and audit views).
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** A person's name as stored: bidi controls removed, outer whitespace trimmed. */
export function cleanName(name: string): string {
  return name.replace(BIDI_CONTROLS, '').trim();
}

/** Names count non-blank characters once cleaned; phones count digits (+254 7.. and 07.. both pass). */
export function validName(name: string): boolean {
  return cleanName(name).length >= MIN_NAME_LENGTH;
}

export function validPhone(phone: string): boolean {
  return phone.replace(/\D/g, '').length >= MIN_PHONE_LENGTH;
}

/**
 * The profile fields a person may change, held to the registration rules (CONTRACT.md §5): names of at least
 * two non-blank characters, phone of at least ten digits, address of at least ten characters, language en or sw. Returns the
 * cleaned values of the fields present; throws 400 with the catalog's message for the first failing one.
 */
export function cleanProfileChanges(changes: UpdateProfilePayload): Pick<UpdateProfilePayload, 'firstname' | 'lastname' | 'contact_phone' | 'address' | 'language'> {
  const out: Pick<UpdateProfilePayload, 'firstname' | 'lastname' | 'contact_phone' | 'address' | 'language'> = {};
  if (changes.firstname !== undefined) {
    if (typeof changes.firstname !== 'string' || !validName(changes.firstname)) throw badRequest(AuthMessages.firstname);
    out.firstname = cleanName(changes.firstname);
  }
  if (changes.lastname !== undefined) {
    if (typeof changes.lastname !== 'string' || !validName(changes.lastname)) throw badRequest(AuthMessages.lastname);
    out.lastname = cleanName(changes.lastname);
  }
  if (changes.contact_phone !== undefined) {
    if (typeof changes.contact_phone !== 'string' || !validPhone(changes.contact_phone)) throw badRequest(AuthMessages.phone);
    out.contact_phone = changes.contact_phone.trim();
  }
  if (changes.address !== undefined) {
    if (typeof changes.address !== 'string' || changes.address.trim().length < MIN_ADDRESS_LENGTH) throw badRequest(AuthMessages.address);
    out.address = changes.address.trim();
  }
  if (changes.language !== undefined) {
    if (!(LANGUAGES as readonly unknown[]).includes(changes.language)) throw badRequest(AuthMessages.language);
    out.language = changes.language;
  }
  return out;
}
