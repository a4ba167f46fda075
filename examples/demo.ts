// npm run demo: every capability, against the emulator unless UNIGATE_API_KEY is set.
import { modelsAndCatalog } from './models-and-catalog';
import { setup } from './setup';

const { gw, close } = await setup();
try {
  await modelsAndCatalog(gw);
} finally {
  await close();
}
