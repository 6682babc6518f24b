import { render, screen } from '@testing-library/react';
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
