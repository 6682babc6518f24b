import type { RemotesConfig } from '../src/remotes/remotes-config';

/** A release of each remote, as a deployment's /config/remotes.json names it. */
export const TEST_REMOTES: RemotesConfig = {
  mfe_patient: '/mfe/patient/0.1.0-0000aaaa/mf-manifest.json',
  mfe_doctor: '/mfe/doctor/0.1.0-0000bbbb/mf-manifest.json',
  mfe_admin: '/mfe/admin/0.1.0-0000cccc/mf-manifest.json',
};

/**
 * Answers the shell's GET /config/remotes.json with `config` (jsdom has no fetch; the shell reads the file
 * through globalThis.fetch). Returns the restore function.
 */
export function serveRemotesConfig(config: RemotesConfig = TEST_REMOTES): () => void {
  const previous = globalThis.fetch;
  globalThis.fetch = (async (url: string) => {
    if (url !== '/config/remotes.json') return { ok: false, status: 404, json: async () => ({}) };
    return { ok: true, status: 200, json: async () => config };
  }) as unknown as typeof fetch;
  return () => {
    globalThis.fetch = previous;
  };
}
