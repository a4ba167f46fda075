// The workerd entry: POST {siteURL, apiKey} and get the observations back as JSON.
import { observe } from './smoke-checks.js';

export default {
  async fetch(request) {
    const { siteURL, apiKey } = await request.json();
    return Response.json(await observe({ siteURL, apiKey }));
  },
};
