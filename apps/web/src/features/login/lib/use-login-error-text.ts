import { useTranslation } from 'react-i18next';
import { describeLoginError, type LoginOperation } from './login-error';

/** The translated text for a failed sign-in call, in the current language (undefined: no error). */
export function useLoginErrorText(): (error: unknown, operation: LoginOperation) => string {
  const { t } = useTranslation(['login', 'errors']);
  return (error, operation) => {
    const message = describeLoginError(error, operation);
    return 'key' in message ? t(message.key) : message.text;
  };
}
