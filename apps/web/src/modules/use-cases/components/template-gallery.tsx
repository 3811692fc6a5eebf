import { CARD_PRODUCT_DISPLAY_ORDER, type UseCaseInput } from '@b2b/contract';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useUseCaseTemplates } from '../api/list-use-case-templates';
import { describeFilter, productName } from './format';
import { useT } from '../../../lib/i18n';

const BLANK: UseCaseInput = {
  name: '',
  cardProduct: 'Vcard',
  recommendedAction: '',
  description: '',
  rule: { filters: [] },
  templateKey: null,
};

/** "New use case": the shipped templates by card product, or a blank one. */
export function TemplateGallery({
  onChoose,
  onClose,
}: {
  onChoose: (input: UseCaseInput) => void;
  onClose: () => void;
}) {
  const t = useT();
  const templates = useUseCaseTemplates();
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="template-gallery-title">
      <DialogTitle id="template-gallery-title">{t('New use case')}</DialogTitle>
      <DialogContent>
        {templates.isPending && <LinearProgress aria-label={t('Loading the templates')} />}
        <Stack spacing={2}>
          {CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
            const ofProduct = (templates.data ?? []).filter((t) => t.cardProduct === product);
            if (ofProduct.length === 0) return null;
            return (
              <section key={product} aria-label={productName(product)}>
                <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
                  {productName(product)}
                </Typography>
                <Grid container spacing={1.5}>
                  {ofProduct.map(({ key, ...template }) => (
                    <Grid key={key} size={{ xs: 12, md: 6 }}>
                      <Card variant="outlined">
                        <CardActionArea
                          onClick={() => onChoose({ ...template, templateKey: key })}
                          aria-label={t('Use template {{name}}', { name: template.name })}
                        >
                          <CardContent>
                            <Typography variant="subtitle2">{template.name}</Typography>
                            <Typography variant="body2">{template.description}</Typography>
                            <Typography variant="note" component="p" sx={{ mt: 1 }}>
                              {template.rule.filters.map((f) => describeFilter(f, t)).join(' · ')}
                            </Typography>
                          </CardContent>
                        </CardActionArea>
                      </Card>
                    </Grid>
                  ))}
                </Grid>
              </section>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button variant="outlined" onClick={() => onChoose(BLANK)}>
          {t('Start blank')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
