import type { IpcErrorCode } from '../../shared/ipc/envelope';

/** An error a handler throws on purpose; its code and message reach the renderer as they are. */
export class AppError extends Error {
  readonly code: IpcErrorCode;
  readonly details: unknown;
  constructor(code: IpcErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}
