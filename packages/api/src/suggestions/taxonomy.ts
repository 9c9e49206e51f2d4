// The built-in taxonomy of common developer categories (issue 18). A tool is classified by matching these
// against what the workspace knows of it: its stack category, tags, topics and keywords, name and description.

export const CATEGORY_KEYS = [
  'frontend',
  'api',
  'orm',
  'database',
  'queue',
  'auth',
  'testing',
  'styling',
  'bundler',
  'cli',
  'data',
  'ai',
  'observability',
  'deployment',
  'realtime',
  'mobile',
  'search',
  'cache',
  'validation',
  'state',
  'docs',
  'email',
  'payments',
  'browser',
] as const;
export type CategoryKey = (typeof CATEGORY_KEYS)[number];

export interface Category {
  label: string;
  /** Well-known tool names (matched against a tool's name and slug as whole words). */
  names: string[];
  /** Words and phrases (matched as whole words in categories, tags, topics and descriptions). */
  words: string[];
}

export const TAXONOMY: Record<CategoryKey, Category> = {
  frontend: {
    label: 'Frontend framework',
    names: [
      'react',
      'vue',
      'svelte',
      'sveltekit',
      'angular',
      'solid',
      'solidjs',
      'preact',
      'next.js',
      'nextjs',
      'nuxt',
      'remix',
      'astro',
      'qwik',
      'htmx',
      'lit',
      'ember',
      'alpine.js',
      'alpinejs',
      'react router',
    ],
    words: [
      'frontend',
      'front-end',
      'ui framework',
      'ui library',
      'web framework for the browser',
      'spa',
      'single-page',
      'components',
      'user interfaces',
      'web ui',
    ],
  },
  api: {
    label: 'API framework',
    names: [
      'fastify',
      'express',
      'hono',
      'koa',
      'nestjs',
      'nest',
      'django',
      'flask',
      'fastapi',
      'rails',
      'laravel',
      'spring boot',
      'gin',
      'echo',
      'fiber',
      'actix',
      'axum',
      'phoenix',
      'trpc',
      'graphql',
      'apollo',
      'elysia',
    ],
    words: [
      'api framework',
      'web framework',
      'http server',
      'rest api',
      'backend',
      'back-end',
      'server framework',
      'graphql',
      'rpc',
      'api',
    ],
  },
  orm: {
    label: 'ORM',
    names: [
      'drizzle',
      'prisma',
      'typeorm',
      'sequelize',
      'kysely',
      'mikro-orm',
      'sqlalchemy',
      'knex',
      'objection',
      'gorm',
      'diesel',
      'sqlx',
      'ecto',
      'active record',
    ],
    words: ['orm', 'query builder', 'object-relational', 'database toolkit', 'migrations'],
  },
  database: {
    label: 'Database',
    names: [
      'postgresql',
      'postgres',
      'mysql',
      'sqlite',
      'mongodb',
      'mariadb',
      'cockroachdb',
      'supabase',
      'pglite',
      'duckdb',
      'clickhouse',
      'cassandra',
      'dynamodb',
      'neon',
      'planetscale',
      'turso',
      'surrealdb',
      'firebase',
    ],
    words: ['database', 'sql', 'nosql', 'relational', 'key-value store', 'document store', 'db'],
  },
  queue: {
    label: 'Queue',
    names: [
      'bullmq',
      'rabbitmq',
      'kafka',
      'nats',
      'sqs',
      'celery',
      'sidekiq',
      'temporal',
      'pg-boss',
      'inngest',
      'bee-queue',
    ],
    words: [
      'queue',
      'message broker',
      'job queue',
      'background jobs',
      'task queue',
      'pub/sub',
      'workflow',
      'event streaming',
    ],
  },
  auth: {
    label: 'Authentication',
    names: [
      'auth0',
      'clerk',
      'keycloak',
      'ory',
      'kratos',
      'passport',
      'lucia',
      'next-auth',
      'nextauth',
      'better-auth',
      'supertokens',
      'authelia',
      'oauth',
    ],
    words: ['auth', 'authentication', 'authorization', 'login', 'oauth', 'oidc', 'identity', 'sso', 'jwt'],
  },
  testing: {
    label: 'Testing',
    names: [
      'vitest',
      'jest',
      'mocha',
      'playwright',
      'cypress',
      'pytest',
      'testing library',
      'storybook',
      'puppeteer',
      'selenium',
      'msw',
      'k6',
    ],
    words: ['testing', 'test runner', 'unit tests', 'end-to-end', 'e2e', 'test framework', 'assertions'],
  },
  styling: {
    label: 'Styling',
    names: [
      'tailwind',
      'tailwindcss',
      'bootstrap',
      'sass',
      'styled-components',
      'emotion',
      'shadcn',
      'radix',
      'chakra',
      'material ui',
      'mui',
      'daisyui',
      'bulma',
      'postcss',
      'mantine',
    ],
    words: ['css', 'styling', 'design system', 'ui kit', 'component library', 'theme', 'icons'],
  },
  bundler: {
    label: 'Bundler',
    names: [
      'vite',
      'webpack',
      'esbuild',
      'rollup',
      'parcel',
      'turbopack',
      'rspack',
      'swc',
      'babel',
      'bun',
      'tsup',
      'rolldown',
    ],
    words: ['bundler', 'build tool', 'module bundler', 'transpiler', 'compiler', 'dev server'],
  },
  cli: {
    label: 'CLI',
    names: [
      'commander',
      'yargs',
      'oclif',
      'clap',
      'cobra',
      'click',
      'typer',
      'ink',
      'inquirer',
      'clack',
      'chalk',
    ],
    words: ['cli', 'command line', 'command-line', 'terminal', 'shell', 'tui', 'console'],
  },
  data: {
    label: 'Data and ML',
    names: [
      'pandas',
      'numpy',
      'polars',
      'spark',
      'airflow',
      'dagster',
      'dbt',
      'jupyter',
      'scikit-learn',
      'pytorch',
      'tensorflow',
      'prefect',
      'arrow',
      'd3',
      'observable',
      'streamlit',
    ],
    words: [
      'data',
      'machine learning',
      'ml',
      'etl',
      'pipeline',
      'analytics',
      'dataframe',
      'notebook',
      'data science',
      'visualization',
      'charts',
    ],
  },
  ai: {
    label: 'AI and LLM',
    names: [
      'openai',
      'langchain',
      'llamaindex',
      'ollama',
      'anthropic',
      'hugging face',
      'huggingface',
      'vercel ai sdk',
      'ai sdk',
      'vllm',
      'transformers',
    ],
    words: ['llm', 'ai', 'language model', 'embeddings', 'rag', 'chatbot', 'agents', 'gpt', 'generative'],
  },
  observability: {
    label: 'Observability',
    names: [
      'opentelemetry',
      'prometheus',
      'grafana',
      'sentry',
      'datadog',
      'pino',
      'winston',
      'jaeger',
      'loki',
      'honeycomb',
      'posthog',
    ],
    words: [
      'observability',
      'monitoring',
      'logging',
      'tracing',
      'metrics',
      'error tracking',
      'telemetry',
      'dashboards',
    ],
  },
  deployment: {
    label: 'Deployment',
    names: [
      'docker',
      'kubernetes',
      'terraform',
      'vercel',
      'netlify',
      'fly.io',
      'heroku',
      'railway',
      'render',
      'ansible',
      'pulumi',
      'github actions',
      'helm',
      'cloudflare workers',
      'aws',
    ],
    words: [
      'deployment',
      'deploy',
      'hosting',
      'ci/cd',
      'ci',
      'containers',
      'infrastructure',
      'devops',
      'serverless',
      'cloud',
    ],
  },
  realtime: {
    label: 'Realtime',
    names: ['socket.io', 'ws', 'pusher', 'ably', 'liveblocks', 'yjs', 'partykit', 'centrifugo', 'mqtt'],
    words: [
      'realtime',
      'real-time',
      'websocket',
      'websockets',
      'live updates',
      'collaboration',
      'crdt',
      'server-sent events',
      'sse',
    ],
  },
  mobile: {
    label: 'Mobile',
    names: ['react native', 'expo', 'flutter', 'ionic', 'capacitor', 'swiftui', 'jetpack compose', 'kotlin'],
    words: ['mobile', 'ios', 'android', 'native app', 'cross-platform'],
  },
  search: {
    label: 'Search',
    names: [
      'elasticsearch',
      'meilisearch',
      'typesense',
      'algolia',
      'opensearch',
      'solr',
      'lunr',
      'fuse.js',
      'pagefind',
      'qdrant',
      'pinecone',
      'weaviate',
      'pgvector',
    ],
    words: ['search', 'full-text', 'full text', 'search engine', 'vector database', 'indexing'],
  },
  cache: {
    label: 'Cache',
    names: ['redis', 'memcached', 'valkey', 'dragonfly', 'keydb', 'varnish'],
    words: ['cache', 'caching', 'in-memory', 'rate limiting'],
  },
  validation: {
    label: 'Validation',
    names: ['zod', 'yup', 'joi', 'valibot', 'ajv', 'pydantic', 'arktype', 'io-ts', 'typebox'],
    words: ['validation', 'schema validation', 'json schema', 'type-safe', 'parsing'],
  },
  state: {
    label: 'State and data fetching',
    names: [
      'redux',
      'zustand',
      'mobx',
      'jotai',
      'recoil',
      'tanstack query',
      'react query',
      'swr',
      'pinia',
      'xstate',
      'tanstack',
    ],
    words: ['state management', 'data fetching', 'store', 'state machine', 'cache for the ui'],
  },
  docs: {
    label: 'Documentation',
    names: [
      'docusaurus',
      'vitepress',
      'mkdocs',
      'storybook',
      'typedoc',
      'sphinx',
      'nextra',
      'starlight',
      'mdx',
      'markdown',
    ],
    words: ['documentation', 'docs', 'static site', 'static site generator', 'markdown', 'blog'],
  },
  email: {
    label: 'Email and notifications',
    names: ['nodemailer', 'resend', 'sendgrid', 'postmark', 'mailgun', 'react email', 'novu', 'twilio'],
    words: ['email', 'mail', 'notifications', 'sms', 'newsletter', 'push notifications'],
  },
  payments: {
    label: 'Payments',
    names: ['stripe', 'paddle', 'lemon squeezy', 'paypal', 'braintree'],
    words: ['payments', 'billing', 'subscriptions', 'checkout', 'invoices'],
  },
  browser: {
    label: 'Browser extension and scraping',
    names: ['wxt', 'plasmo', 'webextension-polyfill', 'cheerio', 'crawlee', 'scrapy', 'beautifulsoup'],
    words: ['browser extension', 'chrome extension', 'web extension', 'scraping', 'crawler', 'scraper'],
  },
};

/** Lower-cased text with punctuation other than the characters tool names use turned into spaces. */
export function normalizeText(text: string): string {
  return ` ${text.toLowerCase().replace(/[^a-z0-9.+#/-]+/g, ' ')} `;
}

/** Whether a normalized text (from normalizeText) contains the phrase as whole words. */
export function hasPhrase(normalized: string, phrase: string): boolean {
  return normalized.includes(` ${phrase} `) || normalized.includes(` ${phrase}. `);
}

/** Every name and word of the taxonomy → the categories it points to, and whether it is a tool name. */
export const PHRASE_INDEX = new Map<string, { key: CategoryKey; isName: boolean }[]>();
for (const key of CATEGORY_KEYS) {
  const { label, names, words } = TAXONOMY[key];
  const add = (phrase: string, isName: boolean) => {
    const entries = PHRASE_INDEX.get(phrase) ?? [];
    entries.push({ key, isName });
    PHRASE_INDEX.set(phrase, entries);
  };
  for (const name of names) add(name, true);
  for (const word of new Set([label.toLowerCase(), ...words])) add(word, false);
}
const MAX_PHRASE_WORDS = Math.max(...[...PHRASE_INDEX.keys()].map((phrase) => phrase.split(' ').length));

/** The phrases of up to the taxonomy's longest length in a text: what PHRASE_INDEX is looked up with. */
export function phrasesOf(text: string): Set<string> {
  const tokens = normalizeText(text)
    .trim()
    .split(/\s+/)
    .map((token) => token.replace(/\.+$/, ''))
    .filter(Boolean);
  const phrases = new Set<string>();
  for (let start = 0; start < tokens.length; start++) {
    let phrase = '';
    for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= tokens.length; length++) {
      phrase = length === 1 ? (tokens[start] ?? '') : `${phrase} ${tokens[start + length - 1]}`;
      if (PHRASE_INDEX.has(phrase)) phrases.add(phrase);
    }
  }
  return phrases;
}
