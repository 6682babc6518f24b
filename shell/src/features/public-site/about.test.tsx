import { act, render, screen } from '@testing-library/react';
import { setLanguage } from 'shell/i18n';
import { AboutPage, teamInitials } from './AboutPage';

it("draws the team's portraits instead of loading photo files that do not exist", () => {
  const { container } = render(<AboutPage />);
  // No request for an image at all: the old /images/team/*.jpg were 404s.
  expect(container.querySelectorAll('img')).toHaveLength(0);
  const avatars = screen.getAllByTestId('team-avatar');
  expect(avatars.map((a) => a.textContent)).toEqual(['AO', 'GW', 'BK', 'FH']);
  expect(screen.getByText('Dr. Achieng Otieno')).toBeInTheDocument();
  expect(screen.getByText('Head of Patient Experience')).toBeInTheDocument();
});

it('takes the initials of the name without the title', () => {
  expect(teamInitials('Dr. Grace Wanjiku')).toBe('GW');
  expect(teamInitials('Fatuma  Hassan')).toBe('FH');
});

it('gives the doctors on the team their title in the page’s language (Dkt. in Kiswahili, not Dr.)', async () => {
  await act(() => setLanguage('sw', { chosen: false }));
  try {
    render(<AboutPage />);
    expect(screen.getByText('Dkt. Achieng Otieno')).toBeInTheDocument();
    expect(screen.getByText('Dkt. Grace Wanjiku')).toBeInTheDocument();
    expect(screen.getByText('Brian Kiprotich')).toBeInTheDocument();
    expect(screen.queryByText(/^Dr\. /)).not.toBeInTheDocument();
    expect(screen.getAllByTestId('team-avatar').map((a) => a.textContent)).toEqual(['AO', 'GW', 'BK', 'FH']);
  } finally {
    await act(() => setLanguage('en', { chosen: false }));
  }
});
