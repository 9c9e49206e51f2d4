// The API beside a fake OpenAI-compatible server (real HTTP on loopback), configured to ask it, for tests of
// the features a language model answers.
import { apiTest, serverFixture } from './api-fixtures.ts';
import { fakeOpenAiEnv, startFakeOpenAi } from './fake-openai.ts';

/** apiTest with `fake`, the model's server the API asks with this key (one per file). */
export function openAiTest(apiKey: string, timeoutMs: number) {
  return apiTest()
    .extend('fake', { scope: 'file' }, serverFixture(startFakeOpenAi))
    .extend('apiOptions', { scope: 'file' }, ({ fake }) => ({ env: fakeOpenAiEnv(fake, apiKey, timeoutMs) }));
}
