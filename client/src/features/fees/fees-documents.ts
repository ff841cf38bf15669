// The treasurer's GraphQL documents (issue 37): the season's overview and plans, the overdue list, a family's
// statement with its payments and receipts, the payer search, a person's charges on the person page, and every
// money operation (plans, assignments, charges, payments, refunds, receipts). Amounts are euro cents. Each document
// is its own import (vite's graphql optimizer), so the admin shell does not carry them.
import { graphql } from '../../gql';

export const FeesOverviewQuery = graphql(`
  query FeesPage_Overview($seasonId: ID!) {
    feesOverview(seasonId: $seasonId) {
      dueThisMonthCents
      months {
        month
        expectedCents
        collectedCents
      }
      overdueByGroup {
        groupId
        groupName
        people
        overdueCents
      }
    }
  }
`);

export const FeePlansQuery = graphql(`
  query FeesPage_Plans($seasonId: ID) {
    feePlans(seasonId: $seasonId) {
      id
      seasonId
      name
      kind
      sport
      secondChildPercent
      thirdChildPercent
      earlyPaymentPercent
      earlyPaymentBy
      archived
      totalCents
      chargedPeople
      instalments {
        id
        position
        label
        dueOn
        amountCents
      }
    }
  }
`);

/** The groups a plan may be assigned to, and the overdue list's filter. */
export const FeeGroupsQuery = graphql(`
  query FeesPage_Groups {
    groups(first: 100) {
      edges {
        node {
          id
          name
          type
        }
      }
    }
  }
`);

/** Who may be paying: athletes and members (soci) matching the search, a few of each. */
export const PayerSearchQuery = graphql(`
  query FeesPage_PayerSearch($search: String!) {
    athletes: people(kind: athlete, search: $search, first: 6) {
      edges {
        node {
          id
          person {
            id
            firstname
            lastname
            taxIdCode
            birthday
          }
        }
      }
    }
    members: people(kind: member, search: $search, first: 6) {
      edges {
        node {
          id
          person {
            id
            firstname
            lastname
            taxIdCode
            birthday
          }
        }
      }
    }
  }
`);

export const SaveFeePlanMutation = graphql(`
  mutation FeePlanDialog_Save($input: SaveFeePlanInput!, $dryRun: Boolean) {
    saveFeePlan(input: $input, dryRun: $dryRun) {
      __typename
      ... on MutationSaveFeePlanSuccess {
        data {
          message
          dryRun
          affected
          plan {
            id
          }
        }
      }
      ...MutationError
    }
  }
`);

export const AssignFeePlanMutation = graphql(`
  mutation AssignPlanDialog_Assign($input: AssignFeePlanInput!, $dryRun: Boolean) {
    assignFeePlan(input: $input, dryRun: $dryRun) {
      __typename
      ... on MutationAssignFeePlanSuccess {
        data {
          message
          dryRun
          rows {
            personId
            name
            childOrder
            discountPercent
            discountCents
            totalCents
            alreadyCharged
          }
        }
      }
      ...MutationError
    }
  }
`);

export const ArchiveFeePlanMutation = graphql(`
  mutation FeesPage_ArchivePlan($id: ID!) {
    archiveFeePlan(id: $id) {
      __typename
      ... on MutationArchiveFeePlanSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

export const IssueReceiptsForPeriodMutation = graphql(`
  mutation BulkReceipts_Issue($from: String!, $to: String!) {
    issueReceiptsForPeriod(from: $from, to: $to) {
      __typename
      ... on MutationIssueReceiptsForPeriodSuccess {
        data {
          issued
          left
          message
        }
      }
      ...MutationError
    }
  }
`);

export const OverdueChargesQuery = graphql(`
  query OverduePage_Charges($groupId: ID, $first: Int, $offset: Int) {
    overdueCharges(groupId: $groupId, first: $first, offset: $offset) {
      totalCount
      items {
        id
        description
        dueOn
        amountCents
        discountCents
        paidCents
        openCents
        person {
          id
          firstname
          lastname
        }
      }
    }
  }
`);

export const FamilyStatementQuery = graphql(`
  query FamilyStatementPage_Statement($payerId: ID!) {
    familyStatement(payerId: $payerId) {
      payerId
      dueCents
      paidCents
      openCents
      overdueCents
      people {
        personId
        name
        dueCents
        paidCents
        openCents
        overdueCents
        earlyOffers {
          planName
          percent
          until
          openCents
          discountCents
          payCents
        }
        charges {
          id
          description
          dueOn
          amountCents
          discountCents
          discountReason
          paidCents
          openCents
          cancelled
          cancelReason
          planId
        }
      }
      payments {
        id
        method
        paidOn
        amountCents
        reference
        note
        refundOfId
        receipts {
          id
          number
          personId
          issuedOn
          amountCents
          deductible
          cancelled
          cancelReason
          replacedById
          emailed
        }
      }
    }
  }
`);

/** Who pays for the person (the guardians who pay) and whom the person pays for: the way between statements. */
export const PayerFamilyQuery = graphql(`
  query FeesFamily_Guardians($personId: ID!) {
    personFamily(personId: $personId) {
      personId
      guardians {
        id
        pays
        guardian {
          personId
          firstname
          lastname
        }
      }
    }
  }
`);

export const RecordPaymentMutation = graphql(`
  mutation PaymentDialog_Record($input: RecordPaymentInput!) {
    recordPayment(input: $input) {
      __typename
      ... on MutationRecordPaymentSuccess {
        data {
          message
          payment {
            id
            amountCents
          }
        }
      }
      ...MutationError
    }
  }
`);

export const IssueReceiptsMutation = graphql(`
  mutation FamilyStatement_IssueReceipts($paymentId: ID!) {
    issueReceipts(paymentId: $paymentId) {
      __typename
      ... on MutationIssueReceiptsSuccess {
        data {
          message
          receipts {
            id
            number
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RefundPaymentMutation = graphql(`
  mutation RefundDialog_Refund($paymentId: ID!, $amountCents: Int!, $reason: String!) {
    refundPayment(paymentId: $paymentId, amountCents: $amountCents, reason: $reason) {
      __typename
      ... on MutationRefundPaymentSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const CancelReceiptMutation = graphql(`
  mutation FamilyStatement_CancelReceipt($input: CancelWithReasonInput!) {
    cancelReceipt(input: $input) {
      __typename
      ... on MutationCancelReceiptSuccess {
        data {
          message
        }
      }
      ...MutationError
    }
  }
`);

export const AddChargeMutation = graphql(`
  mutation ChargeDialog_Add($input: OneOffChargeInput!) {
    addCharge(input: $input) {
      __typename
      ... on MutationAddChargeSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

export const SetChargeDiscountMutation = graphql(`
  mutation DiscountDialog_Save($input: ChargeDiscountInput!) {
    setChargeDiscount(input: $input) {
      __typename
      ... on MutationSetChargeDiscountSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

export const CancelChargeMutation = graphql(`
  mutation FamilyStatement_CancelCharge($input: CancelWithReasonInput!) {
    cancelCharge(input: $input) {
      __typename
      ... on MutationCancelChargeSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

/** "Quote e pagamenti" on the person page: the person's charges. */
export const PersonChargesQuery = graphql(`
  query PersonFees_Charges($personId: ID!) {
    personCharges(personId: $personId) {
      id
      description
      dueOn
      amountCents
      discountCents
      paidCents
      openCents
      cancelled
    }
  }
`);

// --- Collecting (issue 37 points 4 and 5): the reminders' settings and what was sent, the club's SEPA creditor
// data, a payer's mandates, the preview of a collection (its file is GET /api/fees/addebiti-sepa.xml).

export const FeeReminderSettingsQuery = graphql(`
  query FeeSettingsPage_Reminders {
    feeReminderSettings {
      enabled
      days
      template
      defaultTemplate
    }
  }
`);

export const UpdateFeeRemindersMutation = graphql(`
  mutation FeeReminders_Update($input: FeeReminderSettingsInput!) {
    updateFeeReminders(input: $input) {
      __typename
      ... on MutationUpdateFeeRemindersSuccess {
        data {
          message
          settings {
            enabled
            days
            template
            defaultTemplate
          }
        }
      }
      ...MutationError
    }
  }
`);

/** The reminders about a payer's family, newest first. */
export const FeeReminderLogQuery = graphql(`
  query FamilyStatement_Reminders($payerId: ID!) {
    feeReminderLog(payerId: $payerId, first: 50) {
      id
      day
      offsetDays
      recipient
      sentAt
      error
      personName
      description
      dueOn
    }
  }
`);

export const SepaCreditorQuery = graphql(`
  query FeesSepa_Creditor {
    sepaCreditor {
      name
      creditorId
      iban
      bic
    }
  }
`);

export const UpdateSepaCreditorMutation = graphql(`
  mutation SepaCreditor_Update($input: SepaCreditorInput!) {
    updateSepaCreditor(input: $input) {
      __typename
      ... on MutationUpdateSepaCreditorSuccess {
        data {
          message
          creditor {
            name
            creditorId
            iban
            bic
          }
        }
      }
      ...MutationError
    }
  }
`);

export const SepaMandatesQuery = graphql(`
  query FamilyStatement_Mandates($payerId: ID!) {
    sepaMandates(payerId: $payerId) {
      id
      reference
      iban
      bic
      signedOn
      revokedAt
    }
  }
`);

export const SaveSepaMandateMutation = graphql(`
  mutation MandateDialog_Save($input: SepaMandateInput!) {
    saveSepaMandate(input: $input) {
      __typename
      ... on MutationSaveSepaMandateSuccess {
        data {
          message
          mandate {
            id
          }
        }
      }
      ...MutationError
    }
  }
`);

export const RevokeSepaMandateMutation = graphql(`
  mutation FamilyStatement_RevokeMandate($id: ID!) {
    revokeSepaMandate(id: $id) {
      __typename
      ... on MutationRevokeSepaMandateSuccess {
        data {
          id
          message
        }
      }
      ...MutationError
    }
  }
`);

/** What a collection on a date holds: the debits, the payers left out and why, the control sum. */
export const SepaCollectionQuery = graphql(`
  query SepaPage_Collection($collectionDate: String!) {
    sepaCollection(collectionDate: $collectionDate) {
      __typename
      ... on QuerySepaCollectionSuccess {
        data {
          collectionDate
          controlSumCents
          debits {
            payerId
            payerName
            mandateReference
            iban
            amountCents
            charges
            remittance
          }
          excluded {
            payerId
            payerName
            reason
            amountCents
            charges
          }
        }
      }
      ...MutationError
    }
  }
`);
