import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LanguageSwitch, setLanguage, useTranslation } from 'shell/i18n';

function Label() {
  const { t } = useTranslation('shell');
  return <p>{t('language.label')}</p>;
}

describe('the language switch', () => {
  beforeEach(() => localStorage.clear());
  afterEach(async () => {
    await act(() => setLanguage('en', { chosen: false }));
  });

  it('switches the page to Kiswahili: texts, <html lang> and the remembered choice', async () => {
    render(
      <>
        <LanguageSwitch />
        <Label />
      </>,
    );
    expect(screen.getByText('Language')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Kiswahili' }));

    expect(await screen.findByText('Lugha')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Lugha' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kiswahili' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('sw');
    expect(localStorage.getItem('language')).toBe('sw');
  });
});
