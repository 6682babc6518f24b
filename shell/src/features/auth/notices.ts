// What the sign-in and registration pages pass on with the navigation (router state), said on the next page.
export const LOGIN_SUCCESS = 'Login successful!';
export const REGISTERED = 'Registration successful! Please login.';

export interface AuthNotice {
  notice?: typeof LOGIN_SUCCESS | typeof REGISTERED;
}
