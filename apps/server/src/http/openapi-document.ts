import { buildOpenApiDocument, type TOpenApiDocument } from '@portal/api';

type TPaths = NonNullable<TOpenApiDocument['paths']>;
type TOperation = NonNullable<TPaths[string]['get']>;
type TParameter = NonNullable<TOperation['parameters']>[number];

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/RestError' } } },
});

/** `?lang=de|en`: the file's language, otherwise the viewer's own. */
const LANG: TParameter = { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['de', 'en'] } };
const inPath = (name: string): TParameter => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const PDF = { description: 'PDF', content: { 'application/pdf': {} } };
/** The evidence pack (ADR 035): a ZIP with evidence.pdf, evidence.json and the certificates' PDFs. */
const EVIDENCE_ZIP = {
  description:
    'ZIP: `evidence.pdf`, `evidence.json` (the same facts), `company-certificate-<code>.pdf` when a proof of insurance exists',
  content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
} as const;

/**
 * Uploads and file downloads served by plain Hono routes (see app.ts), for the OpenAPI document.
 * `withAnswers` below adds each one's security and error answers.
 */
const FILE_ROUTES: TPaths = {
  '/pdf/upload-file': {
    post: {
      operationId: 'uploadFileRequest',
      tags: ['Employees'],
      summary: 'Policyholder: store an employee list (CSV, 50+ rows) as an upload request at once',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: { file: { type: 'string', format: 'binary' }, cc: { type: 'string', format: 'email' } },
              required: ['file'],
            },
          },
        },
      },
      responses: { '200': { description: 'The stored request (uploadId, valid, invalid)' } },
    },
  },
  '/employee/upload-employee-list': {
    post: {
      operationId: 'uploadEmployeeList',
      tags: ['Employees'],
      summary: 'Policyholder: upload an employee list (CSV, 50+ rows); preview without `confirm=true`',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                confirm: { type: 'string', enum: ['true', 'false'] },
                cc: { type: 'string', format: 'email' },
              },
              required: ['file'],
            },
          },
        },
      },
      responses: { '200': { description: 'Preview (rows, valid, invalid, problem) or the stored request (uploadId)' } },
    },
  },
  '/admin/upload-employee-list': {
    post: {
      operationId: 'adminUploadEmployeeList',
      tags: ['Admin uploads'],
      summary:
        'Admin: upload a policyholder’s employee list (CSV, 50+ rows); preview without `confirm=true`, all-or-nothing import with it',
      requestBody: {
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: { type: 'string', format: 'binary' },
                companyId: { type: 'string' },
                confirm: { type: 'string', enum: ['true', 'false'] },
              },
              required: ['file', 'companyId'],
            },
          },
        },
      },
      responses: {
        '200': {
          description:
            'Preview (problem, rows with status new/existing/invalid and reasons, summary) or the import result (uploadId, existing, created, validationErrors, handled, report)',
        },
        '403': { description: 'The policyholder has not accepted the AVV (`admin_upload.avv_missing`)' },
        '404': { description: 'Unknown company, or the caller is not an admin' },
      },
    },
  },
  '/pdf/avv': {
    get: {
      operationId: 'avvPdf',
      tags: ['AVV'],
      summary: 'The data processing agreement (AVV 5.40) as PDF',
      parameters: [LANG],
      responses: { '200': PDF },
    },
  },
  '/certificates/pdf/{code}': {
    get: {
      operationId: 'certificatePdf',
      tags: ['Certificates'],
      summary:
        'A certificate as PDF (A4 landscape): for its holder, or the employer and managers for the proof of insurance',
      parameters: [inPath('code'), LANG],
      responses: {
        '200': PDF,
        '404': { description: 'Unknown, revoked, or not the caller’s certificate' },
      },
    },
  },
  '/trainings/takeaway/{slug}': {
    get: {
      operationId: 'takeawayPdf',
      tags: ['Trainings'],
      summary: 'The take-away sheet ("Merkblatt") of a course as PDF (A4, one page), for a learner who finished it',
      parameters: [inPath('slug'), LANG],
      responses: {
        '200': PDF,
        '404': { description: 'Unknown course, or not finished by the caller' },
      },
    },
  },
  '/insurer/evidence/{companyId}': {
    get: {
      operationId: 'insurerEvidencePack',
      tags: ['Insurer'],
      summary:
        'Insurer: the evidence pack of a policy (ZIP), company level only: proof of insurance, course table, AVV record',
      parameters: [inPath('companyId'), LANG],
      responses: {
        '200': EVIDENCE_ZIP,
        '404': error(
          'Unknown company, a company without a policy number, or the caller is not an insurer (code NOT_FOUND)',
        ),
      },
    },
  },
  '/company/evidence': {
    get: {
      operationId: 'companyEvidencePack',
      tags: ['Certificates'],
      summary:
        'Policyholder: the evidence pack of their own company (ZIP), with the staff’s personal certificates in `certificates/<code>.pdf`',
      parameters: [LANG],
      responses: {
        '200': EVIDENCE_ZIP,
        '403': error(
          'The AVV is not accepted (messageKey `errors.actions_blocked`), or a request from another site (code FORBIDDEN)',
        ),
        '404': error('The caller is not a policyholder (code NOT_FOUND)'),
      },
    },
  },
  '/certificates/preview/{code}': {
    get: {
      operationId: 'certificatePreview',
      tags: ['Certificates'],
      summary: 'Preview image (PNG) of a certificate, for the same people as the PDF',
      parameters: [inPath('code'), LANG],
      responses: {
        '200': { description: 'PNG', content: { 'image/png': {} } },
        '404': { description: 'As for the PDF' },
      },
    },
  },
};

/** Routes anyone may call; every other file route needs the session (bearer token or cookie). */
const PUBLIC_FILE_ROUTES = new Set(['/pdf/avv']);

/**
 * Each file route with its security and the error answers it gives (file-route-answers.ts,
 * body-limit.ts, the upload handlers): sign-in missing, a cross-site request, bad or too large
 * input, and a 404 for what the caller may not see.
 */
function withAnswers(paths: TPaths): TPaths {
  const result: TPaths = {};
  for (const [path, item] of Object.entries(paths)) {
    const upload = Boolean(item.post);
    const answers = (operation: TOperation): TOperation => ({
      ...operation,
      security: PUBLIC_FILE_ROUTES.has(path) ? [] : [{ bearer: [] }],
      responses: {
        ...(PUBLIC_FILE_ROUTES.has(path)
          ? {}
          : {
              '401': error('Not signed in, or the session expired (code AUTHORIZATION_REQUIRED)'),
              '403': error('A request from another site with the session cookie, or not allowed (code FORBIDDEN)'),
              '404': error('Unknown, or not the caller’s to see (code NOT_FOUND)'),
            }),
        ...(upload
          ? {
              '400': error('No file, or a file that is not a readable CSV list (code BAD_REQUEST)'),
              '413': error('The file is larger than the upload limit (code PAYLOAD_TOO_LARGE)'),
            }
          : { '400': error('A malformed path or query (code BAD_REQUEST)') }),
        ...operation.responses,
      },
    });
    result[path] = {
      ...(item.get ? { get: answers(item.get) } : {}),
      ...(item.post ? { post: answers(item.post) } : {}),
    };
  }
  return result;
}

export const PLAIN_ROUTES: TPaths = withAnswers(FILE_ROUTES);

/** The document served at /api/openapi.json: the generated calls and the plain routes (conventions §3). */
export function servedOpenApiDocument(publicUrl: string): TOpenApiDocument {
  const document = buildOpenApiDocument(publicUrl);
  document.paths = { ...document.paths, ...PLAIN_ROUTES };
  return document;
}
