/**
 * What a page throws for an item that does not exist (or is another user's): the route's error
 * element takes it as a 404 route error and shows the app's "Page not found" page.
 */
export function notFound(): { status: 404; statusText: string; internal: false; data: null } {
  return { status: 404, statusText: 'Not Found', internal: false, data: null };
}
