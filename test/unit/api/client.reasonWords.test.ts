import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { routeById } from '../../../src/api/catalog';
import {
  OutcomeUnknownError, PanelApiError, PanelCancelledError, PanelConfigError, PanelNetworkError, PanelRedirectError, PanelRequestBodyError,
  PanelResponseFormatError, PanelTimeoutError, RouteNotInCatalogError, type ClientReason,
} from '../../../src/api/errors';
import { panelOrigin, tokenProblem, tokenProblemOf } from '../../../src/api/options';
import { englishWords, reasonWords } from '../../../src/api/reasonWords';
import { readablePrometheus } from '../../../src/text/prometheus';
import { localizeFrom } from '../../../src/text/localize';

const russian = localizeFrom(JSON.parse(readFileSync(resolve(__dirname, '../../../../l10n/bundle.l10n.ru.json'), 'utf8')) as Record<string, string>);
const route = routeById('keys.disable');

/** One reason of each kind: a kind added to ClientReason without an example here does not compile. */
const examples: { [K in ClientReason['kind']]: Extract<ClientReason, { kind: K }> } = {
  panelAnswer: { kind: 'panelAnswer', status: 403, code: 'forbidden', panelMessage: '', details: [], call: 'POST /keys/{id}/disable', scope: 'users:write', ownerOnly: true },
  responseFormat: { kind: 'responseFormat', status: 200, contentType: '', problem: { kind: 'htmlPage', expected: 'json' }, call: 'GET /users' },
  lostAnswer: { kind: 'lostAnswer', call: 'POST /keys/{id}/disable', lost: { kind: 'cancelled' } },
  unreachable: { kind: 'unreachable', origin: 'https://panel.example', detail: 'ECONNREFUSED: connect ECONNREFUSED' },
  connectionFailed: { kind: 'connectionFailed', origin: 'https://panel.example', detail: 'ECONNRESET: socket hang up' },
  certificateRejected: { kind: 'certificateRejected', origin: 'https://panel.example', detail: 'DEPTH_ZERO_SELF_SIGNED_CERT: self-signed' },
  certificateChanged: { kind: 'certificateChanged', origin: 'https://panel.example', trustedFingerprint: 'AA', presentedFingerprint: 'BB' },
  clientCertificateRefused: { kind: 'clientCertificateRefused', origin: 'https://panel.example', detail: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED: alert 116', presented: false },
  timeout: { kind: 'timeout', phase: 'headers', ms: 5000, call: 'GET /users' },
  cancelled: { kind: 'cancelled' },
  redirect: { kind: 'redirect', status: 302, targetOrigin: 'https://elsewhere.example', refusal: { kind: 'otherOrigin', origin: 'https://panel.example' } },
  notInCatalog: { kind: 'notInCatalog', miss: { kind: 'routeId', id: 'nope' } },
  config: { kind: 'config', problem: { kind: 'urlInvalid' } },
  requestBody: { kind: 'requestBody', call: 'POST /users', problem: 'NaN at $.limit' },
};

describe('client: failure reasons and their words', () => {
  it('every reason kind has English words (the message) and Russian ones', () => {
    for (const reason of Object.values(examples)) {
      const english = reasonWords(reason, englishWords);
      assert.equal(new PanelApiError(reason).message, english, reason.kind);
      assert.ok(english.length > 0, reason.kind);
      assert.notEqual(reasonWords(reason, russian), english, `${reason.kind} has no Russian words`);
    }
  });

  it('keeps the panel\'s and the system\'s own words as they came, inside the translated sentence', () => {
    assert.match(reasonWords(examples.unreachable, russian), /^Не удалось связаться с панелью по адресу https:\/\/panel\.example \(ECONNREFUSED: connect ECONNREFUSED\)$/);
    const answer: ClientReason = { kind: 'panelAnswer', status: 422, code: 'validation', panelMessage: 'Invalid input', details: [], call: 'POST /users' };
    assert.equal(reasonWords(answer, russian), 'Invalid input [HTTP 422 validation, POST /users]');
  });

  it('sets a reason on the errors the client builds, and their English messages stay as before', () => {
    const cases: Array<[PanelApiError, ClientReason['kind'], string]> = [
      [new PanelNetworkError(examples.unreachable), 'unreachable', 'Could not reach the panel at https://panel.example (ECONNREFUSED: connect ECONNREFUSED)'],
      [new PanelNetworkError(examples.connectionFailed), 'connectionFailed', 'The connection to https://panel.example failed (ECONNRESET: socket hang up)'],
      [new PanelTimeoutError('connect', 3000, route), 'timeout', 'The panel did not answer POST /keys/{id}/disable in time (connect timeout of 3000 ms)'],
      [new PanelTimeoutError('total', undefined), 'timeout', 'The panel did not answer the request in time (total timeout)'],
      [new PanelCancelledError(route), 'cancelled', 'POST /keys/{id}/disable was cancelled'],
      [new PanelCancelledError(), 'cancelled', 'The request was cancelled'],
      [new OutcomeUnknownError(route, { kind: 'deadline', ms: 9000 }), 'lostAnswer', 'The response to POST /keys/{id}/disable was lost (no answer within 9000 ms). The change may or may not have been applied; re-read the current state before trying again.'],
      [new OutcomeUnknownError(route, { kind: 'timeout', phase: 'body' }), 'lostAnswer', 'The response to POST /keys/{id}/disable was lost (body timeout). The change may or may not have been applied; re-read the current state before trying again.'],
      [new PanelResponseFormatError({ status: 502, contentType: 'text/html', problem: { kind: 'htmlPage', expected: 'errorObject' }, route }), 'responseFormat', 'The panel answered POST /keys/{id}/disable with HTTP 502 (text/html) but sent an HTML page instead of the JSON error object of the API (a reverse proxy, login page or wrong URL in the way?)'],
      [new PanelResponseFormatError({ status: 200, contentType: '', problem: { kind: 'tooLarge', limit: 10 } }), 'responseFormat', 'The panel answered the request with HTTP 200 (no content type) but sent more than 10 bytes'],
      [new PanelRedirectError({ status: 301, targetOrigin: 'an unreadable location', refusal: { kind: 'unreadableLocation' }, route }), 'redirect', 'The panel redirected POST /keys/{id}/disable (HTTP 301) to an unreadable location: the redirect was not followed'],
      [new RouteNotInCatalogError({ kind: 'call', call: 'GET users', notRelative: true }), 'notInCatalog', 'GET users (give a path relative to /api/v1, with the query in `query`) is not in the route catalog of the personal-token API, so it was not sent'],
      [new RouteNotInCatalogError({ kind: 'routeId', id: 'x.y' }), 'notInCatalog', 'Route "x.y" is not in the route catalog of the personal-token API, so it was not sent'],
      [new PanelRequestBodyError(route, 'NaN at $.limit'), 'requestBody', 'The body of POST /keys/{id}/disable cannot be sent as JSON: NaN at $.limit. Nothing was sent.'],
      [new PanelConfigError({ kind: 'missingParam', call: 'GET /users/{id}', name: 'id' }), 'config', 'GET /users/{id} needs a value for {id}'],
    ];
    for (const [error, kind, message] of cases) {
      assert.equal(error.reason?.kind, kind, message);
      assert.equal(error.message, message);
    }
  });

  it('says what is wrong with a panel URL and a token as a reason, in the same English', () => {
    const problemOf = (url: string) => {
      try {
        panelOrigin(url);
      } catch (error) {
        assert.ok(error instanceof PanelConfigError && error.reason?.kind === 'config');
        return [error.reason.problem.kind, error.message];
      }
      return undefined;
    };
    assert.deepEqual(problemOf('not a url'), ['urlInvalid', 'The panel URL is not a valid URL; expected an origin such as https://panel.example.com']);
    assert.deepEqual(problemOf('ftp://panel.example'), ['urlScheme', 'The panel URL must start with https:// (got ftp:)']);
    assert.deepEqual(problemOf('https://me:pw@panel.example'), ['urlCredentials', 'The panel URL must not contain a user name or password; the token is entered separately']);
    assert.deepEqual(problemOf('https://panel.example/api'), ['urlNotOrigin', 'The panel URL must be an origin only, such as https://panel.example; the client adds /api/v1 itself (remove the path, query or fragment)']);
    assert.deepEqual(problemOf('http://panel.example'), ['urlPlainHttp', 'Plain HTTP is only allowed for loopback hosts; use https://panel.example so the token is not sent in clear text']);
    assert.equal(tokenProblemOf('a b')?.kind, 'tokenWhitespace');
    assert.equal(tokenProblem('a b'), 'The API token contains whitespace; paste only the token itself');
    assert.equal(reasonWords({ kind: 'config', problem: { kind: 'tokenEmpty' } }, russian), 'Токен API пуст');
  });

  it('words the metrics document\'s own headings through the Localize it is given', () => {
    const text = readablePrometheus('up 1\nhex_value 0x1F\n', russian);
    assert.match(text, /\(без меток\)/);
    assert.match(text, /Нераспознанные строки:\n {2}hex_value 0x1F/);
  });
});
