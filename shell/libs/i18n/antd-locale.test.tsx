import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, ConfigProvider, DatePicker, Empty, Form, Input, Popconfirm, Table, Upload } from 'antd';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import { setLanguage } from 'shell/i18n';
import sw from '../../locales/sw.json';
import { ThemeProvider } from '../ui-kit/ThemeProvider';
import { antdLocale } from './antd-locale';

type Tree = { [key: string]: unknown };

/** 'a.b' → every text of antd's English locale (arrays' items too). */
function texts(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (Array.isArray(tree)) return tree.flatMap((item, i) => texts(item, `${prefix}[${i}]`));
  if (!tree || typeof tree !== 'object') return [];
  return Object.entries(tree as Tree).flatMap(([key, value]) => texts(value, prefix ? `${prefix}.${key}` : key));
}

/** The calendar header's aria-labels, dropped so the buttons are named by what they show (antd-locale.ts). */
const HEADER_LABELS = /^(DatePicker|Calendar)\.lang\.(monthSelect|yearSelect)$/;

// Not words a reader sees: dayjs formats, locale names, Transfer's empty titles.
const NOT_TEXT = /(^locale$|\.locale$|Format$|^Transfer\.titles)/;
const englishTexts = texts(enUS).filter(([key, value]) => !NOT_TEXT.test(key) && value.trim() !== '');

function at(tree: unknown, path: string): unknown {
  return path.split(/\.|\[(\d+)\]/).filter(Boolean).reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);
}

describe("antd's own texts in Kiswahili (antd 6 ships no Kiswahili locale: ours, from the shell catalogue)", () => {
  it('replaces every text of antd’s English locale, pairs and Calendar/TimePicker included', () => {
    const locale = antdLocale('sw', sw.antd);
    const untranslated = englishTexts.filter(([key, english]) => {
      if (HEADER_LABELS.test(key)) return false; // dropped in both languages (below)
      const ours = at(locale, key);
      return typeof ours !== 'string' || ours === english || !ours.trim();
    });
    expect(untranslated).toEqual([]);
    expect(locale.DatePicker?.lang.rangePlaceholder).toEqual(['Kuanzia', 'Hadi']);
    expect(locale.Calendar).toBe(locale.DatePicker);
    expect(locale.TimePicker).toEqual({ placeholder: 'Chagua saa', rangePlaceholder: ['Saa ya kuanza', 'Saa ya mwisho'] });
  });

  it('keeps English antd’s, but for the calendar header’s labels', () => {
    const english = antdLocale('en', sw.antd);
    expect(texts(english).filter(([key]) => !HEADER_LABELS.test(key))).toEqual(texts(enUS).filter(([key]) => !HEADER_LABELS.test(key)));
  });

  it.each(['en', 'sw'] as const)('names the calendar’s month and year buttons by what they show (%s; WCAG 2.5.3)', async (language) => {
    await act(() => setLanguage(language, { chosen: false }));
    try {
      render(
        <ThemeProvider>
          <DatePicker open defaultPickerValue={dayjs('2026-12-08')} getPopupContainer={(node) => node.parentElement!} />
        </ThemeProvider>,
      );
      const month = document.querySelector<HTMLButtonElement>('.ant-picker-month-btn')!;
      const year = document.querySelector<HTMLButtonElement>('.ant-picker-year-btn')!;
      expect(year).toHaveTextContent('2026');
      expect(year).toHaveAccessibleName('2026');
      expect(month.textContent).toMatch(/^(Dec|Des)$/);
      expect(month).toHaveAccessibleName(month.textContent!);
    } finally {
      await act(() => setLanguage('en', { chosen: false }));
    }
  });

  describe('a Kiswahili screen with a table, pagination, date pickers, an empty state, a confirmation, a form and an upload', () => {
    beforeEach(async () => {
      await act(() => setLanguage('sw', { chosen: false }));
    });
    afterEach(async () => {
      await act(() => setLanguage('en', { chosen: false }));
    });

    const rows = Array.from({ length: 60 }, (_, i) => ({ key: i, name: `Amina ${i}`, status: i % 2 ? 'A' : 'B' }));

    function Screen() {
      const [form] = Form.useForm();
      // zeroRuntime: antd injects no CSS here. This check is about texts; with every component's styles in the page,
      // each getComputedStyle antd makes while rendering matched thousands of rules in jsdom (render 20-40 s and
      // getByRole 25 s on a loaded machine, a 30 s timeout in CI; now ~4 s in all).
      return (
        <ThemeProvider>
          <ConfigProvider theme={{ zeroRuntime: true }}>
            <Table
              dataSource={rows}
              rowSelection={{ selections: true }}
              pagination={{ pageSize: 10, showSizeChanger: true, showQuickJumper: true }}
              columns={[
                { title: 'Jina', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
                { title: 'Hali', dataIndex: 'status', filters: [{ text: 'A', value: 'A' }], filterSearch: true, onFilter: (v, r) => r.status === v },
              ]}
            />
            <Table dataSource={[]} columns={[{ title: 'Jina', dataIndex: 'name' }]} />
            <Empty />
            <DatePicker open getPopupContainer={(node) => node.parentElement!} />
            <DatePicker.RangePicker />
            <Popconfirm title="Futa?" open>
              <Button>Futa</Button>
            </Popconfirm>
            <Form form={form}>
              <Form.Item label="Simu" name="phone" rules={[{ required: true }]}>
                <Input />
              </Form.Item>
              <Button onClick={() => void form.validateFields().catch(() => undefined)}>Hifadhi</Button>
            </Form>
            <Upload defaultFileList={[{ uid: '1', name: 'ripoti.pdf', status: 'done', url: 'https://example.test/ripoti.pdf' }]} />
          </ConfigProvider>
        </ThemeProvider>
      );
    }

    /** What a reader sees or hears: text, placeholders, titles, accessible names. */
    function readable(): string[] {
      const out = [document.body.textContent ?? ''];
      for (const el of document.querySelectorAll('[placeholder], [title], [aria-label]')) {
        for (const attr of ['placeholder', 'title', 'aria-label']) {
          const value = el.getAttribute(attr);
          if (value) out.push(value);
        }
      }
      return out;
    }

    it('shows none of antd’s English texts', async () => {
      render(<Screen />);
      fireEvent.click(screen.getByRole('button', { name: 'Hifadhi' }));
      expect(await screen.findByText('Tafadhali weka Simu')).toBeInTheDocument();
      // The filter menu, opened.
      fireEvent.click(document.querySelector('.ant-table-filter-trigger')!);
      await waitFor(() => expect(document.querySelector('.ant-table-filter-dropdown')).not.toBeNull());

      const seen = readable();
      // Kiswahili is there, from each part...
      for (const expected of ['Hakuna data', 'Leo', 'Sawa', 'Ghairi', 'Kuanzia', 'Nenda', 'Weka upya']) {
        expect(seen.some((text) => text.includes(expected))).toBe(true);
      }
      // ...and no English text of antd's locale (phrases, matched as whole words).
      const left = englishTexts
        .map(([, english]) => english.replace(/\$\{\w+\}/g, '').trim())
        .filter((english) => english.length > 2 && !/^[A-Z]?[a-z]?$/.test(english))
        .filter((english) => seen.some((text) => new RegExp(`(^|[^A-Za-z])${english.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`).test(text)));
      expect([...new Set(left)]).toEqual([]);
    });
  });
});
