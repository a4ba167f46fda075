// Deno, Bun and Node 22 (the /v4 reference) run this file next to the bundle: argv is [siteURL, apiKey,
// redirectBase]; the observations go to stdout on one line after a marker, so stray runtime output
// cannot be mistaken for them.
import { observe } from './smoke-checks.js';

const args = globalThis.Deno ? globalThis.Deno.args : (globalThis.Bun ?? globalThis.process).argv.slice(2);
const [siteURL, apiKey, redirectBase] = args;
const observations = await observe({ siteURL, apiKey, redirectBase });
console.log(`SMOKE-OBSERVATIONS ${JSON.stringify(observations)}`);
