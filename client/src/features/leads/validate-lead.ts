// The shared lead rules (zod) for the form, in their own chunk: loaded when the visitor starts filling the form in,
// not before the page paints (zod is most of the page's JavaScript otherwise).
import { leadInput } from '../../../../schema/validation/lead';
import { validate } from '../../lib/form-errors';

export const validateLead = (values: unknown) => validate(leadInput, values);
