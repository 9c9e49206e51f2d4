// Where an API request's time goes: Fastify hooks mark the end of each phase of the request
// lifecycle, one request at a time (no contention, so the figures add up), for the API route and for its
// raw-SQL baseline on the same server. The handler phase is split further by timing its parts on their own
// (the authorization query and the route's query, called directly), and the logging of a request is timed
// with the app's own logger.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbHandle } from '@stackyard/db/client';
import { startBenchServer, type BenchServer } from './server.ts';

// Each hook marks, in the reply's elapsed time since Fastify took the request, the end of the phase named
// at the same index: onRequest hooks (helmet, the request id, the API's authentication) end at preParsing.
const HOOKS = ['preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend'] as const;
const PHASES = [
  'routing and onRequest hooks (helmet, request id, authentication)',
  'body parsing',
  'input validation (params, query)',
  'handler: authorization + query + mapping',
  'response serialization',
] as const;

export interface Instrumented {
  /** Runs the work; answers the phase durations of each request it made. */
  record<T>(work: () => Promise<T>): Promise<{ value: T; phases: number[][] }>;
}

/** Adds the timing hooks; call before the app is ready. Each mark costs a clock read. */
export function instrument(app: FastifyInstance): Instrumented {
  const marks = new WeakMap<FastifyRequest, number[]>();
  let recording: number[][] | null = null;
  for (const hook of HOOKS) {
    // Fastify's hook overloads differ in arity; each mark only reads the request and reply.
    const mark = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!recording) return;
      const times = marks.get(request) ?? [0];
      times.push(reply.elapsedTime);
      marks.set(request, times);
    };
    app.addHook(hook as 'preHandler', mark);
  }
  app.addHook('onResponse', async (request) => {
    const times = marks.get(request);
    // A handler that answers a string skips preSerialization: its phases would not line up.
    if (recording && times?.length === HOOKS.length + 1) {
      recording.push(times.slice(1).map((time, index) => time - (times[index] ?? time)));
    }
  });
  return {
    async record(work) {
      recording = [];
      try {
        const value = await work();
        return { value, phases: recording };
      } finally {
        recording = null;
      }
    },
  };
}

export interface BreakdownCase {
  name: string;
  /** The API route and its baseline, each with its headers. */
  api: { url: string; headers: Record<string, string> };
  baseline: { url: string };
  /** The handler's parts, timed on their own: name → one call. */
  parts: Record<string, () => Promise<unknown>>;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

async function timeEach(iterations: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(50, iterations); i++) await call();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await call();
  return (performance.now() - started) / iterations;
}

/** One request at a time through app.inject (no sockets): the mean of each phase, API next to baseline. */
async function phasesOf(
  app: FastifyInstance,
  recorder: Instrumented,
  iterations: number,
  url: string,
  headers: Record<string, string>,
): Promise<{ total: number; phases: number[] }> {
  const inject = async () => {
    const response = await app.inject({ url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
  };
  for (let i = 0; i < 50; i++) await inject();
  const { value: total, phases } = await recorder.record(async () => {
    const started = performance.now();
    for (let i = 0; i < iterations; i++) await inject();
    return (performance.now() - started) / iterations;
  });
  return { total, phases: PHASES.map((_, index) => mean(phases.map((row) => row[index] ?? 0))) };
}

/** Prints, per case, the mean time of each phase of the API request and of its baseline. */
export async function printBreakdown(
  app: FastifyInstance,
  recorder: Instrumented,
  cases: BreakdownCase[],
  options: { iterations: number; loggingPerRequest: () => number },
): Promise<void> {
  if (options.iterations <= 0) return;
  console.log(
    `\nWhere the time goes: one request at a time through app.inject, mean of ${options.iterations} (µs):`,
  );
  console.log('| phase | ' + cases.flatMap((c) => [`${c.name}: API`, 'baseline']).join(' | ') + ' |');
  console.log('|---|' + cases.flatMap(() => ['---:', '---:']).join('|') + '|');
  const columns: Array<{ total: number; phases: number[]; parts: Record<string, number> }> = [];
  for (const testCase of cases) {
    const api = await phasesOf(app, recorder, options.iterations, testCase.api.url, testCase.api.headers);
    const parts: Record<string, number> = {};
    for (const [name, call] of Object.entries(testCase.parts)) {
      parts[name] = await timeEach(options.iterations, call);
    }
    const baseline = await phasesOf(app, recorder, options.iterations, testCase.baseline.url, {});
    columns.push({ ...api, parts }, { ...baseline, parts: {} });
  }
  const row = (label: string, cell: (column: (typeof columns)[number], index: number) => string) =>
    console.log(`| ${label} | ${columns.map(cell).join(' | ')} |`);
  PHASES.forEach((phase, index) => row(phase, (column) => us(column.phases[index] ?? 0)));
  const partNames = [...new Set(cases.flatMap((c) => Object.keys(c.parts)))];
  for (const name of partNames) {
    row(`  of which, alone: ${name}`, (column, index) =>
      index % 2 === 0 && column.parts[name] !== undefined ? us(column.parts[name]) : '',
    );
  }
  row('sending, onResponse hooks and inject', (column) =>
    us(column.total - column.phases.reduce((sum, value) => sum + value, 0)),
  );
  row('**whole request (inject)**', (column) => `**${us(column.total)}**`);
  console.log(`Request logging at info (two lines, pino): ${us(options.loggingPerRequest())} per request.`);
}

/**
 * The server an API benchmark times against its baselines: production's settings, the timing hooks
 * (instrument) and the benchmark's baseline routes added before it listens.
 */
export async function startInstrumentedServer(
  db: DbHandle,
  addBaselines: (app: BenchServer['app'], db: DbHandle) => void,
): Promise<BenchServer & { recorder: Instrumented }> {
  let recorder!: Instrumented;
  const server = await startBenchServer(db, {
    production: true,
    prepare: (app) => {
      recorder = instrument(app);
      addBaselines(app, db);
    },
  });
  return { ...server, recorder };
}
