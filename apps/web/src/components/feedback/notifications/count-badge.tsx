import Badge, { type BadgeProps } from '@mui/material/Badge';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Badges cap at 99 and show 99+ (SPEC.md section 9). */
export const BADGE_MAX = 99;

/** The count as a badge shows it: '99+' above 99. */
export function badgeCountText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.max(0, Math.trunc(count)));
}

export type CountBadgeProps = {
  count: number;
  /**
   * What is counted, read by screen readers as 'Commands: 99+' (MUI hides the badge itself
   * from them). Leave it out when the control it sits on already names the count.
   */
  label?: string;
  color?: BadgeProps['color'];
  /** Show a zero instead of hiding the badge. */
  showZero?: boolean;
  children: ReactNode;
};

/** A count on top of its children, capped at 99+. */
export function CountBadge({
  count,
  label,
  color = 'error',
  showZero = false,
  children,
}: CountBadgeProps) {
  const text = badgeCountText(count);
  const hidden = count <= 0 && !showZero;
  return (
    <Badge badgeContent={text} color={color} invisible={hidden}>
      {children}
      {label && !hidden && <Box component="span" sx={visuallyHidden}>{`${label}: ${text}`}</Box>}
    </Badge>
  );
}
