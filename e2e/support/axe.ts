// Runs axe-core in the page (through the DevTools protocol, so the app's CSP does not block it) and
// returns the serious and critical violations, one line each.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Colours ease in (transition-colors), e.g. just after a theme switch: axe must see the final ones, not a mix.
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => {})))`,
  );
  const violations = (await page.evaluate(
    `(async () => { ${axeSource}; const result = await axe.run(document, { resultTypes: ['violations'] }); return result.violations; })()`,
  )) as AxeViolation[];
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.nodes
          .map((node) => JSON.stringify(node.target))
          .join(', ')})`,
    );
}
