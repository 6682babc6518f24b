import { isRowsPage, LIST_LIMIT_DEFAULT, pageOf, rowsPage } from './list-page';

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

describe('rowsPage', () => {
  it('is one page and the whole list\'s total (a list answered whole: its rows)', () => {
    expect(rowsPage([{ id: 1 }, { id: 2 }])).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(rowsPage([{ id: 3 }], 41)).toEqual({ rows: [{ id: 3 }], total: 41 });
  });

  it('is told from other replies as it crosses the bus (a plain object)', () => {
    expect(isRowsPage(JSON.parse(JSON.stringify(rowsPage([], 0))))).toBe(true);
    for (const other of [null, [], { complaints: [], total: 1 }, { rows: 'x', total: 1 }, { rows: [] }]) expect(isRowsPage(other)).toBe(false);
  });
});
