/**
 * Every NATS subject and queue group lives under one namespace (AFYA_BUS, default 'afya'), so several
 * environments, or parallel test files, can share one NATS server without answering each other.
 * Contracts call `subject()` when their module loads: set AFYA_BUS before importing them.
 */
export function busNamespace(): string {
  return process.env.AFYA_BUS || 'afya';
}

export function subject(name: string): string {
  return `${busNamespace()}.${name}`;
}
