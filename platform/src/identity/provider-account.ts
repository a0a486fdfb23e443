import { IdentityError, newUser, type FederatedSignIn } from './identity-rules.js';
import { normalizeEmail } from './identity-records.js';
import { type IdentityStore } from './identity-store.js';

/**
 * The account a provider's sign-in lands on, inside the caller's transaction: the account
 * already linked to the provider's subject; else the account with the same address, linked
 * now when the provider verified the address (refused with EMAIL_EXISTS otherwise); else a
 * new account. Returns its uid.
 */
export function accountOfProvider(store: IdentityStore, identity: FederatedSignIn, now: number): string {
  const linked = store.federated(identity.provider, identity.subject);
  if (linked !== null) return linked.uid;
  const email = identity.email === null ? null : normalizeEmail(identity.email);
  const existing = email === null ? null : store.userByEmail(email);
  if (existing !== null) {
    if (!identity.emailVerified) throw new IdentityError('EMAIL_EXISTS');
    store.link({ ...identity, email, uid: existing.uid });
    if (!existing.emailVerified) store.markEmailVerified(existing.uid);
    return existing.uid;
  }
  const user = newUser({
    email,
    emailVerified: email !== null && identity.emailVerified,
    displayName: identity.displayName,
    passwordHash: null,
    createdAt: now,
    lastLoginAt: null,
    passwordUpdatedAt: null,
  });
  store.insertFederatedUser(user, { ...identity, email });
  return user.uid;
}
