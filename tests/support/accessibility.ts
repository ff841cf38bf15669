// The e2e accessibility check: axe-core (a devDependency, never a download) run in the page as it is, failing on
// any violation of impact 'critical' or 'serious' with a list a person can act on (rule, impact, where, what).
import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's whole script, evaluated in the page (its Node entry carries it as text). */
const AXE_SOURCE = axe.source;
const BLOCKING = ['critical', 'serious'];
/** axe rules tagged experimental that the check runs all the same. */
const EXPERIMENTAL_RULES = ['label-content-name-mismatch'];

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

/**
 * The critical and serious violations axe-core finds in `page` now. axe is injected once per document (evaluated
 * through the DevTools protocol, so the app's CSP, which allows no inline script, does not stop it) and stays for
 * every client-side navigation. Animations still running (a dialog fading in) are awaited first, so colours are
 * read as they settle.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ blocking, EXPERIMENTAL_RULES }) => {
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1_000))]);
    const axe = (window as any).axe;
    // Rules whose findings are only ever moderate or minor (landmarks, heading order, region...) cannot fail the
    // check: they are not run (a third of axe's time on a large page). Without that metadata, every rule runs.
    const quiet = ((axe._audit?.rules ?? []) as { id: string; impact?: string }[]).filter((r) => r.impact && !blocking.includes(r.impact));
    const rules: Record<string, { enabled: boolean }> = Object.fromEntries(quiet.map((r) => [r.id, { enabled: false }]));
    // Experimental in axe (off by default) but serious, and what an audit runs: a control's name must contain the text
    // it shows (WCAG 2.5.3), or speech input cannot reach it by what the user sees.
    for (const id of EXPERIMENTAL_RULES) rules[id] = { enabled: true };
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return (result.violations as any[])
      .filter((v) => blocking.includes(v.impact))
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: (v.nodes as any[]).map((n) => ({
          target: n.target.map(String).join(' >> '),
          html: String(n.html).replace(/\s+/g, ' ').slice(0, 160),
          summary: String(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240),
        })),
      }));
  }, { blocking: BLOCKING, EXPERIMENTAL_RULES });
}

/** A readable report of `findings`, one line per element. */
export function formatFindings(label: string, findings: AxeFinding[]): string {
  const lines = findings.flatMap((f) => [
    `  ${f.id} (${f.impact}): ${f.help}`,
    ...f.nodes.slice(0, 8).map((n) => `    - ${n.target}\n      ${n.html}\n      ${n.summary}`),
    ...(f.nodes.length > 8 ? [`    ... and ${f.nodes.length - 8} more`] : []),
  ]);
  return `${label}: ${findings.length} critical/serious axe violation(s)\n${lines.join('\n')}`;
}

/** Fails (throws) when axe-core finds any critical or serious violation in `page`; `label` names the screen. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const findings = await seriousViolations(page);
  if (findings.length) throw new Error(formatFindings(label, findings));
}
