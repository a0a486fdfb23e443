/**
 * Cookies per host and port, sent back as a browser would; redirects are followed one by one,
 * up to the first that leads back to the app at `appOrigin` (left for the caller to open).
 */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(private readonly appOrigin: string) {}

  async get(url: string, init: { method?: string; body?: URLSearchParams } = {}): Promise<Response> {
    const target = new URL(url);
    const jar = this.jars.get(target.host) ?? new Map<string, string>();
    this.jars.set(target.host, jar);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(target, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        ...(cookie === '' ? {} : { cookie }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(init.body === undefined ? {} : { body: init.body.toString() }),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    return response;
  }

  /** Follows redirects from `url` until a page answers or one leads back to the app (not followed). */
  async follow(url: string): Promise<{ url: string; response: Response }> {
    let current = url;
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await this.get(current);
      const next = redirectTarget(current, response);
      if (next === null || next.startsWith(this.appOrigin)) return { url: current, response };
      current = next;
    }
    throw new Error('too many redirects');
  }

  /** Submits the provider page's form (login or consent) and follows on. */
  async submit(pageUrl: string, html: string, fields: Record<string, string> = {}) {
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (action === undefined) throw new Error(`no form on ${pageUrl}:\n${html}`);
    const actionUrl = new URL(action, pageUrl).href;
    const response = await this.get(actionUrl, { method: 'POST', body: new URLSearchParams(fields) });
    const next = redirectTarget(actionUrl, response);
    if (next === null) throw new Error(`the form answered ${response.status}: ${await response.text()}`);
    return next.startsWith(this.appOrigin) ? { url: actionUrl, response } : this.follow(next);
  }
}

export function redirectTarget(from: string, response: Response): string | null {
  const location = response.headers.get('location');
  return response.status >= 300 && response.status < 400 && location !== null ? new URL(location, from).href : null;
}
