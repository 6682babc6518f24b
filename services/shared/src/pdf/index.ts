export * from './pdf-renderer';
export * from './pdf-text';
