import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorScreen } from '../ui/ErrorScreen.tsx';

/**
 * The router's error element, for errors outside a page (the layout itself, loaders). 'Try Again'
 * re-enters the same URL, which clears the router's error state.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <main id="main" tabIndex={-1}>
      <ErrorScreen error={error} onRetry={() => void navigate(location, { replace: true })} />
    </main>
  );
}
