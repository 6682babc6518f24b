import { LIST_LIMIT_DEFAULT, pageOf } from './list-page';

describe('pageOf', () => {
  it('defaults to the first 1,000 rows', () => {
    expect(LIST_LIMIT_DEFAULT).toBe(1000);
    expect(pageOf(undefined)).toEqual({ limit: 1000, offset: 0 });
    expect(pageOf({})).toEqual({ limit: 1000, offset: 0 });
  });

  it('keeps a valid page and clamps what the gateway would have refused', () => {
    expect(pageOf({ limit: 20, offset: 40 })).toEqual({ limit: 20, offset: 40 });
    expect(pageOf({ limit: 5000, offset: -3 })).toEqual({ limit: 1000, offset: 0 });
    expect(pageOf({ limit: 0 })).toEqual({ limit: 1000, offset: 0 });
    expect(pageOf({ limit: Number.NaN, offset: 2.7 })).toEqual({ limit: 1000, offset: 2 });
  });
});
