/**
 * @jest-environment node
 */
import { fetchRemotesConfig, RemotesConfigUnavailableError } from '../src/remotes/remotes-config';

describe('runtime remotes configuration', () => {
  it('reads each remote release from /config/remotes.json, revalidated', async () => {
    const f = jest.fn(
      async () =>
        new Response(JSON.stringify({ mfe_patient: '/mfe/patient/0.1.0-3f9a1c2e/mf-manifest.json', mfe_doctor: 'https://cdn.afya.co.ke/mfe/doctor/0.1.0-aa00bb11/mf-manifest.json', other: 'x' }), {
          status: 200,
        }),
    );
    const cfg = await fetchRemotesConfig(f as unknown as typeof fetch);
    expect(f).toHaveBeenCalledWith('/config/remotes.json', { cache: 'no-cache' });
    expect(cfg).toEqual({
      mfe_patient: '/mfe/patient/0.1.0-3f9a1c2e/mf-manifest.json',
      mfe_doctor: 'https://cdn.afya.co.ke/mfe/doctor/0.1.0-aa00bb11/mf-manifest.json',
    });
  });

  it('fails (no made-up release) when the file cannot be read, so Retry can read it again', async () => {
    await expect(fetchRemotesConfig((async () => new Response('nope', { status: 404 })) as unknown as typeof fetch)).rejects.toThrow(
      new RemotesConfigUnavailableError('HTTP 404'),
    );
    await expect(fetchRemotesConfig((async () => Promise.reject(new Error('offline'))) as unknown as typeof fetch)).rejects.toBeInstanceOf(RemotesConfigUnavailableError);
    await expect(fetchRemotesConfig((async () => new Response('[1]', { status: 200 })) as unknown as typeof fetch)).resolves.toEqual({});
  });
});
