// Deno and Bun run this file next to the bundle: argv is [siteURL, apiKey, redirectBase]; the observations go to
// stdout on one line after a marker, so stray runtime output cannot be mistaken for them.
import { observe } from './smoke-checks.js';

const [siteURL, apiKey, redirectBase] = globalThis.Deno ? globalThis.Deno.args : globalThis.Bun.argv.slice(2);
const observations = await observe({ siteURL, apiKey, redirectBase });
console.log(`SMOKE-OBSERVATIONS ${JSON.stringify(observations)}`);
