/** An answer in the error envelope of spec 2.5, thrown by handlers and written by the server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  envelope(): { error: { code: string; message: string; fields?: Record<string, string> } } {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export function notFound(what: string): ApiError {
  return new ApiError(404, 'not_found', `${what} not found`);
}

export function conflict(message: string, code = 'conflict'): ApiError {
  return new ApiError(409, code, message);
}

export function validationFailed(fields: Record<string, string>): ApiError {
  return new ApiError(422, 'validation', 'invalid input', fields);
}

export function badRequest(code: string, message: string): ApiError {
  return new ApiError(400, code, message);
}
