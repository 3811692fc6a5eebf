import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../theme/create-app-theme';
import { TileRow } from './tile-row';

const tiles = [
  { label: 'Suppliers', value: '1,234' },
  { label: 'Spend', value: '€1,234,567,890.12', note: 'across 3 jobs' },
];

function renderRow(minTileWidth?: number) {
  return render(
    <ThemeProvider theme={createAppTheme('lloyds')}>
      <TileRow tiles={tiles} minTileWidth={minTileWidth} />
    </ThemeProvider>,
  );
}

describe('TileRow', () => {
  it('shows each tile as a region named by its label, with its figure and note', () => {
    renderRow();
    const spend = screen.getByRole('region', { name: 'Spend' });
    expect(within(spend).getByRole('heading', { name: 'Spend' })).toBeTruthy();
    expect(within(spend).getByText('€1,234,567,890.12')).toBeTruthy();
    expect(within(spend).getByText('across 3 jobs').tagName).toBe('P');
    expect(
      within(screen.getByRole('region', { name: 'Suppliers' })).getByText('1,234'),
    ).toBeTruthy();
  });

  it('keeps a figure on one line, sized from the tile width and its length (billions fit)', () => {
    renderRow();
    const figure = screen.getByText('€1,234,567,890.12');
    expect(getComputedStyle(figure).whiteSpace).toBe('nowrap');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    // 17 characters at 0.6em each: the figure is 10.2em wide at most.
    expect(css).toContain('font-size:clamp(0.875rem, calc(100cqi / 10.2), 1.5rem)');
    expect(getComputedStyle(screen.getByRole('region', { name: 'Spend' })).containerType).toBe(
      'inline-size',
    );
  });

  it('draws the tiles as the theme panels, their notes as secondary text', () => {
    renderRow();
    const spend = screen.getByRole('region', { name: 'Spend' });
    expect(getComputedStyle(spend).padding).toBe('16px');
    expect(getComputedStyle(spend).border).toBe('1px solid rgba(0, 0, 0, 0.12)');
    expect(getComputedStyle(within(spend).getByText('across 3 jobs')).color).toBe(
      'rgba(0, 0, 0, 0.6)',
    );
  });

  it('puts every tile on one line, or from md up as many of the least width as fit', () => {
    const css = () => [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    renderRow().unmount();
    expect(css()).toContain('grid-template-columns:repeat(2, minmax(0, 1fr))');
    renderRow(180);
    expect(css()).toContain('grid-template-columns:repeat(auto-fit, minmax(180px, 1fr))');
  });
});
