import { STACK_EXPORT_PATHS } from '@stackyard/contracts/stack';

// A GitHub Actions workflow that runs `stackyard check` on every pull request against the stack.json the
// export writes beside it: a change that adds a tool the team avoids fails with an annotation on its line.
// Nothing of the workspace goes into it, so it is the same file for every stack and needs no escaping.

export function checkWorkflow(): string {
  return `# Written by stackyard: fails a change that adds a dependency the team avoids (see ${STACK_EXPORT_PATHS['stack-json']}).
# To read the stances from the server instead of the committed file, add the secrets STACKYARD_URL and
# STACKYARD_TOKEN (a read-only access token) and drop "--stack ${STACK_EXPORT_PATHS['stack-json']}" below.
name: stackyard check
on:
  pull_request:
  push:
    branches: [main]
permissions:
  contents: read
jobs:
  stackyard:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 24
      - run: npx --yes --package=@stackyard/cli stackyard check --stack ${STACK_EXPORT_PATHS['stack-json']} --format github
        env:
          STACKYARD_URL: \${{ secrets.STACKYARD_URL }}
          STACKYARD_TOKEN: \${{ secrets.STACKYARD_TOKEN }}
`;
}
