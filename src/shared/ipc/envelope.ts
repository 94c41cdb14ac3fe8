// The result envelope of every contract call. Electron drops custom error properties across IPC,
// so errors travel as plain data and the renderer's client turns them back into exceptions.

/** Error codes a contract call can fail with. */
export const ipcErrorCodes = [
  'invalid-input',
  'unknown-channel',
  'forbidden',
  'not-found',
  'conflict',
  'unavailable',
  /** The listing service refused or could not be reached; details carry a ServiceProblem. */
  'service',
  /** A write the disk refused; details carry the folder (WriteFailureDetails). */
  'disk-full',
  'read-only',
  'no-permission',
  'internal',
] as const;
export type IpcErrorCode = (typeof ipcErrorCodes)[number];

export interface IpcErrorData {
  code: IpcErrorCode;
  message: string;
  details?: unknown;
}

export type Envelope<T> = { ok: true; value: T } | { ok: false; error: IpcErrorData };

/** An error as the renderer sees it after unwrapping an envelope. */
export class IpcError extends Error {
  readonly code: IpcErrorCode;
  readonly details: unknown;
  constructor(data: IpcErrorData) {
    super(data.message);
    this.name = 'IpcError';
    this.code = data.code;
    this.details = data.details;
  }
}
