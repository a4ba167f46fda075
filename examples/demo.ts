// npm run demo: every capability, against the emulator unless UNIGATE_API_KEY is set.
import { chat } from './chat';
import { embedding } from './embedding';
import { errors } from './errors';
import { image } from './image';
import { messages } from './messages';
import { modelsAndCatalog } from './models-and-catalog';
import { setup } from './setup';
import { speech } from './speech';
import { transcription } from './transcription';
import { video } from './video';

const { gw, live, close } = await setup();
try {
  await modelsAndCatalog(gw);
  await chat(gw, process.env.UNIGATE_CHAT_MODEL);
  await messages(gw, process.env.UNIGATE_MESSAGES_MODEL);
  await embedding(gw, process.env.UNIGATE_EMBEDDING_MODEL);
  await speech(gw, process.env.UNIGATE_SPEECH_MODEL);
  await transcription(gw, process.env.UNIGATE_TRANSCRIPTION_MODEL);
  await image(gw, process.env.UNIGATE_IMAGE_MODEL);
  await video(gw, live, process.env.UNIGATE_VIDEO_MODEL);
  await errors(gw, live);
} finally {
  await close();
}
