// The Authorization form of an account. The spec's samples show the bare token while most services
// want `Bearer <token>`, so under the Automatic setting the client finds out: it starts with the
// form that worked last (Bearer when none did yet), tries the other once after a 401 with a token
// that the service has not accepted yet, and remembers whichever form the service accepts.

/** How the Authorization header carries the token: `Bearer <token>` or the bare token. */
export type AuthForm = 'bearer' | 'bare';

/** The account's setting: found out by the client ('auto'), or one form as the seller set it. */
export type AuthSetting = 'auto' | AuthForm;

/** The Authorization header value of `token` in `form`. */
export function authorization(form: AuthForm, token: string): string {
  return form === 'bearer' ? `Bearer ${token}` : token;
}

/** The form that is not `form`. */
export function otherForm(form: AuthForm): AuthForm {
  return form === 'bearer' ? 'bare' : 'bearer';
}

/** How a form is named in messages and logs. */
export function formName(form: AuthForm): string {
  return form === 'bearer' ? '“Bearer <token>”' : 'the bare token';
}

/** The form in use for one client: fixed by the setting, or detected and remembered under 'auto'. */
export class AuthFormState {
  constructor(
    readonly setting: AuthSetting,
    private detected: AuthForm | undefined,
    private readonly onDetected?: (form: AuthForm) => void,
  ) {}

  /** Whether the client may switch forms (the 'auto' setting). */
  get automatic(): boolean {
    return this.setting === 'auto';
  }

  /** The form to send now. */
  current(): AuthForm {
    return this.setting === 'auto' ? (this.detected ?? 'bearer') : this.setting;
  }

  /** The form detected under 'auto' (undefined until the service accepted one). */
  detectedForm(): AuthForm | undefined {
    return this.detected;
  }

  /** Notes that the service accepted `form`; under 'auto' a new finding is remembered and reported. */
  accepted(form: AuthForm): void {
    if (!this.automatic || this.detected === form) return;
    this.detected = form;
    this.onDetected?.(form);
  }
}
