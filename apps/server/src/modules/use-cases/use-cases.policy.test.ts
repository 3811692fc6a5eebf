import { describe, expect, it } from 'vitest';
import { actorWithRole } from '../../../test/policy-actors.js';
import { authorize, canActOnUseCase } from './use-cases.policy.js';

const creator = actorWithRole('campaignManager', 'creator');
const colleague = actorWithRole('ptcoJobManager', 'colleague');
const mine = { createdBy: 'creator' };
const orphan = { createdBy: null };

describe('use case record rules', () => {
  it('lets everyone who sees the job view and copy a use case', () => {
    for (const actor of [creator, colleague]) {
      expect(canActOnUseCase(actor, 'view', mine)).toBe(true);
      expect(canActOnUseCase(actor, 'copy', mine)).toBe(true);
      expect(canActOnUseCase(actor, 'copy', orphan)).toBe(true);
    }
  });

  it('lets only the creator change or delete it', () => {
    expect(canActOnUseCase(creator, 'change', mine)).toBe(true);
    expect(canActOnUseCase(creator, 'delete', mine)).toBe(true);
    expect(canActOnUseCase(colleague, 'change', mine)).toBe(false);
    expect(canActOnUseCase(colleague, 'delete', mine)).toBe(false);
    // A use case whose creator's account is gone is nobody's to change: copy it instead.
    expect(canActOnUseCase(creator, 'change', orphan)).toBe(false);
  });

  it('answers 403 with what to do instead', () => {
    expect(() => authorize(colleague, 'delete', mine)).toThrow(/copy it to make your own/);
    expect(() => authorize(colleague, 'change', mine)).toThrowError(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(() => authorize(creator, 'change', mine)).not.toThrow();
  });
});
