import { cleanName, UpdateProfilePayload } from '../../contracts';

export { cleanName };

/**
 * The profile fields a person may change, as stored: names without bidi controls, all trimmed. The rules they are
 * held to (the registration rules, CONTRACT.md §5) are the contract's UpdateProfileBodySchema, checked before this.
 */
export function cleanProfileChanges(changes: UpdateProfilePayload): Pick<UpdateProfilePayload, 'firstname' | 'lastname' | 'contact_phone' | 'address' | 'language'> {
  const out: Pick<UpdateProfilePayload, 'firstname' | 'lastname' | 'contact_phone' | 'address' | 'language'> = {};
  if (changes.firstname !== undefined) out.firstname = cleanName(changes.firstname);
  if (changes.lastname !== undefined) out.lastname = cleanName(changes.lastname);
  if (changes.contact_phone !== undefined) out.contact_phone = changes.contact_phone.trim();
  if (changes.address !== undefined) out.address = changes.address.trim();
  if (changes.language !== undefined) out.language = changes.language;
  return out;
}
