/** Validation messages of SPEC.md section 5, shared by every DTO that checks the same field. */
export const Messages = {
  email: 'Please enter a valid email',
  password: 'Password must be at least 6 characters',
  firstname: 'First name must be at least 2 characters',
  lastname: 'Last name must be at least 2 characters',
  phone: 'Phone number must be at least 10 digits',
  address: 'Address must be at least 10 characters',
  role: 'Role must be one of user, doctor, admin',
  status: 'Status must be one of active, inactive, suspended',
} as const;
