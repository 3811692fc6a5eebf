import type { JobSummary } from '@b2b/contract';

const percent = (part: number, whole: number) =>
  whole > 0 ? `${((part / whole) * 100).toFixed(1)} %` : '0 %';

/** Money in the job's currency, to its minor unit. */
export function moneyIn(currency: string) {
  const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
  return (amount: number) => format.format(amount);
}

/**
 * The offline narrative of a job's summary (augmented text without a model): the same figures
 * the tiles show, in sentences, so the text can never disagree with the screen.
 */
export function templateNarrative(summary: JobSummary): string {
  const money = moneyIn(summary.currency);
  const { suppliers, spend } = summary.tiles;
  const matched = summary.matchOutcome.find((m) => m.status === 'MATCHED');
  const accepting = summary.cardAcceptance.matched.find((m) => m.acceptsCard === 'YES');
  const products = [...summary.spendByProduct]
    .filter((p) => p.spend > 0)
    .sort((a, b) => b.spend - a.spend)
    .slice(0, 2);
  const sentences = [
    `The analysis covers ${suppliers.toLocaleString('en-GB')} suppliers with ${money(spend)} of spend.`,
    `${(matched?.suppliers ?? 0).toLocaleString('en-GB')} suppliers (${percent(matched?.spend ?? 0, spend)} of spend) were matched to card-acceptance reference data, and ${(accepting?.suppliers ?? 0).toLocaleString('en-GB')} of them accept cards: ${percent(accepting?.spend ?? 0, spend)} of all spend goes to suppliers that already take cards.`,
  ];
  if (products.length > 0) {
    sentences.push(
      `The largest card product opportunit${products.length > 1 ? 'ies are' : 'y is'} ${products
        .map(
          (p) =>
            `${p.name} (${money(p.spend)} across ${p.suppliers.toLocaleString('en-GB')} suppliers)`,
        )
        .join(' and ')}.`,
    );
  }
  if (summary.unavailableCharts.length > 0) {
    sentences.push(
      `The data does not allow ${summary.unavailableCharts.length === 1 ? 'one chart' : `${summary.unavailableCharts.length} charts`}: ${summary.unavailableCharts
        .map((c) => c.reason.replace(/\.$/, ''))
        .join('; ')}.`,
    );
  }
  return sentences.join(' ');
}

/** What the model is sent as the user's message: the figures, not the suppliers. */
export function narrativeFigures(summary: JobSummary) {
  return JSON.stringify({
    currency: summary.currency,
    tiles: summary.tiles,
    spendByProduct: summary.spendByProduct,
    matchOutcome: summary.matchOutcome,
    cardAcceptance: summary.cardAcceptance,
    unavailableCharts: summary.unavailableCharts,
  });
}
