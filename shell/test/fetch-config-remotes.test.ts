/**
 * @jest-environment node
 */
import { DEFAULT_REMOTES, fetchRemotesConfig } from '../src/remotes/remotes-config';

describe('runtime remotes configuration', () => {
  it('reads /config/remotes.json', async () => {
    const f = jest.fn(async () => new Response(JSON.stringify({ mfe_patient: 'https://cdn.afya.co.ke/patient/mf-manifest.json' }), { status: 200 }));
    const cfg = await fetchRemotesConfig(f as unknown as typeof fetch);
    expect(f).toHaveBeenCalledWith('/config/remotes.json', expect.anything());
    expect(cfg.mfe_patient).toBe('https://cdn.afya.co.ke/patient/mf-manifest.json');
    expect(cfg.mfe_doctor).toBe('/mfe/doctor/mf-manifest.json');
  });

  it('falls back to exactly the defaults when the fetch fails', async () => {
    const cfg = await fetchRemotesConfig((async () => new Response('nope', { status: 404 })) as unknown as typeof fetch);
    expect(cfg).toEqual({
      mfe_patient: '/mfe/patient/mf-manifest.json',
      mfe_doctor: '/mfe/doctor/mf-manifest.json',
      mfe_admin: '/mfe/admin/mf-manifest.json',
    });
    expect(await fetchRemotesConfig((async () => Promise.reject(new Error('offline'))) as unknown as typeof fetch)).toEqual(DEFAULT_REMOTES);
  });
});
