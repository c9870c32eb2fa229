// Loaded on demand by get-me.ts: the session check is part of every page, and this import is what
// would otherwise bring zod into the first download of the visitor's pages (/login, /register).
export { meSchema } from '@meridian/shared';
