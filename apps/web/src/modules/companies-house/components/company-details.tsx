import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCompany } from '../api/get-company';
import { useT } from '../../../lib/i18n';

/** One company as the register holds it: the facts an analyst checks a supplier against. */
export function CompanyDetails({ companyNumber }: { companyNumber: string }) {
  const t = useT();
  const company = useCompany(companyNumber);
  return (
    <Section title={t('Company')}>
      {company.isError && <Alert severity="error">{errorMessageOf(company.error)}</Alert>}
      {company.isPending && <LinearProgress aria-label={t('Loading the company')} />}
      {company.data && (
        <FactList
          label={t('Company')}
          facts={[
            [t('Name'), company.data.name],
            [t('Company number'), company.data.companyNumber],
            [t('Status'), company.data.status],
            [t('Type'), company.data.type],
            [t('Incorporated on'), company.data.incorporatedOn],
            ...(company.data.ceasedOn ? [[t('Ceased on'), company.data.ceasedOn] as const] : []),
            [t('Registered office'), company.data.registeredOffice.lines.join(', ')],
            [
              t('SIC codes'),
              company.data.sicCodes.length > 0
                ? company.data.sicCodes.map((s) => s.description).join('; ')
                : t('None given'),
            ],
            [
              t('Officers'),
              company.data.officers
                ? t('{{active}} active, {{resigned}} resigned', {
                    active: company.data.officers.active,
                    resigned: company.data.officers.resigned,
                  })
                : t('None listed'),
            ],
          ]}
        />
      )}
    </Section>
  );
}
