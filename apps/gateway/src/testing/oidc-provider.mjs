// A real OpenID Connect provider (the oidc-provider package) for the gateway's sign-in tests,
// run as a process of its own (the package is an ES module). One client, from the
// environment: OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI. Its sign-in form takes
// any login (the package's development interactions): the login is the account's subject.
// Prints "oidc issuer <url>" once it listens.
import Provider from 'oidc-provider';
import { createServer } from 'node:http';

const { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_REDIRECT_URI } = process.env;
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [{
    client_id: OIDC_CLIENT_ID, client_secret: OIDC_CLIENT_SECRET, redirect_uris: [OIDC_REDIRECT_URI],
    grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic',
  }],
  async findAccount(_ctx, id) {
    return { accountId: id, async claims() { return { sub: id, preferred_username: id, name: id }; } };
  },
  claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
  // The profile's claims in the ID token too (as Kakao and Google put the name there), not only at userinfo.
  conformIdTokenClaims: false,
  pkce: { required: () => true },
  cookies: { keys: ['the test provider\'s cookie key'] },
});
server.on('request', provider.callback());
process.on('SIGTERM', () => server.close(() => process.exit(0)));
console.log(`oidc issuer ${issuer}`);
