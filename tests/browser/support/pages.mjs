// The app's pages that journeys visit one by one: [picture name, path, heading message id].

/** The pages a signed-out visitor sees, the 404 page included. */
export const GUEST_PAGES = [
  ['login', '/auth/login', 'page.login'],
  ['register', '/auth/register', 'page.register'],
  ['forgot-password', '/auth/forgot-password', 'page.forgotPassword'],
  ['reset-password', '/auth/reset-password/not-a-real-code', 'page.resetPassword'],
  ['privacy-policy', '/privacy-policy', 'page.privacyPolicy'],
  ['terms-of-service', '/terms-of-service', 'page.termsOfService'],
  ['cookie-policy', '/cookie-policy', 'page.cookiePolicy'],
  ['not-found', '/no-such-page', 'errorPage.notFoundTitle'],
];
