import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Ends every transition and animation at once, so the page shows its settled colours. */
const SETTLED =
  '*, *::before, *::after { transition: none !important; animation: none !important; }';

/**
 * Axe's serious and critical violations on the page (or inside `include`), each with the
 * elements it found. Transitions and animations are stopped while axe looks: a popover still
 * fading in, or a field's label still moving as the form's data arrives, has the blended colours
 * of its opacity, which axe reports as poor contrast although the settled page is fine. Waiting
 * for running ones to end was not enough: data arriving during the check started new ones.
 */
export async function seriousViolations(page: Page, include?: string) {
  const settled = await page.addStyleTag({ content: SETTLED });
  try {
    const builder = new AxeBuilder({ page });
    if (include) builder.include(include);
    return (await builder.analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.html}`) }));
  } finally {
    await settled.evaluate((style) => (style as Element).remove());
  }
}
