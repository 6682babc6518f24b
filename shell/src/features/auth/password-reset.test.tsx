import { AuthMessages } from '@afya/auth-service/contracts/catalog';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, passwordResetApi } from 'shell/api-client';
import { renderAt } from '../../../test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const type = (label: string, value: string) => {
  const field = screen.getByLabelText(label);
  fireEvent.change(field, { target: { value } });
  fireEvent.blur(field);
};

beforeEach(() => jest.restoreAllMocks());

describe('forgotten password pages', () => {
  it('the sign-in page links to "Forgot password?"', () => {
    renderAt(<LoginPage />);
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('asks for a link by email and says the same thing whatever the answer', async () => {
    const forgot = jest.spyOn(passwordResetApi, 'forgot').mockResolvedValue({ message: AuthMessages.resetSent });
    renderAt(<ForgotPasswordPage />);
    type('Email', 'amina@example.co.ke');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(AuthMessages.resetSent)).toBeInTheDocument();
    expect(forgot).toHaveBeenCalledWith({ email: 'amina@example.co.ke' });
  });

  it('a link sets the new password only when the form is sent, and the passwords must match', async () => {
    const reset = jest.spyOn(passwordResetApi, 'reset').mockResolvedValue({ message: AuthMessages.resetDone });
    renderAt(<ResetPasswordPage />, { route: '/reset-password?token=abc123' });
    expect(reset).not.toHaveBeenCalled();
    type('New password', 'Brand#New2026');
    type('Confirm new password', 'Brand#New2027');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(AuthMessages.passwordsDontMatch)).toBeInTheDocument();
    expect(reset).not.toHaveBeenCalled();
    type('Confirm new password', 'Brand#New2026');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(reset).toHaveBeenCalledWith({ token: 'abc123', newPassword: 'Brand#New2026' }));
  });

  it('an SMS code is entered with the new password; a refused code is said', async () => {
    jest.spyOn(passwordResetApi, 'reset').mockRejectedValue(new ApiError(AuthMessages.resetCodeInvalid, 400, AuthMessages.resetCodeInvalid));
    renderAt(<ResetPasswordPage />, { route: '/reset-password?phone=0712345678' });
    type('Code from the SMS', '123456');
    type('New password', 'Brand#New2026');
    type('Confirm new password', 'Brand#New2026');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(AuthMessages.resetCodeInvalid)).toBeInTheDocument();
    expect(passwordResetApi.reset).toHaveBeenCalledWith({ phone: '0712345678', code: '123456', newPassword: 'Brand#New2026' });
  });
});
