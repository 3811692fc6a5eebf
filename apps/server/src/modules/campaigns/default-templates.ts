import type { CampaignWorkflowRoute, CampaignTemplate } from '@b2b/contract';
import { CAMPAIGN_WORKFLOW_ROUTES } from '@b2b/contract';

type Texts = Pick<CampaignTemplate, 'subject' | 'body' | 'followUpSubject' | 'followUpBody'>;

/** Who the e-mail speaks for on each route: the buyer asks its suppliers, or the issuer does. */
const SENDER: Record<CampaignWorkflowRoute, 'buyer' | 'issuer'> = {
  Buyer: 'buyer',
  Issuer: 'issuer',
  IsVlbAutoEnrolled: 'issuer',
  Other: 'buyer',
  ExternalCampaign: 'buyer',
};

const TEXTS: Record<string, Record<'buyer' | 'issuer', Texts>> = {
  en: {
    buyer: {
      subject: '{{buyerName}} would like to pay you by {{cardProduct}}',
      body: `Dear {{contactName}},

{{buyerName}} is moving supplier payments to {{cardProduct}}, issued by {{issuerName}}. Being paid by card means faster payment and remittance data with every payment.

Please tell us whether {{supplierName}} accepts payment this way:
{{responseLink}}

The link is personal and can be used once. Thank you,
{{buyerName}} accounts payable`,
      followUpSubject: 'Reminder: {{buyerName}} payments by {{cardProduct}}',
      followUpBody: `Dear {{contactName}},

We have not yet heard whether {{supplierName}} would accept payments from {{buyerName}} by {{cardProduct}}. It takes a minute to answer:
{{responseLink}}

This request closes on {{closeDate}}.
{{buyerName}} accounts payable`,
    },
    issuer: {
      subject: '{{issuerName}}: get paid faster by {{buyerName}} with {{cardProduct}}',
      body: `Dear {{contactName}},

{{issuerName}} works with {{buyerName}} on paying its suppliers by {{cardProduct}}. {{supplierName}} can be paid sooner, with the remittance details in every payment.

Answer in one click (accept, decline, or ask us to call you):
{{responseLink}}

The link is personal and can be used once.
{{issuerName}} supplier enablement`,
      followUpSubject: 'Reminder from {{issuerName}}: {{buyerName}} payments by {{cardProduct}}',
      followUpBody: `Dear {{contactName}},

A reminder that {{buyerName}} would like to pay {{supplierName}} by {{cardProduct}}. Please answer before {{closeDate}}:
{{responseLink}}

{{issuerName}} supplier enablement`,
    },
  },
  de: {
    buyer: {
      subject: '{{buyerName}} möchte Sie per {{cardProduct}} bezahlen',
      body: `Guten Tag {{contactName}},

{{buyerName}} stellt Lieferantenzahlungen auf {{cardProduct}} von {{issuerName}} um: schnellere Zahlung und Zahlungsavis zu jeder Zahlung.

Bitte teilen Sie uns mit, ob {{supplierName}} diese Zahlungsart akzeptiert:
{{responseLink}}

Der Link ist persönlich und nur einmal gültig.
{{buyerName}} Kreditorenbuchhaltung`,
      followUpSubject: 'Erinnerung: Zahlungen von {{buyerName}} per {{cardProduct}}',
      followUpBody: `Guten Tag {{contactName}},

wir haben noch keine Antwort von {{supplierName}} zu Zahlungen von {{buyerName}} per {{cardProduct}}:
{{responseLink}}

Die Anfrage endet am {{closeDate}}.
{{buyerName}} Kreditorenbuchhaltung`,
    },
    issuer: {
      subject: '{{issuerName}}: schneller bezahlt von {{buyerName}} mit {{cardProduct}}',
      body: `Guten Tag {{contactName}},

{{issuerName}} und {{buyerName}} bezahlen Lieferanten per {{cardProduct}}. {{supplierName}} erhält Zahlungen schneller und mit allen Zahlungsdetails.

Antworten Sie mit einem Klick (zustimmen, ablehnen oder Rückruf):
{{responseLink}}

Der Link ist persönlich und nur einmal gültig.
{{issuerName}} Lieferanten-Onboarding`,
      followUpSubject: 'Erinnerung von {{issuerName}}: {{cardProduct}} für {{buyerName}}',
      followUpBody: `Guten Tag {{contactName}},

eine Erinnerung: {{buyerName}} möchte {{supplierName}} per {{cardProduct}} bezahlen. Bitte antworten Sie bis {{closeDate}}:
{{responseLink}}

{{issuerName}} Lieferanten-Onboarding`,
    },
  },
};

/** The shipped templates: one per route and language (English and German). */
export function shippedTemplates(): CampaignTemplate[] {
  return Object.entries(TEXTS).flatMap(([language, bySender]) =>
    CAMPAIGN_WORKFLOW_ROUTES.map((route) => ({
      id: null,
      name: `${route} (${language})`,
      route,
      language,
      shipped: true,
      ...bySender[SENDER[route]],
    })),
  );
}

/** The shipped template of a route in a language, English when the language has none. */
export function shippedTemplate(route: CampaignWorkflowRoute, language: string): Texts {
  return (TEXTS[language] ?? TEXTS.en!)[SENDER[route]];
}
