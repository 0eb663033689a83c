import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { RevealablePasswordInput } from '../../../components/form/revealable-password-input';
import { paths } from '../../../config/paths';
import { takeTypedBeforeScripts, useHydrated } from '../../../lib/server-rendering';

export interface LoginFormValues {
  mail: string;
  password: string;
}

type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

export function validateLoginForm(values: LoginFormValues): LoginFormErrors {
  const errors: LoginFormErrors = {};
  if (values.mail.trim() === '') errors.mail = 'メールアドレスを入力してください。';
  if (values.password === '') errors.password = 'パスワードを入力してください。';
  return errors;
}

/** Mail and password with a show/hide toggle (docs/product.md §2 Login); sign-in itself is the caller's. */
export function LoginForm({
  onSubmit,
  onFirstUse,
  submitting = false,
}: {
  onSubmit: (values: LoginFormValues) => void;
  /** Called once the person first focuses or points at the form (to load the sign-in's code). */
  onFirstUse?: () => void;
  /** While the sign-in runs the button shows a loader and ignores clicks. */
  submitting?: boolean;
}) {
  const [values, setValues] = useState<LoginFormValues>({ mail: '', password: '' });
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const mailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change =
    (field: keyof LoginFormValues) => (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found = validateLoginForm(values);
    setErrors(found);
    if (found.mail) mailRef.current?.focus();
    else if (found.password) passwordRef.current?.focus();
    else onSubmit({ mail: values.mail.trim(), password: values.password });
  };

  // The server's HTML of this form shows before its script runs (decision 019). What was typed or
  // filled in by the browser meanwhile is taken over once the script runs; until then the button
  // is unavailable and submits nothing (a form sent without the script would put the password in
  // the address).
  const hydrated = useHydrated();
  // Where the browser rendered the screen afresh over the server's HTML, what was typed there was
  // kept aside before it went.
  useLayoutEffect(() => {
    const typed = takeTypedBeforeScripts();
    const mail = mailRef.current?.value || typed.mail || '';
    const password = passwordRef.current?.value || typed.password || '';
    if (mail !== '' || password !== '') setValues({ mail, password });
  }, []);

  const used = useRef(false);
  // The mail field has the focus when the screen opens; that focus is not the person's first use
  // (which loads the sign-in's code, decision 013).
  const focusingOnOpen = useRef(false);
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    focusingOnOpen.current = true;
    mailRef.current?.focus();
    focusingOnOpen.current = false;
  }, []);
  const firstUse = () => {
    if (used.current || focusingOnOpen.current) return;
    used.current = true;
    onFirstUse?.();
  };

  return (
    <form onSubmit={submit} noValidate onFocus={firstUse} onPointerEnter={firstUse}>
      <Stack gap="lg">
        <TextInput
          ref={mailRef}
          label="メールアドレス"
          type="email"
          name="mail"
          autoComplete="username"
          inputMode="email"
          size="md"
          value={values.mail}
          onChange={change('mail')}
          error={errors.mail}
        />
        <Stack gap={6}>
          <RevealablePasswordInput
            ref={passwordRef}
            label="パスワード"
            name="password"
            autoComplete="current-password"
            size="md"
            value={values.password}
            onChange={change('password')}
            error={errors.password}
            what="パスワード"
          />
          <Anchor component={Link} to={paths.mailResetPassword.path} size="sm" ta="right">
            パスワードをお忘れの方はこちら
          </Anchor>
        </Stack>
        <Button
          type={hydrated ? 'submit' : 'button'}
          aria-disabled={hydrated ? undefined : true}
          size="md"
          fullWidth
          mt="xs"
          loading={submitting}
        >
          ログイン
        </Button>
      </Stack>
    </form>
  );
}
