import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Runtime plugin: a remote that is down (manifest or remoteEntry unreachable, exposed module failing)
 * must not break the shell. Instead of throwing inside the federation runtime we hand back a marker
 * that the shell turns into a "could not load, Retry" panel (see RemoteRoutes).
 */
const errorLoadRemotePlugin: () => ModuleFederationRuntimePlugin = () => ({
  name: 'afya-error-load-remote',
  errorLoadRemote(args) {
    const { id, error, lifecycle } = args as { id: string; error: unknown; lifecycle?: string };
    console.error(`[afya] remote ${id} failed to load (${lifecycle ?? 'unknown'})`, error);
    return { __remoteLoadFailed: true, id, error };
  },
});

export default errorLoadRemotePlugin;
