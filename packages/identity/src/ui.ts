// The form description Kratos answers in every flow (`ui`), built from small node constructors. Texts and
// ids are Kratos's own, so a UI written for Kratos (ory/elements, the web app) renders them as they are.

export interface UiText {
  id: number;
  text: string;
  type: 'info' | 'error' | 'success';
  context?: Record<string, unknown>;
}

export type NodeGroup = 'default' | 'password' | 'oidc' | 'profile' | 'code' | 'link';

export interface UiNode {
  type: 'input' | 'text' | 'a';
  group: NodeGroup;
  attributes: Record<string, unknown>;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface Ui {
  action: string;
  method: 'POST';
  nodes: UiNode[];
  messages?: UiText[];
}

const info = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  text,
  type: 'info',
  ...(context ? { context } : {}),
});
const error = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  text,
  type: 'error',
  ...(context ? { context } : {}),
});

export const text = {
  signIn: () => info(1010001, 'Sign in'),
  signInWith: (provider: string) => info(1010002, `Sign in with ${provider}`, { provider }),
  confirmItsYou: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  signInWithPassword: () => info(1010022, 'Sign in with password'),
  signUp: () => info(1040001, 'Sign up'),
  signUpWith: (provider: string) => info(1040002, `Sign up with ${provider}`, { provider }),
  saved: (): UiText => ({ id: 1050001, text: 'Your changes have been saved!', type: 'success' }),
  recoveryCodeSent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  password: () => info(1070001, 'Password'),
  save: () => info(1070003, 'Save'),
  id: () => info(1070004, 'ID'),
  email: () => info(1070007, 'Email'),
  /** The label Kratos generates for a trait from its JSON schema title. */
  trait: (title: string) => info(1070002, title, { title }),
  resendCode: () => info(1070008, 'Resend code'),
  continue: () => info(1070009, 'Continue'),
  verificationCode: () => info(1070011, 'Verification code'),
  recoveryCode: () => info(1070012, 'Recovery code'),
  verified: (): UiText => ({
    id: 1080002,
    text: 'You successfully verified your email address.',
    type: 'success',
  }),
  verificationCodeSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  generic: (reason: string) => error(4000001, reason, { reason }),
  required: (path: string) => {
    // Kratos names the property, not its path: `traits.email` is "email".
    const property = path.split('.').pop() ?? path;
    return error(4000002, `Property ${property} is missing.`, { property });
  },
  passwordPolicy: (reason: string) =>
    error(4000005, `The password can not be used because ${reason}.`, { reason }),
  invalidCredentials: () =>
    error(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    ),
  duplicate: () =>
    error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  notVerified: () => error(4000010, 'Account not active yet. Did you forget to verify your email address?'),
  tooSimilar: () =>
    error(4000031, 'The password can not be used because it is too similar to the identifier.'),
  tooShort: (min: number, actual: number) =>
    error(4000032, `The password must be at least ${min} characters long, but got ${actual}.`, {
      min_length: min,
      actual_length: actual,
    }),
  breached: () =>
    error(4000034, 'The password has been found in data breaches and must no longer be used.', {
      breaches: 1,
    }),
  invalidEmail: () => error(4000040, 'Enter a valid email address'),
  tooOften: () => error(4000001, 'The request was submitted too often. Please request another code.'),
  recoveryCodeInvalid: () =>
    error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationCodeInvalid: () =>
    error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
};

interface InputOptions {
  value?: unknown;
  required?: boolean;
  autocomplete?: string;
  label?: UiText;
  maxlength?: number;
  pattern?: string;
}

export function input(group: NodeGroup, name: string, type: string, options: InputOptions = {}): UiNode {
  return {
    type: 'input',
    group,
    attributes: {
      name,
      type,
      ...(options.value !== undefined ? { value: options.value } : {}),
      ...(options.required ? { required: true } : {}),
      ...(options.autocomplete ? { autocomplete: options.autocomplete } : {}),
      ...(options.maxlength ? { maxlength: options.maxlength } : {}),
      ...(options.pattern ? { pattern: options.pattern } : {}),
      disabled: false,
      node_type: 'input',
    },
    messages: [],
    meta: options.label ? { label: options.label } : {},
  };
}

export const csrfNode = (token: string) =>
  input('default', 'csrf_token', 'hidden', { value: token, required: true });

export const submitNode = (group: NodeGroup, value: string, label: UiText, name = 'method') =>
  input(group, name, 'submit', { value, label });

export function linkNode(group: NodeGroup, id: string, href: string, label: UiText): UiNode {
  return {
    type: 'a',
    group,
    attributes: { id, href, title: label, node_type: 'a' },
    messages: [],
    meta: { label },
  };
}

/** Sets a node's value (no-op when the node is absent). */
export function setValue(ui: Ui, name: string, value: unknown): void {
  const node = ui.nodes.find((candidate) => candidate.attributes.name === name);
  if (node) node.attributes.value = value;
}

export function addNodeMessage(ui: Ui, name: string, message: UiText): void {
  const node = ui.nodes.find((candidate) => candidate.attributes.name === name);
  if (node) node.messages.push(message);
  else addMessage(ui, message);
}

export function addMessage(ui: Ui, message: UiText): void {
  ui.messages = [...(ui.messages ?? []), message];
}

/** Drops the messages of the previous submission before a new one is judged. */
export function clearMessages(ui: Ui): void {
  delete ui.messages;
  for (const node of ui.nodes) node.messages = [];
}

/** The email trait's field, as registration and the settings' profile form show it. */
export const emailTraitNode = (group: NodeGroup, value?: string): UiNode =>
  input(group, 'traits.email', 'email', {
    required: true,
    autocomplete: 'email',
    label: text.trait('E-Mail'),
    value,
  });

/** The password field: `current-password` to sign in, `new-password` to choose one. */
export const passwordNode = (autocomplete: 'current-password' | 'new-password'): UiNode =>
  input('password', 'password', 'password', { required: true, autocomplete, label: text.password() });

/** The first step of a code flow (verification, recovery): the address to send a code to. */
export const codeEmailNodes = (email = ''): UiNode[] => [
  input('code', 'email', 'email', {
    required: true,
    autocomplete: 'email',
    label: text.email(),
    value: email,
  }),
  submitNode('code', 'code', text.continue()),
];

/** Once a code was sent: the code field, submit, and "Resend code" (which posts the address again). */
export const codeSentNodes = (email: string, codeLabel: UiText): UiNode[] => [
  input('code', 'method', 'hidden', { value: 'code' }),
  input('code', 'code', 'text', {
    required: true,
    autocomplete: 'one-time-code',
    pattern: '[0-9]+',
    label: codeLabel,
  }),
  submitNode('code', 'code', text.continue()),
  submitNode('code', email, text.resendCode(), 'email'),
];

/** The flow's CSRF node followed by new nodes. */
export function withCsrfNode(ui: Ui, nodes: UiNode[]): Ui {
  const csrf = ui.nodes.filter((node) => node.attributes.name === 'csrf_token');
  return { action: ui.action, method: ui.method, nodes: [...csrf, ...nodes] };
}
