import { PanelHttpError } from '../../api/errors';

/** The `error.fields` of a 422 answer (spec 7: field validation failed), else undefined. */
export function fieldErrorsOf(error: unknown): Readonly<Record<string, string>> | undefined {
  return error instanceof PanelHttpError && error.status === 422 && error.fields && Object.keys(error.fields).length > 0 ? error.fields : undefined;
}

/** Whether the panel refused the request's fields (a 422 with `error.fields`). */
export function isFieldError(error: unknown): boolean {
  return fieldErrorsOf(error) !== undefined;
}
