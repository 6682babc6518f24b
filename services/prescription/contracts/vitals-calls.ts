/**
 * Health monitoring's HTTP calls (issue 39), each declared once (decision 0095; the kit: @afya/service-shared/calls).
 * The gateway serves each from its declaration, /api/docs documents it, the web apps call it as `calls.vitals.<name>`.
 * The prescription service answers them (services/prescription/src/vitals): readings are clinical records, kept beside
 * the medical history, its care-relationship rule and its access log (docs/decisions/0103-health-readings-in-the-prescription-service.md).
 */
import { bodyOf, call, queryOf, reply } from '@afya/service-shared/calls';
import { idParam, z } from '@afya/service-shared/schema';
import {
  AcknowledgeAlertBodySchema,
  FhirObservationBundleSchema,
  ListVitalsQuerySchema,
  RecordVitalBodySchema,
  VitalAlertReplySchema,
  VitalAlertsReplySchema,
  VitalReadingReplySchema,
  VitalsListReplySchema,
} from './vitals-schemas';

/** The bus patterns of the calls below (the prescription service's queue group answers `prescription.>`). */
export const VitalsPatterns = {
  record: 'prescription.v1.vitals.record',
  list: 'prescription.v1.vitals.list',
  enteredInError: 'prescription.v1.vitals.entered-in-error',
  alerts: 'prescription.v1.vitals.alerts',
  acknowledge: 'prescription.v1.vitals.alerts.acknowledge',
  observations: 'prescription.v1.vitals.observations',
} as const;

const tags = ['vitals'];
const byId = z.object({ id: idParam });

export const VitalsCalls = {
  /**
   * A reading: a patient's own at home (preliminary), or a doctor's for a patient during their Confirmed or Completed
   * visit (final, linked to it). 201 with its level and, for high, low and critical, what the patient should do.
   */
  record: call
    .route({ method: 'POST', path: '/vitals', successStatus: 201, tags, summary: 'Record a reading: blood pressure, glucose, weight, height or HbA1c' })
    .meta({ subject: VitalsPatterns.record, roles: ['user', 'doctor'] })
    .input(z.object({ body: bodyOf(RecordVitalBodySchema) }))
    .output(reply(VitalReadingReplySchema)),

  /** The patient's readings (own; a doctor's patient within a care relationship; others 404), oldest first, and the BMI. */
  list: call
    .route({ method: 'GET', path: '/vitals', tags, summary: "A patient's readings over time" })
    .meta({ subject: VitalsPatterns.list, roles: ['user', 'doctor'] })
    .input(z.object({ query: queryOf(ListVitalsQuerySchema) }))
    .output(reply(VitalsListReplySchema)),

  /** Its author or a doctor caring for the patient marks a reading entered in error: it leaves charts, stays in the record. */
  enteredInError: call
    .route({ method: 'POST', path: '/vitals/{id}/entered-in-error', tags, summary: 'Mark a reading entered in error (kept, left out of charts)' })
    .meta({ subject: VitalsPatterns.enteredInError, roles: ['user', 'doctor'] })
    .input(z.object({ params: byId }))
    .output(reply(VitalReadingReplySchema)),

  /** The doctor's alerts from critical readings of the patients in their care: unacknowledged first, newest first. */
  alerts: call
    .route({ method: 'GET', path: '/doctor/vital-alerts', tags, summary: "The doctor's alerts from critical readings" })
    .meta({ subject: VitalsPatterns.alerts, roles: ['doctor'] })
    .input(z.object({}))
    .output(reply(VitalAlertsReplySchema)),

  /** The doctor acknowledges their alert, with an optional note. */
  acknowledge: call
    .route({ method: 'POST', path: '/doctor/vital-alerts/{id}/acknowledge', tags, summary: 'Acknowledge an alert (doctors)' })
    .meta({ subject: VitalsPatterns.acknowledge, roles: ['doctor'] })
    .input(z.object({ params: byId, body: bodyOf(AcknowledgeAlertBodySchema) }))
    .output(reply(VitalAlertReplySchema)),

  /** The readings as a FHIR R4 Bundle of Observations (LOINC codes, UCUM units), for a clinic's EMR. Same access as the list. */
  observations: call
    .route({ method: 'GET', path: '/patients/{id}/observations', tags, summary: "A patient's readings as FHIR R4 Observations" })
    .meta({ subject: VitalsPatterns.observations, roles: ['user', 'doctor'] })
    .input(z.object({ params: byId.transform(({ id }) => ({ patient_id: id })) }))
    .output(reply(FhirObservationBundleSchema)),
};
