import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCompany } from '../api/get-company';

/** One company as the register holds it: the facts an analyst checks a supplier against. */
export function CompanyDetails({ companyNumber }: { companyNumber: string }) {
  const company = useCompany(companyNumber);
  return (
    <Section title="Company">
      {company.isError && <Alert severity="error">{errorMessageOf(company.error)}</Alert>}
      {company.isPending && <LinearProgress aria-label="Loading the company" />}
      {company.data && (
        <FactList
          label="Company"
          facts={[
            ['Name', company.data.name],
            ['Company number', company.data.companyNumber],
            ['Status', company.data.status],
            ['Type', company.data.type],
            ['Incorporated on', company.data.incorporatedOn],
            ...(company.data.ceasedOn ? [['Ceased on', company.data.ceasedOn] as const] : []),
            ['Registered office', company.data.registeredOffice.lines.join(', ')],
            [
              'SIC codes',
              company.data.sicCodes.length > 0
                ? company.data.sicCodes.map((s) => s.description).join('; ')
                : 'None given',
            ],
            [
              'Officers',
              company.data.officers
                ? `${company.data.officers.active} active, ${company.data.officers.resigned} resigned`
                : 'None listed',
            ],
          ]}
        />
      )}
    </Section>
  );
}
