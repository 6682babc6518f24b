import { screen } from '@testing-library/react';
import { renderAt } from '../../../test/render';
import { PaymentCancelPage } from './PaymentCancelPage';

/** Interactive content inside interactive content (a button in a link): invalid HTML, two Tab stops for one action. */
const nestedControls = () => document.querySelectorAll('a button, a a, button a, button button, a [tabindex], button [tabindex]').length;

describe('/payment-cancel', () => {
  it('offers its two ways on as links, each one Tab stop', () => {
    renderAt(<PaymentCancelPage />, { route: '/payment-cancel', path: '/payment-cancel' });
    expect(screen.getByRole('link', { name: 'View Appointments' })).toHaveAttribute('href', '/dashboard/appointments');
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(nestedControls()).toBe(0);
  });
});
