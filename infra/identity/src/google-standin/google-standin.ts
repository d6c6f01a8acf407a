import { createHash, randomBytes } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Db } from 'mongodb';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { normalizeEmail, validateEmail } from '@toolshop/contracts';
import { readForm } from '../http/http-helpers.ts';
import { errorBlock, escapeHtml, sendPage } from '../http/page.ts';
import { listen, type RunningServer } from '../http/listen.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { newSigningKey } from '../keys/signing-keys.ts';
import { mongoAdapterFactory } from '../oidc/mongo-adapter.ts';
import type { UpstreamSettings } from '../upstream/upstream-client.ts';

export const STANDIN_TITLE = 'Google sign-in stand-in (development)';
const CLIENT_ID = 'toolshop-identity';

interface StandinUser {
  email: string;
  name: string;
  emailVerified: boolean;
}

function standinPage(uid: string, values: Partial<StandinUser> = {}, error?: string) {
  const described = error ? ' aria-describedby="form-error" aria-invalid="true"' : '';
  return `<span class="badge">Development only: this is not Google</span>
<h1>${escapeHtml(STANDIN_TITLE)}</h1>
<p>No Google account is configured, so this page plays Google: type any email and name to sign in as that person. The email counts as verified unless you say otherwise.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}" novalidate>
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(values.email)}"${described}>
  <label for="name">Name</label>
  <input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(values.name)}">
  <label class="check"><input name="unverified" type="checkbox" value="yes"${values.emailVerified === false ? ' checked' : ''}> Google has not verified this address</label>
  ${errorBlock(error)}
  <button type="submit">Continue</button>
</form>`;
}

/**
 * A small OpenID Connect provider that plays Google when no Google credentials are configured:
 * its one page asks for an email and a name and signs that person in, email verified.
 */
export async function startGoogleStandin(options: {
  port: number;
  /** Its sessions and codes live beside the provider's, in collections prefixed `standin_`. */
  db: Db;
  /** The identity provider's upstream callback, registered as the only redirect URI. */
  redirectUri: string;
  /** Origins the stand-in's form may end up at (the identity provider, then the shop). */
  formTargets: string[];
}): Promise<RunningServer & { settings: UpstreamSettings }> {
  const users = new Map<string, StandinUser>();
  const clientSecret = randomBytes(32).toString('base64url');
  const subjectOf = (email: string) =>
    `standin-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`;

  // A development simulator that believes any email: never reachable from another machine.
  return listen(options.port, '127.0.0.1', async (issuer) => {
    const provider = new Provider(issuer, {
      adapter: mongoAdapterFactory(options.db, 'standin').MongoAdapter,
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: clientSecret,
          redirect_uris: [options.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [(await newSigningKey()) as object] } as Configuration['jwks'],
      // Browsers share cookies across ports of one host: the stand-in must not overwrite the
      // provider's own session and interaction cookies on localhost.
      cookies: {
        keys: [randomBytes(32).toString('base64url')],
        names: {
          session: '_standin_session',
          interaction: '_standin_interaction',
          resume: '_standin_resume',
        },
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // Like Google: the ID token itself carries email and name.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: false } },
      findAccount: (_ctx, sub) => {
        const user = users.get(sub);
        return (
          user && {
            accountId: sub,
            claims: () => ({
              sub,
              email: user.email,
              email_verified: user.emailVerified,
              name: user.name,
            }),
          }
        );
      },
      async loadExistingGrant(ctx: KoaContextWithOIDC) {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client!.clientId,
          accountId: ctx.oidc.session!.accountId!,
        });
        grant.addOIDCScope('openid email profile');
        await grant.save();
        return grant;
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      renderError(ctx, out) {
        const message = `<h1>${escapeHtml(STANDIN_TITLE)}</h1>${errorBlock(out.error_description ?? out.error)}`;
        sendPage(ctx, STANDIN_TITLE, message, { status: ctx.status });
      },
      ttl: {
        AccessToken: 300,
        AuthorizationCode: 60,
        IdToken: 300,
        Interaction: 1800,
        Grant: 3600,
        Session: 3600,
      },
    });

    provider.use(securityHeaders(options.formTargets));
    const route = new RegExp('^/interaction/([A-Za-z0-9_-]+)$');
    provider.use(async (ctx: Context, next: Next) => {
      const uid = route.exec(ctx.path)?.[1];
      if (!uid) return next();
      const formTargets = options.formTargets;
      if (ctx.method === 'GET') {
        await provider.interactionDetails(ctx.req, ctx.res);
        return sendPage(ctx, STANDIN_TITLE, standinPage(uid), { formTargets });
      }
      if (ctx.method !== 'POST') return next();
      await provider.interactionDetails(ctx.req, ctx.res);
      const form = await readForm(ctx);
      const typed = form.get('email') ?? '';
      const email = normalizeEmail(typed);
      const name = (form.get('name') ?? '').trim() || email.split('@')[0]!;
      const emailVerified = form.get('unverified') !== 'yes';
      const problem = validateEmail(typed);
      if (problem) {
        return sendPage(
          ctx,
          STANDIN_TITLE,
          standinPage(uid, { email, name, emailVerified }, problem),
          { status: 400, formTargets },
        );
      }
      const accountId = subjectOf(email);
      users.set(accountId, { email, name, emailVerified });
      const target = await provider.interactionResult(ctx.req, ctx.res, { login: { accountId } });
      ctx.status = 303;
      ctx.redirect(target);
    });
    return provider;
  }).then((server) => ({
    ...server,
    // prompt=login: the stand-in asks every time, as Google's account chooser does.
    // It vouches for nothing: its identities sign in only accounts it created itself.
    settings: {
      name: 'google',
      issuer: server.url,
      clientId: CLIENT_ID,
      clientSecret,
      prompt: 'login',
      standin: true,
    },
  }));
}
