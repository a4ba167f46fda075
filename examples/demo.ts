// npm run demo: every capability, against the emulator unless UNIGATE_API_KEY is set.
import { chat } from './chat';
import { errors } from './errors';
import { messages } from './messages';
import { modelsAndCatalog } from './models-and-catalog';
import { setup } from './setup';

const { gw, live, close } = await setup();
try {
  await modelsAndCatalog(gw);
  await chat(gw, process.env.UNIGATE_CHAT_MODEL);
  await messages(gw, process.env.UNIGATE_MESSAGES_MODEL);
  await errors(gw, live);
} finally {
  await close();
}
