// The /wizard questionnaire and its recommendation (pure: unit-tested in tests/client/recommend-plan.test.ts).
import type { PlanName } from '../pricing/plans';

export type MembersAnswer = 'fino-30' | '31-150' | 'oltre-150';
export type UsersAnswer = 'solo-io' | '2-5' | 'oltre-5';
export type NeedAnswer = 'iscrizioni' | 'documenti' | 'pagamenti' | 'comunicazioni' | 'report' | 'dominio';
export type BudgetAnswer = 'zero' | 'fino-10' | 'fino-50';

export interface WizardAnswers {
  members?: MembersAnswer;
  users?: UsersAnswer;
  needs: NeedAnswer[];
  budget?: BudgetAnswer;
}

interface Option<Value extends string> {
  value: Value;
  label: string;
}

export interface WizardQuestion<Key extends keyof WizardAnswers = keyof WizardAnswers> {
  key: Key;
  title: string;
  hint: string;
  multiple: boolean;
  options: readonly Option<string>[];
}

export const WIZARD_QUESTIONS: readonly WizardQuestion[] = [
  {
    key: 'members',
    title: 'Quanti tesserati ha la tua società?',
    hint: 'Atleti, soci e volontari, contando la stagione in corso.',
    multiple: false,
    options: [
      { value: 'fino-30', label: 'Fino a 30' },
      { value: '31-150', label: 'Da 31 a 150' },
      { value: 'oltre-150', label: 'Più di 150' },
    ],
  },
  {
    key: 'users',
    title: 'Quante persone useranno CampoBase per la società?',
    hint: 'Presidente, segreteria, allenatori che devono accedere ai dati.',
    multiple: false,
    options: [
      { value: 'solo-io', label: 'Solo io' },
      { value: '2-5', label: 'Da 2 a 5' },
      { value: 'oltre-5', label: 'Più di 5' },
    ],
  },
  {
    key: 'needs',
    title: 'Che cosa ti serve di più?',
    hint: 'Scegli tutto quello che vale per te.',
    multiple: true,
    options: [
      { value: 'iscrizioni', label: 'Iscrizioni online' },
      { value: 'documenti', label: 'Ricevute e documenti' },
      { value: 'pagamenti', label: 'Quote e pagamenti' },
      { value: 'comunicazioni', label: 'Avvisi alle famiglie' },
      { value: 'report', label: 'Report mensili' },
      { value: 'dominio', label: 'Il dominio della società' },
    ],
  },
  {
    key: 'budget',
    title: 'Quanto vorresti spendere al mese, dopo il periodo gratuito?',
    // shown as offer.ts's budgetHint, which follows the offer's dates and today's
    hint: 'Serve solo a consigliarti.',
    multiple: false,
    options: [
      { value: 'zero', label: 'Niente' },
      { value: 'fino-10', label: 'Fino a 10 €' },
      { value: 'fino-50', label: 'Fino a 50 €' },
    ],
  },
];

export interface Recommendation {
  plan: PlanName;
  reasons: string[];
  /** Set when the plan the club needs costs more than the budget it gave. */
  overBudget: boolean;
}

const BUDGET_LIMIT: Record<BudgetAnswer, number> = { zero: 0, 'fino-10': 10, 'fino-50': 50 };
const PLAN_PRICE: Record<PlanName, number> = { Gratis: 0, Pro: 9, Club: 49 };

/**
 * The smallest plan that covers the answers: Club for more than 5 users, more than 150 members or monthly
 * reports; Pro for a team of 2-5, 31-150 members, private data (documents, payments, sign-ups) or a domain;
 * Gratis otherwise. The budget never downgrades the need, it only flags it.
 */
export function recommendPlan(answers: WizardAnswers): Recommendation {
  const club: string[] = [];
  const pro: string[] = [];
  if (answers.users === 'oltre-5') club.push('Più di 5 persone lavorano sui dati: il piano Club ha utenti illimitati.');
  if (answers.members === 'oltre-150') club.push('Con più di 150 tesserati conviene il supporto prioritario del piano Club.');
  if (answers.needs.includes('report')) club.push('I report mensili sono inclusi nel piano Club.');
  if (answers.users === '2-5') pro.push('Il piano Pro comprende fino a 5 utenti per il direttivo.');
  if (answers.members === '31-150') pro.push('Per una società da 31 a 150 tesserati servono progetti privati illimitati.');
  const privateNeeds = answers.needs.filter((need) => need === 'documenti' || need === 'pagamenti' || need === 'iscrizioni');
  if (privateNeeds.length > 0) pro.push('Ricevute, pagamenti e iscrizioni contengono dati personali: vanno in progetti privati.');
  if (answers.needs.includes('dominio')) pro.push('Il piano Pro include un dominio collegato gratuito.');

  const plan: PlanName = club.length > 0 ? 'Club' : pro.length > 0 ? 'Pro' : 'Gratis';
  const reasons =
    plan === 'Club' ? club : plan === 'Pro' ? pro : ['Per una piccola realtà gestita da una persona il piano Gratis basta.'];
  const overBudget = answers.budget !== undefined && PLAN_PRICE[plan] > BUDGET_LIMIT[answers.budget];
  return { plan, reasons, overBudget };
}
