import { describe, expect, it } from 'vitest';
import { ACTIVE_LANGUAGES, ERROR_CODES } from '@taxli/domain';
import { resources } from '@taxli/i18n';
import { ApiError } from '../../../lib/api-client';
import { describeLoginError } from './login-error';

describe('describeLoginError', () => {
  it('maps the sign-in failures of part 1 §8', () => {
    expect(describeLoginError(new ApiError(0, 'NETWORK_ERROR', 'Network error occurred'), 'sendCode')).toEqual({
      key: 'errors:fallback.connectVerification',
    });
    expect(describeLoginError(new ApiError(200, 'UNKNOWN_ERROR', 'Invalid JSON'), 'sendCode')).toEqual({ key: 'errors:fallback.sendCode' });
    expect(describeLoginError(new ApiError(500, 'HTTP_ERROR', '500: oops'), 'verifyCode')).toEqual({ key: 'errors:fallback.verifyCode' });
    expect(describeLoginError(new ApiError(408, 'REQUEST_TIMEOUT', 'x'), 'sendCode')).toEqual({ key: 'errors:codes.REQUEST_TIMEOUT' });
    expect(describeLoginError(new ApiError(401, 'INVALID_CODE', 'x'), 'verifyCode')).toEqual({ key: 'errors:codes.INVALID_CODE' });
    expect(describeLoginError(new ApiError(418, 'TEAPOT', 'I am a teapot'), 'sendCode')).toEqual({ text: 'I am a teapot' });
    expect(describeLoginError(new ApiError(418, 'TEAPOT', ' '), 'sendCode')).toEqual({ key: 'errors:fallback.sendCode' });
    expect(describeLoginError(new Error('boom'), 'verifyCode')).toEqual({ key: 'errors:fallback.verifyCode' });
  });

  it('names the field when the server rejects the address or the code', () => {
    expect(describeLoginError(new ApiError(400, 'VALIDATION_ERROR', 'email: bad', 'email'), 'sendCode')).toEqual({ key: 'login:email.invalid' });
    expect(describeLoginError(new ApiError(400, 'VALIDATION_ERROR', 'code: bad', 'code'), 'verifyCode')).toEqual({ key: 'login:code.length' });
    expect(describeLoginError(new ApiError(400, 'VALIDATION_ERROR', 'bad'), 'verifyCode')).toEqual({ key: 'errors:codes.VALIDATION_ERROR' });
  });

  it('has a message for every API error code and client code in every language', () => {
    const codes = [...ERROR_CODES, 'NETWORK_ERROR', 'UNKNOWN_ERROR', 'HTTP_ERROR', 'REQUEST_TIMEOUT'];
    for (const language of ACTIVE_LANGUAGES) {
      const messages = resources[language].errors.codes as Record<string, string>;
      for (const code of codes) expect(messages[code], `${language} ${code}`).toBeTruthy();
    }
  });
});
