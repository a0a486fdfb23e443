// axe-core in a journey's page. The page must be opened with `bypassCSP: true`: axe-core is put
// in the page as a script, which the app's CSP forbids.
import { createRequire } from 'node:module';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * The serious and critical findings of axe-core on the page as it is now: each rule's id, impact
 * and help, and each node it found as its target (a CSS path) and what fails there.
 */
export async function seriousViolations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map((node) => ({ target: node.target.join(' '), summary: node.failureSummary })),
      }));
  });
}
