import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';

export type TileProps = {
  /** The tile's heading, also the region's accessible name. */
  label: string;
  /** The figure, formatted. */
  value: string;
  /** Under the figure (an average). */
  note?: ReactNode;
};

/**
 * One summary tile (SPEC.md section 3): a labelled figure, with an optional note under it. The
 * label is a UI string (`tKey`), translated here.
 */
export function Tile({ label: key, value, note }: TileProps) {
  const t = useT();
  const label = t(key);
  return (
    <Paper
      variant="panel"
      sx={{ containerType: 'inline-size' }}
      component="section"
      aria-label={label}
    >
      <Typography variant="overline" component="h3" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      {/* On one line, made smaller to fit when a figure is wider than its tile (spend in the
          billions): sized from the tile's width (container units) and the figure's length. */}
      <Typography
        variant="h5"
        component="p"
        sx={{
          whiteSpace: 'nowrap',
          fontSize: `clamp(0.875rem, calc(100cqi / ${(Math.max(value.length, 1) * 0.6).toFixed(1)}), 1.5rem)`,
        }}
      >
        {value}
      </Typography>
      {note && <Typography variant="note">{note}</Typography>}
    </Paper>
  );
}

export type TileRowProps = {
  tiles: readonly TileProps[];
  /**
   * From md up, tiles at least this wide (px), as many to a line as fit. Without it every tile
   * shares one line. Either way two to a line on small screens.
   */
  minTileWidth?: number;
};

/** The summary tiles of a page, in a grid of equal columns. */
export function TileRow({ tiles, minTileWidth }: TileRowProps) {
  const md =
    minTileWidth === undefined
      ? `repeat(${tiles.length}, minmax(0, 1fr))`
      : `repeat(auto-fit, minmax(${minTileWidth}px, 1fr))`;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md } }}>
      {tiles.map((tile) => (
        <Tile key={tile.label} {...tile} />
      ))}
    </Box>
  );
}
