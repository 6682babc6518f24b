/**
 * The OpenAPI document (/api/docs-json) against the API contract (CONTRACT.md §7): every call of the contract is there, and the
 * reply it documents is the contract's shape: the bare array for an unnamed list, the object itself for an unnamed
 * item, an object with the named keys otherwise. The gateway documents these replies from the calls' declarations in the
 * contracts (their zod reply schemas: gateway/src/common/calls/calls-docs.ts), so a renamed field cannot drift here.
 */
import { api, expectStatus } from './api';

type Shape = 'list' | { item: string[] } | { keys: string[] } | 'any';

/** The contract's calls (method, path as OpenAPI writes it, reply). 'any': a reply the contract does not describe. */
const CONTRACT: [string, string, Shape][] = [
  ['post', '/api/auth/login', { keys: ['token', 'user'] }],
  ['post', '/api/auth/register', { keys: ['user'] }],
  ['get', '/api/user/profile', { keys: ['user'] }],
  ['get', '/api/user/dashboard', { keys: ['stats'] }],
  ['post', '/api/user/profile-picture', { keys: ['url'] }],
  ['patch', '/api/user/profile', 'any'],
  ['post', '/api/user/change-password', 'any'],
  ['get', '/api/appointments', 'list'],
  ['get', '/api/appointments/stats', { keys: ['data'] }],
  ['get', '/api/appointments/doctors', { keys: ['doctors'] }],
  ['get', '/api/appointments/doctor', 'list'],
  ['get', '/api/appointments/admin/all', 'list'],
  ['post', '/api/appointments', { keys: ['appointment', 'appointment_id'] }],
  ['patch', '/api/appointments/{id}', 'any'],
  ['patch', '/api/appointments/{id}/status', { keys: ['appointment'] }],
  ['patch', '/api/appointments/{id}/override', 'any'],
  ['patch', '/api/appointments/{id}/amount', 'any'],
  ['delete', '/api/appointments/{id}', 'any'],
  ['get', '/api/prescriptions/user', 'list'],
  ['get', '/api/prescriptions/doctor', 'list'],
  ['get', '/api/prescriptions', 'list'],
  ['get', '/api/prescriptions/{id}', { item: ['prescription_id', 'appointment_id', 'doctor_id', 'patient_id', 'doctor_name', 'appointment_date', 'issued_at', 'updated_at', 'notes', 'medicines'] }],
  ['get', '/api/prescriptions/{id}/pdf', 'any'],
  ['post', '/api/prescriptions', { keys: ['prescription'] }],
  ['patch', '/api/prescriptions/{id}', 'any'],
  ['delete', '/api/prescriptions/{id}', 'any'],
  ['get', '/api/medical-history', { keys: ['history'] }],
  ['get', '/api/medical-history/self', { keys: ['appointments', 'prescriptions'] }],
  ['get', '/api/medical-history/user/{userId}', { keys: ['records'] }],
  ['get', '/api/doctor/notifications', { keys: ['emergencies', 'labResults'] }],
  ['get', '/api/doctor/performance', { keys: ['patientsSeen', 'avgRating', 'onTimeRate', 'avgConsultation'] }],
  ['patch', '/api/doctor/{id}/fee', 'any'],
  ['get', '/api/doctor/profile-by-user/{userId}', { keys: ['doctor_id', 'fee'] }],
  ['post', '/api/payments/create', { keys: ['url'] }],
  ['post', '/api/payments/confirm', 'any'],
  ['get', '/api/payments/history', 'list'],
  ['get', '/api/payments/{id}/receipt', 'any'],
  ['post', '/api/mpesa/stkpush', 'any'],
  ['get', '/api/support', 'list'],
  ['get', '/api/support/all', 'list'],
  ['get', '/api/support/doctor', 'list'],
  ['post', '/api/support', 'any'],
  ['patch', '/api/support/{id}', 'any'],
  ['patch', '/api/support/{id}/status', 'any'],
  ['delete', '/api/support/{id}', 'any'],
  ['get', '/api/support/{id}/messages', 'list'],
  ['post', '/api/support/{id}/messages', 'any'],
  ['get', '/api/admin/analytics/summary', { keys: ['totals', 'recentUsers', 'recentAppointments', 'recentPayments', 'pendingDoctors', 'paymentDisputes'] }],
  ['get', '/api/admin/analytics/bookings', 'list'],
  ['get', '/api/admin/analytics/revenue', { keys: ['dailyRevenue'] }],
  ['get', '/api/admin/analytics/appointment-status', { keys: ['statusBreakdown'] }],
  ['get', '/api/admin/users', { keys: ['users', 'data'] }],
  ['post', '/api/admin/users', { keys: ['user'] }],
  ['put', '/api/admin/users/{id}', 'any'],
  ['patch', '/api/admin/users/{id}', 'any'],
  ['delete', '/api/admin/users/{id}', 'any'],
  ['get', '/api/admin/doctors', { keys: ['doctors'] }],
  ['get', '/api/admin/appointments', { keys: ['appointments'] }],
  ['get', '/api/admin/reports/{file}', 'any'],
];

interface Operation {
  responses: Record<string, { schema?: Schema; content?: Record<string, { schema?: Schema }>; headers?: Record<string, unknown> }>;
}
interface Schema {
  type?: string;
  required?: string[];
  items?: Schema;
}

/** The documented success reply of an operation: its 200 or 201 that has a schema. */
function successReply(operation: Operation) {
  const [, response] = Object.entries(operation.responses).find(([code, r]) => (code === '200' || code === '201') && r.content?.['application/json']?.schema) ?? [];
  return { schema: response?.content?.['application/json']?.schema, headers: response?.headers ?? {} };
}

describe('the OpenAPI document against the contract', () => {
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    const document = await api('GET', 'docs-json');
    expectStatus(document, 200);
    paths = document.body.paths;
  });

  it.each(CONTRACT)('%s %s is documented with the contract’s reply', (method, path, shape) => {
    const operation = paths[path]?.[method];
    expect(operation ? `${method} ${path}` : `${method} ${path} missing`).toBe(`${method} ${path}`);
    if (shape === 'any') return;
    const { schema, headers } = successReply(operation);
    expect(schema).toBeDefined();
    if (shape === 'list') {
      expect(schema!.type).toBe('array');
      expect(Object.keys(headers)).toEqual(expect.arrayContaining(['X-Total-Count', 'Link']));
    } else {
      expect(schema!.type).toBe('object');
      const fields = 'item' in shape ? shape.item : shape.keys;
      expect(schema!.required).toEqual(expect.arrayContaining(fields));
    }
  });
});
