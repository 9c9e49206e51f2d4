import type { SuggestionDifficulty, SuggestionScope } from '@stackyard/contracts/suggestion';
import type { CategoryKey } from './taxonomy.ts';

// The built-in library of project archetypes (issue 18). Each combines complementary categories; `{key}` in
// the texts is replaced by the chosen tool's name (or, for the stretch, "a <category> of your choice").

export interface Archetype {
  key: string;
  title: string;
  /** The categories the project is built on; at most one may be missing (it becomes the stretch). */
  needs: CategoryKey[];
  /** Categories whose best tool joins the project when the collection has one. */
  extras: CategoryKey[];
  difficulty: SuggestionDifficulty;
  scope: SuggestionScope;
  /** Two sentences. */
  pitch: string;
  milestones: string[];
  /** Words a focus text may use for this kind of project. */
  focus: string[];
}

const a = (archetype: Archetype): Archetype => archetype;

export const ARCHETYPES: Archetype[] = [
  a({
    key: 'crud-web-app',
    title: 'A CRUD web app on {frontend} and {api}',
    needs: ['frontend', 'api', 'database'],
    extras: ['orm', 'styling', 'validation'],
    difficulty: 'beginner',
    scope: 'week',
    pitch:
      'Build a small inventory app where a team adds, edits and archives items through a {frontend} interface. ' +
      'A {api} backend stores them in {database}, so every layer of a classic web stack gets exercised.',
    milestones: [
      'Model the items and create the {database} schema',
      'Expose list, create, update and delete endpoints with {api}',
      'Build the list and edit screens in {frontend}',
      'Add validation and clear error messages on both sides',
      'Deploy it and invite a teammate to try it',
    ],
    focus: ['crud', 'web app', 'fullstack', 'full-stack', 'inventory', 'web'],
  }),
  a({
    key: 'api-with-auth',
    title: 'An API with sign-in on {api} and {auth}',
    needs: ['api', 'auth', 'database'],
    extras: ['validation', 'orm', 'testing'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Design a JSON API for a bookmarking service where each user only sees their own links. ' +
      '{api} serves the routes, {auth} handles sign-in and {database} keeps the data.',
    milestones: [
      'Sketch the resources and write the OpenAPI description',
      'Wire {auth} sign-in and protect every route',
      'Store users and bookmarks in {database}',
      'Add per-user authorization tests',
      'Publish the API documentation',
    ],
    focus: ['api', 'auth', 'login', 'security', 'rest', 'backend'],
  }),
  a({
    key: 'cli-tool',
    title: 'A command-line tool built with {cli}',
    needs: ['cli', 'testing'],
    extras: ['validation', 'bundler'],
    difficulty: 'beginner',
    scope: 'weekend',
    pitch:
      'Write a command-line tool that tidies a project folder: it finds stale branches, large files and TODOs. ' +
      '{cli} parses the commands and {testing} keeps every subcommand honest.',
    milestones: [
      'Define the commands and their flags with {cli}',
      'Implement the scan and the report output',
      'Cover each command with {testing}',
      'Package it so it installs with one command',
    ],
    focus: ['cli', 'command line', 'terminal', 'tool', 'script', 'automation'],
  }),
  a({
    key: 'realtime-dashboard',
    title: 'A realtime dashboard with {frontend} and {realtime}',
    needs: ['frontend', 'realtime', 'api'],
    extras: ['data', 'styling', 'state'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Show live metrics from a service on a dashboard that updates without a refresh. ' +
      '{api} produces the events, {realtime} pushes them and {frontend} draws them as they arrive.',
    milestones: [
      'Emit sample events from a {api} endpoint',
      'Push them to connected browsers with {realtime}',
      'Draw live charts in {frontend}',
      'Handle reconnects and missed events',
      'Add a replay of the last hour',
    ],
    focus: ['realtime', 'real-time', 'dashboard', 'live', 'websocket', 'charts'],
  }),
  a({
    key: 'data-pipeline',
    title: 'A data pipeline with {data} into {database}',
    needs: ['data', 'database'],
    extras: ['queue', 'observability', 'testing'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Collect a public dataset every day, clean it and load it for analysis. ' +
      '{data} does the transformation and {database} keeps the history for queries.',
    milestones: [
      'Pick a public dataset and fetch it on a schedule',
      'Clean and reshape it with {data}',
      'Load it into {database} with idempotent runs',
      'Check the data quality after each run',
      'Publish a small report from the results',
    ],
    focus: ['data', 'pipeline', 'etl', 'analytics', 'batch', 'ingest'],
  }),
  a({
    key: 'browser-extension',
    title: 'A browser extension with {frontend}',
    needs: ['frontend', 'bundler'],
    extras: ['browser', 'styling', 'testing'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Build an extension that saves the page you are reading with a note and shows your saved pages in a popup. ' +
      '{frontend} renders the popup and {bundler} builds the extension bundle.',
    milestones: [
      'Set up the manifest and a {bundler} build for the extension',
      'Render the popup with {frontend}',
      'Save the current page with a note',
      'Sync saved pages across devices',
      'Publish it to a store as an unlisted extension',
    ],
    focus: ['browser', 'extension', 'chrome', 'firefox', 'plugin'],
  }),
  a({
    key: 'chat-bot',
    title: 'A chat bot powered by {ai}',
    needs: ['ai', 'api'],
    extras: ['database', 'queue', 'validation'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Build a bot that answers questions about your team handbook in your chat app. ' +
      '{ai} writes the answers and a {api} service receives the chat webhooks.',
    milestones: [
      'Receive chat webhooks with {api}',
      'Answer with {ai} using the handbook as context',
      'Cite the handbook section in each answer',
      'Add a feedback button and log poor answers',
    ],
    focus: ['bot', 'chat', 'ai', 'llm', 'assistant', 'slack', 'discord'],
  }),
  a({
    key: 'rag-search',
    title: 'Semantic search over your docs with {ai} and {search}',
    needs: ['ai', 'search'],
    extras: ['api', 'frontend', 'database'],
    difficulty: 'advanced',
    scope: 'week',
    pitch:
      'Index a folder of documents and answer questions with the passages that matter. ' +
      '{search} finds the passages and {ai} turns them into an answer with sources.',
    milestones: [
      'Split the documents into passages',
      'Index them with {search}',
      'Answer questions with {ai} from the best passages',
      'Show the sources beside every answer',
      'Measure answer quality on a small question set',
    ],
    focus: ['rag', 'search', 'semantic', 'ai', 'llm', 'embeddings', 'docs'],
  }),
  a({
    key: 'job-queue-service',
    title: 'A background job service on {queue}',
    needs: ['queue', 'api'],
    extras: ['database', 'observability', 'testing'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Move slow work such as thumbnail generation out of the request path into background jobs. ' +
      '{api} accepts the work and {queue} runs it with retries.',
    milestones: [
      'Accept jobs through a {api} endpoint',
      'Run them with {queue} and retry failures',
      'Show each job status to the caller',
      'Handle a worker crash without losing jobs',
    ],
    focus: ['queue', 'jobs', 'background', 'worker', 'async', 'scale'],
  }),
  a({
    key: 'design-system',
    title: 'A small design system with {styling} and {frontend}',
    needs: ['styling', 'frontend'],
    extras: ['docs', 'testing'],
    difficulty: 'beginner',
    scope: 'week',
    pitch:
      'Collect the buttons, inputs and cards your apps keep rebuilding into one shared library. ' +
      '{styling} gives them a consistent look and {frontend} components make them reusable.',
    milestones: [
      'Define colors, spacing and type scales with {styling}',
      'Build buttons, inputs and cards in {frontend}',
      'Add dark mode and keyboard focus styles',
      'Document every component with examples',
    ],
    focus: ['design', 'design system', 'ui', 'components', 'css', 'styling'],
  }),
  a({
    key: 'docs-site',
    title: 'A documentation site with {docs}',
    needs: ['docs', 'deployment'],
    extras: ['search', 'styling'],
    difficulty: 'beginner',
    scope: 'weekend',
    pitch:
      'Turn the notes scattered across your wiki into a versioned documentation site. ' +
      '{docs} builds it and {deployment} publishes every change.',
    milestones: [
      'Set up {docs} and migrate three pages',
      'Add navigation and search',
      'Publish it on every merge with {deployment}',
    ],
    focus: ['docs', 'documentation', 'static site', 'blog', 'writing'],
  }),
  a({
    key: 'mobile-companion',
    title: 'A mobile companion app with {mobile}',
    needs: ['mobile', 'api'],
    extras: ['auth', 'state', 'database'],
    difficulty: 'intermediate',
    scope: 'month',
    pitch:
      'Build a phone app that shows your team what changed today and lets them react on the go. ' +
      '{mobile} runs on both platforms and talks to a {api} backend.',
    milestones: [
      'Scaffold the {mobile} app with two screens',
      'Serve the daily changes from {api}',
      'Add sign-in and per-user settings',
      'Send a push notification for important changes',
      'Ship a test build to the team',
    ],
    focus: ['mobile', 'ios', 'android', 'app', 'phone'],
  }),
  a({
    key: 'observability-stack',
    title: 'Instrument a service with {observability}',
    needs: ['observability', 'api'],
    extras: ['deployment', 'database'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Take a small {api} service and make it explain itself: traces, metrics and structured logs. ' +
      '{observability} collects them so a slow request can be followed end to end.',
    milestones: [
      'Add structured logs to every route',
      'Trace requests through the service with {observability}',
      'Define three metrics and an alert',
      'Find and fix one slow request with what you built',
    ],
    focus: ['observability', 'monitoring', 'tracing', 'logging', 'metrics', 'performance'],
  }),
  a({
    key: 'e2e-test-suite',
    title: 'An end-to-end test suite with {testing} for a {frontend} app',
    needs: ['testing', 'frontend'],
    extras: ['deployment', 'api'],
    difficulty: 'beginner',
    scope: 'weekend',
    pitch:
      'Write the tests that prove the main user journeys of a {frontend} app still work after every change. ' +
      '{testing} drives a real browser so regressions are caught before users see them.',
    milestones: [
      'List the five journeys that matter most',
      'Automate the first journey with {testing}',
      'Run the suite on every pull request',
      'Add screenshots on failure',
    ],
    focus: ['testing', 'tests', 'e2e', 'quality', 'regression'],
  }),
  a({
    key: 'url-shortener',
    title: 'A URL shortener with {api} and {cache}',
    needs: ['api', 'cache', 'database'],
    extras: ['observability', 'validation'],
    difficulty: 'beginner',
    scope: 'weekend',
    pitch:
      'Build a link shortener with click counts, fast enough to sit in front of every link you share. ' +
      '{api} serves redirects from {cache} and {database} keeps the links for good.',
    milestones: [
      'Create short links in {database}',
      'Serve redirects from {cache}',
      'Count clicks without slowing redirects',
      'Add expiry and a simple stats page',
    ],
    focus: ['url', 'shortener', 'cache', 'performance', 'redirect'],
  }),
  a({
    key: 'newsletter-service',
    title: 'A newsletter service with {email}',
    needs: ['email', 'api', 'database'],
    extras: ['queue', 'auth'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Run your own newsletter: subscribers sign up, confirm by email and receive each issue. ' +
      '{api} manages the list in {database} and {email} delivers the mail.',
    milestones: [
      'Store subscribers in {database} with double opt-in',
      'Send confirmation mails with {email}',
      'Compose and send an issue to the list',
      'Handle unsubscribes and bounces',
    ],
    focus: ['email', 'newsletter', 'notifications', 'mail', 'marketing'],
  }),
  a({
    key: 'saas-billing',
    title: 'A subscription checkout with {payments}',
    needs: ['payments', 'api', 'auth'],
    extras: ['database', 'email', 'frontend'],
    difficulty: 'advanced',
    scope: 'month',
    pitch:
      'Add paid plans to a small app: checkout, upgrades, cancellations and invoices. ' +
      '{payments} takes the money, {auth} knows who pays and {api} keeps both in step.',
    milestones: [
      'Define the plans and their limits',
      'Start checkout with {payments} for a signed-in user',
      'Handle payment webhooks in {api}',
      'Let users upgrade, downgrade and cancel',
      'Email receipts and failed-payment notices',
    ],
    focus: ['saas', 'billing', 'payments', 'subscriptions', 'startup', 'business'],
  }),
  a({
    key: 'search-portal',
    title: 'A search portal with {search} and {frontend}',
    needs: ['search', 'frontend'],
    extras: ['api', 'database', 'styling'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Make a large catalog findable with instant search, filters and typo tolerance. ' +
      '{search} indexes the catalog and {frontend} shows results as you type.',
    milestones: [
      'Index a sample catalog with {search}',
      'Build the search box and results in {frontend}',
      'Add filters and highlighting',
      'Keep the index in step with catalog changes',
    ],
    focus: ['search', 'catalog', 'find', 'discovery', 'filters'],
  }),
  a({
    key: 'collaborative-editor',
    title: 'A collaborative notes editor with {realtime}',
    needs: ['realtime', 'frontend', 'database'],
    extras: ['auth', 'styling'],
    difficulty: 'advanced',
    scope: 'month',
    pitch:
      'Build a notes editor where several people type in the same document at once. ' +
      '{realtime} merges their edits, {frontend} renders the editor and {database} keeps every version.',
    milestones: [
      'Render a plain-text editor in {frontend}',
      'Sync edits between two browsers with {realtime}',
      'Show who else is editing',
      'Persist documents and their history in {database}',
      'Handle offline edits and merges',
    ],
    focus: ['collaboration', 'collaborative', 'editor', 'realtime', 'multiplayer', 'crdt'],
  }),
  a({
    key: 'ml-model-api',
    title: 'Serve a machine-learning model behind {api}',
    needs: ['data', 'api'],
    extras: ['deployment', 'observability', 'validation'],
    difficulty: 'advanced',
    scope: 'week',
    pitch:
      'Train a small classifier on your own data and serve predictions over HTTP. ' +
      '{data} prepares and trains the model and {api} serves it with input validation.',
    milestones: [
      'Prepare a labelled dataset with {data}',
      'Train and evaluate a baseline model',
      'Serve predictions from {api}',
      'Monitor prediction latency and drift',
    ],
    focus: ['ml', 'machine learning', 'model', 'prediction', 'data science', 'ai'],
  }),
  a({
    key: 'static-blog',
    title: 'A fast personal blog with {frontend} and {styling}',
    needs: ['frontend', 'styling', 'deployment'],
    extras: ['docs', 'search'],
    difficulty: 'beginner',
    scope: 'weekend',
    pitch:
      'Publish a blog that loads instantly and is a pleasure to write for in Markdown. ' +
      '{frontend} renders the pages, {styling} gives them a voice and {deployment} publishes each post.',
    milestones: [
      'Render Markdown posts with {frontend}',
      'Style the reading experience with {styling}',
      'Add an RSS feed and social cards',
      'Publish on every push with {deployment}',
    ],
    focus: ['blog', 'personal', 'writing', 'static', 'portfolio'],
  }),
  a({
    key: 'webhook-relay',
    title: 'A webhook relay with {api} and {queue}',
    needs: ['api', 'queue'],
    extras: ['database', 'observability', 'validation'],
    difficulty: 'intermediate',
    scope: 'weekend',
    pitch:
      'Receive webhooks from the services you use and deliver them reliably to your own endpoints. ' +
      '{api} accepts the calls and {queue} retries deliveries until they succeed.',
    milestones: [
      'Accept and verify signed webhooks with {api}',
      'Queue deliveries with {queue}',
      'Retry with backoff and keep a dead-letter list',
      'Show a delivery log with replay',
    ],
    focus: ['webhook', 'integration', 'events', 'queue', 'reliability'],
  }),
  a({
    key: 'deploy-pipeline',
    title: 'A one-command deploy pipeline with {deployment}',
    needs: ['deployment', 'testing'],
    extras: ['observability', 'bundler'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Turn a manual release checklist into a pipeline that tests, builds and ships with one command. ' +
      '{testing} gates each release and {deployment} rolls it out and back.',
    milestones: [
      'Run the {testing} suite on every push',
      'Build a release artifact',
      'Deploy it with {deployment} to a staging environment',
      'Promote to production with a rollback command',
    ],
    focus: ['deploy', 'deployment', 'devops', 'ci', 'cd', 'infrastructure', 'release'],
  }),
  a({
    key: 'analytics-dashboard',
    title: 'A product analytics dashboard with {data} and {frontend}',
    needs: ['data', 'frontend', 'database'],
    extras: ['api', 'styling', 'state'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Answer the questions your team keeps asking about usage with a dashboard of your own. ' +
      '{data} aggregates the events in {database} and {frontend} charts them.',
    milestones: [
      'Record product events in {database}',
      'Aggregate daily numbers with {data}',
      'Chart them in {frontend}',
      'Add a date range and a comparison to last week',
    ],
    focus: ['analytics', 'dashboard', 'charts', 'metrics', 'data', 'visualization'],
  }),
  a({
    key: 'form-builder',
    title: 'A form builder with {frontend} and {validation}',
    needs: ['frontend', 'validation', 'api'],
    extras: ['database', 'styling'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Let non-developers design forms, share them and read the answers. ' +
      '{validation} checks every answer on both ends and {frontend} renders the forms from their definition.',
    milestones: [
      'Describe a form as data and render it with {frontend}',
      'Validate answers with {validation} in the browser and in {api}',
      'Store answers and export them as CSV',
      'Add conditional questions',
    ],
    focus: ['forms', 'survey', 'validation', 'no-code', 'builder'],
  }),
  a({
    key: 'typed-api-client',
    title: 'A typed API client and SDK with {validation}',
    needs: ['validation', 'api', 'testing'],
    extras: ['bundler', 'docs'],
    difficulty: 'intermediate',
    scope: 'weekend',
    pitch:
      'Publish a small SDK for your {api} service that validates every response it receives. ' +
      '{validation} defines the types once and {testing} checks the client against the real server.',
    milestones: [
      'Describe the responses with {validation}',
      'Generate typed methods for each endpoint',
      'Test the client against a running {api} server with {testing}',
      'Publish the package with a changelog',
    ],
    focus: ['sdk', 'client', 'typescript', 'types', 'library', 'api'],
  }),
  a({
    key: 'scraper',
    title: 'A price watcher that scrapes with {browser}',
    needs: ['browser', 'database'],
    extras: ['queue', 'email', 'cli'],
    difficulty: 'intermediate',
    scope: 'weekend',
    pitch:
      'Watch a few product pages and get told when a price drops. ' +
      '{browser} reads the pages on a schedule and {database} keeps the price history.',
    milestones: [
      'Extract the price from three sites with {browser}',
      'Store each reading in {database}',
      'Run the checks on a schedule',
      'Notify when a price drops below a target',
    ],
    focus: ['scraping', 'scraper', 'crawler', 'automation', 'prices'],
  }),
  a({
    key: 'ai-cli-assistant',
    title: 'A terminal assistant with {cli} and {ai}',
    needs: ['cli', 'ai'],
    extras: ['validation', 'testing'],
    difficulty: 'intermediate',
    scope: 'weekend',
    pitch:
      'Ask your terminal to explain an error or draft a commit message from the staged diff. ' +
      '{cli} handles the commands and {ai} writes the answers.',
    milestones: [
      'Add an explain command with {cli}',
      'Send the error and context to {ai}',
      'Draft commit messages from the staged diff',
      'Keep secrets out of what is sent',
    ],
    focus: ['ai', 'llm', 'cli', 'terminal', 'assistant', 'developer tools'],
  }),
  a({
    key: 'status-page',
    title: 'A status page with {observability} and {frontend}',
    needs: ['observability', 'frontend'],
    extras: ['email', 'deployment', 'database'],
    difficulty: 'beginner',
    scope: 'weekend',
    pitch:
      'Show your users whether your services are up, with history and incident notes. ' +
      '{observability} checks the services and {frontend} renders the public page.',
    milestones: [
      'Probe three endpoints every minute',
      'Record uptime with {observability}',
      'Render the status page in {frontend}',
      'Post incident notes and notify subscribers',
    ],
    focus: ['status', 'uptime', 'monitoring', 'incidents', 'reliability'],
  }),
  a({
    key: 'offline-first-app',
    title: 'An offline-first todo app with {frontend} and {state}',
    needs: ['frontend', 'state', 'api'],
    extras: ['database', 'testing'],
    difficulty: 'advanced',
    scope: 'week',
    pitch:
      'Build a task app that works on a plane and syncs when it lands. ' +
      '{state} keeps the local state and {api} reconciles it with the server.',
    milestones: [
      'Keep tasks in {state} and persist them in the browser',
      'Sync changes to {api} when online',
      'Resolve conflicting edits',
      'Install it as a progressive web app',
    ],
    focus: ['offline', 'pwa', 'sync', 'todo', 'local-first'],
  }),
  a({
    key: 'internal-admin',
    title: 'An internal admin panel on {orm} and {frontend}',
    needs: ['orm', 'frontend', 'auth'],
    extras: ['database', 'styling', 'validation'],
    difficulty: 'intermediate',
    scope: 'week',
    pitch:
      'Give support staff a safe way to look up and fix customer records without raw SQL. ' +
      '{orm} reads and writes the data, {auth} restricts who sees what and {frontend} makes it usable.',
    milestones: [
      'Map the main tables with {orm}',
      'Build searchable lists and detail pages in {frontend}',
      'Restrict actions by role with {auth}',
      'Record an audit log of every change',
    ],
    focus: ['admin', 'internal', 'backoffice', 'support', 'crud'],
  }),
  a({
    key: 'event-sourced-ledger',
    title: 'An event-sourced ledger with {queue} and {database}',
    needs: ['queue', 'database', 'testing'],
    extras: ['api', 'observability'],
    difficulty: 'advanced',
    scope: 'month',
    pitch:
      'Model a shared expenses ledger as a stream of events instead of mutable rows. ' +
      '{queue} carries the events, {database} stores projections and {testing} proves the balances add up.',
    milestones: [
      'Define the events and their invariants',
      'Publish them through {queue}',
      'Build balance projections in {database}',
      'Replay the stream to rebuild state',
      'Property-test the balances with {testing}',
    ],
    focus: ['events', 'event sourcing', 'ledger', 'architecture', 'distributed'],
  }),
  a({
    key: 'migration-kit',
    title: 'A database migration playground with {orm} and {database}',
    needs: ['orm', 'database', 'testing'],
    extras: ['cli', 'deployment'],
    difficulty: 'beginner',
    scope: 'weekend',
    pitch:
      'Practice zero-downtime schema changes on a realistic dataset before doing them in production. ' +
      '{orm} writes the migrations, {database} runs them and {testing} checks nothing is lost.',
    milestones: [
      'Seed {database} with a realistic dataset',
      'Write a rename and a split migration with {orm}',
      'Test the data before and after with {testing}',
      'Write down the steps as a runbook',
    ],
    focus: ['database', 'migrations', 'sql', 'schema', 'learn'],
  }),
  a({
    key: 'bundle-optimizer',
    title: 'Cut a web app\u2019s bundle in half with {bundler}',
    needs: ['bundler', 'frontend'],
    extras: ['testing', 'observability'],
    difficulty: 'intermediate',
    scope: 'weekend',
    pitch:
      'Measure what a {frontend} app ships to the browser and make it load twice as fast. ' +
      '{bundler} splits and trims the bundle while a budget keeps it small.',
    milestones: [
      'Measure the current bundle and page load',
      'Split routes and lazy-load heavy pages with {bundler}',
      'Remove or replace the largest dependencies',
      'Fail the build when the budget is exceeded',
    ],
    focus: ['performance', 'bundle', 'speed', 'optimization', 'web vitals'],
  }),
];
