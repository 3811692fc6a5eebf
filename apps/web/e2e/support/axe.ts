import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe's serious and critical violations on the page (or inside `include`), each with the
 * elements it found. It first waits for running CSS transitions and animations to end: a
 * popover still fading in has the blended colours of its opacity, which axe reports as poor
 * contrast although the settled popover is fine. (Endless ones, like a progress bar's, are
 * left running.)
 */
export async function seriousViolations(page: Page, include?: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  return (await builder.analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.html}`) }));
}
