import { z } from 'zod';
import { RECEIPT_MAX_BYTES } from '../constants.js';
import { depositFieldsSchema } from './deposits.js';

/**
 * POST /api/deposits as a whole multipart form, for the API document: the server reads the parts as
 * they stream in (the fields with depositFieldsSchema, the file checked from its bytes), never as one
 * object. A module of its own, so the web app's bundle, which never imports it, leaves it out.
 */
export const depositUploadSchema = depositFieldsSchema.extend({
  receipt: z.file().max(RECEIPT_MAX_BYTES).describe('The payment receipt: PNG, JPEG, GIF, WebP or PDF, up to 5 MB.'),
});
