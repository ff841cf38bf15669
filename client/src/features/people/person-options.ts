// Choices of the person form's coded fields. The spec names the fields (type_medical_examination_id, "who pays",
// type_membership_id) but not their values: these are the product's own, stored as the numbers below.
export interface CodedOption {
  id: number;
  label: string;
}

export const MEDICAL_EXAMINATION_TYPES: readonly CodedOption[] = [
  { id: 1, label: 'Agonistica' },
  { id: 2, label: 'Non agonistica' },
];

/** Who pays the medical examination. */
export const MEDICAL_EXAMINATION_PAYERS: readonly CodedOption[] = [
  { id: 1, label: 'Società' },
  { id: 2, label: 'Atleta / famiglia' },
];

export const MEMBERSHIP_TYPES: readonly CodedOption[] = [
  { id: 1, label: 'Ordinario' },
  { id: 2, label: 'Sostenitore' },
  { id: 3, label: 'Onorario' },
  { id: 4, label: 'Fondatore' },
];

/** Options of a native select, keeping a stored value the list does not know (e.g. from an import). */
export function selectOptions(options: readonly CodedOption[], current: string): { value: string; label: string }[] {
  const list = options.map((o) => ({ value: String(o.id), label: o.label }));
  if (current && !list.some((o) => o.value === current)) list.push({ value: current, label: `Tipo ${current}` });
  return list;
}
