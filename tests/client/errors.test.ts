// messageOfError: what the user reads for a thrown Apollo error.
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { isNetworkFailure, messageOfError } from '../../client/src/lib/errors';
import { MSG } from '../../schema/messages';

const serverError = (status: number, bodyText: string) => new ServerError('refused', { response: new Response(bodyText, { status }), bodyText });

describe('messageOfError', () => {
  it('shows the message of a coded GraphQL error, never an internal one', () => {
    expect(messageOfError(new CombinedGraphQLErrors({ errors: [{ message: 'No', extensions: { code: 'FORBIDDEN' } }] }))).toBe('No');
    expect(messageOfError(new CombinedGraphQLErrors({ errors: [{ message: 'stack', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }))).toBe(MSG.unexpected);
  });

  it('shows the server message of a request refused as a whole (403 for a club the account left)', () => {
    const body = JSON.stringify({ errors: [{ message: MSG.clubForbidden, extensions: { code: 'FORBIDDEN' } }] });
    expect(messageOfError(serverError(403, body))).toBe(MSG.clubForbidden);
  });

  it('falls back to the no-connection message for bodies without a coded error and for 5xx', () => {
    expect(messageOfError(serverError(403, '<html>'))).toBe(MSG.noConnection);
    expect(messageOfError(serverError(403, JSON.stringify({ errors: [{ message: 'x' }] })))).toBe(MSG.noConnection);
    const body = JSON.stringify({ errors: [{ message: 'Down', extensions: { code: 'FORBIDDEN' } }] });
    expect(messageOfError(serverError(502, body))).toBe(MSG.noConnection);
    expect(messageOfError(new TypeError('Failed to fetch'))).toBe(MSG.noConnection);
  });

  it('asks to try again shortly when the server was too busy (503), with the data kept', () => {
    const body = JSON.stringify({ errors: [{ message: MSG.serverBusy, extensions: { code: 'SERVICE_BUSY' } }] });
    expect(messageOfError(serverError(503, body))).toBe(MSG.serverBusy);
    expect(messageOfError(serverError(503, '<html>Service Unavailable</html>'))).toBe(MSG.serverBusy);
    expect(messageOfError(new CombinedGraphQLErrors({ errors: [{ message: MSG.serverBusy, extensions: { code: 'SERVICE_BUSY' } }] }))).toBe(MSG.serverBusy);
    expect(MSG.serverBusy).toMatch(/riprova tra qualche secondo.*non sono andati persi/);
  });
});

describe('isNetworkFailure', () => {
  it('is a request that got no answer (offline, server unreachable), not one the server refused', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure(serverError(503, '{}'))).toBe(false);
    expect(isNetworkFailure(serverError(401, '{}'))).toBe(false);
    expect(isNetworkFailure(new CombinedGraphQLErrors({ errors: [{ message: 'No', extensions: { code: 'FORBIDDEN' } }] }))).toBe(false);
    expect(isNetworkFailure(new Error('no account'))).toBe(false);
  });
});
