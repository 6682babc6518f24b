import { SPECIALIZATIONS } from '@afya/appointment-service/contracts/catalog';
import { act, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { setLanguage } from 'shell/i18n';
import { AuthFrame } from '../auth/AuthFrame';
import { AboutPage } from './AboutPage';
import { HomePage } from './HomePage';
import { ServicesPage } from './ServicesPage';

// What the public pages say about the product must be true of it: the number of specialties is the number a
// patient can book (the appointment contract's list), in both languages, on every page that names it.

const COUNT = SPECIALIZATIONS.length;

function page(ui: React.ReactElement) {
  return render(<MemoryRouter>{ui}</MemoryRouter>).container;
}
const pages = () => [
  page(<HomePage />),
  page(<AboutPage />),
  page(<ServicesPage />),
  page(
    <AuthFrame title="Sign in" subtitle="">
      <p />
    </AuthFrame>,
  ),
];

describe('the public pages’ specialty count', () => {
  afterEach(() => act(() => setLanguage('en', { chosen: false })));

  it.each([
    ['en', /\b50\+|\b30 specialties|more than 50/i, `${COUNT} specialties`],
    ['sw', /\b50\+|zaidi ya 50\b|taaluma 30/i, `taaluma ${COUNT}`],
  ])('says the %s reader the product has as many specialties as it lists, and no other figure', async (language, wrong, right) => {
    await act(() => setLanguage(language as 'en' | 'sw', { chosen: false }));
    const text = pages()
      .map((c) => c.textContent ?? '')
      .join('\n');
    expect(text).not.toMatch(wrong);
    // The home page's figure, the sign-in frame, the services page's "why" list and the about page's 2025 line.
    expect(text.split(right).length - 1).toBe(3);
    const stats = screen.getByRole('region', { name: language === 'en' ? 'Statistics' : 'Takwimu' });
    expect(within(stats).getByText(String(COUNT))).toBeInTheDocument();
  });

  it('lists every specialty it counts on the services page', () => {
    const services = page(<ServicesPage />);
    const heading = within(services).getByRole('heading', { name: 'Specialties' });
    const list = heading.closest('section')!.querySelector('ul')!;
    expect(within(list).getAllByRole('listitem')).toHaveLength(COUNT);
  });
});
