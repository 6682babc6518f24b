export { testInfrastructure, eventually } from './infrastructure';
export type { TestInfrastructure } from './infrastructure';
