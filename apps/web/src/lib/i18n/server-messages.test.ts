import { MESSAGES } from '@b2b/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessageOf, fieldErrorsOf } from '../api-error';
import { applyLanguage, translateServerMessage } from './i18n';

const german = {
  'No such job.': 'Diesen Job gibt es nicht.',
  [MESSAGES.genericProblem]: 'Etwas ist schiefgelaufen.',
  'The job "{{name}}" is {{status}}: reports are made of Completed jobs only.':
    'Der Job „{{name}}“ ist {{status}}: Berichte gibt es nur zu Jobs im Status Completed.',
  '{{field}} must be one of {{1}}': '{{field}} muss eines von {{1}} sein',
  '{{field}} must be one of {{1}} optionally followed by asc or desc':
    '{{field}} muss eines von {{1}} sein, optional gefolgt von asc oder desc',
  'file: larger than {{0}}, the upload size limit': 'file: größer als {{0}}, die Upload-Grenze',
  '{{field}}: {{message}}': '{{field}}: {{message}}',
  Running: 'Läuft',
  'Invalid {{field}}: {{message}}': 'Ungültiges {{field}}: {{message}}',
  'must be {{expected}}': 'muss {{expected}} sein',
  'a list': 'eine Liste',
  'must not be blank': 'darf nicht leer sein',
};

// The UI's language is the app's one: put English back for the next test file.
afterEach(async () => {
  await applyLanguage({ language: 'en', strings: {} });
  window.localStorage.clear();
});

describe("the server's messages in the UI's language", () => {
  it('translates a message that is a key as it is, and the generic problem text', async () => {
    await applyLanguage({ language: 'de', strings: german });
    expect(errorMessageOf(new ApiError(404, 'No such job.'))).toBe('Diesen Job gibt es nicht.');
    expect(errorMessageOf(new Error('offline'))).toBe('Etwas ist schiefgelaufen.');
  });

  it('matches a message built from a template and puts its values into the translation', async () => {
    await applyLanguage({ language: 'de', strings: german });
    const built = 'The job "Acme: Q3" is Running: reports are made of Completed jobs only.';
    expect(errorMessageOf(new ApiError(409, built))).toBe(
      'Der Job „Acme: Q3“ ist Läuft: Berichte gibt es nur zu Jobs im Status Completed.',
    );
    // A value that is no word of the catalogue stays as the server wrote it.
    expect(
      errorMessageOf(
        new ApiError(
          409,
          'The job "Q3 Running" is Queued: reports are made of Completed jobs only.',
        ),
      ),
    ).toBe('Der Job „Q3 Running“ ist Queued: Berichte gibt es nur zu Jobs im Status Completed.');
    expect(
      errorMessageOf(new ApiError(400, 'file: larger than 20 MB, the upload size limit')),
    ).toBe('file: größer als 20 MB, die Upload-Grenze');
  });

  it('takes the most specific template that matches, also for field errors', async () => {
    await applyLanguage({ language: 'de', strings: german });
    const error = new ApiError(400, 'Invalid sort', 'validation', [
      {
        field: 'body.sort',
        message: 'sort must be one of name, date optionally followed by asc or desc',
      },
      { field: 'body.kind', message: 'kind must be one of csv, xlsx' },
    ]);
    expect(fieldErrorsOf(error)).toEqual({
      sort: 'sort muss eines von name, date sein, optional gefolgt von asc oder desc',
      kind: 'kind muss eines von csv, xlsx sein',
    });
  });

  it('says a request that failed its schema in the language, the expected kind of value too', async () => {
    await applyLanguage({ language: 'de', strings: german });
    const error = new ApiError(400, 'Invalid body.filters: must be a list', 'validation', [
      { field: 'body.filters', message: 'must be a list' },
      { field: 'body.name', message: 'must not be blank' },
    ]);
    expect(errorMessageOf(error)).toBe('Ungültiges body.filters: muss eine Liste sein');
    expect(fieldErrorsOf(error)).toEqual({
      filters: 'muss eine Liste sein',
      name: 'darf nicht leer sein',
    });
  });

  it('shows a message that is no key as the server wrote it', async () => {
    await applyLanguage({ language: 'de', strings: german });
    expect(errorMessageOf(new ApiError(500, 'Disk full on node 3.'))).toBe('Disk full on node 3.');
  });

  it('leaves English as shipped untouched, and shows an English override', async () => {
    await applyLanguage({ language: 'en', strings: {} });
    expect(errorMessageOf(new ApiError(404, 'No such job.'))).toBe('No such job.');
    await applyLanguage({
      language: 'en',
      strings: { 'No such job.': 'That job does not exist.' },
    });
    expect(errorMessageOf(new ApiError(404, 'No such job.'))).toBe('That job does not exist.');
  });

  it('says a value that is itself a message in the language, cut where its values are messages', async () => {
    await applyLanguage({
      language: 'de',
      strings: {
        '{{step}}: {{message}} ({{seconds}} s)': '{{step}}: {{message}} ({{seconds}} s)',
        '{{0}} suppliers matched (High {{1}})': '{{0}} Lieferanten zugeordnet (High {{1}})',
        "This job's data has no {{missing}}.": 'Die Daten dieses Jobs enthalten keine {{missing}}.',
        'SIC codes': 'SIC-Codes',
        Match: 'Treffer',
      },
    });
    // Cut at the first " (" the message would be "5 suppliers matched", no message at all. The
    // step is a name, said as written though the catalogue has the word.
    expect(translateServerMessage('Match: 5 suppliers matched (High 3) (1.2 s)')).toBe(
      'Match: 5 Lieferanten zugeordnet (High 3) (1.2 s)',
    );
    expect(translateServerMessage("This job's data has no SIC codes.")).toBe(
      'Die Daten dieses Jobs enthalten keine SIC-Codes.',
    );
    expect(translateServerMessage("This job's data has no ISIN codes.")).toBe(
      'Die Daten dieses Jobs enthalten keine ISIN codes.',
    );
  });

  it('says messages the server joins with "; " one by one, and leaves names as written', async () => {
    await applyLanguage({
      language: 'de',
      strings: {
        '{{field}} is blank': '{{field}} ist leer',
        'Supplier name': 'Name des Lieferanten',
        'Row has more columns than the header': 'Die Zeile hat mehr Spalten als die Kopfzeile',
        'The job "{{name}}" is {{status}}.': 'Der Job „{{name}}“ ist {{status}}.',
        Running: 'Läuft',
      },
    });
    expect(
      translateServerMessage('Supplier name is blank; Row has more columns than the header'),
    ).toBe('Name des Lieferanten ist leer; Die Zeile hat mehr Spalten als die Kopfzeile');
    // A part that is no message leaves the whole as the server wrote it.
    expect(translateServerMessage('Supplier name is blank; disk full')).toBe(
      'Supplier name is blank; disk full',
    );
    expect(translateServerMessage('The job "Running" is Running.')).toBe(
      'Der Job „Running“ ist Läuft.',
    );
  });
});
