import { REPORT_HEADERS_SW } from '@afya/service-shared';
import { headerRow, REPORTS } from './report-definitions';

describe('CSV header rows in Kiswahili (?lang=sw)', () => {
  const headers = new Set(Object.values(REPORTS).flatMap((report) => report.headers));

  it('the catalogue has a Kiswahili header for every column of every report, and no other', () => {
    expect([...headers].filter((header) => !REPORT_HEADERS_SW[header])).toEqual([]);
    expect(Object.keys(REPORT_HEADERS_SW).filter((header) => !headers.has(header))).toEqual([]);
  });

  it('only the names change: same columns, same order; English as it was', () => {
    for (const report of Object.values(REPORTS)) {
      expect(headerRow(report, 'en')).toEqual(report.headers);
      expect(headerRow(report, 'sw')).toHaveLength(report.headers.length);
      expect(headerRow(report, 'sw').filter((name, index) => name === report.headers[index])).toEqual([]);
    }
    expect(headerRow(REPORTS.revenue, 'sw').slice(0, 2)).toEqual(['Namba ya malipo', 'Namba ya miadi']);
  });
});
