// The fee plan dialog (client/src/features/fees, issue 37) in jsdom against the real server: the shared rules'
// messages under each instalment's fields (the server's paths: instalments.1.amountCents), the focus on the first
// wrong control, instalments added and removed, and euro typed the Italian way saved as cents; the early-payment
// discount: a percent without its day refused under "Entro il", both saved, and shown again when the plan is edited.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FeePlanDialog } from '../../client/src/features/fees/components/fee-plan-dialog';
import { FEES_MSG } from '../../schema/messages-fees';
import { gqlAs, renderInApp, signInNewClub } from './render-app';

function Harness({ seasonId }: { seasonId: string }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'aperto' : 'chiuso'}</p>
      <FeePlanDialog plan={open ? null : undefined} seasonId={seasonId} onClose={() => setOpen(false)} />
    </>
  );
}

const field = (scope: HTMLElement, label: RegExp) => within(scope).getByLabelText(label, { selector: 'input, select' });

type SavedPlan = { id: string; seasonId: string; name: string; kind: 'quota_associativa'; sport: null; secondChildPercent: number; thirdChildPercent: number; earlyPaymentPercent: number; earlyPaymentBy: string | null; archived: boolean; totalCents: number; chargedPeople: number; instalments: Array<{ id: string; position: number; label: string; dueOn: string; amountCents: number }> };

function EditHarness({ plan }: { plan: SavedPlan }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'aperto' : 'chiuso'}</p>
      <FeePlanDialog plan={open ? plan : undefined} seasonId={plan.seasonId} onClose={() => setOpen(false)} />
    </>
  );
}

describe('the fee plan dialog', () => {
  it('shows the rules under each instalment, adds and removes instalments, and saves euro as cents', async () => {
    const club = await signInNewClub();
    const { currentSeason } = await gqlAs<{ currentSeason: { id: string } }>(club, '{ currentSeason { id } }');
    renderInApp(<Harness seasonId={currentSeason.id} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo piano' });
    await user.click(within(dialog).getByRole('button', { name: 'Aggiungi rata' }));
    const second = within(dialog).getByRole('group', { name: 'Rata 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));

    expect(await within(dialog).findByText(FEES_MSG.feePlanNameRequired)).toBeTruthy();
    expect(within(second).getByText(FEES_MSG.feeInstalmentLabelRequired)).toBeTruthy();
    expect(within(second).getByText(FEES_MSG.feeAmountInvalid)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, /^Nome del piano/)));

    await user.type(field(dialog, /^Nome del piano/), 'Quota annuale');
    const first = within(dialog).getByRole('group', { name: 'Rata 1' });
    await user.type(field(first, /^Nome della rata/), 'Unica');
    await user.type(field(first, /^Scadenza/), '2026-10-01');
    await user.type(field(first, /^Importo/), '1.234,5');
    // the second instalment goes: its messages with it
    await user.click(within(second).getByRole('button', { name: 'Rimuovi la rata 2' }));
    expect(within(dialog).queryByRole('group', { name: 'Rata 2' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await screen.findByText('chiuso');

    const { feePlans } = await gqlAs<{ feePlans: Array<{ name: string; kind: string; totalCents: number; instalments: Array<{ label: string; dueOn: string; amountCents: number }> }> }>(
      club,
      '{ feePlans { name kind totalCents instalments { label dueOn amountCents } } }',
    );
    expect(feePlans).toEqual([{ name: 'Quota annuale', kind: 'quota_associativa', totalCents: 123450, instalments: [{ label: 'Unica', dueOn: '2026-10-01', amountCents: 123450 }] }]);
  });

  it('asks for the early-payment day with its percent, saves both and shows them when the plan is edited', async () => {
    const club = await signInNewClub();
    const { currentSeason } = await gqlAs<{ currentSeason: { id: string } }>(club, '{ currentSeason { id } }');
    const view = renderInApp(<Harness seasonId={currentSeason.id} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nuovo piano' });
    await user.type(field(dialog, /^Nome del piano/), 'Corso Under 12');
    const first = within(dialog).getByRole('group', { name: 'Rata 1' });
    await user.type(field(first, /^Nome della rata/), 'Unica');
    await user.type(field(first, /^Scadenza/), '2026-10-01');
    await user.type(field(first, /^Importo/), '360');
    const percent = field(dialog, /^Sconto pagamento anticipato/);
    await user.clear(percent);
    await user.type(percent, '5');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText(FEES_MSG.earlyPaymentIncomplete)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, /^Entro il/)));
    await user.type(field(dialog, /^Entro il/), '2026-09-30');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    await screen.findByText('chiuso');

    const { feePlans } = await gqlAs<{ feePlans: SavedPlan[] }>(
      club,
      '{ feePlans { id seasonId name kind sport secondChildPercent thirdChildPercent earlyPaymentPercent earlyPaymentBy archived totalCents chargedPeople instalments { id position label dueOn amountCents } } }',
    );
    expect(feePlans.map((p) => [p.name, p.earlyPaymentPercent, p.earlyPaymentBy])).toEqual([['Corso Under 12', 5, '2026-09-30']]);
    view.unmount();

    // edited: the discount is there; emptied both, the plan has none again
    renderInApp(<EditHarness plan={feePlans[0]} />);
    const edit = await screen.findByRole('dialog', { name: 'Modifica piano: Corso Under 12' });
    expect((field(edit, /^Sconto pagamento anticipato/) as HTMLInputElement).value).toBe('5');
    expect((field(edit, /^Entro il/) as HTMLInputElement).value).toBe('2026-09-30');
    await user.clear(field(edit, /^Sconto pagamento anticipato/));
    await user.clear(field(edit, /^Entro il/));
    await user.click(within(edit).getByRole('button', { name: 'Salva' }));
    await screen.findByText('chiuso');
    const after = await gqlAs<{ feePlans: Array<{ earlyPaymentPercent: number; earlyPaymentBy: string | null }> }>(club, '{ feePlans { earlyPaymentPercent earlyPaymentBy } }');
    expect(after.feePlans).toEqual([{ earlyPaymentPercent: 0, earlyPaymentBy: null }]);
  });
});
