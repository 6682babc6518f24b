export * from './support.api';
export * from './support.logic';
export { ConversationView } from './ConversationView';
export { TicketFormModal } from './TicketFormModal';
export { TicketCard, TicketFilters } from './TicketCard';
export { OwnTickets, DELETE_CONFIRM } from './OwnTickets';
