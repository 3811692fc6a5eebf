import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { EndToEndTestRun } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { uiText } from '../../lib/ui-text.js';
import type { BuyersService } from '../issuers/buyers.service.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { CANNED_FILE_NAME, cannedFileText } from './canned-file.js';

/** The buyer every end-to-end test job of an issuer belongs to (made on the first run). */
export const END_TO_END_BUYER = 'End-to-end test buyer';

type Deps = { jobs: JobsService; buyers: BuyersService; issuers: IssuersService };

/**
 * SPEC §6 EndToEndTest_RUN (tester, developer): proves a deployment end to end the way a user
 * would use it — a Summary Upload job created for the chosen issuer, the canned buyer file
 * attached and mapped, the job submitted — reporting each setup step with its time. The
 * pipeline then runs on ProQ like any job's, and the screen follows its steps.
 */
export function createEndToEndTestService(deps: Deps) {
  return {
    async run(actor: Actor, issuerId: string): Promise<EndToEndTestRun> {
      const issuer = await deps.issuers.findById(issuerId);
      if (!issuer) throw AppError.badRequest('issuerId: no such issuer', 'body.issuerId');
      const jobName = `End-to-end test ${new Date().toISOString().slice(0, 19).replace('T', ' ')}`;
      const steps: EndToEndTestRun['steps'] = [];
      let jobId: string | null = null;

      /** Runs one step; a failure ends the run, reported, rather than answering 500. */
      async function step(name: string, work: () => Promise<string>): Promise<boolean> {
        const started = performance.now();
        try {
          const message = await work();
          steps.push({
            step: name,
            ok: true,
            millis: Math.round(performance.now() - started),
            message,
          });
          return true;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          steps.push({
            step: name,
            ok: false,
            millis: Math.round(performance.now() - started),
            message,
          });
          return false;
        }
      }

      let buyerId = '';
      const ok =
        (await step(uiText('Buyer'), async () => {
          const found = await deps.buyers.findByIssuerKey(issuer.issuerKey, END_TO_END_BUYER);
          if (found) {
            buyerId = found.id;
            return uiText(`Using ${END_TO_END_BUYER}`);
          }
          const created = await deps.jobs.wizard.createBuyer(actor, {
            issuerId,
            name: END_TO_END_BUYER,
          });
          buyerId = created.id;
          return uiText(`Created ${END_TO_END_BUYER}`);
        })) &&
        (await step(uiText('Create job'), async () => {
          const created = await deps.jobs.wizard.create(actor, {
            type: 'base',
            issuerId,
            buyerId,
            name: jobName,
            currency: issuer.currency || 'GBP',
          });
          jobId = created.id;
          return uiText(`Created ${jobName}`);
        })) &&
        (await step(uiText('Attach file'), async () => {
          const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'b2b-end-to-end-'));
          try {
            const file = path.join(dir, CANNED_FILE_NAME);
            await fs.promises.writeFile(file, cannedFileText());
            await deps.jobs.files.attachGeneratedFile(
              { id: jobId!, type: 'base' },
              { role: 'Suppliers', file, name: CANNED_FILE_NAME },
              { dateOrder: 'DMY' },
              dir,
            );
          } finally {
            await fs.promises.rm(dir, { recursive: true, force: true });
          }
          return uiText(`Attached ${CANNED_FILE_NAME} with its suggested mapping`);
        })) &&
        (await step(uiText('Submit'), async () => {
          await deps.jobs.workflow.submit(actor, jobId!);
          return uiText('Submitted: the pipeline runs on ProQ');
        }));
      return { ok, jobId, jobName, steps };
    },
  };
}
