import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { StyleProvider } from '@ant-design/cssinjs';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { createQueryClient } from 'shell/api-client';
import { ThemeProvider } from 'shell/ui-kit';

export function LocationProbe() {
  const loc = useLocation();
  return <div data-testid="location">{loc.pathname}</div>;
}

/**
 * A fresh query cache for one test: no retries (a rejected mock fails at once) and no garbage-collection
 * timer left running after the test.
 */
export function createTestQueryClient(): QueryClient {
  return createQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity, staleTime: 0 }, mutations: { gcTime: Infinity } } });
}

/**
 * antd's CSS-in-JS styles go into a node outside the document. jsdom's getComputedStyle cascades every style
 * sheet in the document on each call (Testing Library calls it for every role query, antd for layout), and
 * antd's injected sheets made each call ~35 ms: half of every component test's time. Tests assert on roles,
 * text and ARIA state, never on antd's CSS.
 */
let stylesOutsideTheDocument: HTMLElement | undefined;

/** antd without its CSS in the document (see above); for tests that render without renderAt. */
export function AntdTestStyles({ children }: { children: ReactNode }) {
  stylesOutsideTheDocument ??= document.createElement('div'); // created on first render: node-environment tests import this file too
  return <StyleProvider container={stylesOutsideTheDocument}>{children}</StyleProvider>;
}

/** A `wrapper` for renderHook: the hook gets its own fresh query cache (also returned, to inspect it). */
export function queryWrapper(client: QueryClient = createTestQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <AntdTestStyles>{children}</AntdTestStyles>
    </QueryClientProvider>
  );
  return { wrapper, client };
}

/** Renders `ui` at `route` inside the theme, a fresh query cache and a router; `path` is the route pattern for ui. */
export function renderAt(
  ui: ReactElement,
  { route = '/', path = '*', client = createTestQueryClient() }: { route?: string; path?: string; client?: QueryClient } = {},
) {
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <AntdTestStyles>
          <ThemeProvider>
            <MemoryRouter initialEntries={[route]}>
              <Routes>
                <Route path={path} element={ui} />
                <Route path="*" element={<LocationProbe />} />
              </Routes>
              <LocationProbe />
            </MemoryRouter>
          </ThemeProvider>
        </AntdTestStyles>
      </QueryClientProvider>,
    ),
  };
}

/** A JWT-shaped token (unsigned) with the given exp in seconds. */
export function fakeToken(expSeconds: number, extra: Record<string, unknown> = {}): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'RS256', typ: 'JWT' })}.${b64({ sub: 1, exp: expSeconds, ...extra })}.sig`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Types a date into the antd DatePicker labelled `name` and presses Enter, as a keyboard user does. */
export function typeDate(name: string, date: string): void {
  const input = screen.getByRole('textbox', { name });
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: date } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}
