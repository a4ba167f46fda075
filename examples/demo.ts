// npm run demo: every capability, against the emulator unless UNIGATE_API_KEY is set.
import { ai7Line } from './ai7-line';
import { autoFormat } from './auto-format';
import { chat } from './chat';
import { budget } from './budget';
import { CostLedger, costs } from './costs';
import { embedding } from './embedding';
import { errors } from './errors';
import { fallback } from './fallback';
import { image } from './image';
import { cappedResumedStream, messages, resumedStream } from './messages';
import { modelsAndCatalog } from './models-and-catalog';
import { promptCaching } from './prompt-caching';
import { chargeEvents, setup } from './setup';
import { speech } from './speech';
import { telemetry } from './telemetry';
import { transcription } from './transcription';
import { trust } from './trust';
import { video } from './video';

// Warnings are printed by each section where they matter, not by the AI SDK's console logger.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
const { gw, live, download, close } = await setup();
// Every model call's cost (providerMetadata.unigate.cost), printed per call and as a table at the end.
const ledger = new CostLedger();
try {
  await modelsAndCatalog(gw);
  await costs(gw, ledger, process.env.UNIGATE_CHAT_MODEL);
  await telemetry(gw, process.env.UNIGATE_CHAT_MODEL);
  await chat(gw, ledger, process.env.UNIGATE_CHAT_MODEL);
  await messages(gw, ledger, process.env.UNIGATE_MESSAGES_MODEL);
  // The drop is an emulator marker: a live gateway does not drop on request.
  if (!live) await resumedStream(gw, ledger);
  if (!live) await resumedStream(gw, ledger, 'deepseek-chat', 'chat');
  if (!live) await cappedResumedStream(gw, ledger);
  await promptCaching();
  await autoFormat(live, process.env.UNIGATE_MESSAGES_MODEL, process.env.UNIGATE_CHAT_MODEL);
  await embedding(gw, ledger, process.env.UNIGATE_EMBEDDING_MODEL);
  await speech(gw, ledger, process.env.UNIGATE_SPEECH_MODEL);
  await transcription(gw, ledger, process.env.UNIGATE_TRANSCRIPTION_MODEL);
  await image(gw, ledger, process.env.UNIGATE_IMAGE_MODEL);
  await video(gw, download, ledger, process.env.UNIGATE_VIDEO_MODEL);
  await errors(gw, live);
  await fallback();
  await trust();
  await budget();
  await ai7Line();
  ledger.print('Cost of every call above');
  console.log('\nEvery charge of the run, as onCharge reported it:');
  console.table(
    chargeEvents.map(({ modelId, kind, ended, exact, cost, attempt }) => ({
      modelId,
      kind,
      ended,
      exact,
      credits: cost?.total ?? '-',
      attempt,
    })),
  );
} finally {
  await close();
}
