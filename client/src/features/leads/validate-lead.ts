// The shared lead rules (zod) as the form's resolver, in their own chunk: loaded when the visitor starts filling the
// form in, not before the page paints (zod is most of the page's JavaScript otherwise).
import { zodResolver } from '@hookform/resolvers/zod';
import { leadInput } from '../../../../schema/validation/lead';

export const leadResolver = zodResolver(leadInput);
