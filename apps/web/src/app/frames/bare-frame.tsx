import { Outlet } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { ErrorLayout } from '../routes/errors/error-layout';

/** The frame of error pages: a centred column in the default theme, no navigation. */
export function BareFrame() {
  usePageTitle();
  return (
    <ErrorLayout>
      <Outlet />
    </ErrorLayout>
  );
}
