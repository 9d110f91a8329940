// The result-code table every data.go.kr guide repeats (공공데이터포털 메시지코드표), with what each code means for
// a caller: its error kind and whether trying again later can help.
import type { CallErrorKind } from './callResult.ts';

export interface CodeMeaning {
  kind: CallErrorKind;
  message: string;
  retryable: boolean;
}

export const STANDARD_CODES: Record<string, CodeMeaning> = {
  '01': { kind: 'Upstream', message: 'APPLICATION_ERROR', retryable: true },
  '02': { kind: 'Upstream', message: 'DB_ERROR', retryable: true },
  '03': { kind: 'NoData', message: 'NODATA_ERROR', retryable: false },
  '04': { kind: 'Upstream', message: 'HTTP_ERROR', retryable: true },
  '05': { kind: 'Timeout', message: 'SERVICETIME_OUT', retryable: true },
  '10': { kind: 'InvalidParam', message: 'INVALID_REQUEST_PARAMETER_ERROR', retryable: false },
  '11': { kind: 'InvalidParam', message: 'NO_MANDATORY_REQUEST_PARAMETERS_ERROR', retryable: false },
  '12': { kind: 'Upstream', message: 'NO_OPENAPI_SERVICE_ERROR', retryable: false },
  '20': { kind: 'BadKey', message: 'SERVICE_ACCESS_DENIED_ERROR', retryable: false },
  '21': { kind: 'BadKey', message: 'TEMPORARILY_DISABLE_THE_SERVICEKEY_ERROR', retryable: false },
  '22': { kind: 'Quota', message: 'LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR', retryable: false },
  '30': { kind: 'BadKey', message: 'SERVICE_KEY_IS_NOT_REGISTERED_ERROR', retryable: false },
  '31': { kind: 'BadKey', message: 'DEADLINE_HAS_EXPIRED_ERROR', retryable: false },
  '32': { kind: 'BadKey', message: 'UNREGISTERED_IP_ERROR', retryable: false },
  '33': { kind: 'BadKey', message: 'UNSIGNED_CALL_ERROR', retryable: false },
  '99': { kind: 'Upstream', message: 'UNKNOWN_ERROR', retryable: true },
};

/** Guides write the codes without zero padding (0, 3, 30): compare on two digits. */
export function standardCode(code: string): string {
  return /^\d$/.test(code) ? `0${code}` : code;
}
