export * from './language';
export * from './translate';
export { SERVER_MESSAGES_SW, MESSAGE_VALUES_SW } from './server-messages.sw';
/*
 * What the services write into documents a person reads (PDFs now; report headers and notifications beside them),
 * in both languages. Each section is one shape for `en` and `sw`, so a text missing in either language does not
 * compile; gateway/test/i18n/catalogue.spec.ts checks that every text is used. English is CONTRACT.md's wording.
 * Free text (medicine names, doctors' notes, people's names) is never here: it is printed as written.
 */
export * from './receipt-texts';
export * from './prescription-texts';
export * from './data-export-texts';
export * from './data-export-values.sw';
export * from './choice-labels';
export * from './report-headers.sw';
export * from './notifications';
