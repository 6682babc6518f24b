export * from './language';
export * from './translate';
export { SERVER_MESSAGES_SW, MESSAGE_VALUES_SW } from './server-messages.sw';
export * from './documents';
export * from './notifications';
