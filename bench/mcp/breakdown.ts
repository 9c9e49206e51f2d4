// Where an MCP call's time goes: the same calls one at a time, in process (Fastify's inject, no socket), as the
// server's main-thread CPU per call. That is the server's own work (PGlite runs its queries on a thread of its
// own, PostgreSQL in its own processes), so it holds on a loaded machine where wall times do not. The MCP layer
// alone is measured on a second /mcp whose API answers come from memory, recorded from the real API.
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import type { ApiResponse, ApiTransport } from '@stackyard/mcp/api-client';
import { mcpHttp } from '@stackyard/mcp/http';

export interface BreakdownCase {
  /** The row names of the REST call and of the MCP call. */
  names: [string, string];
  rest: string;
  mcp: { path: string; headers: Record<string, string>; body: unknown };
  calls: number;
}

export async function printBreakdown(app: FastifyInstance, token: string, cases: BreakdownCase[]) {
  const recorded = new Map<string, ApiResponse>();
  let apiCalls = 0;
  const fromMemory: ApiTransport = async (call) => {
    apiCalls += 1;
    const key = `${call.method} ${call.path}`;
    let answer = recorded.get(key);
    if (!answer) {
      answer = await injectApi(app, call);
      recorded.set(key, answer);
    }
    return answer;
  };
  const layer = Fastify();
  await layer.register(mcpHttp, { api: fromMemory });
  try {
    console.log('\nServer main-thread CPU per call, one call at a time:');
    console.log('| call | CPU ms per call | API calls per call |');
    console.log('|---|---:|---:|');
    for (const testCase of cases) {
      const authorization = `Bearer ${token}`;
      const mcp: InjectOptions = {
        method: 'POST',
        url: testCase.mcp.path,
        headers: { ...testCase.mcp.headers, authorization, 'content-type': 'application/json' },
        payload: JSON.stringify(testCase.mcp.body),
      };
      const rest: InjectOptions = { method: 'GET', url: testCase.rest, headers: { authorization } };
      const restMs = await cpuPerCall(app, rest, testCase.calls);
      const mcpMs = await cpuPerCall(app, mcp, testCase.calls);
      const layerMs = await cpuPerCall(layer, mcp, testCase.calls, () => {
        apiCalls = 0;
      });
      const perCall = apiCalls / testCase.calls;
      console.log(`| ${testCase.names[0]} | ${restMs.toFixed(2)} | 1 |`);
      console.log(`| ${testCase.names[1]} | ${mcpMs.toFixed(2)} | ${perCall} |`);
      console.log(
        `| … of which the MCP layer (API answers from memory) | ${layerMs.toFixed(2)} | ${perCall} |`,
      );
    }
  } finally {
    await layer.close();
  }
}

/** Warm first, then the main thread's CPU time over `calls` sequential calls, each checked for a 200. */
async function cpuPerCall(
  server: FastifyInstance,
  request: InjectOptions,
  calls: number,
  warmed = () => {},
): Promise<number> {
  for (let i = 0; i < 3; i++) await expectOk(server, request);
  warmed();
  const before = process.threadCpuUsage();
  for (let i = 0; i < calls; i++) await expectOk(server, request);
  const used = process.threadCpuUsage(before);
  return (used.user + used.system) / 1000 / calls;
}

async function expectOk(server: FastifyInstance, request: InjectOptions): Promise<void> {
  const response = await server.inject(request);
  if (response.statusCode !== 200 || response.body.includes('"isError":true')) {
    throw new Error(`${request.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
}

/** The product API in process, as the server's own /mcp reaches it (apps/server/src/app.ts). */
async function injectApi(app: FastifyInstance, call: Parameters<ApiTransport>[0]): Promise<ApiResponse> {
  const response = await app.inject({
    method: call.method,
    url: `/api/v1${call.path}`,
    headers: { authorization: call.authorization },
    ...(call.body === undefined ? {} : { payload: call.body as object }),
  });
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { status: response.statusCode, headers, body: response.body };
}
