import type { Page } from 'puppeteer';
import { expectEveryScreenAudited, noteShown } from './accessibility';

/** Only what the bookkeeping reads of a page: its URL. */
const pageAt = (url: string) => ({ url: () => url }) as unknown as Page;

describe('the journeys audit every screen they show', () => {
  it('a path waitForText saw but no auditScreen checked fails the journey, naming the path', () => {
    const page = pageAt('http://127.0.0.1:3150/dashboard/payments?tab=history');
    expect(() => expectEveryScreenAudited(page)).not.toThrow();
    noteShown(page);
    expect(() => expectEveryScreenAudited(page)).toThrow('screens shown but never audited (call auditScreen where each has settled): /dashboard/payments');
  });

  it('pages are counted apart, and a page that is no web page (about:blank) shows nothing to audit', () => {
    noteShown(pageAt('http://127.0.0.1:3150/login'));
    const blank = pageAt('about:blank');
    noteShown(blank);
    expect(() => expectEveryScreenAudited(blank)).not.toThrow();
  });
});
