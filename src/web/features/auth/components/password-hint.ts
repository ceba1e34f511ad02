import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/shared/constants';

export const PASSWORD_HINT = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. Common passwords such as "password123" are refused.`;
