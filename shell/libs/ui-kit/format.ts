const ksh = new Intl.NumberFormat('en-KE', { maximumFractionDigits: 2, minimumFractionDigits: 0 });

/** The one money formatter: formatKsh(1500) → 'Ksh 1,500'. Accepts numbers or numeric strings (API numerics). */
export function formatKsh(n: number | string | null | undefined): string {
  const v = typeof n === 'string' ? Number(n) : n;
  if (v === null || v === undefined || !Number.isFinite(v)) return 'Ksh 0';
  const sign = v < 0 ? '-' : '';
  return `${sign}Ksh ${ksh.format(Math.abs(v))}`;
}

/** Initials for avatars: 'Amina Wanjiku' → 'AW'. */
export function initials(first?: string | null, last?: string | null): string {
  const a = (first ?? '').trim().charAt(0);
  const b = (last ?? '').trim().charAt(0);
  return (a + b).toUpperCase() || '?';
}

const count = new Intl.NumberFormat('en-KE');

/** A count with its noun, in the right number: countOf(1, 'user') → '1 user', countOf(1200, 'user') → '1,200 users'. */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${count.format(n)} ${n === 1 ? singular : plural}`;
}
