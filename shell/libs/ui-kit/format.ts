import { formatNumber } from '../i18n/format';

/** The one money formatter, in the page's language: formatKsh(1500) → 'Ksh 1,500' (shell/i18n). */
export { formatKsh } from '../i18n/format';

/** Initials for avatars: 'Amina Wanjiku' → 'AW'. */
export function initials(first?: string | null, last?: string | null): string {
  const a = (first ?? '').trim().charAt(0);
  const b = (last ?? '').trim().charAt(0);
  return (a + b).toUpperCase() || '?';
}

/** A count with its noun, in the right number: countOf(1, 'user') → '1 user', countOf(1200, 'user') → '1,200 users'. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(n)} ${n === 1 ? singular : plural}`;
}
