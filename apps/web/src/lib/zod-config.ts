import { config } from 'zod';

// Zod compiles object parsers with `new Function` when it may; probing for that is an eval, which
// our Content-Security-Policy refuses and the browser reports as a violation on every page. Without
// the probe it parses the same way, interpreted. Imported first by main.tsx: schemas read the flag
// when they are built.
config({ jitless: true });
