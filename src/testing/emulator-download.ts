// A `download` for the AI SDK's `experimental_generateVideo` (ai@6 and ai@7 take the same option, as does
// `transcribe`). The SDK's default downloader refuses private hosts such as 127.0.0.1 against request
// forgery, and the in-process emulator's host resolves nowhere: this one fetches the emulator's files
// through the emulator itself.

/** The AI SDK's `download` option: one URL in, its bytes and media type out. */
export type UnigateEmulatorDownload = (options: {
  url: URL;
  abortSignal?: AbortSignal;
}) => Promise<{ data: Uint8Array; mediaType: string | undefined }>;

/**
 * Downloads with `fetch` (the in-process emulator's, or the real one for a listening server). With
 * `origin`, any URL elsewhere is refused before a request, so the helper cannot be pointed at other
 * private hosts. A non-2xx answer is an error naming the URL and the status. (The emulator imports no
 * package, so these are plain `Error`s, not the SDK's `DownloadError`.)
 */
export function createEmulatorDownload(fetch: typeof globalThis.fetch, origin?: string): UnigateEmulatorDownload {
  return async ({ url, abortSignal }) => {
    const href = String(url);
    if (origin !== undefined && new URL(href).origin !== origin) {
      throw new Error(`The emulator's download fetches only ${origin}/…; refused ${href}`);
    }
    const response = await fetch(href, { signal: abortSignal });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new Error(`Download of ${href} from the emulator failed with HTTP ${response.status}`);
    }
    return {
      data: new Uint8Array(await response.arrayBuffer()),
      mediaType: response.headers.get('content-type') ?? undefined,
    };
  };
}
