// Turns whatever a service call threw into the plain-data ServiceProblem the renderer shows.
import type { ServiceProblem } from '../../shared/ipc/types';
import { AppError } from '../errors/app-error';
import { ServiceError } from '../service-client';

/** The problem behind an error of a service call. */
export function problemOf(error: unknown): ServiceProblem {
  if (error instanceof ServiceError) {
    return {
      problem: error.problem,
      message: error.message,
      ...(error.status !== undefined && { status: error.status }),
      ...(error.detail && { detail: error.detail }),
      operation: error.operation,
      ...(error.title && { title: error.title }),
      ...(error.likelyCause && { likelyCause: error.likelyCause }),
    };
  }
  return { problem: 'internal', message: error instanceof Error ? error.message : String(error) };
}

/** An AppError with code 'service' carrying the problem, for handlers that fail on a service error. */
export function serviceAppError(error: unknown): AppError {
  const problem = problemOf(error);
  return new AppError('service', problem.message, problem);
}
