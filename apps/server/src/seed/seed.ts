import { and, eq } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/password.js';
import { LATEST_TERMS } from '../modules/users/users.service.js';
import type { Database } from '../db/client.js';
import { brandings } from '../modules/brandings/branding.schema.js';
import { buyers, issuerUsers, issuers } from '../modules/issuers/issuer.schema.js';
import { users } from '../modules/users/user.schema.js';
import { DEMO_BRANDINGS, DEMO_ISSUERS, DEMO_USERS } from './demo-data.js';

/**
 * Idempotent demo seed: brandings, issuers with buyers, one user per role. Existing rows are
 * left as they are, so a restart never undoes what someone changed through the product.
 */
export async function seedDemoData(db: Database, options: { password: string }): Promise<void> {
  await db
    .insert(brandings)
    .values(DEMO_BRANDINGS)
    .onConflictDoNothing({ target: brandings.brandingKey });
  const brandingRows = await db.select().from(brandings);
  const brandingId = (key: string) => brandingRows.find((b) => b.brandingKey === key)?.id ?? null;

  for (const issuer of DEMO_ISSUERS) {
    await db
      .insert(issuers)
      .values({
        issuerKey: issuer.issuerKey,
        name: issuer.name,
        scheme: issuer.scheme,
        currency: issuer.currency,
        fallbackCountryIso3: issuer.fallbackCountryIso3,
        brandingId: brandingId(issuer.brandingKey),
        emailDomains: [...issuer.emailDomains],
        inputDataOptions: ['CsvFileUpload'],
      })
      .onConflictDoNothing({ target: issuers.issuerKey });
  }
  const issuerRows = await db.select().from(issuers);
  const issuerId = (key: string) => issuerRows.find((i) => i.issuerKey === key)!.id;

  for (const issuer of DEMO_ISSUERS) {
    for (const name of issuer.buyers) {
      const id = issuerId(issuer.issuerKey);
      const [existing] = await db
        .select({ id: buyers.id })
        .from(buyers)
        .where(and(eq(buyers.issuerId, id), eq(buyers.name, name)));
      if (!existing)
        await db
          .insert(buyers)
          .values({ issuerId: id, name, countryIso3: issuer.fallbackCountryIso3 });
    }
  }

  const passwordHash = await hashPassword(options.password);
  for (const demo of DEMO_USERS) {
    const [created] = await db
      .insert(users)
      .values({
        username: demo.username,
        email: demo.username,
        displayName: `${demo.givenName} ${demo.surname}`,
        givenName: demo.givenName,
        surname: demo.surname,
        passwordHash,
        standardRoles: [demo.role],
        tabbedViewRoles: [...demo.tabbedViewRoles],
        approved: true,
        canSwitchRoles: demo.canSwitchRoles,
        agreedTermsVersion: LATEST_TERMS.termsOfService,
        agreedPrivacyVersion: LATEST_TERMS.privacyPolicy,
      })
      .onConflictDoNothing({ target: users.username })
      .returning({ id: users.id });
    if (!created) continue;
    await db.insert(issuerUsers).values(
      demo.issuers.map((m) => ({
        issuerId: issuerId(m.issuerKey),
        userId: created.id,
        userRole: m.userRole,
      })),
    );
  }
}
