import type { JobDetails } from '@b2b/contract';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Fullscreen from '@mui/icons-material/Fullscreen';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Slideshow from '@mui/icons-material/Slideshow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { PermissionGuard } from '../../../lib/permissions';
import { useJobSummary } from '../../jobs/api/get-job-summary';
import { presentationPptxUrl } from '../api/download-presentation-pptx';
import { useReportTopSuppliers } from '../api/get-report-top-suppliers';
import { OVERALL } from '../components/report-slice';
import { buildSlides, moneyIn, SlideFrame } from '../components/slides';
import { useT } from '../../../lib/i18n';

/** How long each slide stays up while the job's story plays. */
export const STORY_SLIDE_MS = 8000;

/**
 * /jobs/:jobId/presentation (Insights Presentation): the report's story as slides — ← and →
 * (or the buttons) move between them, full screen for the meeting — and the same deck as an
 * editable PowerPoint file with speaker notes. The job team can play it as the job's story.
 */
export function InsightsPresentationPage({ job }: { job: JobDetails }) {
  const t = useT();
  const summary = useJobSummary(job.id, OVERALL);
  const top = useReportTopSuppliers(job.id, OVERALL);
  const stage = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const money = useMemo(() => moneyIn(job.currency), [job.currency]);
  const slides = useMemo(
    () => (summary.data && top.data ? buildSlides(job, summary.data, top.data, money, t) : []),
    [job, summary.data, top.data, money, t],
  );
  const count = slides.length;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      // Arrows typed into a field stay the field's.
      if (
        target instanceof Element &&
        target.closest('input, textarea, select, [contenteditable="true"]')
      )
        return;
      if (event.key === 'ArrowRight') setIndex((i) => Math.min(i + 1, count - 1));
      if (event.key === 'ArrowLeft') setIndex((i) => Math.max(i - 1, 0));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count]);

  // The job's story (StoryVideo_VIEW, SPEC §6): the deck plays by itself, slide after slide,
  // and stops on the last one — the resource hub has no recorded videos to play instead.
  const storyRunning = playing && index < count - 1;
  useEffect(() => {
    if (!storyRunning) return;
    const timer = window.setTimeout(() => setIndex((i) => i + 1), STORY_SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [storyRunning, index]);

  const error = summary.error ?? top.error;
  if (error) return <Alert severity="error">{errorMessageOf(error)}</Alert>;
  if (count === 0) return <LinearProgress aria-label={t('Loading the presentation')} />;
  const slide = slides[Math.min(index, count - 1)]!;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <IconButton
          aria-label={t('Previous slide')}
          disabled={index === 0}
          onClick={() => setIndex((i) => Math.max(i - 1, 0))}
        >
          <ChevronLeft />
        </IconButton>
        <Typography role="status" aria-live="polite">
          {t('Slide {{index}} of {{count}}', { index: index + 1, count })}
        </Typography>
        <IconButton
          aria-label={t('Next slide')}
          disabled={index >= count - 1}
          onClick={() => setIndex((i) => Math.min(i + 1, count - 1))}
        >
          <ChevronRight />
        </IconButton>
        <PermissionGuard permissions="StoryVideo_VIEW">
          <Button
            startIcon={storyRunning ? <Pause /> : <PlayArrow />}
            aria-pressed={storyRunning}
            onClick={() => {
              if (!storyRunning && index >= count - 1) setIndex(0);
              setPlaying(!storyRunning);
            }}
          >
            {storyRunning ? t('Pause story') : t('Play story')}
          </Button>
        </PermissionGuard>
        <Button
          startIcon={<Fullscreen />}
          onClick={() => void stage.current?.requestFullscreen?.()}
        >
          {t('Full screen')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<Slideshow />}
          href={presentationPptxUrl(job.id)}
          download
        >
          {t('Download PowerPoint')}
        </Button>
      </Stack>
      <Box
        ref={stage}
        sx={{
          bgcolor: 'background.default',
          '&:fullscreen': { p: 4, display: 'grid', alignContent: 'center' },
        }}
      >
        <SlideFrame key={slide.key} slide={slide} />
      </Box>
    </Stack>
  );
}
