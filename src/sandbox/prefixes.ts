// Where the two services sit under the sandbox's origin (its addresses are known before Fastify loads).

/** Path prefix of the token service (`authUrl` = origin + this). */
export const AUTH_PREFIX = '/auth/v2';
/** Path prefix of the listings service (`baseUrl` = origin + this). */
export const API_PREFIX = '/api';
