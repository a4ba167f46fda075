/**
 * `npm run bench` (full, a few minutes) / `npm run bench -- --quick` (a few minutes, most of it the paced burst rows).
 * Options: --no-build (never run `npm run build` for the cold-import row), --only=<ids> (comma list of
 * sections: cpu, fallback, tool, ttfd, burst, generate, price, heap, embed, cache, bundle, import, ai7; ai7 needs
 * Node >= 22: `npm run bench:ai7`). Updates bench/results/latest.md and latest.json with the rows it measured,
 * keeping the other rows (results-file.ts). Exits 0 when a budget is missed:
 * a benchmark reports, it does not gate.
 */
import os from 'node:os';
import { BURST_DELTAS, burstContenders, measureBurstCpu, SHAPES, type BurstSeries, type Shape } from './burst-cpu';
import { bundleSize, lazyChunkSizes, OWN_ENTRY, OWN_TESTING_ENTRY, packageEntry, type BundleSize } from './bundle-size';
import { CACHE_PROMPT_MESSAGES, measureCacheBreakpoints } from './cache-breakpoints';
import { ensureBuilt, measureColdImport, measureFirstCall, OWN_DIST_ENTRY } from './cold-import';
import {
  BENCH_API_KEY,
  embeddingContenders,
  languageContenders,
  OURS,
  OURS_UNMERGED,
  OURS_FALLBACK_UNMERGED,
  OURS_FALLBACK,
  OURS_ROOT_IN_AI7,
  OURS_V4,
  IDEAL_FIRST_DELTA,
  IDEAL_MERGING,
  OURS_PRICED,
  unmergedContenders,
  type WireFormat,
} from './contenders';
import { EMBED_INPUTS, measureEmbedMany } from './embed-many';
import { FIRST_DELTA_SCENARIO, markRatios, measureFirstDelta } from './first-delta';
import { GENERATE_SCENARIO, measureGenerateLatency } from './generate-latency';
import { measureHeapRetained } from './heap-retained';
import { idealFirstDeltaModel } from './ideal-merging-model';
import { CATALOG_PAGE_DELAY_MS, FRESH, LOADED, measurePriceWait } from './price-wait';
import type { Series } from './interleave';
import { gc } from './measure';
import { cellFromSeries, ratioBudget, type Row } from './report';
import { writeResults } from './results-file';
import { FLOOR, measurePairedCpu, measureStreamCpu, measureToolScaling, type PairedCpu } from './stream-cpu';
import { drainAi6 } from './stream-text';
import { startUpstream, type ServedBody } from './upstream';
import { EMBEDDING_DIMENSIONS, scenarioModelId } from './wire-fixtures';

const SECTIONS = [
  'cpu',
  'fallback',
  'tool',
  'ttfd',
  'burst',
  'generate',
  'price',
  'heap',
  'embed',
  'cache',
  'bundle',
  'import',
  'ai7',
] as const;
type Section = (typeof SECTIONS)[number];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const allowBuild = !args.includes('--no-build');
const onlyArg = args.find(arg => arg.startsWith('--only='));
const only = new Set<Section>(
  onlyArg
    ? (onlyArg
        .slice('--only='.length)
        .split(',')
        .filter(id => (SECTIONS as readonly string[]).includes(id)) as Section[])
    : SECTIONS,
);

const plan = quick
  ? {
      stream: { deltas: 20_000, reps: 3, warmups: 1 },
      fallback: { deltas: 20_000, reps: 20, warmups: 1 },
      tool: { reps: 2, warmups: 1 },
      burst: { reps: 3, warmups: 1 },
      firstDeltaRequests: 40,
      generateRequests: 30,
      priceWaitRuns: 10,
      heap: { deltas: 20_000, reps: 2 },
      embed: { reps: 2, warmups: 1 },
      cache: { reps: 3, warmups: 1 },
      importRuns: 5,
      ai7MergeOffDeltas: 5_000,
    }
  : {
      stream: { deltas: 200_000, reps: 5, warmups: 1 },
      fallback: { deltas: 20_000, reps: 120, warmups: 2 },
      tool: { reps: 5, warmups: 1 },
      burst: { reps: 5, warmups: 1 },
      firstDeltaRequests: 200,
      generateRequests: 200,
      priceWaitRuns: 40,
      heap: { deltas: 200_000, reps: 3 },
      embed: { reps: 7, warmups: 1 },
      cache: { reps: 9, warmups: 2 },
      importRuns: 15,
      ai7MergeOffDeltas: 20_000,
    };

// Hard bound on the whole run; a hang must not outlive its welcome. The paced burst rows take their
// time on the wall clock (the upstream pauses between writes), not on the CPU.
const deadlineMs = (quick ? 3 * 60_000 : 20 * 60_000) + (only.has('burst') ? (quick ? 12 : 20) * 60_000 : 0);
const watchdog = setTimeout(() => {
  console.error(`bench: exceeded ${deadlineMs / 60_000} minutes, giving up`);
  process.exit(2);
}, deadlineMs);
watchdog.unref();

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const started = performance.now();
const progress = (message: string) =>
  console.error(`[bench ${((performance.now() - started) / 1000).toFixed(1).padStart(5)}s] ${message}`);

const FORMATS: WireFormat[] = ['chat', 'messages'];
const rows: Row[] = [];
const raw: Record<string, unknown> = {};
const notes: string[] = [];

function seriesRow(id: string, title: string, unit: string, digits: number, series: Record<string, Series>): Row {
  const floor = series[FLOOR];
  const row: Row = { id, title, unit, digits, floor: cellFromSeries(floor), cells: {} };
  for (const [name, value] of Object.entries(series)) {
    if (name !== FLOOR) row.cells[name] = cellFromSeries(value, floor);
  }
  raw[id] = series;
  return row;
}

/**
 * A burst row: CPU per upstream delta through streamText; the budget is this package with merging on
 * against merging off. Each figure of this package also says how many text parts reached the consumer per delta.
 */
function burstRow(format: WireFormat, shape: Shape, { series, partsPerDelta }: BurstSeries): Row {
  const row = seriesRow(
    `${format}-burst-${shape.id}`,
    `${format}: ${shape.title} (streamText, ${BURST_DELTAS} deltas)`,
    'µs',
    2,
    series,
  );
  row.table = 'burst';
  raw[row.id] = { series, partsPerDelta };
  const on = row.cells[OURS];
  const off = row.cells[OURS_UNMERGED];
  for (const name of [OURS, OURS_UNMERGED, IDEAL_MERGING]) {
    const cell = row.cells[name];
    if (cell?.value !== undefined) cell.detail = `(${partsPerDelta[name].toFixed(3)} parts/delta)`;
  }
  const text = `<= ${shape.budget}x merge off`;
  if (on?.value === undefined || off?.value === undefined) {
    row.budget = {
      text,
      verdict: 'NOT MEASURED',
      detail: on?.error ?? off?.error ?? on?.unavailable ?? off?.unavailable ?? 'no figure',
    };
  } else {
    const ratio = on.value / off.value;
    const ideal = row.cells[IDEAL_MERGING]?.value;
    const bound = ideal === undefined ? '' : `; the ideal merging provider reads ${(ideal / off.value).toFixed(2)}x`;
    row.budget = { text, verdict: ratio <= shape.budget ? 'PASS' : 'FAIL', detail: `${ratio.toFixed(2)}x${bound}` };
    on.detail = `(${ratio.toFixed(2)}x merge off; ${partsPerDelta[OURS].toFixed(3)} parts/delta)`;
  }
  return row;
}

/**
 * `gw.fallback([model, spare])` answered by its first model against the bare model, both with merging
 * off so every delta is a part, measured in pairs (`measurePairedCpu`): the budget is that fallback costs
 * the same per delta, within 5%, by the two models' total CPU over all pairs; the median per-pair ratio is
 * shown next to it.
 */
function fallbackRow(format: WireFormat, paired: PairedCpu, deltas: number): Row {
  const row: Row = {
    id: `${format}-fallback`,
    title: `${format}: gw.fallback answered by its first model, against the bare model (doStream, merge off, ${deltas} deltas, in pairs)`,
    unit: 'µs',
    digits: 2,
    cells: {
      [OURS]: { ...cellFromSeries(paired.bare), detail: '(bare model)' },
      [OURS_FALLBACK]: cellFromSeries(paired.wrapped),
    },
  };
  const text = 'fallback <= 1.05x bare';
  const { ratio, bare, wrapped } = paired;
  if (ratio.error !== undefined || !Number.isFinite(ratio.median)) {
    row.budget = { text, verdict: 'NOT MEASURED', detail: ratio.error ?? 'no figure' };
    return row;
  }
  // Many short streams, alternating: every slow or fast spell of the host lands on both models alike, and
  // the totals average it out (single 50k-delta samples of one model moved by 40% on this host).
  const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
  const overall = total(wrapped.samples) / total(bare.samples);
  row.cells[OURS_FALLBACK]!.detail =
    `(${overall.toFixed(3)}x bare over ${ratio.samples.length} alternating pairs; median pair ${ratio.median.toFixed(3)}x)`;
  row.budget = { text, verdict: overall <= 1.05 ? 'PASS' : 'FAIL', detail: `${overall.toFixed(3)}x` };
  return row;
}

/**
 * The CPU that automatic cache breakpoints add to a messages call: placing them on a 50-message
 * tool-loop prompt, against the whole doGenerate call on that prompt (caching off). Budget: under 2%.
 */
function cacheBreakpointsRow({ placement, call }: Awaited<ReturnType<typeof measureCacheBreakpoints>>): Row {
  raw['messages-cache-breakpoints'] = { placement, call };
  const row: Row = {
    id: 'messages-cache-breakpoints',
    title: `messages: CPU of placing cache breakpoints per call (${CACHE_PROMPT_MESSAGES}-message tool-loop prompt), against the whole doGenerate call`,
    unit: 'µs',
    digits: 2,
    cells: { [OURS]: cellFromSeries(placement) },
  };
  const text = 'placement <= 2% of the call';
  if (placement.error !== undefined || call.error !== undefined || !(call.median > 0)) {
    row.budget = { text, verdict: 'NOT MEASURED', detail: placement.error ?? call.error ?? 'no figure' };
    return row;
  }
  const share = placement.median / call.median;
  row.cells[OURS]!.detail = `(the call: ${call.median.toFixed(0)} µs CPU; ${(100 * share).toFixed(2)}%)`;
  row.budget = { text, verdict: share <= 0.02 ? 'PASS' : 'FAIL', detail: `${(100 * share).toFixed(2)}%` };
  return row;
}

/** An ai@7 line row: both entries beside the floor; the v4 cell also reads its figure against the root entry's. */
function ai7Row(id: string, title: string, unit: string, digits: number, series: Record<string, Series>): Row {
  const row = seriesRow(id, title, unit, digits, series);
  row.table = 'ai7';
  const v4 = row.cells[OURS_V4];
  const root = row.cells[OURS_ROOT_IN_AI7];
  if (v4?.value !== undefined && root?.value !== undefined) {
    v4.detail = `(${(v4.value / root.value).toFixed(2)}x root via adapter)`;
  }
  const ideal = row.cells[IDEAL_FIRST_DELTA]?.value;
  if (ideal !== undefined && v4?.value !== undefined && v4.detail) {
    v4.detail = `${v4.detail.slice(0, -1)}; ${(v4.value / ideal).toFixed(2)}x the ideal)`;
  }
  return row;
}

/**
 * The ai@7 line through ai@7's streamText: CPU per delta with merging on and off, and the first delta. ai@7
 * needs Node >= 22; on an older Node the section is skipped and latest.json keeps its rows of an earlier run.
 */
async function measureAi7Section(upstream: string): Promise<void> {
  if (Number(process.versions.node.split('.')[0]) < 22) {
    progress(`ai@7 line: skipped, ai@7 needs Node >= 22 (this is ${process.version}); npm run bench:ai7 runs it`);
    return;
  }
  const { measureAi7Line } = await import('./ai7-line');
  const { deltas, reps, warmups } = plan.stream;
  const mergeOffDeltas = plan.ai7MergeOffDeltas;
  for (const format of FORMATS) {
    progress(
      `${format}: ai@7 line, streamText CPU per delta (${deltas} deltas, and ${mergeOffDeltas} merge off) x ${reps} reps, ${plan.firstDeltaRequests} first deltas`,
    );
    const series = await measureAi7Line(upstream, format, {
      deltas,
      mergeOffDeltas,
      reps,
      warmups,
      firstDeltaRequests: plan.firstDeltaRequests,
    });
    const through = "ai@7's streamText";
    rows.push(
      ai7Row(
        `${format}-ai7-cpu`,
        `${format}: CPU per delta through ${through} (${deltas} deltas)`,
        'µs',
        2,
        series.cpu,
      ),
      ai7Row(
        `${format}-ai7-cpu-merge-off`,
        `${format}: CPU per delta through ${through}, merge off: every delta a part (${mergeOffDeltas} deltas)`,
        'µs',
        2,
        series.cpuMergeOff,
      ),
      ai7Row(
        `${format}-ai7-ttfd`,
        `${format}: time to first delta through ${through} (${FIRST_DELTA_SCENARIO.deltas}-delta stream; floor: fetch)`,
        'ms',
        3,
        series.firstDelta,
      ),
    );
  }
}

/**
 * The first chat `doGenerate` after a cold import (fresh node per sample): what the first call of a kind
 * pays, this package's lazily loaded calls included. No budget: reported for context.
 */
function firstCallRow(upstream: string): Row {
  progress(`first call after a cold import, ${plan.importRuns} fresh node processes per entry`);
  const row: Row = {
    id: 'first-call',
    title: 'first chat doGenerate after a cold import (fresh node, median; ours loads its calls then)',
    unit: 'ms',
    digits: 1,
    cells: {},
  };
  const series = measureFirstCall(
    {
      [OURS]: {
        entry: OWN_DIST_ENTRY,
        model: `m.createUnigate({ apiKey: '${BENCH_API_KEY}', siteURL: url, baseURL: url + '/v1' }).chat(id)`,
      },
      'openai-compatible': {
        entry: packageEntry('@ai-sdk/openai-compatible'),
        model: `m.createOpenAICompatible({ name: 'bench', apiKey: '${BENCH_API_KEY}', baseURL: url + '/v1' }).chatModel(id)`,
      },
    },
    upstream,
    scenarioModelId(GENERATE_SCENARIO.kind, GENERATE_SCENARIO.deltas),
    plan.importRuns,
  );
  raw['first-call'] = series;
  for (const [name, value] of Object.entries(series)) row.cells[name] = cellFromSeries(value);
  return row;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  let distNote: string | undefined;
  if (only.has('import')) {
    try {
      progress('checking dist/ for the cold-import row');
      distNote = ensureBuilt(allowBuild);
    } catch (error) {
      distNote = `not measured: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  const upstream = await startUpstream();
  progress(`fake upstream (pid ${upstream.pid}) on ${upstream.url}`);
  let served: ServedBody[] = [];
  try {
    const contenders = languageContenders(upstream.url);
    const unmerged = unmergedContenders(upstream.url);

    if (only.has('cpu')) {
      for (const format of FORMATS) {
        progress(`${format}: provider-only CPU per delta, ${plan.stream.deltas} deltas x ${plan.stream.reps} reps`);
        const series = await measureStreamCpu(
          upstream.url,
          [...contenders, ...unmerged.filter(contender => contender.name === OURS_UNMERGED)],
          format,
          plan.stream.deltas,
          plan.stream,
        );
        const row = seriesRow(
          `${format}-cpu`,
          `${format}: provider-only CPU per delta (doStream, ${plan.stream.deltas} deltas)`,
          'µs',
          2,
          series,
        );
        ratioBudget(row, 2);
        // The body arrives in a few large reads, so merging leaves few parts: the per-delta path shows with it off.
        const off = row.cells[OURS_UNMERGED];
        if (row.cells[OURS]?.value !== undefined && off?.value !== undefined) {
          row.cells[OURS]!.detail = `(merge off: ${off.value.toFixed(2)} µs, ${off.ratio?.toFixed(2)}x)`;
        }
        rows.push(row);
      }
    }

    if (only.has('fallback')) {
      for (const format of FORMATS) {
        const pair = unmerged.filter(
          contender =>
            contender.format === format &&
            (contender.name === OURS_UNMERGED || contender.name === OURS_FALLBACK_UNMERGED),
        );
        progress(
          `${format}: gw.fallback against the bare model, ${plan.fallback.deltas} deltas x ${plan.fallback.reps} pairs`,
        );
        const paired = await measurePairedCpu(
          upstream.url,
          [pair[0]!, pair[1]!],
          format,
          plan.fallback.deltas,
          plan.fallback,
        );
        raw[`${format}-fallback`] = paired;
        rows.push(fallbackRow(format, paired, plan.fallback.deltas));
      }
    }

    if (only.has('ttfd')) {
      for (const format of FORMATS) {
        progress(`${format}: time to first delta, ${plan.firstDeltaRequests} requests`);
        const series = await measureFirstDelta(
          upstream.url,
          contenders,
          format,
          plan.firstDeltaRequests,
          drainAi6,
          (wire, id) => idealFirstDeltaModel(upstream.url, wire, id),
        );
        const row = seriesRow(
          `${format}-ttfd`,
          `${format}: time to first delta (streamText, ${FIRST_DELTA_SCENARIO.deltas}-delta stream; floor: fetch)`,
          'ms',
          3,
          series,
        );
        ratioBudget(row, 1.5);
        const peers = contenders.filter(c => c.format === format && !c.name.startsWith(OURS)).map(c => c.name);
        markRatios(row, [OURS, OURS_PRICED, OURS_FALLBACK, IDEAL_FIRST_DELTA], peers, 'best peer');
        rows.push(row);
      }
    }

    if (only.has('burst')) {
      const burst = burstContenders(upstream.url, contenders, unmerged);
      for (const format of FORMATS) {
        for (const shape of SHAPES) {
          progress(
            `${format}: ${shape.title}, streamText CPU per delta, ${BURST_DELTAS} deltas x ${plan.burst.reps} reps`,
          );
          rows.push(burstRow(format, shape, await measureBurstCpu(upstream.url, burst, format, shape, plan.burst)));
        }
      }
    }

    if (only.has('tool')) {
      for (const format of FORMATS) {
        progress(`${format}: tool-call argument CPU, 1k vs 10k deltas, ${plan.tool.reps} reps`);
        const { figures, series } = await measureToolScaling(upstream.url, contenders, format, plan.tool);
        raw[`${format}-tool`] = { figures, series };
        const row: Row = {
          id: `${format}-tool`,
          title: `${format}: tool-call argument CPU per delta, ratio 10k/1k deltas (doStream, per-request cost taken out)`,
          unit: '',
          digits: 2,
          cells: {},
        };
        for (const [name, figure] of Object.entries(figures)) {
          const cell =
            'ratio' in figure
              ? {
                  value: figure.ratio,
                  detail: `(1k: ${figure.small.toFixed(2)} µs, 10k: ${figure.large.toFixed(2)} µs)`,
                  spread: figure.spread,
                }
              : { unavailable: figure.unavailable, error: figure.error };
          if (name === FLOOR) row.floor = cell;
          else row.cells[name] = cell;
        }
        ratioBudget(row, 1.3, '10k/1k');
        rows.push(row);
      }
    }

    if (only.has('embed')) {
      progress(`embedMany ${EMBED_INPUTS} x ${EMBEDDING_DIMENSIONS}, ${plan.embed.reps} reps`);
      const series = await measureEmbedMany(upstream.url, embeddingContenders(upstream.url), plan.embed);
      const row = seriesRow(
        'embed-many',
        `embedMany ${EMBED_INPUTS} x ${EMBEDDING_DIMENSIONS} (wall per call; floor: base64 + decode)`,
        'ms',
        1,
        series,
      );
      ratioBudget(row, 1.3);
      rows.push(row);
    }

    if (only.has('cache')) {
      progress(`messages: cache breakpoints on a ${CACHE_PROMPT_MESSAGES}-message prompt, ${plan.cache.reps} reps`);
      rows.push(cacheBreakpointsRow(await measureCacheBreakpoints(upstream.url, plan.cache)));
    }

    if (only.has('generate')) {
      for (const format of FORMATS) {
        progress(`${format}: generateText latency, ${plan.generateRequests} requests`);
        const series = await measureGenerateLatency(upstream.url, contenders, format, plan.generateRequests);
        rows.push(
          seriesRow(
            `${format}-generate`,
            `${format}: generateText latency (${GENERATE_SCENARIO.deltas}-piece answer; floor: fetch + JSON.parse)`,
            'ms',
            3,
            series,
          ),
        );
      }
    }

    if (only.has('price')) {
      progress(`price wait: a fresh provider's first call, ${plan.priceWaitRuns} runs each`);
      const series = await measurePriceWait(plan.priceWaitRuns);
      raw['price-wait'] = series;
      const fresh = series[FRESH];
      const loaded = series[LOADED];
      if (fresh?.error || loaded?.error || fresh === undefined || loaded === undefined) {
        notes.push(`Price wait: not measured (${fresh?.error ?? loaded?.error ?? 'no figure'}).`);
      } else {
        notes.push(
          `Price wait (emulator in process, each catalog page answering after ${CATALOG_PAGE_DELAY_MS} ms): a fresh ` +
            `provider's first generateText, priced every time, takes ${fresh.median.toFixed(1)} ms (median of ` +
            `${fresh.samples.length}) against ${loaded.median.toFixed(1)} ms with the catalog loaded first: ` +
            `${(fresh.median - loaded.median).toFixed(1)} ms added, about two catalog round trips ` +
            `(page 1, then the other pages at once).`,
        );
      }
    }

    if (only.has('heap')) {
      for (const format of FORMATS) {
        progress(`${format}: heap retained per delta, ${plan.heap.deltas} deltas x ${plan.heap.reps} reps`);
        const result = await measureHeapRetained(upstream.url, contenders, format, plan.heap.deltas, plan.heap.reps);
        const row: Row = {
          id: `${format}-heap`,
          title: `${format}: heap retained per delta (${plan.heap.deltas} vs ${plan.heap.deltas / 10} deltas, final result held)`,
          unit: 'B',
          digits: 2,
          cells: {},
        };
        if ('figures' in result) {
          raw[`${format}-heap`] = result;
          for (const [name, figure] of Object.entries(result.figures)) {
            const cell =
              'perDelta' in figure
                ? {
                    value: figure.perDelta,
                    detail: `(+-${(figure.noisePerDelta / 2).toFixed(2)})`,
                  }
                : { unavailable: figure.unavailable, error: figure.error };
            if (name === FLOOR) row.floor = cell;
            else row.cells[name] = cell;
          }
        } else {
          row.floor = { unavailable: result.unavailable };
          row.cells[OURS] = { unavailable: result.unavailable };
        }
        if (format === 'chat') {
          notes.push(
            "Heap rows: the +- after each figure is half the range of its repetitions, in B/delta. A run's heap moves a few tens of KB either way, so " +
              (quick
                ? `${plan.heap.deltas} deltas (--quick) resolve about +-1 B/delta; the full run resolves about +-0.1.`
                : `${plan.heap.deltas} deltas resolve about +-0.1 B/delta.`),
          );
        }
        const ours = row.cells[OURS];
        row.budget =
          ours?.value === undefined
            ? {
                text: 'bytes/delta < 1',
                verdict: 'NOT MEASURED',
                detail: ours?.unavailable ?? ours?.error ?? 'no figure',
              }
            : {
                text: 'bytes/delta < 1',
                verdict: ours.value < 1 ? 'PASS' : 'FAIL',
                detail: `${ours.value.toFixed(2)} B/delta`,
              };
        rows.push(row);
      }
    }

    if (only.has('ai7')) await measureAi7Section(upstream.url);
    // Fresh processes against the running upstream: what the first call after a cold import pays.
    if (only.has('import') && !distNote?.startsWith('not measured')) rows.push(firstCallRow(upstream.url));
  } finally {
    served = await Promise.race([
      upstream.stats(),
      new Promise<ServedBody[]>(done => setTimeout(() => done([]), 5_000)),
    ]);
    upstream.stop();
  }

  // Without the upstream running: these rows spawn processes or bundle.
  if (only.has('bundle')) {
    progress('bundle size (esbuild, min+gzip, ai and zod external)');
    const entries: Record<string, string> = {
      [OURS]: OWN_ENTRY,
      'openai-compatible': packageEntry('@ai-sdk/openai-compatible'),
      openai: packageEntry('@ai-sdk/openai'),
      anthropic: packageEntry('@ai-sdk/anthropic'),
      openrouter: packageEntry('@openrouter/ai-sdk-provider'),
    };
    const sizes: Record<string, BundleSize> = {};
    for (const [name, entry] of Object.entries(entries)) sizes[name] = await bundleSize(entry);
    const testing = await bundleSize(OWN_TESTING_ENTRY);
    raw.bundle = { ...sizes, [`${OURS}/testing`]: testing };
    const row: Row = {
      id: 'bundle',
      title: 'bundle size of the root entry as loaded on import, min+gzip (ai, zod external; import() chunks apart)',
      unit: 'KB',
      digits: 1,
      cells: {},
    };
    for (const [name, size] of Object.entries(sizes)) {
      row.cells[name] = size.error
        ? { error: size.error }
        : { value: size.gzipBytes! / 1000, detail: `(min ${(size.minBytes! / 1000).toFixed(1)} KB)` };
    }
    // 30 KB as scripts/check-size.ts counts it (1 KB = 1000 B): issue 32's limit, every kind's calls loaded on first use.
    ratioBudget(row, 30, 'KB');
    row.budget!.text = 'root entry <= 30 KB';
    rows.push(row);
    const ownParts = sizes[OURS].parts;
    if (ownParts) {
      notes.push(
        `Where ${OURS}'s root bundle comes from (minified bytes before gzip): ` +
          ownParts
            .slice(0, 8)
            .map(({ part, bytes }) => `${part} ${(bytes / 1000).toFixed(1)} KB`)
            .join(', ') +
          '.',
      );
    }
    const { chunks } = await lazyChunkSizes(sizes[OURS]);
    const chunkBytes = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
    notes.push(
      `${OURS}'s code loaded with import() on first use (budget, fallback, video, image and embedding calls), ` +
        `not in the row: ${chunks.length} chunks, ${(chunkBytes / 1000).toFixed(1)} KB min+gzip, each gzipped alone.`,
    );
    notes.push(
      testing.error
        ? `${OURS}/testing export bundle: error: ${testing.error}`
        : `${OURS}/testing export (separate entry, not in the root bundle): ${(testing.gzipBytes! / 1000).toFixed(1)} KB min+gzip (min ${(testing.minBytes! / 1000).toFixed(1)} KB).`,
    );
  }

  if (only.has('import')) {
    progress(`cold import, ${plan.importRuns} fresh node processes per entry`);
    const row: Row = {
      id: 'cold-import',
      title: 'cold import of the built ESM entry (fresh node, median)',
      unit: 'ms',
      digits: 1,
      cells: {},
    };
    if (distNote?.startsWith('not measured')) {
      row.cells[OURS] = { unavailable: distNote };
      row.budget = { text: 'faster than openai-compatible', verdict: 'NOT MEASURED', detail: distNote };
    } else {
      const series = measureColdImport(
        {
          [OURS]: OWN_DIST_ENTRY,
          'openai-compatible': packageEntry('@ai-sdk/openai-compatible'),
          openai: packageEntry('@ai-sdk/openai'),
          anthropic: packageEntry('@ai-sdk/anthropic'),
          openrouter: packageEntry('@openrouter/ai-sdk-provider'),
        },
        plan.importRuns,
      );
      raw['cold-import'] = series;
      for (const [name, value] of Object.entries(series)) row.cells[name] = cellFromSeries(value);
      const ours = row.cells[OURS];
      const peer = row.cells['openai-compatible'];
      if (ours?.value === undefined || peer?.value === undefined) {
        row.budget = {
          text: 'faster than openai-compatible',
          verdict: 'NOT MEASURED',
          detail: ours?.error ?? peer?.error ?? 'no figure',
        };
      } else {
        row.budget = {
          text: 'faster than openai-compatible',
          verdict: ours.value < peer.value ? 'PASS' : 'FAIL',
          detail: `${ours.value.toFixed(1)} ms vs ${peer.value.toFixed(1)} ms`,
        };
      }
      notes.push(`Cold import: ${distNote}.`);
    }
    rows.push(row);
  }

  const loadAfter = os.loadavg();
  const cpus = os.cpus();
  const machine = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    loadavgBefore: loadBefore.map(value => Number(value.toFixed(2))),
    loadavgAfter: loadAfter.map(value => Number(value.toFixed(2))),
    exposeGc: Boolean(gc),
  };
  const date = new Date().toISOString();
  const seconds = (performance.now() - started) / 1000;

  notes.unshift(
    `Wire bytes: one fake upstream process (node:http on 127.0.0.1) served ${served.length} distinct bodies, each byte-identical for every contender of its format (sha256 per body in latest.json).`,
    `Machine: ${machine.cpus} x ${machine.cpuModel}, ${machine.memoryGB} GB; load average (1/5/15 min) ${machine.loadavgBefore.join('/')} before, ${machine.loadavgAfter.join('/')} after. Other processes on this machine share these cores.`,
    'CPU rows: process.cpuUsage (user+system) of this process around the whole call (request, body read, parsing, parts), median of the repetitions; a full GC runs between samples, outside the clock.',
  );
  const markdown = writeResults(
    { date, mode: quick ? 'quick' : 'full', seconds, machine, plan, raw, servedBodies: served, notes },
    rows,
  );
  process.stdout.write(`\n${markdown}\nWritten: bench/results/latest.md, bench/results/latest.json\n`);
}

main().then(
  () => process.exit(0),
  error => {
    console.error('bench: the harness itself failed:', error);
    process.exit(1);
  },
);
