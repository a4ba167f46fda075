import { checkBudget } from '../budget/budget-guard';
import { checkInteger, checkOneOf, checkRange, failArgument } from '../checks/validate-argument';
import { checkPricing } from '../pricing/check-pricing';
import { MAX_RESUMES, RESUME_MODES, STREAM_IDLE_MS } from '../prompt/call-options';
import type { UnigateFormat, UnigateProviderSettings } from '../settings/unigate-provider-settings';
import { VIDEO_LIMITS } from '../video/unigate-video-options';

/** The values of the `format` setting. */
const UNIGATE_FORMATS: readonly UnigateFormat[] = ['auto', 'chat'];
/** The longest a timer can wait (about 24.8 days); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

const isMilliseconds = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= MAX_TIMER_MS;

/**
 * Everything `createUnigate` refuses, in the order of the settings' fields: a bad value throws an
 * `InvalidArgumentError` naming the setting, the limit and the value, before any model exists. The
 * settings not named here are read as given (`chatEndpoint`: anything but `'alt'` is the base; `headers`,
 * `fetch`, `catalogCacheTtlMs`), or at call time (the key and the URLs, so the environment can supply them).
 */
export function checkSettings(settings: UnigateProviderSettings): void {
  const { format, caching, catalogTimeoutMs, priceWaitMs, mergeStreamDeltas } = settings;
  if (format !== undefined && !UNIGATE_FORMATS.includes(format)) {
    failArgument('format', `expected ${UNIGATE_FORMATS.map(value => JSON.stringify(value)).join(' or ')}`, format);
  }
  checkPricing(settings.pricing);
  checkRange('videoPollIntervalMs', settings.videoPollIntervalMs, VIDEO_LIMITS.pollIntervalMs);
  if (catalogTimeoutMs !== undefined && !isMilliseconds(catalogTimeoutMs, 1)) {
    failArgument(
      'catalogTimeoutMs',
      `the catalog load's time limit must be a number of milliseconds from 1 to ${MAX_TIMER_MS}`,
      catalogTimeoutMs,
    );
  }
  if (priceWaitMs !== undefined && !isMilliseconds(priceWaitMs, 0)) {
    failArgument('priceWaitMs', `a number of milliseconds from 0 to ${MAX_TIMER_MS}`, priceWaitMs);
  }
  if (settings.budget !== undefined) checkBudget(settings.budget);
  if (settings.onCharge !== undefined && typeof settings.onCharge !== 'function') {
    failArgument('onCharge', 'a function (event) => void', settings.onCharge);
  }
  if (settings.onChargeError !== undefined && typeof settings.onChargeError !== 'function') {
    failArgument('onChargeError', 'a function (error, event) => void', settings.onChargeError);
  }
  // Only a boolean: a string such as "false" would otherwise read as on.
  if (mergeStreamDeltas !== undefined && typeof mergeStreamDeltas !== 'boolean') {
    failArgument('mergeStreamDeltas', 'a boolean is required', mergeStreamDeltas);
  }
  if (caching !== undefined && caching !== 'auto' && caching !== 'off') {
    failArgument('caching', 'the provider accepts "auto" or "off"', caching);
  }
  checkOneOf('resume', settings.resume, RESUME_MODES, 'provider');
  checkInteger('maxResumes', settings.maxResumes, MAX_RESUMES);
  checkInteger('streamIdleMs', settings.streamIdleMs, STREAM_IDLE_MS);
}
