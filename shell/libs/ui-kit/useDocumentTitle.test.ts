import { renderHook } from '@testing-library/react';
import { documentTitle, useDocumentTitle } from './useDocumentTitle';

it("formats a page title as 'Page · Afya', and plain 'Afya' without one", () => {
  expect(documentTitle('Book appointment')).toBe('Book appointment · Afya');
  expect(documentTitle('  ')).toBe('Afya');
  expect(documentTitle(null)).toBe('Afya');
});

it('sets document.title and follows a change of title', () => {
  const { rerender } = renderHook(({ title }) => useDocumentTitle(title), { initialProps: { title: 'Sign in' } });
  expect(document.title).toBe('Sign in · Afya');
  rerender({ title: 'My appointments' });
  expect(document.title).toBe('My appointments · Afya');
});
