import type { Readable } from 'node:stream';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { apiErrorSchema } from '@meridian/shared';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { codesWithStatus } from '../lib/app-error.js';
import { KEY_PATTERN } from './idempotency.js';
import { API_TAGS } from './openapi-tags.js';

/*
 * What the OpenAPI document (/api/docs/json) says beyond the routes' zod schemas: who may call an
 * operation (the session cookie), where the server is, and the error envelope as reusable answers.
 * Routes stay declarative: `security: publicAccess` on the few open operations, and
 * `...errorResponses(400, 401, 404)` in `response` for the errors each one can answer.
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * A multipart body's form, for the document only: a handler that streams the parts (an upload)
     * has no `body` schema to validate, yet outside clients need to know the form's fields.
     */
    multipartBody?: ZodType;
  }
}

/** The security scheme's name in the document: the session cookie Better Auth sets. */
const SESSION = 'session';

/** An operation anyone may call, signed in or not. */
export const publicAccess: { [scheme: string]: string[] }[] = [];

/** An operation that works without a session and acts on the caller's own when there is one. */
export const optionalSession: { [scheme: string]: string[] }[] = [{}, { [SESSION]: [] }];

const ERROR_ANSWERS = {
  400: {
    name: 'BadRequest',
    description:
      'The request is malformed or breaks a rule: a field that fails its schema (`fields` names each one), ' +
      'a malformed URL or a NUL character in it, a missing or malformed Idempotency-Key, or a money rule ' +
      '(an amount under a minimum, more than the balance).',
  },
  401: {
    name: 'Unauthorized',
    description: 'No valid session cookie; or, signing in, a wrong e-mail or password.',
  },
  403: {
    name: 'Forbidden',
    description:
      'The caller may not do this: the account is not yet activated, the operation is for admins, or a ' +
      'state-changing request was sent by another site’s page (its Origin or Sec-Fetch-Site says so).',
  },
  404: {
    name: 'NotFound',
    description: 'No such resource, or one that belongs to someone else (it is not told apart).',
  },
  409: {
    name: 'Conflict',
    description:
      'The request conflicts with the current state (the e-mail is taken, the deposit is already settled, ' +
      'the Idempotency-Key was used for another request, ...).',
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is too large: a JSON body over 1 MB (VALIDATION_FAILED) or a receipt over 5 MB.',
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The receipt is not a file type the platform accepts (checked from its bytes, not its name).',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts in the current window; `Retry-After` says when to try again.',
  },
} as const;

export type ErrorStatus = keyof typeof ERROR_ANSWERS;

/**
 * The error answers of a route, for its `response` schema: each status is the error envelope, so the
 * reply is checked against it like any other, and the document points each to a shared answer.
 */
export function errorResponses<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/**
 * A success answer with its description, for the document (the content form Fastify and the zod
 * transform both read): `200: answer('Signed in: the answer sets the session cookie.', signInAnswerSchema)`.
 */
export function answer<T extends ZodType>(description: string, schema: T) {
  return { description, content: { 'application/json': { schema } } };
}

/** A success answer that is a file (a receipt, a CSV export) in one of `contentTypes`. */
export function fileAnswer(description: string, contentTypes: readonly string[]) {
  // Sent as a Buffer or a stream, which Fastify never serializes: the schema is for the document only.
  const file = z.custom<Buffer | Readable>().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: file }])) };
}

/**
 * @fastify/swagger's options: the document's header, its security, and the error components.
 * `sessionCookie` is the cookie's name as Better Auth sets it on this deployment (`__Host-` over https).
 */
export function apiDocument(sessionCookie: string): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Meridian API',
        version: '1.0.0',
        description: [
          'The API of the Meridian platform, as its web app uses it. Amounts are integer cents; rates are basis points.',
          'Sign in with `POST /api/auth/sign-in/email`: the answer sets the session cookie that every other call sends.',
          'Every money POST takes an `Idempotency-Key` header (8 to 200 letters, digits, `_ . : -`): a retry with the',
          'same key answers the first result and moves nothing. Every error answers `{ "error": { "code", "message" } }`.',
          'Live updates come over the WebSocket at `/api/realtime`, which this document does not describe.',
        ].join('\n'),
      },
      // Relative: the server that served the document (its PUBLIC_URL), wherever it is deployed.
      servers: [{ url: '/', description: 'The server that serves this document.' }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          [SESSION]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookie,
            description:
              'The httpOnly session cookie set by sign-up and sign-in. Over https it is the Secure ' +
              '`__Host-meridian.session_token`; on a plain-http install, `better-auth.session_token`.',
          },
        },
      },
      security: [{ [SESSION]: [] }],
    },
    transform: ({ schema, ...route }) => {
      const { multipartBody, ...rest } = schema ?? {};
      return jsonSchemaTransform({ ...route, schema: multipartBody ? { ...rest, body: multipartBody } : schema });
    },
    transformObject: (documentObject) => finished(jsonSchemaTransformObject(documentObject)),
  };
}

type GeneratedDocument = ReturnType<typeof jsonSchemaTransformObject>;
type Responses = Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
interface Parameter {
  in: string;
  name: string;
  required?: boolean;
}
/** The parts of an OpenAPI 3 document this file rewrites (the library types it as a 2.0-or-3.x union). */
interface OpenApi3Document {
  paths?: Record<string, Record<string, { responses?: Responses; parameters?: Parameter[] }>>;
  components?: { schemas?: Record<string, unknown> };
}

const ERROR_SCHEMA_REF = '#/components/schemas/ApiError';

const IDEMPOTENCY_KEY_PARAMETER = {
  in: 'header',
  name: 'idempotency-key',
  required: true,
  description: 'Unique per operation: a retry with the same key answers the first result and moves nothing.',
  schema: { type: 'string', pattern: KEY_PATTERN.source },
};

/**
 * The last touches the routes' schemas cannot make:
 * - every answer that is the error envelope points to its shared response (components.responses),
 *   which lists the codes of that status; only the output form of the envelope is kept (no request
 *   carries one, so its input twin would be an unused component);
 * - the Idempotency-Key header is required and has its form (the routes' schemas leave it optional
 *   so that idempotencyKey() answers its own codes).
 */
function finished(generated: GeneratedDocument): GeneratedDocument {
  const document = generated as OpenApi3Document;
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      const responses: Record<string, unknown> = operation.responses ?? {};
      for (const [status, answer] of Object.entries(operation.responses ?? {})) {
        if (answer.content?.['application/json']?.schema?.$ref !== ERROR_SCHEMA_REF) continue;
        const name = ERROR_ANSWERS[Number(status) as ErrorStatus]?.name;
        if (name) responses[status] = { $ref: `#/components/responses/${name}` };
      }
      if (operation.parameters) {
        operation.parameters = operation.parameters.map((p) =>
          p.in === 'header' && p.name === IDEMPOTENCY_KEY_PARAMETER.name ? IDEMPOTENCY_KEY_PARAMETER : p,
        );
      }
    }
  }
  const { ApiErrorInput: _unused, ...schemas } = document.components?.schemas ?? {};
  const components = { ...document.components, schemas, responses: errorAnswers() };
  return { ...generated, components } as GeneratedDocument;
}

function errorAnswers() {
  const content = { 'application/json': { schema: { $ref: ERROR_SCHEMA_REF } } };
  const answers: Record<string, object> = {};
  for (const [status, { name, description }] of Object.entries(ERROR_ANSWERS)) {
    const codes = codesWithStatus(Number(status)).map((code) => `\`${code}\``);
    answers[name] = {
      description: `${description} Codes: ${codes.join(', ')}.`,
      content,
      ...(status === '429'
        ? {
            headers: {
              'Retry-After': {
                description: 'Whole seconds until the limit frees.',
                schema: { type: 'integer', minimum: 0 },
              },
            },
          }
        : {}),
    };
  }
  return answers;
}
