// The API beside a fake OpenAI-compatible server (real HTTP on loopback), configured to ask it, for tests of
// the features a language model answers.
import { fakeOpenAiEnv, startFakeOpenAi, type FakeOpenAi } from './fake-openai.ts';
import { createHarness, type Harness } from './harness.ts';

export interface OpenAiApi {
  h: Harness;
  fake: FakeOpenAi;
  /** Closes the API, failing on answers the OpenAPI document does not declare, then the fake. */
  close(): Promise<void>;
}

export async function startOpenAiApi(apiKey: string, timeoutMs: number): Promise<OpenAiApi> {
  const fake = await startFakeOpenAi();
  const h = await createHarness({ env: fakeOpenAiEnv(fake, apiKey, timeoutMs) });
  return {
    h,
    fake,
    close: async () => {
      await h.closeChecked();
      await fake.close();
    },
  };
}
