import { describe, expect, it } from 'vitest';
import { findPlan, PLANS } from '../../client/src/features/site/pricing/plans';
import { recommendPlan, WIZARD_QUESTIONS } from '../../client/src/features/site/wizard/recommend-plan';

describe('plans', () => {
  it('are the spec’s three, with their prices and features', () => {
    expect(PLANS.map((plan) => [plan.name, plan.monthlyEuro, plan.priceText])).toEqual([
      ['Gratis', 0, '0 €/mese'],
      ['Pro', 9, '9 €/mese'],
      ['Club', 49, '49 €/mese'],
    ]);
    expect(findPlan('Pro')?.features).toEqual(['Fino a 5 utenti', '5GB di spazio', 'Progetti privati illimitati', 'Supporto dedicato', 'Dominio collegato gratuito']);
    expect(findPlan(' club ')?.name).toBe('Club');
    expect(findPlan('Enterprise')).toBeUndefined();
  });
});

describe('recommendPlan', () => {
  it('recommends Gratis to a small club run by one person', () => {
    expect(recommendPlan({ members: 'fino-30', users: 'solo-io', needs: ['comunicazioni'], budget: 'zero' })).toMatchObject({
      plan: 'Gratis',
      overBudget: false,
    });
  });

  it('recommends Pro to a board of up to 5, a mid-size club, private data or a domain', () => {
    expect(recommendPlan({ members: 'fino-30', users: '2-5', needs: [] }).plan).toBe('Pro');
    expect(recommendPlan({ members: '31-150', users: 'solo-io', needs: [] }).plan).toBe('Pro');
    expect(recommendPlan({ members: 'fino-30', users: 'solo-io', needs: ['pagamenti'] }).plan).toBe('Pro');
    expect(recommendPlan({ members: 'fino-30', users: 'solo-io', needs: ['dominio'], budget: 'fino-10' })).toMatchObject({ plan: 'Pro', overBudget: false });
  });

  it('recommends Club for more than 5 users, more than 150 members or monthly reports, flagging a smaller budget', () => {
    expect(recommendPlan({ members: 'fino-30', users: 'oltre-5', needs: [] }).plan).toBe('Club');
    expect(recommendPlan({ members: 'oltre-150', users: '2-5', needs: [] }).plan).toBe('Club');
    const reports = recommendPlan({ members: '31-150', users: '2-5', needs: ['report'], budget: 'fino-10' });
    expect(reports).toMatchObject({ plan: 'Club', overBudget: true });
    expect(reports.reasons.join(' ')).toContain('report mensili');
  });

  it('asks four questions, each with its options', () => {
    expect(WIZARD_QUESTIONS.map((question) => question.key)).toEqual(['members', 'users', 'needs', 'budget']);
    for (const question of WIZARD_QUESTIONS) expect(question.options.length).toBeGreaterThanOrEqual(3);
  });
});
