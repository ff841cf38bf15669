// Import files for the browser tests.
import { taxCodeFor } from './tax-code-factories';

/**
 * An athletes CSV with the spec's columns: 30 valid new athletes and 30 without a surname, so both tables of the
 * import preview ("Righe non valide", "Persone che cambiano") hold more rows than their box shows and scroll.
 */
export function scrollingPreviewCsv(seed: number): string {
  const lines = ['Nome;Cognome;Codice fiscale;Sesso;Data di nascita'];
  for (let i = 1; i <= 30; i++) lines.push(`Nuovo${i};Anteprima;${taxCodeFor(seed + i, 'ANT')};M;01/01/2010`);
  for (let i = 1; i <= 30; i++) lines.push(`Senza${i};;${taxCodeFor(seed + 100 + i, 'SNZ')};M;01/01/2010`);
  return `${lines.join('\r\n')}\r\n`;
}
