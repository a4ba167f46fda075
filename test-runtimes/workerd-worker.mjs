// The workerd entry: POST {siteURL, apiKey, redirectBase} and get the observations back as JSON.
import { observe } from './smoke-checks.js';

export default {
  async fetch(request) {
    const { siteURL, apiKey, redirectBase } = await request.json();
    return Response.json(await observe({ siteURL, apiKey, redirectBase }));
  },
};
