// Which Chromium the smoke test drives, first match wins:
//   1. CHROMIUM_PATH, when set: an explicit override, used as is (no fallback if it is missing).
//   2. The headless Chromium shipped inside the @sparticuz/chromium devDependency (Linux x64 only),
//      so `npm ci` alone provides the browser. We unpack it ourselves instead of calling its
//      executablePath(), which reuses whatever sits at $TMPDIR/chromium (any version, any owner,
//      even a half-written file). The NSS/expat libraries it ships go next to it, so the machine
//      needs no browser libraries of its own.
//   3. /usr/bin/chromium, for platforms that package has no binary for (e.g. Linux arm64).
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const root = fileURLToPath(new URL('../..', import.meta.url));

/** `{ executablePath, env, source }` for playwright's launch, or throws saying what was tried. */
export async function findChromium() {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!existsSync(override)) throw new Error(`CHROMIUM_PATH=${override} does not exist`);
    return { executablePath: override, env: process.env, source: 'CHROMIUM_PATH' };
  }
  const packaged = await packagedChromium();
  if (packaged) return packaged;
  if (existsSync(SYSTEM_CHROMIUM))
    return { executablePath: SYSTEM_CHROMIUM, env: process.env, source: SYSTEM_CHROMIUM };
  throw new Error(
    `no Chromium: @sparticuz/chromium has no binary for ${process.platform}-${process.arch}, ` +
      `and there is none at ${SYSTEM_CHROMIUM}; set CHROMIUM_PATH`,
  );
}

async function packagedChromium() {
  if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
  // The package's entry is build/index.js; the compressed browser is in bin/ beside it.
  const packageDir = join(dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..');
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8'));
  // One unpacked copy per version, thrown away with node_modules by the next `npm ci`.
  const target = join(root, 'node_modules', '.cache', 'unigate-chromium', version);
  if (!existsSync(join(target, 'chromium'))) await unpack(join(packageDir, 'bin'), target);
  const libDir = join(target, 'lib');
  const libraryPath = [libDir, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return {
    executablePath: join(target, 'chromium'),
    env: { ...process.env, LD_LIBRARY_PATH: libraryPath },
    source: `@sparticuz/chromium ${version}`,
  };
}

/** Unpacks into a staging directory renamed into place at the end, so a crash leaves no half copy. */
async function unpack(binDir, target) {
  await mkdir(dirname(target), { recursive: true });
  const staging = await mkdtemp(`${target}.partial-`);
  try {
    await pipeline(
      createReadStream(join(binDir, 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(join(staging, 'chromium'), { mode: 0o755 }),
    );
    await extractFiles(brotliDecompressSync(await readFile(join(binDir, 'al2023.tar.br'))), join(staging, 'lib'));
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // A concurrent run may have renamed its copy into place first; that one is as good.
    if (!existsSync(join(target, 'chromium'))) throw error;
  }
}

/** Writes the regular files of a tar archive flat into `dir` (by base name, so none lands outside it). */
async function extractFiles(tar, dir) {
  await mkdir(dir, { recursive: true });
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every(byte => byte === 0)) break;
    const field = (start, length) => header.toString('latin1', start, start + length).replace(/\0[^]*$/, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    offset += 512;
    if (type === '0' || type === '') {
      await writeFile(join(dir, basename(field(0, 100))), tar.subarray(offset, offset + size), {
        mode: Number.parseInt(field(100, 8), 8) & 0o755,
      });
    }
    offset += Math.ceil(size / 512) * 512;
  }
}
