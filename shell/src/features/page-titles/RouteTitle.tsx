import { useLocation } from 'react-router-dom';
import { useTranslation } from 'shell/i18n';
// From its own file, not the ui-kit's index: that would load antd on the antd-free public pages.
import { useDocumentTitle } from '../../../libs/ui-kit/useDocumentTitle';
import { titleForPath } from './route-titles';

/** Keeps document.title in step with the route (rendered once by each layout: public and dashboard). */
export function RouteTitle() {
  const { pathname } = useLocation();
  useTranslation('shell'); // a language switch renames the tab
  useDocumentTitle(titleForPath(pathname));
  return null;
}
