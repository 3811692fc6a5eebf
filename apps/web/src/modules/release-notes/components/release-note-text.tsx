import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import Markdown, { type Components } from 'react-markdown';

/**
 * A note's headings sit under the note's own title (an h2): `#` and `##` become h3, deeper
 * ones h4, so the page outline stays in order.
 */
const COMPONENTS: Components = {
  h1: ({ children }) => (
    <Typography variant="subtitle1" component="h3" sx={{ mt: 1.5 }}>
      {children}
    </Typography>
  ),
  h2: ({ children }) => (
    <Typography variant="subtitle1" component="h3" sx={{ mt: 1.5 }}>
      {children}
    </Typography>
  ),
  h3: ({ children }) => (
    <Typography variant="subtitle2" component="h4" sx={{ mt: 1 }}>
      {children}
    </Typography>
  ),
  p: ({ children }) => (
    <Typography variant="body2" component="p" sx={{ my: 0.75 }}>
      {children}
    </Typography>
  ),
  li: ({ children }) => (
    <Typography variant="body2" component="li">
      {children}
    </Typography>
  ),
  a: ({ children, href }) => (
    <Link href={href} target="_blank" rel="noreferrer">
      {children}
    </Link>
  ),
};

/**
 * A release note's Markdown as React elements. react-markdown renders no raw HTML: markup in a
 * note (a `<script>`, an `<img onerror>`) is shown as the text it is, and `javascript:` links
 * are emptied by its URL filter.
 */
export function ReleaseNoteText({ text }: { text: string }) {
  return (
    <Markdown components={COMPONENTS} skipHtml={false}>
      {text}
    </Markdown>
  );
}
