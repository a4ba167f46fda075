// Headless Chromium (found by chromium-binary.mjs) driven by playwright-core: the page and the
// gateway share one loopback origin; the page imports the bundle and runs the checks. Host
// resolution outside 127.0.0.1 is disabled, so the browser cannot leave loopback.
import { chromium } from 'playwright-core';
import { withTimeout } from '../bounded-process.mjs';
import { REDIRECT_PREFIX, SMOKE_PREFIX } from '../gateway-server.mjs';
import { findChromium } from './chromium-binary.mjs';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-domain-reliability',
  '--no-pings',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** `bundleName`: the bundle the page imports (served under SMOKE_PREFIX); `run`: the redirect check's name for this run. */
export async function runChromium({ pageOrigin, apiKey, timeoutMs, bundleName = 'smoke-checks.js', run = 'chromium' }) {
  const pageErrors = [];
  let browser;
  try {
    return await withTimeout(
      (async () => {
        const { executablePath, env, source } = await findChromium();
        console.log(`runtimes: chromium is ${source}`);
        browser = await chromium.launch({ executablePath, env, args: ARGS, timeout: timeoutMs });
        const page = await browser.newPage();
        page.on('pageerror', error => pageErrors.push(error.message));
        await page.goto(`${pageOrigin}${SMOKE_PREFIX}page.html`, { timeout: timeoutMs });
        return await page.evaluate(
          async ({ bundleURL, siteURL, apiKey, redirectBase }) =>
            (await import(bundleURL)).observe({ siteURL, apiKey, redirectBase }),
          {
            bundleURL: `${SMOKE_PREFIX}${bundleName}`,
            siteURL: pageOrigin,
            apiKey,
            redirectBase: `${pageOrigin}${REDIRECT_PREFIX}${run}`,
          },
        );
      })(),
      timeoutMs,
      'chromium',
    );
  } catch (error) {
    const detail = pageErrors.length > 0 ? ` (page errors: ${pageErrors.join(' | ')})` : '';
    throw new Error(`${error.message.split('\n')[0]}${detail}`);
  } finally {
    if (browser) await withTimeout(browser.close(), 10_000, 'closing chromium').catch(() => {});
  }
}
