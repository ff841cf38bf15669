// Who may call each operation of both faces: every GraphQL root field and every legacy REST route has one rule here.
// It is the only place that says who may call what, and it is enforced, not only documented: GraphQL applies it in
// one plugin over the root fields (graphql/access-plugin.ts), the REST router reads it (compat/router.ts), both
// through access/operation-access.ts; an operation without an entry stops the schema or the route table from being
// built. The services keep only row-level narrowing and conditional rules (the notes below). docs/permissions.md
// prints it (`npm run permissions:print`), and the sweep test (tests/server/access/operation-sweep.test.ts) calls
// every operation as each role, anonymously and from another club and compares the answers with it.
import type { PersonKindKey } from '../../schema/constants';
import { ORGANISATION_RECORD_NOT_FOUND, ORGANISATION_REFUSAL } from '../../schema/organisation-refusals';
import type { FamilyPermission, OrganisationPermission, Permission } from './permissions';
import type { OrganisationRecord } from './staff-scope';

type PeopleAction = 'read' | 'write' | 'archive';

/**
 * A permission of the table, or a people permission of the kind named by the call (`{kind}`: the `kind` argument or
 * the REST path's resource) or of any kind the role may use (`*`: the kind is read from the record, and a record of
 * another kind answers like an unknown id).
 */
export type PermissionRule = Permission | `people.{kind}.${PeopleAction}` | `people.*.${PeopleAction}`;

export type OperationRule =
  /** Anyone, signed in or not (sign-in, sign-up, password recovery, the public site). */
  | { who: 'anyone'; note?: string }
  /** A signed-in account, in any of its clubs or none (its own profile, sessions, notifications, invitations). */
  | { who: 'account'; note?: string }
  /** The product's operators (the team that sells CampoBase), whatever their role in a club. */
  | { who: 'operator'; note?: string }
  /**
   * A member of the club named by X-Club whose role holds `permission` (null: any member). `ownMembership`: the
   * argument naming a membership; when it names the caller's own, any member may call (leaving the club).
   */
  | { who: 'member'; permission: PermissionRule | null; note?: string; ownMembership?: string }
  /**
   * An organisation's API key (Authorization: Bearer cbk_…), reading the clubs that consent: the only operations a
   * key may call (every other one, and every mutation, is refused to it before it runs).
   */
  | { who: 'apiKey'; note?: string }
  /**
   * An organisation's staff whose role there (admin, reader) holds `permission`, refused with `refusal` otherwise.
   * `of`: where the call names the organisation: its `organisationId` argument (or its input's), or the `id` of one
   * of the organisation's records (an unknown one answers NotFound with `notFound`, whoever asks).
   */
  | { who: 'staff'; permission: OrganisationPermission; of: StaffTarget; refusal: string; note?: string }
  /**
   * A member or guardian in the personal area: a signed-in account reaching at least one person whose relation to it
   * (titolare, minore, genitore: access/permissions.ts) holds `permission`. The person the call names is checked by
   * the service (access/cross-club.ts familyDoor): outside the family it answers like an unknown id.
   */
  | { who: 'family'; permission: FamilyPermission; note?: string };

export type StaffTarget = 'organisationId' | { record: OrganisationRecord; notFound?: string };

const anyone = (note?: string): OperationRule => ({ who: 'anyone', note });
const account = (note?: string): OperationRule => ({ who: 'account', note });
const member = (permission: PermissionRule | null, note?: string): Extract<OperationRule, { who: 'member' }> => ({ who: 'member', permission, note });
const apiKey = (note?: string): OperationRule => ({ who: 'apiKey', note });
const family = (permission: FamilyPermission, note?: string): OperationRule => ({ who: 'family', permission, note });
const staff = (permission: OrganisationPermission, of: StaffTarget, refusal: string, note?: string): OperationRule => ({ who: 'staff', permission, of, refusal, note });
/** The portal's reads: any staff member of the organisation named by `organisationId`. */
const staffReads = () => staff('organisation.read', 'organisationId', ORGANISATION_REFUSAL.notStaff);

/** GraphQL, by root field (`Query.x`, `Mutation.y`). */
export const GRAPHQL_RULES: Record<string, OperationRule> = {
  'Query.accessLog': member('accessLog.read'),
  'Query.accessLogActors': member('accessLog.read'),
  'Query.appSettings': member('club.read'),
  'Query.certificateReminderLog': member('health.read'),
  'Query.club': member('club.read'),
  'Query.collaboratorInvitations': member('collaborators.manage'),
  'Query.collaborators': member('collaborators.manage'),
  'Query.affiliations': member('affiliations.manage'),
  'Query.affiliationReads': member('affiliations.manage'),
  'Query.dashboard': member('club.read', 'certificate counts null without health.read'),
  'Query.firstSteps': member('club.read', 'lists only the steps the member may take: import.run, collaborators.manage, club.write'),
  'Query.exportList': member('export.run', "and the list's read permission (people.{kind}.read, groups.read, feed.read); health columns only with health.read"),
  'Query.group': member('groups.read'),
  'Query.groupEligibility': member('health.read', 'and groups.read, people.athlete.read'),
  'Query.groups': member('groups.read'),
  'Query.importRun': member('import.run'),
  'Query.importRuns': member('import.run'),
  'Query.importColumns': member('import.run'),
  'Query.importProgress': member('import.run', "only the caller's own imports, by the key it chose"),
  'Query.leads': { who: 'operator' },
  'Query.me': anyone('null without a session'),
  'Query.invitation': anyone('the token is the proof: answers only what its mail said (club or organisation, role, who invited, address) and its state'),
  'Query.myNotifications': account(),
  'Query.mySessions': account(),
  'Query.myTwoFactor': account(),
  'Query.myOrganisations': account('the organisations the account is staff of'),
  'Query.organisationOverview': staffReads(),
  'Query.organisationApiKeys': staff('organisation.manage', 'organisationId', ORGANISATION_REFUSAL.apiKeys),
  'Query.organisationUsage': staffReads(),
  'Query.organisationStaff': staffReads(),
  'Query.organisationWebhooks': staffReads(),
  'Query.organisationClubs': apiKey('every affiliation of the organisation; the profile with club.profile'),
  'Query.organisationPeople': apiKey("each field group needs its scope in the key and the club's consent"),
  'Query.organisationPeopleChanges': apiKey("each field group needs its scope in the key and the club's consent"),
  'Query.organisationPersonLookup': apiKey('clubs sharing people.registry'),
  'Query.organisationStatistics': apiKey('each count needs its scope'),
  'Query.currentSeason': member('club.read', 'created on first need: every member sees the season label'),
  'Query.seasons': member('club.read', 'past seasons are read-only'),
  'Query.memberRegister': member('members.read'),
  'Query.memberRegisterSearch': member('members.read'),
  'Query.personSeasons': member('members.read'),
  'Query.personFamily': member('families.read'),
  'Query.guardianCandidates': member('families.write'),
  'Query.privacyNotices': member('club.read', "every member reads the club's notice"),
  'Query.personConsents': member('consents.read'),
  'Query.consentGaps': member('consents.read'),
  'Query.registrationForms': member('registrations.manage'),
  'Query.registrationSubmissions': member('registrations.manage'),
  'Query.publicRegistrationForm': anyone("the link's token is the proof: the form, its club's name and season, the privacy notice; a draft answers null"),
  'Query.myRegistration': anyone("the browser's secret is the proof: its own submission's state, reason and content"),
  'Query.registrationSignature': anyone('the hash is the proof: which form of which club, who signed and when'),
  'Query.feePlans': member('fees.read'),
  'Query.feesOverview': member('fees.read'),
  'Query.familyStatement': member('fees.read'),
  'Query.personCharges': member('fees.read'),
  'Query.overdueCharges': member('fees.read'),
  'Query.venues': member('calendar.read'),
  'Query.closures': member('calendar.read'),
  'Query.calendar': member('calendar.read', 'club-wide; at most 93 days at a time'),
  'Query.calendarFeeds': member('calendar.read'),
  'Query.attendanceSheet': member('calendar.write', 'a coach only for events of their groups'),
  'Query.attendanceStats': member('calendar.read', "a coach: their groups' athletes only"),
  'Query.callUpCandidates': member('calendar.write', 'and health.read: the checks name the certificate; a coach only for events of their groups'),
  'Query.callUps': member('calendar.read', "the certificate's part of the checks only with health.read"),
  'Query.callUpByToken': anyone("the mail's token is the proof: the call-up it names"),
  'Query.noticeRecipientsPreview': member('feed.write', 'a coach only for the groups they coach'),
  'Query.notices': member('feed.write'),
  'Query.noticeHistory': member('feed.write'),
  'Query.personNotices': member('feed.write', 'a person the caller sees (a coach: the athletes of their groups)'),
  'Query.noticeSettings': member('feed.write'),
  'Query.myCallUps': family('family.read', "the account's family's call-ups"),
  'Query.schoolLetterTemplate': member('calendar.read'),
  'Query.myCalendarFeeds': family('family.read', "the account's own calendar links"),
  'Query.feeReminderSettings': member('fees.read'),
  'Query.feeReminderLog': member('fees.read'),
  'Query.sepaCreditor': member('fees.read'),
  'Query.sepaMandates': member('fees.read'),
  'Query.sepaCollection': member('fees.read'),
  'Query.myPendingPrivacyNotices': family('family.read', "the clubs of the account's family"),
  'Query.myFamily': family('family.read', 'itself and the minors it is guardian of, in every club'),
  'Query.myNotices': family('family.read', "what the account's own people received, in every club of its family"),
  'Query.myMailSettings': family('family.read', "the account's own person in each club of its family"),
  'Query.myChannels': family('family.channels', "the channels of the family's groups (a minor: only while a guardian has access too)"),
  'Query.myChannel': family('family.channels', "one of the family's channels; any other group is unknown"),
  'Query.groupChannels': member('channels.read', 'a coach only the groups they coach'),
  'Query.groupChannel': member('channels.read', 'a coach only the groups they coach'),
  'Query.personMailStatus': member('people.*.read', 'a role the viewer may read'),
  'Query.pushPublicKey': anyone('the public half of the VAPID key pair'),
  'Query.myPushDevices': account("the account's own browsers"),
  'Query.myFamilyPerson': family('family.read', 'null outside the family'),
  'Query.personChangeRequests': member('people.*.write', 'people of kinds the role may write'),
  'Query.certificateSubmissions': member('health.write'),
  'Query.seasonRenewalProposal': member('members.read'),
  'Query.seasonRoster': member('groups.read', "a renewed season's groups as they were, another's as they are"),
  'Query.categorySettings': member('groups.read'),
  'Query.seasonStatistics': member('members.read', 'the chosen season and the previous one'),
  'Query.people': member('people.{kind}.read', 'the certificate filter needs health.read'),
  'Query.personByTaxCode': member('people.*.write'),
  'Query.possibleDuplicates': member('people.*.write', 'only people holding a role of a kind the role may write, a coach only the athletes of their groups'),
  'Query.personChanges': member('people.*.read', 'the changes of a person the role may see; where from (IP, browser) only with accessLog.read'),
  'Query.personRole': member('people.*.read', 'health fields null without health.read'),
  'Query.post': member('feed.read'),
  'Query.posts': member('feed.read'),
  'Mutation.acceptCollaboratorInvitation': account(),
  'Mutation.acceptInvitation': account('with the token of the invitation mail, any kind'),
  'Mutation.acceptPersonLink': account(),
  'Mutation.saveFeePlan': member('fees.write'),
  'Mutation.archiveFeePlan': member('fees.write'),
  'Mutation.assignFeePlan': member('fees.write'),
  'Mutation.addCharge': member('fees.write'),
  'Mutation.setChargeDiscount': member('fees.write'),
  'Mutation.cancelCharge': member('fees.write'),
  'Mutation.recordPayment': member('fees.write'),
  'Mutation.refundPayment': member('fees.write'),
  'Mutation.issueReceipts': member('fees.write'),
  'Mutation.issueReceiptsForPeriod': member('fees.write'),
  'Mutation.cancelReceipt': member('fees.write'),
  'Mutation.saveVenue': member('venues.write'),
  'Mutation.archiveVenue': member('venues.write'),
  'Mutation.saveClosure': member('venues.write'),
  'Mutation.deleteClosure': member('venues.write'),
  'Mutation.saveCalendarEvent': member('calendar.write', 'a coach: only events all of whose groups they coach'),
  'Mutation.cancelCalendarEvent': member('calendar.write', 'a coach: only events all of whose groups they coach'),
  'Mutation.changeCalendarOccurrence': member('calendar.write', 'a coach: only events all of whose groups they coach'),
  'Mutation.changeCalendarSeriesFrom': member('calendar.write', 'a coach: only events all of whose groups they coach'),
  'Mutation.recordAttendance': member('calendar.write', 'a coach only for events of their groups'),
  'Mutation.sendCallUps': member('calendar.write', 'a coach only for events of their groups; calling up a blocked athlete needs callups.override'),
  'Mutation.remindCallUps': member('calendar.write', 'a coach only for events of their groups'),
  'Mutation.withdrawCallUp': member('calendar.write', 'a coach only for events of their groups'),
  'Mutation.answerCallUpByToken': anyone("the mail's token is the proof; before the deadline"),
  'Mutation.sendNotice': member('feed.write', 'a coach only to the groups they coach'),
  'Mutation.cancelNotice': member('feed.write'),
  'Mutation.saveNoticeSettings': member('club.write'),
  'Mutation.openNoticeByToken': anyone("the mail's token is the proof: the notice it names, its opening recorded"),
  'Mutation.confirmNoticeByToken': anyone("the mail's token is the proof: confirms the reading of an urgent notice"),
  'Mutation.unsubscribeByToken': anyone("the mail's token is the proof: its recipient's notices by e-mail turned off"),
  'Mutation.resubscribeByToken': anyone("the mail's token is the proof: its recipient's notices by e-mail turned on"),
  'Mutation.clearEmailBlock': member('people.*.write', 'a role the viewer may write'),
  'Mutation.savePushSubscription': account("this browser, for the account's own people's notices"),
  'Mutation.deletePushSubscription': account("the account's own subscription of this browser"),
  'Mutation.saveSchoolLetterTemplate': member('club.write'),
  'Mutation.savePersonSchool': member('calendar.write', "a coach: athletes of their groups only (the scope hides the others)"),
  'Mutation.createMyCalendarFeed': family('family.read', "in a club of the account's family; another club answers like an unknown id"),
  'Mutation.revokeMyCalendarFeed': family('family.read', "the account's own links; another's answers like an unknown id"),
  'Mutation.answerMyCallUp': family('family.callups.answer', "another family's call-up answers like an unknown id"),
  'Mutation.createCalendarFeed': member('calendar.read', "a coach: their groups and athletes only (the scope hides the others)"),
  'Mutation.revokeCalendarFeed': member('calendar.read'),
  'Mutation.updateFeeReminders': member('fees.write'),
  'Mutation.updateSepaCreditor': member('fees.write'),
  'Mutation.saveSepaMandate': member('fees.write'),
  'Mutation.revokeSepaMandate': member('fees.write'),
  'Mutation.acceptPrivacyNotice': family('family.read', "a current notice of a club of the account's family"),
  'Mutation.openMyNotice': family('family.read', "a notice the account received; anyone else's is unknown"),
  'Mutation.confirmMyNotice': family('family.read', 'an urgent notice the account received'),
  'Mutation.postMyChannelMessage': family('family.channels', "one of the family's channels, while it is open to the families"),
  'Mutation.muteMyChannel': family('family.channels', "one of the family's channels"),
  'Mutation.markMyChannelRead': family('family.channels', "one of the family's channels"),
  'Mutation.postChannelMessage': member('channels.write', 'a coach only in the groups they coach'),
  'Mutation.hideChannelMessage': member('channels.moderate', 'a coach only in the groups they coach'),
  'Mutation.restoreChannelMessage': member('channels.moderate', 'a coach only in the groups they coach'),
  'Mutation.setChannelPosting': member('channels.moderate', 'a coach only in the groups they coach'),
  'Mutation.muteChannel': member('channels.read', 'a coach only the groups they coach'),
  'Mutation.markChannelRead': member('channels.read', 'a coach only the groups they coach'),
  'Mutation.saveMyMailSettings': family('family.read', "the account's own person only, not a child's"),
  'Mutation.clearMyEmailBlock': family('family.read', "the account's own person only, not a child's"),
  'Mutation.updateMyFamilyPerson': family('family.contacts.write', 'key fields need family.changes.request; another family\'s person answers like an unknown id'),
  'Mutation.submitMyCertificate': family('family.certificates.submit'),
  'Mutation.withdrawMyConsent': family('family.consents.withdraw', 'only a purpose the relation answers for (consentGiver)'),
  'Mutation.decidePersonChangeRequest': member('people.*.write'),
  'Mutation.decideCertificateSubmission': member('health.write'),
  'Mutation.archiveClub': member('club.archive'),
  'Mutation.archiveGroup': member('groups.write'),
  'Mutation.addMedicalCertificate': member('health.write', 'and people.athlete.write'),
  'Mutation.archivePerson': member('people.*.archive'),
  'Mutation.archivePeople': member('people.*.archive', 'every role of a kind the viewer may archive; all or nothing'),
  'Mutation.updateCertificateReminders': member('club.write'),
  'Mutation.deleteMedicalCertificate': member('health.write', 'and people.athlete.write'),
  'Mutation.archivePost': member('feed.write'),
  'Mutation.assignToGroup': member('groups.write'),
  'Mutation.assignPeopleToGroup': member('groups.write', 'all or nothing, at most 500 roles'),
  'Mutation.changeCollaboratorRole': member('collaborators.manage'),
  'Mutation.applyToOrganisation': member('affiliations.manage'),
  'Mutation.approveAffiliation': member('affiliations.manage'),
  'Mutation.changeAffiliationConsent': member('affiliations.manage'),
  'Mutation.revokeAffiliation': member('affiliations.manage'),
  'Mutation.requestAffiliation': staff('organisation.manage', 'organisationId', ORGANISATION_REFUSAL.affiliations),
  'Mutation.acceptAffiliationApplication': staff('organisation.manage', { record: 'affiliation', notFound: ORGANISATION_RECORD_NOT_FOUND.affiliation }, ORGANISATION_REFUSAL.affiliations),
  'Mutation.endAffiliation': staff(
    'organisation.manage',
    { record: 'affiliation', notFound: ORGANISATION_RECORD_NOT_FOUND.affiliation },
    ORGANISATION_REFUSAL.affiliations,
    'refuse an application, withdraw a request, end an affiliation',
  ),
  'Mutation.createApiKey': staff('organisation.manage', 'organisationId', ORGANISATION_REFUSAL.apiKeys),
  'Mutation.revokeApiKey': staff('organisation.manage', { record: 'organisationApiKey', notFound: ORGANISATION_RECORD_NOT_FOUND.apiKey }, ORGANISATION_REFUSAL.apiKeys),
  'Mutation.createWebhook': staff('organisation.manage', 'organisationId', ORGANISATION_REFUSAL.webhooks),
  'Mutation.disableWebhook': staff('organisation.manage', { record: 'organisationWebhook', notFound: ORGANISATION_RECORD_NOT_FOUND.webhook }, ORGANISATION_REFUSAL.webhooks),
  'Mutation.inviteOrganisationStaff': staff('organisation.manage', 'organisationId', ORGANISATION_REFUSAL.staff),
  'Mutation.revokeOrganisationStaffInvitation': staff('organisation.manage', { record: 'organisationStaffInvitation' }, ORGANISATION_REFUSAL.staff),
  'Mutation.acceptOrganisationStaffInvitation': account('with the token of the invitation mail'),
  'Mutation.changeOrganisationStaffRole': staff('organisation.manage', 'organisationId', ORGANISATION_REFUSAL.staff, 'the last admin stays'),
  'Mutation.removeOrganisationStaff': staff('organisation.manage', 'organisationId', ORGANISATION_REFUSAL.staff, 'the last admin stays'),
  'Mutation.changePassword': account(),
  'Mutation.completeTwoFactorLogin': anyone('with the challenge a correct password answered'),
  'Mutation.confirmTwoFactorSetup': account(),
  'Mutation.disableTwoFactor': account(),
  'Mutation.importPeople': member('import.run', 'the file is read only after the permission check; a dry run writes nothing; a Gruppi column also needs groups.write'),
  'Mutation.undoImport': member('import.run', 'within IMPORT_UNDO_DAYS; people edited since are left as they are'),
  'Mutation.inviteCollaborator': member('collaborators.manage'),
  'Mutation.invitePersonLink': member('people.*.write'),
  'Mutation.login': anyone(),
  'Mutation.logout': account(),
  'Mutation.markNotificationRead': account(),
  'Mutation.mergePeople': member(
    'people.*.archive',
    'and people.{kind}.write and .archive of every kind either person holds, whose roles are moved or deleted; health.write when either profile holds health data',
  ),
  'Mutation.reregisterPerson': member('people.*.write', "of the archived role's kind, a role of another kind answering like an unknown id; a coach registers nobody"),
  'Mutation.removeCollaborator': {
    ...member('collaborators.manage', 'any member may remove their own membership (leave), but not the last owner'),
    ownMembership: 'id',
  },
  'Mutation.requestPasswordReset': anyone(),
  'Mutation.resendCollaboratorInvitation': member('collaborators.manage'),
  'Mutation.regenerateRecoveryCodes': account(),
  'Mutation.resetPassword': anyone(),
  'Mutation.revokeCollaboratorInvitation': member('collaborators.manage'),
  'Mutation.revokeOtherSessions': account(),
  'Mutation.revokeSession': account(),
  'Mutation.rotateClubToken': member(null, "rotates the caller's own club token"),
  'Mutation.saveGroup': member('groups.write'),
  'Mutation.saveCategorySettings': member('groups.write'),
  'Mutation.runSeasonRenewal': member('members.write', 'one run per pair of seasons until undone; the next season is prepared when missing'),
  'Mutation.undoSeasonRenewal': member('members.write', 'only the last run, and not once later changes depend on it'),
  'Mutation.saveSeason': member('members.write', 'a closed season is read-only'),
  'Mutation.admitMember': member('members.write'),
  'Mutation.recordMemberExit': member('members.write'),
  'Mutation.renewMembership': member('members.write', 'not for a closed season'),
  'Mutation.saveCard': member('members.write', 'not for a closed season'),
  'Mutation.saveGuardianship': member('families.write'),
  'Mutation.removeGuardianship': member('families.write'),
  'Mutation.publishPrivacyNotice': member('club.write'),
  'Mutation.recordConsent': member('consents.write', 'an adult answers for themselves, a minor under 14 through a recorded guardian (docs/api/families.md)'),
  'Mutation.withdrawConsent': member('consents.write'),
  'Mutation.deleteCard': member('members.write', 'not for a closed season'),
  'Mutation.savePerson': member('people.{kind}.write', 'health fields need health.write; a coach edits only their athletes and registers nobody'),
  'Mutation.savePost': member('feed.write', 'a coach posts only to their groups'),
  'Mutation.sendFeedback': member('club.read'),
  'Mutation.setClubTwoFactorRequirement': member('club.write'),
  'Mutation.signUp': anyone(),
  'Mutation.signUpWithInvitation': anyone('with the token of the invitation mail: an account without a club, joined to the invitation'),
  'Mutation.startTwoFactorSetup': account(),
  'Mutation.submitLead': anyone(),
  'Mutation.saveRegistrationForm': member('registrations.manage'),
  'Mutation.approveRegistrations': member('registrations.manage', 'each submission in its own transaction; at most 500'),
  'Mutation.requestRegistrationChanges': member('registrations.manage'),
  'Mutation.rejectRegistration': member('registrations.manage'),
  'Mutation.submitRegistration': anyone("with an open form's link; rate limited per IP and per form, honeypot"),
  'Mutation.uploadRegistrationDocument': anyone("with the submission's secret, before its signature; one file of 5 MB"),
  'Mutation.resendRegistrationCode': anyone("with the submission's secret, before its signature"),
  'Mutation.signRegistration': anyone("with the submission's secret and the mailed code"),
  'Mutation.transferClubOwnership': member('club.transfer'),
  'Mutation.unassignFromGroup': member('groups.write'),
  'Mutation.unassignPeopleFromGroup': member('groups.write', 'all or nothing, at most 500 roles'),
  'Mutation.updateClub': member('club.write'),
  'Mutation.updateClubSettings': member('club.write'),
  'Mutation.updateMyProfile': account(),
  'Mutation.verifyPasswordResetCode': anyone(),
};

const peopleRoutes = (resource: PersonKindKey): Record<string, OperationRule> => ({
  [`/${resource}/save`]: member('people.{kind}.write'),
  [`/${resource}/single`]: member('people.{kind}.read'),
  [`/${resource}/load`]: member('people.{kind}.read'),
  [`/${resource}/archive`]: member('people.{kind}.archive'),
});

/** Legacy REST, by path under /api (spec §7). `{kind}` is the path's resource, or the body's `type` for /archive/load. */
export const REST_RULES: Record<string, OperationRule> = {
  '/login': anyone(),
  '/register': anyone(),
  '/me': account(),
  '/logout': account(),
  '/auth/password/forgot': anyone(),
  '/auth/password/verify': anyone(),
  '/auth/password/reset': anyone(),
  '/club/single': member('club.read'),
  '/club/load': account("the account's clubs, each with its token and role"),
  '/club/archive': member('club.archive'),
  '/club/update': member('club.write'),
  '/app': member('club.read'),
  '/group/save': member('groups.write'),
  '/group/load': member('groups.read'),
  '/group/by-type': member('groups.read'),
  '/group/assign': member('groups.write'),
  '/group/unassign': member('groups.write'),
  '/group/archive': member('groups.write'),
  ...peopleRoutes('athlete'),
  ...peopleRoutes('coach'),
  ...peopleRoutes('manager'),
  ...peopleRoutes('staff'),
  ...peopleRoutes('member'),
  ...peopleRoutes('voluntary'),
  '/archive/load': member('people.{kind}.read'),
  '/post/save': member('feed.write'),
  '/post/load': member('feed.read'),
  '/post/archive': member('feed.write'),
  '/import': member('import.run', 'multipart: file, type, dry_run 0 or 1, optional mode, optional mapping (JSON)'),
  '/import/download-template': member('import.run', "GET ?type=: the CSV template as {type}_template.csv; &format=xlsx: the club's workbook {type}_template.xlsx"),
  '/lead': anyone(),
  '/site-config': anyone(),
};

/** The permission a call needs, `{kind}` resolved; `anyKind` for `people.*.x` (held when any kind's is). */
export function resolvePermission(rule: PermissionRule, kind?: PersonKindKey): { permission: Permission } | { anyKind: PeopleAction } {
  if (rule.startsWith('people.*.')) return { anyKind: rule.slice('people.*.'.length) as PeopleAction };
  if (rule.includes('{kind}')) {
    if (!kind) throw new Error(`${rule} needs the call's kind`);
    return { permission: rule.replace('{kind}', kind) as Permission };
  }
  return { permission: rule as Permission };
}

/** The table of operations in docs/permissions.md (`npm run permissions:print`). */
export function operationRulesMarkdown(): string {
  const describe = (rule: OperationRule) => {
    const who =
      rule.who === 'member'
        ? rule.permission
          ? `member with \`${rule.permission}\``
          : 'any member of the club'
        : rule.who === 'staff'
          ? `organisation staff with \`${rule.permission}\` (the organisation ${rule.of === 'organisationId' ? 'of `organisationId`' : `of the ${rule.of.record} \`id\``})`
          : rule.who === 'family'
            ? `member or guardian with \`${rule.permission}\` (personal area)`
            : { anyone: 'anyone', account: 'signed-in account', operator: 'operator', apiKey: "organisation's API key" }[rule.who];
    return rule.note ? `${who} (${rule.note})` : who;
  };
  const rows = (rules: Record<string, OperationRule>, name: (key: string) => string) =>
    Object.entries(rules).map(([key, rule]) => `| ${name(key)} | ${describe(rule)} |`);
  return [
    '| operation | who may call it |',
    '|---|---|',
    ...rows(GRAPHQL_RULES, (key) => `GraphQL \`${key}\``),
    ...rows(REST_RULES, (key) => `REST \`/api${key}\``),
  ].join('\n');
}

/** The root fields an organisation's API key may call (by name, e.g. organisationPeople). */
export const API_KEY_FIELDS: ReadonlySet<string> = new Set(
  Object.entries(GRAPHQL_RULES)
    .filter(([key, rule]) => rule.who === 'apiKey' && key.startsWith('Query.'))
    .map(([key]) => key.slice('Query.'.length)),
);
