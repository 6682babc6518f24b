/** The auth service's request-reply patterns: its own file, so the call declarations (calls.ts) and index.ts do not import each other. */

/** Request-reply patterns (NATS subjects without the bus namespace). */
export const AuthPatterns = {
  register: 'auth.v1.register',
  login: 'auth.v1.login',
  logout: 'auth.v1.logout',
  getProfile: 'auth.v1.profile.get',
  updateProfile: 'auth.v1.profile.update',
  changePassword: 'auth.v1.password.change',
  /** POST /auth/forgot-password: a reset link by email, or a 6-digit code by SMS; the same reply either way. */
  forgotPassword: 'auth.v1.password.forgot',
  /** POST /auth/reset-password: a link's token or a phone and its code, and the new password. */
  resetPassword: 'auth.v1.password.reset',
  uploadPicture: 'auth.v1.picture.upload',
  getPicture: 'auth.v1.picture.get',
  publicKeys: 'auth.v1.keys',
  revocations: 'auth.v1.revocations',
  listUsers: 'auth.v1.admin.users.list',
  createUser: 'auth.v1.admin.users.create',
  updateUser: 'auth.v1.admin.users.update',
  deleteUser: 'auth.v1.admin.users.delete',
  /** A patient asks for erasure of their account (data rights); an admin approves or rejects it. */
  requestErasure: 'auth.v1.erasure.request',
  erasureStatus: 'auth.v1.erasure.status',
  listErasures: 'auth.v1.admin.erasures.list',
  decideErasure: 'auth.v1.admin.erasures.decide',
  /** The caller's own account, for their data export (the gateway collects every service's part). */
  dataExport: 'auth.v1.data-export',
  /** Family care (issue 36): the caller's family, dependants, invitations, ending links. */
  family: 'auth.v1.family.get',
  addDependant: 'auth.v1.family.dependants.add',
  invite: 'auth.v1.family.invitations.send',
  acceptInvitation: 'auth.v1.family.invitations.accept',
  declineInvitation: 'auth.v1.family.invitations.decline',
  endMemberLink: 'auth.v1.family.members.end',
  endCarerLink: 'auth.v1.family.carers.end',
  /** Service to service: may the caller use this scope for this member now? (the appointment and prescription services ask) */
  familyAccess: 'auth.v1.family.access',
  /** The USSD PIN (issue 42): the patient's own (set, status, remove), and the gateway's USSD menu signing a phone in. */
  ussdPinSet: 'auth.v1.ussd-pin.set',
  ussdPinStatus: 'auth.v1.ussd-pin.status',
  ussdPinRemove: 'auth.v1.ussd-pin.remove',
  ussdSignIn: 'auth.v1.ussd.sign-in',
  health: 'auth.v1.health',
} as const;
