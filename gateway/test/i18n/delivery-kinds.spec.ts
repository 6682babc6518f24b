import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NOTIFICATION_KINDS } from '@afya/service-shared';
import { DELIVERY_KINDS } from '@afya/support-service/contracts';

/**
 * The admin's delivery log names every kind of message the platform sends, in both languages: a kind added to the
 * notifications without its label showed as its raw key ('waitlist-offer').
 */
describe('delivery log: every message kind has its label in the admin catalogues', () => {
  const kinds = [...NOTIFICATION_KINDS, 'password-reset', 'ussd-locked'];

  // The support contract's list is written out (the contracts import no runtime code): it must be the same kinds.
  it("the support contract's DELIVERY_KINDS are the notifications' kinds, the password reset and the USSD lock", () => {
    expect([...DELIVERY_KINDS].sort()).toEqual([...kinds].sort());
  });
  for (const language of ['en', 'sw']) {
    it(`${language}: delivery.kind has each kind`, () => {
      const catalogue = JSON.parse(readFileSync(join(__dirname, '../../../mfe-admin/locales', `${language}.json`), 'utf8')) as {
        delivery: { kind: Record<string, string> };
      };
      const missing = kinds.filter((kind) => !catalogue.delivery.kind[kind]?.trim());
      expect(missing).toEqual([]);
    });
  }
});
