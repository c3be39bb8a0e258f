import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: string; confirmPassword?: string };
  labels: { password: string; confirmPassword: string };
  /** With a show/hide toggle on each (the reset page), or plain password inputs (sign-up). */
  reveal?: boolean;
}

/** The toggle sets its input's type itself, so only the plain input is given one. */
const PlainPasswordField = (props: ComponentProps<typeof PasswordField>) => <FormField type="password" {...props} />;

/** A new password and its confirmation: sign-up and the password reset ask for them the same way. */
export function NewPasswordFields({ password, confirmPassword, errors, labels, reveal = false }: NewPasswordFieldsProps) {
  const Field = reveal ? PasswordField : PlainPasswordField;
  return (
    <>
      <Field id="password" label={labels.password} autoComplete="new-password" placeholder="Minimum 6 characters" error={errors.password} {...password} />
      <Field id="confirmPassword" label={labels.confirmPassword} autoComplete="new-password" error={errors.confirmPassword} {...confirmPassword} />
    </>
  );
}
