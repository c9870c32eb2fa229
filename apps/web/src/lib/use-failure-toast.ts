import { useEffect, useRef } from 'react';
import { ApiError } from './api-client';
import { notify } from './toast';

/**
 * Shows `message` (a 'Failed to fetch ...' line of the catalogue) once each time a query turns to an
 * error. A 401 is left alone: the session has ended and the guard is already on its way to /login.
 */
export function useFailureToast(error: unknown, message: string): void {
  const shown = useRef(false);
  useEffect(() => {
    if (!error) {
      shown.current = false;
      return;
    }
    if (shown.current || (error instanceof ApiError && error.status === 401)) return;
    shown.current = true;
    notify.error(message);
  }, [error, message]);
}
