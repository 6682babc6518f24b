/**
 * Every NATS subject and queue group lives under one namespace (AFYA_BUS, default 'afya'), so several
 * environments, or parallel test files, can share one NATS server without answering each other.
 * Contracts hold plain pattern names; the namespace is put in front where a subject is used (`subject(name)`),
 * reading AFYA_BUS at that moment.
 */
export function busNamespace(): string {
  return process.env.AFYA_BUS || 'afya';
}

export function subject(name: string): string {
  return `${busNamespace()}.${name}`;
}
