import Link from '@mui/material/Link';
import { useT } from '../../lib/i18n';

export type SkipLinkProps = {
  /** The id of the element holding the page content. */
  targetId: string;
};

/** The first stop of the keyboard: jumps over the toolbar and navigation to the page. */
export function SkipLink({ targetId }: SkipLinkProps) {
  const t = useT();
  return (
    <Link
      href={`#${targetId}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip,
        p: 1,
        bgcolor: 'background.paper',
        '&:focus': { top: 8 },
      }}
    >
      {t('Skip to the page content')}
    </Link>
  );
}
