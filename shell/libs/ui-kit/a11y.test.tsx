import { act, fireEvent, render, screen } from '@testing-library/react';
import { MAIN_ID, SkipLink, focusHeadingWhenShown } from './a11y';

describe('focus after a navigation and the skip link', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it("focuses the new page's h1 once it appears (pages load lazily), not the old page's", async () => {
    document.body.innerHTML = `<button id="menu">Appointments</button><main id="${MAIN_ID}"><h1>Dashboard</h1></main>`;
    const main = document.getElementById(MAIN_ID)!;
    const old = main.querySelector('h1')!;
    document.getElementById('menu')!.focus();
    focusHeadingWhenShown(old);
    expect(document.activeElement?.id).toBe('menu');
    await act(async () => {
      main.innerHTML = '<h1>My Appointments</h1>';
      await Promise.resolve();
    });
    expect(document.activeElement).toHaveTextContent('My Appointments');
    expect(document.activeElement).toHaveAttribute('tabindex', '-1');
  });

  it('leaves focus alone when the person has moved it meanwhile', async () => {
    document.body.innerHTML = `<button id="menu">Appointments</button><input id="search" /><main id="${MAIN_ID}"></main>`;
    document.getElementById('menu')!.focus();
    focusHeadingWhenShown(null);
    document.getElementById('search')!.focus();
    await act(async () => {
      document.getElementById(MAIN_ID)!.innerHTML = '<h1>Find Doctors</h1>';
      await Promise.resolve();
    });
    expect(document.activeElement?.id).toBe('search');
  });

  it("the skip link takes focus to the page's heading", () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="/x">Somewhere</a>
        </nav>
        <main id={MAIN_ID}>
          <h1>Book Appointment</h1>
        </main>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
  });
});
