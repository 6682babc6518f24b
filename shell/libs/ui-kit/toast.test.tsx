import { act, render, screen } from '@testing-library/react';
import { ThemeProvider } from './ThemeProvider';
import { PHONE_SCREEN, toast } from './toast';

// Where a toast shows: top-right (CONTRACT.md §9), but from the bottom on a phone, where a top toast spans the screen
// and covered the page's header and Back link.
function screenWidth(phone: boolean) {
  const real = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...real(query), matches: query === PHONE_SCREEN ? phone : real(query).matches })) as typeof window.matchMedia;
  return () => (window.matchMedia = real);
}

afterEach(() => act(() => toast.dismiss()));

it.each([
  ['on a wide screen a toast shows top right', false, 'ant-notification-topRight'],
  ['on a phone a toast comes up from the bottom', true, 'ant-notification-bottom'],
])('%s', async (_, phone, placement) => {
  const restore = screenWidth(phone);
  try {
    render(
      <ThemeProvider>
        <p>page</p>
      </ThemeProvider>,
    );
    act(() => void toast.success('Profile updated successfully!'));
    const text = await screen.findByText('Profile updated successfully!');
    expect(text.closest('.ant-notification')).toHaveClass(placement);
  } finally {
    restore();
  }
});
