import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
const mf = require('@module-federation/enhanced/runtime');
import { clearRemoteRoutesCache, RemoteRoutes, REMOTE_UNAVAILABLE, REMOTE_UNAVAILABLE_HINT, SHELL_OUTDATED, SHELL_OUTDATED_HINT } from './RemoteRoutes';
import { SHELL_VERSION } from './shell-compat';
import { serveRemotesConfig } from '../../test/remotes-config';

// What the federation runtime puts in its errors: a code, a JSON blob, the manifest's URL.
const RAW = '[ Federation Runtime ]: #RUNTIME-013 {"id":"mfe_doctor","url":"http://127.0.0.1:3000/mfe/doctor/mf-manifest.json"}';

let consoleError: jest.SpyInstance;
let restoreFetch: () => void;
beforeEach(() => {
  restoreFetch = serveRemotesConfig();
  mf.__reset();
  clearRemoteRoutesCache();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
  restoreFetch();
});

const renderRemote = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard/doctor']}>
      <RemoteRoutes name="mfe_doctor" />
    </MemoryRouter>,
  );

it('shows a plain message with Retry when a remote cannot be loaded; the technical detail goes to the console only', async () => {
  mf.__setRemoteModule('mfe_doctor/routes', new Error(RAW));
  const { container } = renderRemote();
  expect(await screen.findByText(REMOTE_UNAVAILABLE)).toBeInTheDocument();
  expect(screen.getByText(REMOTE_UNAVAILABLE_HINT)).toBeInTheDocument();
  expect(container.textContent).not.toMatch(/RUNTIME|mf-manifest|http|\{/);
  expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('mfe_doctor'), expect.objectContaining({ message: RAW }));

  mf.__setRemoteModule('mfe_doctor/routes', { requiredShell: SHELL_VERSION, default: [{ path: 'dashboard/doctor', element: <h1>Doctor home</h1> }] });
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Doctor home')).toBeInTheDocument();
});

it('shows the same plain message when a loaded page crashes', async () => {
  function Broken(): never {
    throw new Error(RAW);
  }
  mf.__setRemoteModule('mfe_doctor/routes', { requiredShell: SHELL_VERSION, default: [{ path: 'dashboard/doctor', element: <Broken /> }] });
  const { container } = renderRemote();
  expect(await screen.findByText(REMOTE_UNAVAILABLE)).toBeInTheDocument();
  expect(container.textContent).not.toMatch(/RUNTIME|http/);
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

it('asks for a reload, not a retry, when the remote needs a newer shell than this page runs', async () => {
  mf.__setRemoteModule('mfe_doctor/routes', { requiredShell: '>=99.0.0', default: [{ path: 'dashboard/doctor', element: <h1>Doctor home</h1> }] });
  renderRemote();
  expect(await screen.findByText(SHELL_OUTDATED)).toBeInTheDocument();
  expect(screen.getByText(SHELL_OUTDATED_HINT)).toBeInTheDocument();
  expect(screen.getByText(`(needs app version >=99.0.0, this page has ${SHELL_VERSION})`)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(screen.queryByText('Doctor home')).not.toBeInTheDocument();
  expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('mfe_doctor'), expect.objectContaining({ name: 'ShellVersionMismatchError' }));
});
