import { AppointmentModule } from '@afya/appointment-service/src/appointment.module';
import { startTestPlatform, TestPlatform } from '../support/platform';

interface Schema {
  $ref?: string;
  type?: string;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  enum?: string[];
  pattern?: string;
  description?: string;
}

/**
 * /api/docs-json is generated from the contracts' zod schemas: request bodies and queries through nestjs-zod (each
 * field with its rule), replies from the reply schemas. Nothing in the gateway restates them.
 */
describe('the OpenAPI document is the contracts’ schemas', () => {
  let platform: TestPlatform;
  let document: { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } };

  beforeAll(async () => {
    platform = await startTestPlatform({ appointment: AppointmentModule });
    const response = await platform.api('GET', '/docs-json');
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(() => platform?.close());

  const resolve = (schema: Schema): Schema => (schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()!] : schema);

  it('documents the booking body from the booking schema: the fields CONTRACT.md §7 names, the type optional', () => {
    const body = resolve(document.paths['/api/appointments'].post.requestBody.content['application/json'].schema);
    expect(body.type).toBe('object');
    expect(body.required).toEqual(expect.arrayContaining(['doctor_id', 'appointment_date', 'time_slot', 'notes']));
    expect(body.required).not.toContain('appointment_type');
    expect(Object.keys(body.properties!)).toEqual(expect.arrayContaining(['user_id', 'total_amount', 'appointment_status', 'visit_mode']));
    // any well-formed label (a doctor's own hours make '09:15 AM': issue 37); the clinic's 14 are named in its description
    expect(body.properties!.time_slot).toMatchObject({ type: 'string', pattern: expect.any(String) });
    expect(body.properties!.time_slot.description).toContain('09:00 AM, 09:30 AM');
  });

  it('documents the booking reply and the lists from the reply schemas', () => {
    const booked = document.paths['/api/appointments'].post.responses['201'].content['application/json'].schema as Schema;
    expect(booked.required).toEqual(expect.arrayContaining(['appointment', 'appointment_id', 'message']));
    expect(booked.properties!.appointment.required).toEqual(expect.arrayContaining(['appointment_id', 'appointment_status', 'doctor']));
    const list = document.paths['/api/appointments'].get.responses['200'].content['application/json'].schema as Schema;
    expect(list.type).toBe('array');
    expect(list.items!.required).toContain('appointment_id');
  });

  it('documents the query rules (paging, availability) as parameters', () => {
    const names = (path: string) => (document.paths[path].get.parameters as { name: string }[]).map((p) => p.name);
    expect(names('/api/appointments')).toEqual(expect.arrayContaining(['limit', 'offset']));
    expect(names('/api/appointments/availability')).toEqual(expect.arrayContaining(['doctor_id', 'date']));
  });
});
