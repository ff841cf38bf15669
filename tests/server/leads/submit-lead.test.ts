// Submitting a lead: the shared validation, storage with the funnel, the mail to the sales address, the rate limit;
// through the service and through GraphQL `submitLead`.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../schema/messages';
import { RateLimitError, ValidationError } from '../../../server/lib/errors';
import { submitLead } from '../../../server/modules/leads/submit-lead.service';
import { serviceContext } from '../../support/factories';
import { gql } from '../../support/http';
import { readOutbox, startTestApp, type TestApp } from '../../support/test-app';
import { leadPayload } from './lead-fixtures';

const SALES = 'vendite@campobase.test';

const SUBMIT_LEAD = /* GraphQL */ `
  mutation SubmitLead($input: SubmitLeadInput!) {
    submitLead(input: $input) {
      __typename
      ... on MutationSubmitLeadSuccess { data { message funnelName } }
      ... on BaseError { code message }
      ... on ValidationError { fields { field message } }
      ... on RateLimitError { retryAfterSeconds }
    }
  }`;

let t: TestApp;
let ipCounter = 0;
/** A distinct IP per call: the per-IP allowance (10 an hour) is tested on its own below. */
const ctx = (deps = t.deps) => serviceContext(deps, null, `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`);

beforeAll(async () => {
  t = await startTestApp({ salesEmail: SALES });
});
afterAll(() => t.close());

describe('submitLead (service)', () => {
  it('stores the normalised lead with its funnel, IP and user agent, and mails it to the sales address', async () => {
    const input = leadPayload({ email: ' Giulia.Ferrari@Example.IT ', phone: '0039 333-123.4567', role: 'presidente', region: 'emilia romagna', members: '0-50', funnelName: 'Volantino 2026' });
    const lead = await submitLead(ctx(), input);
    expect(lead).toMatchObject({
      name: 'Giulia Ferrari',
      email: 'giulia.ferrari@example.it',
      phone: '+393331234567',
      clubName: 'ASD Pallavolo Riviera',
      role: 'Presidente',
      region: 'Emilia-Romagna',
      members: '0 - 50',
      funnelName: 'volantino-2026',
      userAgent: 'vitest',
    });
    expect(lead.ip).toMatch(/^10\.20\./);
    expect(await t.deps.systemDb.lead.findUniqueOrThrow({ where: { id: lead.id } })).toEqual(lead);

    const mail = (await readOutbox(t.dataDir)).find((m) => m.text.includes('giulia.ferrari@example.it'));
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(SALES);
    // readOutbox reads the first line of a folded header only: the funnel that follows is checked in the body
    expect(mail!.subject).toMatch(/^Nuova richiesta di contatto: ASD Pallavolo Riviera/);
    for (const line of ['Nome e cognome: Giulia Ferrari', 'Telefono: +393331234567', 'Ruolo: Presidente', 'Regione: Emilia-Romagna', 'Tesserati: 0 - 50', 'Provenienza (funnel): volantino-2026']) {
      expect(mail!.text).toContain(line);
    }
  });

  it("records 'direct' without a funnel, and without a region stores none", async () => {
    const lead = await submitLead(ctx(), leadPayload({ region: '', funnelName: undefined }));
    expect(lead).toMatchObject({ funnelName: 'direct', region: null });
    const blank = await submitLead(ctx(), leadPayload({ funnelName: '  ' }));
    expect(blank.funnelName).toBe('direct');
  });

  it.each([
    [{ name: '' }, 'name', MSG.leadNameRequired],
    [{ email: '' }, 'email', MSG.leadEmailRequired],
    [{ email: 'non-una-email' }, 'email', MSG.emailInvalid],
    [{ phone: '' }, 'phone', MSG.leadPhoneRequired],
    [{ phone: '333 abc' }, 'phone', MSG.leadPhoneInvalid],
    [{ clubName: '   ' }, 'clubName', MSG.leadClubRequired],
    [{ role: '' }, 'role', MSG.leadRoleRequired],
    [{ role: 'Tesoriere' }, 'role', MSG.leadRoleRequired],
    [{ region: 'Baviera' }, 'region', MSG.leadRegionInvalid],
    [{ members: '' }, 'members', MSG.leadMembersRequired],
    [{ members: '1000' }, 'members', MSG.leadMembersRequired],
    [{ name: { $ne: 1 } }, 'name', MSG.leadNameRequired],
  ])('refuses %o with the Italian message under %s, storing nothing', async (override, field, message) => {
    const before = await t.deps.systemDb.lead.count();
    const error = await submitLead(ctx(), leadPayload(override)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toBe(MSG.invalidFields);
    expect((error as ValidationError).fields).toEqual({ [field]: message });
    expect(await t.deps.systemDb.lead.count()).toBe(before);
  });

  it('reports every missing field at once', async () => {
    const error = (await submitLead(ctx(), {}).catch((e: unknown) => e)) as ValidationError;
    expect(error.fields).toEqual({
      name: MSG.leadNameRequired,
      email: MSG.leadEmailRequired,
      phone: MSG.leadPhoneRequired,
      clubName: MSG.leadClubRequired,
      role: MSG.leadRoleRequired,
      members: MSG.leadMembersRequired,
    });
  });

  it('without SALES_EMAIL stores the lead, sends nothing and says so in the log', async () => {
    const bare = await startTestApp();
    try {
      const warn = vi.spyOn(bare.deps.log, 'warn');
      const lead = await submitLead(serviceContext(bare.deps), leadPayload());
      expect(await bare.deps.systemDb.lead.count({ where: { id: lead.id } })).toBe(1);
      expect(await readOutbox(bare.dataDir)).toEqual([]);
      expect(warn).toHaveBeenCalledWith({ leadId: lead.id }, expect.stringContaining('no sales address configured'));
    } finally {
      await bare.close();
    }
  });

  it('keeps the lead when the mail server fails', async () => {
    const failing = { ...t.deps, mailer: { send: () => Promise.reject(new Error('SMTP giù')) } };
    const error = vi.spyOn(t.deps.log, 'error');
    const lead = await submitLead(ctx(failing), leadPayload());
    expect(await t.deps.systemDb.lead.count({ where: { id: lead.id } })).toBe(1);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ leadId: lead.id }), expect.stringContaining('email to the sales address failed'));
  });

  it("limits one email to 3 requests an hour and one IP to 10 (the 'lead' rule)", async () => {
    const email = 'insistente@example.it';
    for (let i = 0; i < 3; i++) await submitLead(ctx(), leadPayload({ email }));
    const byEmail = await submitLead(ctx(), leadPayload({ email })).catch((e: unknown) => e);
    expect(byEmail).toBeInstanceOf(RateLimitError);
    expect((byEmail as RateLimitError).message).toBe(MSG.rateLimited(60));

    const sameIp = serviceContext(t.deps, null, '10.99.0.1');
    for (let i = 0; i < 10; i++) await submitLead(sameIp, leadPayload());
    await expect(submitLead(sameIp, leadPayload())).rejects.toBeInstanceOf(RateLimitError);
  });
});

describe('submitLead (GraphQL)', () => {
  it('answers the success type with the message and the recorded funnel', async () => {
    const input = leadPayload({ funnelName: 'fiera-rimini' });
    const { body } = await gql(t.app, SUBMIT_LEAD, { input });
    expect(body.data!.submitLead).toEqual({ __typename: 'MutationSubmitLeadSuccess', data: { message: MSG.leadSent, funnelName: 'fiera-rimini' } });
    expect(await t.deps.systemDb.lead.findFirstOrThrow({ where: { email: input.email } })).toMatchObject({ funnelName: 'fiera-rimini', userAgent: 'lightMyRequest' });
  });

  it('answers ValidationError with camelCase fields and Italian messages', async () => {
    const { body } = await gql(t.app, SUBMIT_LEAD, { input: { name: 'Solo Nome', email: 'x' } });
    expect(body.data!.submitLead).toMatchObject({ __typename: 'ValidationError', code: 'VALIDATION', message: MSG.invalidFields });
    expect(body.data!.submitLead.fields).toEqual([
      { field: 'email', message: MSG.emailInvalid },
      { field: 'phone', message: MSG.leadPhoneRequired },
      { field: 'clubName', message: MSG.leadClubRequired },
      { field: 'role', message: MSG.leadRoleRequired },
      { field: 'members', message: MSG.leadMembersRequired },
    ]);
  });

  it('answers RateLimitError past the allowance', async () => {
    const email = 'ripetuto@example.it';
    const results: string[] = [];
    for (let i = 0; i < 4; i++) results.push((await gql(t.app, SUBMIT_LEAD, { input: leadPayload({ email }) })).body.data!.submitLead.__typename);
    expect(results).toEqual(['MutationSubmitLeadSuccess', 'MutationSubmitLeadSuccess', 'MutationSubmitLeadSuccess', 'RateLimitError']);
  });
});
