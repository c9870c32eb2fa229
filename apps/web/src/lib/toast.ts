import { toast } from 'sonner';
import { errorMessage } from './api-client';

/**
 * Toasts keyed by their text, so pressing a button twice updates one toast instead of stacking
 * two identical ones (each message appears exactly once).
 */
export const notify = {
  success: (message: string, description?: string) =>
    toast.success(message, { id: message, ...(description === undefined ? {} : { description }) }),
  error: (message: string) => toast.error(message, { id: message }),
  info: (message: string) => toast.info(message, { id: message }),
  failure: (error: unknown) => {
    const message = errorMessage(error);
    return toast.error(message, { id: message });
  },
};
