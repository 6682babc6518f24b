import { useLocation } from 'react-router-dom';
import { useDocumentTitle } from 'shell/ui-kit';
import { titleForPath } from './route-titles';

/** Keeps document.title in step with the route (rendered once by each layout: public and dashboard). */
export function RouteTitle() {
  const { pathname } = useLocation();
  useDocumentTitle(titleForPath(pathname));
  return null;
}
