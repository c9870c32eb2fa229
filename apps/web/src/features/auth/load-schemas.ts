import { onDemand } from '../../lib/on-demand';

/** The visitor's forms' schemas (form-schemas.ts), fetched when a form is first reached, again after a failure. */
export const loadAuthSchemas = onDemand(() => import('./form-schemas'));
