import { translationsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerTranslationsRoutes(app: FastifyInstance, { services }: AppContext) {
  const { translations } = services;
  registerEndpoint(app, endpoints.getTranslationBundle, ({ params }) =>
    translations.bundle(params.language),
  );
  registerEndpoint(app, endpoints.listTranslationLanguages, () => translations.languages());
  registerEndpoint(app, endpoints.listTranslationEntries, ({ params }) =>
    translations.entries(params.language),
  );
  registerEndpoint(app, endpoints.setTranslationOverride, ({ actor, body }) =>
    translations.setOverride(actor, body),
  );
  registerEndpoint(app, endpoints.removeTranslationOverride, ({ actor, query }) =>
    translations.removeOverride(actor, query),
  );
  registerEndpoint(app, endpoints.getMyLanguage, ({ actor }) => translations.myLanguage(actor));
  registerEndpoint(app, endpoints.setMyLanguage, ({ actor, body }) =>
    translations.setMyLanguage(actor, body.language),
  );
}
